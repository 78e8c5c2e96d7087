/** The plant's expected production today and the next two days (beside the weather forecast), and how it was estimated. */
import { Alert, Box, Card, CardContent, CardHeader, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { useFormatters } from '../../i18n/format';
import { ExpectedNote } from './ExpectedNote';

export const ProductionForecastCard = ({ plantId, timeZone }: { plantId: number; timeZone: string }) => {
  const translate = useTranslate();
  const f = useFormatters(timeZone);
  const dataProvider = useAppDataProvider();
  const t = (key: string) => translate(`app.monitoring.figures.forecast.${key}`);
  const { data, error, isPending } = useQuery({
    queryKey: ['monitoring', 'production-forecast', plantId],
    queryFn: ({ signal }) => dataProvider.productionForecast(plantId, signal),
    retry: false,
    staleTime: 30 * 60_000,
  });
  let body;
  if (isPending) body = <CircularProgress size={24} />;
  else if (error) body = <Alert severity="error">{t('error')}</Alert>;
  else {
    body = (
      <Stack spacing={1.5}>
        {data.days.map((d) => (
          <Box key={d.date} sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5 }}>
            <Typography variant="body2" sx={{ flex: 1, fontWeight: 600, '&::first-letter': { textTransform: 'uppercase' } }}>{f.weekday(d.date)}</Typography>
            <Typography variant="body1">{d.energy_wh === null ? '—' : f.energy(d.energy_wh)}</Typography>
          </Box>
        ))}
        <Typography variant="caption" color="text.secondary">{t(data.sky === 'forecast' ? 'sky_forecast' : 'sky_climatology')}</Typography>
        <ExpectedNote model={data.model} />
      </Stack>
    );
  }
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={t('title')} titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
      <CardContent>{body}</CardContent>
    </Card>
  );
};
