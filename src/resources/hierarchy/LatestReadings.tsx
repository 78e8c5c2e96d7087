/**
 * The latest readings of an inverter, MPPT or string (GET /{module}/measurements/{id}), on its detail
 * page. SPEC §7: the answer is a list of lists, flattened with the first item kept. Refreshed every
 * minute; no reading yet and a failed read are said plainly.
 */
import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { DcInput } from '../../../contract/measurements';
import type { ReadingsModule } from '../../providers/monitoring';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { useFormatters } from '../../i18n/format';

const REFRESH_MS = 60_000;

export function LatestReadings({ module, id }: { module: ReadingsModule; id: number | string }) {
  const translate = useTranslate();
  const f = useFormatters();
  const dataProvider = useAppDataProvider();
  const { data, error } = useQuery({
    queryKey: ['latestReading', module, String(id)],
    queryFn: ({ signal }) => dataProvider.latestReading(module, id, signal).catch((e: unknown) => {
      console.error('latest readings', e); // SPEC §8: measurement failures are only logged...
      throw e;
    }),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  // ...but the card says it has nothing to show.
  const failed = !!error;
  const reading = failed ? undefined : data;

  const number = (value: number | null | undefined, unit: string, digits = 1) =>
    value == null ? '—' : f.quantity(value, unit, digits);

  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-labelledby={`readings-${module}-${id}`}>
      <Typography id={`readings-${module}-${id}`} variant="subtitle1" component="h3" gutterBottom>
        {translate('app.screens.readings.title')}
      </Typography>
      {failed && <Alert severity="warning">{translate('app.screens.readings.failed')}</Alert>}
      {reading === null && <Typography color="text.secondary">{translate('app.screens.readings.none')}</Typography>}
      {reading && (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <Typography variant="body2" color="text.secondary">
              {translate('app.screens.readings.at', { time: f.dateTime(reading.ts) })}
            </Typography>
            {'status' in reading && reading.status && <Chip size="small" label={translate(`app.screens.readings.status.${reading.status}`, { _: reading.status })} />}
          </Stack>
          {'dc' in reading ? (
            <>
              <Stack direction="row" spacing={4} flexWrap="wrap" useFlexGap>
                <Figure label={translate('app.screens.readings.ac_power')} value={number(reading.ac_power_w != null ? reading.ac_power_w / 1000 : null, 'kW', 2)} />
                <Figure label={translate('app.screens.readings.energy_total')} value={number(reading.energy_total_wh != null ? reading.energy_total_wh / 1000 : null, 'kWh', 0)} />
              </Stack>
              {reading.dc.map((input) => (
                <Stack key={input.mppt} direction="row" spacing={4} flexWrap="wrap" useFlexGap>
                  <Typography variant="body2" sx={{ minWidth: 80 }}>{translate('app.screens.readings.mppt', { number: input.mppt })}</Typography>
                  <DcFigures input={input} number={number} />
                </Stack>
              ))}
            </>
          ) : (
            <Stack direction="row" spacing={4} flexWrap="wrap" useFlexGap>
              <DcFigures input={reading} number={number} />
            </Stack>
          )}
        </Stack>
      )}
    </Paper>
  );
}

function DcFigures({ input, number }: { input: Omit<DcInput, 'mppt'>; number: (v: number | null | undefined, unit: string, digits?: number) => string }) {
  const translate = useTranslate();
  return (
    <>
      <Figure label={translate('app.screens.readings.voltage')} value={number(input.voltage_v, 'V')} />
      <Figure label={translate('app.screens.readings.current')} value={number(input.current_a, 'A', 2)} />
      <Figure label={translate('app.screens.readings.dc_power')} value={number(input.power_w, 'W', 0)} />
    </>
  );
}

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
    <Typography variant="body1" component="div">{value}</Typography>
  </Box>
);
