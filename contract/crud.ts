/**
 * The documented CRUD calls of one entity, from its item and body schemas: each method gives one
 * endpoint at the path SPEC.md §7 names. Bodies are closed (fields not described are dropped), an
 * update takes the create body's fields, all optional.
 */
import { Type, type TObject } from '@sinclair/typebox';
import { Detail, endpoint, FieldErrors, type Access } from './http.js';
import { IdParams, listOf, ListQuery, S } from './common.js';

export interface CrudEntity<Item extends TObject, Body extends TObject> {
  /** OpenAPI tag (the area). */
  tag: string;
  /** The noun in summaries: 'power plant'. */
  noun: string;
  item: Item;
  body: Body;
  /** Who reads (default: anyone signed in) and who writes (default: staff). */
  read?: Access;
  write?: Access;
  /** The body is multipart/form-data (it has file fields). */
  multipart?: boolean;
}

const closed = <T extends TObject>(schema: T) => Type.Object(schema.properties, { ...schema, additionalProperties: false }) as unknown as T;

export function crud<Item extends TObject, Body extends TObject>(entity: CrudEntity<Item, Body>) {
  const { tag, noun, item } = entity;
  const read = entity.read ?? 'user';
  const write = entity.write ?? 'staff';
  const consumes = entity.multipart ? ['multipart/form-data', 'application/json'] : undefined;
  const createBody = closed(entity.body);
  const updateBody = Type.Partial(createBody, { additionalProperties: false });
  return {
    list: <P extends string>(path: P) => endpoint({
      method: 'GET', path, access: read, tag, summary: `List ${noun}`, querystring: ListQuery, reply: { 200: listOf(item) },
    }),
    /** The list of one parent's children, e.g. `/investor-all/:plant`. */
    listBy: <P extends string, K extends string>(path: P, param: K) => endpoint({
      method: 'GET', path, access: read, tag, summary: `List ${noun} of a ${param}`,
      params: Type.Object({ [param]: S.id() } as Record<K, ReturnType<typeof S.id>>), querystring: ListQuery, reply: { 200: listOf(item) },
    }),
    one: <P extends string>(path: P) => endpoint({
      method: 'GET', path, access: read, tag, summary: `One ${noun}`, params: IdParams, reply: { 200: item },
    }),
    create: <P extends string>(path: P) => endpoint({
      method: 'POST', path, access: write, tag, summary: `Create ${noun}`, body: createBody, consumes, reply: { 201: item },
    }),
    update: <P extends string>(path: P) => endpoint({
      method: 'PUT', path, access: write, tag, summary: `Update ${noun} (fields not sent stay as they are)`,
      params: IdParams, body: updateBody, consumes, reply: { 200: item },
    }),
    delete: <P extends string>(path: P) => endpoint({
      method: 'DELETE', path, access: write, tag, summary: `Delete ${noun}`, params: IdParams,
      // 400: a bad id names the field; a row other rows still use is refused with {detail} naming them (server/core/crud.ts inUse).
      reply: { 204: Type.Null(), 400: Type.Union([FieldErrors, Detail]) },
    }),
  };
}

/** The endpoints of one CRUD entity, as an area's contract lists them. */
export interface CrudApi {
  list?: ReturnType<ReturnType<typeof crud>['list']>;
  listBy?: ReturnType<ReturnType<typeof crud>['listBy']>;
  one?: ReturnType<ReturnType<typeof crud>['one']>;
  create?: ReturnType<ReturnType<typeof crud>['create']>;
  update?: ReturnType<ReturnType<typeof crud>['update']>;
  delete?: ReturnType<ReturnType<typeof crud>['delete']>;
}
