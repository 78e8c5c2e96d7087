/**
 * The rollup worker (server/measurements/rollup-worker.ts) and the reads that do not wait for it
 * (withCurrentRollups, server/measurements/rollups.ts): every chart answers, right after ingest, what
 * it answers once the worker has run, and that is what the raw points say; workers draining side by
 * side, while points keep arriving, leave exactly the rollups a recomputation from raw gives; and
 * after a change of time zone, workers side by side rebuild every plant once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import type { Database, Db } from '../../../server/db/client.js';
import { openDatabase } from '../../../server/db/client.js';
import { storeReadings, type Reading } from '../../../server/measurements/store.js';
import { createRollupWorker, drainBatch, drainRollups } from '../../../server/measurements/rollup-worker.js';
import { call, plantTree, query, series, type Tree } from '../../../testing/fixtures.js';
import { queueRebuild, rebuildAll, rebuildNext, rebuildProgress } from '../../../server/measurements/rebuild.js';

let ctx: TestContext;
let db: Db;
let staff: string;
const TZ = 'America/Santiago';

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  staff = (await ctx.userWithToken({ is_staff: true })).token;
});
afterAll(() => ctx?.close());

/** A day-shaped power curve, every 5 minutes, with a counter on the first inverter only. */
function readings(tree: Tree, from: string, to: string): Reading[] {
  return tree.investors.flatMap((inv, n) => {
    let counter = 1_000_000;
    return series(inv.id, from, to, (ts) => {
      const hour = (ts.getUTCHours() + 21) % 24; // Santiago summer time
      const ac_power_w = hour >= 7 && hour < 20 ? 400 + 300 * Math.sin(((hour - 7) / 13) * Math.PI) * (n + 1) : 0;
      counter += ac_power_w / 12;
      return { ac_power_w, consumption_w: 350, grid_import_w: 100, grid_export_w: 50, energy_total_wh: n === 0 ? Math.round(counter) : null };
    });
  });
}

const staleCount = async () => (await query(db, sql`select count(*)::int as n from rollup_stale`))[0].n as number;

/** Every rollup row, without ids, rounded (sums may add up in another order). */
async function allRollups(on: Db = db) {
  const round = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v]));
  const cols = sql.raw('period, bucket::text as bucket, energy_wh, consumption_wh, import_wh, export_wh, charge_wh, discharge_wh, self_consumption_wh, max_power_w, samples, first_counter_wh, last_counter_wh');
  return {
    plants: (await query(on, sql`select plant_id as k, ${cols} from plant_energy order by 1, 2, 3`)).map(round),
    inverters: (await query(on, sql`select investor_id as k, ${cols} from investor_energy order by 1, 2, 3`)).map(round),
  };
}

/** What a user sees of a plant's energy, every way the API shows it. */
async function everyAnswer(plant: number) {
  const urls = [
    `/v2/get/data/date/${plant}?type=day&date=2025-12-31`,
    `/v2/get/data/date/${plant}?type=month&date=2025-12-15`,
    `/v2/get/data/date/${plant}?type=day-month&date=2026-01-02`,
    `/v2/get/data/date/${plant}?type=year&date=2025-06-01`,
    `/v2/get/data/date/${plant}?type=annual&date=2026-01-02`,
    `/v2/measurement/${plant}?month=12&year=2025`,
    `/v2/measurement/${plant}?year=2026`,
    `/v2/measurement/range/${plant}?date_start=2025-12-30&date_end=2026-01-02`,
    `/v2/last/measurement/all/data/${plant}`,
  ];
  const answers: Record<string, unknown> = {};
  for (const url of urls) {
    const res = await call(ctx, staff, 'GET', url);
    expect(res.status, url).toBe(200);
    answers[url] = res.body;
  }
  return answers;
}

/** Daily energies of a plant computed from its raw points alone. */
async function rawDays(plant: number): Promise<Record<string, number>> {
  return Object.fromEntries((await query(db, sql`
    select to_char(m.ts at time zone ${TZ}, 'YYYY-MM-DD') as day, sum(m.energy_wh)::float8 as e
    from measurements m join investors i on i.id = m.investor_id where i.plant_id = ${plant} group by 1`)).map((r) => [r.day, r.e]));
}

describe('reads before the worker has run', () => {
  it('answer every chart, the month and year lists and the snapshot as they will after it, and as the raw points say', async () => {
    const tree = await plantTree(db, { inverters: 2 });
    const points = readings(tree, '2025-12-30T00:00:00-03:00', '2026-01-03T00:00:00-03:00');
    for (let i = 0; i < points.length; i += 300) await storeReadings(db, points.slice(i, i + 300));
    expect(await staleCount()).toBeGreaterThan(0);
    expect(await query(db, sql`select 1 from plant_energy where plant_id = ${tree.plant}`)).toEqual([]);

    const before = await everyAnswer(tree.plant);
    // Reading changed nothing stored: the rollups and the queue are still the worker's to do.
    expect(await query(db, sql`select 1 from plant_energy where plant_id = ${tree.plant}`)).toEqual([]);
    expect(await staleCount()).toBeGreaterThan(0);

    const raw = await rawDays(tree.plant);
    const month = before[`/v2/measurement/${tree.plant}?month=12&year=2025`] as { date: string; energy_wh: number | null }[];
    expect(month.filter((d) => d.energy_wh !== null).map((d) => d.date)).toEqual(['2025-12-30', '2025-12-31']);
    for (const d of month.slice(29)) expect(d.energy_wh, d.date).toBeCloseTo(raw[d.date], 1);
    const annual = before[`/v2/get/data/date/${tree.plant}?type=annual&date=2026-01-02`] as { totals: { energy_wh: number } };
    expect(annual.totals.energy_wh).toBeCloseTo(Object.values(raw).reduce((a, b) => a + b, 0), 0);

    expect(await drainRollups(db)).toBeGreaterThan(0);
    expect(await staleCount()).toBe(0);
    expect(await everyAnswer(tree.plant)).toEqual(before);

    // A late point splits an interval already rolled up: the very next read shows it.
    const late = { investor: tree.investors[1].id, ts: new Date('2025-12-31T12:02:30-03:00'), ac_power_w: 0 };
    expect(await storeReadings(db, [late])).toEqual({ stored: 1, duplicates: 0, inserted: [{ investor: late.investor, ts: late.ts }] });
    const afterLate = await everyAnswer(tree.plant);
    const day = (a: Record<string, unknown>) => (a[`/v2/get/data/date/${tree.plant}?type=day&date=2025-12-31`] as { totals: { energy_wh: number } }).totals.energy_wh;
    expect(day(afterLate)).toBeLessThan(day(before));
    expect(day(afterLate)).toBeCloseTo((await rawDays(tree.plant))['2025-12-31'], 1);
    await drainRollups(db);
    expect(await everyAnswer(tree.plant)).toEqual(afterLate);
  });
});

describe('a round', () => {
  it('drains the hours stale when it starts and leaves those marked since for the next round', async () => {
    await drainRollups(db);
    const [early, late] = [await plantTree(db, { inverters: 1 }), await plantTree(db, { inverters: 1 })];
    await storeReadings(db, readings(early, '2026-03-05T10:00:00-03:00', '2026-03-05T12:00:00-03:00'));
    await storeReadings(db, readings(late, '2026-03-05T10:00:00-03:00', '2026-03-05T12:00:00-03:00'));
    // As if the second plant's hours had been marked while the round was under way.
    await db.execute(sql`update rollup_stale set since = now() + interval '1 minute' where investor_id = ${late.investors[0].id}`);
    expect(await drainRollups(db)).toBe(2);
    const left = await query(db, sql`select investor_id as investor from rollup_stale`);
    expect(left.map((r) => r.investor)).toEqual([late.investors[0].id, late.investors[0].id]);
    await db.execute(sql`update rollup_stale set since = now()`);
    expect(await drainRollups(db)).toBe(2);
    expect(await staleCount()).toBe(0);
  });
});

describe('workers side by side', () => {
  it('drain concurrently, while points keep arriving, into exactly the rollups of a recomputation from raw', async () => {
    // On PostgreSQL the second worker has its own connections, as another process would.
    const other: Database | undefined = ctx.database.url ? await openDatabase({ databaseUrl: ctx.database.url }) : undefined;
    try {
      const trees = [await plantTree(db, { inverters: 2 }), await plantTree(db, { inverters: 3 }), await plantTree(db, { inverters: 1 })];
      const all = trees.flatMap((t) => readings(t, '2026-02-28T00:00:00-03:00', '2026-03-02T00:00:00-03:00'));
      // Shuffled (late points split stored intervals), in small batches.
      const shuffled = all.map((r, i) => ({ r, k: (i * 7919) % all.length })).sort((a, b) => a.k - b.k).map(({ r }) => r);
      let ingesting = true;
      const worker = async (on: Db) => {
        let batches = 0;
        for (;;) {
          if ((await drainBatch(on, { plants: 1, hours: 25 })) > 0) batches += 1;
          else if (!ingesting) return batches;
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const workers = [worker(db), worker(other?.db ?? db)];
      for (let i = 0; i < shuffled.length; i += 97) await storeReadings(db, shuffled.slice(i, i + 97));
      ingesting = false;
      const batches = await Promise.all(workers);
      expect(batches.every((n) => n > 0)).toBe(true);
      await drainRollups(db);
      expect(await staleCount()).toBe(0);

      const drained = await allRollups();
      await rebuildAll(db);
      expect(drained).toEqual(await allRollups());
    } finally {
      await other?.close();
    }
  });

  it('rebuild the plants a change of zone queued, each plant once, into the rollups of a rebuild in one go', async () => {
    const other: Database | undefined = ctx.database.url ? await openDatabase({ databaseUrl: ctx.database.url }) : undefined;
    try {
      const trees = [await plantTree(db, { inverters: 2 }), await plantTree(db, { inverters: 1 }), await plantTree(db, { inverters: 1 })];
      await storeReadings(db, trees.flatMap((t) => readings(t, '2026-04-01T00:00:00-03:00', '2026-04-02T12:00:00-03:00')));
      await drainRollups(db);
      await db.transaction(async (tx) => {
        await tx.execute(sql`update settings set time_zone = 'Asia/Kathmandu'`);
        await queueRebuild(tx);
      });
      const queued = (await query(db, sql`select plant_id as plant from rollup_rebuild order by 1`)).map((r) => r.plant as number);
      expect(queued).toEqual(expect.arrayContaining(trees.map((t) => t.plant)));
      const worker = async (on: Db) => {
        const plants: number[] = [];
        for (let plant; (plant = await rebuildNext(on)) !== null;) plants.push(plant);
        return plants;
      };
      const [one, two] = await Promise.all([worker(db), worker(other?.db ?? db)]);
      expect([...one, ...two].sort((a, b) => a - b)).toEqual(queued);
      const sideBySide = await allRollups();
      await rebuildAll(db);
      expect(sideBySide).toEqual(await allRollups());
    } finally {
      await db.execute(sql`update settings set time_zone = ${TZ}`);
      await rebuildAll(db);
      await other?.close();
    }
  });
});

describe('the worker', () => {
  it('rebuilds the plants a change of zone queued one after the other, without its pause between rounds', async () => {
    await db.transaction((tx) => queueRebuild(tx));
    const pending = async () => (await rebuildProgress(db)).pending;
    expect(await pending()).toBeGreaterThan(1);
    const worker = createRollupWorker(db, ctx.app.log, { intervalMs: 600_000 });
    await worker.start();
    try {
      await expect.poll(pending, { timeout: 30_000, interval: 100 }).toBe(0);
    } finally {
      await worker.stop();
    }
  });
});
