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
import { getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
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
    if (!points.has(r.ts.getTime())) points.set(r.ts.getTime(), r);
  }
  if (!byInverter.size) return { stored: 0, duplicates: 0, inserted: [] };
  const runs = [...byInverter].flatMap(([investor, points]) => runsOf(investor, [...points.keys()].sort((a, b) => a - b)));

  const { changed = [], ...result }: Stored & { changed?: { plant: number; from: number; to: number }[] } = await db.transaction(async (tx) => {
    await lockInverters(tx, byInverter.keys());

    const stored = await neighbours(tx, runs);
    const inserts: (Reading & IntervalEnergy)[] = [];
    const updates: ({ investor: number; ts: Date } & IntervalEnergy)[] = [];
    for (const [investor, points] of byInverter) {
      const known = stored.get(investor) ?? new Map<number, Sample>();
      const fresh = [...points.values()].filter((p) => !known.has(p.ts.getTime()));
      const merged = [...known.values(), ...fresh].sort((a, b) => a.ts.getTime() - b.ts.getTime());
      const isFresh = new Set(fresh);
      merged.forEach((point, i) => {
        const prev = merged[i - 1] ?? null;
        if (isFresh.has(point as Reading)) inserts.push({ ...(point as Reading), ...intervalEnergy(prev, point) });
        else if (prev && isFresh.has(prev as Reading)) updates.push({ investor, ts: point.ts, ...intervalEnergy(prev, point) });
      });
    }
    if (!inserts.length) return { stored: 0, duplicates: readings.length, inserted: [] };

    const inserted = (await rows<{ investor: number; ts: number }>(tx, insertPoints(inserts))).map((r) => ({ investor: r.investor, ts: new Date(r.ts) }));
    if (updates.length) {
      const x = alias(measurements, 'x');
      const columns = { investor: measurements.investor, ts: measurements.ts, ...Object.fromEntries(ENERGIES.map((k) => [k, measurements[k]])) };
      await tx.execute(sql`
        update ${measurements} set ${sql.join(ENERGIES.map((k) => sql`${name(measurements[k])} = ${x[k]}`), sql`, `)}
        from ${recordset(x, columns, updates)}
        where ${measurements.investor} = ${x.investor} and ${measurements.ts} = ${x.ts}`);
    }
    const changed = await markStale(tx, [...inserts, ...updates]);
    return { stored: inserted.length, duplicates: readings.length - inserted.length, inserted, changed };
  });
  // This process's answers of those hours go now; its notification (and others') comes after the commit.
  for (const c of changed) readingsChanged(db, c.plant, Number(c.from), Number(c.to));
  return result;
}

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

/** The stored points of each run and the one just before and after it, by inverter and instant. */
async function neighbours(tx: Db, runs: { k: number; lo: string; hi: string }[]) {
  const m = alias(measurements, 'm');
  const sample = selectList({ ts: epochMs(m.ts), ...Object.fromEntries(SAMPLED.map((k) => [k, m[k]])) });
  const found = await rows<Omit<Sample, 'ts'> & { investor: number; ts: number }>(tx, sql`
    select x.k as investor, s.*
    from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb) as x(k int, lo timestamptz, hi timestamptz)
    cross join lateral (
      (select ${sample} from ${measurements} ${m} where ${m.investor} = x.k and ${m.ts} < x.lo order by ${m.ts} desc limit 1)
      union all
      (select ${sample} from ${measurements} ${m} where ${m.investor} = x.k and ${m.ts} >= x.lo and ${m.ts} <= x.hi)
      union all
      (select ${sample} from ${measurements} ${m} where ${m.investor} = x.k and ${m.ts} > x.hi order by ${m.ts} limit 1)
    ) s`);
  const byInverter = new Map<number, Map<number, Sample>>();
  for (const { investor, ...sample } of found) {
    let points = byInverter.get(investor);
    if (!points) byInverter.set(investor, points = new Map());
    points.set(sample.ts, { ...sample, ts: new Date(sample.ts) });
  }
  return byInverter;
}
