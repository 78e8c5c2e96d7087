/**
 * Rollups: hourly, daily, monthly and yearly totals per inverter (investor_energy) and per plant
 * (plant_energy), bucketed by local time in settings.time_zone, so that a chart of a month, a year or
 * several years reads a handful of rows instead of raw points.
 *
 * Every affected bucket is RECOMPUTED from the level below, never incremented, which is what makes
 * ingest idempotent: inverter hours from raw points (the interval energy stored on each point), plant
 * hours from inverter hours (plus the plant's peak: the highest sum of its inverters' power at one
 * instant), then day from hours, month from days and year from months at both levels. Each level is
 * one INSERT ... SELECT ... ON CONFLICT DO UPDATE over all the buckets a batch touched, and its
 * RETURNING names the buckets to refresh one level up.
 *
 * Every read of a bigger table is a LATERAL subquery keyed on the outer row and fenced with OFFSET 0
 * (so it is not flattened into a join), hence an index range scan whatever the planner's statistics
 * say: PGlite never analyzes by itself, and a stale estimate would otherwise turn each batch into a
 * scan of the whole table.
 *
 * A local hour is what PostgreSQL says it is (`date_trunc('hour', ts AT TIME ZONE tz)`): on the day
 * clocks go back, the repeated hour is one bucket holding two hours of readings (a 25-hour day); on
 * the day they go forward the skipped hour has no bucket (a 23-hour day).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rows } from './time.js';

interface Bucket { k: number; b: string }
interface Range { k: number; lo: string; hi: string }

const SUMMED = ['energy_wh', 'consumption_wh', 'import_wh', 'export_wh', 'charge_wh', 'discharge_wh', 'self_consumption_wh'];
const ALL = [...SUMMED, 'max_power_w', 'samples', 'first_counter_wh', 'last_counter_wh'];
const COLUMNS = sql.raw(ALL.join(', '));
const UPDATE_ALL = sql.raw(ALL.map((c) => `${c} = excluded.${c}`).join(', '));
const sums = (alias: string) => sql.raw(SUMMED.map((c) => `sum(${alias}.${c})`).join(', '));

const HOUR_MS = 3_600_000;
/** A local hour spans at most two real hours (the repeated hour when clocks go back). */
const HOUR_REACH_MS = 2 * HOUR_MS;
const LEVELS = [['hour', 'day'], ['day', 'month'], ['month', 'year']] as const;

/**
 * Refreshes every bucket, at both levels, that contains one of `points`; `plantOf` maps each of their
 * inverters to its plant.
 */
export async function refreshRollups(db: Db, timeZone: string, points: { investor: number; ts: Date }[], plantOf: Map<number, number>) {
  if (!points.length) return;
  const json = JSON.stringify(points.map((p) => ({ k: p.investor, t: p.ts.toISOString() })));
  const hours = await investorHours(db, timeZone, json, reach(points, (p) => p.investor));
  let buckets = hours;
  for (const [child, parent] of LEVELS) buckets = await rollUp(db, 'investor', child, parent, buckets);
  buckets = await plantHours(db, timeZone, hours, reach(points, (p) => plantOf.get(p.investor)!));
  for (const [child, parent] of LEVELS) buckets = await rollUp(db, 'plant', child, parent, buckets);
}

/**
 * The stretches of time to read for the buckets of `points`, per key (inverter or plant): runs of
 * points no more than a few hours apart, widened by the reach of a local hour on both sides. Reading
 * a few contiguous ranges beats probing the index once per bucket.
 */
function reach(points: { investor: number; ts: Date }[], keyOf: (p: { investor: number; ts: Date }) => number): Range[] {
  const byKey = new Map<number, number[]>();
  for (const p of points) {
    const key = keyOf(p);
    let instants = byKey.get(key);
    if (!instants) byKey.set(key, instants = []);
    instants.push(p.ts.getTime());
  }
  const ranges: Range[] = [];
  for (const [k, instants] of byKey) {
    instants.sort((a, b) => a - b);
    let lo = instants[0];
    for (let i = 1; i <= instants.length; i++) {
      if (i === instants.length || instants[i] - instants[i - 1] > 3 * HOUR_REACH_MS) {
        ranges.push({ k, lo: new Date(lo - HOUR_REACH_MS).toISOString(), hi: new Date(instants[i - 1] + HOUR_REACH_MS).toISOString() });
        lo = instants[i];
      }
    }
  }
  return ranges;
}

async function investorHours(db: Db, tz: string, points: string, ranges: Range[]) {
  return rows<Bucket>(db, sql`
    with h as (
      select distinct x.k, date_trunc('hour', x.t at time zone ${tz}) as bucket
      from jsonb_to_recordset(${points}::jsonb) as x(k int, t timestamptz)
    ),
    m as (
      select m.*, date_trunc('hour', m.ts at time zone ${tz}) as bucket, greatest(m.energy_wh - m.export_wh, 0) as self_consumption_wh
      from jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb) as r(k int, lo timestamptz, hi timestamptz)
      cross join lateral (select * from measurements m where m.investor_id = r.k and m.ts >= r.lo and m.ts < r.hi offset 0) m
    )
    insert into investor_energy (investor_id, period, bucket, ${COLUMNS})
    select m.investor_id, 'hour', m.bucket, ${sums('m')}, max(m.ac_power_w), count(*)::int,
      (array_agg(m.energy_total_wh order by m.ts) filter (where m.energy_total_wh is not null))[1],
      (array_agg(m.energy_total_wh order by m.ts desc) filter (where m.energy_total_wh is not null))[1]
    from m join h on h.k = m.investor_id and h.bucket = m.bucket
    group by m.investor_id, m.bucket
    on conflict (investor_id, period, bucket) do update set ${UPDATE_ALL}
    returning investor_id as k, bucket::text as b`);
}

async function plantHours(db: Db, tz: string, hours: Bucket[], ranges: Range[]) {
  return rows<Bucket>(db, sql`
    with h as (
      select distinct i.plant_id as k, x.b as bucket
      from jsonb_to_recordset(${JSON.stringify(hours)}::jsonb) as x(k int, b timestamp) join investors i on i.id = x.k
    ),
    instants as (
      select r.k, m.ts, sum(m.ac_power_w) as power
      from jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb) as r(k int, lo timestamptz, hi timestamptz)
      join investors j on j.plant_id = r.k
      cross join lateral (select m.ts, m.ac_power_w from measurements m where m.investor_id = j.id and m.ts >= r.lo and m.ts < r.hi offset 0) m
      group by r.k, m.ts
    ),
    peaks as (
      select k, date_trunc('hour', ts at time zone ${tz}) as bucket, max(power) as power from instants group by 1, 2
    )
    insert into plant_energy (plant_id, period, bucket, ${COLUMNS})
    select h.k, 'hour', h.bucket, ${sums('e')}, max(p.power), sum(e.samples)::int, sum(e.first_counter_wh), sum(e.last_counter_wh)
    from h
    join investors i on i.plant_id = h.k
    cross join lateral (select * from investor_energy e where e.investor_id = i.id and e.period = 'hour' and e.bucket = h.bucket offset 0) e
    left join peaks p on p.k = h.k and p.bucket = h.bucket
    group by h.k, h.bucket
    on conflict (plant_id, period, bucket) do update set ${UPDATE_ALL}
    returning plant_id as k, bucket::text as b`);
}

/** Recomputes the `parent` buckets (day, month, year) containing `children` from their `child` rows. */
async function rollUp(db: Db, level: 'investor' | 'plant', child: string, parent: string, children: Bucket[]) {
  if (!children.length) return [];
  const table = sql.raw(level === 'investor' ? 'investor_energy' : 'plant_energy');
  const key = sql.raw(level === 'investor' ? 'investor_id' : 'plant_id');
  return rows<Bucket>(db, sql`
    with t as (
      select distinct x.k, date_trunc(${parent}, x.b) as bucket
      from jsonb_to_recordset(${JSON.stringify(children)}::jsonb) as x(k int, b timestamp)
    )
    insert into ${table} (${key}, period, bucket, ${COLUMNS})
    select t.k, ${parent}, t.bucket, ${sums('e')}, max(e.max_power_w), sum(e.samples)::int,
      (array_agg(e.first_counter_wh order by e.bucket) filter (where e.first_counter_wh is not null))[1],
      (array_agg(e.last_counter_wh order by e.bucket desc) filter (where e.last_counter_wh is not null))[1]
    from t cross join lateral (
      select * from ${table} e
      where e.${key} = t.k and e.period = ${child} and e.bucket >= t.bucket and e.bucket < t.bucket + ${`1 ${parent}`}::interval offset 0
    ) e
    group by t.k, t.bucket
    on conflict (${key}, period, bucket) do update set ${UPDATE_ALL}
    returning ${key} as k, bucket::text as b`);
}
