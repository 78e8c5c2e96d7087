/**
 * Every list endpoint answers a plain JSON array, or, when `page` is given, the DRF page
 * `{count, next, previous, results}`; `ordering` (`name`, `-created_at`) and `search` work either way.
 */
import { and, asc, count, desc, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { DEFAULT_PAGE_SIZE } from '../../contract/limits.js';
import type { ListQuery, Page } from '../../contract/common.js';
import { ApiError, fieldError } from './errors.js';

export interface ListSpec<Row, Item = Row> {
  table: PgTable;
  /** What the caller may see (and any parent filter). */
  where?: SQL;
  /** Columns that `search` matches, case-insensitively. */
  search?: (PgColumn | SQL)[];
  /** Fields a client may order by; the first is the default order. */
  ordering: Record<string, PgColumn | SQL>;
  /** Columns or expressions selected; the table's columns by default. */
  fields?: Record<string, PgColumn | SQL | SQL.Aliased>;
  /** Joins needed by `fields`, `where` or `search`. */
  join?: (query: PgSelect) => PgSelect;
  serialize?: (row: Row) => Item;
}

/**
 * The keys of an `ordering` parameter ('name,-created_at'), each with its direction; `allowed[0]`
 * ascending when there is none; a 400 naming the options for a key not allowed.
 */
export function orderingKeys(ordering: string | undefined, allowed: readonly string[]): { key: string; descending: boolean }[] {
  const keys = ordering ? ordering.split(',').map((s) => s.trim()).filter(Boolean) : [allowed[0]];
  return keys.map((key) => {
    const name = key.replace(/^-/, '');
    if (!allowed.includes(name)) throw fieldError('ordering', `No se puede ordenar por "${name}". Opciones: ${allowed.join(', ')}.`);
    return { key: name, descending: key.startsWith('-') };
  });
}

function orderBy(spec: Pick<ListSpec<unknown>, 'ordering'>, ordering: string | undefined): SQL[] {
  return orderingKeys(ordering, Object.keys(spec.ordering)).map(({ key, descending }) => (descending ? desc(spec.ordering[key]) : asc(spec.ordering[key])));
}

/**
 * The DRF page `page` of `size` rows, `count` in all, for the request's URL (its `next` and `previous`
 * are that URL with another page); a page past the last is a 404.
 */
export function pageReply<T>(request: FastifyRequest, page: number, size: number, count: number, results: T[]): Page<T> {
  const pages = Math.max(1, Math.ceil(count / size));
  if (page > pages) throw new ApiError(404, { detail: 'Página inválida.' });
  const link = (n: number) => {
    const url = new URL(request.url, 'http://placeholder');
    url.searchParams.set('page', String(n));
    return `${url.pathname}${url.search}`;
  };
  return { count, next: page < pages ? link(page + 1) : null, previous: page > 1 ? link(page - 1) : null, results };
}

/** The ILIKE pattern of text containing `term` (its wildcards taken literally). */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * The rows of a list call. `Row` is what the select gives (the caller knows its fields and joins),
 * `Item` what the reply carries.
 */
export async function list<Row = Record<string, unknown>, Item = Row>(db: Db, request: FastifyRequest, spec: ListSpec<Row, Item>): Promise<Item[] | Page<Item>> {
  const query = (request.query ?? {}) as ListQuery;
  const order = orderBy(spec, query.ordering);
  const term = query.search?.trim();
  const searchCond = term && spec.search?.length
    ? or(...spec.search.map((c) => ilike(sql`${c}::text`, containing(term))))
    : undefined;
  const where = and(spec.where, searchCond);
  const join = spec.join ?? ((q: PgSelect) => q);
  const rowsQuery = join(db.select(spec.fields ?? getTableColumns(spec.table)).from(spec.table).$dynamic())
    .where(where).orderBy(...order, asc(sql`1`));
  // What the select gives is what the caller says it gives (it knows its fields and joins).
  const serialize = spec.serialize ?? ((r: Row) => r as unknown as Item);
  const read = async (q: PgSelect) => (await q as Row[]).map(serialize);

  if (query.page === undefined) return read(rowsQuery);
  const size = query.page_size ?? DEFAULT_PAGE_SIZE;
  const [{ n }] = await join(db.select({ n: count() }).from(spec.table).$dynamic()).where(where);
  return pageReply(request, query.page, size, Number(n), await read(rowsQuery.limit(size).offset((query.page - 1) * size)));
}
