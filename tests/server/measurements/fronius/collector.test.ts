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
import { createTestContext, type TestContext } from '../../../../testing/harness.js';
import { froniusPlant } from '../../../../testing/fixtures.js';
import { collectGarbageOften, DAY, replaySet } from '../../../../testing/fronius-replay.js';

let ctx: TestContext;
let addInverter: Awaited<ReturnType<typeof froniusPlant>>['addInverter'];
const replays = replaySet();
const replay = replays.start;
const silentLog = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} } as any;

beforeAll(async () => {
  ctx = await createTestContext({ COLLECTOR_INTERVAL: '0', COLLECTOR_TIMEOUT_MS: '1000' });
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
      online: false, consecutive_failures: 4, last_error_kind: 'refused', last_success_at: null, last_reading: null,
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

  it("files the readings of a datalogger whose clock is more than 10 minutes off at the time they were received, noting the offset", async () => {
    const device = await replay('day');
    const inverter = await addInverter('Reloj', device.address);
    const deviceTime = Date.parse(DAY.timestamp);
    let clock = deviceTime + 5 * 60_000;
    const received: FroniusReading[] = [];
    const collector = createCollector({
      db: ctx.database.db, log: silentLog, intervalSeconds: 0, timeoutMs: 1000, now: () => clock,
      onReading: async (_, reading) => { received.push(reading); },
    });
    await collector.pollNow({ force: true });
    expect(received[0].ts).toBe(DAY.timestamp);
    expect(collector.states().get(inverter.id)).toMatchObject({ clock_offset_s: 300 });

    clock = deviceTime + 2 * 3_600_000;
    await collector.pollNow({ force: true });
    expect(received[1]).toMatchObject({ ts: new Date(clock).toISOString(), ac_power_w: DAY.pac });
    // What was read stays as the device said it.
    expect(collector.states().get(inverter.id)).toMatchObject({ clock_offset_s: 7200, last_reading: { ts: DAY.timestamp } });
    await collector.stop();
  });

  it('waits one interval after a failure, then doubles the wait up to 30 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffMs(n, 60_000) / 60_000)).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, 10_000) / 1000)).toEqual([10, 20, 40, 80, 160]);
    expect(backoffMs(12, 10_000)).toBe(30 * 60_000);
    // An interval longer than the cap: never read more often than every interval.
    expect([1, 2].map((n) => backoffMs(n, 3_600_000) / 60_000)).toEqual([60, 60]);
  });

  it('retries a datalogger that failed after its interval, then after 2, 4 ... intervals', async () => {
    const broken = await replay('offline');
    await addInverter('Caído', broken.address);
    let clock = T0;
    const attempts: number[] = [];
    const collector = createCollector({
      db: ctx.database.db, log: silentLog, intervalSeconds: 10, timeoutMs: 1000, now: () => clock,
      read: (address, deviceId, opts) => { attempts.push((clock - T0) / 1000); return readFronius(address, deviceId, opts); },
      onReading: async () => {},
    });
    // Polled every 5 s for 3 minutes (the collector's own timer is not started: the test is the clock).
    for (let s = 0; s <= 180; s += 5) {
      clock = T0 + s * 1000;
      await collector.pollNow();
    }
    expect(attempts).toEqual([0, 10, 30, 70, 150]);
    await collector.stop();
  });

  it('keeps a healthy datalogger online while the server itself is blocked 6 s right after the read starts', async () => {
    // Answers in 50 ms; the read's deadline is the default 5 s.
    const device = await replay('slow', { slowMs: 50 });
    const inverter = await addInverter('Paciente', device.address);
    const collector = createCollector({
      db: ctx.database.db, log: silentLog, intervalSeconds: 0, timeoutMs: 5000, onReading: async () => {},
      read: (address, deviceId, opts) => {
        const reading = readFronius(address, deviceId, opts);
        // A heavy request or a long garbage collection: nothing else runs for 6 s.
        const until = Date.now() + 6000;
        while (Date.now() < until);
        return reading;
      },
    });
    await collector.pollNow();
    expect(collector.states().get(inverter.id)).toMatchObject({ online: true, consecutive_failures: 0, last_error: null });
    await collector.stop();
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
    // Every read the collector makes, in the order its start and its end happened (a counter, not a
    // clock: the test follows the collector's own promises, so a slow machine only makes it slower).
    interface Read { address: string; start: number; end?: number; error?: unknown }
    const reads: Read[] = [];
    let step = 0;
    const waiting: { match: (r: Read) => boolean; resolve: (r: Read) => void }[] = [];
    const ended = (read: Read) => {
      read.end = ++step;
      for (const w of waiting.filter((x) => x.match(read))) { waiting.splice(waiting.indexOf(w), 1); w.resolve(read); }
    };
    /** The first read that ended and matches, now or when it ends. */
    const readEnds = (match: (r: Read) => boolean) => new Promise<Read>((resolve) => {
      const done = reads.find((r) => r.end !== undefined && match(r));
      if (done) resolve(done); else waiting.push({ match, resolve });
    });
    const collector = createCollector({
      db: ctx.database.db, log: silentLog, intervalSeconds: 1, timeoutMs, onReading: async () => {},
      read: (address, deviceId, opts) => {
        const read: Read = { address, start: ++step };
        reads.push(read);
        return readFronius(address, deviceId, opts).then(
          (reading) => { ended(read); return reading; },
          (err) => { read.error = err; ended(read); throw err; },
        );
      },
    });
    const state = (i: number) => collector.states().get(inverters[i].id);
    let stopCollecting = () => {};
    try {
      collector.start();
      const everyDevice = [...good, stalled, trickling];
      await Promise.all(everyDevice.map((d) => readEnds((r) => r.address === d.address && !r.error)));

      // The link of two dataloggers drops halfway through their next answers.
      await stalled.setMode('stall');
      await trickling.setMode('trickle', { trickleMs: 200 });
      stopCollecting = collectGarbageOften();
      const dropped = step;
      const broken = await Promise.all([stalled, trickling].map((d) => readEnds((r) => r.address === d.address && r.start > dropped)));
      for (const read of broken) {
        expect(read.error).toBeInstanceOf(FroniusError);
        expect(read.error).toMatchObject({ kind: 'timeout', message: `El datalogger no respondió en ${timeoutMs} ms.` });
      }
      // While they hung, the healthy ones kept their rhythm: several reads each, begun and ended
      // within the hung read (cycles waiting for every device allowed none).
      const hung = broken[0];
      good.forEach((device, i) => {
        const within = reads.filter((r) => r.address === device.address && !r.error && r.start > hung.start && r.end !== undefined && r.end < hung.end!);
        expect(within.length, `good device ${i + 1}`).toBeGreaterThanOrEqual(2);
      });
      await vi.waitFor(() => {
        for (const i of [2, 3]) {
          expect(state(i)).toMatchObject({
            online: false, last_error_kind: 'timeout', consecutive_failures: 1, last_error: `El datalogger no respondió en ${timeoutMs} ms.`,
          });
        }
      });
      for (const i of [0, 1]) expect(state(i)).toMatchObject({ online: true, consecutive_failures: 0 });
      // The timed-out ones back off (one interval after the first failure) instead of being asked again at once.
      for (const i of [2, 3]) expect(Date.parse(state(i)!.next_attempt_at!) - Date.parse(state(i)!.last_attempt_at!)).toBeGreaterThanOrEqual(1000);
    } finally {
      stopCollecting();
      await collector.stop();
    }
  });
});
