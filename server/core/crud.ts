/**
 * The CRUD endpoints of one entity (declared in the contract, see contract/crud.ts) over its table:
 * what an ordinary user may see, which fields are files and which point at other rows. Every
 * catalogue and hierarchy entity is served by this, so paging, scoping, 400/404 shapes and upload
 * handling are written once.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CrudApi } from '../../contract/crud.js';
import type { EndpointSpec } from '../../contract/http.js';
import { badRequest, MSG, notFound, type FieldErrors } from './errors.js';
import { list } from './lists.js';
import { route } from './route.js';
import { removeMedia, withUploads, type UploadKind } from './uploads.js';
import { scopeFor, type Scope } from './visibility.js';

type Table = PgTable & { id: PgColumn };
type Row = Record<string, unknown> & { id: number };

export interface Reference {
  table: Table;
  /** Scope of the referenced row: an ordinary user may only point at rows they can see. */
  scope?: Scope;
}

/** How one entity's CRUD endpoints (from the contract) reach the database. */
export interface CrudModel {
  table: Table;
  /** What an ordinary user may see of it. */
  scope?: Scope;
  /** For the contract's `listBy`: the column holding the parent id, and the parent (checked visible first). */
  listBy?: { column: PgColumn; parent?: Reference };
  /** Body fields that are files, with what they may contain. */
  files?: Record<string, UploadKind>;
  /** A field's own 400 message when it is missing or blank on create or update, e.g. {name: 'El nombre es requerido'}. */
  requiredMessages?: Record<string, string>;
  /** Body fields holding ids of other rows: checked to exist (and be visible) -> 400 naming the field. */
  references?: Record<string, Reference>;
  ordering?: Record<string, PgColumn | SQL>;
  search?: PgColumn[];
  /** Extra checks of a body against the database, returning field errors. */
  validate?: (request: FastifyRequest, body: Record<string, unknown>, existing?: Row) => Promise<FieldErrors | void>;
  /** Turns a row into its response item (adds derived fields). Receives every row of a list at once. */
  serialize?: (request: FastifyRequest, rows: Row[]) => Promise<unknown[]> | unknown[];
  /** Columns and joins for lists and reads, when the item has fields from other tables. */
  fields?: Record<string, PgColumn | SQL | SQL.Aliased>;
  join?: <Q>(q: Q) => Q;
}

/** Loads one row by id within the caller's scope, or throws 404. */
export async function findVisible(request: FastifyRequest, table: Table, id: number, scope?: Scope): Promise<Row> {
  const [row] = await request.server.db.select().from(table).where(and(eq(table.id, id), scopeFor(request, scope))) as Row[];
  if (!row) throw notFound();
  return row;
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
export async function serializeList(result: Awaited<ReturnType<typeof list>>, serialize: (rows: any[]) => Promise<unknown[]> | unknown[]) {
  return Array.isArray(result) ? serialize(result) : { ...result, results: await serialize(result.results) };
}

/**
 * The factory serves any entity, so it sees each endpoint as a plain EndpointSpec: ids are numbers
 * and bodies records, whatever the entity (the contract's schemas have validated them).
 */
type Params = Record<string, number>;
type Body = Record<string, unknown>;

/** Registers the contract's CRUD endpoints of one entity over its table (see CrudModel). */
export function crudRoutes(app: FastifyInstance, api: CrudApi, model: CrudModel) {
  const { db } = app;
  const fileFields = Object.keys(model.files ?? {});
  const ordering = model.ordering ?? { id: model.table.id };
  const config = { requiredMessages: model.requiredMessages };
  const serialize = async (request: FastifyRequest, rows: Row[]) => model.serialize ? model.serialize(request, rows) : rows;
  /** One item as the API answers it: scope and joins in one query, like a list's. */
  const selectOne = async (request: FastifyRequest, id: number) => {
    const base = (db.select(model.fields as any).from(model.table) as any).$dynamic();
    const [row] = await (model.join ? model.join(base) : base).where(and(eq(model.table.id, id), scopeFor(request, model.scope)));
    if (!row) throw notFound();
    return (await serialize(request, [row]))[0];
  };
  const listRows = (request: FastifyRequest, where?: SQL) => list<Row>(db, request, {
    table: model.table, where: and(where, scopeFor(request, model.scope)), ordering, search: model.search,
    fields: model.fields, join: model.join,
  }).then((result) => serializeList(result, (rows) => serialize(request, rows as Row[])));

  const endpoints: Partial<Record<keyof CrudApi, EndpointSpec>> = api;

  if (endpoints.list) route(app, endpoints.list, (request) => listRows(request));

  if (endpoints.listBy) {
    const by = model.listBy;
    if (!by) throw new Error(`${endpoints.listBy.path}: the model names no listBy column`);
    const [param] = Object.keys(endpoints.listBy.params?.properties ?? {});
    route(app, endpoints.listBy, async (request) => {
      const parentId = (request.params as Params)[param];
      if (by.parent) await findVisible(request, by.parent.table, parentId, by.parent.scope);
      return listRows(request, eq(by.column, parentId));
    });
  }

  if (endpoints.one) route(app, endpoints.one, (request) => selectOne(request, (request.params as Params).id));

  if (endpoints.create) {
    route(app, endpoints.create, async (request, reply) => {
      const body: Body = { ...(request.body as Body) };
      await checkReferences(request, body, model.references);
      const extra = await model.validate?.(request, body);
      if (extra && Object.keys(extra).length) throw badRequest(extra);
      const created = await withUploads(request, model.files ?? {}, async (paths) => {
        for (const f of fileFields) { if (paths[f]) body[f] = paths[f]; else delete body[f]; }
        const [row] = await db.insert(model.table).values(body as any).returning() as Row[];
        return row;
      });
      return reply.status(201).send(await selectOne(request, created.id));
    }, { config });
  }

  if (endpoints.update) {
    route(app, endpoints.update, async (request) => {
      const { id } = request.params as Params;
      const existing = await findVisible(request, model.table, id, model.scope);
      const body: Body = { ...(request.body as Body) };
      await checkReferences(request, body, model.references);
      const extra = await model.validate?.(request, body, existing);
      if (extra && Object.keys(extra).length) throw badRequest(extra);
      await withUploads(request, model.files ?? {}, async (paths) => {
        for (const f of fileFields) { if (paths[f]) body[f] = paths[f]; else delete body[f]; }
        if (Object.keys(body).length) await db.update(model.table).set(body as any).where(eq(model.table.id, id));
      });
      // The replaced images are no longer referenced: remove them from disk.
      for (const f of fileFields) if (request.uploads[f] && existing[f]) await removeMedia(request, existing[f] as string);
      return selectOne(request, id);
    }, { config });
  }

  if (endpoints.delete) {
    route(app, endpoints.delete, async (request, reply) => {
      const { id } = request.params as Params;
      const existing = await findVisible(request, model.table, id, model.scope);
      await db.delete(model.table).where(eq(model.table.id, id));
      for (const f of fileFields) await removeMedia(request, existing[f] as string);
      return reply.status(204).send();
    });
  }
}

/** `requiredMessages` of every entity whose name SPEC.md §5 words as 'El nombre es requerido'. */
export const nameRequired = { name: MSG.nameRequired };
