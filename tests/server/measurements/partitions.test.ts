/**
 * Monthly partitions of the raw measurements (server/measurements/partitions.ts, migration 0006): no
 * point is refused for want of a partition, months are made ahead and out of the default partition,
 * and a past month detaches with its points kept aside while its totals still chart (and the fleet's
 * last reading of its inverters falls back to the newest point still stored).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import type { Db } from '../../../server/db/client.js';
import { storeReadings } from '../../../server/measurements/store.js';
import { drainRollups } from '../../../server/measurements/rollup-worker.js';
import { detachMonth, ensurePartitions } from '../../../server/measurements/partitions.js';
import { call, plantTree, query, series } from '../../../testing/fixtures.js';

let ctx: TestContext;
let db: Db;
let staff: string;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  staff = (await ctx.userWithToken({ is_staff: true })).token;
});
afterAll(() => ctx?.close());

const partitions = async () => (await query(db, sql`
  select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
  where i.inhparent = 'measurements'::regclass order by 1`)).map((r) => r.name as string);

describe('measurements by month', () => {
  it('takes points of any month, gives each month its partition, and detaches a past one keeping its totals', async () => {
    const tree = await plantTree(db);
    const inv = tree.investors[0].id;
    const march = series(inv, '2026-03-10T00:00:00Z', '2026-03-12T00:00:00Z', () => ({ ac_power_w: 1200 }));
    const april = series(inv, '2026-04-01T00:00:00Z', '2026-04-02T00:00:00Z', () => ({ ac_power_w: 1200 }));
    const old = { investor: inv, ts: new Date('2001-05-05T12:00:00Z'), ac_power_w: 100 };
    // Months older than the partitions made at migration: stored all the same, in the default one.
    expect(await storeReadings(db, [...march, ...april, old])).toMatchObject({ stored: march.length + april.length + 1, duplicates: 0 });
    await drainRollups(db);
    expect((await query(db, sql`select count(*)::int as n from measurements_default`))[0].n).toBe(march.length + april.length + 1);

    const now = new Date('2026-11-20T00:00:00Z');
    const created = await ensurePartitions(db, now);
    expect(created).toEqual(expect.arrayContaining(['measurements_y2001m05', 'measurements_y2026m03', 'measurements_y2026m04']));
    expect(await partitions()).toEqual(expect.arrayContaining([
      'measurements_default', 'measurements_y2001m05', 'measurements_y2026m03', 'measurements_y2026m04',
      'measurements_y2026m11', 'measurements_y2026m12', 'measurements_y2027m01',
    ]));
    expect((await query(db, sql`select count(*)::int as n from measurements_default`))[0].n).toBe(0);
    expect((await query(db, sql`select count(*)::int as n from measurements where investor_id = ${inv}`))[0].n).toBe(march.length + april.length + 1);
    // The default partition is vacuumed of the moved rows and the partitions they went to are
    // analyzed, without waiting for autovacuum (reltuples is -1 for a table never vacuumed or analyzed).
    const rowsKnown = async (name: string) => (await query(db, sql`select reltuples::int as n from pg_class where relname = ${name}`))[0].n;
    expect(await rowsKnown('measurements_default')).toBe(0);
    expect(await rowsKnown('measurements_y2026m03')).toBe(march.length);
    expect(await ensurePartitions(db, now)).toEqual([]);

    const monthChart = async () => (await call(ctx, staff, 'GET', `/v2/measurement/${tree.plant}?month=3&year=2026`)).body as { date: string; energy_wh: number | null }[];
    const before = await monthChart();
    expect(before.find((d) => d.date === '2026-03-10')!.energy_wh).toBeGreaterThan(0);
    const curve = `/v2/measurement/${tree.plant}?day=10&month=3&year=2026`;
    const read = async () => ((await call(ctx, staff, 'GET', curve)).body as { power_w: number | null }[]).filter((s) => s.power_w !== null);
    const curveBefore = await read();
    expect(curveBefore.length).toBeGreaterThan(0);

    await expect(detachMonth(db, '2026-11', now)).rejects.toThrow(/past month/);
    await expect(detachMonth(db, '2026-13', now)).rejects.toThrow(/YYYY-MM/);
    expect(await detachMonth(db, '2026-03', now)).toBe('measurements_y2026m03');
    expect(await partitions()).not.toContain('measurements_y2026m03');
    expect((await query(db, sql`select count(*)::int as n from measurements_y2026m03`))[0].n).toBe(march.length);
    expect((await query(db, sql`select count(*)::int as n from measurements where investor_id = ${inv}`))[0].n).toBe(april.length + 1);
    // The month's day curves and daily totals are rollups: kept without its raw points.
    expect(await read()).toEqual(curveBefore);
    expect(await monthChart()).toEqual(before);
  });

  it('gives the fleet view the newest point still stored once the month of an inverter\'s last reading is detached', async () => {
    const tree = await plantTree(db);
    const inv = tree.investors[0].id;
    await storeReadings(db, [
      { investor: inv, ts: new Date('2026-05-10T15:00:00Z'), ac_power_w: 800 },
      { investor: inv, ts: new Date('2026-06-10T15:00:00Z'), ac_power_w: 900 },
    ]);
    const now = new Date('2026-11-20T00:00:00Z');
    await ensurePartitions(db, now);
    const lastReading = async () => ((await call(ctx, staff, 'GET', `/fleet/plants?project=${tree.project}`)).body as { last_reading: string | null }[])[0].last_reading;
    expect(await lastReading()).toBe('2026-06-10T11:00:00-04:00');
    await detachMonth(db, '2026-06', now);
    expect(await lastReading()).toBe('2026-05-10T11:00:00-04:00');
    await detachMonth(db, '2026-05', now);
    expect(await lastReading()).toBe(null);
  });
});
