/**
 * Every endpoint of the OpenAPI document, fed bad input: malformed JSON, a non-object body, wrong
 * types, missing fields, oversize strings and bodies, non-numeric and unknown path ids, bad paging.
 * Each answer must be a 4xx in the documented shape (`{detail}` or `{field: [messages]}`), never a 5xx,
 * and the database must be exactly as it was before.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../server/db/schema.js';
import { seedDemo } from '../../server/seed/demo.js';
import { createTestContext, type TestContext } from './harness.js';

let ctx: TestContext;
let staff: string;
let doc: { paths: Record<string, Record<string, Operation>> };

interface Operation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: { in: string; name: string; schema: JsonSchema; required?: boolean }[];
}
interface JsonSchema { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; maxLength?: number; anyOf?: JsonSchema[]; format?: string }

/** Routes whose documented answer to an unconfigured service is a 503 (see their schema). */
const MAY_BE_UNAVAILABLE = new Set(['/api/auth/login/google', '/api/weather/{plantId}']);

const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => typeof t === 'object' && t !== null && Symbol.for('drizzle:IsDrizzleTable') in t);

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

function expectDocumentedError(status: number, body: string, what: string, path: string) {
  if (status === 503 && MAY_BE_UNAVAILABLE.has(path)) return;
  expect(status, `${what}: ${body}`).toBeGreaterThanOrEqual(400);
  expect(status, `${what}: ${body}`).toBeLessThan(500);
  const json = JSON.parse(body);
  expect(typeof json, what).toBe('object');
  if (typeof json.detail === 'string') return;
  const entries = Object.entries(json);
  expect(entries.length, `${what}: ${body}`).toBeGreaterThan(0);
  for (const [, messages] of entries) {
    expect(Array.isArray(messages), `${what}: ${body}`).toBe(true);
    for (const m of messages as unknown[]) expect(typeof m === 'string' || typeof m === 'object', what).toBe(true);
  }
}

const wrongValue = (s: JsonSchema): unknown => {
  const types = ([] as string[]).concat(s.type ?? s.anyOf?.flatMap((a) => a.type ?? []) ?? []);
  if (types.includes('integer') || types.includes('number')) return 'not-a-number';
  if (types.includes('boolean')) return 'maybe';
  if (types.includes('array')) return 'not-a-list';
  return { nested: ['object'] };
};

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.database.db);
  staff = (await ctx.userWithToken({ is_staff: true, is_superuser: true })).token;
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}, 120_000);
afterAll(() => ctx?.close());

describe('bad input on every endpoint', () => {
  it('is answered with a 4xx in the documented shape and changes nothing', async () => {
    const before = await snapshot();
    let checked = 0;
    const send = async (method: string, path: string, url: string, what: string, payload?: string | Buffer, type = 'application/json') => {
      const res = await ctx.request(staff, { method: method.toUpperCase() as any, url, payload, headers: payload !== undefined ? { 'content-type': type } : {} });
      expectDocumentedError(res.statusCode, res.body, `${method.toUpperCase()} ${url} (${what})`, path);
      checked += 1;
    };
    const operations = Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/') && !p.startsWith('/api/docs'));
    expect(operations.length).toBeGreaterThan(40);

    for (const [path, methods] of operations) {
      for (const [method, op] of Object.entries(methods)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const params = (op.parameters ?? []).filter((p) => p.in === 'path');
        const fill = (value: string) => path.replace(/\{(\w+)\}/g, () => value);
        const valid = fill('1');
        if (params.length) {
          await send(method, path, fill('abc'), 'non-numeric id');
          await send(method, path, fill('1.5'), 'fractional id');
          await send(method, path, fill('99999999999'), 'id beyond integer range');
          if (method === 'get' || method === 'delete') await send(method, path, fill('987654'), 'unknown id');
        }
        const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        if (query.includes('page')) {
          await send(method, path, `${valid}?page=abc`, 'page not a number');
          await send(method, path, `${valid}?page=0`, 'page zero');
          await send(method, path, `${valid}?page_size=100000&page=1`, 'page size too large');
          await send(method, path, `${valid}?page=9999`, 'page past the end');
          await send(method, path, `${valid}?ordering=password`, 'ordering by an unknown field');
          await send(method, path, `${valid}?search=${'x'.repeat(300)}`, 'search too long');
        }
        const content = op.requestBody?.content ?? {};
        const json = content['application/json']?.schema;
        if (!json && !content['multipart/form-data']) continue;
        const target = method === 'post' && !params.length ? path : valid;
        await send(method, path, target, 'malformed JSON', '{"name": "x",');
        await send(method, path, target, 'oversize body', JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }));
        if (content['multipart/form-data']) await send(method, path, target, 'broken multipart', '--nope\r\n\r\n', 'multipart/form-data; boundary=zzz');
        if (!json) continue;
        if (json.type === 'object' || json.properties) {
          await send(method, path, target, 'a list instead of an object', '[1, 2, 3]');
          if (json.required?.length) await send(method, path, target, 'missing required fields', '{}');
          const props = Object.entries(json.properties ?? {}).filter(([, s]) => s.format !== 'binary');
          if (props.length) {
            await send(method, path, target, 'wrong types', JSON.stringify(Object.fromEntries(props.map(([k, s]) => [k, wrongValue(s)]))));
          }
          for (const [k, s] of props) {
            const max = s.maxLength ?? s.anyOf?.find((a) => a.maxLength)?.maxLength;
            if (max) await send(method, path, target, `${k} too long`, JSON.stringify({ [k]: 'x'.repeat(max + 1) }));
          }
        }
      }
    }
    console.log(`bad-input: ${checked} requests over ${operations.length} paths`);
    expect(checked).toBeGreaterThan(200);
    expect(await snapshot()).toEqual(before);
  }, 600_000);

  it('asks for credentials on every non-public endpoint', async () => {
    // (The staff calls under account-activate/ and account-check/ are checked.)
    const publicPaths = /^\/api\/(auth\/(token|signup|login\/google|account-activate$|account-check\/\{user_id\}$)|password-reset)/;
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
