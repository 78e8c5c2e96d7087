import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

/** Both drivers (PGlite embedded, node-postgres server) expose this same Drizzle surface. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded engine, when that is what runs. */
  pglite?: import('@electric-sql/pglite').PGlite;
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
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server drops (a restart, pg_terminate_backend, DROP DATABASE ... FORCE)
    // is reported as a pool 'error' event; unheard, Node would crash the process. The pool replaces
    // the connection on next use, so a warning is all it takes.
    pool.on('error', (err) => console.warn(`PostgreSQL dropped an idle connection: ${err.message}`));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.dir) fs.mkdirSync(opts.dir, { recursive: true });
  const client = new PGlite({ dataDir: opts.dir, loadDataDir: opts.loadDataDir });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), pglite: client };
}
