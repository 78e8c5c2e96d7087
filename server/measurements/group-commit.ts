/**
 * Group commit of pushed readings. A datalogger pushing one point per request costs a transaction
 * per point (BEGIN, lock, neighbours, insert, stale hours, COMMIT): round trips, not work, so the
 * server topped out at a few hundred points a second whatever the database could write. Requests
 * that arrive together are stored together instead: each waits at most `waitMs` for others, and
 * their points are stored in one transaction (storeReadings, with its locks, energies and
 * idempotence unchanged). Every request is still answered only after its own points are committed,
 * with its own counts; if the transaction fails, every request in it fails (nothing is acknowledged
 * that was not stored). Batching and scheduling are DataLoader's (graphql/dataloader: a well-kept
 * batcher with a bounded batch size and a custom schedule); only requests of at most
 * `maxPoints` points are grouped, larger ones are a batch of their own already.
 *
 * Counts per request: a point is stored for the first request of the group that carried it (in
 * arrival order), a duplicate for any other, as if the requests had been stored one after another.
 */
import DataLoader from 'dataloader';
import type { Db } from '../db/client.js';
import { storeReadings, type Reading, type StoreResult } from './store.js';

export interface GroupCommitOptions {
  /** How long a request waits for others before its group is stored, ms. */
  waitMs?: number;
  /** Requests in one group at most. */
  maxRequests?: number;
  /** Requests with more points than this are stored on their own. */
  maxPoints?: number;
}

export type StoreGrouped = (readings: Reading[]) => Promise<StoreResult>;

const keyOf = (r: { investor: number; ts: Date }) => `${r.investor} ${r.ts.getTime()}`;

/** A `storeReadings` for `db` that stores small requests arriving together in one transaction. */
export function groupCommit(db: Db, { waitMs = 2, maxRequests = 100, maxPoints = 50 }: GroupCommitOptions = {}): StoreGrouped {
  const loader = new DataLoader<Reading[], StoreResult>(async (requests) => {
    const { inserted } = await storeReadings(db, requests.flat());
    const fresh = new Set(inserted.map(keyOf));
    return requests.map((readings) => {
      let stored = 0;
      for (const r of readings) if (fresh.delete(keyOf(r))) stored += 1;
      return { stored, duplicates: readings.length - stored };
    });
  }, { cache: false, maxBatchSize: maxRequests, batchScheduleFn: (run) => setTimeout(run, waitMs) });

  return async (readings) => {
    if (!readings.length) return { stored: 0, duplicates: 0 };
    if (readings.length > maxPoints) return storeReadings(db, readings);
    return loader.load(readings);
  };
}
