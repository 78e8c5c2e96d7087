/**
 * Every list endpoint answers a plain JSON array, or, when `page` is given, the DRF page
 * `{count, next, previous, results}`; `ordering` (`name`, `-created_at`) and `search` work either way.
 */
import { and, asc, count, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { ApiError, fieldError } from './errors.js';

export const ListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  ordering: Type.Optional(Type.String({ maxLength: 200 })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ListQuery = Static<typeof ListQuery>;

export const DEFAULT_PAGE_SIZE = 25;

/** Schema for a list response: an array of `item`, or a page of them. */
export const listOf = <T extends import('@sinclair/typebox').TSchema>(item: T) => Type.Union([
  Type.Array(item),
  Type.Object({
    count: Type.Integer(),
    next: Type.Union([Type.String(), Type.Null()]),
    previous: Type.Union([Type.String(), Type.Null()]),
    results: Type.Array(item),
  }),
]);

export interface ListSpec<Row> {
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
  join?: <Q>(query: Q) => Q;
  serialize?: (row: Row) => unknown;
}

function orderBy(spec: ListSpec<unknown>, ordering: string | undefined): SQL[] {
  const keys = ordering ? ordering.split(',').map((s) => s.trim()).filter(Boolean) : [Object.keys(spec.ordering)[0]];
  return keys.map((key) => {
    const name = key.replace(/^-/, '');
    // Own keys only: `__proto__` or `constructor` would otherwise find Object's members.
    const column = Object.hasOwn(spec.ordering, name) ? spec.ordering[name] : undefined;
    if (!column) throw fieldError('ordering', `No se puede ordenar por "${name}". Opciones: ${Object.keys(spec.ordering).join(', ')}.`);
    return key.startsWith('-') ? desc(column) : asc(column);
  });
}

export async function list<Row = Record<string, unknown>>(db: Db, request: FastifyRequest, spec: ListSpec<Row>) {
  const query = (request.query ?? {}) as ListQuery;
  const order = orderBy(spec as ListSpec<unknown>, query.ordering);
  const term = query.search?.trim();
  const searchCond = term && spec.search?.length
    ? or(...spec.search.map((c) => ilike(sql`${c}::text`, `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)))
    : undefined;
  const where = and(spec.where, searchCond);
  const join = spec.join ?? (<Q>(q: Q) => q);
  const base = (db.select(spec.fields as any).from(spec.table) as any).$dynamic();
  const rowsQuery = join(base).where(where).orderBy(...order, asc(sql`1`));
  const serialize = spec.serialize ?? ((r: Row) => r);

  if (query.page === undefined) {
    const rows: Row[] = await rowsQuery;
    return rows.map(serialize);
  }
  const size = query.page_size ?? DEFAULT_PAGE_SIZE;
  const [{ n }] = await join((db.select({ n: count() }).from(spec.table) as any).$dynamic()).where(where);
  const pages = Math.max(1, Math.ceil(n / size));
  if (query.page > pages) throw new ApiError(404, { detail: 'Página inválida.' });
  const rows: Row[] = await rowsQuery.limit(size).offset((query.page - 1) * size);
  const link = (page: number) => {
    const url = new URL(request.url, 'http://placeholder');
    url.searchParams.set('page', String(page));
    return `${url.pathname}${url.search}`;
  };
  return {
    count: Number(n),
    next: query.page < pages ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(query.page - 1) : null,
    results: rows.map(serialize),
  };
}
