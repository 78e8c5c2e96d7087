/**
 * The measurement and weather calls of the monitoring page (SPEC §7), typed after
 * server/plugins/measurements and server/plugins/weather, all through the app's one fetch wrapper.
 */
import { request } from '../../providers/http';

export interface Snapshot {
  plant: number;
  timestamp: string | null;
  online: boolean;
  power_w: number | null;
  energy_today_wh: number;
  energy_month_wh: number;
  energy_year_wh: number;
  energy_total_wh: number;
  consumption_w: number | null;
  grid_import_w: number | null;
  grid_export_w: number | null;
  /** + charging, − discharging */
  battery_power_w: number | null;
  battery_soc: number | null;
  consumption_today_wh: number;
  import_today_wh: number;
  export_today_wh: number;
  self_consumption_pct: number | null;
  autarky_pct: number | null;
  co2_avoided_kg: { today: number; total: number; factor_kg_per_kwh: number };
  savings: { currency: string; today: number; total: number; tariff_per_kwh: number };
  inverters: { id: number; name: string; timestamp: string | null; online: boolean; power_w: number | null; status: string | null }[];
}

export interface CurvePoint {
  ts: string;
  power_w: number | null;
  consumption_w: number | null;
  battery_power_w: number | null;
  battery_soc: number | null;
  grid_import_w: number | null;
  grid_export_w: number | null;
}

export interface Totals {
  energy_wh: number | null;
  consumption_wh: number | null;
  import_wh: number | null;
  export_wh: number | null;
  charge_wh: number | null;
  discharge_wh: number | null;
  self_consumption_wh: number | null;
  max_power_w: number | null;
}

export interface DayTotals extends Totals { date: string }
export interface SeriesEntry extends Totals { bucket: string; start: string }
export interface ChartData { plant: number; type: string; date: string; unit: 'Wh'; series: SeriesEntry[] }

export interface WeatherCondition { text: string; icon: string; code: number }
export interface Weather {
  location: { name: string; region: string; country: string; localtime: string };
  current: { temp_c: number; condition: WeatherCondition; humidity: number; wind_kph: number; is_day: boolean };
  forecast: { date: string; maxtemp_c: number; mintemp_c: number; condition: WeatherCondition; daily_chance_of_rain: number }[];
}

/** The chart intervals of SPEC §4. */
export const INTERVALS = ['day', 'month', 'year', 'annual', 'range', 'day-month'] as const;
export type Interval = typeof INTERVALS[number];

export const fetchSnapshot = (plant: number, signal?: AbortSignal) =>
  request<Snapshot>(`/v2/last/measurement/all/data/${plant}`, { signal });

export const fetchWeather = (plant: number, signal?: AbortSignal) =>
  request<Weather>(`/weather/${plant}`, { signal });

/** One labelled point of a chart: `label` is the x value, the rest are the plotted quantities. */
export interface ChartRow { label: string; [key: string]: number | string | null }

const split = (date: string) => date.split('-').map(Number) as [number, number, number];

/**
 * The call behind each interval, normalised to rows: `date` (YYYY-MM-DD) is the reference date,
 * `start`/`end` the custom range.
 */
export async function fetchChart(plant: number, interval: Interval, date: string, start: string, end: string, signal?: AbortSignal): Promise<{ kind: 'curve'; rows: CurvePoint[] } | { kind: 'totals'; rows: (Totals & { label: string })[] }> {
  if (interval === 'day') {
    const [year, month, day] = split(date);
    const rows = await request<CurvePoint[]>(`/v2/measurement/${plant}`, { query: { day, month, year }, signal });
    return { kind: 'curve', rows };
  }
  if (interval === 'range') {
    const rows = await request<DayTotals[]>(`/v2/measurement/range/${plant}`, { query: { date_start: start, date_end: end }, signal });
    return { kind: 'totals', rows: rows.map(({ date: d, ...t }) => ({ label: d, ...t })) };
  }
  const data = await request<ChartData>(`/v2/get/data/date/${plant}`, { query: { type: interval, date }, signal });
  return { kind: 'totals', rows: data.series.map(({ bucket, start: _s, ...t }) => ({ label: bucket, ...t })) };
}
