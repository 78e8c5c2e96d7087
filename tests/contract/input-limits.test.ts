/**
 * What a request may hold is bounded by its schema, so that no body under the size limit costs more
 * than a few milliseconds to check (issue 33, item 1; docs/api.md, "What validation costs"): every
 * list has a maxItems, every text a maxLength, no pattern can backtrack, and every schema passes
 * Ajv's own meta-schema of what is safe to validate untrusted data against (json-schema-secure).
 */
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { expect, it } from 'vitest';
import { allEndpoints } from '../../contract/index.js';
import type { EndpointSpec } from '../../contract/http.js';

const secure = createRequire(import.meta.url)('ajv/lib/refs/json-schema-secure.json');

interface Schema {
  type?: string | string[]; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; items?: Schema; properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema; patternProperties?: object; maxItems?: number; maxLength?: number; pattern?: string;
  enum?: unknown[]; const?: unknown; format?: string; $ref?: string;
}

/** Bodies the server takes as text and reads itself, depth-checked first (server/core/json.ts). */
const READ_AS_TEXT = new Set(['POST /push/fronius/:credentialId']);

/** A group that repeats and holds a repetition itself: `(a+)+`, `(\w*\s?)*`, the shape of catastrophic backtracking. */
const NESTED_REPETITION = /\([^()]*[+*}][^()]*\)[+*{]/;

/** Why each part of a schema is unsafe to validate untrusted input against, if it is. */
function problems(s: Schema, where: string, out: string[]) {
  const types = ([] as string[]).concat(s.type ?? []);
  for (const [i, branch] of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].entries()) problems(branch, `${where}|${i}`, out);
  if (!s.type && !s.anyOf && !s.oneOf && !s.allOf && !('const' in s) && !s.enum && !s.$ref) out.push(`${where}: any value at all`);
  if (types.includes('string') && s.maxLength === undefined && !s.enum && !('const' in s) && s.format !== 'binary') out.push(`${where}: text without maxLength`);
  if (s.pattern && NESTED_REPETITION.test(s.pattern)) out.push(`${where}: pattern that may backtrack: ${s.pattern}`);
  if (types.includes('array')) {
    if (s.maxItems === undefined) out.push(`${where}: list without maxItems`);
    if (s.items) problems(s.items, `${where}[]`, out);
  }
  if (types.includes('object')) {
    if (typeof s.additionalProperties === 'object' || s.patternProperties) out.push(`${where}: keys of any name`);
    for (const [k, v] of Object.entries(s.properties ?? {})) problems(v, `${where}.${k}`, out);
  }
}

const parts = (e: EndpointSpec) => (['params', 'querystring', 'headers', 'body'] as const)
  .filter((part) => e[part] && !(part === 'body' && READ_AS_TEXT.has(`${e.method} ${e.path}`)))
  .map((part) => [`${e.method} ${e.path} ${part}`, e[part] as Schema] as const);

it('every list, text and pattern a request may hold is bounded', () => {
  const out: string[] = [];
  for (const e of allEndpoints()) for (const [where, schema] of parts(e)) problems(schema, where, out);
  expect(out).toEqual([]);
});

/** A copy without `format: 'binary'` (a file part, whose format check is `true`: server/app.ts), which the meta-schema would want a maxLength for. */
const withoutBinary = (schema: Schema) => JSON.parse(JSON.stringify(schema), (key, value) => (key === 'format' && value === 'binary' ? undefined : value));

it("every request schema passes Ajv's meta-schema of schemas safe for untrusted data", () => {
  const validate = new Ajv({ strict: false, allErrors: true, validateSchema: false }).compile(secure);
  const out: string[] = [];
  for (const e of allEndpoints()) {
    for (const [where, schema] of parts(e)) if (!validate(withoutBinary(schema))) out.push(`${where}: ${JSON.stringify(validate.errors)}`);
  }
  expect(out).toEqual([]);
});

it('the check of backtracking patterns finds them', () => {
  for (const bad of ['^(a+)+$', '^(\\w*\\s?)*$', '^([a-z]{1,5})+$']) expect(NESTED_REPETITION.test(bad), bad).toBe(true);
  for (const good of ['^[A-Za-z0-9._-]+$', '^\\d{4}-(0[1-9]|1[0-2])$', '\\S', '^(none|[1-9][0-9]{0,8})$']) expect(NESTED_REPETITION.test(good), good).toBe(false);
});
