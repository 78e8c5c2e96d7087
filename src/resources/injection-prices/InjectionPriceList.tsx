import { Box } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { CreateButton, DataTable, ReferenceManyField, type Identifier, type RaRecord } from 'react-admin';
import { DeleteRecordButton } from '../../components/DeleteRecordButton';
import { InlineEmpty } from '../../components/ListEmpty';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { useFormatters } from '../../i18n/format';
import { CsvImportButton } from '../distributors/CsvImportButton';

/** A distributor's injection prices, newest month first, on its page. */
export function InjectionPriceList({ distributor }: { distributor: Identifier }) {
  const f = useFormatters();
  const month = (r: RaRecord) => f.month(String(r.month).slice(0, 7));
  const price = (r: RaRecord) => f.quantity(r.price, 'CLP/kWh', 4);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <CreateButton resource="injection-prices" label="app.billing.add_injection_price" icon={<Add />} state={{ record: { distributor } }} />
        <CsvImportButton resource="injection-prices" label="app.billing.import_injection_prices" />
      </Box>
      <ReferenceManyField reference="injection-prices" target="distributor" record={{ id: distributor }} perPage={500}
        sort={{ field: 'month', order: 'DESC' }} empty={<InlineEmpty message="resources.injection-prices.empty" />}>
        <ResponsiveTable phone={{ primary: month, secondary: price, rowClick: 'edit' }}>
          <DataTable rowClick="edit" bulkActionButtons={false}>
            <DataTable.Col source="month" render={month} />
            <DataTable.Col source="price" align="right" render={price} />
            <DataTable.Col source="source" />
            <DataTable.Col label="app.screens.actions.delete" align="right">
              <DeleteRecordButton entity="injection_price" iconOnly />
            </DataTable.Col>
          </DataTable>
        </ResponsiveTable>
      </ReferenceManyField>
    </>
  );
}
