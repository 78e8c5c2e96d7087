/**
 * The plant's monthly report (GET report/plant/{id}/{yyyy-mm}.pdf): a finished month chosen from the
 * last three years, downloaded as a PDF in the user's language. The month under way is not offered:
 * its report is made on the 1st of the next month.
 */
import { useState } from 'react';
import { Alert, Button, Card, CardContent, CardHeader, CircularProgress, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { downloadBlob } from '../../components/download';
import { useFormatters } from '../../i18n/format';

/** How many finished months the picker offers. */
const MONTHS_OFFERED = 36;

/** The `count` months before the one of `today` (YYYY-MM-DD), newest first, as YYYY-MM. */
export function finishedMonths(today: string, count = MONTHS_OFFERED): string[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 2 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

export function ReportDownload({ plantId, today, timeZone }: { plantId: number; today: string; timeZone: string }) {
  const translate = useTranslate();
  const f = useFormatters(timeZone);
  const dataProvider = useAppDataProvider();
  const months = finishedMonths(today);
  // The newest finished month until one is chosen (the plant's today may come in after the first render).
  const [chosen, setMonth] = useState<string | null>(null);
  const month = chosen && months.includes(chosen) ? chosen : months[0];
  const [state, setState] = useState<'idle' | 'busy' | 'error'>('idle');
  const t = (key: string, options?: object) => translate(`app.monitoring.report.${key}`, options);

  const download = async () => {
    setState('busy');
    try {
      downloadBlob(t('file', { month }), await dataProvider.monthlyReport(plantId, month));
      setState('idle');
    } catch {
      setState('error');
    }
  };

  return (
    <Card variant="outlined" component="section" aria-label={t('title')}>
      <CardHeader title={t('title')} subheader={t('help')} titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id={`report-month-${plantId}`}>{t('month')}</InputLabel>
            <Select labelId={`report-month-${plantId}`} label={t('month')} value={month} onChange={(e) => setMonth(e.target.value)}>
              {months.map((m) => <MenuItem key={m} value={m}>{f.month(m)}</MenuItem>)}
            </Select>
          </FormControl>
          <Button variant="contained" onClick={download} disabled={state === 'busy'}
            startIcon={state === 'busy' ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}>
            {t('download')}
          </Button>
        </Stack>
        {state === 'error' && <Alert severity="error" sx={{ mt: 2 }}>{t('error')}</Alert>}
      </CardContent>
    </Card>
  );
}
