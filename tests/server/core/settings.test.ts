/**
 * readSettings (server/core/settings.ts) keeps the settings per process and drops them when any
 * process changes them: a trigger NOTIFYs at commit, every process LISTENs (server/db/changes.ts).
 * On PGlite (default) and on PostgreSQL (TEST_DB=postgres, where a second connection pool plays
 * another API process, and the listening connection can be cut).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client.js';
import { settings } from '../../../server/db/schema.js';
import { readSettings } from '../../../server/core/settings.js';
import { seedBase } from '../../../server/seed/base.js';
import { openTestDatabase, TEST_DB } from '../../../testing/harness.js';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedBase(database.db);
});
afterAll(async () => { await database?.close(); });

/** Changes the name behind the caches' back: the trigger that tells them is off for this statement. */
async function renameSilently(db: Database['db'], name: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table ${settings} disable trigger settings_notify_change`);
    await tx.update(settings).set({ name });
    await tx.execute(sql`alter table ${settings} enable trigger settings_notify_change`);
  });
}

describe('the settings, read once per process', () => {
  it('are kept: a change nobody is told of does not show', async () => {
    await database.db.update(settings).set({ name: 'Uno' });
    expect((await readSettings(database.db)).name).toBe('Uno');
    await renameSilently(database.db, 'Dos');
    expect((await readSettings(database.db)).name).toBe('Uno');
  });

  it('are read again once they change, whoever changed them', async () => {
    await database.db.update(settings).set({ name: 'Tres' });
    await vi.waitFor(async () => expect((await readSettings(database.db)).name).toBe('Tres'), { timeout: 5000, interval: 20 });
  });
});

describe.runIf(TEST_DB === 'postgres')('several processes on one PostgreSQL', () => {
  let other: Database;
  beforeAll(async () => { other = await openDatabase({ databaseUrl: database.url! }); });
  afterAll(async () => { await other?.close(); });

  it("see another process's change", async () => {
    expect((await readSettings(database.db)).name).toBe('Tres');
    await other.db.update(settings).set({ name: 'Cuatro', time_zone: 'Europe/Madrid' });
    await vi.waitFor(async () => expect(await readSettings(database.db)).toMatchObject({ name: 'Cuatro', timeZone: 'Europe/Madrid' }), { timeout: 5000, interval: 20 });
  });

  it('read from the database again when their listening connection was cut (changes may have been missed)', async () => {
    expect((await readSettings(database.db)).name).toBe('Cuatro');
    await other.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'LISTEN portal_changes' and pid <> pg_backend_pid()`);
    await renameSilently(other.db, 'Cinco');
    await vi.waitFor(async () => expect((await readSettings(database.db)).name).toBe('Cinco'), { timeout: 5000, interval: 20 });
    // Listening again, it keeps them again.
    await renameSilently(other.db, 'Seis');
    expect((await readSettings(database.db)).name).toBe('Cinco');
  });
});
