import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import type { Db } from '../../../server/db/client.js';
import { investors, powerPlants } from '../../../server/db/schema.js';
import { seedDemo } from '../../../server/seed/demo.js';
import { createDemoFeed } from '../../../server/measurements/demo-feed.js';
import { loadConfig } from '../../../server/config.js';
import { call, query } from '../../../testing/fixtures.js';

let ctx: TestContext;
let db: Db;
let staff: string;
const messages: string[] = [];
const log = {
  level: 'info', silent() {}, trace() {}, debug() {}, warn() {}, fatal() {},
  info(msg: unknown) { messages.push(String(msg)); },
  error(obj: unknown) { messages.push(`ERROR ${JSON.stringify(obj)}`); },
  child() { return log; },
} as unknown as FastifyBaseLogger;

const plantId = async (name: string) => (await db.select({ id: powerPlants.id }).from(powerPlants).where(eq(powerPlants.name, name)))[0].id;
const count = async (investor?: number) => (await query(db, investor === undefined
  ? sql`select count(*)::int as n from measurements`
  : sql`select count(*)::int as n from measurements where investor_id = ${investor}`))[0].n as number;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  await seedDemo(db);
  staff = (await ctx.userWithToken({ is_staff: true })).token;
}, 60_000);
afterAll(() => ctx?.close());

describe('the demo feed', () => {
  it('reads DEMO_BACKFILL_DAYS, 13 months by default', () => {
    // This file's data dir: without JWT_SECRET, loading the configuration keeps a key there.
    const dataDir = ctx.config.dataDir;
    expect(loadConfig({ DATA_DIR: dataDir }).demoBackfillDays).toBe(396);
    expect(loadConfig({ DATA_DIR: dataDir, DEMO_BACKFILL_DAYS: '2' }).demoBackfillDays).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, DEMO_BACKFILL_DAYS: 'nope' }).demoBackfillDays).toBe(396);
  });

  it('backfills the demo plants, the push-fed one included, leaves alone a plant fed by its own datalogger, and gives a plausible snapshot', async () => {
    const concon = await plantId('Planta Bodega Concón');
    expect((await call(ctx, staff, 'POST', `/power-plant/${concon}/api-keys`, { payload: { name: 'propio' } })).status).toBe(201);
    // A Push Service login (the demo's push-fed plant): its live points come from its sender, its history from the feed.
    const condes = await plantId('Planta Las Condes');
    expect((await call(ctx, staff, 'POST', `/power-plant/${condes}/push-credentials`, { payload: { name: 'emisor' } })).status).toBe(201);

    const feed = createDemoFeed(db, log, { backfillDays: 2, batchSize: 200 });
    await feed.start();
    await feed.stop();
    expect(messages.some((m) => /100%/.test(m)), messages.join('\n')).toBe(true);
    expect(messages.filter((m) => m.startsWith('ERROR'))).toEqual([]);

    const demo = await db.select({ id: investors.id, plant: investors.plant }).from(investors);
    for (const inv of demo) {
      // Two days of 5-minute points up to now (the anchor included).
      if (inv.plant === concon) expect(await count(inv.id)).toBe(0);
      else expect(Math.abs(await count(inv.id) - 2 * 288)).toBeLessThanOrEqual(1);
    }

    const maipu = await plantId('Planta Maipú');
    const snap = (await call(ctx, staff, 'GET', `/v2/last/measurement/all/data/${maipu}`)).body;
    expect(snap.online).toBe(true);
    expect(Date.now() - Date.parse(snap.timestamp)).toBeLessThan(5 * 60_000);
    expect(snap.power_w).toBeGreaterThanOrEqual(0);
    expect(snap.power_w).toBeLessThanOrEqual(6000);
    expect(snap.battery_soc).toBeGreaterThanOrEqual(10); // the hybrid inverter has a battery
    expect(snap.battery_soc).toBeLessThanOrEqual(100);
    expect(snap.consumption_w).toBeGreaterThan(0);
    // The counter carries the plant's lifetime since 2023 (6.5 kWp, ~1500 kWh/kWp a year): over 20 MWh.
    expect(snap.energy_total_wh).toBeGreaterThan(20_000_000);
    expect(snap.inverters).toEqual([expect.objectContaining({ online: true, status: expect.any(String) })]);
    // Yesterday: a 6.5 kWp plant produces during the day hours (a few kWh under winter clouds, tens
    // of kWh in summer), never more than it could at full power; the house uses about 10 kWh.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const day = (await call(ctx, staff, 'GET', `/v2/get/data/date/${maipu}?type=day&date=${yesterday}`)).body;
    expect(day.series.filter((h: any) => h.energy_wh > 0).length).toBeGreaterThan(6);
    expect(day.series.filter((h: any) => h.energy_wh === 0).length).toBeGreaterThan(6);
    expect(day.totals.energy_wh).toBeGreaterThan(1_000);
    expect(day.totals.energy_wh).toBeLessThan(6.5 * 14 * 1000);
    expect(day.totals.consumption_wh).toBeGreaterThan(3_000);
    expect(day.totals.self_consumption_pct).toBeGreaterThan(0);
  });

  it('resumes an interrupted backfill with the very same points, and adds live points without duplicates', async () => {
    const [inv] = await db.select({ id: investors.id }).from(investors).orderBy(investors.id).limit(1);
    const hole = sql`investor_id = ${inv.id} and ts >= now() - interval '30 hours' and ts < now() - interval '20 hours'`;
    const lost = await query(db, sql`select ts::text, ac_power_w, energy_total_wh, battery_soc, consumption_wh from measurements where ${hole} order by ts`);
    expect(lost.length).toBe(120);
    await db.execute(sql`delete from measurements where ${hole}`);

    const total = await count();
    const feed = createDemoFeed(db, log, { backfillDays: 2 });
    await feed.start();
    await feed.tick();
    await feed.stop();
    expect(await query(db, sql`select ts::text, ac_power_w, energy_total_wh, battery_soc, consumption_wh from measurements where ${hole} order by ts`)).toEqual(lost);
    // Nothing else came but the points of the minutes since the first run (at most one more per inverter),
    // and every counter kept climbing across backfill, refill and live points.
    expect((await count()) - total - 120).toBeLessThanOrEqual(3);
    const backwards = await query(db, sql`select count(*)::int as n from (
      select energy_total_wh - lag(energy_total_wh) over (partition by investor_id order by ts) as step from measurements) s where step < 0`);
    expect(backwards[0].n).toBe(0);
  });
  it('starts all the same when its first fill fails (a deadlock with another process), and its next tick fills the holes', async () => {
    const [inv] = await db.select({ id: investors.id }).from(investors).orderBy(investors.id).limit(1);
    const hole = sql`investor_id = ${inv.id} and ts >= now() - interval '10 hours' and ts < now() - interval '5 hours'`;
    const lost = await query(db, sql`select ts::text, ac_power_w, energy_total_wh from measurements where ${hole} order by ts`);
    expect(lost.length).toBe(60);
    await db.execute(sql`delete from measurements where ${hole}`);
    // The first write of the fill is aborted as PostgreSQL aborts one side of a deadlock.
    const real = db.transaction;
    db.transaction = (() => {
      db.transaction = real;
      return Promise.reject(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    }) as typeof db.transaction;
    messages.length = 0;
    const feed = createDemoFeed(db, log, { backfillDays: 2 });
    try {
      await expect(feed.start()).resolves.toBeUndefined();
      expect(messages.filter((m) => m.startsWith('ERROR')).length).toBe(1);
      expect(await query(db, sql`select count(*)::int as n from measurements where ${hole}`)).toEqual([{ n: 0 }]);
      await feed.tick();
    } finally {
      db.transaction = real;
      await feed.stop();
    }
    expect(await query(db, sql`select ts::text, ac_power_w, energy_total_wh from measurements where ${hole} order by ts`)).toEqual(lost);
  });
});
