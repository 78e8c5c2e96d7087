/**
 * The monitoring calls of SPEC.md §7 "Measurements": a plant's live summary, its curve of a day,
 * totals per hour, day, month or year (from the rollups), and the latest reading of a plant, an
 * inverter, an MPPT or a string. `{id}` is the plant's id except in the last group. Anyone signed in,
 * within what they may see (server/core/visibility.ts): any other id is a 404. Local dates are in
 * settings.time_zone; instants are ISO 8601 with their offset.
 */
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { Type, type TProperties } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { investors, mppts, powerPlants, strings } from '../../db/schema.js';
import { findVisible } from '../../core/crud.js';
import { IdParams, S } from '../../../contract/common.js';
import { ErrorBody } from '../../core/errors.js';
import { badRequest, fieldError, MSG, type FieldErrors } from '../../core/errors.js';
import { ONLINE_WINDOW_MS, plantSnapshot } from '../../measurements/snapshot.js';
import { dayCurve, firstYear, latestReadings, sumTotals, totalsSeries, type SeriesItem } from '../../measurements/queries.js';
import { daysBetween, isValidDate, pad2, parseLocalDate } from '../../measurements/time.js';
import { readSettings } from '../../domain/settings.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const num = () => Type.Number();
const maybe = (description?: string) => S.nullable(Type.Number(description ? { description } : {}));

/** Longest span of GET v2/measurement/range: three years of days. */
export const MAX_RANGE_DAYS = 3 * 366;

// ---------- schemas ----------

const Dc = Type.Object({ mppt: Type.Integer({ description: 'MPPT input number on the inverter' }), voltage_v: num(), current_a: num(), power_w: num() }, { title: 'DcInput' });

const Reading = Type.Object({
  investor: Type.Integer(),
  ts: S.timestamp(),
  status: S.nullable(Type.String()),
  ac_power_w: num(),
  dc: Type.Array(Dc),
  energy_total_wh: maybe('device lifetime counter'),
  grid_import_w: maybe(), grid_export_w: maybe(), consumption_w: maybe(),
  battery_power_w: maybe('+ charging, − discharging'), battery_soc: maybe('%'),
}, { title: 'Reading' });

const TotalsFields: TProperties = {
  energy_wh: maybe('produced'), consumption_wh: maybe(), import_wh: maybe('bought from the grid'), export_wh: maybe('sold to the grid'),
  charge_wh: maybe('into the battery'), discharge_wh: maybe('out of the battery'),
  self_consumption_wh: maybe('PV energy used on site'), max_power_w: maybe('peak AC power'),
};

const Snapshot = Type.Object({
  plant: Type.Integer(),
  timestamp: S.nullable(S.timestamp()),
  online: Type.Boolean({ description: 'last reading less than 15 minutes old' }),
  power_w: maybe('AC power now, summed over the inverters reporting at the last reading'),
  energy_today_wh: num(), energy_month_wh: num(), energy_year_wh: num(),
  energy_total_wh: Type.Number({ description: "lifetime: the inverters' counters, or all that was recorded" }),
  consumption_w: maybe(), grid_import_w: maybe(), grid_export_w: maybe(), battery_power_w: maybe(), battery_soc: maybe(),
  consumption_today_wh: num(), import_today_wh: num(), export_today_wh: num(),
  self_consumption_pct: maybe('today: (produced − exported) / produced'),
  autarky_pct: maybe('today: (consumed − imported) / consumed'),
  co2_avoided_kg: Type.Object({ today: num(), total: num(), factor_kg_per_kwh: num() }),
  savings: Type.Object({ currency: Type.String(), today: num(), total: num(), tariff_per_kwh: num() }),
  inverters: Type.Array(Type.Object({
    id: Type.Integer(), name: Type.String(), timestamp: S.nullable(S.timestamp()), online: Type.Boolean(),
    power_w: maybe(), status: S.nullable(Type.String()),
  })),
}, { title: 'MeasurementSnapshot' });

const CurvePoint = Type.Object({
  ts: S.timestamp(), power_w: maybe(), consumption_w: maybe(), battery_power_w: maybe(), battery_soc: maybe(),
  grid_import_w: maybe(), grid_export_w: maybe(),
}, { title: 'CurvePoint' });
const DayTotals = Type.Object({ date: Type.String({ format: 'date' }), ...TotalsFields }, { title: 'DayTotals' });
const MonthTotals = Type.Object({ month: Type.String({ description: 'YYYY-MM' }), ...TotalsFields }, { title: 'MonthTotals' });

const SeriesEntry = Type.Object({
  bucket: Type.String({ description: 'local label: YYYY-MM-DDTHH:00 (hour), YYYY-MM-DD (day), YYYY-MM (month), YYYY (year)' }),
  start: S.timestamp(),
  ...TotalsFields,
}, { title: 'SeriesEntry' });
const PeriodTotals = Type.Object({
  energy_wh: num(), consumption_wh: num(), import_wh: num(), export_wh: num(), charge_wh: num(), discharge_wh: num(),
  self_consumption_pct: maybe(), autarky_pct: maybe(),
}, { title: 'PeriodTotals' });

const CHART_TYPES = ['day', 'month', 'year', 'annual', 'day-month'] as const;
type ChartType = typeof CHART_TYPES[number];
const Chart = Type.Object({
  plant: Type.Integer(),
  type: Type.Union(CHART_TYPES.map((t) => Type.Literal(t))),
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

const LatestOfPlant = Type.Object({
  plant: Type.Integer(),
  timestamp: S.nullable(S.timestamp()),
  inverters: Type.Array(Type.Object({ investor: Type.Integer(), name: Type.String(), online: Type.Boolean(), reading: S.nullable(Reading) })),
}, { title: 'LatestOfPlant' });
const MpptReading = Type.Object({
  mppt: Type.Integer({ description: 'MPPT id' }), number: Type.Integer(), investor: Type.Integer(), ts: S.timestamp(),
  voltage_v: num(), current_a: num(), power_w: num(),
}, { title: 'MpptReading' });
const StringReading = Type.Object({
  string: Type.Integer(), mppt: Type.Integer(), investor: Type.Integer(), ts: S.timestamp(),
  voltage_v: num(), current_a: num(), power_w: num(),
  strings_on_mppt: Type.Integer({ description: 'the MPPT reading is shared equally by this many strings' }),
}, { title: 'StringReading' });
const listOfLists = <T extends ReturnType<typeof Type.Object>>(item: T, what: string) => Type.Array(Type.Array(item), {
  description: `[[latest ${what}]], or [] before the first reading (the web app flattens it and keeps the first item)`,
});

const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

// ---------- helpers ----------

const plantOf = async (request: FastifyRequest) => findVisible(request, powerPlants, (request.params as { id: number }).id, 'plant') as unknown as Promise<typeof powerPlants.$inferSelect>;

function localDate(field: string, text: string) {
  const date = parseLocalDate(text);
  if (!date) throw fieldError(field, 'Fecha inválida: use AAAA-MM-DD.');
  return date;
}

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The buckets of a chart type around a date: [period, first bucket start, last bucket start]. */
async function chartSpan(request: FastifyRequest, plantId: number, type: ChartType, year: number, month: number, day: number) {
  const d = `${year}-${pad2(month)}-${pad2(day)}`;
  const monthStart = `${year}-${pad2(month)}-01`;
  switch (type) {
    case 'day': return ['hour', `${d} 00:00`, `${d} 23:00`] as const;
    case 'month': return ['day', monthStart, `${year}-${pad2(month)}-${pad2(lastDay(year, month))}`] as const;
    case 'day-month': return ['day', monthStart, d] as const;
    case 'year': return ['month', `${year}-01-01`, `${year}-12-01`] as const;
    case 'annual': {
      const first = Math.min(year, await firstYear(request.server.db, plantId) ?? year);
      return ['year', `${first}-01-01`, `${year}-01-01`] as const;
    }
  }
}

const totalsOf = ({ bucket: _b, start: _s, ...totals }: SeriesItem) => totals;

export default fp(async (app) => {
  const { db } = app;

  app.get('/v2/last/measurement/all/data/:id', {
    schema: {
      tags: ['measurements'], summary: "A plant's live summary: power now, energy today / month / year / lifetime, self-consumption, autarky, CO2 and savings",
      params: IdParams, response: { 200: Snapshot, ...errors },
    },
  }, async (request) => {
    const plant = await plantOf(request);
    return plantSnapshot(db, plant);
  });

  app.get('/v2/measurement/:id', {
    schema: {
      tags: ['measurements'],
      summary: "day+month+year: that day's 5-minute curve; month+year: that month's daily totals; year: that year's monthly totals",
      params: IdParams,
      querystring: Type.Object({
        day: Type.Optional(Type.Integer({ minimum: 1, maximum: 31 })),
        month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
        year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
      }),
      response: { 200: Type.Union([Type.Array(CurvePoint), Type.Array(DayTotals), Type.Array(MonthTotals)]), ...errors },
    },
  }, async (request) => {
    const { day, month, year } = request.query as { day?: number; month?: number; year?: number };
    const missing: FieldErrors = {};
    if (year === undefined) missing.year = [MSG.required];
    if (day !== undefined && month === undefined) missing.month = [MSG.required];
    if (Object.keys(missing).length) throw badRequest(missing);
    if (day !== undefined && !isValidDate(year!, month!, day)) throw fieldError('day', 'Ese día no existe en ese mes.');
    const plant = await plantOf(request);
    const { timeZone } = await readSettings(db);
    if (day !== undefined) return dayCurve(db, plant.id, timeZone, `${year}-${pad2(month!)}-${pad2(day)}`);
    if (month !== undefined) {
      const series = await totalsSeries(db, plant.id, timeZone, 'day', `${year}-${pad2(month)}-01`, `${year}-${pad2(month)}-${pad2(lastDay(year!, month))}`);
      return series.map((s) => ({ date: s.bucket, ...totalsOf(s) }));
    }
    const series = await totalsSeries(db, plant.id, timeZone, 'month', `${year}-01-01`, `${year}-12-01`);
    return series.map((s) => ({ month: s.bucket, ...totalsOf(s) }));
  });

  app.get('/v2/measurement/range/:id', {
    schema: {
      tags: ['measurements'], summary: `Daily totals from date_start to date_end, both included (at most ${MAX_RANGE_DAYS} days)`,
      params: IdParams,
      querystring: Type.Object({ date_start: DateString, date_end: DateString }),
      response: { 200: Type.Array(DayTotals), ...errors },
    },
  }, async (request) => {
    const { date_start: start, date_end: end } = request.query as { date_start: string; date_end: string };
    localDate('date_start', start);
    localDate('date_end', end);
    const days = daysBetween(start, end);
    if (days < 0) throw fieldError('date_end', 'La fecha final no puede ser anterior a la inicial.');
    if (days + 1 > MAX_RANGE_DAYS) throw fieldError('date_end', `El rango no puede superar ${MAX_RANGE_DAYS} días.`);
    const plant = await plantOf(request);
    const { timeZone } = await readSettings(db);
    const series = await totalsSeries(db, plant.id, timeZone, 'day', start, end);
    return series.map((s) => ({ date: s.bucket, ...totalsOf(s) }));
  });

  app.get('/v2/get/data/date/:id', {
    schema: {
      tags: ['measurements'], summary: 'Chart data of a plant around a date: hourly (day), daily (month, day-month), monthly (year) or yearly (annual) totals',
      params: IdParams,
      querystring: Type.Object({ type: Type.Union(CHART_TYPES.map((t) => Type.Literal(t))), date: DateString }),
      response: { 200: Chart, ...errors },
    },
  }, async (request) => {
    const { type, date } = request.query as { type: ChartType; date: string };
    const { year, month, day } = localDate('date', date);
    const plant = await plantOf(request);
    const { timeZone } = await readSettings(db);
    const [period, first, last] = await chartSpan(request, plant.id, type, year, month, day);
    const series = await totalsSeries(db, plant.id, timeZone, period, first, last);
    return { plant: plant.id, type, date, unit: 'Wh' as const, series, totals: sumTotals(series) };
  });

  // ---------- latest readings: GET {module}/measurements/{id} ----------

  app.get('/power-plant/measurements/:id', {
    schema: { tags: ['measurements'], summary: 'The latest reading of each inverter of a plant', params: IdParams, response: { 200: LatestOfPlant, ...errors } },
  }, async (request) => {
    const plant = await plantOf(request);
    const { timeZone } = await readSettings(db);
    const latest = await latestReadings(db, timeZone, { plant: plant.id });
    const last = Math.max(...latest.map((l) => l.at?.getTime() ?? -Infinity));
    return {
      plant: plant.id,
      timestamp: Number.isFinite(last) ? latest.find((l) => l.at?.getTime() === last)!.reading!.ts : null,
      inverters: latest.map((l) => ({
        investor: l.investor, name: l.name, reading: l.reading,
        online: Boolean(l.at && Date.now() - l.at.getTime() < ONLINE_WINDOW_MS),
      })),
    };
  });

  /** The latest reading of a visible inverter, or null. */
  async function latestOf(investorId: number) {
    const { timeZone } = await readSettings(db);
    const [latest] = await latestReadings(db, timeZone, { investor: investorId });
    return latest?.reading ?? null;
  }

  app.get('/investor/measurements/:id', {
    schema: { tags: ['measurements'], summary: 'The latest reading of an inverter', params: IdParams, response: { 200: listOfLists(Reading, 'reading'), ...errors } },
  }, async (request) => {
    const investor = await findVisible(request, investors, (request.params as { id: number }).id, 'investor');
    const reading = await latestOf(investor.id);
    return reading ? [[reading]] : [];
  });

  /** An MPPT's part of its inverter's latest reading (the dc entry with its number), or null. */
  async function mpptReading(mppt: { id: number; investor: number; number: number }) {
    const reading = await latestOf(mppt.investor);
    const input = reading?.dc.find((d) => d.mppt === mppt.number);
    if (!reading || !input) return null;
    return { mppt: mppt.id, number: mppt.number, investor: mppt.investor, ts: reading.ts, voltage_v: input.voltage_v, current_a: input.current_a, power_w: input.power_w };
  }

  app.get('/mppt/measurements/:id', {
    schema: { tags: ['measurements'], summary: "An MPPT's input in its inverter's latest reading", params: IdParams, response: { 200: listOfLists(MpptReading, 'MPPT reading'), ...errors } },
  }, async (request) => {
    const mppt = await findVisible(request, mppts, (request.params as { id: number }).id, 'mppt') as unknown as typeof mppts.$inferSelect;
    const reading = await mpptReading(mppt);
    return reading ? [[reading]] : [];
  });

  app.get('/string/measurements/:id', {
    schema: {
      tags: ['measurements'], summary: "A string's share of its MPPT's latest reading (the strings of one MPPT share its current equally)",
      params: IdParams, response: { 200: listOfLists(StringReading, 'string reading'), ...errors },
    },
  }, async (request) => {
    const string = await findVisible(request, strings, (request.params as { id: number }).id, 'string') as unknown as typeof strings.$inferSelect;
    const [mppt] = await db.select().from(mppts).where(eq(mppts.id, string.mppt));
    const siblings = await db.$count(strings, eq(strings.mppt, mppt.id));
    const reading = await mpptReading(mppt);
    if (!reading) return [];
    const share = (x: number) => Math.round((x / siblings) * 100) / 100;
    return [[{
      string: string.id, mppt: mppt.id, investor: mppt.investor, ts: reading.ts,
      voltage_v: reading.voltage_v, current_a: share(reading.current_a), power_w: share(reading.power_w), strings_on_mppt: siblings,
    }]];
  });
}, { name: 'measurements' });
