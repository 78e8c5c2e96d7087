/**
 * Staff, on /app/configuration: the portal's alarm thresholds (GET/PUT /alarm/thresholds), the values
 * every plant takes unless its own page sets others (power-plants/AlarmThresholds.tsx). The form is
 * theirs too (alarms/ThresholdsForm.tsx), here with every value required.
 */
import { Alert, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { ThresholdsForm, type ThresholdValues } from '../alarms/ThresholdsForm';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import type { AlarmThresholds } from '../../../contract/alarms';

/** The plant card reads the same query for its 'Del portal: N' hints. */
const KEY = ['alarms', 'thresholds'];

/** The card of the configuration page (a staff page: settings are staff work). */
export function PortalThresholdsCard() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  // Every value is required here, so none is null.
  const save = async (data: ThresholdValues) => {
    queryClient.setQueryData(KEY, await dataProvider.call<AlarmThresholds>('alarms', 'setThresholds', { data: data as AlarmThresholds }));
  };
  const { data, isPending } = useQuery({ queryKey: KEY, queryFn: () => dataProvider.call<AlarmThresholds>('alarms', 'thresholds'), retry: false });
  return (
    <Card component="section" aria-labelledby="portal-thresholds-title">
      <CardContent>
        <Typography id="portal-thresholds-title" variant="h6" component="h2">{translate('app.alarms.thresholds.portal_title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.alarms.thresholds.portal_help')}</Typography>
        {isPending ? <LinearProgress />
          : data ? <ThresholdsForm id="portal" values={data} save={save} />
            : <Alert severity="warning">{translate('app.screens.configuration.unavailable')}</Alert>}
      </CardContent>
    </Card>
  );
}
