/**
 * The two halves cannot drift apart: every endpoint of the contract is served (and documented) by
 * the server, and every call the web app makes (its resource table, and its providers' own methods:
 * account actions, session, monitoring reads) is one the server documents.
 * (Replies are held to their schemas by every server suite: the harness turns on checkReplies.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allEndpoints } from '../../contract/index.js';
import { account } from '../../src/providers/account.js';
import { authProvider } from '../../src/providers/authProvider.js';
import { refreshSession } from '../../src/providers/http.js';
import { INTERVALS, monitoringReads } from '../../src/providers/monitoring.js';
import { resourceTable } from '../../src/providers/resourceTable.js';
import { setTokens } from '../../src/providers/session.js';
import { createTestContext, type TestContext } from '../../testing/harness.js';

let ctx: TestContext;
let documented: Set<string>;
/** The documented calls as patterns matching a filled-in path: `GET /power-plant-all/[^/]+`. */
let patterns: RegExp[];
/** `GET /power-plant-all/{}`: parameter names do not matter, only where parameters are. */
const key = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/:\w+|\{\w+\}/g, '{}')}`;

beforeAll(async () => {
  ctx = await createTestContext();
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  documented = new Set(Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => key(m, path))));
  patterns = [...documented].map((k) => new RegExp(`^${k.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\}/g, '[^/]+')}$`));
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

/** A localStorage for the session module, outside a browser. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() { return items.size; },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => { items.delete(k); },
    setItem: (k, v) => { items.set(k, String(v)); },
  };
}

/**
 * Every (method, filled-in path) the providers' own methods request: each is run once against a
 * fetch that records the call and answers 200 with a body that lets sequences go on (a token pair
 * that is also a profile and an empty chart); what a method then makes of the answer is not the point.
 */
async function providerCalls(): Promise<string[]> {
  const seen: string[] = [];
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('fetch', vi.fn(async (input: string, init: RequestInit = {}) => {
    seen.push(`${init.method ?? 'GET'} ${new URL(input, 'http://app.test').pathname.replace(/^\/api/, '')}`);
    const body = { access: 'A', refresh: 'R', id: 1, email: 'a@b.cl', series: [] };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }));
  const runs: (() => Promise<unknown>)[] = [
    () => authProvider.login({ email: 'a@b.cl', password: 'abcd' }),
    () => authProvider.checkAuth({}),
    () => { setTokens({ access: 'A', refresh: 'R' }); return authProvider.logout({}); },
    () => { setTokens({ access: 'A', refresh: 'R' }); return refreshSession(); },
    () => account.signup({ first_name: 'A', last_name: 'B', email: 'a@b.cl', phone: '1', address: 'x', password: 'abcd' }),
    () => account.activate('t'),
    () => account.resendActivation({ id: 1, email: 'a@b.cl' }),
    () => account.requestPasswordReset('a@b.cl'),
    () => account.checkResetLink('c', 't'),
    () => account.completePasswordReset({ password: 'abcd', code: 'c', token: 't' }),
    () => account.finishGoogle('c', 's'),
    () => monitoringReads.snapshot(1),
    () => monitoringReads.weather(1),
    ...INTERVALS.map((interval) => () => monitoringReads.chart({ plant: 1, interval, date: '2026-01-02', start: '2026-01-01', end: '2026-01-02' })),
    ...(['investor', 'mppt', 'string'] as const).map((module) => () => monitoringReads.latestReading(module, 1)),
  ];
  try {
    for (const run of runs) await run().catch(() => undefined);
  } finally {
    vi.unstubAllGlobals();
  }
  seen.push(`GET ${new URL(account.googleStartUrl(), 'http://app.test').pathname.replace(/^\/api/, '')}`);
  return seen;
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

  it("covers the web app: every call of its providers' own methods is in the OpenAPI document", async () => {
    const calls = await providerCalls();
    expect(calls.length).toBeGreaterThan(20);
    expect(calls.filter((call) => !patterns.some((p) => p.test(call)))).toEqual([]);
  });
});
