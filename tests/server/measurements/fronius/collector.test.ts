/**
 * The Fronius collector (server/measurements/fronius/collector.ts): back-off, bounded concurrency,
 * isolation of broken devices, and a datalogger that stalls halfway through an answer while the
 * others keep their rhythm. Devices are local replays of recorded answers (testing/fronius-replay.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { investors } from '../../../../server/db/schema.js';
import { FroniusError, readFronius } from '../../../../server/measurements/fronius/client.js';
import { backoffMs, createCollector } from '../../../../server/measurements/fronius/collector.js';
import type { FroniusReading } from '../../../../contract/collector.js';
import { buildApp } from '../../../../server/app.js';
import { createTestContext, type TestContext } from '../../../../testing/harness.js';
import { froniusPlant } from '../../../../testing/fixtures.js';
import { collectGarbageOften, replaySet } from '../../../../testing/fronius-replay.js';

let ctx: TestContext;
let staff: string;
let addInverter: Awaited<ReturnType<typeof froniusPlant>>['addInverter'];
const replays = replaySet();
const replay = replays.start;
const silentLog = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} } as any;

beforeAll(async () => {
  ctx = await createTestContext({ COLLECTOR_INTERVAL: '0', COLLECTOR_TIMEOUT_MS: '1000' });
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  ({ addInverter } = await froniusPlant(ctx.database.db));
});
afterEach(async () => {
  await ctx.database.db.delete(investors);
});
afterAll(async () => {
  await replays.closeAll();
  await ctx?.close();
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

/**
 * A datalogger whose link drops halfway through an answer: headers and half the body, then silence
 * with the socket open ('stall'), or the rest one byte every 200 ms ('trickle'), while garbage
 * collections run all along (testing/fronius-replay.ts, collectGarbageOften).
 */
describe('a datalogger that stalls halfway through an answer', () => {
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
