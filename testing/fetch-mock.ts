/**
 * A mocked fetch for the provider suites (tests/web/providers/): records every call (method, URL,
 * headers, parsed body) and answers from a handler; plus the paging fixtures of the list calls and
 * a stored profile.
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';

export interface Reply { status?: number; body?: unknown }
export interface Call { method: string; url: URL; headers: Record<string, string>; body: unknown }

/** The calls of the current test, in order. */
export let calls: Call[] = [];

/** Replaces fetch; `handler` answers each call (default: 200 with `{}`). */
export function mockFetch(handler: (call: Call) => Reply | Promise<Reply> = () => ({ body: {} })) {
  calls = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = init.body;
    const call: Call = {
      method: init.method ?? 'GET',
      url: new URL(String(input), 'http://app.test'),
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    calls.push(call);
    const { status = 200, body } = await handler(call);
    return new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
      status, headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export const query = (url: URL) => Object.fromEntries(url.searchParams.entries());
export const formEntries = (body: unknown) => {
  expect(body).toBeInstanceOf(FormData);
  const out: Record<string, unknown> = {};
  (body as FormData).forEach((value, key) => { out[key] = value; });
  return out;
};

export const LIST = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
export const PAGED = { page: '1', page_size: '25', ordering: 'id' };
export const page = (results: object[]) => ({ count: results.length, next: null, previous: null, results });

export const PROFILE = {
  id: 5, email: 'ana@solar.cl', first_name: 'Ana', last_name: 'Paz', phone: '', address: '',
  image: '/media/ana.png', is_staff: false, is_superuser: false, language: 'es',
};

/** In the calling suite: console.error silenced (and spied) per test, fetch and spies restored after. */
export function mockedFetchPerTest() {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
