import { DataTable, ImageField, ReferenceField, SelectField } from 'react-admin';
import { kindChoices } from './EquipmentForms';
import { DeleteRecordButton } from '../../components/DeleteRecordButton';
import { useIsStaff } from '../../components/permissions';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { SearchList } from '../../components/SearchList';
import { thumbnail } from '../trademarks/TrademarkList';

export const EquipmentList = () => {
  const isStaff = useIsStaff();
  return (
    <SearchList sort={{ field: 'name', order: 'ASC' }}>
      {/* On a phone a row opens the equipment's form, which has its delete button. */}
      <ResponsiveTable phone={{
        primary: (r) => r.name, secondary: (r) => r.model,
        avatar: (r) => r.image ?? undefined, rowClick: isStaff ? 'edit' : false,
      }}>
      <DataTable rowClick={isStaff ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="image" disableSort>
          <ImageField source="image" sx={thumbnail} />
        </DataTable.Col>
        <DataTable.Col source="name" />
        <DataTable.Col source="trademark" disableSort>
          <ReferenceField source="trademark" reference="trademarks" link={false} emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="kind">
          <SelectField source="kind" choices={kindChoices} />
        </DataTable.Col>
        <DataTable.Col source="model" />
        <DataTable.Col source="station_code" disableSort />
        {isStaff && (
          <DataTable.Col label="app.screens.actions.delete" align="right">
            <DeleteRecordButton entity="equipment" iconOnly />
          </DataTable.Col>
        )}
      </DataTable>
      </ResponsiveTable>
    </SearchList>
  );
};
