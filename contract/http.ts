/**
 * What an endpoint is, for both halves: its method and path (under /api), who may call it, and the
 * TypeBox schemas of its parameters, body and replies. The server registers its routes and its
 * OpenAPI document from these; the web app takes its paths and types from them.
 */
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** 'public': anyone; 'user': signed in; 'staff': administrators (is_staff). */
export type Access = 'public' | 'user' | 'staff';

/** `{detail}`: 401, 403, 404, 429, 503. */
export const Detail = Type.Object({ detail: Type.String() }, { title: 'Detail' });
/** DRF's 400: `{field: ["message"], non_field_errors: ["message"]}`. */
export const FieldErrors = Type.Record(Type.String(), Type.Array(Type.String()), {
  title: 'FieldErrors', description: '{field: ["message"], non_field_errors: ["message"]}',
});

export interface EndpointSpec {
  method: Method;
  path: string;
  access: Access;
  /** OpenAPI tag: the area. */
  tag: string;
  summary: string;
  description?: string;
  params?: TObject;
  querystring?: TObject;
  /** Request headers it reads (an API key ...), documented. */
  headers?: TObject;
  body?: TSchema;
  /** Media types of the body besides JSON (multipart/form-data for uploads, text/csv ...). */
  consumes?: string[];
  /** Successful replies by status, and error replies whose body says more than `errorReplies` (they replace its entry). */
  reply: Record<number, TSchema>;
}

/** The error replies an endpoint can give, from what it takes and who may call it. */
export function errorReplies(spec: EndpointSpec) {
  const takesInput = Boolean(spec.params || spec.querystring || spec.body);
  return {
    ...(takesInput ? { 400: FieldErrors } : {}),
    ...(spec.access !== 'public' ? { 401: Detail } : {}),
    ...(spec.access === 'staff' ? { 403: Detail } : {}),
    ...(spec.params ? { 404: Detail } : {}),
    503: Detail,
  };
}

/** Declares an endpoint; `const` keeps the literal types the server's type provider reads. */
export const endpoint = <const S extends EndpointSpec>(spec: S): S => spec;

/** The reply type of an endpoint's first success status. */
export type Reply<E extends EndpointSpec, Status extends keyof E['reply'] = keyof E['reply']> = E['reply'][Status] extends TSchema ? Static<E['reply'][Status]> : never;
export type Body<E extends EndpointSpec> = E['body'] extends TSchema ? Static<E['body']> : never;
export type Query<E extends EndpointSpec> = E['querystring'] extends TSchema ? Static<E['querystring']> : never;
