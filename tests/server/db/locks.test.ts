/**
 * server/db/locks.ts: work one process does for all. On PostgreSQL the lock is a session advisory
 * lock on a connection of its own, so no transaction stays open while the work runs; a second
 * handle on the database (another process's pool) cannot take it meanwhile; it is freed when the
 * work ends or throws. On PGlite the work just runs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client.js';
import { rows } from '../../../server/db/sql.js';
import { runAlone, runInTurn } from '../../../server/db/locks.js';
import { openTestDatabase } from '../../../testing/harness.js';

/** A promise and its resolver: the work waits on it, so the test decides when it ends. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { open, opened };
}

describe('on PostgreSQL', () => {
  let first: Database & { url?: string };
  let second: Database;
  beforeAll(async () => {
    first = await openTestDatabase('postgres');
    // Another process's pool on the same database.
    second = await openDatabase({ databaseUrl: first.url! });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** This database's sessions idle inside a transaction, and its advisory locks held. */
  const sessions = async () => {
    const [row] = await rows<{ idle_in_transaction: number; advisory: number }>(second.db, sql`select
      (select count(*)::int from pg_stat_activity where datname = current_database() and state like 'idle in transaction%') as idle_in_transaction,
      (select count(*)::int from pg_locks where locktype = 'advisory' and granted
         and database = (select oid from pg_database where datname = current_database())) as advisory`);
    return row;
  };

  it('holds the lock without a transaction open while the work runs, and another handle skips the work', async () => {
    const { open, opened } = gate();
    let started!: () => void;
    const running = new Promise<void>((resolve) => { started = resolve; });
    const work = runAlone(first.db, 'test-work', async () => {
      // The work writes through the pool, as the demo feed does.
      await first.db.execute(sql`select 1`);
      started();
      await opened;
      return 42;
    });
    await running;
    expect(await sessions()).toEqual({ idle_in_transaction: 0, advisory: 1 });
    expect(await runAlone(second.db, 'test-work', async () => 'twice')).toEqual({ ran: false });
    // Another name is another lock.
    expect(await runAlone(second.db, 'other-work', async () => 'other')).toEqual({ ran: true, value: 'other' });
    open();
    expect(await work).toEqual({ ran: true, value: 42 });
    expect(await sessions()).toEqual({ idle_in_transaction: 0, advisory: 0 });
    expect(await runAlone(second.db, 'test-work', async () => 'now')).toEqual({ ran: true, value: 'now' });
  });

  it('frees the lock when the work throws', async () => {
    await expect(runAlone(first.db, 'failing-work', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await sessions()).toEqual({ idle_in_transaction: 0, advisory: 0 });
    expect(await runAlone(second.db, 'failing-work', async () => 'after')).toEqual({ ran: true, value: 'after' });
    await expect(runInTurn(first.db, 'failing-turn', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await runInTurn(second.db, 'failing-turn', async () => 'after')).toBe('after');
  });

  it('runInTurn: the second handle waits for the first one\'s work, then does its own', async () => {
    const { open, opened } = gate();
    const order: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => { started = resolve; });
    const one = runInTurn(first.db, 'turns', async () => { order.push('first starts'); started(); await opened; order.push('first ends'); return 1; });
    await running;
    const two = runInTurn(second.db, 'turns', async () => { order.push('second'); return 2; });
    // The second is blocked on the lock: its connection waits on the server, not in a transaction.
    await expect.poll(async () => (await rows<{ n: number }>(first.db, sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`))[0].n).toBe(1);
    expect((await sessions()).idle_in_transaction).toBe(0);
    open();
    expect(await Promise.all([one, two])).toEqual([1, 2]);
    expect(order).toEqual(['first starts', 'first ends', 'second']);
  });
});

describe('on PGlite', () => {
  let db: Database;
  beforeAll(async () => { db = await openDatabase({}); });
  afterAll(async () => { await db?.close(); });

  it('runs the work (one process owns the database)', async () => {
    expect(await runAlone(db.db, 'work', async () => 'done')).toEqual({ ran: true, value: 'done' });
    expect(await runInTurn(db.db, 'work', async () => 'done')).toBe('done');
    await expect(runAlone(db.db, 'work', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
  });
});
