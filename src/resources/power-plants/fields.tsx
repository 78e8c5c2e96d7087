import {
  AutocompleteInput, DateField, NumberField, ReferenceField, ReferenceInput, SelectInput, TextField, TextInput,
  type RaRecord,
} from 'react-admin';
import { DecimalInput } from '../../components/DecimalInput';
import { LazyDateInput } from '../../components/LazyDateInput';
import { nameRequired } from '../../components/validators';
import { HIERARCHY_LIMITS as L } from '../../../contract/hierarchy';
import { TARIFF_OPTIONS } from '../../../contract/billing';
import { FieldGrid } from '../hierarchy/FieldGrid';
import type { Formatters } from '../../i18n/format';

export const PlantFields = () => (
  <FieldGrid>
    <TextField source="address" emptyText="—" />
    <ReferenceField source="commune" reference="communes" link={false} emptyText="—" />
    <NumberField source="capacity_kwp" emptyText="—" />
    <NumberField source="tariff" emptyText="—" />
    <NumberField source="injection_price" emptyText="—" />
    <ReferenceField source="distributor" reference="distributors" link={false} emptyText="—" />
    <TextField source="tariff_option" emptyText="—" />
    <TextField source="client_number" emptyText="—" />
    <NumberField source="latitude" emptyText="—" options={{ maximumFractionDigits: 6 }} />
    <NumberField source="longitude" emptyText="—" options={{ maximumFractionDigits: 6 }} />
    <DateField source="commissioned_on" emptyText="—" />
    <NumberField source="elevation_m" emptyText="—" />
  </FieldGrid>
);

export const PlantInputs = () => (
  <>
    <TextInput source="name" validate={nameRequired} fullWidth />
    <TextInput source="address" fullWidth />
    <ReferenceInput source="commune" reference="communes" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput optionText="name" fullWidth />
    </ReferenceInput>
    <DecimalInput source="latitude" min={L.latitude.minimum} max={L.latitude.maximum} />
    <DecimalInput source="longitude" min={L.longitude.minimum} max={L.longitude.maximum} />
    <DecimalInput source="capacity_kwp" min={0} />
    <DecimalInput source="tariff" min={0} />
    <DecimalInput source="injection_price" min={0} />
    {/* With a distributor and its option the bill is priced at its tariffs, not at the two prices above (docs/billing.md). */}
    <ReferenceInput source="distributor" reference="distributors" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput optionText="name" fullWidth />
    </ReferenceInput>
    <SelectInput source="tariff_option" choices={TARIFF_OPTIONS.map((o) => ({ id: o, name: o }))} emptyValue="" />
    <TextInput source="client_number" />
    <DecimalInput source="demand_kw" min={0} />
    <DecimalInput source="peak_demand_kw" min={0} />
    <LazyDateInput source="commissioned_on" />
    <DecimalInput source="elevation_m" min={L.elevation.minimum} max={L.elevation.maximum} />
  </>
);

export const plantSummary = (r: RaRecord, f: Formatters) => [r.address, r.capacity_kwp != null ? f.peakPower(r.capacity_kwp) : null];
