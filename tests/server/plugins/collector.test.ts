/**
 * The collector plugin (server/plugins/collector): GET /investor-all/microservice and POST
 * /investor-all/microservice/poll for staff, the readings stored for the measurement calls, and the
 * collector running with the app. Devices are local replays of recorded answers (testing/fronius-replay.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { investors } from '../../../server/db/schema.js';
import { buildApp } from '../../../server/app.js';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { froniusPlant } from '../../../testing/fixtures.js';
import { replaySet, unusedAddress } from '../../../testing/fronius-replay.js';

let ctx: TestContext;
let staff: string;
let customer: string;
let plantId: number;
let addInverter: Awaited<ReturnType<typeof froniusPlant>>['addInverter'];
const replays = replaySet();
const replay = replays.start;

beforeAll(async () => {
  ctx = await createTestContext({ COLLECTOR_INTERVAL: '0', COLLECTOR_TIMEOUT_MS: '1000' });
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  customer = (await ctx.userWithToken()).token;
  ({ id: plantId, addInverter } = await froniusPlant(ctx.database.db));
});
afterEach(async () => {
  await ctx.database.db.delete(investors);
});
afterAll(async () => {
  await replays.closeAll();
  await ctx?.close();
});

describe('/investor-all/microservice', () => {
  it('shows staff what was read from each device, after a poll now', async () => {
    const healthy = await replay('day');
    const a = await addInverter('Sano', healthy.address);
    const b = await addInverter('Caído', await unusedAddress());

    const first = await ctx.request(staff, { method: 'GET', url: '/api/investor-all/microservice' });
    expect(first.statusCode).toBe(200);
    expect(first.json().fronius).toEqual([
      expect.objectContaining({ investor: a.id, online: null, status: null, reading: null }),
      expect.objectContaining({ investor: b.id, online: null, status: null, reading: null }),
    ]);

    const polled = await ctx.request(staff, { method: 'POST', url: '/api/investor-all/microservice/poll' });
    expect(polled.statusCode).toBe(200);
    const [ok, down] = polled.json().fronius;
    expect(ok).toMatchObject({
      investor: a.id, investor_name: 'Sano', plant: plantId, plant_name: 'Planta Maipú', address: healthy.address, device_id: 1,
      online: true, status: 'running', last_error: null, consecutive_failures: 0, next_attempt_at: null,
      reading: { ac_power_w: 3120, grid_export_w: 1200.5, battery_power_w: 800, dc: [{ mppt: 1 }, { mppt: 2 }] },
    });
    expect(Date.parse(ok.last_success_at)).not.toBeNaN();
    expect(down).toMatchObject({
      investor: b.id, online: false, status: 'offline', last_success_at: null, last_error_kind: 'offline',
      consecutive_failures: 1, reading: null,
    });
    expect(down.last_error).toContain('ECONNREFUSED');
    expect(Date.parse(down.next_attempt_at)).toBeGreaterThan(Date.now());

    const again = await ctx.request(staff, { method: 'GET', url: '/api/investor-all/microservice' });
    expect(again.json()).toEqual(polled.json());
  });

  it('stores what it reads, so the measurement calls serve it', async () => {
    const device = await replay('day');
    const inverter = await addInverter('Guardado', device.address);
    await ctx.request(staff, { method: 'POST', url: '/api/investor-all/microservice/poll' });
    const res = await ctx.request(staff, { method: 'GET', url: `/api/investor/measurements/${inverter.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([[expect.objectContaining({ investor: inverter.id, ac_power_w: 3120, grid_export_w: 1200.5, battery_power_w: 800 })]]);
  });

  it('is for staff only', async () => {
    for (const [method, url] of [['GET', '/api/investor-all/microservice'], ['POST', '/api/investor-all/microservice/poll']] as const) {
      const asCustomer = await ctx.request(customer, { method, url });
      expect(asCustomer.statusCode, url).toBe(403);
      expect(asCustomer.json()).toHaveProperty('detail');
      expect((await ctx.request(null, { method, url })).statusCode, url).toBe(401);
    }
  });

  it('does not hide the plant lists behind the static path', async () => {
    const res = await ctx.request(staff, { method: 'GET', url: `/api/investor-all/${plantId}` });
    expect(res.statusCode).toBe(200);
  });
});

describe('collector and app', () => {
  it('starts polling when the app is ready and leaves nothing running after close', async () => {
    // A second app on the same database, with the timer on (the suite's own app has it off).
    const app = await buildApp({ config: { ...ctx.config, collectorIntervalSeconds: 0.1, collectorTimeoutMs: 500 }, db: ctx.database.db, mailer: ctx.mailer });
    const r = await replay('day');
    try {
      await addInverter('Inv', r.address);
      await app.ready();
      await vi.waitFor(() => expect(r.polls()).toBeGreaterThanOrEqual(3), { timeout: 5000, interval: 50 });
    } finally {
      await app.close();
    }
    const polls = r.polls();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(r.polls()).toBe(polls);
  });
});
