/**
 * What the Fronius collector last read from the inverter's datalogger (GET /investor/{id}/collector,
 * staff): online or not, when it last tried and last succeeded, why it failed (timeout, refused,
 * malformed, unsupported call...) in plain words with the device's own message, whether its clock is
 * off, and a summary of the last answer. Refreshed every minute.
 */
import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate, type Identifier } from 'react-admin';
import { useFormatters } from '../../i18n/format';
import type { FroniusReading } from '../../../contract/collector';
import { ClockOffset } from '../../components/ClockOffset';
import { useAppDataProvider } from '../../providers/useAppDataProvider';

const REFRESH_MS = 60_000;

export function CollectorState({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const { dateTime: time } = useFormatters();
  const dataProvider = useAppDataProvider();
  const { data, error } = useQuery({
    queryKey: ['inverterCollector', String(id)],
    queryFn: ({ signal }) => dataProvider.inverterCollector(id, signal),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const t = (key: string, options?: object) => translate(`app.devices.collector.${key}`, options);
  const device = data?.device;

  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-labelledby={`collector-${id}`}>
      <Typography id={`collector-${id}`} variant="subtitle1" component="h3" gutterBottom>{t('title')}</Typography>
      {error && <Alert severity="warning">{t('failed')}</Alert>}
      {data && !data.polled && <Typography color="text.secondary">{t('not_polled')}</Typography>}
      {device && (
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">{t('address', { address: device.address, device: device.device_id })}</Typography>
          {device.online === null ? <Typography color="text.secondary">{t('never')}</Typography> : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Chip size="small" color={device.online ? 'success' : 'error'} label={t(device.online ? 'online' : 'offline')} />
              {device.last_attempt_at && <Typography variant="body2">{t('last_attempt', { time: time(device.last_attempt_at) })}</Typography>}
              {device.last_success_at && <Typography variant="body2">{t('last_success', { time: time(device.last_success_at) })}</Typography>}
            </Stack>
          )}
          {device.last_error_kind && (
            <Alert severity="error">
              <strong>{t('why')}: </strong>{t(`reasons.${device.last_error_kind}`)}
              <Box component="span" sx={{ display: 'block', fontFamily: 'monospace' }}>{device.last_error}</Box>
              {device.next_attempt_at && t('failures', { count: device.consecutive_failures, time: time(device.next_attempt_at) })}
            </Alert>
          )}
          {device.clock_off && device.clock_offset_s !== null && <ClockOffset offsetS={device.clock_offset_s} />}
          {device.reading && <LastAnswer reading={device.reading} time={time} />}
        </Stack>
      )}
    </Paper>
  );
}

/** The last answer, as read: the device's clock, status and codes, power and counters, what it lacked. */
function LastAnswer({ reading, time }: { reading: FroniusReading; time: (iso: string) => string }) {
  const translate = useTranslate();
  const f = useFormatters();
  const t = (key: string, options?: object) => translate(`app.devices.collector.${key}`, options);
  const number = (value: number | null, unit: string) =>
    (value == null ? '—' : `${f.number(value, 1)} ${unit}`);
  const pair = (a: string, b: string) => `${a} / ${b}`;
  const rows: [string, string][] = [
    [t('status'), translate(`app.screens.readings.status.${reading.status}`, { _: reading.status })],
    [t('codes'), pair(String(reading.status_code ?? '—'), String(reading.error_code ?? '—'))],
    [t('ac_power'), number(reading.ac_power_w, 'W')],
    [t('pv_power'), number(reading.pv_power_w, 'W')],
    [t('energy_day'), number(reading.energy_day_wh, 'Wh')],
    [t('energy_total'), number(reading.energy_total_wh, 'Wh')],
    [t('grid'), pair(number(reading.grid_import_w, 'W'), number(reading.grid_export_w, 'W'))],
    [t('battery'), pair(number(reading.battery_power_w, 'W'), number(reading.battery_soc, '%'))],
    [t('model'), [reading.device.model, reading.device.serial].filter(Boolean).join(' · ') || '—'],
  ];
  return (
    <Box component="section" aria-label={t('read')}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>{t('read')}</Typography>
      <Typography variant="body2" color="text.secondary">{t('device_time', { time: `${time(reading.ts)} (${reading.ts})` })}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>{value}</Typography>
          </Box>
        ))}
      </Box>
      {reading.unavailable.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{t('unavailable', { calls: reading.unavailable.join(', ') })}</Typography>
      )}
    </Box>
  );
}
