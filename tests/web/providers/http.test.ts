/**
 * The one fetch wrapper (src/providers/http.ts) with a mocked fetch: one refresh on 401 (shared by
 * concurrent calls and across tabs), sign-out on a failed refresh, the missing-refresh 400, logging.
 */
import { describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../../src/providers/authProvider';
import { request } from '../../../src/providers/http';
import { getAccessToken, getProfile, getRefreshToken, setNavigator, setProfile, setTokens } from '../../../src/providers/session';
import { calls, mockedFetchPerTest, mockFetch, PROFILE } from '../../../testing/fetch-mock';

mockedFetchPerTest();

describe('http', () => {
  it('on 401: one refresh, then the original request again with the new token', async () => {
    setTokens({ access: 'OLD', refresh: 'R' });
    mockFetch((call) => {
      if (call.url.pathname === '/api/auth/token/refresh') return { body: { access: 'NEW', refresh: 'R2' } };
      return call.headers.Authorization === 'Bearer NEW' ? { body: [{ id: 1 }] } : { status: 401, body: { detail: 'expired' } };
    });
    await expect(request('/tag-all/list')).resolves.toEqual([{ id: 1 }]);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/tag-all/list', '/api/auth/token/refresh', '/api/tag-all/list']);
    expect(calls[1].body).toEqual({ refresh: 'R' });
    expect([getAccessToken(), getRefreshToken()]).toEqual(['NEW', 'R2']);
  });

  /**
   * Tokens OLD/R; every call but the refresh answers 401 until it carries NEW; the refresh waits for
   * `release()`, then answers `refreshed(body)`. Resolves once the first refresh is under way.
   */
  function gatedRefresh(refreshed: (body: unknown) => { status?: number; body?: unknown }) {
    setTokens({ access: 'OLD', refresh: 'R' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    mockFetch(async (call) => {
      if (call.url.pathname === '/api/auth/token/refresh') {
        await gate;
        return refreshed(call.body);
      }
      return call.headers.Authorization === 'Bearer NEW' ? { body: { path: call.url.pathname } } : { status: 401, body: {} };
    });
    return { release, started: () => vi.waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/auth/token/refresh')).toHaveLength(1)) };
  }

  it('concurrent 401s share ONE refresh', async () => {
    const refresh = gatedRefresh(() => ({ body: { access: 'NEW', refresh: 'R2' } }));
    const both = Promise.all([request('/tag/list/1'), request('/tag/list/2')]);
    await refresh.started();
    refresh.release();
    await expect(both).resolves.toEqual([{ path: '/api/tag/list/1' }, { path: '/api/tag/list/2' }]);
    expect(calls.filter((c) => c.url.pathname === '/api/auth/token/refresh')).toHaveLength(1);
    expect(calls).toHaveLength(5);
  });

  it('two tabs refreshing at once take turns: the second uses the pair the first got, and the server sees the token once', async () => {
    // Two tabs = two instances of the http module sharing localStorage, and the browser's Web Locks.
    let queue = Promise.resolve();
    const locks = { request: (_name: string, task: () => Promise<unknown>) => { const run = queue.then(task); queue = run.then(() => undefined, () => undefined); return run; } };
    vi.stubGlobal('navigator', { ...globalThis.navigator, locks });
    const otherTab = await vi.importActual<typeof import('../../../src/providers/http')>('../../../src/providers/http?tab=2');
    // A refresh token presented twice ends the session (server/plugins/auth/session.ts).
    const refresh = gatedRefresh((body) => ((body as { refresh: string }).refresh === 'R' ? { body: { access: 'NEW', refresh: 'R2' } } : { status: 401, body: {} }));
    const both = Promise.all([request('/tag/list/1'), otherTab.request('/tag/list/2')]);
    await refresh.started();
    refresh.release();
    await expect(both).resolves.toEqual([{ path: '/api/tag/list/1' }, { path: '/api/tag/list/2' }]);
    expect(calls.filter((c) => c.url.pathname === '/api/auth/token/refresh')).toHaveLength(1);
    expect([getAccessToken(), getRefreshToken()]).toEqual(['NEW', 'R2']);
  });

  it('a failed refresh signs out and the 401 reaches the caller; checkError then sends to /login', async () => {
    setTokens({ access: 'OLD', refresh: 'SPENT' });
    setProfile(PROFILE);
    mockFetch(() => ({ status: 401, body: { detail: 'El token es inválido o ha expirado' } }));
    const error = await request('/tag-all/list').catch((e) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/tag-all/list', '/api/auth/token/refresh']);
    expect([getAccessToken(), getRefreshToken(), getProfile()]).toEqual([null, null, null]);
    await expect(authProvider.checkError(error)).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('a 400 saying the refresh token is missing clears the tokens and goes to /', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch(() => ({ status: 400, body: { refresh: ['Este campo es requerido.'] } }));
    await expect(request('/auth/logout', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 400 });
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('other 400s leave the session alone', async () => {
    setTokens({ access: 'A1', refresh: 'R1' });
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch(() => ({ status: 400, body: { name: ['Este campo es requerido.'] } }));
    await expect(request('/tag/create', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 400 });
    expect(getAccessToken()).toBe('A1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([403, 404, 423, 500])('%i is logged and handed back', async (status) => {
    mockFetch(() => ({ status, body: { detail: 'x' } }));
    await expect(request('/tag/list/1')).rejects.toMatchObject({ status });
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it('422 is handed back without logging', async () => {
    mockFetch(() => ({ status: 422, body: { detail: 'x' } }));
    await expect(request('/tag/list/1')).rejects.toMatchObject({ status: 422 });
    expect(console.error).not.toHaveBeenCalled();
  });
});
