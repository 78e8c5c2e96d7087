/**
 * What a create or update sends, read from the contract: the body schema of the endpoint the data
 * provider calls (`METHOD path` of resourceTable.ts) names the fields, which of them are files,
 * and whether the body is multipart. Nothing of it is restated in the web app, so a field the
 * contract adds is sent as soon as a form holds it (a hand-kept list once left out the plants'
 * injection price: issue 33).
 */
import type { TSchema } from '@sinclair/typebox';
import { allEndpoints } from '../../contract/index';

export interface BodyShape {
  /** Every property of the body, in the contract's order. */
  fields: string[];
  /** Properties holding a file (`S.file()`: a binary string). */
  files: Set<string>;
  /** Properties holding a list: multipart cannot carry one (an empty list would vanish), so they go as JSON only. */
  lists: Set<string>;
  /** Multipart/form-data: the body has a file field and the endpoint takes multipart. */
  multipart: boolean;
}

/** The properties of an object body, or of the object branches of a union (`PUT /permits-user`: a bare value or `{is_staff}`). */
function properties(schema: TSchema | undefined): Record<string, TSchema> {
  if (!schema) return {};
  if (schema.properties) return schema.properties as Record<string, TSchema>;
  const branches = (schema.anyOf ?? schema.oneOf ?? []) as TSchema[];
  return Object.assign({}, ...branches.map(properties));
}

const typesOf = (schema: TSchema): unknown[] => [schema.type, ...((schema.anyOf ?? []) as TSchema[]).map((s) => s.type)].flat();

const shapes = new Map<string, BodyShape>();
for (const e of allEndpoints()) {
  const props = properties(e.body);
  const fields = Object.keys(props);
  const files = new Set(fields.filter((f) => props[f].format === 'binary'));
  shapes.set(`${e.method} ${e.path}`, {
    fields,
    files,
    lists: new Set(fields.filter((f) => typesOf(props[f]).includes('array'))),
    multipart: files.size > 0 && (e.consumes ?? []).includes('multipart/form-data'),
  });
}

/** The body the contract declares for `method path` (no properties when it takes none). */
export function bodyShape(method: string, path: string): BodyShape {
  const shape = shapes.get(`${method} ${path}`);
  if (!shape) throw new Error(`${method} ${path} is no endpoint of the contract`);
  return shape;
}
