/**
 * The measurement and weather calls of the monitoring page (SPEC §7): paths and reply types from the
 * contract (contract/measurements.ts, contract/weather.ts), all through the app's one fetch wrapper.
 */
import { request } from '../../providers/http';
import { fillPath } from '../../../contract/http';
import { CHART_INTERVALS, measurementApi, type ChartData, type ChartInterval, type CurvePoint, type DayTotals, type Snapshot, type Totals } from '../../../contract/measurements';
import { weatherApi, type Weather } from '../../../contract/weather';

export type { CurvePoint, Snapshot, Totals, Weather };

/** The chart intervals of SPEC §4. */
export const INTERVALS = CHART_INTERVALS;
export type Interval = ChartInterval;

export const fetchSnapshot = (plant: number, signal?: AbortSignal) =>
  request<Snapshot>(fillPath(measurementApi.snapshot.path, { id: plant }), { signal });

export const fetchWeather = (plant: number, signal?: AbortSignal) =>
  request<Weather>(fillPath(weatherApi.forecast.path, { plantId: plant }), { signal });

const split = (date: string) => date.split('-').map(Number) as [number, number, number];

/**
 * The call behind each interval, normalised to rows: `date` (YYYY-MM-DD) is the reference date,
 * `start`/`end` the custom range.
 */
export async function fetchChart(plant: number, interval: Interval, date: string, start: string, end: string, signal?: AbortSignal): Promise<{ kind: 'curve'; rows: CurvePoint[] } | { kind: 'totals'; rows: (Totals & { label: string })[] }> {
  if (interval === 'day') {
    const [year, month, day] = split(date);
    const rows = await request<CurvePoint[]>(fillPath(measurementApi.history.path, { id: plant }), { query: { day, month, year }, signal });
    return { kind: 'curve', rows };
  }
  if (interval === 'range') {
    const rows = await request<DayTotals[]>(fillPath(measurementApi.range.path, { id: plant }), { query: { date_start: start, date_end: end }, signal });
    return { kind: 'totals', rows: rows.map(({ date: d, ...t }) => ({ label: d, ...t })) };
  }
  const data = await request<ChartData>(fillPath(measurementApi.chart.path, { id: plant }), { query: { type: interval, date }, signal });
  return { kind: 'totals', rows: data.series.map(({ bucket, start: _s, ...t }) => ({ label: bucket, ...t })) };
}
