/**
 * The warning that a datalogger's clock is off (more than 10 minutes from the server's; its data is
 * then filed at the time it was received), with the offset in the largest fitting unit, in the
 * chosen language. Used wherever a device's data comes in: the inverter page (collector), the plant's
 * ways in (Push Service).
 */
import { Alert } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';

/** The offset in minutes, hours or days, whichever reads best. */
export function formatOffset(seconds: number, locale: string) {
  const abs = Math.abs(seconds);
  const [value, unit] = abs < 2 * 3600 ? [abs / 60, 'minute'] : abs < 2 * 86_400 ? [abs / 3600, 'hour'] : [abs / 86_400, 'day'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(value);
}

/** `offsetS`: how far the clock is behind (+) or ahead (−), seconds. */
export function ClockOffset({ offsetS }: { offsetS: number }) {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <Alert severity="warning">
      {translate(offsetS > 0 ? 'app.devices.collector.clock_behind' : 'app.devices.collector.clock_ahead', { offset: formatOffset(offsetS, locale) })}
    </Alert>
  );
}
