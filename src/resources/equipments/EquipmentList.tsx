import { DataTable, ImageField, ReferenceField } from 'react-admin';
import { DeleteRecordButton } from '../../components/DeleteRecordButton';
import { useIsStaff } from '../../components/permissions';
import { SearchList } from '../../components/SearchList';
import { thumbnail } from '../trademarks/TrademarkList';

export const EquipmentList = () => {
  const isStaff = useIsStaff();
  return (
    <SearchList sort={{ field: 'name', order: 'ASC' }}>
      <DataTable rowClick={isStaff ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="image" disableSort>
          <ImageField source="image" sx={thumbnail} />
        </DataTable.Col>
        <DataTable.Col source="name" />
        <DataTable.Col source="trademark" disableSort>
          <ReferenceField source="trademark" reference="trademarks" link={false} emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="model" />
        <DataTable.Col source="station_code" disableSort />
        {isStaff && (
          <DataTable.Col label="app.screens.actions.delete" align="right">
            <DeleteRecordButton entity="equipment" iconOnly />
          </DataTable.Col>
        )}
      </DataTable>
    </SearchList>
  );
};
