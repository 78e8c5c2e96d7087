/**
 * The collector's schedule shared by several API processes on one PostgreSQL (table
 * collector_leases, docs/scale.md): before reading a device, a process moves the device's due time
 * forward in one statement that succeeds only when the device is due (the row lock of the upsert
 * orders processes that try together; the second finds it no longer due). After the read it records
 * the next due time (interval or back-off) and what it made of the device, which the other processes
 * adopt when they find the device taken. So each device is read once per interval, by whichever
 * process gets there first, and a process that dies holds a device for one interval at most.
 * Times are the collector's clock (ms since the epoch), so processes must agree on the time (NTP).
 */
import { eq, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { collectorLeases } from '../../db/schema.js';
import type { FroniusErrorKind, FroniusReading } from '../../../contract/collector.js';

/** A device as the collector last saw it: kept with its lease, so every process shows the same. */
export interface DeviceState {
  investor: number;
  address: string;
  device_id: number;
  online: boolean;
  /** When the last read (successful or not) ended. */
  last_attempt_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  last_error_kind: FroniusErrorKind | null;
  consecutive_failures: number;
  /**
   * How far the datalogger's clock (its answer's Head.Timestamp) was behind (+) or ahead (−) of ours
   * at the last successful read, s; past CLOCK_TOLERANCE_MS its readings are filed at the time they
   * were received (time.ts deviceClock).
   */
  clock_offset_s: number | null;
  /** Earliest time of the next attempt while backing off; null when read every interval. */
  next_attempt_at: string | null;
  last_reading: FroniusReading | null;
}

export type Claim = { granted: true } | { granted: false; dueAt: number; state: DeviceState | null };

export interface DeviceLeases {
  /**
   * Takes the device (at `address`) for a read starting `at`, holding it until `until`: granted when
   * it is due (or was on another address), always when `force`d (a person asked for fresh data).
   */
  claim(investor: number, address: string, at: number, until: number, force: boolean): Promise<Claim>;
  /** After a read: when the device is next due, and its state as this process saw it. */
  record(investor: number, dueAt: number, state: DeviceState): Promise<void>;
}

export function databaseLeases(db: Db): DeviceLeases {
  return {
    async claim(investor, address, at, until, force) {
      const taken = await db.insert(collectorLeases).values({ investor, address, due_at: new Date(until) })
        .onConflictDoUpdate({
          target: collectorLeases.investor,
          set: { address: sql`excluded.address`, due_at: sql`excluded.due_at` },
          setWhere: force ? undefined : or(lte(collectorLeases.due_at, new Date(at)), ne(collectorLeases.address, sql`excluded.address`)),
        })
        .returning({ investor: collectorLeases.investor });
      if (taken.length) return { granted: true };
      const [held] = await db.select({ due_at: collectorLeases.due_at, state: collectorLeases.state }).from(collectorLeases)
        .where(eq(collectorLeases.investor, investor));
      // Deleted in between (its inverter with it): nothing to read.
      if (!held) return { granted: false, dueAt: until, state: null };
      return { granted: false, dueAt: held.due_at.getTime(), state: held.state as DeviceState | null };
    },
    async record(investor, dueAt, state) {
      await db.update(collectorLeases).set({ due_at: new Date(dueAt), state }).where(eq(collectorLeases.investor, investor));
    },
  };
}
