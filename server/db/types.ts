import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * Both drivers (PGlite embedded, node-postgres server) expose this same Drizzle surface. Without the
 * schema's relations (queries name their tables): given them, drizzle works them out again for every
 * handle it makes, and a pooled transaction makes one, a tenth of a one-point push's time.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A transaction's handle, as `db.transaction` gives it: what a helper running inside one takes (`db: Db | Tx`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
