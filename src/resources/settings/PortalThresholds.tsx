/**
 * Staff, on /app/configuration: the portal's alarm thresholds (GET/PUT /alarm/thresholds), the values
 * every plant takes unless its own page sets others (power-plants/AlarmThresholds.tsx). Each field is
 * bounded as the contract bounds it, so the form refuses what the API would answer with a 400; a 400
 * all the same shows its messages under their fields.
 */
import { useMemo } from 'react';
import { Alert, Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, NumberInput, SaveButton, useTranslate } from 'react-admin';
import { showResult } from '../../components/ResultDialog';
import { numberWithin } from '../../components/validators';
import { useFormatters } from '../../i18n/format';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { AlarmThresholds, THRESHOLD_NAMES, type ThresholdName } from '../../../contract/alarms';

/** The plant card reads the same query for its 'Del portal: N' hints. */
const KEY = ['alarms', 'thresholds'];

/** The 400's field messages (http.ts puts them in body.errors) of the thresholds only. */
const fieldErrors = (error: unknown) => {
  const errors = (error as { body?: { errors?: Record<string, unknown> } }).body?.errors ?? {};
  const mine = Object.fromEntries(Object.entries(errors).filter(([field]) => (THRESHOLD_NAMES as string[]).includes(field)));
  return Object.keys(mine).length ? mine : undefined;
};

function ThresholdsForm({ thresholds }: { thresholds: AlarmThresholds }) {
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const f = useFormatters();
  const validate = useMemo(() => Object.fromEntries(THRESHOLD_NAMES.map((name) =>
    [name, numberWithin(AlarmThresholds.properties[name], (n) => f.number(n))])) as Record<ThresholdName, ReturnType<typeof numberWithin>>, [f]);

  const save = async (values: Record<string, unknown>) => {
    try {
      const data = Object.fromEntries(THRESHOLD_NAMES.map((name) => [name, Number(values[name])]));
      queryClient.setQueryData(KEY, await dataProvider.call<AlarmThresholds>('alarms', 'setThresholds', { data }));
      showResult({ kind: 'success', message: 'app.messages.alarm.thresholds_saved' });
      return undefined;
    } catch (error) {
      showResult({ kind: 'error', message: 'app.messages.alarm.thresholds_error' });
      return fieldErrors(error);
    }
  };
  return (
    <Form record={{ id: 'portal', ...thresholds }} onSubmit={save} noValidate>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
        {THRESHOLD_NAMES.map((name) => {
          const { type, minimum, maximum } = AlarmThresholds.properties[name];
          return (
            <NumberInput key={name} source={name} label={`app.alarms.thresholds.fields.${name}`} validate={validate[name]}
              min={minimum} max={maximum} step={type === 'integer' ? 1 : 'any'} helperText={false} margin="none" />
          );
        })}
      </Box>
      <SaveButton label="app.alarms.thresholds.save" sx={{ mt: 2 }} />
    </Form>
  );
}

/** The card of the configuration page (a staff page: settings are staff work). */
export function PortalThresholdsCard() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data, isPending } = useQuery({ queryKey: KEY, queryFn: () => dataProvider.call<AlarmThresholds>('alarms', 'thresholds'), retry: false });
  return (
    <Card component="section" aria-labelledby="portal-thresholds-title">
      <CardContent>
        <Typography id="portal-thresholds-title" variant="h6" component="h2">{translate('app.alarms.thresholds.portal_title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.alarms.thresholds.portal_help')}</Typography>
        {isPending ? <LinearProgress />
          : data ? <ThresholdsForm thresholds={data} />
            : <Alert severity="warning">{translate('app.screens.configuration.unavailable')}</Alert>}
      </CardContent>
    </Card>
  );
}
