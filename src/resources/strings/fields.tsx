import { NumberField, type RaRecord, TextInput } from 'react-admin';
import { DecimalInput } from '../../components/DecimalInput';
import { nameRequired } from '../../components/validators';
import { FieldGrid } from '../hierarchy/FieldGrid';
import type { Formatters } from '../../i18n/format';

export const StringFields = () => (
  <FieldGrid>
    <NumberField source="tilt" emptyText="—" />
    <NumberField source="azimuth" emptyText="—" />
  </FieldGrid>
);

export const StringInputs = () => (
  <>
    <TextInput source="name" validate={nameRequired} fullWidth />
    <DecimalInput source="tilt" min={0} max={90} />
    <DecimalInput source="azimuth" min={0} max={360} />
  </>
);

export const stringSummary = (r: RaRecord, f: Formatters) => [
  r.tilt != null ? `${f.number(r.tilt)}°` : null,
  r.azimuth != null ? `${f.number(r.azimuth)}° az.` : null,
];
