/**
 * Staff, on a plant's page: the plant's own alarm thresholds (GET/PUT /alarm/thresholds/plant/{id}),
 * in the portal's form (alarms/ThresholdsForm.tsx) with every value optional. An empty field takes the
 * portal's value, shown under it; saving sends every field (empty = null, which clears the override).
 */
import { Card, CardContent, CardHeader, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { ThresholdsForm, type ThresholdValues } from '../alarms/ThresholdsForm';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { useFormatters } from '../../i18n/format';
import type { AlarmThresholds, PlantThresholds, ThresholdName } from '../../../contract/alarms';

function PlantThresholdsForm({ plant }: { plant: number }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const f = useFormatters();
  const key = ['alarms', 'plantThresholds', plant];
  const { data } = useQuery({ queryKey: key, queryFn: () => dataProvider.call<PlantThresholds>('alarms', 'plantThresholds', { id: plant }) });
  const { data: portal } = useQuery({ queryKey: ['alarms', 'thresholds'], queryFn: () => dataProvider.call<AlarmThresholds>('alarms', 'thresholds') });
  if (!data) return null;

  const save = async (body: ThresholdValues) => {
    queryClient.setQueryData(key, await dataProvider.call<PlantThresholds>('alarms', 'setPlantThresholds', { id: plant, data: body }));
  };
  // ' ' keeps the hint's line while the portal's values load, so the fields do not move.
  const hint = (name: ThresholdName) => (portal ? translate('app.alarms.thresholds.portal', { value: f.number(portal[name]) }) : ' ');
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.alarms.thresholds.help')}</Typography>
      <ThresholdsForm id={plant} values={data.overrides} optional hint={hint} save={save} />
    </>
  );
}

/** The card, for staff only (the thresholds are staff's). */
export function AlarmThresholdsCard({ plant }: { plant: number }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardHeader title={translate('app.alarms.thresholds.title')} titleTypographyProps={{ variant: 'h6', component: 'h3' }} />
      <CardContent sx={{ pt: 0 }}><PlantThresholdsForm plant={plant} /></CardContent>
    </Card>
  );
}
