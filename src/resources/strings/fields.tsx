import { Stack } from '@mui/material';
import { NumberField, type RaRecord, TextInput, useRecordContext, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DecimalInput } from '../../components/DecimalInput';
import { nameRequired, given } from '../../components/validators';
import { FieldGrid } from '../hierarchy/FieldGrid';
import type { Formatters } from '../../i18n/format';
import { HIERARCHY_LIMITS } from '../../../contract/hierarchy';
import { Compass } from './Compass';

/** Orientation (issue 33): 0° = north, clockwise; a value outside the contract's range is refused saying the range. */
const within = ({ minimum, maximum }: { minimum: number; maximum: number }, message: string): Validator =>
  (value) => (given(value) && !(Number(value) >= minimum && Number(value) <= maximum) ? message : undefined);
const tiltValid = [within(HIERARCHY_LIMITS.tilt, 'app.screens.orientation.tilt_range')];
const azimuthValid = [within(HIERARCHY_LIMITS.azimuth, 'app.screens.orientation.azimuth_range')];

const azimuthOf = (value: unknown) => (given(value) && Number.isFinite(Number(value)) ? Number(value) : null);

export const StringFields = () => {
  const record = useRecordContext();
  return (
    <Stack direction="row" spacing={2} alignItems="center">
      <FieldGrid>
        <NumberField source="tilt" emptyText="—" />
        <NumberField source="azimuth" emptyText="—" />
      </FieldGrid>
      <Compass azimuth={azimuthOf(record?.azimuth)} />
    </Stack>
  );
};

function OrientationInputs() {
  const azimuth = useWatch({ name: 'azimuth' });
  return (
    <Stack direction="row" spacing={2} alignItems="flex-start">
      <Stack sx={{ flexGrow: 1 }}>
        {/* The range's own message first (say the range); `min` gives a phone its decimal keyboard. */}
        <DecimalInput source="tilt" min={0} validate={tiltValid} helperText="app.screens.orientation.tilt_help" />
        <DecimalInput source="azimuth" min={0} validate={azimuthValid} helperText="app.screens.orientation.azimuth_help" />
      </Stack>
      <Compass azimuth={azimuthOf(azimuth)} />
    </Stack>
  );
}

export const StringInputs = () => (
  <>
    <TextInput source="name" validate={nameRequired} fullWidth />
    <OrientationInputs />
  </>
);

export const stringSummary = (r: RaRecord, f: Formatters) => [
  r.tilt != null ? `${f.number(r.tilt)}°` : null,
  r.azimuth != null ? `${f.number(r.azimuth)}° az.` : null,
];
