/**
 * The one fetch wrapper every API call goes through (SPEC §7, §8):
 * - base /api, JSON or multipart bodies, bearer access token attached;
 * - 401: the access token is dropped, the refresh token is exchanged ONCE (concurrent 401s share
 *   that one exchange) and the original request is retried; a failed exchange signs out;
 * - 400 saying the refresh token is missing: tokens cleared, go to `/`;
 * - 403, 404, 423 and 5xx are logged, 422 is ignored; every error is then thrown to the caller
 *   as a react-admin HttpError whose body also carries `errors` for server-side form validation.
 */
import { HttpError } from 'react-admin';
import { API_PREFIX, authRoutes } from '../../contract/paths';
import { noteAnswer } from './kept';
import { clearSession, dropAccessToken, getAccessToken, getRefreshToken, navigateTo, setTokens, type TokenPair } from './session';

/**
 * What carries a call: the browser's fetch (looked up at each call, so tests can swap it). The
 * monitoring page's first view, drawn on the server, carries its calls into the API of the same
 * process instead (src/firstView/render.tsx).
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
export const setTransport = (carrier: typeof fetch) => { transport = carrier; };

export type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** A JSON value, a FormData (multipart), or a function giving one (evaluated per attempt). */
  body?: unknown;
  /** Attach the access token and refresh on 401 (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
}

async function parse(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The message of a DRF error body: detail, first non-field error, or first field error. */
export function errorMessage(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.detail === 'string') return b.detail;
    const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
    if (b.non_field_errors) return String(first(b.non_field_errors));
    for (const value of Object.values(b)) {
      const msg = first(value);
      if (typeof msg === 'string') return msg;
    }
  }
  if (typeof body === 'string' && body) return body;
  return `HTTP ${status}`;
}

/** DRF `{field: [msgs], non_field_errors: [msgs]}` -> react-admin's `{errors: {field: msg, root: {serverError}}}`. */
function withFormErrors(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const errors: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'detail' || key === 'code') continue;
    const text = Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : null;
    if (text === null) continue;
    if (key === 'non_field_errors') errors.root = { serverError: text };
    else errors[key] = text;
  }
  return Object.keys(errors).length ? { ...(body as object), errors } : body;
}

/** "The refresh token is missing": a 400 naming the `refresh` field, or a detail about it. */
export function isMissingRefresh(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  if ('refresh' in b) return true;
  return typeof b.detail === 'string' && /refresh/i.test(b.detail);
}

const LOGGED = new Set([403, 404, 423]);

function fail(method: string, path: string, status: number, body: unknown): never {
  if (status === 400 && isMissingRefresh(body)) {
    clearSession();
    navigateTo('/');
  } else if (LOGGED.has(status) || status >= 500) {
    console.error(`[api] ${method} ${path} -> ${status}`, body);
  }
  // 422 and the rest: nothing beyond handing the error back.
  throw new HttpError(errorMessage(body, status), status, withFormErrors(body));
}

let refreshing: Promise<boolean> | null = null;

/**
 * Runs `exchange` while no other tab of this browser exchanges the same refresh token. The server
 * treats a refresh token presented twice as stolen and ends the session (rotation with reuse
 * detection), so two tabs refreshing at once with the token they share would sign each other out.
 * Web Locks serialize them; where the browser has none, the tab goes alone as before.
 */
async function acrossTabs(exchange: () => Promise<boolean>): Promise<boolean> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  // Awaited: the DOM typing of request() nests the callback's promise; at run time it is one.
  return locks ? await locks.request('portal-solar-token-refresh', exchange) : exchange();
}

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one exchange, so two
 * requests failing with 401 at once cause a single POST /auth/token/refresh; and tabs take turns,
 * so a tab that waited finds the pair another tab already renewed and uses it.
 */
export function refreshSession(): Promise<boolean> {
  const seen = getRefreshToken();
  refreshing ??= acrossTabs(async () => {
    const refresh = getRefreshToken();
    if (!refresh) return false;
    // Another tab rotated the pair while this one waited: its tokens (shared storage) are ours too.
    if (refresh !== seen && getAccessToken()) return true;
    try {
      const response = await transport(buildUrl(authRoutes.refresh.path), {
        method: authRoutes.refresh.method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh }),
      });
      if (!response.ok) return false;
      const tokens = (await parse(response)) as TokenPair;
      if (!tokens?.access) return false;
      setTokens(tokens);
      return true;
    } catch {
      return false;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const raw = typeof options.body === 'function' ? (options.body as () => unknown)() : options.body;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (raw instanceof FormData) body = raw;
  else if (raw !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(raw);
  }
  if (token && options.auth !== false) headers.Authorization = `Bearer ${token}`;
  return transport(buildUrl(path, options.query), { method: options.method ?? 'GET', headers, body, signal: options.signal });
}

/** Calls the API, refreshing the session once on a 401, and gives its response. */
async function respond(path: string, options: RequestOptions): Promise<Response> {
  const used = getAccessToken();
  let response = await send(path, options, used);

  if (response.status === 401 && options.auth !== false) {
    // Another request may already have refreshed while this one was in flight.
    const current = getAccessToken();
    let renewed = !!current && current !== used;
    if (!renewed) {
      dropAccessToken();
      renewed = await refreshSession();
    }
    if (renewed) response = await send(path, options, getAccessToken());
    else clearSession();
  }
  noteAnswer(response);
  return response;
}

/** Calls the API and returns the parsed answer (null for 204), or throws an HttpError. */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await respond(path, options);
  const body = await parse(response);
  if (!response.ok) fail(options.method ?? 'GET', path, response.status, body);
  return body as T;
}

/** Calls the API for a file (a PDF ...) and returns its bytes, or throws an HttpError. */
export async function requestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await respond(path, options);
  if (!response.ok) fail(options.method ?? 'GET', path, response.status, await parse(response));
  return response.blob();
}
