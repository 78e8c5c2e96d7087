/**
 * Work that one process at a time does for all: on a PostgreSQL server shared by several API
 * processes, a session advisory lock (`pg_try_advisory_lock`) taken on a connection of its own,
 * outside the pool, and held while the work runs (the work writes through the pool, in short
 * transactions of its own). No transaction stays open meanwhile, so the server never sees an
 * "idle in transaction" session for the length of a backfill. Whoever does not get the lock skips
 * the work, since another process is doing it. The lock ends with its connection: it is closed when
 * the work ends or throws, and a process that dies mid-work frees it at once.
 * On PGlite the one process owns the database: the work just runs.
 * `runInTurn` is the blocking variant: every process does the work, one after the other.
 */
import type { Db } from './client.js';
import { dedicatedConnection } from './client.js';

/** The lock's key: one per name, in the one-argument (bigint) key space. */
const lockKey = (name: string) => `portal:${name}`;

/**
 * Runs `work` holding the lock `name` on a connection of `db`'s own (waiting for it when `wait`,
 * otherwise skipping when it is taken), then closes the connection, which frees the lock.
 * Undefined on PGlite.
 */
async function holding<T>(db: Db, name: string, wait: boolean, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false } | undefined> {
  const client = await dedicatedConnection(db);
  if (!client) return undefined;
  try {
    let locked = true;
    if (wait) await client.query('select pg_advisory_lock(hashtext($1))', [lockKey(name)]);
    else ({ rows: [{ locked }] } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [lockKey(name)]));
    return locked ? { ran: true, value: await work() } : { ran: false };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs `work` unless another process runs work of the same `name`; answers whether it ran (and what it answered). */
export async function runAlone<T>(db: Db, name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  return await holding(db, name, false, work) ?? { ran: true, value: await work() };
}

/**
 * Runs `work` after any other process's work of the same `name` (a blocking advisory lock): for
 * start-up steps each process must do, one at a time, such as seeding. On PGlite it just runs.
 */
export async function runInTurn<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  const done = await holding(db, name, true, work);
  if (!done) return work();
  return (done as { value: T }).value;
}
