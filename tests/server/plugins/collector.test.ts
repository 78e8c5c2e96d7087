/**
 * The collector plugin (server/plugins/collector): GET /investor-all/microservice and POST
 * /investor-all/microservice/poll for staff, the readings stored for the measurement calls, and the
 * collector running with the app. Devices are local replays of recorded answers (testing/fronius-replay.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { investors, powerPlants } from '../../../server/db/schema.js';
import { buildApp } from '../../../server/app.js';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { froniusPlant } from '../../../testing/fixtures.js';
import { recording, replaySet, unusedAddress } from '../../../testing/fronius-replay.js';
import { plantSnapshot } from '../../../server/domain/snapshot.js';

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
      investor: b.id, online: false, status: 'offline', last_success_at: null, last_error_kind: 'refused',
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
    // A hybrid (battery on the datalogger): its PV power is its DC inputs', 412.3 V × 4.52 A + 398.7 V × 3.41 A.
    expect(res.json()).toEqual([[expect.objectContaining({ investor: inverter.id, ac_power_w: 3120, pv_power_w: 3223.2, grid_export_w: 1200.5, battery_power_w: 800 })]]);
  });

  it("keeps the lifetime and today's energy through a Symo's night answer (recorded at 23:33: no PAC, its counter)", async () => {
    const counter = recording('inverter').Body.Data.TOTAL_ENERGY.Value as number;
    const day = await replay('day', { without: ['power_flow', 'storage'] });
    const night = await replay('recorded', { without: ['power_flow', 'storage'] });
    const inverter = await addInverter('Symo', day.address);
    const [plant] = await ctx.database.db.select().from(powerPlants).where(eq(powerPlants.id, plantId));
    const lifetimes: number[] = [];
    const todays: number[] = [];
    for (const device of [day, night, day]) {
      await ctx.database.db.update(investors).set({ datalogger_address: device.address }).where(eq(investors.id, inverter.id));
      expect((await ctx.request(staff, { method: 'POST', url: '/api/investor-all/microservice/poll' })).statusCode).toBe(200);
      const snapshot = await plantSnapshot(ctx.database.db, plant);
      lifetimes.push(snapshot.energy_total_wh);
      todays.push(snapshot.energy_today_wh);
    }
    expect(lifetimes).toEqual([counter, counter, counter]);
    // The counter did not move: nothing was produced today.
    expect(todays).toEqual([0, 0, 0]);
  });

  it("keeps a fault's error code with the inverter's errors once per fault; a Symo asleep (status 3, code 523) is no fault", async () => {
    const faulty = await replay('error');
    const asleep = await replay('recorded');
    const broken = await addInverter('Averiado', faulty.address);
    const sleeping = await addInverter('Dormido', asleep.address);
    for (let i = 0; i < 2; i++) await ctx.request(staff, { method: 'POST', url: '/api/investor-all/microservice/poll' });
    const events = await ctx.request(staff, { method: 'GET', url: `/api/investor/${broken.id}/events` });
    expect(events.json()).toEqual([expect.objectContaining({ investor: broken.id, kind: 'error', code: 307, detail: { source: 'collector' } })]);
    expect((await ctx.request(staff, { method: 'GET', url: `/api/investor/${sleeping.id}/events` })).json()).toEqual([]);
    const [, night] = (await ctx.request(staff, { method: 'GET', url: '/api/investor-all/microservice' })).json().fronius;
    expect(night).toMatchObject({ investor: sleeping.id, status: 'night', reading: { status_code: 3, error_code: 523 } });
  });

  it("tells staff, per inverter, what was last read, when, and why a device is offline: refused, timeout, malformed, unsupported call", async () => {
    const good = await replay('day');
    const garbled = await replay('malformed');
    const slow = await replay('slow', { slowMs: 3000 });
    const unknownDevice = await replay('day');
    const ok = await addInverter('Sano', good.address);
    const refused = await addInverter('Apagado', await unusedAddress());
    const malformed = await addInverter('Roto', garbled.address);
    const timeout = await addInverter('Lento', slow.address);
    const unsupported = await addInverter('Otro equipo', unknownDevice.address);
    await ctx.database.db.update(investors).set({ device_id: 2 }).where(eq(investors.id, unsupported.id));
    const local = await addInverter('Sin datalogger', ' ');
    const before = Date.now();
    await ctx.request(staff, { method: 'POST', url: '/api/investor-all/microservice/poll' });
    const of = async (id: number) => {
      const res = await ctx.request(staff, { method: 'GET', url: `/api/investor/${id}/collector` });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const read = await of(ok.id);
    expect(read).toMatchObject({
      polled: true,
      device: { investor: ok.id, address: good.address, online: true, status: 'running', last_error_kind: null, reading: { ac_power_w: 3120, status_code: 7, unavailable: ['meter'] } },
    });
    expect(Date.parse(read.device.last_attempt_at)).toBeGreaterThanOrEqual(before);
    // The replay's clock says 2019: flagged, and its readings filed at the time they were received.
    expect(read.device).toMatchObject({ clock_off: true, clock_offset_s: expect.any(Number) });
    expect(read.device.clock_offset_s).toBeGreaterThan(5 * 365 * 86_400);
    const [[stored]] = (await ctx.request(staff, { method: 'GET', url: `/api/investor/measurements/${ok.id}` })).json();
    expect(Date.parse(stored.ts)).toBe(Math.floor(Date.parse(read.device.last_attempt_at) / 1000) * 1000); // served to the second
    expect(read.device.last_success_at).toBe(read.device.last_attempt_at);
    for (const [inverter, kind] of [[refused, 'refused'], [malformed, 'malformed'], [timeout, 'timeout'], [unsupported, 'unsupported']] as const) {
      const { device } = await of(inverter.id);
      expect(device, kind).toMatchObject({ online: false, status: 'offline', last_error_kind: kind, last_success_at: null, reading: null });
      expect(Date.parse(device.last_attempt_at), kind).toBeGreaterThanOrEqual(before);
    }
    expect(await of(local.id)).toEqual({ polled: false, device: null });
    expect((await ctx.request(customer, { method: 'GET', url: `/api/investor/${ok.id}/collector` })).statusCode).toBe(403);
    expect((await ctx.request(staff, { method: 'GET', url: '/api/investor/987654/collector' })).statusCode).toBe(404);
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
