import { CreateButton, DataTable, TopToolbar } from 'react-admin';
import { DeleteRecordButton } from '../../components/DeleteRecordButton';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { SearchList } from '../../components/SearchList';
import { CsvImportButton } from './CsvImportButton';

/** A CSV names each row's distributor, so both imports are here, for every distributor at once. */
const Actions = () => (
  <TopToolbar>
    <CsvImportButton resource="tariffs" label="app.billing.import_tariffs" />
    <CsvImportButton resource="injection-prices" label="app.billing.import_injection_prices" />
    <CreateButton />
  </TopToolbar>
);

export const DistributorList = () => (
  <SearchList sort={{ field: 'name', order: 'ASC' }} actions={<Actions />}>
    <ResponsiveTable phone={{ primary: (r) => r.name, rowClick: 'edit' }}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col label="app.screens.actions.delete" align="right">
          <DeleteRecordButton entity="distributor" iconOnly />
        </DataTable.Col>
      </DataTable>
    </ResponsiveTable>
  </SearchList>
);
