/**
 * Sign-in with Google against a real OpenID Connect provider (oidc-provider on 127.0.0.1, random port):
 * the browser's part of the flow is driven with fetch (authorization request, the provider's login and
 * consent pages), the web page's part with a call to our endpoint carrying the provider's answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
// @ts-expect-error oidc-provider ships no type declarations (and @types/oidc-provider is not installed): used by this test only.
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../../../server/db/schema.js';
import { loadConfig } from '../../../../server/config.js';
import { buildApp } from '../../../../server/app.js';
import { createTestContext, type TestContext } from '../../../../testing/harness.js';

const PUBLIC_URL = 'http://portal.test';
const CLIENT = { client_id: 'portal-solar', client_secret: 'portal-solar-secret' };

/** The people the provider knows, by subject. */
const ACCOUNTS: Record<string, { email: string; email_verified: boolean; given_name: string; family_name: string }> = {
  'g-1001': { email: 'Ignacia.Perez@gmail.com', email_verified: true, given_name: 'Ignacia', family_name: 'Pérez' },
  'g-1002': { email: 'ya.registrado@example.com', email_verified: true, given_name: 'Ya', family_name: 'Registrado' },
  'g-1003': { email: 'sin.verificar@example.com', email_verified: false, given_name: 'Sin', family_name: 'Verificar' },
  'g-1004': { email: 'pendiente@example.com', email_verified: true, given_name: 'Pen', family_name: 'Diente' },
};

let server: http.Server;
let issuer: string;
let ctx: TestContext;

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{
      ...CLIENT, redirect_uris: [`${PUBLIC_URL}/user/auth/login/google`],
      grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post',
    }],
    async findAccount(_ctx: unknown, sub: string) {
      const person = ACCOUNTS[sub];
      return person && { accountId: sub, claims: async () => ({ sub, ...person }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    conformIdTokenClaims: false, // put e-mail and names in the ID token, as Google does
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-cookie-key'] },
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 600, Session: 600, Grant: 600 },
  });
  server.on('request', provider.callback());
  ctx = await createTestContext({
    PUBLIC_URL, GOOGLE_ISSUER: issuer, GOOGLE_CLIENT_ID: CLIENT.client_id, GOOGLE_CLIENT_SECRET: CLIENT.client_secret,
  });
});
afterAll(async () => {
  await ctx?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** A browser: follows the provider's redirects by hand and keeps its cookies. */
class Browser {
  cookies = new Map<string, string>();
  async fetch(url: string, init: RequestInit = {}) {
    const res = await fetch(url, {
      ...init, redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  }
  /** GETs and follows redirects while they stay on the provider; answers the last response and its URL. */
  async follow(url: string): Promise<{ url: string; res: Response }> {
    let res = await this.fetch(url);
    while (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url).href;
      if (!next.startsWith(issuer)) return { url: next, res };
      url = next;
      res = await this.fetch(url);
    }
    return { url, res };
  }
  /** Submits one of the provider's interaction forms, then follows where it leads. */
  async submit(interactionUrl: string, form: Record<string, string>) {
    const res = await this.fetch(interactionUrl, { method: 'POST', body: new URLSearchParams(form), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBeGreaterThanOrEqual(300);
    return this.follow(new URL(res.headers.get('location')!, interactionUrl).href);
  }
}

/**
 * The whole browser flow up to the return to the web page: our redirect, the provider's sign-in as
 * `sub` and consent. Answers the return URL and the cookie our first answer set.
 */
async function signInAtProvider(sub: string) {
  const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/login/google' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.href.startsWith(`${issuer}/auth`)).toBe(true);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/user/auth/login/google`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const setCookie = String(start.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  const cookie = setCookie.split(';')[0];

  const browser = new Browser();
  const login = await browser.follow(authorize.href);
  expect(login.url).toMatch(/\/interaction\//);
  const consent = await browser.submit(login.url, { prompt: 'login', login: sub });
  expect(consent.url).toMatch(/\/interaction\//);
  const back = await browser.submit(consent.url, { prompt: 'consent' });
  const returned = new URL(back.url);
  expect(`${returned.origin}${returned.pathname}`).toBe(`${PUBLIC_URL}/user/auth/login/google`);
  expect(returned.searchParams.get('code')).toBeTruthy();
  return { returned, cookie };
}

/** What the web page /user/auth/login/google does: pass the provider's query string on to the API. */
const finish = (returned: URL, cookie?: string) => ctx.app.inject({
  method: 'GET', url: `/api/auth/login/google${returned.search}`, headers: cookie ? { cookie } : {},
});

describe('sign-in with Google', () => {
  it('creates an active account from the verified e-mail and answers our tokens', async () => {
    const { returned, cookie } = await signInAtProvider('g-1001');
    const res = await finish(returned, cookie);
    expect(res.statusCode).toBe(200);
    const { access, refresh } = res.json();
    expect(access).toEqual(expect.any(String));
    expect(refresh).toEqual(expect.any(String));
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0/);

    const me = (await ctx.request(access, { method: 'GET', url: '/api/my-profile' })).json();
    expect(me).toMatchObject({ email: 'ignacia.perez@gmail.com', first_name: 'Ignacia', last_name: 'Pérez', is_staff: false });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ google_sub: 'g-1001', is_active: true, password: null });

    // The same Google account next time is the same user.
    const next = await signInAtProvider('g-1001');
    const again = await finish(next.returned, next.cookie);
    const me2 = (await ctx.request(again.json().access, { method: 'GET', url: '/api/my-profile' })).json();
    expect(me2.id).toBe(me.id);
  });

  it('a code is exchanged once: replaying the same answer is refused', async () => {
    const { returned, cookie } = await signInAtProvider('g-1001');
    expect((await finish(returned, cookie)).statusCode).toBe(200);
    const replay = await finish(returned, cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).not.toHaveProperty('access');
  });

  it('links an existing account with the same e-mail, which keeps its password', async () => {
    const existing = await ctx.createUser({ email: 'ya.registrado@example.com', password: 'propia123' });
    const { returned, cookie } = await signInAtProvider('g-1002');
    const res = await finish(returned, cookie);
    expect(res.statusCode).toBe(200);
    const me = (await ctx.request(res.json().access, { method: 'GET', url: '/api/my-profile' })).json();
    expect(me.id).toBe(existing.id);
    expect((await ctx.login('ya.registrado@example.com', 'propia123'))).toEqual(expect.any(String));
  });

  it('activates a registration still waiting for its e-mail (Google has confirmed the address)', async () => {
    const reg = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: {
      first_name: 'Pen', last_name: 'Diente', email: 'pendiente@example.com', phone: '1', address: 'x', password: 'clave123',
    } });
    expect(reg.statusCode).toBe(201);
    const { returned, cookie } = await signInAtProvider('g-1004');
    expect((await finish(returned, cookie)).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, reg.json().id));
    expect(row.is_active).toBe(true);
    // Its pending activation link is spent, so a later deactivation could not be undone with it.
    const live = await ctx.database.db.select().from(accountTokens).where(eq(accountTokens.user_id, row.id));
    expect(live.every((t) => t.used_at !== null)).toBe(true);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const { returned, cookie } = await signInAtProvider('g-1003');
    const res = await finish(returned, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [expect.stringContaining('verificado')] });
    expect(await ctx.database.db.select().from(users).where(eq(users.google_sub, 'g-1003'))).toHaveLength(0);
  });

  it('refuses a bad state, or an answer without the cookie of this browser, and issues no tokens', async () => {
    const { returned, cookie } = await signInAtProvider('g-1001');
    const forged = new URL(returned);
    forged.searchParams.set('state', 'forged-state');
    const bad = await finish(forged, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ non_field_errors: [expect.any(String)] });
    expect(bad.json()).not.toHaveProperty('access');

    const noCookie = await finish(returned);
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json()).not.toHaveProperty('access');

    const tampered = await finish(returned, `${cookie.slice(0, -3)}abc`);
    expect(tampered.statusCode).toBe(400);
  });

  it('the provider refusing (the person cancels) is a 400, not a redirect loop', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/login/google' });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const cookie = String(start.headers['set-cookie']).split(';')[0];
    const res = await ctx.app.inject({
      method: 'GET', url: `/api/auth/login/google?error=access_denied&state=${state}&iss=${encodeURIComponent(issuer)}`, headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('non_field_errors');
  });

  it('answers 503 when Google sign-in is not configured', async () => {
    const plain = await buildApp({ config: loadConfig({ DATA_DIR: ctx.config.dataDir }), db: ctx.database.db, mailer: ctx.mailer });
    try {
      const res = await plain.inject({ method: 'GET', url: '/api/auth/login/google' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'El inicio de sesión con Google no está configurado.' });
    } finally {
      await plain.close();
    }
  });
});
