/**
 * Monitoring answers kept per process (server/measurements/read-cache.ts): the same answer is served
 * again while its readings stand still, and never once a reading of its span changed, whether the
 * change was stored by this process, written to the database directly, or stored by a second process
 * on the same PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client.js';
import type { Db } from '../../../server/db/client.js';
import { createTestContext, openTestDatabase, type TestContext } from '../../../testing/harness.js';
import { plantTree } from '../../../testing/fixtures.js';
import { chart, dayCurve } from '../../../server/measurements/queries.js';
import { storeReadings, type Reading } from '../../../server/measurements/store.js';
import { EVERY_INSTANT, keptAnswer } from '../../../server/measurements/read-cache.js';
import { seedBase } from '../../../server/seed/base.js';
import { drainRollups } from '../../../server/measurements/rollup-worker.js';
import type { JsonText } from '../../../server/core/replies.js';
import type { CurvePoint } from '../../../contract/measurements.js';
import { wallClock } from '../../../server/measurements/time.js';
import { setTimeout as sleep } from 'node:timers/promises';

const ZONE = 'America/Santiago';
const DAY = '2026-01-10';
/** 12:00 in Santiago (UTC-3 in summer) on DAY, and three days later (a day's answer covers a day more on either side, for any zone). */
const NOON = Date.parse('2026-01-10T15:00:00Z');
const LATER = NOON + 3 * 86_400_000;
const reading = (investor: number, ms: number, ac_power_w = 2000): Reading => ({ investor, ts: new Date(ms), ac_power_w });
const powerAt = (curve: JsonText<CurvePoint[]>, local: string) =>
  (JSON.parse(curve.text) as CurvePoint[]).find((p) => p.ts.startsWith(`${DAY}T${local}`))?.power_w;

describe('in one process', () => {
  let ctx: TestContext;
  let db: Db;
  beforeAll(async () => { ctx = await createTestContext(); db = ctx.database.db; });
  afterAll(async () => { await ctx?.close(); });

  it('serves a day curve again as it is while its readings stand still, and anew once one of them is stored', async () => {
    const { plant, investors: [inverter] } = await plantTree(db);
    await storeReadings(db, [reading(inverter.id, NOON), reading(inverter.id, NOON + 300_000)]);
    await ctx.changesHeard();
    const first = await dayCurve(db, plant, ZONE, DAY);
    expect(powerAt(first, '12:05')).toBe(2000);
    expect(await dayCurve(db, plant, ZONE, DAY)).toBe(first);

    // A reading of another day leaves this day's answer alone.
    await storeReadings(db, [reading(inverter.id, LATER)]);
    await ctx.changesHeard();
    expect(await dayCurve(db, plant, ZONE, DAY)).toBe(first);

    // One of this day is in the very next answer, without waiting for any notification.
    await storeReadings(db, [reading(inverter.id, NOON + 600_000, 3000)]);
    const after = await dayCurve(db, plant, ZONE, DAY);
    expect(after).not.toBe(first);
    expect(powerAt(after, '12:10')).toBe(3000);
  });

  it('hears readings changed or deleted in the database by other means than storing them', async () => {
    const { plant, investors: [inverter] } = await plantTree(db);
    await storeReadings(db, [reading(inverter.id, NOON)]);
    const month = { year: 2026, month: 1, day: 10 };
    await ctx.changesHeard();
    expect(powerAt(await dayCurve(db, plant, ZONE, DAY), '12:00')).toBe(2000);
    const monthChart = await chart(db, plant, ZONE, 'month', month);

    await db.execute(sql`update measurements set ac_power_w = 2500 where investor_id = ${inverter.id}`);
    await ctx.changesHeard();
    expect(powerAt(await dayCurve(db, plant, ZONE, DAY), '12:00')).toBe(2500);

    await db.execute(sql`update measurements set energy_wh = 1000 where investor_id = ${inverter.id}`);
    await ctx.changesHeard();
    expect(await chart(db, plant, ZONE, 'month', month)).not.toBe(monthChart);

    await db.execute(sql`delete from measurements where investor_id = ${inverter.id}`);
    await ctx.changesHeard();
    expect(powerAt(await dayCurve(db, plant, ZONE, DAY), '12:00')).toBeNull();
  });

  it('keeps at most 2,000 answers, letting the oldest go first', async () => {
    await ctx.changesHeard();
    let reads = 0;
    const answer = (n: number) => keptAnswer(db, 1, `bound ${n}`, EVERY_INSTANT, async () => { reads += 1; return { n }; });
    for (let n = 0; n <= 2_000; n++) await answer(n);
    expect(reads).toBe(2_001);
    await answer(2_000);
    expect(reads).toBe(2_001);
    await answer(0);
    expect(reads).toBe(2_002);
  });

  it("gives a refused answer to whoever asked meanwhile, and keeps none of it", async () => {
    await ctx.changesHeard();
    let reads = 0;
    const answer = () => keptAnswer(db, 1, 'refused', EVERY_INSTANT, async () => { reads += 1; return { reads }; }, () => false);
    const [a, b] = await Promise.all([answer(), answer()]);
    expect(a).toBe(b);
    expect((await answer()).reads).toBe(2);
  });

  it("knows a plant has no stale hour until a reading of it is stored: a new chart then includes it before the worker runs", async () => {
    const { plant, investors: [inverter] } = await plantTree(db);
    await storeReadings(db, [reading(inverter.id, NOON), reading(inverter.id, NOON + 300_000)]);
    await drainRollups(db);
    await ctx.changesHeard();
    const energyOf = async (month: number) =>
      (await chart(db, plant, ZONE, 'month', { year: 2026, month, day: 10 })).totals.energy_wh;
    expect(await energyOf(1)).toBeCloseTo(2000 / 12, 1);
    // February's first readings: stale until the worker runs, and the February chart (a first read) shows them.
    const february = Date.parse('2026-02-10T15:00:00Z');
    await storeReadings(db, [reading(inverter.id, february, 1200), reading(inverter.id, february + 300_000, 1200)]);
    // 1,200 W over the 5 minutes between them, and over the last 15 minutes of the gap before (store.ts MAX_GAP_MS).
    expect(await energyOf(2)).toBeCloseTo((1200 * 20) / 60, 1);
  });

  it('reads the live figures anew once today has a new reading, through the API', async () => {
    const user = await ctx.userWithToken();
    const { plant, investors: [inverter] } = await plantTree(db, { user: user.user.id });
    // Both readings in the plant's today: minutes after local midnight, an interval reaching back into
    // yesterday counts for yesterday (a run at 00:02 in Santiago saw no energy today).
    const sinceMidnight = (ms: number) => { const w = wallClock(ZONE, ms); return ((w.hour * 60 + w.minute) * 60 + w.second) * 1000; };
    if (sinceMidnight(Date.now()) < 5_000) await sleep(5_000);
    const now = Date.now();
    const back = Math.min(600_000, sinceMidnight(now) - 2_000);
    const snapshot = async () => (await ctx.request(user.token, { method: 'GET', url: `/api/v2/last/measurement/all/data/${plant}` })).json();
    await storeReadings(db, [reading(inverter.id, now - back, 1000)]);
    await ctx.changesHeard();
    expect((await snapshot()).power_w).toBe(1000);
    expect((await snapshot()).power_w).toBe(1000);
    await storeReadings(db, [reading(inverter.id, now - back / 2, 1500)]);
    const after = await snapshot();
    expect(after.power_w).toBe(1500);
    expect(after.energy_today_wh).toBeGreaterThan(0);
  });
});

describe('two processes on one PostgreSQL', () => {
  let database: Database & { url?: string };
  let second: Database;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await seedBase(database.db);
    second = await openDatabase({ databaseUrl: database.url! });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('readings stored by the other process, of two plants at once, reach this one\'s answers as soon as its notification does', async () => {
    const plants = [await plantTree(database.db), await plantTree(database.db)];
    await storeReadings(database.db, plants.map(({ investors: [inverter] }) => reading(inverter.id, NOON)));
    for (const { plant } of plants) {
      await expect.poll(async () => powerAt(await dayCurve(database.db, plant, ZONE, DAY), '12:00')).toBe(2000);
      const kept = await dayCurve(database.db, plant, ZONE, DAY);
      expect(await dayCurve(database.db, plant, ZONE, DAY)).toBe(kept);
    }

    await storeReadings(second.db, plants.map(({ investors: [inverter] }, i) => reading(inverter.id, NOON + 300_000, 4000 + i)));
    for (const [i, { plant }] of plants.entries()) {
      await expect.poll(async () => powerAt(await dayCurve(database.db, plant, ZONE, DAY), '12:05')).toBe(4000 + i);
    }
  });
});
