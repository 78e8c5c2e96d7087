/**
 * Helpers for the raw SQL that Drizzle's query builder cannot express (lateral subqueries, recordsets,
 * INSERT ... SELECT ... ON CONFLICT over many rows). Tables and columns always come from the schema
 * (`${measurements.ts}`, `name(measurements.ts)`, `alias(measurements, 'm')`), never as text, so a
 * renamed column follows everywhere or fails the type check.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** The rows of a raw query, whichever driver runs it (PGlite and node-postgres both answer `{rows}`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A timestamptz as epoch milliseconds (a float8, exact): both drivers hand timestamps of raw queries
 * back as text in the session's format, which is not for parsing.
 */
export const epochMs = (instant: SQLWrapper) => sql<number>`round(extract(epoch from ${instant}) * 1000)::float8`;

/** `expression as key, ...`: a raw query's select list, its result keys set here rather than taken from column names. */
export const selectList = (fields: Record<string, SQLWrapper>) =>
  sql.join(Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`), sql`, `);

/** A column's bare name: for INSERT column lists, ON CONFLICT targets and `excluded.`, where no table may prefix it. */
export const name = (column: PgColumn) => sql.identifier(column.name);

/** Bare column names, comma-separated. */
export const names = (columns: PgColumn[]) => sql.join(columns.map(name), sql`, `);

/**
 * Rows sent as one jsonb parameter and read as a table: `jsonb_to_recordset($1) as x(col type, ...)`,
 * each field named and typed after one of `columns` (its own SQL type), so a whole batch is one
 * parameter. `as` is an alias of the columns' table (`alias(measurements, 'x')`): it names the
 * recordset, and its columns (`${x.ts}`) are the recordset's fields. `items` are keyed like `columns`.
 */
export function recordset<C extends Record<string, PgColumn>>(as: PgTable, columns: C, items: { [K in keyof C]?: unknown }[]): SQL {
  const entries = Object.entries(columns);
  const json = JSON.stringify(items.map((item) => Object.fromEntries(entries.map(([key, column]) => [column.name, item[key] ?? null]))));
  const fields = sql.join(entries.map(([, column]) => sql`${name(column)} ${sql.raw(column.getSQLType())}`), sql`, `);
  return sql`jsonb_to_recordset(${json}::jsonb) as ${as}(${fields})`;
}

/** Integer ids as one int[] parameter (`${intArray(ids)}::int[]`), whatever their number. */
export const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * A sort key that orders names naturally ('Panel 2' before 'Panel 10', case aside): every run of
 * digits left-padded to 20 digits, the text lowercased. Plain SQL, so PGlite (built without ICU, no
 * numeric collation) and PostgreSQL sort alike.
 */
export const naturalKey = (text: SQLWrapper) =>
  sql`regexp_replace(regexp_replace(lower(${text}), '([0-9]+)', '00000000000000000000\\1', 'g'), '0*([0-9]{20})', '\\1', 'g')`;
