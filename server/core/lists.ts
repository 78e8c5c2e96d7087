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

function orderBy(spec: Pick<ListSpec<unknown>, 'ordering'>, ordering: string | undefined): SQL[] {
  const keys = ordering ? ordering.split(',').map((s) => s.trim()).filter(Boolean) : [Object.keys(spec.ordering)[0]];
  return keys.map((key) => {
    const name = key.replace(/^-/, '');
    // Own keys only: `__proto__` or `constructor` would otherwise find Object's members.
    const column = Object.hasOwn(spec.ordering, name) ? spec.ordering[name] : undefined;
    if (!column) throw fieldError('ordering', `No se puede ordenar por "${name}". Opciones: ${Object.keys(spec.ordering).join(', ')}.`);
    return key.startsWith('-') ? desc(column) : asc(column);
  });
}

/**
 * The rows of a list call. `Row` is what the select gives (the caller knows its fields and joins),
 * `Item` what the reply carries.
 */
export async function list<Row = Record<string, unknown>, Item = Row>(db: Db, request: FastifyRequest, spec: ListSpec<Row, Item>): Promise<Item[] | Page<Item>> {
  const query = (request.query ?? {}) as ListQuery;
  const order = orderBy(spec, query.ordering);
  const term = query.search?.trim();
  const searchCond = term && spec.search?.length
    ? or(...spec.search.map((c) => ilike(sql`${c}::text`, `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)))
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
  const pages = Math.max(1, Math.ceil(n / size));
  if (query.page > pages) throw new ApiError(404, { detail: 'Página inválida.' });
  const results = await read(rowsQuery.limit(size).offset((query.page - 1) * size));
  const link = (page: number) => {
    const url = new URL(request.url, 'http://placeholder');
    url.searchParams.set('page', String(page));
    return `${url.pathname}${url.search}`;
  };
  return {
    count: Number(n),
    next: query.page < pages ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(query.page - 1) : null,
    results,
  };
}
