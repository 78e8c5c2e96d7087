import { NumberField, NumberInput, type RaRecord, TextInput } from 'react-admin';
import { nameRequired } from '../../components/validators';
import { FieldGrid } from '../hierarchy/FieldGrid';

export const StringFields = () => (
  <FieldGrid>
    <NumberField source="tilt" emptyText="—" />
    <NumberField source="azimuth" emptyText="—" />
  </FieldGrid>
);

export const StringInputs = () => (
  <>
    <TextInput source="name" validate={nameRequired} fullWidth />
    <NumberInput source="tilt" min={0} max={90} />
    <NumberInput source="azimuth" min={0} max={360} />
  </>
);

export const stringSummary = (r: RaRecord) => [
  r.tilt != null ? `${r.tilt}°` : null,
  r.azimuth != null ? `${r.azimuth}° az.` : null,
];
