import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDatabaseUnavailable } from './unavailable.js';
import { pgliteFeed, postgresFeed, registerChangeFeed } from './changes.js';
import type { Db } from './types.js';

export type { Db, Tx } from './types.js';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded engine, when that is what runs. */
  pglite?: import('@electric-sql/pglite').PGlite;
}

/** The databases opened on the embedded engine: one process only, so nothing has to be shared. */
const embedded = new WeakSet<object>();

/** True for a PGlite database (a single process owns it), false for a PostgreSQL server that several processes may share. */
export const isEmbedded = (db: Db) => embedded.has(db);

/** The connection string of each PostgreSQL database opened here, for connections of its own outside the pool. */
const servers = new WeakMap<object, string>();

/**
 * A new connection to the PostgreSQL server of `db`, outside its pool (server/db/locks.ts holds
 * session advisory locks on one); the caller ends it. Undefined for PGlite or a transaction's handle.
 */
export async function dedicatedConnection(db: Db): Promise<import('pg').Client | undefined> {
  const connectionString = servers.get(db);
  if (!connectionString) return undefined;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, keepAlive: true });
  // A connection the server ends emits 'error'; unheard, Node crashes the process. The next query fails instead.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    client.end().catch(() => {});
    throw err;
  }
  return client;
}

/**
 * Runs the migrations while holding a session advisory lock on one connection of `pool`: API
 * processes starting together on one database migrate one after the other (the later ones find
 * nothing left to do) instead of creating the same tables at once.
 */
async function migrateAlone(pool: import('pg').Pool, migrate: (client: import('pg').PoolClient) => Promise<void>) {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    await client.query(`select pg_advisory_lock(hashtext('portal:migrations'))`);
    await migrate(client);
    await client.query(`select pg_advisory_unlock(hashtext('portal:migrations'))`);
  } catch (err) {
    failed = err as Error;
    throw err;
  } finally {
    // A connection that failed is closed, which also frees the lock if still held.
    client.release(failed);
  }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is given, otherwise PGlite
 * (in `dir` on disk, or in memory when `dir` is omitted, which tests use; `loadDataDir` starts it from a
 * dump). Migrations run on open.
 */
export async function openDatabase(opts: { databaseUrl?: string; dir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl, max: 10,
      // A server that does not answer is a 503 after this long, not a request waiting for ever
      // (the same limit applies to waiting for a free connection of the pool).
      connectionTimeoutMillis: 5_000,
      // Notices a server that vanished without closing the connection (a network cut, a crashed host).
      keepAlive: true, keepAliveInitialDelayMillis: 10_000,
      // No JIT compilation: past its cost threshold (reached by a statement over a year of monthly
      // partitions: an ingest's neighbours, a rollup) PostgreSQL compiled every execution of our short
      // statements, 70 to 180 ms each against under 1 ms to run them (one-point pushes at 13 months of
      // history: 22 points/s, `npm run bench`).
      options: '-c jit=off',
    });
    // A connection the server ends (a restart, pg_terminate_backend, DROP DATABASE ... FORCE) emits
    // 'error' on its client; unheard, Node crashes the process. Idle in the pool, the pool re-emits it
    // (and replaces the connection on next use), so a warning is all it takes.
    pool.on('error', (err) => console.warn(`PostgreSQL dropped an idle connection: ${err.message}`));
    // Checked out (a transaction), nothing else listens: the query under way, or the next one, fails
    // with the same error, the request answers 503 (core/errors.ts), and the pool discards the client
    // when it comes back unqueryable. So here the event only has to be heard.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool);
    // drizzle-orm 0.45 runs a pooled transaction's BEGIN before the try/finally that releases the
    // client (drizzle-orm#6241): a connection dropped right then would leak its pool slot for good,
    // and a few such leaks starve the pool. So transactions check their client out here.
    db.transaction = async (transaction, config) => {
      const client = await pool.connect();
      let lost: Error | undefined;
      try {
        return await drizzle(client).transaction(transaction, config);
      } catch (err) {
        if (isDatabaseUnavailable(err)) lost = err as Error;
        throw err;
      } finally {
        // Released with the error, a connection that failed is closed instead of handed out again.
        client.release(lost);
      }
    };
    await migrateAlone(pool, (client) => migrate(drizzle(client), { migrationsFolder }));
    servers.set(db, opts.databaseUrl);
    const feed = postgresFeed(opts.databaseUrl);
    registerChangeFeed(db as unknown as Db, feed);
    return { db: db as unknown as Db, kind: 'postgres', close: async () => { await feed.close(); await pool.end(); } };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.dir) fs.mkdirSync(opts.dir, { recursive: true });
  const client = new PGlite({ dataDir: opts.dir, loadDataDir: opts.loadDataDir });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder });
  embedded.add(db);
  const feed = pgliteFeed(client);
  registerChangeFeed(db as unknown as Db, feed);
  return { db: db as unknown as Db, kind: 'pglite', close: async () => { await feed.close(); await client.close(); }, pglite: client };
}
