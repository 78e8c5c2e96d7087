import {
  NumberField, ReferenceField, TextField, TextInput, type RaRecord,
} from 'react-admin';
import { PanelModelInput } from './ModelInput';
import { DecimalInput } from '../../components/DecimalInput';
import { nameRequired } from '../../components/validators';
import { HIERARCHY_LIMITS as L } from '../../../contract/hierarchy';
import { FieldGrid } from '../hierarchy/FieldGrid';
import type { Formatters } from '../../i18n/format';

export const PanelFields = () => (
  <FieldGrid>
    <ReferenceField source="equipment" reference="equipments" link={false} emptyText="—" />
    <NumberField source="power_wp" emptyText="—" />
    <TextField source="serial_number" emptyText="—" />
    <NumberField source="temperature_coefficient_pct" emptyText="—" />
  </FieldGrid>
);

export const PanelInputs = () => (
  <>
    <TextInput source="name" validate={nameRequired} fullWidth />
    <PanelModelInput />
    <DecimalInput source="power_wp" min={0} />
    <TextInput source="serial_number" />
    <DecimalInput source="temperature_coefficient_pct" min={L.temperatureCoefficient.minimum} max={L.temperatureCoefficient.maximum} />
  </>
);

export const panelSummary = (r: RaRecord, f: Formatters) => [r.power_wp != null ? f.quantity(r.power_wp, 'Wp') : null, r.serial_number];
