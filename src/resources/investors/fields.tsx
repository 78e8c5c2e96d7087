import {
  AutocompleteInput, NumberField, ReferenceField, ReferenceInput, TextField, TextInput, type RaRecord,
} from 'react-admin';
import { DecimalInput } from '../../components/DecimalInput';
import { nameRequired } from '../../components/validators';
import { FieldGrid } from '../hierarchy/FieldGrid';
import type { Formatters } from '../../i18n/format';

export const InvestorFields = () => (
  <FieldGrid>
    <ReferenceField source="equipment" reference="equipments" link={false} emptyText="—" />
    <TextField source="model" emptyText="—" />
    <TextField source="serial_number" emptyText="—" />
    <NumberField source="nominal_power_kw" emptyText="—" />
    <TextField source="datalogger_address" emptyText="—" />
    <TextField source="datalogger_id" emptyText="—" />
    <NumberField source="device_id" emptyText="—" />
  </FieldGrid>
);

export const InvestorInputs = () => (
  <>
    <TextInput source="name" validate={nameRequired} fullWidth />
    <ReferenceInput source="equipment" reference="equipments" sort={{ field: 'name', order: 'ASC' }} filter={{ kind: 'inverter' }}>
      <AutocompleteInput optionText="name" fullWidth />
    </ReferenceInput>
    <TextInput source="model" />
    <TextInput source="serial_number" />
    <DecimalInput source="nominal_power_kw" min={0} />
    <TextInput source="datalogger_address" fullWidth />
    <TextInput source="datalogger_id" />
    <DecimalInput source="device_id" min={0} step={1} />
  </>
);

export const investorSummary = (r: RaRecord, f: Formatters) => [r.model, r.nominal_power_kw != null ? f.quantity(r.nominal_power_kw, 'kW') : null];
