/**
 * The demo's push-fed plant (server/measurements/demo-push.ts): the built-in sender posts the
 * simulator's points in the Fronius Powerflow format to the server's own receiver, over HTTP, with
 * the plant's login; the demo feed leaves that plant alone.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { call, query } from '../../../testing/fixtures.js';
import { seedDemo } from '../../../server/seed/demo.js';
import { createDemoPush, DEMO_PUSH_PLANT, DEMO_PUSH_USER } from '../../../server/measurements/demo-push.js';
import { demoInverters } from '../../../server/measurements/demo-feed.js';

const PORT = 3161;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ PORT: String(PORT) });
  await seedDemo(ctx.database.db);
  await ctx.app.listen({ port: PORT, host: '127.0.0.1' });
});
afterAll(() => ctx?.close());

describe('the demo push sender', () => {
  it('feeds its plant through the Push Service receiver, which the demo feed then leaves alone', async () => {
    const db = ctx.database.db;
    const sender = await createDemoPush(db, ctx.app.log, { baseUrl: `http://127.0.0.1:${PORT}`, catchUpMs: 3_600_000 });
    expect(sender).not.toBeNull();
    const [plant] = await query(db, sql`select id from power_plants where name = ${DEMO_PUSH_PLANT}`);
    const [inverter] = await query(db, sql`select id from investors where plant_id = ${plant.id}`);
    expect((await demoInverters(db)).map((i) => Number(i.model.id))).not.toContain(inverter.id);

    await sender!.tick();
    const [{ n }] = await query(db, sql`select count(*)::int as n from measurements where investor_id = ${inverter.id}`);
    // An hour of 5-minute points (the first instant of the hour included or not).
    expect(n).toBeGreaterThanOrEqual(12);
    expect(n).toBeLessThanOrEqual(13);
    // Each at its own 5-minute instant: the older ones came as the datalogger's archive (Logdata).
    const stamps = await query<{ ms: number }>(db, sql`select extract(epoch from ts) * 1000 as ms from measurements where investor_id = ${inverter.id} order by ts`);
    expect(stamps.every(({ ms }) => Number(ms) % 300_000 === 0)).toBe(true);

    const admin = await ctx.login('admin@demo.cl', 'admin1234');
    const latest = (await call(ctx, admin, 'GET', `/investor/measurements/${inverter.id}`)).body.flat()[0];
    expect(Date.now() - Date.parse(latest.ts)).toBeLessThan(5 * 60_000);
    expect(latest).toMatchObject({ investor: inverter.id, energy_total_wh: expect.any(Number), consumption_w: expect.any(Number) });
    const ways = (await call(ctx, admin, 'GET', `/power-plant/${plant.id}/ways-in`)).body;
    expect(ways.push_service).toEqual([expect.objectContaining({ username: DEMO_PUSH_USER, last_delivered_at: expect.any(String) })]);

    // Nothing new to send within the same 5 minutes: nothing stored twice.
    await sender!.tick();
    const [{ n: again }] = await query(db, sql`select count(*)::int as n from measurements where investor_id = ${inverter.id}`);
    expect(again - n).toBeLessThanOrEqual(1);
    await sender!.stop();

    // A restart replaces the login: one demo login per plant.
    const next = await createDemoPush(db, ctx.app.log, { baseUrl: `http://127.0.0.1:${PORT}` });
    await next!.stop();
    expect((await call(ctx, admin, 'GET', `/power-plant/${plant.id}/push-credentials`)).body).toHaveLength(1);
  }, 60_000);
});
