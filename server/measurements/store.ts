/**
 * Storing readings, whatever their source (push ingest, demo feed, a collector). One call is one
 * transaction: the raw points, the energy of each new interval, each inverter's last reading
 * (last_readings, which the fleet view reads) and the inverter hours whose rollups they make stale
 * (rollup_stale). The rollups themselves are brought up to date shortly after by the
 * rollup worker (./rollup-worker.ts), and reads meanwhile see them current (./rollups.ts
 * withCurrentRollups): storing appends, it does not recompute.
 *
 * Idempotent by construction:
 * - a point is keyed by (inverter, instant) and inserted with ON CONFLICT DO NOTHING: the first copy
 *   stays, a repeated one is counted as a duplicate and changes nothing (a device's later "correction"
 *   of a stored instant is ignored too: readings are facts, not drafts);
 * - the energy of an interval is stored on the point that closes it and derived from its
 *   predecessor as stored: for each new point, and for the stored point right after it (a late point
 *   splits its successor's interval), it is computed afresh, never accumulated;
 * - rollup buckets are recomputed from the level below (./rollups.ts), never incremented.
 * Re-sending a batch, in any order or split in any way, leaves the same rows.
 *
 * Cost: the stored neighbours of a batch are read first (for each run of the batch: the rows inside
 * it and one on either side), so the energies go in with the insert itself; a fresh run of points
 * costs one insert plus one insert of its stale hours. Writers to one inverter are serialized with a
 * transaction-scoped advisory lock, since each derives energies from rows the other may be writing;
 * writers to different inverters (of one plant too) never wait for each other.
 */
import { getTableColumns, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { investors, lastReadings, measurements, rollupStale, type DcReading } from '../db/schema.js';
import { epochMs, intArray, name, names, recordset, rows, selectList } from '../db/sql.js';
import { readingsChanged } from './read-cache.js';
import { CHANGES_CHANNEL } from '../db/changes.js';

export interface Reading {
  investor: number;
  ts: Date;
  status?: string | null;
  ac_power_w: number;
  pv_power_w?: number | null;
  dc?: DcReading[] | null;
  energy_total_wh?: number | null;
  energy_day_wh?: number | null;
  energy_year_wh?: number | null;
  grid_import_w?: number | null;
  grid_export_w?: number | null;
  consumption_w?: number | null;
  battery_power_w?: number | null;
  battery_soc?: number | null;
}

/**
 * A device asleep: no counter (none, or 0) and no power. A Fronius Datamanager pushes
 * `"PAC":{"Values":{}}` and `"TOTAL_ENERGY":{"Values":{"1":0}}` from dusk to midnight: that 0 is not
 * a counter, and a counter that drops to 0 and comes back was never reset. So a counter of 0 is never
 * stored (storeReadings), and across a device's sleep its counter runs on from the last one it gave
 * (`effectiveCounters`): the first counter after the night counts what was made since the evening,
 * and a counter that comes back smaller (a replaced inverter, a counter restarted) is a reset as before.
 */
export function asleep(p: Pick<Reading, 'ac_power_w' | 'pv_power_w' | 'energy_total_wh'>) {
  return !p.energy_total_wh && !((p.ac_power_w ?? 0) > 0) && !((p.pv_power_w ?? 0) > 0);
}

/** A device counter as stored: 0 is no counter (see `asleep`). */
const counter = (wh: number | null | undefined) => (wh ? wh : null);

/**
 * Each point's counter as the energy of its interval reads it: its own; for a point asleep, its
 * predecessor's (`base` overrides that for a point whose predecessors were not loaded); otherwise none.
 */
export function effectiveCounters(points: Sample[], base = new Map<number, number | null>()) {
  let running: number | null = null;
  return points.map((p) => {
    const t = p.ts.getTime();
    running = counter(p.energy_total_wh) ?? (asleep(p) ? (base.has(t) ? base.get(t)! : running) : null);
    return running;
  });
}

/** What the energy of an interval is computed from, at each end. */
const SAMPLED = ['ac_power_w', 'pv_power_w', 'energy_total_wh', 'grid_import_w', 'grid_export_w', 'consumption_w', 'battery_power_w'] as const;
type Sample = Pick<Reading, typeof SAMPLED[number]> & { ts: Date };

export interface IntervalEnergy {
  energy_wh: number;
  consumption_wh: number;
  import_wh: number;
  export_wh: number;
  charge_wh: number;
  discharge_wh: number;
}

/**
 * Longest interval whose power is integrated as it is. Past it the readings are too far apart to say
 * what happened in between: only the last MAX_GAP before the closing point counts, at that point's
 * power. (A device counter needs no such guess: its difference is what was produced, gap or not.)
 */
export const MAX_GAP_MS = 15 * 60_000;

const HOUR_MS = 3_600_000;

/**
 * The energy of the interval from `prev` to `cur` (zero for an inverter's first point). Production
 * is the trapezoid of the PV power when either point gives one (a hybrid: its AC output, and so its
 * AC counter, includes what its battery gives back at night and leaves out what the panels put into
 * the battery). Otherwise it comes from the device counter when both points have one and it did not
 * go backwards; after a reset (new device, counter cleared), or without a counter, from the
 * trapezoid of the AC power. The other flows have no counters: always integrated; a value missing at
 * one end takes the other end's.
 */
export function intervalEnergy(prev: Sample | null, cur: Sample): IntervalEnergy {
  if (!prev) return { energy_wh: 0, consumption_wh: 0, import_wh: 0, export_wh: 0, charge_wh: 0, discharge_wh: 0 };
  const dt = cur.ts.getTime() - prev.ts.getTime();
  const integrate = (a: number | null | undefined, b: number | null | undefined) => {
    const end = b ?? a ?? 0;
    const start = a ?? end;
    return dt <= MAX_GAP_MS ? ((start + end) / 2) * (dt / HOUR_MS) : end * (MAX_GAP_MS / HOUR_MS);
  };
  const counted = cur.energy_total_wh != null && prev.energy_total_wh != null && cur.energy_total_wh >= prev.energy_total_wh
    ? cur.energy_total_wh - prev.energy_total_wh : null;
  const battery = (sign: 1 | -1) => integrate(
    prev.battery_power_w == null ? null : Math.max(0, sign * prev.battery_power_w),
    cur.battery_power_w == null ? null : Math.max(0, sign * cur.battery_power_w));
  return {
    energy_wh: prev.pv_power_w != null || cur.pv_power_w != null
      ? Math.max(0, integrate(prev.pv_power_w, cur.pv_power_w))
      : counted ?? Math.max(0, integrate(prev.ac_power_w, cur.ac_power_w)),
    consumption_wh: integrate(prev.consumption_w, cur.consumption_w),
    import_wh: integrate(prev.grid_import_w, cur.grid_import_w),
    export_wh: integrate(prev.grid_export_w, cur.grid_export_w),
    charge_wh: battery(1),
    discharge_wh: battery(-1),
  };
}

export interface StoreResult { stored: number; duplicates: number }
/** A store's counts and the points it wrote (those not already stored), by inverter and instant. */
export interface Stored extends StoreResult { inserted: { investor: number; ts: Date }[] }

/** Points of a batch further apart than this are looked up as separate runs. */
const RUN_GAP_MS = 6 * HOUR_MS;
/** Advisory-lock namespace of measurement writers (the second key is the inverter id). */
const LOCK_NAMESPACE = 7302;

/** Stores readings of any inverters (the caller has checked that they exist); see the module comment. */
export async function storeReadings(db: Db, readings: Reading[]): Promise<Stored> {
  const byInverter = new Map<number, Map<number, Reading>>();
  for (const r of readings) {
    let points = byInverter.get(r.investor);
    if (!points) byInverter.set(r.investor, points = new Map());
    // A device's counters of 0 are none (`asleep`): its lifetime, day and year are not wiped at night.
    if (!points.has(r.ts.getTime())) {
      points.set(r.ts.getTime(), { ...r, energy_total_wh: counter(r.energy_total_wh), energy_day_wh: counter(r.energy_day_wh), energy_year_wh: counter(r.energy_year_wh) });
    }
  }
  if (!byInverter.size) return { stored: 0, duplicates: 0, inserted: [] };
  const runs = [...byInverter].flatMap(([investor, points]) => runsOf(investor, [...points.keys()].sort((a, b) => a - b)));

  const { changed = [], ...result }: Stored & { changed?: { plant: number; from: number; to: number }[] } = await db.transaction(async (tx) => {
    await lockInverters(tx, byInverter.keys());

    const { stored, before } = await neighbours(tx, runs);
    const bases = await sleepBases(tx, byInverter, stored, before);
    const inserts: (Reading & IntervalEnergy)[] = [];
    const updates: ({ investor: number; ts: Date } & IntervalEnergy)[] = [];
    for (const [investor, points] of byInverter) {
      const known = stored.get(investor) ?? new Map<number, Sample>();
      const fresh = [...points.values()].filter((p) => !known.has(p.ts.getTime()));
      const merged = [...known.values(), ...fresh].sort((a, b) => a.ts.getTime() - b.ts.getTime());
      const isFresh = new Set(fresh);
      const counters = effectiveCounters(merged, bases.get(investor));
      // Whether a new point is among those the running counter went through since the device last woke:
      // the stored point that next gives a counter then reads it from another point (its energy is redone).
      let sleptThroughFresh = false;
      merged.forEach((point, i) => {
        const prev = merged[i - 1] ?? null;
        const energy = () => intervalEnergy(
          prev && { ...prev, energy_total_wh: counters[i - 1] }, { ...point, energy_total_wh: counters[i] });
        const isNew = isFresh.has(point as Reading);
        if (isNew) inserts.push({ ...(point as Reading), ...energy() });
        else if (prev && (isFresh.has(prev as Reading) || (sleptThroughFresh && counter(point.energy_total_wh) !== null))) {
          updates.push({ investor, ts: point.ts, ...energy() });
        }
        sleptThroughFresh = asleep(point) ? sleptThroughFresh || isNew : isNew;
      });
    }
    if (!inserts.length) return { stored: 0, duplicates: readings.length, inserted: [] };

    const inserted = (await rows<{ investor: number; ts: number }>(tx, insertPoints(inserts))).map((r) => ({ investor: r.investor, ts: new Date(r.ts) }));
    await updateEnergies(tx, updates);
    const changed = await markStale(tx, [...inserts, ...updates]);
    return { stored: inserted.length, duplicates: readings.length - inserted.length, inserted, changed };
  });
  // This process's answers of those hours go now; its notification (and others') comes after the commit.
  for (const c of changed) readingsChanged(db, c.plant, Number(c.from), Number(c.to));
  return result;
}

/** Writes the interval energies of points already stored. */
async function updateEnergies(tx: Db | Tx, updates: ({ investor: number; ts: Date } & IntervalEnergy)[]) {
  if (!updates.length) return;
  const x = alias(measurements, 'x');
  const columns = { investor: measurements.investor, ts: measurements.ts, ...Object.fromEntries(ENERGIES.map((k) => [k, measurements[k]])) };
  await tx.execute(sql`
    update ${measurements} set ${sql.join(ENERGIES.map((k) => sql`${name(measurements[k])} = ${x[k]}`), sql`, `)}
    from ${recordset(x, columns, updates)}
    where ${measurements.investor} = ${x.investor} and ${measurements.ts} = ${x.ts}`);
}

/**
 * Counters of 0 stored before they were known to be none (a sleeping Fronius inverter's, see
 * `asleep`): they are cleared, and every interval energy of an inverter that had one is computed
 * again as storeReadings computes it now; the hours whose energies changed are marked stale, for
 * the rollup worker to total again. One inverter per transaction, under its writers' lock (pushes
 * wait meanwhile, a second or so for a year of 5-minute points). `repaired` hears of each inverter.
 */
export async function repairSleepingCounters(db: Db, repaired: (investor: number, points: number) => void = () => {}) {
  const zero = (c: AnyColumn) => sql`${c} = 0`;
  const hasZero = sql.join([measurements.energy_total_wh, measurements.energy_day_wh, measurements.energy_year_wh].map(zero), sql` or `);
  const affected = await db.selectDistinct({ investor: measurements.investor }).from(measurements).where(hasZero);
  let points = 0;
  for (const { investor } of affected) {
    const changed = await db.transaction(async (tx) => {
      await lockInverters(tx, [investor]);
      await tx.execute(sql`
        update ${measurements} set ${sql.join(['energy_total_wh', 'energy_day_wh', 'energy_year_wh'].map((c) => sql`${sql.identifier(c)} = nullif(${sql.identifier(c)}, 0)`), sql`, `)}
        where ${measurements.investor} = ${investor} and (${hasZero})`);
      const stored = await tx.select({ ts: measurements.ts, ...pick(SAMPLED), ...pick(ENERGIES) })
        .from(measurements).where(sql`${measurements.investor} = ${investor}`).orderBy(measurements.ts);
      const counters = effectiveCounters(stored);
      const updates = stored.flatMap((point, i) => {
        const prev = stored[i - 1] ?? null;
        const energy = intervalEnergy(prev && { ...prev, energy_total_wh: counters[i - 1] }, { ...point, energy_total_wh: counters[i] });
        return ENERGIES.some((k) => Math.abs(energy[k] - point[k]) > 1e-6) ? [{ investor, ts: point.ts, ...energy }] : [];
      });
      await updateEnergies(tx, updates);
      await markStale(tx, updates);
      return updates.length;
    });
    points += changed;
    repaired(investor, changed);
  }
  return { inverters: affected.length, points };
}

/** The named columns of measurements, for a select. */
const pick = <K extends keyof typeof measurements._.columns>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, getTableColumns(measurements)[k]])) as Pick<typeof measurements._.columns, K>;

/**
 * Records the UTC hours of `points` as stale, per inverter. A row already there is touched (ON
 * CONFLICT DO UPDATE), not skipped: that locks it until this transaction ends, so a worker cannot
 * claim it meanwhile and recompute the hour without these points (SKIP LOCKED passes it by, and a
 * worker already holding it makes this insert wait, then write a fresh row once it has deleted it).
 * Returns, per plant, the instants those hours span (epoch ms), and tells every process so at commit
 * (the notification read-cache.ts hears; see migration 0024 for the other writers').
 */
async function markStale(tx: Db, points: { investor: number; ts: Date }[]) {
  const hours = new Map<string, { investor: number; hour: string }>();
  for (const p of points) {
    const hour = new Date(Math.floor(p.ts.getTime() / HOUR_MS) * HOUR_MS).toISOString();
    hours.set(`${p.investor} ${hour}`, { investor: p.investor, hour });
  }
  const x = alias(rollupStale, 'x');
  const columns = { investor: rollupStale.investor, hour: rollupStale.hour };
  return rows<{ plant: number; from: number; to: number }>(tx, sql`
    with marked as (
      insert into ${rollupStale} (${names(Object.values(columns))})
      select ${names(Object.values(columns))} from ${recordset(x, columns, [...hours.values()])}
      order by 1, 2
      on conflict (${names(Object.values(columns))}) do update set ${name(rollupStale.since)} = ${rollupStale}.${name(rollupStale.since)}
      returning ${names(Object.values(columns))}
    )
    , spans as (
      select ${investors.plant} as plant, ${epochMs(sql`min(${name(rollupStale.hour)})`)}::bigint as "from",
        ${epochMs(sql`max(${name(rollupStale.hour)})`)}::bigint + ${HOUR_MS - 1} as "to"
      from marked join ${investors} on ${investors.id} = marked.${name(rollupStale.investor)}
      group by 1
    )
    , told as (
      -- One notification for the whole statement (one per plant cost about a seventh of push ingest);
      -- past NOTIFY's 8,000 bytes, the one that drops every plant's answers. Joined below so that it runs:
      -- PostgreSQL skips a SELECT in WITH that nothing reads.
      select pg_notify(${CHANGES_CHANNEL}, case when length(message) <= 7900 then message else 'measurements' end)
      from (select 'readings ' || string_agg(format('%s %s %s', plant, "from", "to"), ' ') as message from spans) m
      where message is not null
    )
    select plant, "from", "to" from spans cross join (select count(*) from told) as sent`);
}

/** The energies of an interval, stored on the point that closes it (columns of measurements). */
const ENERGIES = ['energy_wh', 'consumption_wh', 'import_wh', 'export_wh', 'charge_wh', 'discharge_wh'] as const satisfies readonly (keyof IntervalEnergy)[];

/**
 * One INSERT of points with their interval energies, from one jsonb parameter; a point already stored
 * stays as it is (ON CONFLICT DO NOTHING). In the same statement, each inverter's newest point
 * inserted replaces its latest reading (last_readings) when later: the writer holds the inverter's
 * lock, so no other writer can put an older one after it. Returns a row per point inserted.
 */
function insertPoints(points: (Reading & IntervalEnergy)[]) {
  const columns = getTableColumns(measurements);
  const x = alias(measurements, 'x');
  const l = lastReadings;
  const read = [measurements.investor, measurements.ts, measurements.ac_power_w];
  return sql`
    with inserted as (
      insert into ${measurements} (${names(Object.values(columns))})
      select ${names(Object.values(columns))} from ${recordset(x, columns, points)}
      on conflict (${names([measurements.investor, measurements.ts])}) do nothing
      returning ${names(read)}
    ), latest as (
      insert into ${l} (${names([l.investor, l.ts, l.ac_power_w])})
      select distinct on (1) ${names(read)} from inserted order by 1, 2 desc
      on conflict (${name(l.investor)}) do update set ${name(l.ts)} = excluded.${name(l.ts)}, ${name(l.ac_power_w)} = excluded.${name(l.ac_power_w)}
      where ${l.ts} < excluded.${name(l.ts)}
    )
    select ${name(measurements.investor)} as investor, ${epochMs(sql.identifier(measurements.ts.name))} as ts from inserted`;
}

/** Takes the write locks of inverters, in id order (so two writers cannot deadlock), in one statement. */
async function lockInverters(tx: Db, inverters: Iterable<number>) {
  const ids = [...new Set(inverters)].sort((a, b) => a - b);
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, id) from unnest(${intArray(ids)}::int[]) as id`);
}

/** Splits one inverter's sorted instants into runs with no gap over RUN_GAP_MS. */
function runsOf(investor: number, instants: number[]) {
  const runs: { k: number; lo: string; hi: string }[] = [];
  let start = 0;
  for (let i = 1; i <= instants.length; i++) {
    if (i === instants.length || instants[i] - instants[i - 1] > RUN_GAP_MS) {
      runs.push({ k: investor, lo: new Date(instants[start]).toISOString(), hi: new Date(instants[i - 1]).toISOString() });
      start = i;
    }
  }
  return runs;
}

/** How far back and ahead a device's sleep is followed to the counter it runs on from (`asleep`). */
const SLEEP_MAX_MS = 7 * 24 * HOUR_MS;

/** The SQL of `asleep` over stored point `m` (a stored 0 counter, from before it was refused, is none). */
const awakeSql = (m: Record<'energy_total_wh' | 'ac_power_w' | 'pv_power_w', AnyColumn>) =>
  sql`(coalesce(${m.energy_total_wh}, 0) <> 0 or coalesce(${m.ac_power_w}, 0) > 0 or coalesce(${m.pv_power_w}, 0) > 0)`;

/**
 * The stored points of each run and the one just before and after it, by inverter and instant; and
 * after it, the first one awake (`asleep`) with the point before it: its counter's interval runs back
 * over the sleep, so a new point in that sleep changes it. `before`: the instants of the points just
 * before a run.
 */
async function neighbours(tx: Db, runs: { k: number; lo: string; hi: string }[]) {
  const m = alias(measurements, 'm');
  const a = alias(measurements, 'a');
  const sample = selectList({ ts: epochMs(m.ts), ...Object.fromEntries(SAMPLED.map((k) => [k, k === 'energy_total_wh' ? sql`nullif(${m[k]}, 0)` : m[k]])) });
  const found = await rows<Omit<Sample, 'ts'> & { investor: number; ts: number; before: boolean }>(tx, sql`
    select x.k as investor, s.*
    from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb) as x(k int, lo timestamptz, hi timestamptz)
    cross join lateral (
      (select ${sample}, true as before from ${measurements} ${m} where ${m.investor} = x.k and ${m.ts} < x.lo order by ${m.ts} desc limit 1)
      union all
      (select ${sample}, false from ${measurements} ${m} where ${m.investor} = x.k and ${m.ts} >= x.lo and ${m.ts} <= x.hi)
      union all
      (select ${sample}, false from ${measurements} ${m} where ${m.investor} = x.k and ${m.ts} > x.hi order by ${m.ts} limit 1)
      union all
      (select w.* from (
        select ${a.ts} as t from ${measurements} ${a} where ${a.investor} = x.k and ${a.ts} > x.hi
          and ${a.ts} <= x.hi + ${`${SLEEP_MAX_MS / 1000} seconds`}::interval and ${awakeSql(a)} order by ${a.ts} limit 1
      ) awake cross join lateral (
        select ${sample}, false from ${measurements} ${m} where ${m.investor} = x.k and ${m.ts} > x.hi and ${m.ts} <= awake.t order by ${m.ts} desc limit 2
      ) w)
    ) s`);
  const stored = new Map<number, Map<number, Sample>>();
  const before = new Map<number, Set<number>>();
  for (const { investor, before: isBefore, ...sample } of found) {
    let points = stored.get(investor);
    if (!points) stored.set(investor, points = new Map());
    points.set(sample.ts, { ...sample, ts: new Date(sample.ts) });
    if (isBefore) (before.get(investor) ?? before.set(investor, new Set()).get(investor)!).add(sample.ts);
  }
  return { stored, before };
}

/**
 * For a stored point asleep just before a run, when a counter follows it (a device waking up, or a
 * late point in a sleep that ended), the counter it runs on from: that of the last point awake before
 * it, within SLEEP_MAX_MS (none when that point has no counter). Asked only then: once a night per
 * device, not at every push of the night.
 */
async function sleepBases(tx: Db, batch: Map<number, Map<number, Reading>>, stored: Map<number, Map<number, Sample>>, before: Map<number, Set<number>>) {
  const asked: { k: number; t: string }[] = [];
  for (const [investor, instants] of before) {
    const loaded = [...batch.get(investor)!.values(), ...stored.get(investor)!.values()];
    if (!loaded.some((p) => counter(p.energy_total_wh) !== null)) continue;
    for (const t of instants) if (asleep(stored.get(investor)!.get(t)!)) asked.push({ k: investor, t: new Date(t).toISOString() });
  }
  const bases = new Map<number, Map<number, number | null>>();
  if (!asked.length) return bases;
  const m = alias(measurements, 'm');
  const found = await rows<{ investor: number; t: number; base: number | null }>(tx, sql`
    select x.k as investor, ${epochMs(sql`x.t`)} as t, (
      select ${m.energy_total_wh} from ${measurements} ${m} where ${m.investor} = x.k and ${m.ts} < x.t
        and ${m.ts} >= x.t - ${`${SLEEP_MAX_MS / 1000} seconds`}::interval and ${awakeSql(m)} order by ${m.ts} desc limit 1
    ) as base
    from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) as x(k int, t timestamptz)`);
  for (const { investor, t, base } of found) {
    (bases.get(investor) ?? bases.set(investor, new Map()).get(investor)!).set(Number(t), counter(base));
  }
  return bases;
}
