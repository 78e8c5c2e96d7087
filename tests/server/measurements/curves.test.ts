/**
 * The stored day curves (server/measurements/curves.ts): the rollup worker writes a day's hours
 * whole, a read of a stored day is its stored text, and that text is the curve the raw points give, in
 * zones whose offsets or clock changes are not whole hours.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import type { Db } from '../../../server/db/client.js';
import { storeReadings } from '../../../server/measurements/store.js';
import { drainRollups } from '../../../server/measurements/rollup-worker.js';
import { curveOfDay } from '../../../server/measurements/curves.js';
import { plantTree, query, series } from '../../../testing/fixtures.js';
import type { CurvePoint } from '../../../contract/measurements.js';
import { rebuildAll } from '../../../server/measurements/rebuild.js';

let ctx: TestContext;
let db: Db;
const TZ = 'America/Santiago';

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(() => ctx?.close());

const parse = (text: string) => JSON.parse(text) as CurvePoint[];
const storedHours = async (plant: number, day: string) => (await query<{ n: number }>(db, sql`
  select count(*)::int as n from plant_curves where plant_id = ${plant} and hour >= ${day}::timestamp and hour < ${day}::timestamp + interval '1 day'`))[0].n;

describe('a stored day curve', () => {
  it('is the curve of the raw points, written whole by the worker, and read as stored', async () => {
    const tree = await plantTree(db, { inverters: 2 });
    const [meter, hybrid] = tree.investors.map((i) => i.id);
    // One inverter every minute (averaged per slot), a hybrid whose production is its PV power.
    await storeReadings(db, [
      ...series(meter, '2026-01-15T12:00:00-03:00', '2026-01-15T12:05:00-03:00', (_, i) => ({ ac_power_w: 1000 + 100 * i, battery_soc: 50 }), 60_000),
      { investor: hybrid, ts: new Date('2026-01-15T12:00:00-03:00'), pv_power_w: 3000, ac_power_w: 2000, consumption_w: 800, battery_soc: 61.25 },
      { investor: hybrid, ts: new Date('2026-01-15T15:10:00-03:00'), ac_power_w: 500 },
    ]);
    // Not rolled up yet: no stored hour, so the curve is computed from the raw points.
    expect(await storedHours(tree.plant, '2026-01-15')).toBe(0);
    const computed = await curveOfDay(db, tree.plant, TZ, '2026-01-15');
    const curve = parse(computed);
    expect(curve).toHaveLength(288);
    expect(curve[144]).toEqual({ ts: '2026-01-15T12:00:00-03:00', power_w: 4200, consumption_w: 800, battery_power_w: null, battery_soc: 55.6, grid_import_w: null, grid_export_w: null });
    expect(curve[145]).toEqual({ ts: '2026-01-15T12:05:00-03:00', power_w: null, consumption_w: null, battery_power_w: null, battery_soc: null, grid_import_w: null, grid_export_w: null });
    expect(curve[182]).toMatchObject({ ts: '2026-01-15T15:10:00-03:00', power_w: 500 });

    await drainRollups(db);
    // Every hour of the day, not only the two with readings.
    expect(await storedHours(tree.plant, '2026-01-15')).toBe(24);
    expect(await curveOfDay(db, tree.plant, TZ, '2026-01-15')).toBe(computed);
    // The read is the stored text itself, not a computation.
    await db.execute(sql`update plant_curves set slots = replace(slots, '00-03:00,4200,', '00-03:00,4201,') where plant_id = ${tree.plant}`);
    expect(parse(await curveOfDay(db, tree.plant, TZ, '2026-01-15'))[144].power_w).toBe(4201);

    // A late reading of another hour rewrites that hour only.
    await storeReadings(db, [{ investor: meter, ts: new Date('2026-01-15T20:00:00-03:00'), ac_power_w: 100 }]);
    await drainRollups(db);
    const late = parse(await curveOfDay(db, tree.plant, TZ, '2026-01-15'));
    expect([late[144].power_w, late[240].power_w]).toEqual([4201, 100]);
  });

  it('is written whole by a rebuild of more hours than one statement writes', async () => {
    const tree = await plantTree(db);
    // A reading every hour for 200 days: 4,800 hours, past the 4,000 points one statement takes.
    await storeReadings(db, series(tree.investors[0].id, '2025-03-01T00:30:00-03:00', '2025-09-16T23:30:00-03:00', () => ({ ac_power_w: 700 }), 3_600_000));
    await rebuildAll(db);
    const days = await query<{ day: string; n: number }>(db, sql`
      select hour::date::text as day, count(*)::int as n from plant_curves where plant_id = ${tree.plant} group by 1 order by 1`);
    expect(days).toHaveLength(200);
    // Every hour of every day: 23 on the day clocks go forward (7 September), the repeated hour one bucket.
    expect(days.filter((d) => d.n !== 24)).toEqual([{ day: '2025-09-07', n: 23 }]);
    const stored = await curveOfDay(db, tree.plant, TZ, '2025-08-14');
    expect(parse(stored).filter((s) => s.power_w === 700)).toHaveLength(24);
    await db.execute(sql`delete from plant_curves where plant_id = ${tree.plant} and hour::date = '2025-08-14'`);
    expect(await curveOfDay(db, tree.plant, TZ, '2025-08-14')).toBe(stored);
  });

  it('follows zones whose offset or clock change is not a whole hour, and is rebuilt with the zone', async () => {
    const tree = await plantTree(db);
    const inv = tree.investors[0].id;
    try {
      for (const [zone, day, slots, first, last] of [
        // Lord Howe Island puts its clocks forward half an hour at 02:00 on the first Sunday of October.
        ['Australia/Lord_Howe', '2026-10-04', 282, '2026-10-04T00:00:00+10:30', '2026-10-04T23:55:00+11:00'],
        ['Asia/Kathmandu', '2026-06-10', 288, '2026-06-10T00:00:00+05:45', '2026-06-10T23:55:00+05:45'],
      ] as const) {
        await db.execute(sql`update settings set time_zone = ${zone}`);
        const from = Date.parse(first) - 3_600_000;
        await storeReadings(db, series(inv, new Date(from), new Date(from + 26 * 3_600_000), () => ({ ac_power_w: 1200 })));
        await rebuildAll(db);
        const stored = parse(await curveOfDay(db, tree.plant, zone, day));
        expect([stored.length, stored[0].ts, stored.at(-1)!.ts]).toEqual([slots, first, last]);
        expect(stored.every((s) => s.power_w === 1200)).toBe(true);
        if (zone === 'Australia/Lord_Howe') expect(stored.slice(23, 25).map((s) => s.ts)).toEqual(['2026-10-04T01:55:00+10:30', '2026-10-04T02:30:00+11:00']);
        // The same day a year earlier has no reading: its empty slots are computed, on the same axis.
        const empty = parse(await curveOfDay(db, tree.plant, zone, day.replace('2026', '2025')));
        expect(empty.every((s) => s.power_w === null)).toBe(true);
        expect(empty[0].ts).toBe(first.replace('2026', '2025'));
      }
    } finally {
      await db.execute(sql`update settings set time_zone = ${TZ}`);
      await rebuildAll(db);
    }
    // Back in Santiago, every stored hour is a Santiago hour.
    const back = parse(await curveOfDay(db, tree.plant, TZ, '2026-06-10'));
    expect([back.length, back[0].ts]).toEqual([288, '2026-06-10T00:00:00-04:00']);
  });
});
