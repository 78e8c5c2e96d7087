/** The plant's 3-day forecast (SPEC §1, §9), or why there is none: never invented weather. */
import { Alert, Box, Card, CardContent, CardHeader, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { usePermissions, useTranslate } from 'react-admin';
import { isAdmin, type Permissions } from '../../providers/authProvider';
import { useFeatures } from '../../providers/features';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { useFormatters } from '../../i18n/format';

const codeOf = (error: unknown) => (error as { body?: { code?: string } })?.body?.code;

/**
 * Whether the forecast has a place on the page: staff always (they can set the weather key, so
 * 'not configured' tells them something), a customer once the server says it has one.
 */
export const useWeatherShown = () => {
  const { permissions } = usePermissions<Permissions>();
  const features = useFeatures();
  return (permissions ? isAdmin(permissions) : false) || features?.weather === true;
};

export const WeatherCard = ({ plantId }: { plantId: number }) => {
  const translate = useTranslate();
  const f = useFormatters();
  const dataProvider = useAppDataProvider();
  const { data, error, isPending } = useQuery({
    queryKey: ['monitoring', 'weather', plantId],
    queryFn: ({ signal }) => dataProvider.weather(plantId, signal),
    retry: false,
    staleTime: 30 * 60_000,
  });
  const temp = (c: number) => f.quantity(c, '°C', 0);
  let body;
  if (isPending) body = <CircularProgress size={24} />;
  else if (error) {
    const code = codeOf(error);
    body = code === 'weather_not_configured' ? <Alert severity="info">{translate('app.monitoring.weather.not_configured')}</Alert>
      : code === 'weather_no_location' ? <Alert severity="info">{translate('app.monitoring.weather.no_location')}</Alert>
        : <Alert severity="error">{translate('app.monitoring.weather.error')}</Alert>;
  } else if (!data.forecast.length) body = <Alert severity="info">{translate('app.monitoring.weather.empty')}</Alert>;
  else {
    body = (
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">{[data.location.name, data.location.region].filter(Boolean).join(', ')}</Typography>
        {data.forecast.slice(0, 3).map((d) => (
          <Box key={d.date} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Box component="img" src={d.condition.icon} alt={d.condition.text} width={48} height={48} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, '&::first-letter': { textTransform: 'uppercase' } }}>{f.weekday(d.date)}</Typography>
              <Typography variant="body2" color="text.secondary">{d.condition.text}</Typography>
            </Box>
            <Box sx={{ textAlign: 'end' }}>
              <Typography variant="body2">
                {translate('app.monitoring.weather.max_min', { max: temp(d.maxtemp_c), min: temp(d.mintemp_c) })}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate('app.monitoring.weather.rain', { value: f.percent(d.daily_chance_of_rain) })}
              </Typography>
            </Box>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={translate('app.monitoring.weather.title')} titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
      <CardContent>{body}</CardContent>
    </Card>
  );
};
