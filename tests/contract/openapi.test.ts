/**
 * The two halves cannot drift apart: every endpoint of the contract is served (and documented) by
 * the server, and every call the web app's resource table makes is one the server documents.
 * (Replies are held to their schemas by every server suite: the harness turns on checkReplies.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract/index.js';
import { resourceTable } from '../../src/providers/resourceTable.js';
import { createTestContext, type TestContext } from '../../testing/harness.js';

let ctx: TestContext;
let documented: Set<string>;
/** `GET /power-plant-all/{}`: parameter names do not matter, only where parameters are. */
const key = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/:\w+|\{\w+\}/g, '{}')}`;

beforeAll(async () => {
  ctx = await createTestContext();
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  documented = new Set(Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => key(m, path))));
});
afterAll(() => ctx?.close());

/** Every (method, path) the resource table can call. */
function webCalls(): string[] {
  const calls: string[] = [];
  for (const spec of Object.values(resourceTable)) {
    if (spec.list) calls.push(key('GET', spec.list));
    for (const path of Object.values(spec.byParent ?? {})) calls.push(key('GET', path));
    if (spec.one) calls.push(key('GET', spec.one));
    // A create that depends on the body (notifications by addressee kind) is called with each kind.
    const creates = typeof spec.create === 'function' ? [1, 2, 3].map((kind) => (spec.create as (d: object) => string)({ type_notification: kind })) : [spec.create];
    for (const path of creates) if (path) calls.push(key('POST', path));
    if (spec.update) calls.push(key(spec.updateMethod ?? 'PUT', spec.update));
    if (spec.delete) calls.push(key('DELETE', spec.delete));
    for (const action of Object.values(spec.actions ?? {})) calls.push(key(action.method, action.path));
  }
  return calls;
}

describe('the contract', () => {
  it('is served: every endpoint is in the OpenAPI document', () => {
    const missing = allEndpoints().map((e) => key(e.method, e.path)).filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
  });

  it('covers the web app: every call of its resource table is in the OpenAPI document', () => {
    const calls = webCalls();
    expect(calls.length).toBeGreaterThan(60);
    expect(calls.filter((k) => !documented.has(k))).toEqual([]);
  });
});
