/**
 * The monitoring calls of SPEC.md §7 "Measurements": a plant's live summary, its curve of a day,
 * totals per hour, day, month or year (from the rollups), and the latest reading of a plant, an
 * inverter, an MPPT or a string. `{id}` is the plant's id except in the last three. Anyone signed in,
 * within what they may see: any other id is a 404. Local dates are in settings.time_zone; instants
 * are ISO 8601 with their offset.
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './http.js';
import { IdParams, S } from './common.js';
import { oneOf } from './literals.js';
import { AlarmKindSchema } from './alarms.js';
import { FLEET_STATUSES } from './fleet.js';

/** Longest span of GET v2/measurement/range: three years of days. */
export const MAX_RANGE_DAYS = 3 * 366;

/** The `type` of GET v2/get/data/date: which buckets around the date (see ChartData). */
export const CHART_TYPES = ['day', 'month', 'year', 'annual', 'day-month'] as const;
export type ChartType = typeof CHART_TYPES[number];
/** The intervals of the monitoring chart (SPEC.md §4): the chart types, and a custom range (GET v2/measurement/range). */
export const CHART_INTERVALS = ['day', 'month', 'year', 'annual', 'range', 'day-month'] as const;
export type ChartInterval = typeof CHART_INTERVALS[number];

const num = () => Type.Number();
const maybe = (description?: string) => S.nullable(Type.Number(description ? { description } : {}));

export const DcInput = Type.Object({
  mppt: Type.Integer({ description: 'MPPT input (tracker) number on the inverter' }),
  voltage_v: num(), current_a: num(), power_w: num(),
}, { title: 'DcInput' });
export type DcInput = Static<typeof DcInput>;

/** One stored reading of an inverter. */
export const Reading = Type.Object({
  investor: Type.Integer(),
  ts: S.timestamp(),
  status: S.nullable(Type.String()),
  ac_power_w: num(),
  pv_power_w: maybe('PV power taken from the panels, when the inverter reports it (hybrid); else null'),
  dc: Type.Array(DcInput),
  energy_total_wh: maybe('device lifetime counter'),
  grid_import_w: maybe(), grid_export_w: maybe(), consumption_w: maybe(),
  battery_power_w: maybe('+ charging, − discharging'), battery_soc: maybe('%'),
}, { title: 'Reading' });
export type Reading = Static<typeof Reading>;

const totals = {
  energy_wh: maybe('produced'), consumption_wh: maybe(), import_wh: maybe('bought from the grid'), export_wh: maybe('sold to the grid'),
  charge_wh: maybe('into the battery'), discharge_wh: maybe('out of the battery'),
  self_consumption_wh: maybe('PV energy used on site'), max_power_w: maybe('peak AC power'),
};
/** Totals of one bucket, Wh (peak in W); all null when no reading fell in it. */
export const Totals = Type.Object(totals, { title: 'Totals' });
export type Totals = Static<typeof Totals>;

/** The local periods a summary's figures cover, in settings.time_zone (issue 11: every KPI says its period). */
export const KpiPeriods = Type.Object({
  time_zone: Type.String({ description: 'IANA zone of every local day, month and year (settings.time_zone)' }),
  today: Type.String({ format: 'date', description: "the plant's local day of the *_today figures" }),
  month: Type.String({ description: 'YYYY-MM of the *_month figures' }),
  year: Type.String({ description: 'YYYY of the *_year figures' }),
}, { title: 'KpiPeriods', description: 'lifetime figures (*_total) cover everything recorded, or the inverters\' counters' });

/** The value of a period's production: its bills' difference under net billing (docs/api.md "Savings", docs/billing.md). */
export const SavingsSplit = Type.Object({
  self_consumed_wh: Type.Number({ description: 'produced and used on site: produced − exported' }),
  exported_wh: Type.Number({ description: 'sold to the grid' }),
  self_consumption: Type.Number({ description: 'the bill charges the self-consumed energy avoided (VAT as billed), CLP' }),
  export_income: Type.Number({ description: 'the injection credit the bill used (credit larger than the bill is carried, not counted), CLP' }),
  total: Type.Number({ description: 'self_consumption + export_income: the bill without solar less the bill with it, CLP' }),
}, { title: 'SavingsSplit' });
export type SavingsSplit = Static<typeof SavingsSplit>;

const periodSplits = Type.Object({ today: SavingsSplit, month: SavingsSplit, year: SavingsSplit, lifetime: SavingsSplit });

/** kWh per kWp installed of each period; null when the capacity is unknown. */
export const SpecificYield = Type.Object({ today: maybe(), month: maybe(), year: maybe(), total: maybe() }, { title: 'SpecificYield' });

/** This month so far against the same days of the same month a year earlier, and that whole month. */
export const MonthComparison = Type.Object({
  month: Type.String({ description: 'YYYY-MM (this month)' }),
  energy_wh: num(),
  last_year_month: Type.String({ description: 'YYYY-MM (the same month a year earlier)' }),
  last_year_to_date_wh: maybe('from the 1st to the same day of that month; null when nothing was recorded then'),
  last_year_month_wh: maybe('that whole month; null when nothing was recorded then'),
  change_pct: maybe('(energy_wh − last_year_to_date_wh) / last_year_to_date_wh, %'),
}, { title: 'MonthComparison' });

export const Snapshot = Type.Object({
  plant: Type.Integer(),
  timestamp: S.nullable(S.timestamp()),
  online: Type.Boolean({ description: 'last reading less than 15 minutes old' }),
  power_w: maybe('AC power now, summed over the inverters reporting at the last reading'),
  solar_w: maybe("PV power now: each reporting inverter's PV power where it gives it (a hybrid), its AC power otherwise"),
  energy_today_wh: num(), energy_month_wh: num(), energy_year_wh: num(),
  energy_total_wh: Type.Number({ description: "lifetime: the inverters' counters, or all that was recorded" }),
  consumption_w: maybe(), grid_import_w: maybe(), grid_export_w: maybe(), battery_power_w: maybe('+ charging, − discharging'), battery_soc: maybe(),
  consumption_today_wh: num(), import_today_wh: num(), export_today_wh: num(),
  self_consumption_pct: maybe('today: (produced − exported) / produced'),
  autarky_pct: maybe('today: (consumed − imported) / consumed'),
  co2_avoided_kg: Type.Object({ today: num(), total: num(), factor_kg_per_kwh: num() }),
  savings: Type.Object({
    currency: Type.String(),
    today: Type.Number({ description: 'periods.today.total' }),
    total: Type.Number({ description: 'periods.lifetime.total' }),
    tariff_per_kwh: Type.Number({ description: "this month's price of a kWh bought, VAT as billed" }),
    injection_price_per_kwh: Type.Number({ description: "what an exported kWh is credited this month (net billing)" }),
    metered: Type.Boolean({ description: 'grid or consumption flows were recorded; without them nothing is known to be exported and all production counts as used on site' }),
    periods: periodSplits,
  }),
  period: KpiPeriods,
  capacity_kwp: maybe(),
  specific_yield_kwh_per_kwp: SpecificYield,
  month_vs_last_year: MonthComparison,
  inverters: Type.Array(Type.Object({
    id: Type.Integer(), name: Type.String(), timestamp: S.nullable(S.timestamp()), online: Type.Boolean(),
    power_w: maybe(), status: S.nullable(Type.String()),
  })),
  status: oneOf(FLEET_STATUSES, { description: "the plant's status, as the fleet view gives it: offline (no reading within 15 minutes), fault (an open fault alarm), online" }),
  fault_alarm: S.nullable(Type.Object({ id: Type.Integer(), kind: AlarmKindSchema }, { description: 'the oldest open alarm behind status fault' })),
}, { title: 'MeasurementSnapshot' });
export type Snapshot = Static<typeof Snapshot>;

/** A project's totals over its plants (each valued at its own prices). */
export const ProjectSnapshot = Type.Object({
  project: Type.Integer(),
  plants: Type.Array(Type.Integer(), { description: 'the plants summed' }),
  period: KpiPeriods,
  capacity_kwp: maybe('sum over the plants whose capacity is known; null when none is'),
  energy_today_wh: num(), energy_month_wh: num(), energy_year_wh: num(), energy_total_wh: num(),
  consumption_today_wh: num(), import_today_wh: num(), export_today_wh: num(),
  self_consumption_pct: maybe('today'), autarky_pct: maybe('today'),
  specific_yield_kwh_per_kwp: SpecificYield,
  month_vs_last_year: MonthComparison,
  co2_avoided_kg: Type.Object({ today: num(), total: num(), factor_kg_per_kwh: num() }),
  savings: Type.Object({ currency: Type.String(), today: num(), total: num(), metered: Type.Boolean(), periods: periodSplits }),
}, { title: 'ProjectSnapshot' });
export type ProjectSnapshot = Static<typeof ProjectSnapshot>;

export const CurvePoint = Type.Object({
  ts: S.timestamp(), power_w: maybe(), consumption_w: maybe(), battery_power_w: maybe(), battery_soc: maybe(),
  grid_import_w: maybe(), grid_export_w: maybe(),
}, { title: 'CurvePoint' });
export type CurvePoint = Static<typeof CurvePoint>;
export const DayTotals = Type.Object({ date: Type.String({ format: 'date' }), ...totals }, { title: 'DayTotals' });
export type DayTotals = Static<typeof DayTotals>;
export const MonthTotals = Type.Object({ month: Type.String({ description: 'YYYY-MM' }), ...totals }, { title: 'MonthTotals' });
export type MonthTotals = Static<typeof MonthTotals>;

export const SeriesEntry = Type.Object({
  bucket: Type.String({ description: 'local label: YYYY-MM-DDTHH:00 (hour), YYYY-MM-DD (day), YYYY-MM (month), YYYY (year)' }),
  start: S.timestamp(),
  ...totals,
}, { title: 'SeriesEntry' });
export type SeriesEntry = Static<typeof SeriesEntry>;

/** Sums of a set of buckets with the ratios of those sums. */
export const PeriodTotals = Type.Object({
  energy_wh: num(), consumption_wh: num(), import_wh: num(), export_wh: num(), charge_wh: num(), discharge_wh: num(),
  self_consumption_pct: maybe('share of the PV energy used on site: (produced − exported) / produced; null without production'),
  autarky_pct: maybe('share of the consumption covered without the grid: (consumed − imported) / consumed; null without consumption'),
}, { title: 'PeriodTotals' });
export type PeriodTotals = Static<typeof PeriodTotals>;

export const ChartData = Type.Object({
  plant: Type.Integer(),
  type: oneOf(CHART_TYPES),
  date: Type.String({ format: 'date' }),
  unit: Type.Literal('Wh'),
  series: Type.Array(SeriesEntry),
  totals: PeriodTotals,
}, {
  title: 'ChartData',
  description: 'series per type: day = the hours of that day; month = the days of its month; year = the months of its year; '
    + 'annual = one entry per year, from the first with data to that of date; day-month = the days from the 1st of the month to date. '
    + 'Buckets without readings have null totals.',
});
export type ChartData = Static<typeof ChartData>;

export const LatestOfPlant = Type.Object({
  plant: Type.Integer(),
  timestamp: S.nullable(S.timestamp()),
  inverters: Type.Array(Type.Object({ investor: Type.Integer(), name: Type.String(), online: Type.Boolean(), reading: S.nullable(Reading) })),
}, { title: 'LatestOfPlant' });
export type LatestOfPlant = Static<typeof LatestOfPlant>;
export const MpptReading = Type.Object({
  mppt: Type.Integer({ description: 'MPPT id' }), number: Type.Integer(), investor: Type.Integer(), ts: S.timestamp(),
  voltage_v: num(), current_a: num(), power_w: num(),
}, { title: 'MpptReading' });
export type MpptReading = Static<typeof MpptReading>;
export const StringReading = Type.Object({
  string: Type.Integer(), mppt: Type.Integer(), investor: Type.Integer(), ts: S.timestamp(),
  voltage_v: num(), current_a: num(), power_w: num(),
  strings_on_mppt: Type.Integer({ description: 'the MPPT reading is shared equally by this many strings' }),
}, { title: 'StringReading' });
export type StringReading = Static<typeof StringReading>;

/** `[[latest]]`, or `[]` before the first reading: SPEC.md §7's list of lists. */
const latestList = <T extends typeof Reading | typeof MpptReading | typeof StringReading>(item: T, what: string) => Type.Array(Type.Array(item), {
  description: `[[latest ${what}]], or [] before the first reading (the web app flattens it and keeps the first item)`,
});

const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, description: 'YYYY-MM-DD' });
export const HistoryQuery = Type.Object({
  day: Type.Optional(Type.Integer({ minimum: 1, maximum: 31 })),
  month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
  year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
});
export const RangeQuery = Type.Object({ date_start: DateString, date_end: DateString });
export const ChartQuery = Type.Object({ type: oneOf(CHART_TYPES), date: DateString });

const tag = 'measurements';
export const measurementApi = {
  snapshot: endpoint({
    method: 'GET', path: '/v2/last/measurement/all/data/:id', access: 'user', tag, params: IdParams, reply: { 200: Snapshot },
    summary: "A plant's live summary: power now, energy today / month / year / lifetime, self-consumption, autarky, CO2 and savings",
  }),
  projectSnapshot: endpoint({
    method: 'GET', path: '/v2/last/measurement/project/:id', access: 'user', tag, params: IdParams, reply: { 200: ProjectSnapshot },
    summary: "A project's totals across its plants: energy today / month / year / lifetime, specific yield, this month against last year's, CO2 and savings",
  }),
  history: endpoint({
    method: 'GET', path: '/v2/measurement/:id', access: 'user', tag, params: IdParams, querystring: HistoryQuery,
    summary: "day+month+year: that local day's 5-minute curve, 00:00 to 24:00 (a point per slot, nulls where nothing was read; 276 or 300 slots on DST days); month+year: that month's daily totals; year: that year's monthly totals",
    reply: { 200: Type.Union([Type.Array(CurvePoint), Type.Array(DayTotals), Type.Array(MonthTotals)]) },
  }),
  range: endpoint({
    method: 'GET', path: '/v2/measurement/range/:id', access: 'user', tag, params: IdParams, querystring: RangeQuery,
    summary: `Daily totals from date_start to date_end, both included (at most ${MAX_RANGE_DAYS} days)`,
    reply: { 200: Type.Array(DayTotals) },
  }),
  chart: endpoint({
    method: 'GET', path: '/v2/get/data/date/:id', access: 'user', tag, params: IdParams, querystring: ChartQuery,
    summary: 'Chart data of a plant around a date: hourly (day), daily (month, day-month), monthly (year) or yearly (annual) totals',
    reply: { 200: ChartData },
  }),
  plantLatest: endpoint({
    method: 'GET', path: '/power-plant/measurements/:id', access: 'user', tag, params: IdParams, reply: { 200: LatestOfPlant },
    summary: 'The latest reading of each inverter of a plant',
  }),
  investorLatest: endpoint({
    method: 'GET', path: '/investor/measurements/:id', access: 'user', tag, params: IdParams, reply: { 200: latestList(Reading, 'reading') },
    summary: 'The latest reading of an inverter',
  }),
  mpptLatest: endpoint({
    method: 'GET', path: '/mppt/measurements/:id', access: 'user', tag, params: IdParams, reply: { 200: latestList(MpptReading, 'MPPT reading') },
    summary: "An MPPT's input in its inverter's latest reading",
  }),
  stringLatest: endpoint({
    method: 'GET', path: '/string/measurements/:id', access: 'user', tag, params: IdParams, reply: { 200: latestList(StringReading, 'string reading') },
    summary: "A string's share of its MPPT's latest reading (the strings of one MPPT share its current equally)",
  }),
};
