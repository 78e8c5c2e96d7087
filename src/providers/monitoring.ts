/**
 * The measurement and weather reads of the monitoring page and the equipment pages (SPEC §7), as
 * data provider methods (dataProvider.ts spreads them in; screens call them through react-query
 * with `useAppDataProvider()`). Paths and reply types come from the contract
 * (contract/measurements.ts, contract/weather.ts, contract/expected.ts, contract/reports.ts,
 * contract/billing.ts).
 */
import { request, requestBlob } from './http';
import type { Reply } from '../../contract/http';
import { fillPath } from '../../contract/paths';
import {
  CHART_INTERVALS, measurementApi,
  type ChartData, type ChartInterval, type CurvePoint, type DayTotals, type ProjectSnapshot, type Snapshot, type Totals,
} from '../../contract/measurements';
import {
  expectedApi, type ExpectedChart, type ExpectedChartType, type ExpectedWarning, type Performance, type ProductionForecast,
} from '../../contract/expected';
import { weatherApi, type Weather } from '../../contract/weather';
import { reportApi } from '../../contract/reports';
import { billingApi, reconciliationApi } from '../../contract/billing';

/** A plant's bills of a year, month by month, and its remanente ledger (docs/billing.md). */
export type PlantBills = Reply<typeof billingApi.bills>;
export type MonthBill = PlantBills['months'][number];
export type RemanenteLedger = Reply<typeof billingApi.remanente>;
/** The real bills entered for a plant's year beside the portal's. */
export type Reconciliation = Reply<typeof reconciliationApi.year>;

export type { CurvePoint, ExpectedChart, ExpectedChartType, ExpectedWarning, Performance, ProductionForecast, ProjectSnapshot, Snapshot, Totals, Weather };

/** The chart intervals of SPEC §4. */
export const INTERVALS = CHART_INTERVALS;
export type Interval = ChartInterval;

/** What a chart shows: the 5-minute curve of a day, or totals per bucket. */
export type ChartRows = { kind: 'curve'; rows: CurvePoint[] } | { kind: 'totals'; rows: (Totals & { label: string })[] };

/** `date` (YYYY-MM-DD) is the reference date, `start`/`end` the custom range. */
export interface ChartParams { plant: number; interval: Interval; date: string; start: string; end: string }

const latestCalls = { investor: measurementApi.investorLatest, mppt: measurementApi.mpptLatest, string: measurementApi.stringLatest };
export type ReadingsModule = keyof typeof latestCalls;
/** An inverter's reading, or an MPPT's or a string's part of it. */
export type LatestReading = Reply<typeof latestCalls[ReadingsModule]>[number][number];

const split = (date: string) => date.split('-').map(Number) as [number, number, number];

export const monitoringReads = {
  /** The plant's live figures. */
  snapshot: (plant: number, signal?: AbortSignal) =>
    request<Snapshot>(fillPath(measurementApi.snapshot.path, { id: plant }), { signal }),

  /** A project's totals over its plants. */
  projectSnapshot: (project: number, signal?: AbortSignal) =>
    request<ProjectSnapshot>(fillPath(measurementApi.projectSnapshot.path, { id: project }), { signal }),

  /** The plant's expected production in the buckets of the chart of `type` around `date` (YYYY-MM-DD). */
  expected: (plant: number, type: ExpectedChartType, date: string, signal?: AbortSignal) =>
    request<ExpectedChart>(fillPath(expectedApi.chart.path, { id: plant }), { query: { type, date }, signal }),

  /** The plant's performance ratio (actual / expected) today, this month and this year. */
  performance: (plant: number, signal?: AbortSignal) =>
    request<Performance>(fillPath(expectedApi.performance.path, { id: plant }), { signal }),

  /** The plant's production forecast for today and the next two days. */
  productionForecast: (plant: number, signal?: AbortSignal) =>
    request<ProductionForecast>(fillPath(expectedApi.forecast.path, { id: plant }), { signal }),

  /** The plant's report of a finished month (YYYY-MM), a PDF in the signed-in user's language. */
  monthlyReport: (plant: number, month: string, signal?: AbortSignal) =>
    requestBlob(fillPath(reportApi.plantMonth.path, { id: plant, month }), { signal }),

  /** The plant's bills of a year (YYYY): without solar and with it, month by month. */
  bills: (plant: number, year: string, signal?: AbortSignal) =>
    request<PlantBills>(fillPath(billingApi.bills.path, { id: plant }), { query: { year }, signal }),

  /** The plant's remanente ledger: the credit carried from month to month. */
  remanente: (plant: number, signal?: AbortSignal) =>
    request<RemanenteLedger>(fillPath(billingApi.remanente.path, { id: plant }), { signal }),

  /** The real bills entered for the plant's year (YYYY), each beside the portal's, flagged with its likely causes. */
  reconciliation: (plant: number, year: string, signal?: AbortSignal) =>
    request<Reconciliation>(fillPath(reconciliationApi.year.path, { id: plant }), { query: { year }, signal }),

  /** The plant's 3-day forecast. */
  weather: (plant: number, signal?: AbortSignal) =>
    request<Weather>(fillPath(weatherApi.forecast.path, { plantId: plant }), { signal }),

  /** The call behind each chart interval, normalised to rows. */
  async chart({ plant, interval, date, start, end }: ChartParams, signal?: AbortSignal): Promise<ChartRows> {
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
  },

  /** The newest reading of an inverter, MPPT or string (SPEC §7: a list of lists, the first item kept), or null. */
  latestReading: async (module: ReadingsModule, id: number | string, signal?: AbortSignal): Promise<LatestReading | null> => {
    const lists = await request<LatestReading[][]>(fillPath(latestCalls[module].path, { id }), { signal });
    return lists.flat()[0] ?? null;
  },
};
