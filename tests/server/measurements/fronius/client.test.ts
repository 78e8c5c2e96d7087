/**
 * The Fronius Solar API v1 client against a real local HTTP server replaying recorded device answers
 * (testing/fronius-replay.ts), the collector (back-off, bounded concurrency, isolation of
 * broken devices, the hard deadline of a read that stalls halfway) and the staff routes
 * /investor-all/microservice and /investor-all/microservice/poll.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { investors, powerPlants, projects } from '../../../../server/db/schema.js';
import { FroniusError, dataloggerBaseUrl, decodeHtmlEntities, readFronius } from '../../../../server/measurements/fronius/client.js';
import type { FroniusReading } from '../../../../contract/collector.js';
import { backoffMs, createCollector } from '../../../../server/measurements/fronius/collector.js';
import { buildApp } from '../../../../server/app.js';
import { createTestContext, type TestContext } from '../../../../testing/harness.js';
import { DAY, recording, startFroniusReplay, unusedAddress, type FroniusReplay } from '../../../../testing/fronius-replay.js';

let ctx: TestContext;
let staff: string;
let customer: string;
let plantId: number;
const replays: FroniusReplay[] = [];

const TIMEOUT = { timeoutMs: 1000 };
const replay = async (...args: Parameters<typeof startFroniusReplay>) => {
  const r = await startFroniusReplay(...args);
  replays.push(r);
  return r;
};
const silentLog = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} } as any;

beforeAll(async () => {
  ctx = await createTestContext({ COLLECTOR_INTERVAL: '0', COLLECTOR_TIMEOUT_MS: '1000' });
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  customer = (await ctx.userWithToken()).token;
  const [project] = await ctx.database.db.insert(projects).values({ name: 'Proyecto Fronius' }).returning();
  const [plant] = await ctx.database.db.insert(powerPlants).values({ project: project.id, name: 'Planta Maipú' }).returning();
  plantId = plant.id;
});
afterEach(async () => {
  await ctx.database.db.delete(investors);
});
afterAll(async () => {
  await Promise.all(replays.map((r) => r.close()));
  await ctx?.close();
});

const addInverter = async (name: string, datalogger_address: string, device_id = 1) =>
  (await ctx.database.db.insert(investors).values({ plant: plantId, name, datalogger_address, device_id }).returning())[0];

async function expectFroniusError(promise: Promise<unknown>, kind: FroniusError['kind']) {
  const err = await promise.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(FroniusError);
  expect(err.kind).toBe(kind);
  return err as FroniusError;
}

describe('Fronius client', () => {
  it('reads the recordings as they are into the expected numbers', async () => {
    const r = await replay('recorded');
    const reading = await readFronius(r.address, 1, TIMEOUT);
    // The inverter answer was recorded at 23:33: no PAC, no DC values, status 3 with error 523.
    expect(recording('inverter').Body.Data.PAC).toBeUndefined();
    expect(reading).toEqual<FroniusReading>({
      ts: '2019-01-10T23:33:15+01:00',
      status: 'startup', status_code: 3, error_code: 523,
      ac_power_w: null,
      energy_day_wh: 0,
      energy_total_wh: 26213502,
      dc: [],
      pv_power_w: null,
      // Power flow: P_Grid 367.722145 (taken from the grid), P_Load -367.722145, P_Akku null.
      grid_import_w: 367.722145, grid_export_w: 0,
      consumption_w: 367.722145,
      battery_power_w: null,
      battery_soc: 7.9,
      device: {
        model: 'Primo 8.2-1 (', serial: '38183', device_type: 102,
        battery_model: 'BYD Battery-Box HV', battery_serial: '123456789-12345',
      },
      // The recorded meter sits at the load (Meter_Location_Current 1), not at the grid.
      unavailable: ['meter'],
    });
    expect(r.hits).toMatchObject({ inverter: 1, power_flow: 1, meter: 1, storage: 1, inverter_info: 1, other: 0 });
  });

  it('normalises a producing inverter: DC inputs, export, battery charging as positive, no DAY_ENERGY on GEN24', async () => {
    const r = await replay('day');
    const reading = await readFronius(`http://${r.address}`, 1, TIMEOUT);
    expect(reading).toMatchObject({
      ts: DAY.timestamp, status: 'running', status_code: 7, error_code: 0,
      ac_power_w: 3120, energy_day_wh: null, energy_total_wh: 26213502,
      pv_power_w: 3240, grid_import_w: 0, grid_export_w: 1200.5, consumption_w: 1119.5,
      // Fronius P_Akku -800 means charging; ours is +800.
      battery_power_w: 800,
      // The storage's own state of charge wins over the power flow's.
      battery_soc: 7.9,
    });
    expect(reading.dc).toEqual([
      { mppt: 1, voltage_v: 412.3, current_a: 4.52, power_w: 1863.6 },
      { mppt: 2, voltage_v: 398.7, current_a: 3.41, power_w: 1359.6 },
    ]);
  });

  it('takes a missing meter or storage as nulls, not as a failure', async () => {
    const r = await replay('day', { without: ['meter', 'storage', 'inverter_info'] });
    const reading = await readFronius(r.address, 1, TIMEOUT);
    expect(reading).toMatchObject({
      status: 'running', ac_power_w: 3120, battery_soc: DAY.flowSoc,
      device: { model: null, serial: null, device_type: null, battery_model: null, battery_serial: null },
      unavailable: ['meter', 'storage', 'inverter_info'],
    });
    await r.setMode('day', { without: ['power_flow', 'meter', 'storage'] });
    expect(await readFronius(r.address, 1, TIMEOUT)).toMatchObject({
      ac_power_w: 3120, pv_power_w: null, grid_import_w: null, grid_export_w: null, consumption_w: null,
      battery_power_w: null, battery_soc: null, unavailable: ['power_flow', 'meter', 'storage'],
    });
  });

  it('reports night when the inverter sleeps: no PAC and no status', async () => {
    const r = await replay('night');
    const reading = await readFronius(r.address, 1, TIMEOUT);
    expect(reading).toMatchObject({
      status: 'night', status_code: null, error_code: null, ac_power_w: null, dc: [], energy_total_wh: 26213502,
      grid_import_w: 367.722145, consumption_w: 367.722145,
    });
  });

  it('reports an inverter error with its Fronius code', async () => {
    const r = await replay('error');
    expect(await readFronius(r.address, 1, TIMEOUT)).toMatchObject({ status: 'error', status_code: 10, error_code: 307, ac_power_w: 0 });
  });

  it('turns an answer that is not JSON, or JSON of the wrong shape, into a typed error', async () => {
    const r = await replay('malformed');
    await expectFroniusError(readFronius(r.address, 1, TIMEOUT), 'malformed');
    await r.setMode('wrong-shape');
    const err = await expectFroniusError(readFronius(r.address, 1, TIMEOUT), 'malformed');
    expect(err.message).toContain('PAC');
  });

  it('says offline when nothing answers, and timeout when the device is too slow', async () => {
    const err = await expectFroniusError(readFronius(await unusedAddress(), 1, TIMEOUT), 'offline');
    expect(err.message).toContain('ECONNREFUSED');
    const r = await replay('slow', { slowMs: 3000 });
    const started = Date.now();
    await expectFroniusError(readFronius(r.address, 1, { timeoutMs: 200 }), 'timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses an answer larger than a Fronius answer can be, and does not follow redirects', async () => {
    const huge = await replay('oversized');
    expect((await expectFroniusError(readFronius(huge.address, 1, TIMEOUT), 'malformed')).message).toBe('Respuesta demasiado grande.');
    const elsewhere = await replay('day');
    const moved = await replay('redirect', { redirectTo: elsewhere.address });
    expect((await expectFroniusError(readFronius(moved.address, 1, TIMEOUT), 'http')).message).toContain('HTTP 302');
    expect(moved.polls()).toBe(1);
    expect(elsewhere.hits).toMatchObject({ inverter: 0, power_flow: 0, meter: 0, storage: 0, inverter_info: 0, other: 0 });
  });

  it('asks the datalogger for the configured device id and refuses a device the datalogger does not know', async () => {
    const r = await replay('day');
    // Only DeviceId=1 was recorded: the replay answers 404 for device 2, like a datalogger without it.
    await expectFroniusError(readFronius(r.address, 2, TIMEOUT), 'http');
    expect(r.hits.other).toBe(1);
  });

  it('understands the address forms staff type, and refuses others', () => {
    expect(dataloggerBaseUrl('192.168.1.50').href).toBe('http://192.168.1.50/solar_api/v1/');
    expect(dataloggerBaseUrl(' logger.local:8080 ').href).toBe('http://logger.local:8080/solar_api/v1/');
    expect(dataloggerBaseUrl('https://proxy.example.com/plant-7/').href).toBe('https://proxy.example.com/plant-7/solar_api/v1/');
    for (const bad of ['', '   ', 'ftp://x', 'http://', 'a b:c']) {
      expect(() => dataloggerBaseUrl(bad), bad).toThrow(FroniusError);
    }
    expect(decodeHtmlEntities('&#80;&#114;&#105;&#109;&#111; &amp; &#x47;')).toBe('Primo & G');
  });
});

describe('Fronius collector', () => {
  const T0 = Date.parse('2025-01-15T12:00:00Z');

  it('keeps reading the healthy device, backs off the broken ones and hands readings on', async () => {
    const healthy = await replay('day');
    const broken = await replay('offline');
    const garbled = await replay('malformed');
    const a = await addInverter('Sano', healthy.address);
    const b = await addInverter('Caído', broken.address);
    const c = await addInverter('Roto', garbled.address);
    await addInverter('Sin datalogger', '   ');

    let clock = T0;
    const attempts: Record<string, number> = {};
    const received: [number, FroniusReading][] = [];
    const collector = createCollector({
      db: ctx.database.db, log: silentLog, intervalSeconds: 0, timeoutMs: 1000, now: () => clock,
      read: (address, deviceId, opts) => { attempts[address] = (attempts[address] ?? 0) + 1; return readFronius(address, deviceId, opts); },
      onReading: async (investor, reading) => { received.push([investor, reading]); },
    });

    // One cycle a minute for 8 minutes: failures retry after 1, 2, 4 minutes.
    for (let minute = 0; minute <= 7; minute++) {
      clock = T0 + minute * 60_000;
      await collector.pollNow();
    }
    expect(attempts[healthy.address]).toBe(8);
    expect(attempts[broken.address]).toBe(4); // minutes 0, 1, 3, 7
    expect(attempts[garbled.address]).toBe(4);
    expect(Object.keys(attempts)).toHaveLength(3);
    expect(received).toHaveLength(8);
    expect(received.every(([investor, r]) => investor === a.id && r.ac_power_w === 3120)).toBe(true);

    const states = collector.states();
    expect(states.get(a.id)).toMatchObject({ online: true, consecutive_failures: 0, last_error: null, next_attempt_at: null, last_success_at: new Date(T0 + 7 * 60_000).toISOString() });
    expect(states.get(b.id)).toMatchObject({
      online: false, consecutive_failures: 4, last_error_kind: 'offline', last_success_at: null, last_reading: null,
      next_attempt_at: new Date(T0 + 7 * 60_000 + 8 * 60_000).toISOString(),
    });
    expect(states.get(c.id)).toMatchObject({ online: false, consecutive_failures: 4, last_error_kind: 'malformed' });

    // The broken one comes back: read again once its back-off ends, and its failures are forgotten.
    await broken.setMode('night');
    clock = T0 + 14 * 60_000;
    await collector.pollNow();
    expect(attempts[broken.address]).toBe(4);
    clock = T0 + 15 * 60_000;
    await collector.pollNow();
    expect(states.get(b.id)).toMatchObject({ online: true, consecutive_failures: 0, next_attempt_at: null, last_reading: { status: 'night' } });
    expect(received.filter(([investor]) => investor === b.id)).toHaveLength(1);

    // A forced poll reads devices that are backing off too.
    const before = attempts[garbled.address];
    await collector.pollNow({ force: true });
    expect(attempts[garbled.address]).toBe(before + 1);
    await collector.stop();
  });

  it('doubles the wait up to 30 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it('reads at most four devices at a time', async () => {
    for (let i = 0; i < 10; i++) await addInverter(`Inv ${i}`, `10.0.0.${i + 1}`);
    let inFlight = 0;
    let most = 0;
    const collector = createCollector({
      db: ctx.database.db, log: silentLog, intervalSeconds: 0, timeoutMs: 1000, onReading: async () => {},
      read: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight -= 1;
        throw new FroniusError('offline', 'x');
      },
    });
    await collector.pollNow();
    expect(most).toBe(4);
    expect(collector.states().size).toBe(10);
  });

  it('keeps a device online when storing its reading fails, and forgets inverters whose address is removed', async () => {
    const r = await replay('day');
    const inv = await addInverter('Inv', r.address);
    const error = vi.fn();
    const collector = createCollector({
      db: ctx.database.db, log: { ...silentLog, error }, intervalSeconds: 0, timeoutMs: 1000,
      onReading: async () => { throw new Error('disk full'); },
    });
    await collector.pollNow();
    expect(collector.states().get(inv.id)).toMatchObject({ online: true, consecutive_failures: 0 });
    expect(error).toHaveBeenCalledOnce();
    await ctx.database.db.update(investors).set({ datalogger_address: '' });
    await collector.pollNow();
    expect(collector.states().size).toBe(0);
  });
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

/**
 * A datalogger whose link drops halfway through an answer: headers and half the body, then silence
 * with the socket open ('stall'), or the rest one byte every 200 ms ('trickle'). Node 20's fetch could
 * lose its abort when a garbage collection ran during the body read (nodejs/node#56917,
 * nodejs/undici#4089), so these tests force collections all along.
 */
describe('a datalogger that stalls halfway through an answer', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /**
   * Full collections until the returned function is called, a few milliseconds apart: one takes
   * 20-200 ms here, so a fixed interval would leave the event loop no time for anything else.
   */
  function collectGarbageOften() {
    const gc = globalThis.gc;
    expect(gc, 'the server tests run with --expose-gc (vite.config.ts)').toBeTypeOf('function');
    let timer: NodeJS.Timeout;
    const collect = () => {
      gc!();
      timer = setTimeout(collect, 50);
    };
    timer = setTimeout(collect, 0);
    return () => clearTimeout(timer);
  }

  it('is given up at the deadline, whether it keeps silent or trickles, whatever the garbage collector does', async () => {
    const timeoutMs = 1500;
    const stalled = await replay('stall');
    const trickling = await replay('trickle', { trickleMs: 200 });
    const stopCollecting = collectGarbageOften();
    try {
      for (const device of [stalled, trickling]) {
        const started = Date.now();
        const outcome = await Promise.race([
          readFronius(device.address, 1, { timeoutMs }).then(() => 'read', (err) => err),
          sleep(timeoutMs + 3000).then(() => 'still reading'),
        ]);
        expect(outcome, device.mode).toBeInstanceOf(FroniusError);
        expect(outcome).toMatchObject({ kind: 'timeout', message: `El datalogger no respondió en ${timeoutMs} ms.` });
        expect(Date.now() - started).toBeGreaterThanOrEqual(timeoutMs - 50);
        expect(device.hits.inverter).toBe(1);
      }
      // The trickle never left the link idle for long: the deadline is total, not idle time.
      expect(trickling.trickled).toBeGreaterThanOrEqual(4);
    } finally {
      stopCollecting();
    }
  });

  it('goes offline with a timeout while the other dataloggers are read on every interval', async () => {
    const timeoutMs = 4000;
    const good = [await replay('day'), await replay('day')];
    const stalled = await replay('day');
    const trickling = await replay('day');
    const inverters = [
      await addInverter('Sano 1', good[0].address), await addInverter('Sano 2', good[1].address),
      await addInverter('Colgado', stalled.address), await addInverter('Goteo', trickling.address),
    ];
    // The app's own collector, ticking every second (the suite's app has it off).
    const app = await buildApp({
      config: { ...ctx.config, collectorIntervalSeconds: 1, collectorTimeoutMs: timeoutMs }, db: ctx.database.db, mailer: ctx.mailer,
    });
    const view = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/investor-all/microservice', headers: { authorization: `Bearer ${staff}` } });
      expect(res.statusCode).toBe(200);
      return new Map((res.json().fronius as { investor: number }[]).map((d) => [d.investor, d as any]));
    };
    let stopCollecting = () => {};
    try {
      await app.ready();
      await vi.waitFor(async () => {
        const devices = await view();
        for (const inv of inverters) expect(devices.get(inv.id)).toMatchObject({ online: true, status: 'running' });
      }, { timeout: 10_000, interval: 100 });

      // The link of two dataloggers drops halfway through their next answers (due within a second).
      await stalled.setMode('stall');
      await trickling.setMode('trickle', { trickleMs: 200 });
      const dropped = Date.now();
      const goodBefore = good.map((r) => r.polls());
      stopCollecting = collectGarbageOften();

      await vi.waitFor(async () => {
        const devices = await view();
        for (const inv of inverters.slice(2)) {
          expect(devices.get(inv.id)).toMatchObject({
            online: false, status: 'offline', last_error_kind: 'timeout', consecutive_failures: 1,
            last_error: `El datalogger no respondió en ${timeoutMs} ms.`,
          });
        }
      }, { timeout: timeoutMs + 6000, interval: 50 });
      const elapsed = Date.now() - dropped;
      // Up to a second until their next read, then the deadline, and a generous margin for a busy
      // machine; before the fix these reads hung for minutes.
      expect(elapsed).toBeLessThan(1000 + timeoutMs + 3000);
      // Meanwhile the healthy ones kept their one-second rhythm (cycles waiting for every device
      // read them once).
      const goodReads = good.map((r, i) => r.polls() - goodBefore[i]);
      goodReads.forEach((n, i) => expect(n, `good device ${i + 1}`).toBeGreaterThanOrEqual(Math.floor(timeoutMs / 1000) - 1));
      const devices = await view();
      for (const inv of inverters.slice(0, 2)) expect(devices.get(inv.id)).toMatchObject({ online: true, consecutive_failures: 0 });
      // The timed-out ones back off (a minute) instead of being asked again at once.
      for (const inv of inverters.slice(2)) expect(Date.parse(devices.get(inv.id).next_attempt_at)).toBeGreaterThan(Date.now() + 30_000);
      expect(stalled.polls()).toBe(2);
      expect(trickling.polls()).toBe(2);
    } finally {
      stopCollecting();
      await app.close();
    }
  });
});
