/**
 * The CRUD endpoints of one entity (declared in the contract, see contract/crud.ts) over its table:
 * what an ordinary user may see, which fields are files and which point at other rows. Every
 * catalogue and hierarchy entity is served by this, so paging, scoping, 400/404 shapes and upload
 * handling are written once.
 */
import { and, eq, getTableColumns, inArray, type ColumnBaseConfig, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static, TInteger, TObject } from '@sinclair/typebox';
import type { IdParams, Page } from '../../contract/common.js';
import type { EndpointSpec } from '../../contract/http.js';
import { ApiError, badRequest, MSG, notFound, type FieldErrors } from './errors.js';
import { list } from './lists.js';
import { route } from './route.js';
import { removeMedia, withUploads, type UploadKind } from './uploads.js';
import { scopeFor, type Scope } from './visibility.js';

/** A table with an integer primary key `id`. */
export type Table = PgTable & { id: PgColumn<ColumnBaseConfig<'number', string> & { data: number; notNull: true }> };
/** Columns and expressions an item is read with, when it has fields from other tables. */
export type Fields = Record<string, PgColumn | SQL | SQL.Aliased>;
/** The joins a select needs for its fields, conditions or search. */
export type Join = (query: PgSelect) => PgSelect;

/**
 * A join as a function of any select, keeping that select's type: the fields are chosen before the
 * join (`db.select(fields)`), so what a row holds does not change, though drizzle's types cannot tell.
 */
export const joining = (join: Join) => <Q>(query: Q): Q => join(query as unknown as PgSelect) as unknown as Q;
/** What a read of a table selects: its `fields`, or the table's own columns. */
export type RowOf<T extends Table, F extends Fields | undefined> = F extends Fields ? SelectResultFields<F> : T['$inferSelect'];

export interface Reference {
  table: Table;
  /** Scope of the referenced row: an ordinary user may only point at rows they can see. */
  scope?: Scope;
}

/**
 * How an entity's rows are read, listed and checked (what a plugin's queries.ts declares): `T` its
 * table, `F` its fields, `I` its items (the rows, unless `serialize` makes something else of them).
 */
export interface CrudRows<T extends Table = Table, F extends Fields | undefined = Fields | undefined, I = RowOf<T, F>> {
  table: T;
  /** What an ordinary user may see of it. */
  scope?: Scope;
  /** For the contract's `listBy`: the column holding the parent id, and the parent (checked visible first). */
  listBy?: { column: PgColumn; parent?: Reference };
  /** Body fields holding ids of other rows: checked to exist (and be visible) -> 400 naming the field. */
  references?: Record<string, Reference>;
  /** Fields a client may order by; the first is the default order (by id when absent). */
  ordering?: Record<string, PgColumn | SQL>;
  search?: PgColumn[];
  fields?: F;
  join?: Join;
  /** Extra checks of a body (an update's: only the fields sent) against the database, returning field errors. */
  validate?: (request: FastifyRequest, body: Partial<T['$inferInsert']>, existing?: T['$inferSelect']) => Promise<FieldErrors | void>;
  /** Turns rows into response items (adds derived fields). Receives every row of a list at once. */
  serialize?: (request: FastifyRequest, rows: RowOf<T, F>[]) => Promise<I[]> | I[];
}

/** Declares an entity's rows; its callbacks are typed from its table and fields. */
export const crudRows = <T extends Table, F extends Fields | undefined = undefined, I = RowOf<T, F>>(rows: CrudRows<T, F, I>) => rows;

/** An entity's rows, and what its HTTP calls add. */
export interface CrudModel<T extends Table = Table, F extends Fields | undefined = Fields | undefined, I = RowOf<T, F>> extends CrudRows<T, F, I> {
  /** Body fields that are files, with what they may contain. */
  files?: Record<string, UploadKind>;
  /** A field's own 400 message when it is missing or blank on create or update, e.g. {name: 'El nombre es requerido'}. */
  requiredMessages?: Record<string, string>;
  /** A field's own wording when out of its range, e.g. {tilt: 'La inclinación va de 0° (horizontal) a 90° (vertical).'}. */
  rangeMessages?: Record<string, string>;
  /** Why a row may not be deleted (other rows use it), or nothing: a delete is then a 400 {detail} with that text. */
  inUse?: (request: FastifyRequest, id: number) => Promise<string | undefined>;
}

/**
 * What may stop a row's deletion, with the noun for one and for several: the rows of another table
 * pointing at it (`column`), or a count of its own (`count`, e.g. the readings below a plant).
 */
export type Use = { one: string; many: string } & ({ column: PgColumn } | { count: (request: FastifyRequest, id: number) => Promise<number> });

const listFormat = new Intl.ListFormat('es', { type: 'conjunction' });
const numberFormat = new Intl.NumberFormat('es-CL');

/** An `inUse` that counts `uses` for a row and, when any is there, says so after SPEC.md §8's 'Ocurrió un error al eliminar ...'. */
function refuseWhile(what: string, says: (several: boolean) => string, uses: Use[]) {
  return async (request: FastifyRequest, id: number) => {
    const counted = await Promise.all(uses.map(async (use) => ({
      use, n: 'column' in use ? await request.server.db.$count(use.column.table, eq(use.column, id)) : await use.count(request, id),
    })));
    const found = counted.filter(({ n }) => n > 0);
    if (!found.length) return undefined;
    const several = !(found.length === 1 && found[0].n === 1);
    return `Ocurrió un error al eliminar ${what}: ${says(several)} ${listFormat.format(found.map(({ use, n }) => `${numberFormat.format(n)} ${n === 1 ? use.one : use.many}`))}.`;
  };
}

/**
 * An `inUse` naming the rows that use a row: 'Ocurrió un error al eliminar la marca: la usan 3
 * equipos.' `what` is the entity with its article ('la marca'), `pronoun` its object pronoun ('la', 'lo').
 */
export const refuseWhileUsed = (what: string, pronoun: 'la' | 'lo', uses: Use[]) =>
  refuseWhile(what, (several) => `${pronoun} ${several ? 'usan' : 'usa'}`, uses);

/**
 * An `inUse` naming what a row holds, which one click must not take with it: 'Ocurrió un error al
 * eliminar el proyecto: tiene 2 centrales eléctricas.'
 */
export const refuseWhileHolding = (what: string, uses: Use[]) => refuseWhile(what, () => 'tiene', uses);

interface ById extends EndpointSpec { params: typeof IdParams }
interface ByParent extends EndpointSpec { params: TObject<Record<string, TInteger>> }
interface Create extends EndpointSpec { body: TObject }
interface Update extends ById { body: TObject }

/** The contract's CRUD endpoints of an entity (contract/crud.ts). */
export interface CrudEndpoints {
  list?: EndpointSpec;
  listBy?: ByParent;
  one?: ById;
  create?: Create;
  update?: Update;
  delete?: ById;
}

/** A create or update body as crudRoutes sees it. */
type Body = Record<string, unknown>;

/**
 * Nothing when the table takes the endpoints' create body; otherwise a property the model lacks, so
 * that a body field the table does not have, or of another type, does not compile (bodies are stored as they are).
 */
type Fits<A extends CrudEndpoints, T extends Table> = A['create'] extends Create ? FitsBody<Static<A['create']['body']>, T['$inferInsert']> : unknown;
type FitsBody<B, Insert> = [Exclude<keyof B, keyof Insert>] extends [never] ? B extends Partial<Insert> ? unknown
  : { createBodyFitsTheTable: true } : { createBodyFitsTheTable: true };

/** A body as values of the table's columns, which Fits<> held it to where crudRoutes was called. */
const asValues = <T extends Table>(body: Body) => body as T['$inferInsert'];

/** Loads one row by id within the caller's scope, or throws 404. */
export async function findVisible<T extends Table>(request: FastifyRequest, table: T, id: number, scope?: Scope): Promise<T['$inferSelect']> {
  const [row] = await request.server.db.select().from(table as PgTable).where(and(eq(table.id, id), scopeFor(request, scope)));
  if (!row) throw notFound();
  return row as T['$inferSelect'];
}

/** 400 naming each reference field whose id does not exist or is not visible to the caller. */
export async function checkReferences(request: FastifyRequest, body: Record<string, unknown>, refs: Record<string, Reference> = {}) {
  const errs: FieldErrors = {};
  for (const [field, ref] of Object.entries(refs)) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    const ids = Array.isArray(value) ? value as number[] : [value as number];
    if (!ids.length) continue;
    const found = await request.server.db.select({ id: ref.table.id }).from(ref.table)
      .where(and(inArray(ref.table.id, ids), scopeFor(request, ref.scope)));
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) errs[field] = missing.map((id) => MSG.unknownId(id));
  }
  if (Object.keys(errs).length) throw badRequest(errs);
}

/** Runs a serializer that takes every row at once over a `list()` result, paged or not. */
export async function serializeList<Row, Item>(result: Row[] | Page<Row>, serialize: (rows: Row[]) => Promise<Item[]> | Item[]): Promise<Item[] | Page<Item>> {
  return Array.isArray(result) ? serialize(result) : { ...result, results: await serialize(result.results) };
}

/** A select of the entity's fields (its columns by default) with its joins. */
const selectOf = <T extends Table, F extends Fields | undefined, I>(request: FastifyRequest, rows: CrudRows<T, F, I>) => {
  const query = request.server.db.select(rows.fields ?? getTableColumns(rows.table)).from(rows.table as PgTable).$dynamic();
  return rows.join ? rows.join(query) : query;
};

/** The items of rows read: the rows themselves unless the entity serializes them. */
const serializeRows = async <T extends Table, F extends Fields | undefined, I>(request: FastifyRequest, rows: CrudRows<T, F, I>, found: RowOf<T, F>[]) =>
  (rows.serialize ? rows.serialize(request, found) : found as I[]);

/**
 * A list reply of an entity's rows matching `where`, within what the caller may see (`mine`: staff
 * too, see scopeFor), with paging, ordering and search.
 */
export async function listRows<T extends Table, F extends Fields | undefined, I>(
  request: FastifyRequest, rows: CrudRows<T, F, I>, { where, mine = false }: { where?: SQL; mine?: boolean } = {},
) {
  const result = await list<RowOf<T, F>>(request.server.db, request, {
    table: rows.table, where: and(where, scopeFor(request, rows.scope, mine)), ordering: rows.ordering ?? { id: rows.table.id },
    search: rows.search, fields: rows.fields, join: rows.join,
  });
  return serializeList(result, (found) => serializeRows(request, rows, found));
}

/** One item as the API answers it, within what the caller may see (scope and joins in one query, like a list's), or 404. */
export async function readRow<T extends Table, F extends Fields | undefined, I>(request: FastifyRequest, rows: CrudRows<T, F, I>, id: number) {
  const [row] = await selectOf(request, rows).where(and(eq(rows.table.id, id), scopeFor(request, rows.scope)));
  if (!row) throw notFound();
  return (await serializeRows(request, rows, [row as RowOf<T, F>]))[0];
}

/**
 * Registers the contract's CRUD endpoints of one entity over its table (see CrudModel). The contract's
 * create body must fit the table's columns (Fits): a field the table lacks, or of another type, does not compile.
 */
export function crudRoutes<A extends CrudEndpoints, T extends Table, F extends Fields | undefined, I>(
  app: FastifyInstance, endpoints: A, model: CrudModel<T, F, I> & Fits<A, T>,
) {
  const api: CrudEndpoints = endpoints;
  const { db } = app;
  const files = model.files ?? {};
  const fileFields = Object.keys(files);
  const config = { requiredMessages: model.requiredMessages, rangeMessages: model.rangeMessages };
  /** The checks of a create or update body; then its values as stored, with the paths of the files saved. */
  const checked = async (request: FastifyRequest, body: Body, existing?: T['$inferSelect']) => {
    await checkReferences(request, body, model.references);
    const errors = await model.validate?.(request, asValues<T>(body), existing);
    if (errors && Object.keys(errors).length) throw badRequest(errors);
    return (paths: Record<string, string | undefined>) => {
      const stored = { ...body };
      for (const field of fileFields) { if (paths[field]) stored[field] = paths[field]; else delete stored[field]; }
      return asValues<T>(stored);
    };
  };

  if (api.list) route(app, api.list, (request) => listRows(request, model));

  if (api.listBy) {
    const by = model.listBy;
    if (!by) throw new Error(`${api.listBy.path}: the model names no listBy column`);
    const [param] = Object.keys(api.listBy.params.properties);
    route(app, api.listBy, async (request) => {
      const parentId = request.params[param];
      // Typed as possibly absent (a record's value); the schema requires it.
      if (parentId === undefined) throw notFound();
      if (by.parent) await findVisible(request, by.parent.table, parentId, by.parent.scope);
      return listRows(request, model, { where: eq(by.column, parentId) });
    });
  }

  if (api.one) route(app, api.one, (request) => readRow(request, model, request.params.id));

  if (api.create) {
    route(app, api.create, async (request, reply) => {
      const values = await checked(request, request.body);
      const created = await withUploads(request, files, async (paths) => {
        const [row] = await db.insert(model.table).values(values(paths)).returning({ id: model.table.id });
        return row;
      });
      return reply.status(201).send(await readRow(request, model, created.id));
    }, { config });
  }

  if (api.update) {
    route(app, api.update, async (request) => {
      const { id } = request.params;
      const existing = await findVisible(request, model.table, id, model.scope);
      const values = await checked(request, request.body, existing);
      await withUploads(request, files, async (paths) => {
        const set = values(paths);
        if (Object.keys(set).length) await db.update(model.table).set(set).where(eq(model.table.id, id));
      });
      // The replaced files are no longer referenced: remove them from disk.
      for (const field of fileFields) if (request.uploads[field]) await removeMedia(request, fileOf(existing, field));
      return readRow(request, model, id);
    }, { config });
  }

  if (api.delete) {
    route(app, api.delete, async (request, reply) => {
      const { id } = request.params;
      const existing = await findVisible(request, model.table, id, model.scope);
      const used = await model.inUse?.(request, id);
      if (used) throw new ApiError(400, { detail: used });
      await db.delete(model.table).where(eq(model.table.id, id));
      for (const field of fileFields) await removeMedia(request, fileOf(existing, field));
      return reply.status(204).send();
    });
  }
}

/** The stored path of a row's file field. */
const fileOf = (row: object, field: string) => {
  const path: unknown = (row as Record<string, unknown>)[field];
  return typeof path === 'string' ? path : null;
};

/**
 * A `validate` for rows that may exist once (a link between two rows): a create, or an update, that
 * would repeat another row's values of `columns` is a non-field error.
 */
export function unique<T extends Table>(table: T, columns: (keyof T['_']['columns'] & string)[], message: string) {
  const all = getTableColumns(table as PgTable);
  return async (request: FastifyRequest, body: Partial<T['$inferInsert']>, existing?: T['$inferSelect']): Promise<FieldErrors | void> => {
    const values: Body = { ...existing, ...body };
    const [other] = await request.server.db.select({ id: table.id }).from(table as PgTable)
      .where(and(...columns.map((column) => eq(all[column], values[column]))));
    if (other && other.id !== existing?.id) return { non_field_errors: [message] };
  };
}

/** `requiredMessages` of every entity whose name SPEC.md §5 words as 'El nombre es requerido'. */
export const nameRequired = { name: MSG.nameRequired };
