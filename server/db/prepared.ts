/**
 * A large read run often, planned once: on PostgreSQL it runs as a named prepared statement (the name
 * derived from its text) with a generic plan, in a transaction of its own that sets
 * plan_cache_mode for it alone; the server then reuses the plan on each pool connection instead of
 * planning the statement again, which for the fleet's query cost as much as running it (and the
 * server, left to choose, kept planning it). PGlite runs it as rows() does.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { isEmbedded, type Db } from './client.js';
import { rows } from './sql.js';

/** Query texts given a prepared statement, per process; beyond, a new text is planned each time (orderings are user input). */
const PREPARED_MAX = 500;
const names = new Set<string>();

/**
 * What Drizzle does for `db.execute`, with a statement name (its dialect and session are not in its
 * public types): the same parameters and type parsing, and node-postgres prepares the statement once
 * per connection.
 */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, arrayMode: boolean): { execute(): Promise<unknown> } };
}

export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  if (isEmbedded(db)) return rows(db, query);
  const built = (db as unknown as DrizzleInternals).dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(built.sql).digest('hex').slice(0, 30)}`;
  if (!names.has(name)) {
    if (names.size >= PREPARED_MAX) return rows(db, query);
    names.add(name);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    const result = await (tx as unknown as DrizzleInternals).session.prepareQuery(built, undefined, name, false).execute() as { rows: T[] };
    return result.rows;
  });
}
