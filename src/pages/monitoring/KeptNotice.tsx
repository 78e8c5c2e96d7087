/** Offline, the page shows the figures the installed app kept, saying since when (src/providers/kept.ts). */
import { useSyncExternalStore } from 'react';
import { Alert } from '@mui/material';
import CloudOff from '@mui/icons-material/CloudOff';
import { useTranslate } from 'react-admin';
import { keptSinceNow, onKeptChange } from '../../providers/kept';
import { useFormatters } from '../../i18n/format';

export function KeptNotice() {
  const since = useSyncExternalStore(onKeptChange, keptSinceNow, () => null);
  const translate = useTranslate();
  const { dateTime } = useFormatters();
  if (!since) return null;
  return <Alert severity="warning" icon={<CloudOff />} sx={{ mb: 2 }}>{translate('app.installed.kept', { time: dateTime(since) })}</Alert>;
}
