/**
 * Reading measurements back: a day's curve (./curves.ts), totals per hour, day, month or year from
 * the rollups, and the charts built of them.
 * Local dates and hours are in settings.time_zone and computed by PostgreSQL. Every read of rollups
 * goes through withCurrentRollups (./rollups.ts): as current as the raw points, worker or no worker.
 */
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { plantEnergy, type EnergyPeriod } from '../db/schema.js';
import { epochMs, rows, selectList } from '../db/sql.js';
import type { ChartData, ChartType, CurvePoint, DayTotals, MonthTotals, PeriodTotals, SeriesEntry, Totals } from '../../contract/measurements.js';
import { dateString, isoInZone } from './time.js';
import { withCurrentRollups } from './rollups.js';
import { curveOfDay } from './curves.js';
import { JsonText } from '../core/replies.js';
import { daysSpan, EVERY_INSTANT, keptAnswer, type Span } from './read-cache.js';

const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);

/**
 * A day's curve over the whole local day, 00:00 to 24:00 (./curves.ts): a point per 5-minute slot,
 * nulls where nothing was read, written out once.
 */
export const dayCurve = (db: Db, plantId: number, timeZone: string, date: string): Promise<JsonText<CurvePoint[]>> =>
  keptAnswer(db, plantId, `curve ${date}`, daysSpan(date, date), async () =>
    new JsonText(await withCurrentRollups(db, plantId, (db) => curveOfDay(db, plantId, timeZone, date))));

const LABEL: Record<EnergyPeriod, string> = { hour: 'YYYY-MM-DD"T"HH24:00', day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };
const TOTALS = ['energy_wh', 'consumption_wh', 'import_wh', 'export_wh', 'charge_wh', 'discharge_wh', 'self_consumption_wh', 'max_power_w'] as const satisfies readonly (keyof Totals)[];

/**
 * Every `period` bucket of a plant whose start lies from `first` to `last` (local date-times
 * 'YYYY-MM-DD HH:MM', both included), with its totals from the rollups (nulls where nothing was
 * recorded). Hours that do not exist locally (clocks going forward) are left out.
 */
export async function totalsSeries(db: Db, plantId: number, timeZone: string, period: EnergyPeriod, first: string, last: string): Promise<SeriesEntry[]> {
  const e = alias(plantEnergy, 'e');
  const found = await rows<Totals & { bucket: string; start: number }>(db, sql`
    select to_char(g, ${LABEL[period]}) as bucket, ${epochMs(sql`s.start`)} as start,
      ${selectList(Object.fromEntries(TOTALS.map((total) => [total, e[total]])))}
    from generate_series(${first}::timestamp, ${last}::timestamp, ${`1 ${period}`}::interval) as g
    cross join lateral (
      -- The first instant of the bucket: the earlier one when a repeated hour makes it ambiguous.
      select case when ((g at time zone ${timeZone}) - interval '1 hour') at time zone ${timeZone} = g
        then (g at time zone ${timeZone}) - interval '1 hour' else g at time zone ${timeZone} end as start
    ) s
    left join ${plantEnergy} ${e} on ${e.plant} = ${plantId} and ${e.period} = ${period} and ${e.bucket} = g
    where ${period} <> 'hour' or (g at time zone ${timeZone}) at time zone ${timeZone} = g
    order by g`);
  return found.map((r) => ({
    bucket: r.bucket,
    start: isoInZone(new Date(r.start), timeZone),
    ...Object.fromEntries(TOTALS.map((c) => [c, round1(r[c])])) as Totals,
  }));
}

const totalsOf = ({ bucket: _b, start: _s, ...totals }: SeriesEntry): Totals => totals;
/** The first and the last day of a month, YYYY-MM-DD. */
const monthSpan = (year: number, month: number) =>
  [dateString(year, month, 1), dateString(year, month, new Date(Date.UTC(year, month, 0)).getUTCDate())] as const;

/** Daily totals of a plant from one local date to another (YYYY-MM-DD, both included). */
export const dailyTotals = (db: Db, plantId: number, timeZone: string, first: string, last: string): Promise<DayTotals[]> =>
  keptAnswer(db, plantId, `days ${first} ${last}`, daysSpan(first, last), async () =>
    (await withCurrentRollups(db, plantId, (db) => totalsSeries(db, plantId, timeZone, 'day', first, last))).map((s) => ({ date: s.bucket, ...totalsOf(s) })));

/** The daily totals of a month. */
export const monthDays = (db: Db, plantId: number, timeZone: string, year: number, month: number) =>
  dailyTotals(db, plantId, timeZone, ...monthSpan(year, month));

/** The monthly totals of a year. */
export const yearMonths = (db: Db, plantId: number, timeZone: string, year: number): Promise<MonthTotals[]> =>
  keptAnswer(db, plantId, `months ${year}`, daysSpan(`${year}-01-01`, `${year}-12-31`), async () =>
    (await withCurrentRollups(db, plantId, (db) => totalsSeries(db, plantId, timeZone, 'month', `${year}-01-01`, `${year}-12-01`)))
      .map((s) => ({ month: s.bucket, ...totalsOf(s) })));

/** The plant's first year with data (for the list of years), or null. */
export async function firstYear(db: Db, plantId: number): Promise<number | null> {
  const [row] = await db.select({ year: sql<number | null>`extract(year from min(${plantEnergy.bucket}))::int` }).from(plantEnergy)
    .where(and(eq(plantEnergy.plant, plantId), eq(plantEnergy.period, 'year')));
  return row?.year ?? null;
}

/**
 * The local day of a plant's first reading (its first rolled-up day) as a date expression, null before
 * any: expectations start there, since the portal knows nothing of what the plant made before it.
 */
export const firstReadingDay = (plant: SQLWrapper) => sql`(select min(${plantEnergy.bucket})::date from ${plantEnergy}
  where ${plantEnergy.plant} = ${plant} and ${plantEnergy.period} = 'day')`;

/** The plant's first day with a reading (YYYY-MM-DD), or null. */
export async function firstDay(db: Db, plantId: number): Promise<string | null> {
  const [row] = await rows<{ day: string | null }>(db, sql`select to_char(${firstReadingDay(sql`${plantId}::int`)}, 'YYYY-MM-DD') as day`);
  return row?.day ?? null;
}

/** The buckets of a chart type around a local date: [period, first bucket start, last bucket start]. */
async function chartSpan(db: Db, plantId: number, type: ChartType, year: number, month: number, day: number) {
  const d = dateString(year, month, day);
  const [monthStart, monthEnd] = monthSpan(year, month);
  switch (type) {
    case 'day': return ['hour', `${d} 00:00`, `${d} 23:00`] as const;
    case 'month': return ['day', monthStart, monthEnd] as const;
    case 'day-month': return ['day', monthStart, d] as const;
    case 'year': return ['month', `${year}-01-01`, `${year}-12-01`] as const;
    case 'annual': {
      const first = Math.min(year, await firstYear(db, plantId) ?? year);
      return ['year', `${first}-01-01`, `${year}-01-01`] as const;
    }
  }
}

/** The instants a chart's buckets are made of (the annual chart's first year moves with any reading). */
function chartInstants(type: ChartType, { year, month, day }: { year: number; month: number; day: number }): Span {
  const d = dateString(year, month, day);
  switch (type) {
    case 'day': return daysSpan(d, d);
    case 'month': return daysSpan(...monthSpan(year, month));
    case 'day-month': return daysSpan(monthSpan(year, month)[0], d);
    case 'year': return daysSpan(`${year}-01-01`, `${year}-12-31`);
    case 'annual': return EVERY_INSTANT;
  }
}

/** A plant's chart of `type` around a local date (see ChartData). */
export function chart(db: Db, plantId: number, timeZone: string, type: ChartType, date: { year: number; month: number; day: number }): Promise<ChartData> {
  const day = dateString(date.year, date.month, date.day);
  return keptAnswer(db, plantId, `chart ${type} ${day}`, chartInstants(type, date), async () => {
    const series = await withCurrentRollups(db, plantId, async (db) => {
      const [period, first, last] = await chartSpan(db, plantId, type, date.year, date.month, date.day);
      return totalsSeries(db, plantId, timeZone, period, first, last);
    });
    return { plant: plantId, type, date: day, unit: 'Wh', series, totals: sumTotals(series) };
  });
}

const pct = (part: number, whole: number) => (whole > 0 ? round1(Math.min(100, Math.max(0, (part / whole) * 100))) : null);

/** Sums of a set of buckets with the self-consumption and autarky ratios of those sums. */
export function sumTotals(items: Partial<Totals>[]): PeriodTotals {
  const sum = (field: keyof Totals) => round1(items.reduce((acc, i) => acc + (i[field] ?? 0), 0))!;
  const t = {
    energy_wh: sum('energy_wh'), consumption_wh: sum('consumption_wh'), import_wh: sum('import_wh'),
    export_wh: sum('export_wh'), charge_wh: sum('charge_wh'), discharge_wh: sum('discharge_wh'),
  };
  return {
    ...t,
    self_consumption_pct: pct(t.energy_wh - t.export_wh, t.energy_wh),
    autarky_pct: pct(t.consumption_wh - t.import_wh, t.consumption_wh),
  };
}
