import {
  NumberField, NumberInput, ReferenceField, TextField, TextInput, type RaRecord,
} from 'react-admin';
import { PanelModelInput } from './ModelInput';
import { nameRequired } from '../../components/validators';
import { FieldGrid } from '../hierarchy/FieldGrid';
import type { Formatters } from '../../i18n/format';

export const PanelFields = () => (
  <FieldGrid>
    <ReferenceField source="equipment" reference="equipments" link={false} emptyText="—" />
    <NumberField source="power_wp" emptyText="—" />
    <TextField source="serial_number" emptyText="—" />
  </FieldGrid>
);

export const PanelInputs = () => (
  <>
    <TextInput source="name" validate={nameRequired} fullWidth />
    <PanelModelInput />
    <NumberInput source="power_wp" min={0} />
    <TextInput source="serial_number" />
  </>
);

export const panelSummary = (r: RaRecord, f: Formatters) => [r.power_wp != null ? f.quantity(r.power_wp, 'Wp') : null, r.serial_number];
