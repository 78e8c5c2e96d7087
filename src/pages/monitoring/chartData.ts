/** What each interval plots, as one table: labels (x) and series (y). The CSV is this table. */
import type { CurvePoint, Totals } from './api';
import { buildCsv } from './csv';

export interface PlottedSeries { key: string; label: string; data: (number | null)[] }
export interface ChartTable { xLabel: string; labels: string[]; series: PlottedSeries[]; unit: 'kW' | 'kWh' }

type Translate = (key: string, options?: object) => string;
const kilo = (v: number | null) => (v === null ? null : Math.round(v) / 1000);

export type FetchedChart = { kind: 'curve'; rows: CurvePoint[] } | { kind: 'totals'; rows: (Totals & { label: string })[] };

export function chartTable(chart: FetchedChart, translate: Translate, time: (iso: string) => string): ChartTable {
  const t = (key: string, unit: string) => translate(`app.monitoring.chart.${key}`, { unit });
  if (chart.kind === 'curve') {
    const series: PlottedSeries[] = [
      { key: 'production', label: t('production', 'kW'), data: chart.rows.map((r) => kilo(r.power_w)) },
      { key: 'consumption', label: t('consumption', 'kW'), data: chart.rows.map((r) => kilo(r.consumption_w)) },
      { key: 'battery', label: t('battery', 'kW'), data: chart.rows.map((r) => kilo(r.battery_power_w)) },
    ];
    return {
      xLabel: translate('app.monitoring.chart.time'),
      labels: chart.rows.map((r) => time(r.ts)),
      // A series with no value at all (no meter; no battery, whose inverter may send 0) is not plotted, nor exported.
      series: series.filter((s) => s.data.some((v) => v !== null && (s.key !== 'battery' || v !== 0))),
      unit: 'kW',
    };
  }
  const series: PlottedSeries[] = [
    { key: 'production', label: t('production', 'kWh'), data: chart.rows.map((r) => kilo(r.energy_wh)) },
    { key: 'consumption', label: t('consumption', 'kWh'), data: chart.rows.map((r) => kilo(r.consumption_wh)) },
  ];
  return {
    xLabel: translate('app.monitoring.chart.period'),
    labels: chart.rows.map((r) => r.label),
    series: series.filter((s) => s.data.some((v) => v !== null)),
    unit: 'kWh',
  };
}

export const hasData = (table: ChartTable) => table.labels.length > 0 && table.series.length > 0;

export const tableCsv = (table: ChartTable) =>
  buildCsv([table.xLabel, ...table.series.map((s) => s.label)], table.labels.map((label, i) => [label, ...table.series.map((s) => s.data[i])]));
