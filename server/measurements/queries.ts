/**
 * Reading measurements back: a day's curve from raw points (one local day, summed over the plant's
 * inverters), totals per hour, day, month or year from the rollups, and the latest reading of each
 * inverter. Local dates and hours are in settings.time_zone and computed by PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { DcReading, EnergyPeriod } from '../db/schema.js';
import { epochMs, isoInZone, rows } from './time.js';

const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);

export interface CurvePoint {
  ts: string;
  power_w: number | null;
  consumption_w: number | null;
  battery_power_w: number | null;
  battery_soc: number | null;
  grid_import_w: number | null;
  grid_export_w: number | null;
}

/**
 * The 5-minute curve of one local day of a plant: each inverter's readings averaged per 5-minute slot
 * (so devices reporting every minute or off the grid line up), then summed over the inverters; the
 * battery charge is their mean. Reads the raw points of that day only.
 */
export async function dayCurve(db: Db, plantId: number, timeZone: string, date: string): Promise<CurvePoint[]> {
  const found = await rows<Omit<CurvePoint, 'ts'> & { ts: number }>(db, sql`
    select ${sql.raw(epochMs('slot'))} as ts,
      round(sum(ac))::float8 as power_w, round(sum(consumption))::float8 as consumption_w,
      round(sum(battery))::float8 as battery_power_w, avg(soc)::float8 as battery_soc,
      round(sum(import))::float8 as grid_import_w, round(sum(export))::float8 as grid_export_w
    from (
      select m.investor_id, date_bin('5 minutes', m.ts, timestamptz '2000-01-01 00:00:00+00') as slot,
        avg(m.ac_power_w) as ac, avg(m.consumption_w) as consumption, avg(m.battery_power_w) as battery,
        avg(m.battery_soc) as soc, avg(m.grid_import_w) as import, avg(m.grid_export_w) as export
      from investors i cross join lateral (
        select * from measurements m
        where m.investor_id = i.id
          and m.ts >= (${date}::timestamp at time zone ${timeZone}) - interval '3 hours'
          and m.ts < ((${date}::timestamp + interval '1 day') at time zone ${timeZone}) + interval '3 hours'
        offset 0
      ) m
      where i.plant_id = ${plantId} and (m.ts at time zone ${timeZone})::date = ${date}::date
      group by 1, 2
    ) s
    group by slot
    order by slot`);
  return found.map((p) => ({ ...p, ts: isoInZone(new Date(p.ts), timeZone), battery_soc: round1(p.battery_soc) }));
}

/** Totals of one bucket, Wh (peak in W); all null when no reading fell in it. */
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

export interface SeriesItem extends Totals {
  /** The bucket as a local label: 2026-01-31T14:00 (hour), 2026-01-31 (day), 2026-01 (month), 2026 (year). */
  bucket: string;
  /** Its first instant, ISO 8601 with offset. */
  start: string;
}

const LABEL: Record<EnergyPeriod, string> = { hour: 'YYYY-MM-DD"T"HH24:00', day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };
const TOTALS = ['energy_wh', 'consumption_wh', 'import_wh', 'export_wh', 'charge_wh', 'discharge_wh', 'self_consumption_wh', 'max_power_w'] as const;

/**
 * Every `period` bucket of a plant whose start lies from `first` to `last` (local date-times
 * 'YYYY-MM-DD HH:MM', both included), with its totals from the rollups (nulls where nothing was
 * recorded). Hours that do not exist locally (clocks going forward) are left out.
 */
export async function totalsSeries(db: Db, plantId: number, timeZone: string, period: EnergyPeriod, first: string, last: string): Promise<SeriesItem[]> {
  const found = await rows<Totals & { bucket: string; start: number }>(db, sql`
    select to_char(g, ${LABEL[period]}) as bucket,
      ${sql.raw(epochMs('s.start'))} as start,
      ${sql.raw(TOTALS.map((c) => `e.${c}`).join(', '))}
    from generate_series(${first}::timestamp, ${last}::timestamp, ${`1 ${period}`}::interval) as g
    cross join lateral (
      -- The first instant of the bucket: the earlier one when a repeated hour makes it ambiguous.
      select case when ((g at time zone ${timeZone}) - interval '1 hour') at time zone ${timeZone} = g
        then (g at time zone ${timeZone}) - interval '1 hour' else g at time zone ${timeZone} end as start
    ) s
    left join plant_energy e on e.plant_id = ${plantId} and e.period = ${period} and e.bucket = g
    where ${period} <> 'hour' or (g at time zone ${timeZone}) at time zone ${timeZone} = g
    order by g`);
  return found.map((r) => ({
    bucket: r.bucket,
    start: isoInZone(new Date(r.start), timeZone),
    ...Object.fromEntries(TOTALS.map((c) => [c, round1(r[c])])) as unknown as Totals,
  }));
}

/** The plant's first year with data (for the list of years), or null. */
export async function firstYear(db: Db, plantId: number): Promise<number | null> {
  const [row] = await rows<{ year: number | null }>(db, sql`
    select extract(year from min(bucket))::int as year from plant_energy where plant_id = ${plantId} and period = 'year'`);
  return row?.year ?? null;
}

export interface PeriodTotals {
  energy_wh: number;
  consumption_wh: number;
  import_wh: number;
  export_wh: number;
  charge_wh: number;
  discharge_wh: number;
  /** Share of the PV energy used on site: (produced − exported) / produced; null without production. */
  self_consumption_pct: number | null;
  /** Share of the consumption covered without the grid: (consumed − imported) / consumed; null without consumption. */
  autarky_pct: number | null;
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

export interface Reading {
  investor: number;
  ts: string;
  status: string | null;
  ac_power_w: number;
  dc: DcReading[];
  energy_total_wh: number | null;
  grid_import_w: number | null;
  grid_export_w: number | null;
  consumption_w: number | null;
  battery_power_w: number | null;
  battery_soc: number | null;
}

/** The latest reading of each inverter (of a plant, or one inverter), with the inverter's name; null reading when it has none. */
export async function latestReadings(db: Db, timeZone: string, where: { plant: number } | { investor: number }) {
  const found = await rows<Omit<Reading, 'ts'> & { name: string; ts: number | null }>(db, sql`
    select i.id as investor, i.name, ${sql.raw(epochMs('m.ts'))} as ts, m.status, m.ac_power_w, m.dc, m.energy_total_wh,
      m.grid_import_w, m.grid_export_w, m.consumption_w, m.battery_power_w, m.battery_soc
    from investors i
    left join lateral (select * from measurements m where m.investor_id = i.id order by m.ts desc limit 1) m on true
    where ${'plant' in where ? sql`i.plant_id = ${where.plant}` : sql`i.id = ${where.investor}`}
    order by i.id`);
  return found.map(({ name, ts, ...r }) => ({
    investor: r.investor,
    name,
    at: ts === null ? null : new Date(ts),
    reading: ts === null ? null : { ...r, ts: isoInZone(new Date(ts), timeZone), dc: r.dc ?? [] } as Reading,
  }));
}
