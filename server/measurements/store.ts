/**
 * Storing readings, whatever their source (push ingest, demo feed, a collector). One call is one
 * transaction: the raw points, the energy of each new interval, and every rollup bucket they touch.
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
 * costs one insert plus the rollup statements. Writers to one plant are serialized with a
 * transaction-scoped advisory lock, since each derives energies from rows the other may be writing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { DcReading } from '../db/schema.js';
import { epochMs, rows } from './time.js';
import { refreshRollups } from './rollups.js';
import { readSettings } from '../domain/settings.js';

export interface Reading {
  investor: number;
  ts: Date;
  status?: string | null;
  ac_power_w: number;
  dc?: DcReading[] | null;
  energy_total_wh?: number | null;
  grid_import_w?: number | null;
  grid_export_w?: number | null;
  consumption_w?: number | null;
  battery_power_w?: number | null;
  battery_soc?: number | null;
}

type Sample = Pick<Reading, 'ac_power_w' | 'energy_total_wh' | 'grid_import_w' | 'grid_export_w' | 'consumption_w' | 'battery_power_w'> & { ts: Date };

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
 * comes from the device counter when both points have one and it did not go backwards; after a reset
 * (new device, counter cleared), or without a counter, from the trapezoid of the AC power. The other
 * flows have no counters: always integrated; a value missing at one end takes the other end's.
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
    energy_wh: counted ?? Math.max(0, integrate(prev.ac_power_w, cur.ac_power_w)),
    consumption_wh: integrate(prev.consumption_w, cur.consumption_w),
    import_wh: integrate(prev.grid_import_w, cur.grid_import_w),
    export_wh: integrate(prev.grid_export_w, cur.grid_export_w),
    charge_wh: battery(1),
    discharge_wh: battery(-1),
  };
}

export interface StoreResult { stored: number; duplicates: number }

/** Points of a batch further apart than this are looked up as separate runs. */
const RUN_GAP_MS = 6 * HOUR_MS;
/** Advisory-lock namespace of measurement writers (the second key is the plant id). */
const LOCK_NAMESPACE = 7301;

/** Stores readings of any inverters (the caller has checked that they exist); see the module comment. */
export async function storeReadings(db: Db, readings: Reading[]): Promise<StoreResult> {
  const byInverter = new Map<number, Map<number, Reading>>();
  for (const r of readings) {
    let points = byInverter.get(r.investor);
    if (!points) byInverter.set(r.investor, points = new Map());
    if (!points.has(r.ts.getTime())) points.set(r.ts.getTime(), r);
  }
  if (!byInverter.size) return { stored: 0, duplicates: 0 };
  const runs = [...byInverter].flatMap(([investor, points]) => runsOf(investor, [...points.keys()].sort((a, b) => a - b)));

  return db.transaction(async (tx) => {
    const plantOf = new Map((await rows<{ id: number; plant_id: number }>(tx, sql`
      select id, plant_id from investors where id in (select (jsonb_array_elements_text(${JSON.stringify([...byInverter.keys()])}::jsonb))::int)`))
      .map((r) => [r.id, r.plant_id]));
    await lockPlants(tx, plantOf.values());

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
    if (!inserts.length) return { stored: 0, duplicates: readings.length };

    const inserted = await rows<{ investor_id: number }>(tx, sql`
      insert into measurements (investor_id, ts, status, ac_power_w, dc, energy_total_wh, grid_import_w, grid_export_w,
        consumption_w, battery_power_w, battery_soc, energy_wh, consumption_wh, import_wh, export_wh, charge_wh, discharge_wh)
      select * from jsonb_to_recordset(${JSON.stringify(inserts.map((r) => ({
        investor_id: r.investor, ts: r.ts.toISOString(), status: r.status ?? null, ac_power_w: r.ac_power_w, dc: r.dc ?? null,
        energy_total_wh: r.energy_total_wh ?? null, grid_import_w: r.grid_import_w ?? null, grid_export_w: r.grid_export_w ?? null,
        consumption_w: r.consumption_w ?? null, battery_power_w: r.battery_power_w ?? null, battery_soc: r.battery_soc ?? null,
        energy_wh: r.energy_wh, consumption_wh: r.consumption_wh, import_wh: r.import_wh, export_wh: r.export_wh,
        charge_wh: r.charge_wh, discharge_wh: r.discharge_wh,
      })))}::jsonb) as x(investor_id int, ts timestamptz, status varchar, ac_power_w float8, dc jsonb, energy_total_wh float8,
        grid_import_w float8, grid_export_w float8, consumption_w float8, battery_power_w float8, battery_soc float8,
        energy_wh float8, consumption_wh float8, import_wh float8, export_wh float8, charge_wh float8, discharge_wh float8)
      on conflict (investor_id, ts) do nothing
      returning investor_id`);
    if (updates.length) {
      await tx.execute(sql`
        update measurements m set energy_wh = x.energy_wh, consumption_wh = x.consumption_wh, import_wh = x.import_wh,
          export_wh = x.export_wh, charge_wh = x.charge_wh, discharge_wh = x.discharge_wh
        from jsonb_to_recordset(${JSON.stringify(updates.map((u) => ({ ...u, ts: u.ts.toISOString() })))}::jsonb) as x(investor int,
          ts timestamptz, energy_wh float8, consumption_wh float8, import_wh float8, export_wh float8, charge_wh float8, discharge_wh float8)
        where m.investor_id = x.investor and m.ts = x.ts`);
    }
    const { timeZone } = await readSettings(tx);
    await refreshRollups(tx, timeZone, [...inserts, ...updates], plantOf);
    return { stored: inserted.length, duplicates: readings.length - inserted.length };
  });
}

/** Takes the write locks of plants, in id order (so two writers cannot deadlock). */
async function lockPlants(tx: Db, plants: Iterable<number>) {
  for (const plant of [...new Set(plants)].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, ${plant}::int)`);
  }
}

/**
 * Recomputes every rollup from the raw points, in the current settings.time_zone: needed when the
 * time zone changes, since buckets are local dates and those of two zones must not mix.
 */
export async function rebuildRollups(db: Db) {
  await db.transaction(async (tx) => {
    const { timeZone } = await readSettings(tx);
    const plants = await rows<{ id: number }>(tx, sql`select id from power_plants`);
    await lockPlants(tx, plants.map((p) => p.id));
    await tx.execute(sql`delete from investor_energy`);
    await tx.execute(sql`delete from plant_energy`);
    // One instant per inverter and local hour is enough to name every bucket.
    const hours = await rows<{ investor_id: number; plant_id: number; ts: number }>(tx, sql`
      select m.investor_id, i.plant_id, ${sql.raw(epochMs('min(m.ts)'))} as ts
      from measurements m join investors i on i.id = m.investor_id
      group by m.investor_id, i.plant_id, date_trunc('hour', m.ts at time zone ${timeZone})`);
    await refreshRollups(tx, timeZone, hours.map((h) => ({ investor: h.investor_id, ts: new Date(h.ts) })),
      new Map(hours.map((h) => [h.investor_id, h.plant_id])));
  });
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

const SAMPLE_COLUMNS = sql.raw(`${epochMs('m.ts')} as ts, m.ac_power_w, m.energy_total_wh,
  m.grid_import_w, m.grid_export_w, m.consumption_w, m.battery_power_w`);

/** The stored points of each run and the one just before and after it, by inverter and instant. */
async function neighbours(tx: Db, runs: { k: number; lo: string; hi: string }[]) {
  const found = await rows<Omit<Sample, 'ts'> & { investor_id: number; ts: number }>(tx, sql`
    select x.k as investor_id, m.*
    from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb) as x(k int, lo timestamptz, hi timestamptz)
    cross join lateral (
      (select ${SAMPLE_COLUMNS} from measurements m where m.investor_id = x.k and m.ts < x.lo order by m.ts desc limit 1)
      union all
      (select ${SAMPLE_COLUMNS} from measurements m where m.investor_id = x.k and m.ts >= x.lo and m.ts <= x.hi)
      union all
      (select ${SAMPLE_COLUMNS} from measurements m where m.investor_id = x.k and m.ts > x.hi order by m.ts limit 1)
    ) m`);
  const byInverter = new Map<number, Map<number, Sample>>();
  for (const { investor_id, ...sample } of found) {
    let points = byInverter.get(investor_id);
    if (!points) byInverter.set(investor_id, points = new Map());
    points.set(sample.ts, { ...sample, ts: new Date(sample.ts) });
  }
  return byInverter;
}
