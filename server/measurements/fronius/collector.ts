/**
 * The Fronius collector: reads each inverter that has a datalogger address every `intervalSeconds`
 * and hands each reading to `onReading`.
 *
 * Every device is scheduled on its own: it has a due time (its last start plus the interval), and the
 * collector starts the reads that are due, oldest first, at most `concurrency` at a time; a device
 * whose read is still running is not started again. So a datalogger that hangs holds one slot until
 * its deadline (the client's hard `timeoutMs`) and never delays the others' polls, as cycles waiting
 * for every device did. A device that cannot be read is marked offline and retried after an
 * exponential back-off (1, 2, 4 ... minutes, at most 30), so a dead datalogger costs one timeout now
 * and then instead of one per interval; it never stops the others or the server.
 * The device list is read from the database every interval (and on `pollNow`), so edits take effect
 * within one interval.
 *
 * The state is kept in memory: it is what GET /investor-all/microservice shows. One process polls;
 * sharing the devices out among several API processes (advisory lock / SKIP LOCKED queue, DESIGN.md
 * "Scale") is not done here.
 */
import { asc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { investors } from '../../db/schema.js';
import { FroniusError, readFronius } from './client.js';
import type { FroniusErrorKind, FroniusReading } from '../../../contract/collector.js';

/** The inverters the collector reads: those with a datalogger address. */
export const hasDatalogger = sql`btrim(${investors.datalogger_address}) <> ''`;

export const DEFAULT_CONCURRENCY = 4;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 30 * 60_000;

/** Wait before the next attempt after `failures` consecutive failures: 1, 2, 4 ... minutes, at most 30. */
export const backoffMs = (failures: number) => Math.min(BACKOFF_BASE_MS * 2 ** Math.max(failures - 1, 0), BACKOFF_MAX_MS);

export interface DeviceState {
  investor: number;
  address: string;
  device_id: number;
  online: boolean;
  last_success_at: string | null;
  last_error: string | null;
  last_error_kind: FroniusErrorKind | null;
  consecutive_failures: number;
  /** Earliest time of the next attempt while backing off; null when read every interval. */
  next_attempt_at: string | null;
  last_reading: FroniusReading | null;
}

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
  /** The read in flight, if any. */
  reading: Promise<void> | null;
  /** `pollNow` calls waiting for this device's read to end. */
  waiters: (() => void)[];
}

export function createCollector(opts: CollectorOptions): Collector {
  const { db, log, timeoutMs, onReading } = opts;
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

  async function readDevice(device: Device) {
    const { state } = device;
    const startedAt = now();
    let reading: FroniusReading;
    try {
      reading = await read(state.address, state.device_id, { timeoutMs, signal: lifetime.signal });
    } catch (err) {
      if (stopped) return;
      const e = err instanceof FroniusError ? err : new FroniusError('malformed', String(err));
      state.online = false;
      state.consecutive_failures += 1;
      state.last_error = e.message;
      state.last_error_kind = e.kind;
      device.dueAt = now() + backoffMs(state.consecutive_failures);
      state.next_attempt_at = new Date(device.dueAt).toISOString();
      log.warn({ investor: state.investor, address: state.address, kind: e.kind, failures: state.consecutive_failures }, `Fronius datalogger not read: ${e.message}`);
      return;
    }
    Object.assign(state, {
      online: true, last_success_at: new Date(now()).toISOString(), last_error: null, last_error_kind: null,
      consecutive_failures: 0, next_attempt_at: null, last_reading: reading,
    });
    device.dueAt = startedAt + Math.max(intervalMs, 0);
    try {
      await onReading(state.investor, reading);
    } catch (err) {
      log.error({ err, investor: state.investor }, 'storing a Fronius reading failed');
    }
  }

  function startRead(device: Device) {
    device.wanted = false;
    const run: Promise<void> = readDevice(device).finally(() => {
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
          investor: row.id, address, device_id: row.device_id, online: false, last_success_at: null, last_error: null,
          last_error_kind: null, consecutive_failures: 0, next_attempt_at: null, last_reading: null,
        },
        dueAt: now(), wanted: false, reading: null, waiters: [],
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
      for (const device of asked) if (!device.reading) device.wanted = true;
      dispatch();
      await ended;
    },
    states: () => new Map([...devices].map(([id, device]) => [id, device.state])),
  };
}
