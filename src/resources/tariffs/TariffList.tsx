import { Box } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { CreateButton, DataTable, ReferenceManyField, useTranslate, type Identifier } from 'react-admin';
import { DeleteRecordButton } from '../../components/DeleteRecordButton';
import { InlineEmpty } from '../../components/ListEmpty';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { ScrollRegion } from '../../components/ScrollRegion';
import { useFormatters } from '../../i18n/format';
import { CsvImportButton } from '../distributors/CsvImportButton';

/** Every component the bill uses, one column each (docs/billing.md "The model"). */
const PRICES = ['fixed_charge', 'energy_charge', 'transmission_charge', 'public_service_charge', 'winter_charge', 'winter_threshold_kwh', 'demand_charge', 'peak_demand_charge'] as const;

/** A distributor's tariffs, newest first, on its page. */
export function TariffList({ distributor }: { distributor: Identifier }) {
  const translate = useTranslate();
  const f = useFormatters();
  const value = (v: unknown) => (typeof v === 'number' ? f.number(v, 4) : '—');
  const monthName = (m: unknown) => (typeof m === 'number' ? f.shortMonth(`2000-${String(m).padStart(2, '0')}`) : '—');
  const day = (date: string) => f.date(`${date}T12:00:00Z`);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <CreateButton resource="tariffs" label="app.billing.add_tariff" icon={<Add />} state={{ record: { distributor } }} />
        <CsvImportButton resource="tariffs" label="app.billing.import_tariffs" />
      </Box>
      <ReferenceManyField reference="tariffs" target="distributor" record={{ id: distributor }} perPage={500}
        sort={{ field: 'valid_from', order: 'DESC' }} empty={<InlineEmpty message="resources.tariffs.empty" />}>
        <ResponsiveTable phone={{
          primary: (r) => `${r.option} · ${day(r.valid_from)}`,
          secondary: (r) => `${translate('resources.tariffs.fields.energy_charge')}: ${value(r.energy_charge)}`,
          rowClick: 'edit',
        }}>
          {/* Sixteen columns: the table scrolls sideways rather than squeezing the source into a tall column. */}
          <ScrollRegion label={translate('resources.tariffs.name', { smart_count: 2 })} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
          <DataTable rowClick="edit" bulkActionButtons={false}>
            <DataTable.Col source="option" />
            <DataTable.Col source="valid_from" render={(r) => day(r.valid_from)} />
            <DataTable.Col source="valid_to" render={(r) => (r.valid_to ? day(r.valid_to) : translate('app.billing.until_next'))} />
            {PRICES.map((source) => <DataTable.Col key={source} source={source} align="right" render={(r) => value(r[source])} />)}
            <DataTable.Col source="winter_from_month" render={(r) => monthName(r.winter_from_month)} />
            <DataTable.Col source="winter_to_month" render={(r) => monthName(r.winter_to_month)} />
            <DataTable.Col source="source" cellSx={() => ({ whiteSpace: 'normal !important', minWidth: 280 })} />
            <DataTable.Col label="app.screens.actions.delete" align="right">
              <DeleteRecordButton entity="tariff" iconOnly />
            </DataTable.Col>
          </DataTable>
          </ScrollRegion>
        </ResponsiveTable>
      </ReferenceManyField>
    </>
  );
}
