import {
  AutocompleteInput, DateField, NumberField, NumberInput, ReferenceField, ReferenceInput, TextField, TextInput,
  type RaRecord,
} from 'react-admin';
import { LazyDateInput } from '../../components/LazyDateInput';
import { nameRequired } from '../../components/validators';
import { FieldGrid } from '../hierarchy/FieldGrid';
import type { Formatters } from '../../i18n/format';

export const PlantFields = () => (
  <FieldGrid>
    <TextField source="address" emptyText="—" />
    <ReferenceField source="commune" reference="communes" link={false} emptyText="—" />
    <NumberField source="capacity_kwp" emptyText="—" />
    <NumberField source="tariff" emptyText="—" />
    <NumberField source="injection_price" emptyText="—" />
    <NumberField source="latitude" emptyText="—" options={{ maximumFractionDigits: 6 }} />
    <NumberField source="longitude" emptyText="—" options={{ maximumFractionDigits: 6 }} />
    <DateField source="commissioned_on" emptyText="—" />
  </FieldGrid>
);

export const PlantInputs = () => (
  <>
    <TextInput source="name" validate={nameRequired} fullWidth />
    <TextInput source="address" fullWidth />
    <ReferenceInput source="commune" reference="communes" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput optionText="name" fullWidth />
    </ReferenceInput>
    <NumberInput source="latitude" min={-90} max={90} step={0.000001} />
    <NumberInput source="longitude" min={-180} max={180} step={0.000001} />
    <NumberInput source="capacity_kwp" min={0} />
    <NumberInput source="tariff" min={0} />
    <NumberInput source="injection_price" min={0} />
    <LazyDateInput source="commissioned_on" />
  </>
);

export const plantSummary = (r: RaRecord, f: Formatters) => [r.address, r.capacity_kwp != null ? f.peakPower(r.capacity_kwp) : null];
