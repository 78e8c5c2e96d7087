/**
 * Rollups: hourly, daily, monthly and yearly totals per inverter (investor_energy) and per plant
 * (plant_energy), and the plant's day curves (plant_curves, ./curves.ts), bucketed by local time in settings.time_zone, so that a chart of a month, a year or
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
 *
 * Who writes them: the rollup worker (./rollup-worker.ts), from the inverter hours storing readings
 * marked stale (rollup_stale), and a plant's rebuild when the time zone changes (./rebuild.ts).
 * Both hold the plant's rollup lock (an advisory lock per plant): two writers recomputing buckets of
 * one plant at once could each sum the other's old rows (each statement sees only what was committed
 * when it began) and leave a day or a month wrong. Reads see the rollups current at every moment
 * through withCurrentRollups.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { investorEnergy, investors, measurements, plantCurves, plantEnergy, rollupRebuild, rollupStale } from '../db/schema.js';
import { EVERY_INSTANT, keptAnswer } from './read-cache.js';
import { epochMs, intArray, name, names, rows } from '../db/sql.js';
import { readSettings } from '../core/settings.js';
import { refreshCurves } from './curves.js';

/** Advisory-lock namespace of rollup writers (the second key is the plant id). */
const ROLLUP_LOCK = 7301;

/** Takes the rollup locks of plants, in id order (so two holders cannot deadlock), waiting for each. */
export async function lockPlants(tx: Db, plants: Iterable<number>) {
  const ids = [...new Set(plants)].sort((a, b) => a - b);
  if (ids.length) await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK}::int, id) from unnest(${intArray(ids)}::int[]) as id`);
}

/** Takes, without waiting, the rollup locks of those of `plants` no one else holds; returns those plants. */
export async function tryLockPlants(tx: Db, plants: number[]): Promise<number[]> {
  if (!plants.length) return [];
  return (await rows<{ id: number }>(tx, sql`
    select id from unnest(${intArray(plants)}::int[]) as id where pg_try_advisory_xact_lock(${ROLLUP_LOCK}::int, id)`)).map((r) => r.id);
}

export interface StaleHour { investor: number; plant: number; hour: number }

/**
 * Refreshes the buckets of stale inverter hours (UTC hours, epoch ms), under their plants' rollup
 * locks held by the caller. A UTC hour names the local hour of each of its ends: the same one in a
 * whole-hour zone, two in a zone offset by half an hour, both recomputed whole.
 */
export async function refreshStale(tx: Db, stale: StaleHour[]) {
  if (!stale.length) return;
  const { timeZone } = await readSettings(tx);
  const points = stale.flatMap((s) => [{ investor: s.investor, ts: new Date(s.hour) }, { investor: s.investor, ts: new Date(s.hour + HOUR_MS - 1) }]);
  await refreshRollups(tx, timeZone, points, new Map(stale.map((s) => [s.investor, s.plant])));
}

/** What a plant's rollups lack: hours stale since readings came, and a rebuild in a new time zone (./rebuild.ts). */
interface Lag { rebuild: boolean; stale: StaleHour[] }

/**
 * A plant's lag as `withCurrentRollups` first asks for it: "none" is kept (with the monitoring
 * answers, ./read-cache.ts) until a reading of the plant is stored, changed or removed, or the
 * settings change, the only ways a plant gets a stale hour or a rebuild; any lag is asked for again
 * each time, since the worker clears it without telling. A chart's first read is then one statement,
 * not two.
 */
const lagKept = (db: Db, plant: number) =>
  keptAnswer(db, plant, 'lag', EVERY_INSTANT, () => lagOf(db, plant), (lag) => !lag.rebuild && !lag.stale.length);

/** The stale hours of a plant's inverters, and whether the plant waits for a rebuild: one statement. */
async function lagOf(db: Db, plant: number): Promise<Lag> {
  const s = alias(rollupStale, 's');
  const found = await rows<{ investor: number | null; plant: number; hour: number | null }>(db, sql`
    select ${s.investor} as investor, ${investors.plant} as plant, ${epochMs(s.hour)} as hour
    from ${rollupStale} ${s} join ${investors} on ${investors.id} = ${s.investor}
    where ${investors.plant} = ${plant}
    union all
    select null, ${rollupRebuild.plant}, null from ${rollupRebuild} where ${rollupRebuild.plant} = ${plant}`);
  return { rebuild: found.some((r) => r.investor === null), stale: found.filter((r): r is StaleHour => r.investor !== null) };
}

/** Thrown to end a transaction with ROLLBACK once its read is done. */
class ReadDone extends Error {}

/**
 * Runs `read` (queries of one plant's rollups) on rollups as current as its raw points, at every
 * moment, whatever the worker's lag: the real-time aggregates of TimescaleDB, done the plain way.
 * When the plant has no stale hour (the usual case, the worker being seconds behind) the read runs as
 * it is. Otherwise it runs in a transaction that first recomputes the stale buckets from the raw
 * points, exactly as the worker will (the same statements, so no second definition of a bucket),
 * then rolls back: the read sees the rollups combined with the raw points of the hours not yet
 * rolled up, and leaves the stored rollups and the queue to the worker. The plant's rollup lock makes
 * it wait for a worker busy on that plant (whose result it then sees) rather than race it.
 * A plant still waiting for its rebuild in a new time zone is rebuilt first, for good (seconds for a
 * year of data, once): no chart mixes the buckets of two zones.
 */
export async function withCurrentRollups<T>(db: Db, plant: number, read: (db: Db) => Promise<T>): Promise<T> {
  let lag = await lagKept(db, plant);
  if (lag.rebuild) {
    await rebuildPlant(db, plant, true);
    lag = await lagOf(db, plant);
  }
  if (!lag.stale.length) return read(db);
  let result: { value: T } | undefined;
  try {
    await db.transaction(async (tx) => {
      await lockPlants(tx, [plant]);
      await refreshStale(tx, (await lagOf(tx, plant)).stale);
      result = { value: await read(tx) };
      throw new ReadDone();
    });
  } catch (err) {
    if (!(err instanceof ReadDone)) throw err;
  }
  return result!.value;
}

/**
 * Rebuilds a plant queued in rollup_rebuild (./rebuild.ts): deletes its buckets, at both levels, and
 * its curves, computes them again from all its raw points in the current zone, and takes it off the
 * queue, in one transaction under its rollup lock: waiting for the lock (`wait`: a read) or leaving
 * the plant to whoever holds it (a worker). Returns whether it rebuilt the plant (false: no longer
 * queued, or held elsewhere).
 */
export async function rebuildPlant(db: Db, plant: number, wait: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (wait) await lockPlants(tx, [plant]);
    else if (!(await tryLockPlants(tx, [plant])).length) return false;
    // Locked, so that a change of zone committing meanwhile queues the plant again once this ends
    // (its INSERT ... ON CONFLICT waits for this row): this rebuild may be in the zone before it.
    const queued = await tx.select({ plant: rollupRebuild.plant }).from(rollupRebuild).where(eq(rollupRebuild.plant, plant)).for('update');
    if (!queued.length) return false;
    const { timeZone } = await readSettings(tx);
    const inverters = tx.select({ id: investors.id }).from(investors).where(eq(investors.plant, plant));
    await tx.delete(investorEnergy).where(inArray(investorEnergy.investor, inverters));
    await tx.delete(plantEnergy).where(eq(plantEnergy.plant, plant));
    await tx.delete(plantCurves).where(eq(plantCurves.plant, plant));
    // One instant per inverter and local hour is enough to name every bucket.
    const hours = await tx.select({ investor: measurements.investor, ts: epochMs(sql`min(${measurements.ts})`) })
      .from(measurements).innerJoin(investors, eq(investors.id, measurements.investor))
      .where(eq(investors.plant, plant))
      .groupBy(measurements.investor, sql`date_trunc('hour', ${measurements.ts} at time zone ${timeZone})`);
    await refreshRollups(tx, timeZone, hours.map((h) => ({ investor: h.investor, ts: new Date(h.ts) })),
      new Map(hours.map((h) => [h.investor, plant])));
    await tx.delete(rollupRebuild).where(eq(rollupRebuild.plant, plant));
    return true;
  });
}

const HOUR_MS = 3_600_000;

interface Bucket { k: number; b: string }
interface Range { k: number; lo: string; hi: string }

/** The energies of an interval (on each point) and of a bucket. */
const ENERGIES = ['energy_wh', 'consumption_wh', 'import_wh', 'export_wh', 'charge_wh', 'discharge_wh'] as const;
/** A bucket's totals (the same columns in both rollup tables); the summed ones add up the level below. */
const SUMMED = [...ENERGIES, 'self_consumption_wh'] as const;
const TOTALS = [...SUMMED, 'max_power_w', 'samples', 'first_counter_wh', 'last_counter_wh'] as const;

/** Sums of the columns `keys` of `of` (a table or its alias). */
const sumsOf = <K extends string>(keys: readonly K[], of: Record<K, PgColumn>) =>
  Object.fromEntries(keys.map((k) => [k, sql`sum(${of[k]})`])) as Record<K, SQL>;

/** A rollup table, or its alias. */
type Rollup = PgTable & Record<typeof TOTALS[number] | 'period' | 'bucket', PgColumn>;
/** A rollup table with the column of its key (the inverter or the plant), and the same as `e`: the rows one level below. */
interface Level { table: Rollup; key: PgColumn; e: Rollup; eKey: PgColumn }
const inverterRows = alias(investorEnergy, 'e');
const plantRows = alias(plantEnergy, 'e');
const INVERTER: Level = { table: investorEnergy, key: investorEnergy.investor, e: inverterRows, eKey: inverterRows.investor };
const PLANT: Level = { table: plantEnergy, key: plantEnergy.plant, e: plantRows, eKey: plantRows.plant };

/** What one row of a level is made of: its key, period and bucket, and each total. */
type BucketValues = Record<'key' | 'period' | 'bucket' | typeof TOTALS[number], SQL>;

/**
 * INSERT ... SELECT of a level's buckets, each value computed over the rows `from` groups (FROM ...
 * GROUP BY ...). A bucket that exists is recomputed, never incremented; the RETURNING names the
 * buckets written, for the level above.
 */
function upsert({ table, key }: Level, values: BucketValues, from: SQL) {
  const totals = TOTALS.map((total) => table[total]);
  return sql`
    insert into ${table} (${names([key, table.period, table.bucket, ...totals])})
    select ${sql.join([values.key, values.period, values.bucket, ...TOTALS.map((total) => values[total])], sql`, `)}
    ${from}
    on conflict (${names([key, table.period, table.bucket])}) do update set ${sql.join(totals.map((c) => sql`${name(c)} = excluded.${name(c)}`), sql`, `)}
    returning ${name(key)} as k, ${name(table.bucket)}::text as b`;
}

/** A local hour spans at most two real hours (the repeated hour when clocks go back). */
const HOUR_REACH_MS = 2 * HOUR_MS;
const LEVELS = [['hour', 'day'], ['day', 'month'], ['month', 'year']] as const;

/**
 * Refreshes every bucket, at both levels, and the plant's curve of every local hour (./curves.ts)
 * that contains one of `points`; `plantOf` maps each of their inverters to its plant.
 */
export async function refreshRollups(db: Db, timeZone: string, points: { investor: number; ts: Date }[], plantOf: Map<number, number>) {
  if (!points.length) return;
  const json = JSON.stringify(points.map((p) => ({ k: p.investor, t: p.ts.toISOString() })));
  const hours = await investorHours(db, timeZone, json, reach(points, (p) => p.investor));
  let buckets = hours;
  for (const [child, parent] of LEVELS) buckets = await rollUp(db, INVERTER, child, parent, buckets);
  buckets = await plantHours(db, timeZone, hours, reach(points, (p) => plantOf.get(p.investor)!));
  for (const [child, parent] of LEVELS) buckets = await rollUp(db, PLANT, child, parent, buckets);
  await refreshCurves(db, timeZone, points.map((p) => ({ plant: plantOf.get(p.investor)!, ts: p.ts })));
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

/** The inverter hours containing `points`, from their raw points. */
async function investorHours(db: Db, tz: string, points: string, ranges: Range[]) {
  const m = alias(measurements, 'm');
  return rows<Bucket>(db, sql`
    with h as (
      select distinct x.k, date_trunc('hour', x.t at time zone ${tz}) as bucket
      from jsonb_to_recordset(${points}::jsonb) as x(k int, t timestamptz)
    ),
    m as (
      select ${m}.*, date_trunc('hour', ${m.ts} at time zone ${tz}) as bucket
      from jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb) as r(k int, lo timestamptz, hi timestamptz)
      cross join lateral (select * from ${measurements} ${m} where ${m.investor} = r.k and ${m.ts} >= r.lo and ${m.ts} < r.hi offset 0) ${m}
    )
    ${upsert(INVERTER, {
      key: sql`${m.investor}`, period: sql`'hour'`, bucket: sql`m.bucket`,
      ...sumsOf(ENERGIES, m),
      self_consumption_wh: sql`sum(greatest(${m.energy_wh} - ${m.export_wh}, 0))`,
      max_power_w: sql`max(${m.ac_power_w})`,
      samples: sql`count(*)::int`,
      // A counter of 0 (stored before store.ts refused it) is none: a device asleep.
      first_counter_wh: sql`(array_agg(${m.energy_total_wh} order by ${m.ts}) filter (where ${m.energy_total_wh} <> 0))[1]`,
      last_counter_wh: sql`(array_agg(${m.energy_total_wh} order by ${m.ts} desc) filter (where ${m.energy_total_wh} <> 0))[1]`,
    }, sql`from m join h on h.k = ${m.investor} and h.bucket = m.bucket group by ${m.investor}, m.bucket`)}`);
}

/** The plant hours of the inverter hours `hours`: their sums, and the peak of the plant's summed power. */
async function plantHours(db: Db, tz: string, hours: Bucket[], ranges: Range[]) {
  const m = alias(measurements, 'm');
  const e = alias(investorEnergy, 'e');
  const i = alias(investors, 'i');
  const j = alias(investors, 'j');
  return rows<Bucket>(db, sql`
    with h as (
      select distinct ${i.plant} as k, x.b as bucket
      from jsonb_to_recordset(${JSON.stringify(hours)}::jsonb) as x(k int, b timestamp) join ${investors} ${i} on ${i.id} = x.k
    ),
    instants as (
      select r.k, ${m.ts} as ts, sum(${m.ac_power_w}) as power
      from jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb) as r(k int, lo timestamptz, hi timestamptz)
      join ${investors} ${j} on ${j.plant} = r.k
      cross join lateral (select ${m.ts}, ${m.ac_power_w} from ${measurements} ${m} where ${m.investor} = ${j.id} and ${m.ts} >= r.lo and ${m.ts} < r.hi offset 0) ${m}
      group by r.k, ${m.ts}
    ),
    peaks as (
      select k, date_trunc('hour', ts at time zone ${tz}) as bucket, max(power) as power from instants group by 1, 2
    )
    ${upsert(PLANT, {
      key: sql`h.k`, period: sql`'hour'`, bucket: sql`h.bucket`,
      ...sumsOf(SUMMED, e),
      max_power_w: sql`max(p.power)`,
      samples: sql`sum(${e.samples})::int`,
      first_counter_wh: sql`sum(${e.first_counter_wh})`,
      last_counter_wh: sql`sum(${e.last_counter_wh})`,
    }, sql`
      from h
      join ${investors} ${i} on ${i.plant} = h.k
      cross join lateral (select * from ${investorEnergy} ${e} where ${e.investor} = ${i.id} and ${e.period} = 'hour' and ${e.bucket} = h.bucket offset 0) ${e}
      left join peaks p on p.k = h.k and p.bucket = h.bucket
      group by h.k, h.bucket`)}`);
}

/** Recomputes the `parent` buckets (day, month, year) containing `children` from their `child` rows. */
async function rollUp(db: Db, level: Level, child: string, parent: string, children: Bucket[]) {
  if (!children.length) return [];
  const { e } = level;
  return rows<Bucket>(db, sql`
    with t as (
      select distinct x.k, date_trunc(${parent}, x.b) as bucket
      from jsonb_to_recordset(${JSON.stringify(children)}::jsonb) as x(k int, b timestamp)
    )
    ${upsert(level, {
      key: sql`t.k`, period: sql`${parent}`, bucket: sql`t.bucket`,
      ...sumsOf(SUMMED, e),
      max_power_w: sql`max(${e.max_power_w})`,
      samples: sql`sum(${e.samples})::int`,
      first_counter_wh: sql`(array_agg(${e.first_counter_wh} order by ${e.bucket}) filter (where ${e.first_counter_wh} is not null))[1]`,
      last_counter_wh: sql`(array_agg(${e.last_counter_wh} order by ${e.bucket} desc) filter (where ${e.last_counter_wh} is not null))[1]`,
    }, sql`
      from t cross join lateral (
        select * from ${level.table} ${e}
        where ${level.eKey} = t.k and ${e.period} = ${child} and ${e.bucket} >= t.bucket and ${e.bucket} < t.bucket + ${`1 ${parent}`}::interval offset 0
      ) ${e}
      group by t.k, t.bucket`)}`);
}
