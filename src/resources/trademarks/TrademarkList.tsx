import { DataTable, ImageField } from 'react-admin';
import { DeleteRecordButton } from '../../components/DeleteRecordButton';
import { useIsStaff } from '../../components/permissions';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { SearchList } from '../../components/SearchList';

export const thumbnail = { '& img': { maxWidth: 64, maxHeight: 40, objectFit: 'contain', m: 0 } };

export const TrademarkList = () => {
  const isStaff = useIsStaff();
  return (
    <SearchList sort={{ field: 'name', order: 'ASC' }}>
      {/* On a phone a row opens the brand's form, which has its delete button. */}
      <ResponsiveTable phone={{ primary: (r) => r.name, avatar: (r) => r.image ?? undefined, rowClick: isStaff ? 'edit' : false }}>
      <DataTable rowClick={isStaff ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="image" disableSort>
          <ImageField source="image" sx={thumbnail} />
        </DataTable.Col>
        <DataTable.Col source="name" />
        {isStaff && (
          <DataTable.Col label="app.screens.actions.delete" align="right">
            <DeleteRecordButton entity="brand" iconOnly />
          </DataTable.Col>
        )}
      </DataTable>
      </ResponsiveTable>
    </SearchList>
  );
};
