/**
 * Every endpoint of the OpenAPI document, fed bad input: malformed JSON, a non-object body, wrong
 * types, missing fields, oversize strings and bodies, non-numeric and unknown path ids, bad paging;
 * then ids that are not plain decimal numbers, JSON values of the wrong kind (booleans, lists,
 * objects for numbers), NUL characters, prototype names (`__proto__`...) as values and keys, file
 * parts in text fields, and over-long paths.
 * Each answer must be a 4xx in the documented shape (`{detail}` or `{field: [messages]}`), never a 5xx,
 * a 400 naming the field where one field is wrong, and the database must be exactly as it was before.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../server/db/schema.js';
import { seedDemo } from '../../server/seed/demo.js';
import { createTestContext, multipart, type TestContext } from '../../testing/harness.js';

let ctx: TestContext;
let staff: string;
/** An ingest key of plant 1, sent with every request so that /ingest/points is checked too. */
let ingestKey: string;
let doc: { paths: Record<string, Record<string, Operation>> };

interface Operation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: { in: string; name: string; schema: JsonSchema; required?: boolean }[];
}
interface JsonSchema { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; maxLength?: number; maxItems?: number; anyOf?: JsonSchema[]; format?: string; items?: JsonSchema }

/** Routes whose documented answer to an unconfigured service is a 503 (see their schema). */
const MAY_BE_UNAVAILABLE = new Set(['/api/auth/login/google', '/api/weather/{plantId}']);

/** The server's own bookkeeping, which requests are meant to change: the shared rate-limit counts (PostgreSQL). */
const BOOKKEEPING = new Set(['rate_limit_hits']);

const tables = (Object.values(schema) as unknown[])
  .filter((t): t is PgTable => typeof t === 'object' && t !== null && Symbol.for('drizzle:IsDrizzleTable') in t)
  .filter((t) => !BOOKKEEPING.has(getTableConfig(t).name));

/** Row count and a digest of every row of every table. */
async function snapshot() {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const name = getTableConfig(table).name;
    const res = await ctx.database.db.execute(sql.raw(
      `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as d from "${name}" t`));
    out[name] = ((res as any).rows ?? res)[0].d;
  }
  return out;
}

/** Every type a schema accepts: its own, or its branches'. */
const typesOf = (s: JsonSchema): string[] => [...new Set([...([] as string[]).concat(s.type ?? []), ...(s.anyOf ?? []).flatMap(typesOf)])];

const wrongValue = (s: JsonSchema): unknown => {
  const types = typesOf(s);
  if (types.includes('integer') || types.includes('number')) return 'not-a-number';
  if (types.includes('boolean')) return 'maybe';
  if (types.includes('array')) return 'not-a-list';
  return { nested: ['object'] };
};

/**
 * Where a schema holds a list, as paths of property names and '[]' for "an item of the list", with
 * the field a refusal names ('points.0.dc' for ['points', '[]', 'dc']).
 */
function listsIn(s: JsonSchema, at: string[] = []): string[][] {
  const branches = [s, ...(s.anyOf ?? [])];
  return branches.flatMap((b) => [
    ...(typesOf(b).includes('array') && at.length ? [at] : []),
    ...(b.items ? listsIn(b.items, [...at, '[]']) : []),
    ...Object.entries(b.properties ?? {}).flatMap(([k, p]) => listsIn(p, [...at, k])),
  ]).filter((path, i, all) => all.findIndex((p) => p.join() === path.join()) === i);
}

/** A body holding `value` at `path` (an object per property name, a one-item list per '[]'). */
const bodyWith = (path: string[], value: unknown): unknown => (path.length
  ? path[0] === '[]' ? [bodyWith(path.slice(1), value)] : { [path[0]]: bodyWith(path.slice(1), value) }
  : value);

/** 100,000 numbers (about 590 kB, under the body limit): far over any list's maxItems. */
const HUGE_LIST = Array.from({ length: 100_000 }, (_, i) => i + 1);

/**
 * Bodies the handler reads itself (no schema validation): too many points are a 413 {detail}; a
 * point's own lists are checked row by row and reported in `rejected` (tests/server/plugins/ingest).
 */
const READ_BY_HANDLER = new Set(['/api/ingest/points']);

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
/** Prototype names as keys of a JSON body, written out: in an object literal `__proto__` sets the prototype. */
const PROTOTYPE_KEYS_JSON = '{"__proto__": {"is_staff": true}, "constructor": {"prototype": {"is_staff": true}}, "toString": "x", "hasOwnProperty": "x"}';
/** Path ids that Number() reads as 1 (or -1, or 1 and a NUL): none of them is a plain decimal id. */
const NON_DECIMAL_IDS = ['0x1', '1e0', '01', '+1', '1.0', '%201', '-1', '1%00'];
/** Text that is no decimal integer, though Number() reads most of it as one. */
const NON_DECIMAL_TEXT = ['0x1', '1e0', '01', '+1', '1.0', ' 1', '1.5', 'true'];

/** What an answer must be: a 400 naming `field`; else any 4xx in the DRF shape (a 2xx too when `mayPass`); within `withinMs` when given. */
interface Expect { field?: string; mayPass?: boolean; noEcho?: string; withinMs?: number }

/** Why an answer breaks its expectation, or null when it keeps it. */
function problem(status: number, body: string, path: string, exp: Expect): string | null {
  if (exp.mayPass && status >= 200 && status < 300) return null;
  if (!exp.field && status === 503 && MAY_BE_UNAVAILABLE.has(path)) return null;
  if (status < 400 || status >= 500) return 'not a 4xx';
  let json: unknown;
  try { json = JSON.parse(body); } catch { return 'not JSON'; }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'not an object';
  if (exp.noEcho && body.includes(exp.noEcho)) return 'echoes the URL';
  const fields = Object.entries(json);
  if (typeof (json as { detail?: unknown }).detail !== 'string'
    && (!fields.length || !fields.every(([, m]) => Array.isArray(m) && m.every((x) => typeof x === 'string' || typeof x === 'object')))) {
    return 'not {detail} nor {field: [messages]}';
  }
  if (exp.field && (status !== 400 || !fields.some(([k]) => k === exp.field || k.startsWith(`${exp.field}.`)))) return `not a 400 naming ${exp.field}`;
  return null;
}

/** The operations of the document, with their path parameters filled in. */
const operations = () => Object.entries(doc.paths)
  .filter(([p]) => p.startsWith('/api/') && !p.startsWith('/api/docs'))
  .flatMap(([path, methods]) => Object.entries(methods)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, op]) => {
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
      /** The path with every parameter (or only `only`, the others 1) set to `value`. */
      const fill = (value: string, only?: string) => path.replace(/\{(\w+)\}/g, (_, name) => (!only || name === only ? value : '1'));
      // Bodies go where they get validated: a create's own path, else an existing row's.
      const target = method === 'post' && !pathParams.length ? path : fill('1');
      return { path, method, op, pathParams, fill, target, content: op.requestBody?.content ?? {} };
    }));

type Body = { payload: string | Buffer; headers: Record<string, string> };
const json = (value: unknown, type = 'application/json'): Body => ({ payload: typeof value === 'string' ? value : JSON.stringify(value), headers: { 'content-type': type } });
const form = (fields: Parameters<typeof multipart>[0]): Body => multipart(fields);

let failures: string[];
let checked: number;
let before: Record<string, string>;

/** Sends one request as staff (with the ingest key) and notes why its answer is wrong, if it is. */
async function ask(path: string, method: string, url: string, what: string, exp: Expect, body?: Body) {
  const start = performance.now();
  const res = await ctx.request(staff, { method: method.toUpperCase() as 'GET', url, payload: body?.payload, headers: { 'x-api-key': ingestKey, ...body?.headers } });
  const ms = performance.now() - start;
  const why = problem(res.statusCode, res.body, path, exp) ?? (exp.withinMs && ms > exp.withinMs ? `took ${Math.round(ms)} ms` : null);
  if (why) failures.push(`${method.toUpperCase()} ${url.slice(0, 100)} (${what}): ${why}: ${res.statusCode} ${res.body.slice(0, 160)}`);
  checked += 1;
}

/**
 * A body of keys the schema does not describe (prototype names), sent where validation runs before
 * anything is found: ignored, it leaves the required fields missing (a 400 naming the first), or an
 * unknown row (404), or a body with nothing to change.
 */
function sendIgnoredKeys(operation: ReturnType<typeof operations>[number], schema: JsonSchema, body: Body) {
  const { path, method, pathParams, fill } = operation;
  const required = schema.required ?? [];
  return ask(path, method, pathParams.length ? fill('987654') : path, `prototype names as keys of ${body.headers['content-type'].split(';')[0]}`,
    required.length ? { field: required[0] } : { mayPass: true }, body);
}

/** Every answer as expected, and not one row changed. */
async function verdict(what: string, atLeast: number) {
  console.log(`bad-input, ${what}: ${checked} requests, ${failures.length} wrong answers`);
  expect.soft(failures).toEqual([]);
  expect(checked).toBeGreaterThan(atLeast);
  expect(await snapshot()).toEqual(before);
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.database.db);
  staff = (await ctx.userWithToken({ is_staff: true, is_superuser: true })).token;
  ingestKey = (await ctx.request(staff, { method: 'POST', url: '/api/power-plant/1/api-keys', payload: { name: 'bad input' } })).json().key;
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}, 120_000);
afterAll(() => ctx?.close());
beforeEach(async () => {
  failures = [];
  checked = 0;
  before = await snapshot();
});

describe('bad input on every endpoint', () => {
  it('is answered with a 4xx in the documented shape and changes nothing', async () => {
    let arrays = 0;
    expect(operations().length).toBeGreaterThan(100);
    for (const { path, method, op, pathParams, fill, target, content } of operations()) {
      const valid = fill('1');
      if (pathParams.length) {
        await ask(path, method, fill('abc'), 'non-numeric id', {});
        await ask(path, method, fill('1.5'), 'fractional id', {});
        await ask(path, method, fill('99999999999'), 'id beyond integer range', {});
        if (method === 'get' || method === 'delete') await ask(path, method, fill('987654'), 'unknown id', {});
      }
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      if (query.includes('page')) {
        await ask(path, method, `${valid}?page=abc`, 'page not a number', {});
        await ask(path, method, `${valid}?page=0`, 'page zero', {});
        await ask(path, method, `${valid}?page_size=100000&page=1`, 'page size too large', {});
        await ask(path, method, `${valid}?page=9999`, 'page past the end', {});
        await ask(path, method, `${valid}?ordering=password`, 'ordering by an unknown field', {});
        await ask(path, method, `${valid}?search=${'x'.repeat(300)}`, 'search too long', {});
      }
      const schema = content['application/json']?.schema;
      if (!schema && !content['multipart/form-data']) continue;
      await ask(path, method, target, 'malformed JSON', {}, json('{"name": "x",'));
      await ask(path, method, target, 'oversize body', {}, json({ name: 'x'.repeat(2 * 1024 * 1024) }));
      if (content['multipart/form-data']) await ask(path, method, target, 'broken multipart', {}, json('--nope\r\n\r\n', 'multipart/form-data; boundary=zzz'));
      if (!schema) continue;
      if (schema.type === 'object' || schema.properties) {
        await ask(path, method, target, 'a list instead of an object', {}, json('[1, 2, 3]'));
        if (schema.required?.length) await ask(path, method, target, 'missing required fields', {}, json('{}'));
        const props = Object.entries(schema.properties ?? {}).filter(([, s]) => s.format !== 'binary');
        if (props.length) await ask(path, method, target, 'wrong types', {}, json(Object.fromEntries(props.map(([k, s]) => [k, wrongValue(s)]))));
        for (const [k, s] of props) {
          const max = s.maxLength ?? s.anyOf?.find((a) => a.maxLength)?.maxLength;
          if (max) await ask(path, method, target, `${k} too long`, {}, json({ [k]: 'x'.repeat(max + 1) }));
        }
        // Every list of the body, 100,000 items long: refused at once, never checked item by item.
        for (const list of listsIn(schema).filter((l) => !READ_BY_HANDLER.has(path) || l.length === 1)) {
          const field = list.map((k) => (k === '[]' ? '0' : k)).join('.');
          await ask(path, method, target, `${field} of 100,000 items`, READ_BY_HANDLER.has(path) ? { withinMs: 1000 } : { field, withinMs: 1000 }, json(bodyWith(list, HUGE_LIST)));
          arrays += 1;
        }
      }
    }
    await verdict('malformed and missing', 500);
    expect(arrays).toBeGreaterThanOrEqual(4); // alarm_opt_out, two lists of users, points
  }, 300_000);

  it('path ids are plain decimal numbers, text parameters hold no NUL; an over-long path answers {detail} without echoing it', async () => {
    for (const { path, method, pathParams, fill } of operations()) {
      for (const param of pathParams) {
        if (typesOf(param.schema).includes('integer')) {
          for (const id of NON_DECIMAL_IDS) await ask(path, method, fill(id, param.name), `${param.name} = ${id}`, { field: param.name });
        } else {
          await ask(path, method, fill('a%00b', param.name), `NUL in ${param.name}`, { field: param.name });
        }
      }
      const long = '1'.repeat(150);
      if (pathParams.length) await ask(path, method, fill(long), 'over-long parameter', { noEcho: long });
    }
    const long = `/api/${'x'.repeat(20_000)}`;
    await ask(long, 'get', long, 'very long URL', { noEcho: 'x'.repeat(200) });
    await verdict('path ids', 500);
  }, 300_000);

  it('query strings: NUL characters and prototype names are 400s naming the parameter, or harmless', async () => {
    for (const { path, method, op, fill } of operations()) {
      const url = fill('1');
      if (method === 'get') await ask(path, method, `${url}?${PROTOTYPE_NAMES.map((n) => `${n}=1`).join('&')}`, 'prototype names as keys', { mayPass: true });
      for (const param of (op.parameters ?? []).filter((p) => p.in === 'query')) {
        await ask(path, method, `${url}?${param.name}=a%00b`, `NUL in ${param.name}`, { field: param.name });
        const text = typesOf(param.schema).includes('string');
        for (const name of PROTOTYPE_NAMES) {
          await ask(path, method, `${url}?${param.name}=${name}`, `${param.name} = ${name}`,
            param.name === 'ordering' || !text ? { field: param.name } : { mayPass: true });
        }
      }
    }
    await verdict('query strings', 500);
  }, 300_000);

  it('JSON bodies: booleans, lists, objects and loose text are no numbers, NUL is no text, prototype keys are ignored', async () => {
    for (const operation of operations()) {
      const { path, method, target, content } = operation;
      const schema = content['application/json']?.schema;
      if (!schema?.properties) continue;
      await sendIgnoredKeys(operation, schema, json(PROTOTYPE_KEYS_JSON));
      for (const [field, s] of Object.entries(schema.properties)) {
        if (s.format === 'binary') continue;
        const types = typesOf(s);
        const wrong: unknown[] = [{}];
        if (!types.includes('boolean')) wrong.push(true);
        if (!types.includes('array')) wrong.push([[1]], [1], ['x']);
        if (types.includes('integer') && !types.includes('string')) wrong.push(...NON_DECIMAL_TEXT);
        if (types.includes('string')) wrong.push('a\u0000b');
        if (typesOf(s.items ?? s.anyOf?.find((a) => a.items)?.items ?? {}).includes('integer')) wrong.push([true], [[1]], ['0x1'], [{}]);
        for (const value of wrong) await ask(path, method, target, `${field} = ${JSON.stringify(value)}`, { field }, json({ [field]: value }));
      }
    }
    await verdict('JSON bodies', 500);
  }, 300_000);

  it('multipart bodies: a file part only where a file is declared; text fields as strict as JSON', async () => {
    for (const operation of operations()) {
      const { path, method, target, content } = operation;
      const schema = content['multipart/form-data']?.schema;
      if (!schema?.properties) continue;
      await sendIgnoredKeys(operation, schema, form(Object.fromEntries(PROTOTYPE_NAMES.map((n) => [n, 'x']))));
      for (const [field, s] of Object.entries(schema.properties)) {
        if (s.format === 'binary') continue;
        await ask(path, method, target, `a file in ${field}`, { field }, form({ [field]: { filename: 'nota.txt', data: Buffer.from('hola') } }));
        const types = typesOf(s);
        if (types.includes('string')) await ask(path, method, target, `NUL in ${field}`, { field }, form({ [field]: 'a\u0000b' }));
        if (types.includes('integer')) {
          for (const text of NON_DECIMAL_TEXT) await ask(path, method, target, `${field} = ${JSON.stringify(text)}`, { field }, form({ [field]: text }));
        }
      }
    }
    await verdict('multipart bodies', 100);
  }, 300_000);

  it('asks for credentials on every non-public endpoint', async () => {
    // (The staff calls under account-activate/ and account-check/ are checked; /features, the installed
    // app's manifest and a share link's reads, which its token opens, are public by design.)
    const publicPaths = /^\/api\/(auth\/(token|signup|login\/google|account-activate$|account-check\/\{user_id\}$)|password-reset|features$|manifest\.webmanifest$|share\/\{token\}(\/curve)?$)/;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs') || publicPaths.test(path)) continue;
      for (const method of Object.keys(methods)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const res = await ctx.request(null, { method: method.toUpperCase() as any, url: path.replace(/\{\w+\}/g, '1') });
        expect(res.statusCode, `${method} ${path}`).toBe(401);
        expect(res.json(), `${method} ${path}`).toHaveProperty('detail');
      }
    }
  });
});
