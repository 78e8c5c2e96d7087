import { DataTable, ImageField } from 'react-admin';
import { DeleteRecordButton } from '../../components/DeleteRecordButton';
import { useIsStaff } from '../../components/permissions';
import { SearchList } from '../../components/SearchList';

export const thumbnail = { '& img': { maxWidth: 64, maxHeight: 40, objectFit: 'contain', m: 0 } };

export const TrademarkList = () => {
  const isStaff = useIsStaff();
  return (
    <SearchList sort={{ field: 'name', order: 'ASC' }}>
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
    </SearchList>
  );
};
