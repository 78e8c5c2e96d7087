/**
 * The documented CRUD calls of one entity, from a description: which paths, which body schema,
 * who reads and who writes, what an ordinary user may see, which fields are files and which
 * point at other rows. Every catalogue and hierarchy plugin describes its entities with this,
 * so paging, scoping, 400/404 shapes and upload handling are written once.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from './access.js';
import { badRequest, MSG, NOT_BLANK, notFound, type FieldErrors } from './errors.js';
import { list, listOf, ListQuery } from './lists.js';
import { removeMedia, withUploads, type UploadKind } from './uploads.js';
import { scopeFor, type Scope } from './visibility.js';

type Table = PgTable & { id: PgColumn };
type Row = Record<string, unknown> & { id: number };

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const ErrorBody = Type.Record(Type.String(), Type.Unknown(), { description: '{detail} or {field: [messages]}' });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export interface Reference {
  table: Table;
  /** Scope of the referenced row: an ordinary user may only point at rows they can see. */
  scope?: Scope;
}

export interface CrudSpec {
  /** OpenAPI tag and the noun in summaries. */
  name: string;
  table: Table;
  /** Response item schema. */
  item: TObject;
  /** Body of create; update takes the same fields, all optional. */
  body: TObject;
  paths: {
    list?: string;
    /** A list filtered by a parent, e.g. `/investor-all/:plant` -> column `plant`. */
    listBy?: { path: string; param: string; column: PgColumn; parent?: Reference };
    one?: string;
    create?: string;
    update?: string;
    delete?: string;
  };
  read?: Access;
  write?: Access;
  scope?: Scope;
  /** Body fields that are files (multipart), with what they may contain. */
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

/** Fields a body does not describe (id, created_at, derived fields) are dropped, never written. */
const closed = (schema: TObject) => Type.Object(schema.properties, { ...schema, additionalProperties: false });
const partial = (schema: TObject) => Type.Partial(closed(schema), { minProperties: 0 });

export function crudRoutes(app: FastifyInstance, spec: CrudSpec) {
  const { db } = app;
  const read = spec.read ?? 'user';
  const write = spec.write ?? 'staff';
  const consumes = spec.files ? ['multipart/form-data', 'application/json'] : undefined;
  const fileFields = Object.keys(spec.files ?? {});
  const ordering = spec.ordering ?? { id: spec.table.id };
  const serialize = async (request: FastifyRequest, rows: Row[]) => spec.serialize ? spec.serialize(request, rows) : rows;
  /** One item as the API answers it: scope and joins in one query, like a list's. */
  const selectOne = async (request: FastifyRequest, id: number) => {
    const base = (db.select(spec.fields as any).from(spec.table) as any).$dynamic();
    const [row] = await (spec.join ? spec.join(base) : base).where(and(eq(spec.table.id, id), scopeFor(request, spec.scope)));
    if (!row) throw notFound();
    return (await serialize(request, [row]))[0];
  };
  const listRows = (request: FastifyRequest, where?: SQL) => list<Row>(db, request, {
    table: spec.table, where: and(where, scopeFor(request, spec.scope)), ordering, search: spec.search,
    fields: spec.fields, join: spec.join,
  }).then((result) => serializeList(result, (rows) => serialize(request, rows as Row[])));
  const schema = (summary: string, extra: Record<string, unknown>) => ({ tags: [spec.name], summary, ...extra });

  if (spec.paths.list) {
    app.get(spec.paths.list, {
      config: { access: read },
      schema: schema(`List ${spec.name}`, { querystring: ListQuery, response: { 200: listOf(spec.item), ...errors } }),
    }, (request) => listRows(request));
  }

  if (spec.paths.listBy) {
    const by = spec.paths.listBy;
    app.get(by.path, {
      config: { access: read },
      schema: schema(`List ${spec.name} of a ${by.param}`, {
        params: Type.Object({ [by.param]: IdParams.properties.id }),
        querystring: ListQuery, response: { 200: listOf(spec.item), ...errors },
      }),
    }, async (request) => {
      const parentId = (request.params as Record<string, number>)[by.param];
      if (by.parent) await findVisible(request, by.parent.table, parentId, by.parent.scope);
      return listRows(request, eq(by.column, parentId));
    });
  }

  if (spec.paths.one) {
    app.get(spec.paths.one, {
      config: { access: read },
      schema: schema(`One ${spec.name}`, { params: IdParams, response: { 200: spec.item, ...errors } }),
    }, (request) => selectOne(request, (request.params as { id: number }).id));
  }

  if (spec.paths.create) {
    app.post(spec.paths.create, {
      config: { access: write, requiredMessages: spec.requiredMessages },
      schema: schema(`Create ${spec.name}`, { body: closed(spec.body), consumes, response: { 201: spec.item, ...errors } }),
    }, async (request, reply) => {
      const body = { ...(request.body as Record<string, unknown>) };
      await checkReferences(request, body, spec.references);
      const extra = await spec.validate?.(request, body);
      if (extra && Object.keys(extra).length) throw badRequest(extra);
      const created = await withUploads(request, spec.files ?? {}, async (paths) => {
        for (const f of fileFields) { if (paths[f]) body[f] = paths[f]; else delete body[f]; }
        const [row] = await db.insert(spec.table).values(body as any).returning() as Row[];
        return row;
      });
      return reply.status(201).send(await selectOne(request, created.id));
    });
  }

  if (spec.paths.update) {
    app.put(spec.paths.update, {
      config: { access: write, requiredMessages: spec.requiredMessages },
      schema: schema(`Update ${spec.name} (fields not sent stay as they are)`, {
        params: IdParams, body: partial(spec.body), consumes, response: { 200: spec.item, ...errors },
      }),
    }, async (request) => {
      const { id } = request.params as { id: number };
      const existing = await findVisible(request, spec.table, id, spec.scope);
      const body = { ...(request.body as Record<string, unknown>) };
      await checkReferences(request, body, spec.references);
      const extra = await spec.validate?.(request, body, existing);
      if (extra && Object.keys(extra).length) throw badRequest(extra);
      await withUploads(request, spec.files ?? {}, async (paths) => {
        for (const f of fileFields) { if (paths[f]) body[f] = paths[f]; else delete body[f]; }
        if (Object.keys(body).length) await db.update(spec.table).set(body as any).where(eq(spec.table.id, id));
      });
      // The replaced images are no longer referenced: remove them from disk.
      for (const f of fileFields) if (request.uploads[f] && existing[f]) await removeMedia(request, existing[f] as string);
      return selectOne(request, id);
    });
  }

  if (spec.paths.delete) {
    app.delete(spec.paths.delete, {
      config: { access: write },
      schema: schema(`Delete ${spec.name}`, { params: IdParams, response: { 204: Type.Null(), ...errors } }),
    }, async (request, reply) => {
      const { id } = request.params as { id: number };
      const existing = await findVisible(request, spec.table, id, spec.scope);
      await db.delete(spec.table).where(eq(spec.table.id, id));
      for (const f of fileFields) await removeMedia(request, existing[f] as string);
      return reply.status(204).send();
    });
  }
}

/** `requiredMessages` of every entity whose name SPEC.md §5 words as 'El nombre es requerido'. */
export const nameRequired = { name: MSG.nameRequired };

/** Schema helpers shared by entity descriptions. */
export const S = {
  id: () => Type.Integer({ minimum: 1, maximum: 2147483647 }),
  name: (max = 150) => Type.String({ minLength: 1, maxLength: max }),
  text: (max: number) => Type.String({ maxLength: max }),
  /** Text that must have something besides whitespace ("blank" otherwise). */
  nonBlank: (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: NOT_BLANK }),
  /**
   * A value or null, as a type list rather than anyOf: with coerceTypes, Ajv would turn a null sent for
   * an anyOf's number branch into 0, so null could never clear a field.
   */
  nullable: <T extends TSchema>(t: T) => (typeof t.type === 'string'
    ? Type.Unsafe<Static<T> | null>({ ...t, type: [t.type, 'null'] })
    : Type.Union([t, Type.Null()])),
  file: () => Type.String({ format: 'binary', description: 'file (multipart)' }),
  timestamp: () => Type.Unsafe<string>({ type: 'string', format: 'date-time' }),
};
