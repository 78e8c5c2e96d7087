/**
 * Staff, on a plant's page: the plant's own alarm thresholds (GET/PUT /alarm/thresholds/plant/{id}).
 * An empty field takes the portal's value, shown under it; saving sends every field (empty = null,
 * which clears the override), and the server's 400 messages show under their fields.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, CardHeader, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { showResult } from '../../components/ResultDialog';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { useFormatters } from '../../i18n/format';
import { THRESHOLD_NAMES, type AlarmThresholds, type PlantThresholds, type ThresholdName } from '../../../contract/alarms';

type Values = Record<ThresholdName, string>;
const toValues = (overrides: PlantThresholds['overrides']) =>
  Object.fromEntries(THRESHOLD_NAMES.map((k) => [k, overrides[k] === null ? '' : String(overrides[k])])) as Values;

function ThresholdsForm({ plant }: { plant: number }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const f = useFormatters();
  const key = ['alarms', 'plantThresholds', plant];
  const { data } = useQuery({ queryKey: key, queryFn: () => dataProvider.call<PlantThresholds>('alarms', 'plantThresholds', { id: plant }) });
  const { data: portal } = useQuery({ queryKey: ['alarms', 'thresholds'], queryFn: () => dataProvider.call<AlarmThresholds>('alarms', 'thresholds') });
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ThresholdName, string>>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (data) setValues(toValues(data.overrides)); }, [data]);
  if (!values) return null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const body = Object.fromEntries(THRESHOLD_NAMES.map((k) => [k, values[k].trim() === '' ? null : Number(values[k])]));
      const saved = await dataProvider.call<PlantThresholds>('alarms', 'setPlantThresholds', { id: plant, data: body });
      queryClient.setQueryData(key, saved);
      showResult({ kind: 'success', message: 'app.messages.alarm.thresholds_saved' });
    } catch (error) {
      const body = (error as { body?: Record<string, unknown> }).body ?? {};
      setErrors(Object.fromEntries(THRESHOLD_NAMES.filter((k) => Array.isArray(body[k])).map((k) => [k, String((body[k] as string[])[0])])));
      showResult({ kind: 'error', message: 'app.messages.alarm.thresholds_error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={save} noValidate>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.alarms.thresholds.help')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
        {THRESHOLD_NAMES.map((name) => (
          <TextField key={name} type="number" size="small" label={translate(`app.alarms.thresholds.fields.${name}`)}
            value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })}
            error={!!errors[name]}
            helperText={errors[name] ?? (portal ? translate('app.alarms.thresholds.portal', { value: f.number(portal[name]) }) : ' ')} />
        ))}
      </Box>
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>{translate('app.alarms.thresholds.save')}</Button>
    </Box>
  );
}

/** The card, for staff only (the thresholds are staff's). */
export function AlarmThresholdsCard({ plant }: { plant: number }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardHeader title={translate('app.alarms.thresholds.title')} titleTypographyProps={{ variant: 'h6', component: 'h3' }} />
      <CardContent sx={{ pt: 0 }}><ThresholdsForm plant={plant} /></CardContent>
    </Card>
  );
}
