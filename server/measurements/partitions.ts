/**
 * Monthly partitions of the raw measurements (UTC months of ts; migration 0010 holds the SQL function
 * that makes one, 0027 its locking). Months are created ahead of time, and a month whose points had to wait in the
 * default partition (history loaded before its partition existed) is moved into its own; an old month
 * can be detached, to archive or drop, without touching the rest (docs/measurements.md).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rows } from '../db/sql.js';
import { CHANGES_CHANNEL } from '../db/changes.js';
import { forgetCaches } from '../db/cache.js';
import { recomputeLastReadings } from './latest.js';

/** Advisory lock serializing partition changes between processes (CREATE TABLE races otherwise). */
const PARTITION_LOCK = 7303;
/** Longest wait for the default partition's lock when making partitions (ms). */
const PARTITION_LOCK_TIMEOUT_MS = 1000;
/** Months created ahead of the current one. */
export const MONTHS_AHEAD = 2;

const partitionName = (year: number, month: number) => `measurements_y${String(year).padStart(4, '0')}m${String(month).padStart(2, '0')}`;

/**
 * Creates the partitions of the current UTC month and the MONTHS_AHEAD next ones, and of every month
 * found in the default partition (moving its points there). Returns the partitions created.
 *
 * After a move, the default partition is vacuumed and the partitions filled analyzed: the moved rows
 * stay in the default partition's index as dead entries until a vacuum, and every later probe of it
 * (an ingest's neighbours, a read's range, even for a month with no point there) walked them; with
 * 13 months of 100 plants moved at start, a one-point push took 1.1 s (18 points/s, `npm run bench`)
 * until autovacuum came by. A partition filled by INSERT ... SELECT has no statistics either, and the
 * planner reads it as empty.
 */
export async function ensurePartitions(db: Db, now = new Date()): Promise<string[]> {
  const created: string[] = [];
  const filled: string[] = [];
  try {
    await createPartitions(db, now, created, filled);
  } finally {
    // The months moved before a failure too.
    if (filled.length) {
      await db.execute(sql`vacuum (analyze) measurements_default`);
      for (const part of filled) await db.execute(sql`analyze ${sql.identifier(part)}`);
    }
  }
  return created;
}

/**
 * Adds the partitions made to `created`, and those points moved into from the default partition to `filled`. One
 * transaction per month: moving a month locks the default partition outright (migration 0027), every
 * read and write of the measurements waiting meanwhile, so the lock is held for one month's move, not
 * for a year's.
 */
async function createPartitions(db: Db, now: Date, created: string[], filled: string[]) {
  const months = new Map<string, { y: number; m: number }>();
  for (let i = 0; i <= MONTHS_AHEAD; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
    months.set(`${d.getUTCFullYear()}-${d.getUTCMonth() + 1}`, { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1 });
  }
  const waiting = await rows<{ y: number; m: number }>(db, sql`
    select distinct extract(year from ts at time zone 'UTC')::int as y, extract(month from ts at time zone 'UTC')::int as m
    from measurements_default`);
  for (const w of waiting) months.set(`${w.y}-${w.m}`, w);
  const moving = new Set(waiting.map((w) => `${w.y}-${w.m}`));
  for (const [month, { y, m }] of [...months].sort(([, a], [, b]) => a.y - b.y || a.m - b.m)) {
    const part = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK}::int, 0)`);
      // Every write and read of the measurements that comes while this waits for the default
      // partition's lock queues behind it: while a long transaction holds the partition, give up soon
      // (lock_not_available) and let the worker try again at its next round.
      await tx.execute(sql.raw(`set local lock_timeout = ${PARTITION_LOCK_TIMEOUT_MS}`));
      const [r] = await rows<{ part: string | null }>(tx, sql`select measurements_ensure_partition(${y}::int, ${m}::int) as part`);
      return r.part;
    });
    if (part) created.push(part);
    if (part && moving.has(month)) filled.push(part);
  }
}

/**
 * Detaches the partition of a month ('YYYY-MM'): its points leave the measurements (day curves and
 * the latest readings no longer see them) but stay in the table `measurements_yYYYYmMM`, to dump and
 * drop; the rollups keep that month's totals. Points of the month waiting in the default partition
 * are moved into it first. Returns the table's name.
 */
export async function detachMonth(db: Db, month: string, now = new Date()): Promise<string> {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const [y, m] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!match || m < 1 || m > 12) throw new Error(`Month expected as YYYY-MM, not "${month}".`);
  if (y * 12 + m >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) throw new Error(`Only a past month can be detached, not ${month}.`);
  const part = partitionName(y, m);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK}::int, 0)`);
    await tx.execute(sql`select measurements_ensure_partition(${y}::int, ${m}::int)`);
    await tx.execute(sql`alter table measurements detach partition ${sql.identifier(part)}`);
    // An inverter whose latest reading was in that month has an older one now, or none.
    await recomputeLastReadings(tx, 'gone');
    // No trigger fires on a detach: every process's kept answers (read-cache.ts) are told by hand.
    await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'measurements')`);
  });
  // This process's own, at once: the notification reaches it a moment after the commit, and a read
  // in between got a day curve of the detached month (seen on PostgreSQL under load).
  forgetCaches(db);
  return part;
}
