/**
 * The history chart (SPEC §4 intervals): day = the 5-minute curve of a date; month, year, annual
 * and day-month = the bars of get/data/date; range = daily bars between two dates. Each plotted
 * table can be downloaded as CSV.
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CardHeader, CircularProgress, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { Download } from '@mui/icons-material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/ar';
import 'dayjs/locale/zh-cn';
import { useQuery } from '@tanstack/react-query';
import { useStore, useTranslate } from 'react-admin';
import { fetchChart, INTERVALS, type Interval } from './api';
import { chartTable, hasData, tableCsv } from './chartData';
import { downloadCsv } from './csv';
import { useFormatters } from './format';

const DAY = 'YYYY-MM-DD';
const dayjsLocale = (lang: string) => (lang === 'zh' ? 'zh-cn' : lang);
const VIEWS: Record<Exclude<Interval, 'range'>, ('year' | 'month' | 'day')[]> = {
  day: ['year', 'month', 'day'], 'day-month': ['year', 'month', 'day'], month: ['year', 'month'], year: ['year'], annual: ['year'],
};

export const ChartPanel = ({ plantId, plantName }: { plantId: number; plantName: string }) => {
  const translate = useTranslate();
  const f = useFormatters();
  const [interval, setInterval] = useStore<Interval>('monitoring.interval', 'day');
  const [date, setDate] = useState<Dayjs>(() => dayjs());
  const [start, setStart] = useState<Dayjs>(() => dayjs().subtract(6, 'day'));
  const [end, setEnd] = useState<Dayjs>(() => dayjs());
  const rangeValid = start.isValid() && end.isValid() && !end.isBefore(start, 'day');
  const ready = interval === 'range' ? rangeValid : date.isValid();
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['monitoring', 'chart', plantId, interval, date.format(DAY), start.format(DAY), end.format(DAY)],
    queryFn: ({ signal }) => fetchChart(plantId, interval, date.format(DAY), start.format(DAY), end.format(DAY), signal),
    enabled: ready,
    retry: false,
  });
  const table = data ? chartTable(data, translate, f.time) : null;
  const number = (v: number | null) => (v === null ? '—' : f.number(v));
  const picker = (label: string, value: Dayjs, onChange: (d: Dayjs) => void, views = VIEWS.day) => (
    <DatePicker label={label} value={value} views={views} disableFuture
      onChange={(d) => d && onChange(d)} slotProps={{ textField: { size: 'small', sx: { width: 190 } } }} />
  );

  return (
    <Card variant="outlined">
      <CardHeader title={translate('app.monitoring.chart.title')} titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        action={(
          <Button size="small" startIcon={<Download />} disabled={!table || !hasData(table)}
            onClick={() => table && downloadCsv(`${plantName}-${interval}-${(interval === 'range' ? `${start.format(DAY)}_${end.format(DAY)}` : date.format(DAY))}.csv`, tableCsv(table))}>
            {translate('app.monitoring.chart.csv')}
          </Button>
        )} />
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
          <ToggleButtonGroup size="small" exclusive value={interval} onChange={(_, v: Interval | null) => v && setInterval(v)}
            aria-label={translate('app.monitoring.chart.interval')} sx={{ flexWrap: 'wrap' }}>
            {INTERVALS.map((i) => (
              <ToggleButton key={i} value={i}>{translate(`app.monitoring.intervals.${i}`)}</ToggleButton>
            ))}
          </ToggleButtonGroup>
          <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={dayjsLocale(f.lang)}>
            {interval === 'range' ? (
              <Stack direction="row" spacing={1}>
                {picker(translate('app.monitoring.chart.start'), start, setStart)}
                {picker(translate('app.monitoring.chart.end'), end, setEnd)}
              </Stack>
            ) : picker(translate('app.monitoring.chart.date'), date, setDate, VIEWS[interval])}
          </LocalizationProvider>
        </Stack>
        {!ready && <Alert severity="warning">{translate('app.monitoring.chart.bad_range')}</Alert>}
        {ready && isPending && <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}><CircularProgress /></Box>}
        {ready && error && (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>{translate('app.monitoring.retry')}</Button>}>
            {translate('app.monitoring.chart.error')}
          </Alert>
        )}
        {ready && table && !hasData(table) && <Alert severity="info">{translate('app.monitoring.chart.empty')}</Alert>}
        {ready && table && hasData(table) && (
          <Box dir="ltr" sx={{ width: '100%' }}>
            {table.unit === 'kW' ? (
              <LineChart height={320}
                xAxis={[{ scaleType: 'point', data: table.labels, tickInterval: (_v, i) => i % 12 === 0 }]}
                yAxis={[{ label: 'kW' }]}
                series={table.series.map((s) => ({ id: s.key, label: s.label, data: s.data, showMark: false, valueFormatter: number }))} />
            ) : (
              <BarChart height={320}
                xAxis={[{ scaleType: 'band', data: table.labels }]}
                yAxis={[{ label: 'kWh' }]}
                series={table.series.map((s) => ({ id: s.key, label: s.label, data: s.data, valueFormatter: number }))} />
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
