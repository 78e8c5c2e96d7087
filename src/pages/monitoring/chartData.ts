/**
 * What each interval plots, as one table: labels (x) and series (y). The CSV is this table.
 * Production is split into what the site used itself and what went to the grid whenever a meter
 * recorded the grid; the expected production is laid over when the API could model the plant.
 */
import type { CurvePoint, ExpectedChart, Totals } from '../../providers/monitoring';
import { buildCsv, type CsvDialect } from './csv';
import type { Formatters } from '../../i18n/format';

export type SeriesKey =
  | 'production' | 'self_consumed' | 'exported' | 'import' | 'consumption' | 'battery' | 'charge' | 'discharge' | 'soc' | 'expected';
export interface PlottedSeries {
  key: SeriesKey;
  label: string;
  data: (number | null)[];
  /** false: in the CSV only (the battery's power or energies, which the state of charge tells better on the chart). */
  plotted: boolean;
}
export interface ChartTable {
  xLabel: string;
  /** The first CSV column: local times (day) or the API's buckets. */
  labels: string[];
  /** The day curve: minutes since the local day's 00:00 of each point, and the day's length (1440, or 1380/1500 on DST days). */
  minutes?: number[];
  dayMinutes?: number;
  series: PlottedSeries[];
  unit: 'kW' | 'kWh';
}

type Translate = (key: string, options?: object) => string;
const kilo = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v) / 1000);
const SLOT_MINUTES = 5;

export type FetchedChart = { kind: 'curve'; rows: CurvePoint[] } | { kind: 'totals'; rows: (Totals & { label: string })[] };

/** Series that have at least one value (the battery's power also non-zero: inverters without one may send 0). */
const present = (series: PlottedSeries[]) =>
  series.filter((s) => s.data.some((v) => v !== null && (s.key !== 'battery' || v !== 0)));

export function chartTable(chart: FetchedChart, expected: ExpectedChart | null | undefined, translate: Translate, f: Formatters): ChartTable {
  const t = (key: SeriesKey, unit: string) => translate(`app.monitoring.figures.series.${key}`, { unit });
  const series = (key: SeriesKey, unit: string, data: (number | null)[], plotted = true): PlottedSeries => ({ key, label: t(key, unit), data, plotted });
  if (chart.kind === 'curve') {
    const { rows } = chart;
    const metered = rows.some((r) => r.grid_export_w !== null || r.grid_import_w !== null);
    const expectedAt = new Map((expected?.curve ?? []).map((p) => [Date.parse(p.ts), p.power_w]));
    const start = rows.length ? Date.parse(rows[0].ts) : 0;
    const production = metered
      ? [
        series('self_consumed', 'kW', rows.map((r) => (r.power_w === null ? null : kilo(Math.max(0, r.power_w - (r.grid_export_w ?? 0)))))),
        series('exported', 'kW', rows.map((r) => (r.power_w === null ? null : kilo(Math.min(r.power_w, r.grid_export_w ?? 0))))),
      ]
      : [series('production', 'kW', rows.map((r) => kilo(r.power_w)))];
    return {
      xLabel: translate('app.monitoring.figures.time', { zone: f.timeZone }),
      labels: rows.map((r) => f.time(r.ts)),
      // The API answers every 5-minute slot of the local day from 00:00, so the first point is midnight.
      minutes: rows.map((r) => (Date.parse(r.ts) - start) / 60_000),
      dayMinutes: rows.length * SLOT_MINUTES,
      series: present([
        ...production,
        series('import', 'kW', rows.map((r) => kilo(r.grid_import_w))),
        series('consumption', 'kW', rows.map((r) => kilo(r.consumption_w))),
        series('battery', 'kW', rows.map((r) => kilo(r.battery_power_w)), false),
        series('soc', '%', rows.map((r) => r.battery_soc)),
        series('expected', 'kW', rows.map((r) => kilo(expectedAt.get(Date.parse(r.ts))))),
      ]),
      unit: 'kW',
    };
  }
  const { rows } = chart;
  const metered = rows.some((r) => r.export_wh !== null || r.import_wh !== null);
  const expectedOf = new Map((expected?.series ?? []).map((e) => [e.bucket, e.energy_wh]));
  const production = metered
    ? [
      series('self_consumed', 'kWh', rows.map((r) => kilo(r.self_consumption_wh ?? (r.energy_wh === null ? null : r.energy_wh - (r.export_wh ?? 0))))),
      series('exported', 'kWh', rows.map((r) => (r.energy_wh === null ? null : kilo(r.export_wh ?? 0)))),
    ]
    : [series('production', 'kWh', rows.map((r) => kilo(r.energy_wh)))];
  return {
    xLabel: translate('app.monitoring.chart.period'),
    labels: rows.map((r) => r.label),
    series: present([
      ...production,
      series('import', 'kWh', rows.map((r) => kilo(r.import_wh))),
      series('consumption', 'kWh', rows.map((r) => kilo(r.consumption_wh))),
      series('charge', 'kWh', rows.map((r) => kilo(r.charge_wh)), false),
      series('discharge', 'kWh', rows.map((r) => kilo(r.discharge_wh)), false),
      series('expected', 'kWh', rows.map((r) => kilo(expectedOf.get(r.label)))),
    ]),
    unit: 'kWh',
  };
}

/** Something measured to show (the expectation alone is no data). */
export const hasData = (table: ChartTable) => table.labels.length > 0 && table.series.some((s) => s.key !== 'expected');

/** Something to draw: readings, or at least the production expected over the period. */
export const drawable = (table: ChartTable) => table.labels.length > 0 && table.series.length > 0;

export const tableCsv = (table: ChartTable, dialect?: CsvDialect) =>
  buildCsv([table.xLabel, ...table.series.map((s) => s.label)], table.labels.map((label, i) => [label, ...table.series.map((s) => s.data[i])]), dialect);

/** A bucket as the axis shows it: an hour "15:00", a day "10 mar", a month "mar", a year as is. */
export function bucketLabel(bucket: string, f: Formatters): string {
  if (bucket.length === 16) return bucket.slice(11);
  if (bucket.length === 10) return f.day(bucket);
  if (bucket.length === 7) return f.shortMonth(bucket);
  return bucket;
}

/**
 * The chart in words, for those who cannot see it (the svg's description): each series drawn with
 * its highest value (a day's power, the battery's charge) or its total (energies over the period).
 */
export function chartSummary(table: ChartTable, translate: Translate, f: Formatters): string {
  const total = table.unit === 'kWh';
  return table.series.filter((s) => s.plotted).flatMap((s) => {
    const values = s.data.filter((v): v is number => v !== null);
    if (!values.length) return [];
    const value = total ? values.reduce((a, b) => a + b, 0) : Math.max(...values);
    return [translate(total ? 'app.monitoring.chart.summary_total' : 'app.monitoring.chart.summary_peak', { series: s.label, value: f.number(value) })];
  }).join('; ');
}
