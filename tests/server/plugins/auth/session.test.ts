/**
 * Signing in, and sessions that really end (RFC 9700 §4.14.2): a login is a session; every refresh
 * token rotated from it belongs to it; replaying a spent refresh token ends the whole session.
 * Logout, a password reset, deactivation and the loss of the staff privilege end sessions too, and an
 * ended session's access tokens are refused at once, not when they expire.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../server/db/schema.js';
import type { TokenPair } from '../../../../contract/auth.js';
import { mailsSent } from '../../../../server/plugins/auth/mails.js';
import { createTestContext, type TestContext } from '../../../../testing/harness.js';

let ctx: TestContext;

beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx?.close());

const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/token', payload: { email, password } });
async function signIn(user: { email: string; plainPassword: string }): Promise<TokenPair> {
  const res = await login(user.email, user.plainPassword);
  expect(res.statusCode).toBe(200);
  return res.json();
}
const refresh = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/token/refresh', payload: { refresh: token } });
const profileStatus = async (access: string) => (await ctx.request(access, { method: 'GET', url: '/api/my-profile' })).statusCode;
const refreshStatus = async (token: string) => (await refresh(token)).statusCode;

describe('sign-in', () => {
  it('answers an access and a refresh token, whatever the case of the e-mail', async () => {
    const user = await ctx.createUser({ email: 'Camila.Rojas@example.com', password: 'clave123' });
    const res = await login('camila.rojas@EXAMPLE.com', 'clave123');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const me = await ctx.request(res.json().access, { method: 'GET', url: '/api/my-profile' });
    expect(me.json().id).toBe(user.id);
  });

  it.each([
    ['an unknown e-mail is an error on the email field', async () => ({ email: 'nadie@example.com', password: 'clave123' }),
      { email: ['No existe una cuenta registrada con este correo electrónico.'] }],
    ['a wrong password is "Contraseña incorrecta" on the password field', async () => ({ email: (await ctx.createUser()).email, password: 'otra-clave' }),
      { password: ['Contraseña incorrecta'] }],
    ['a deactivated account cannot sign in, and is told to contact the administrator', async () => {
      const user = await ctx.createUser({ is_active: false });
      return { email: user.email, password: user.plainPassword };
    }, { email: ['La cuenta está desactivada. Contacta al administrador.'] }],
  ])('%s', async (_, credentials, refusal) => {
    const { email, password } = await credentials();
    const res = await login(email, password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal);
  });

  it('an account not yet activated cannot sign in, and says so on the email field', async () => {
    const reg = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: {
      first_name: 'Nueva', last_name: 'Cuenta', email: 'nueva.cuenta@example.com', phone: '1', address: 'x', password: 'clave123',
    } });
    expect(reg.statusCode).toBe(201);
    const res = await login('nueva.cuenta@example.com', 'clave123');
    expect(res.statusCode).toBe(400);
    // With the right password the answer also names the account, so the page can resend its link.
    expect(res.json()).toEqual({ email: ['La cuenta no está activada. Revisa tu correo electrónico para activarla.'], user_id: reg.json().id });
    expect((await login('nueva.cuenta@example.com', 'otra-clave')).json()).toEqual({ password: ['Contraseña incorrecta'] });
  });

  it('an account without a password (Google only) cannot sign in with one', async () => {
    const user = await ctx.createUser();
    await ctx.database.db.update(users).set({ password: null }).where(eq(users.id, user.id));
    expect((await login(user.email, '')).statusCode).toBe(400);
    expect((await login(user.email, 'anything')).json()).toEqual({ password: ['Contraseña incorrecta'] });
  });

  it('missing credentials are field errors in Spanish', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Este campo es requerido.'], password: ['Este campo es requerido.'] });
  });
});

describe('refresh and logout', () => {
  it('refresh answers a new pair that works', async () => {
    const user = await ctx.createUser();
    const first = (await login(user.email, user.plainPassword)).json();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/token/refresh', payload: { refresh: first.refresh } });
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair.refresh).not.toBe(first.refresh);
    expect((await ctx.request(pair.access, { method: 'GET', url: '/api/my-profile' })).statusCode).toBe(200);
  });

  it('an access token is not a refresh token, and garbage is refused with 401', async () => {
    const user = await ctx.createUser();
    const { access } = (await login(user.email, user.plainPassword)).json();
    for (const refresh of [access, 'not-a-token']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/token/refresh', payload: { refresh } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ detail: expect.any(String) });
    }
  });

  it('logout revokes the refresh token; it needs a signed-in user and the refresh token', async () => {
    const user = await ctx.createUser();
    const { access, refresh } = (await login(user.email, user.plainPassword)).json();
    expect((await ctx.request(null, { method: 'POST', url: '/api/auth/logout', payload: { refresh } })).statusCode).toBe(401);
    const missing = await ctx.request(access, { method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: ['Este campo es requerido.'] });
    expect((await ctx.request(access, { method: 'POST', url: '/api/auth/logout', payload: { refresh } })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/token/refresh', payload: { refresh } })).statusCode).toBe(401);
  });
});

describe('refresh token replay', () => {
  it('ends the whole session: its newer refresh token and its access tokens are refused; another session stays', async () => {
    const user = await ctx.createUser();
    const first = await signIn(user);
    const other = await signIn(user);
    const rotation = await refresh(first.refresh);
    expect(rotation.statusCode).toBe(200);
    const rotated = rotation.json() as TokenPair;
    expect(await profileStatus(rotated.access)).toBe(200);

    const replay = await refresh(first.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: 'El token es inválido o ha expirado', code: 'token_not_valid' });

    expect(await refreshStatus(rotated.refresh)).toBe(401);
    expect(await profileStatus(rotated.access)).toBe(401);
    expect(await profileStatus(first.access)).toBe(401);
    // The same person's other login is another session, untouched.
    expect(await profileStatus(other.access)).toBe(200);
    expect(await refreshStatus(other.refresh)).toBe(200);
  });

  it('two refreshes racing with the same token: one answers a pair, and the session then ends', async () => {
    const user = await ctx.createUser();
    const pair = await signIn(user);
    const answers = await Promise.all([refresh(pair.refresh), refresh(pair.refresh)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const winner = answers.find((r) => r.statusCode === 200)!.json() as TokenPair;
    expect(await profileStatus(winner.access)).toBe(401);
    expect(await refreshStatus(winner.refresh)).toBe(401);
  });

  it('a refresh token of a session already ended, or garbage, is refused and ends nothing else', async () => {
    const user = await ctx.createUser();
    const ended = await signIn(user);
    const pair = await signIn(user);
    expect((await ctx.request(ended.access, { method: 'POST', url: '/api/auth/logout', payload: { refresh: ended.refresh } })).statusCode).toBe(204);
    expect(await refreshStatus(ended.refresh)).toBe(401);
    expect(await refreshStatus('not-a-token')).toBe(401);
    expect(await profileStatus(pair.access)).toBe(200);
  });
});

describe('logout', () => {
  it('the access token of the session is refused at once; another session of the same user stays', async () => {
    const user = await ctx.createUser();
    const pair = await signIn(user);
    const other = await signIn(user);
    const out = await ctx.request(pair.access, { method: 'POST', url: '/api/auth/logout', payload: { refresh: pair.refresh } });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const res = await ctx.request(pair.access, { method: 'GET', url: '/api/my-profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('detail');
    expect(await refreshStatus(pair.refresh)).toBe(401);
    expect(await profileStatus(other.access)).toBe(200);
  });

  it('with a refresh token rotated since, the session of both tokens ends', async () => {
    const user = await ctx.createUser();
    const pair = await signIn(user);
    const rotated = (await refresh(pair.refresh)).json() as TokenPair;
    // The access token from before the rotation, the refresh token from after it (what the web app sends).
    expect((await ctx.request(pair.access, { method: 'POST', url: '/api/auth/logout', payload: { refresh: rotated.refresh } })).statusCode).toBe(204);
    expect(await profileStatus(rotated.access)).toBe(401);
    expect(await refreshStatus(rotated.refresh)).toBe(401);
  });
});

describe('password reset', () => {
  it('signs out every session of the user: every access and refresh token is refused', async () => {
    const user = await ctx.createUser();
    const sessions = [await signIn(user), await signIn(user)];
    const bystander = await ctx.userWithToken();

    expect((await ctx.app.inject({ method: 'POST', url: '/api/password-reset-email/', payload: { email: user.email } })).statusCode).toBe(200);
    await mailsSent(); // the recovery mail leaves after the answer (accounts.test.ts)
    const link = new URL(/https?:\/\/\S+/.exec(ctx.mailer.last(user.email)!.text)![0]);
    const [, , , code, token] = link.pathname.split('/');
    const done = await ctx.app.inject({ method: 'PATCH', url: '/api/password-reset-complete/', payload: { password: 'nueva456', code, token } });
    expect(done.statusCode).toBe(200);

    for (const pair of sessions) {
      expect(await profileStatus(pair.access)).toBe(401);
      expect(await refreshStatus(pair.refresh)).toBe(401);
    }
    expect(await profileStatus(bystander.token)).toBe(200);
    // The new password opens a new session that works.
    expect(await profileStatus((await signIn({ email: user.email, plainPassword: 'nueva456' })).access)).toBe(200);
  });
});

describe('losing the staff privilege', () => {
  it('ends the demoted user\'s sessions: the old token reaches no staff route, nor any other', async () => {
    const { token: admin } = await ctx.userWithToken({ is_staff: true });
    const staff = await ctx.createUser({ is_staff: true });
    const pair = await signIn(staff);
    expect((await ctx.request(pair.access, { method: 'GET', url: '/api/get-users/' })).statusCode).toBe(200);

    const demoted = await ctx.request(admin, { method: 'PUT', url: `/api/permits-user/${staff.id}`, payload: { is_staff: false } });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().is_staff).toBe(false);

    expect([401, 403]).toContain((await ctx.request(pair.access, { method: 'GET', url: '/api/get-users/' })).statusCode);
    expect(await profileStatus(pair.access)).toBe(401);
    expect(await refreshStatus(pair.refresh)).toBe(401);
    // Signing in again gives an ordinary user's session.
    const again = await signIn(staff);
    expect((await ctx.request(again.access, { method: 'GET', url: '/api/get-users/' })).statusCode).toBe(403);
    expect(await profileStatus(again.access)).toBe(200);
  });

  it('granting the privilege ends nothing', async () => {
    const { token: admin } = await ctx.userWithToken({ is_staff: true });
    const user = await ctx.createUser();
    const pair = await signIn(user);
    expect((await ctx.request(admin, { method: 'PUT', url: `/api/permits-user/${user.id}`, payload: { is_staff: true } })).statusCode).toBe(200);
    expect((await ctx.request(pair.access, { method: 'GET', url: '/api/get-users/' })).statusCode).toBe(200);
    expect(await refreshStatus(pair.refresh)).toBe(200);
  });
});

describe('deactivation', () => {
  it('ends every session for good: reactivating the account does not bring the old tokens back', async () => {
    const user = await ctx.createUser();
    const pair = await signIn(user);
    const setActive = async (is_active: boolean) => {
      await ctx.database.db.update(users).set({ is_active }).where(eq(users.id, user.id));
      await ctx.changesHeard();
    };
    expect(await profileStatus(pair.access)).toBe(200);

    // Out at once: the access token on its next request, and the refresh token.
    await setActive(false);
    const res = await ctx.request(pair.access, { method: 'GET', url: '/api/my-profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('detail');
    expect(await refreshStatus(pair.refresh)).toBe(401);

    await setActive(true);
    expect(await profileStatus(pair.access)).toBe(401);
    expect(await refreshStatus(pair.refresh)).toBe(401);
    expect(await profileStatus((await signIn(user)).access)).toBe(200);
  });
});
