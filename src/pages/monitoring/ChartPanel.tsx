/**
 * The history chart (SPEC §4 intervals): day = the 5-minute curve of a local day, 00:00 to 24:00;
 * month, year, annual and day-month = the bars of get/data/date; range = daily bars between two
 * dates. Production is split into self-consumed and exported, with the grid purchase, the
 * consumption, the battery's state of charge (day, on its own 0-100 % axis) and, for day, month and
 * year, the expected production laid over. Each plotted table can be downloaded as CSV.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import RtlProvider from '@mui/system/RtlProvider';
import {
  Alert, Box, Button, Card, CardContent, CardHeader, CircularProgress, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup,
} from '@mui/material';
import { Download } from '@mui/icons-material';
import { LineChart } from '@mui/x-charts/LineChart';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartDataProvider } from '@mui/x-charts/ChartDataProvider';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsAxis } from '@mui/x-charts/ChartsAxis';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useStore, useTranslate } from 'react-admin';
import { INTERVALS, type ExpectedChartType, type Interval } from '../../providers/monitoring';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { bucketLabel, chartSummary, chartTable, drawable, hasData, tableCsv, type ChartTable, type PlottedSeries, type SeriesKey } from './chartData';
import { csvDialect, downloadCsv } from './csv';
import { useFormatters, type Formatters } from '../../i18n/format';
import { intlLocale } from '../../i18n/locales';
import { ExpectedNote } from './ExpectedNote';
import { chartQuery } from './queries';
import { CHOSEN } from './choices';
import { DateLocalization, dateHint, TypedDatePicker } from '../../components/DatePickers';
import { useIsPhone } from '../../components/useIsPhone';
import { rememberChartWidth } from '../../firstView/page';

const DAY = 'YYYY-MM-DD';
const VIEWS: Record<Exclude<Interval, 'range'>, ('year' | 'month' | 'day')[]> = {
  day: ['year', 'month', 'day'], 'day-month': ['year', 'month', 'day'], month: ['year', 'month'], year: ['year'], annual: ['year'],
};
/** The expected production's buckets behind each interval (none for annual and range). */
const EXPECTED_TYPE: Partial<Record<Interval, ExpectedChartType>> = { day: 'day', month: 'month', 'day-month': 'month', year: 'year' };

const COLORS: Record<SeriesKey, string> = {
  production: '#f9a825', self_consumed: '#f9a825', exported: '#ffe082', import: '#e53935', consumption: '#1e88e5',
  battery: '#43a047', charge: '#43a047', discharge: '#2e7d32', soc: '#43a047', expected: '#616161',
};
const STACKED: SeriesKey[] = ['self_consumed', 'exported'];
const HEIGHT = 340;
/** The largest value the axis must reach: the highest single value, or the self-consumed and exported stacked. */
export const axisMax = (series: PlottedSeries[]) => {
  const stacked = series.filter((s) => STACKED.includes(s.key));
  const stackTops = (stacked[0]?.data ?? []).map((_, i) => stacked.reduce((sum, s) => sum + Math.abs(s.data[i] ?? 0), 0));
  return Math.max(0, ...stackTops, ...series.flatMap((s) => s.data.map((v) => Math.abs(v ?? 0))));
};
/** Room for the value axis' numbers (as long as its largest, formatted, with the scale's headroom) and its unit beside them: never cut. */
const yAxisWidth = (series: PlottedSeries[], f: Formatters, digits: number) => 30 + 7.5 * f.number(axisMax(series) * 1.25, digits).length;
// The expectation is a dashed line, so it reads as a reference and not as one more measurement.
const chartSx = { '& path[data-series="expected"]': { strokeDasharray: '6 4' } };

/**
 * The width to draw the chart at where nothing can be measured: on the server, drawing the page's
 * first view (src/firstView/render.tsx). In the browser, none: the chart fills its box.
 */
export const ServerChartWidth = createContext<number | undefined>(undefined);
/** Below this width (px) the day chart's nine clock labels (every 3 hours) do not fit side by side. */
const NARROW_PX = 480;

/**
 * The chart's box, measured as the browser lays it out and kept (src/firstView/page.ts), so that the
 * next first view's chart is drawn at the width this one has.
 */
function useRememberedWidth() {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!box || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => { if (entry.contentRect.width) rememberChartWidth(entry.contentRect.width); });
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);
  return useCallback((element: HTMLDivElement | null) => setBox(element), []);
}

/** The svg's title and description (its name and, in words, what it shows), for screen readers. */
interface Described { title: string; desc: string }

function DayChart({ table, f, described }: { table: ChartTable; f: Formatters; described: Described }) {
  const width = useContext(ServerChartWidth);
  const dayMinutes = table.dayMinutes ?? 1440;
  // Ticks every 3 hours, 00:00 to 24:00 whatever the readings cover.
  const ticks = Array.from({ length: Math.floor(dayMinutes / 180) + 1 }, (_, i) => i * 180);
  if (ticks[ticks.length - 1] !== dayMinutes) ticks.push(dayMinutes);
  const clock = (minute: number) => {
    if (minute >= dayMinutes) return '24:00';
    const index = Math.round(minute / 5);
    return table.labels[index] ?? '';
  };
  // In the browser the chart leaves out labels that would overlap, which it measures; drawn on the
  // server (a width given) it cannot: a narrow chart labels every 6 hours, as the browser ends up doing.
  const tickLabelInterval = width !== undefined && width < NARROW_PX ? (minute: number) => minute % 360 === 0 || minute === dayMinutes : 'auto' as const;
  const plotted = table.series.filter((s) => s.plotted);
  const soc = plotted.some((s) => s.key === 'soc');
  const number = (v: number | null) => (v === null ? '—' : f.number(v));
  return (
    <LineChart height={HEIGHT} width={width} sx={chartSx} skipAnimation {...described}
      xAxis={[{ scaleType: 'linear', data: table.minutes, min: 0, max: dayMinutes, tickInterval: ticks, tickLabelInterval, valueFormatter: clock }]}
      yAxis={[
        { id: 'power', label: 'kW', width: yAxisWidth(plotted.filter((s) => s.key !== 'soc'), f, 1), valueFormatter: (v: number) => f.number(v) },
        ...(soc ? [{ id: 'soc', label: '%', position: 'right' as const, min: 0, max: 100, width: 48, valueFormatter: (v: number) => f.number(v, 0) }] : []),
      ]}
      series={plotted.map((s: PlottedSeries) => ({
        id: s.key, label: s.label, data: s.data, showMark: false, color: COLORS[s.key],
        yAxisId: s.key === 'soc' ? 'soc' : 'power',
        ...(STACKED.includes(s.key) ? { stack: 'production', area: true } : {}),
        ...(s.key === 'production' ? { area: true } : {}),
        valueFormatter: s.key === 'soc' ? (v: number | null) => (v === null ? '—' : f.percent(v)) : number,
      }))} />
  );
}

function TotalsChart({ table, f, described }: { table: ChartTable; f: Formatters; described: Described }) {
  const width = useContext(ServerChartWidth);
  const number = (v: number | null) => (v === null ? '—' : f.number(v));
  const plotted = table.series.filter((s) => s.plotted);
  return (
    <ChartDataProvider height={HEIGHT} width={width} skipAnimation
      xAxis={[{ id: 'x', scaleType: 'band', data: table.labels, valueFormatter: (b: string) => bucketLabel(b, f), height: 40 }]}
      yAxis={[{ id: 'energy', label: 'kWh', width: yAxisWidth(plotted, f, 0), valueFormatter: (v: number) => f.number(v, 0) }]}
      series={plotted.map((s) => (s.key === 'expected'
        ? { type: 'line' as const, id: s.key, label: s.label, data: s.data, color: COLORS[s.key], valueFormatter: number }
        : {
          type: 'bar' as const, id: s.key, label: s.label, data: s.data, color: COLORS[s.key], valueFormatter: number,
          ...(STACKED.includes(s.key) ? { stack: 'production' } : {}),
        }))}>
      <ChartsWrapper legendPosition={{ vertical: 'top', horizontal: 'center' }}>
        <ChartsLegend />
        <ChartsSurface sx={chartSx} {...described}>
          <ChartsGrid horizontal />
          <BarPlot />
          <LinePlot />
          <MarkPlot />
          <ChartsAxisHighlight x="band" />
          <ChartsAxis />
        </ChartsSurface>
        <ChartsTooltip />
      </ChartsWrapper>
    </ChartDataProvider>
  );
}

export const ChartPanel = ({ plantId, plantName, today, timeZone }: {
  plantId: number; plantName: string;
  /** The plant's local day (YYYY-MM-DD, in the time zone the API uses), not the browser's. */
  today: string;
  timeZone: string;
}) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const f = useFormatters(timeZone);
  const plantToday = useMemo(() => dayjs(today), [today]);
  const [interval, setInterval] = useStore<Interval>(CHOSEN.interval, 'day');
  const [date, setDate] = useState<Dayjs>(plantToday);
  const [start, setStart] = useState<Dayjs>(() => plantToday.subtract(6, 'day'));
  const [end, setEnd] = useState<Dayjs>(plantToday);
  const rangeValid = start.isValid() && end.isValid() && !end.isBefore(start, 'day');
  const ready = interval === 'range' ? rangeValid : date.isValid();
  const dataProvider = useAppDataProvider();
  const { data, error, isPending, refetch } = useQuery({
    ...chartQuery(dataProvider, { plant: plantId, interval, date: date.format(DAY), start: start.format(DAY), end: end.format(DAY) }),
    enabled: ready,
  });
  const expectedType = EXPECTED_TYPE[interval];
  // The overlay is extra: without it (a plant not modelled, the call failing) the measured chart still shows.
  const { data: expected } = useQuery({
    queryKey: ['monitoring', 'expected', plantId, expectedType, date.format(DAY)],
    queryFn: ({ signal }) => dataProvider.expected(plantId, expectedType!, date.format(DAY), signal),
    enabled: ready && !!expectedType,
    retry: false,
    staleTime: 10 * 60_000,
  });
  const table = data ? chartTable(data, expectedType ? expected : null, translate, f) : null;
  const picker = (label: string, value: Dayjs, onChange: (d: Dayjs) => void, views = VIEWS.day) => (
    <TypedDatePicker label={label} value={value} views={views} maxDate={plantToday}
      // The chart follows once the date typed is whole and valid ('2' of '2026' is the year 2); until then it says how to type it.
      onDate={(d, what) => what === 'valid' && onChange(d!)} incompleteMessage={translate('app.inputs.date_incomplete', { format: dateHint(locale) })}
      slotProps={{ textField: { size: 'small', sx: { width: { xs: '100%', sm: 190 }, minWidth: 0 } } }} />
  );
  // On a phone the six intervals do not fit on one line as buttons: a select keeps them on one.
  const phone = useIsPhone();
  const intervalLabel = translate('app.monitoring.chart.interval');
  const chartBox = useRememberedWidth();
  const described = (t: ChartTable): Described => ({
    title: translate('app.monitoring.chart.described', { title: translate('app.monitoring.chart.title'), interval: translate(`app.monitoring.intervals.${interval}`) }),
    desc: chartSummary(t, translate, f),
  });

  return (
    <Card variant="outlined">
      <CardHeader title={translate('app.monitoring.chart.title')} titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        action={(
          <Button size="small" startIcon={<Download />} disabled={!table || !hasData(table)}
            onClick={() => table && downloadCsv(`${plantName}-${interval}-${(interval === 'range' ? `${start.format(DAY)}_${end.format(DAY)}` : date.format(DAY))}.csv`,
              tableCsv(table, csvDialect(intlLocale(f.lang))))}>
            {translate('app.monitoring.chart.csv')}
          </Button>
        )} />
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
          {phone ? (
            <TextField select size="small" label={intervalLabel} value={interval} onChange={(e) => setInterval(e.target.value as Interval)}>
              {INTERVALS.map((i) => <MenuItem key={i} value={i}>{translate(`app.monitoring.intervals.${i}`)}</MenuItem>)}
            </TextField>
          ) : (
            <ToggleButtonGroup size="small" exclusive value={interval} onChange={(_, v: Interval | null) => v && setInterval(v)}
              aria-label={intervalLabel} sx={{ flexWrap: 'wrap' }}>
              {INTERVALS.map((i) => (
                <ToggleButton key={i} value={i}>{translate(`app.monitoring.intervals.${i}`)}</ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
          <DateLocalization>
            {interval === 'range' ? (
              <Stack direction="row" spacing={1}>
                {picker(translate('app.monitoring.chart.start'), start, setStart)}
                {picker(translate('app.monitoring.chart.end'), end, setEnd)}
              </Stack>
            ) : picker(translate('app.monitoring.chart.date'), date, setDate, VIEWS[interval])}
          </DateLocalization>
        </Stack>
        {!ready && <Alert severity="warning">{translate('app.monitoring.chart.bad_range')}</Alert>}
        {ready && isPending && <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}><CircularProgress /></Box>}
        {ready && error && (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>{translate('app.monitoring.retry')}</Button>}>
            {translate('app.monitoring.chart.error')}
          </Alert>
        )}
        {ready && table && !hasData(table) && <Alert severity="info" sx={{ mb: 2 }}>{translate('app.monitoring.chart.empty')}</Alert>}
        {/* A period without readings yet (today just after midnight) still shows what the plant should make. */}
        {ready && table && drawable(table) && (
          // Charts read left to right in every language (time runs that way on their axes); told so, MUI X
          // anchors the axes' labels beside them and not, as in a right-to-left page, over them.
          <RtlProvider value={false}>
            <Box ref={chartBox} dir="ltr" sx={{ width: '100%' }}>
              {table.unit === 'kW' ? <DayChart table={table} f={f} described={described(table)} /> : <TotalsChart table={table} f={f} described={described(table)} />}
            </Box>
          </RtlProvider>
        )}
        {ready && table && drawable(table) && expectedType && expected && <ExpectedNote model={expected.model} />}
      </CardContent>
    </Card>
  );
};
