/**
 * The errors and events an inverter reported (GET /investor/{id}/events): pushed by its datalogger
 * (Logdata "Errors and Events") or a fault's code read by the collector. Each Fronius code is named in
 * the chosen language (contract/fronius-codes.ts). Refreshed every minute.
 */
import { Alert, Chip, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate, type Identifier } from 'react-admin';
import { froniusErrorName } from '../../../contract/fronius-codes';
import { localeInfo } from '../../i18n/locales';
import { useFormatters } from '../../i18n/format';
import { useAppDataProvider } from '../../providers/useAppDataProvider';

const REFRESH_MS = 60_000;

export function InverterEvents({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const locale = useLocale();
  const dataProvider = useAppDataProvider();
  const { data, error } = useQuery({
    queryKey: ['inverterEvents', String(id)],
    queryFn: ({ signal }) => dataProvider.inverterEvents(id, signal),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const t = (key: string, options?: object) => translate(`app.devices.events.${key}`, options);
  const language = localeInfo(locale).messages;
  const f = useFormatters();

  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-labelledby={`events-${id}`}>
      <Typography id={`events-${id}`} variant="subtitle1" component="h3" gutterBottom>{t('title')}</Typography>
      {error && <Alert severity="warning">{t('failed')}</Alert>}
      {data?.length === 0 && <Typography color="text.secondary">{t('none')}</Typography>}
      {!!data?.length && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('when')}</TableCell>
              <TableCell>{t('kind')}</TableCell>
              <TableCell>{t('code')}</TableCell>
              <TableCell>{t('what')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((e) => (
              <TableRow key={e.id}>
                <TableCell>{f.dateTime(e.ts)}</TableCell>
                <TableCell>
                  <Chip size="small" color={e.kind === 'error' ? 'error' : 'default'} variant="outlined" label={t(e.kind)} />
                </TableCell>
                <TableCell>{e.code}</TableCell>
                <TableCell>{e.kind === 'error' ? froniusErrorName(e.code, language) : t('event_name', { code: e.code })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
