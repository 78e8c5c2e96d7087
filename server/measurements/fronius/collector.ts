/**
 * The Fronius collector: reads each inverter that has a datalogger address every `intervalSeconds`
 * and hands each reading to `onReading`.
 *
 * Every device is scheduled on its own: it has a due time (its last start plus the interval), and the
 * collector starts the reads that are due, oldest first, at most `concurrency` at a time; a device
 * whose read is still running is not started again. So a datalogger that hangs holds one slot until
 * its deadline (the client's hard `timeoutMs`) and never delays the others' polls, as cycles waiting
 * for every device did. A device that cannot be read is marked offline and retried after an
 * exponential back-off (one interval, then 2, 4 ... intervals, at most 30 minutes), so a dead datalogger costs one timeout now
 * and then instead of one per interval; it never stops the others or the server.
 * The device list is read from the database every interval (and on `pollNow`), so edits take effect
 * within one interval.
 *
 * The state is kept in memory: it is what GET /investor-all/microservice shows. Several API processes
 * on one PostgreSQL share the devices through `leases` (./leases.ts): a read starts only once this
 * process has claimed the device as due, so each device is read once per interval whichever process
 * reads it, and the state of a device another process read is adopted from what that one recorded.
 */
import { asc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { investors } from '../../db/schema.js';
import { FroniusError, readFronius } from './client.js';
import { deviceClock } from '../time.js';
import type { DeviceLeases, DeviceState } from './leases.js';
import type { FroniusReading } from '../../../contract/collector.js';

/** The inverters the collector reads: those with a datalogger address. */
export const hasDatalogger = sql`btrim(${investors.datalogger_address}) <> ''`;

export const DEFAULT_CONCURRENCY = 4;
/** The back-off's first wait when there is no interval (COLLECTOR_INTERVAL=0: reads on demand only). */
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 30 * 60_000;

/**
 * Wait before the next attempt after `failures` consecutive failures: one interval, then 2, 4 ...
 * intervals, at most 30 minutes (or one interval, when that is longer).
 */
export const backoffMs = (failures: number, intervalMs: number) => {
  const base = intervalMs > 0 ? intervalMs : BACKOFF_BASE_MS;
  return Math.min(base * 2 ** Math.max(failures - 1, 0), Math.max(BACKOFF_MAX_MS, base));
};

export interface CollectorOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Seconds between two reads of a device; 0 (or less) disables the timer, `pollNow` still works. */
  intervalSeconds: number;
  /** Hard deadline of a device read (see ReadOptions). */
  timeoutMs: number;
  /** Receives every successful reading; a failure here is logged and does not mark the device offline. */
  onReading: (investorId: number, reading: FroniusReading) => Promise<void>;
  concurrency?: number;
  /** Clock, for tests of the back-off. */
  now?: () => number;
  /** The device reader, for tests. */
  read?: typeof readFronius;
  /** The schedule shared with other processes on the same database; none: this process reads every device. */
  leases?: DeviceLeases;
}

export interface Collector {
  start(): void;
  /** Stops the timers, aborts the reads in flight and waits for them to end. */
  stop(): Promise<void>;
  /**
   * Reads the device list now, then every device that is due (`force`: every device, those backing
   * off included, as a person asked for fresh data), and resolves when those reads have ended. A
   * device whose read is already running is not read again: its running read is waited for.
   */
  pollNow(opts?: { force?: boolean }): Promise<void>;
  /** The state of every device polled so far, by inverter id. */
  states(): Map<number, DeviceState>;
}

/** A device as the scheduler sees it; `state` is what is shown. */
interface Device {
  state: DeviceState;
  /** When the next read is due (`now()` clock): last start + interval, or the end of the back-off. */
  dueAt: number;
  /** Asked for by `pollNow`: started at the next free slot, due or not. */
  wanted: boolean;
  /** Asked for by `pollNow({force: true})`: read even when another process read it in this interval. */
  forced: boolean;
  /** The read in flight, if any. */
  reading: Promise<void> | null;
  /** `pollNow` calls waiting for this device's read to end. */
  waiters: (() => void)[];
}

export function createCollector(opts: CollectorOptions): Collector {
  const { db, log, timeoutMs, onReading, leases } = opts;
  const now = opts.now ?? Date.now;
  const read = opts.read ?? readFronius;
  const concurrency = Math.max(1, opts.concurrency ?? DEFAULT_CONCURRENCY);
  const intervalMs = opts.intervalSeconds * 1000;
  const devices = new Map<number, Device>();
  /** Every read running, including those of devices forgotten meanwhile: what the limit counts. */
  const inFlight = new Set<Promise<void>>();
  const lifetime = new AbortController();
  let listTimer: NodeJS.Timeout | null = null;
  let dueTimer: NodeJS.Timeout | null = null;
  let refreshing: Promise<void> | null = null;
  /** Reads start on their own only once started with an interval; before, only `pollNow` reads. */
  let polling = false;
  let stopped = false;

  const release = (device: Device) => { for (const resolve of device.waiters.splice(0)) resolve(); };

  /**
   * Whether this process may read the device now (always without `leases`). When another process
   * has it, the device is due when that one said, and shows what that one saw.
   */
  async function claim(device: Device, startedAt: number, force: boolean) {
    if (!leases) return true;
    const { state } = device;
    let claimed;
    try {
      claimed = await leases.claim(state.investor, state.address, startedAt, startedAt + Math.max(intervalMs, 0), force);
    } catch (err) {
      log.error({ err, investor: state.investor }, 'Fronius collector could not claim a device; trying again next interval');
      device.dueAt = startedAt + Math.max(intervalMs, BACKOFF_BASE_MS);
      return false;
    }
    if (claimed.granted) return true;
    device.dueAt = claimed.dueAt;
    const seen = claimed.state;
    if (seen && seen.address === state.address && seen.device_id === state.device_id) Object.assign(state, seen);
    return false;
  }

  /** Records the device's next due time and state for the other processes; a failure only costs them a stale view. */
  async function record(device: Device) {
    try {
      await leases?.record(device.state.investor, device.dueAt, device.state);
    } catch (err) {
      log.error({ err, investor: device.state.investor }, 'Fronius collector could not record a device\'s state');
    }
  }

  async function readDevice(device: Device, force: boolean) {
    const { state } = device;
    const startedAt = now();
    if (!(await claim(device, startedAt, force))) return;
    let reading: FroniusReading;
    try {
      reading = await read(state.address, state.device_id, { timeoutMs, signal: lifetime.signal });
    } catch (err) {
      if (stopped) return;
      const e = err instanceof FroniusError ? err : new FroniusError('malformed', String(err));
      state.online = false;
      state.last_attempt_at = new Date(now()).toISOString();
      state.consecutive_failures += 1;
      state.last_error = e.message;
      state.last_error_kind = e.kind;
      device.dueAt = now() + backoffMs(state.consecutive_failures, intervalMs);
      state.next_attempt_at = new Date(device.dueAt).toISOString();
      log.warn({ investor: state.investor, address: state.address, kind: e.kind, failures: state.consecutive_failures }, `Fronius datalogger not read: ${e.message}`);
      await record(device);
      return;
    }
    const receivedAt = new Date(now());
    const clock = deviceClock(new Date(reading.ts), receivedAt);
    Object.assign(state, {
      online: true, last_attempt_at: receivedAt.toISOString(), last_success_at: receivedAt.toISOString(), last_error: null, last_error_kind: null,
      consecutive_failures: 0, next_attempt_at: null, last_reading: reading, clock_offset_s: clock.offset_s,
    });
    device.dueAt = startedAt + Math.max(intervalMs, 0);
    await record(device);
    try {
      await onReading(state.investor, clock.off ? { ...reading, ts: receivedAt.toISOString() } : reading);
    } catch (err) {
      log.error({ err, investor: state.investor }, 'storing a Fronius reading failed');
    }
  }

  function startRead(device: Device) {
    const force = device.forced;
    device.wanted = device.forced = false;
    const run: Promise<void> = readDevice(device, force).finally(() => {
      device.reading = null;
      inFlight.delete(run);
      release(device);
      dispatch();
    });
    device.reading = run;
    inFlight.add(run);
  }

  /** Starts what is due while slots are free, then sleeps until the next due time (or a read's end). */
  function dispatch() {
    if (dueTimer) clearTimeout(dueTimer);
    dueTimer = null;
    if (stopped) return;
    const t = now();
    const idle = [...devices.values()].filter((d) => !d.reading);
    // Asked-for devices first, then the longest overdue.
    const ready = idle.filter((d) => d.wanted || (polling && d.dueAt <= t))
      .sort((a, b) => Number(b.wanted) - Number(a.wanted) || a.dueAt - b.dueAt);
    for (const device of ready) {
      if (inFlight.size >= concurrency) return;
      startRead(device);
    }
    const waiting = idle.filter((d) => !d.reading).map((d) => d.dueAt);
    if (polling && waiting.length > 0) dueTimer = setTimeout(dispatch, Math.max(Math.min(...waiting) - now(), 0));
  }

  /** The devices as the database lists them now; a new address (or device id) is a new device. */
  async function loadDevices() {
    const rows = await db.select({ id: investors.id, address: investors.datalogger_address, device_id: investors.device_id })
      .from(investors).where(hasDatalogger).orderBy(asc(investors.id));
    const seen = new Set<number>();
    for (const row of rows) {
      const address = row.address.trim();
      seen.add(row.id);
      const known = devices.get(row.id);
      if (known && known.state.address === address && known.state.device_id === row.device_id) continue;
      // A read of the old device still running ends on its own (its waiters with it).
      if (known && !known.reading) release(known);
      devices.set(row.id, {
        state: {
          investor: row.id, address, device_id: row.device_id, online: false, last_attempt_at: null, last_success_at: null, last_error: null, clock_offset_s: null,
          last_error_kind: null, consecutive_failures: 0, next_attempt_at: null, last_reading: null,
        },
        dueAt: now(), wanted: false, forced: false, reading: null, waiters: [],
      });
    }
    for (const [id, device] of devices) {
      if (seen.has(id)) continue;
      if (!device.reading) release(device);
      devices.delete(id);
    }
  }

  /** Reloads the device list (one load at a time, each after the previous) and starts what is due. */
  function refresh(): Promise<void> {
    const run = (refreshing ?? Promise.resolve()).then(() => (stopped ? undefined : loadDevices()))
      .catch((err) => { log.error({ err }, 'Fronius collector could not read the device list'); })
      .then(dispatch);
    refreshing = run;
    void run.finally(() => { if (refreshing === run) refreshing = null; });
    return run;
  }

  function scheduleRefresh(delayMs: number) {
    listTimer = setTimeout(async () => {
      listTimer = null;
      await refresh();
      if (!stopped) scheduleRefresh(intervalMs);
    }, delayMs);
  }

  return {
    start() {
      if (stopped || polling) return;
      if (!(intervalMs > 0)) {
        log.info('Fronius collector disabled (COLLECTOR_INTERVAL=0)');
        return;
      }
      polling = true;
      scheduleRefresh(0);
    },
    async stop() {
      stopped = true;
      polling = false;
      if (listTimer) clearTimeout(listTimer);
      if (dueTimer) clearTimeout(dueTimer);
      listTimer = dueTimer = null;
      lifetime.abort();
      await refreshing;
      await Promise.all(inFlight);
      for (const device of devices.values()) release(device);
    },
    async pollNow({ force = false } = {}) {
      await refresh();
      if (stopped) return;
      const t = now();
      const asked = [...devices.values()].filter((d) => d.reading || force || d.dueAt <= t);
      const ended = Promise.all(asked.map((d) => new Promise<void>((resolve) => d.waiters.push(resolve))));
      for (const device of asked) if (!device.reading) Object.assign(device, { wanted: true, forced: force });
      dispatch();
      await ended;
    },
    states: () => new Map([...devices].map(([id, device]) => [id, device.state])),
  };
}
