import { NumberField, type RaRecord, TextInput } from 'react-admin';
import { DecimalInput } from '../../components/DecimalInput';
import { nameRequired } from '../../components/validators';
import { FieldGrid } from '../hierarchy/FieldGrid';
import type { Formatters } from '../../i18n/format';

export const MpptFields = () => (
  <FieldGrid>
    <NumberField source="number" emptyText="—" />
  </FieldGrid>
);

export const MpptInputs = () => (
  <>
    <TextInput source="name" validate={nameRequired} fullWidth />
    <DecimalInput source="number" min={1} max={1000} step={1} />
  </>
);

export const mpptSummary = (r: RaRecord, f: Formatters) => [r.number != null ? `#${f.number(r.number)}` : null];
