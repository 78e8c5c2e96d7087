/**
 * The auth provider with a mocked fetch: login, logout, the navigation guard, errors, permissions
 * and identity; react-admin's canAccess (the admin's auth provider).
 */
import { describe, expect, it } from 'vitest';
import { authProvider } from '../../../src/providers/authProvider';
import { adminAuthProvider } from '../../../src/resources/access';
import { getAccessToken, getProfile, getRefreshToken, setProfile, setTokens, takeFlash } from '../../../src/providers/session';
import { calls, mockedFetchPerTest, mockFetch, PROFILE } from '../../../testing/fetch-mock';

mockedFetchPerTest();

describe('authProvider', () => {
  it('login: token call, then the profile, both kept in localStorage', async () => {
    mockFetch((call) => (call.url.pathname === '/api/auth/token'
      ? { body: { access: 'A', refresh: 'R' } }
      : { body: PROFILE }));
    await expect(authProvider.login({ email: 'ana@solar.cl', password: 'abcd' })).resolves.toEqual({ redirectTo: '/app/monitoring' });
    expect(calls[0]).toMatchObject({ method: 'POST', body: { email: 'ana@solar.cl', password: 'abcd' } });
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(calls[1].url.pathname).toBe('/api/my-profile');
    expect(calls[1].headers.Authorization).toBe('Bearer A');
    expect([getAccessToken(), getRefreshToken()]).toEqual(['A', 'R']);
    expect(getProfile()).toEqual(PROFILE);
  });

  it('login failure hands the server errors back and stores nothing', async () => {
    mockFetch(() => ({ status: 400, body: { password: ['Contraseña incorrecta'] } }));
    await expect(authProvider.login({ email: 'ana@solar.cl', password: 'x' })).rejects.toMatchObject({ status: 400, body: { password: ['Contraseña incorrecta'] } });
    expect(getAccessToken()).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('a profile that cannot be read after login ends the session with the "sign in again" message', async () => {
    mockFetch((call) => (call.url.pathname === '/api/auth/token' ? { body: { access: 'A', refresh: 'R' } } : { status: 500, body: { detail: 'x' } }));
    await expect(authProvider.login({ email: 'a@b.cl', password: 'abcd' })).rejects.toMatchObject({ status: 500 });
    expect(getAccessToken()).toBeNull();
    expect(takeFlash()).toEqual({ type: 'info', message: 'app.messages.session_expired' });
  });

  it('logout revokes the refresh token and clears everything', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    setProfile(PROFILE);
    mockFetch(() => ({ status: 204 }));
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(calls[0]).toMatchObject({ method: 'POST', body: { refresh: 'R' } });
    expect(calls[0].url.pathname).toBe('/api/auth/logout');
    expect([getAccessToken(), getRefreshToken(), getProfile()]).toEqual([null, null, null]);
    expect(takeFlash()).toBeNull();
  });

  it('logout clears everything even when the call fails, and leaves SPEC §8 message', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    setProfile(PROFILE);
    mockFetch(() => ({ status: 500, body: { detail: 'boom' } }));
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect([getAccessToken(), getRefreshToken(), getProfile()]).toEqual([null, null, null]);
    expect(takeFlash()).toEqual({ type: 'error', message: 'app.messages.logout_error' });
  });

  it('checkAuth: no tokens -> /login without a call', async () => {
    mockFetch();
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(calls).toHaveLength(0);
  });

  it('checkAuth: tokens but no known profile -> the profile is fetched first', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    mockFetch(() => ({ body: PROFILE }));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calls[0].url.pathname).toBe('/api/my-profile');
    expect(getProfile()).toEqual(PROFILE);
  });

  it('checkAuth: profile not readable -> tokens cleared, /login, "sign in again"', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    mockFetch((call) => (call.url.pathname === '/api/auth/token/refresh' ? { status: 401, body: {} } : { status: 401, body: {} }));
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(getAccessToken()).toBeNull();
    expect(takeFlash()?.message).toBe('app.messages.session_expired');
  });

  it('checkAuth: a known profile and a token pass without a call', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    setProfile(PROFILE);
    mockFetch();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('checkError: 403 and others are not a reason to sign out', async () => {
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it('getPermissions gives is_staff and is_superuser', async () => {
    setProfile({ ...PROFILE, is_staff: true, is_superuser: false });
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ is_staff: true, is_superuser: false });
    localStorage.clear();
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ is_staff: false, is_superuser: false });
  });

  it("getIdentity: first + last name and the avatar; 'Administrador' without a first name", async () => {
    setProfile(PROFILE);
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 5, fullName: 'Ana Paz', avatar: '/media/ana.png' });
    setProfile({ ...PROFILE, first_name: '', image: null });
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 5, fullName: 'Administrador', avatar: undefined });
  });

  it('canAccess: the rules of src/resources/access.ts for the stored profile', async () => {
    setProfile(PROFILE);
    await expect(adminAuthProvider.canAccess!({ resource: 'projects', action: 'list' } as any)).resolves.toBe(true);
    await expect(adminAuthProvider.canAccess!({ resource: 'users', action: 'list' } as any)).resolves.toBe(false);
    setProfile({ ...PROFILE, is_staff: true });
    await expect(adminAuthProvider.canAccess!({ resource: 'users', action: 'delete' } as any)).resolves.toBe(true);
  });
});

