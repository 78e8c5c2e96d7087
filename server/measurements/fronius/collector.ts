/**
 * The Fronius collector: every `intervalSeconds`, reads each inverter that has a datalogger address
 * (the list is read from the database on every cycle, so edits take effect at the next one), a few at
 * a time, and hands each reading to `onReading`. A device that cannot be read is marked offline and
 * retried after an exponential back-off (1, 2, 4 ... minutes, at most 30), so a dead datalogger costs
 * one timeout now and then instead of one per cycle; it never stops the others or the server.
 *
 * The state is kept in memory: it is what GET /investor-all/microservice shows. One process polls;
 * sharing the devices out among several API processes (advisory lock / SKIP LOCKED queue, DESIGN.md
 * "Scale") is not done here.
 */
import { asc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { investors } from '../../db/schema.js';
import { FroniusError, readFronius, type FroniusErrorKind, type FroniusReading } from './client.js';

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
  /** Earliest time of the next attempt while backing off; null when polled every cycle. */
  next_attempt_at: string | null;
  last_reading: FroniusReading | null;
}

export interface CollectorOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** 0 (or less) disables the timer; `pollNow` still works. */
  intervalSeconds: number;
  /** Per request to a datalogger. */
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
  /** Stops the timer, aborts requests in flight and waits for the running cycle to end. */
  stop(): Promise<void>;
  /**
   * Runs one cycle now, after any cycle already running. `force` also polls devices that are backing
   * off (a person asked for fresh data); the timer's cycles never force.
   */
  pollNow(opts?: { force?: boolean }): Promise<void>;
  /** The state of every device polled so far, by inverter id. */
  states(): Map<number, DeviceState>;
}

export function createCollector(opts: CollectorOptions): Collector {
  const { db, log, timeoutMs, onReading } = opts;
  const now = opts.now ?? Date.now;
  const read = opts.read ?? readFronius;
  const concurrency = Math.max(1, opts.concurrency ?? DEFAULT_CONCURRENCY);
  const intervalMs = opts.intervalSeconds * 1000;
  const states = new Map<number, DeviceState>();
  const lifetime = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function pollOne(state: DeviceState) {
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
      state.next_attempt_at = new Date(now() + backoffMs(state.consecutive_failures)).toISOString();
      log.warn({ investor: state.investor, address: state.address, kind: e.kind, failures: state.consecutive_failures }, `Fronius datalogger not read: ${e.message}`);
      return;
    }
    Object.assign(state, {
      online: true, last_success_at: new Date(now()).toISOString(), last_error: null, last_error_kind: null,
      consecutive_failures: 0, next_attempt_at: null, last_reading: reading,
    });
    try {
      await onReading(state.investor, reading);
    } catch (err) {
      log.error({ err, investor: state.investor }, 'storing a Fronius reading failed');
    }
  }

  async function runCycle(force: boolean) {
    const rows = await db.select({ id: investors.id, address: investors.datalogger_address, device_id: investors.device_id })
      .from(investors).where(sql`btrim(${investors.datalogger_address}) <> ''`).orderBy(asc(investors.id));
    const seen = new Set<number>();
    const due: DeviceState[] = [];
    for (const row of rows) {
      const address = row.address.trim();
      seen.add(row.id);
      let state = states.get(row.id);
      // A new address (or device id) is a new device: forget the old one's failures.
      if (!state || state.address !== address || state.device_id !== row.device_id) {
        state = {
          investor: row.id, address, device_id: row.device_id, online: false, last_success_at: null, last_error: null,
          last_error_kind: null, consecutive_failures: 0, next_attempt_at: null, last_reading: null,
        };
        states.set(row.id, state);
      }
      if (force || !state.next_attempt_at || Date.parse(state.next_attempt_at) <= now()) due.push(state);
    }
    for (const id of states.keys()) if (!seen.has(id)) states.delete(id);

    // Bounded concurrency: `concurrency` workers take the next device until none is left.
    let next = 0;
    const worker = async () => {
      while (next < due.length && !stopped) await pollOne(due[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
  }

  function cycle(force: boolean): Promise<void> {
    const run = (running ?? Promise.resolve()).then(() => (stopped ? undefined : runCycle(force)))
      .catch((err) => { log.error({ err }, 'Fronius collector cycle failed'); });
    running = run;
    void run.finally(() => { if (running === run) running = null; });
    return run;
  }

  function schedule(delayMs: number) {
    timer = setTimeout(async () => {
      timer = null;
      // A cycle still running (slow devices, a manual poll) is not doubled: this tick is skipped.
      if (!running) await cycle(false);
      if (!stopped) schedule(intervalMs);
    }, delayMs);
  }

  return {
    start() {
      if (stopped || timer) return;
      if (!(intervalMs > 0)) {
        log.info('Fronius collector disabled (COLLECTOR_INTERVAL=0)');
        return;
      }
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      lifetime.abort();
      await running;
    },
    pollNow: ({ force = false } = {}) => cycle(force),
    states: () => states,
  };
}
