/**
 * The per-minute limits of server/plugins/auth/limits.ts: login failures per address and per
 * account (the owner is never locked out), signup, password-reset mail and resend per address and
 * per account; other calls are not limited.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../../server/config.js';
import { buildApp } from '../../../../server/app.js';
import { createTestContext, MemoryMailer, type TestContext } from '../../../../testing/harness.js';

let ctx: TestContext;
let limited: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  // Another app on this file's database, with its own limit.
  limited = await buildApp({
    config: loadConfig({ DATA_DIR: ctx.config.dataDir, JWT_SECRET: ctx.config.jwtSecret, RATE_LIMIT_MAX: '3' }), db: ctx.database.db, mailer: new MemoryMailer(),
  });
  await limited.ready();
});
afterAll(async () => {
  await limited?.close();
  await ctx?.close();
});

describe('rate limits (RATE_LIMIT_MAX=3 per minute)', () => {
  // Login failures are counted per clock minute: the clock stands still here, so no test straddles two.
  beforeEach(() => { vi.useFakeTimers({ toFake: ['Date'] }); });
  afterEach(() => { vi.useRealTimers(); });

  const from = (remoteAddress: string, opts: InjectOptions) => limited.inject({ ...opts, remoteAddress });
  const expectTooMany = (res: Awaited<ReturnType<FastifyInstance['inject']>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: 'Demasiadas solicitudes. Espera un momento e inténtalo nuevamente.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };
  const signin = (email: string, password = 'wrong-pass') => ({ method: 'POST' as const, url: '/api/auth/token', payload: { email, password } });

  it('login: the 4th attempt from one address is refused, whatever the e-mail (even a right password)', async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 3; i++) expect((await from('10.1.0.1', signin(`nobody${i}@example.com`))).statusCode).toBe(400);
    expectTooMany(await from('10.1.0.1', signin(user.email, user.plainPassword)));
    // Another address is not affected.
    expect((await from('10.1.0.2', signin(user.email, user.plainPassword))).statusCode).toBe(200);
  });

  it("login: failures on one e-mail from many addresses do not lock its owner out", async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 3; i++) expect((await from(`10.2.0.${i + 1}`, signin(user.email.toUpperCase()))).statusCode).toBe(400);
    // The owner, from an address that has not failed against the account, signs in.
    expect((await from('10.2.0.9', signin(user.email, user.plainPassword))).statusCode).toBe(200);
    // The addresses that failed are refused on this account now, even with the right password...
    for (let i = 0; i < 3; i++) expectTooMany(await from(`10.2.0.${i + 1}`, signin(user.email, user.plainPassword)));
    // ...not on another one.
    const other = await ctx.createUser();
    expect((await from('10.2.0.1', signin(other.email, other.plainPassword))).statusCode).toBe(200);
    // Every new address gets one guess at the account, not more.
    expect((await from('10.2.0.20', signin(user.email))).statusCode).toBe(400);
    expectTooMany(await from('10.2.0.20', signin(user.email, user.plainPassword)));
  });

  it('login: a successful sign-in clears that address\'s failures on the account', async () => {
    const user = await ctx.createUser();
    expect((await from('10.7.0.1', signin(user.email))).statusCode).toBe(400);
    expect((await from('10.7.0.1', signin(user.email, user.plainPassword))).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await from(`10.7.1.${i}`, signin(user.email))).statusCode).toBe(400);
    expect((await from('10.7.0.1', signin(user.email, user.plainPassword))).statusCode).toBe(200);
  });

  it('login: successful sign-ins do not count against an address (an office behind one address)', async () => {
    for (let i = 0; i < 5; i++) {
      const user = await ctx.createUser();
      expect((await from('10.8.0.1', signin(user.email, user.plainPassword))).statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i++) expect((await from('10.8.0.1', signin(`nadie${i}@example.com`))).statusCode).toBe(400);
    expectTooMany(await from('10.8.0.1', signin('nadie9@example.com')));
  });

  it('signup: per address and per e-mail', async () => {
    const body = (email: string) => ({ first_name: 'A', last_name: 'B', email, phone: '1', address: 'x', password: 'clave123' });
    for (let i = 0; i < 3; i++) {
      expect((await from('10.3.0.1', { method: 'POST', url: '/api/auth/signup', payload: body(`alta${i}@example.com`) })).statusCode).toBe(201);
    }
    expectTooMany(await from('10.3.0.1', { method: 'POST', url: '/api/auth/signup', payload: body('alta9@example.com') }));
    // One e-mail from ever new addresses: registered once, then refused as a duplicate, then limited.
    for (let i = 0; i < 3; i++) {
      expect((await from(`10.3.1.${i}`, { method: 'POST', url: '/api/auth/signup', payload: body('repetido@example.com') })).statusCode).toBe(i ? 400 : 201);
    }
    expectTooMany(await from('10.3.1.9', { method: 'POST', url: '/api/auth/signup', payload: body('REPETIDO@example.com') }));
  });

  it('password-reset-email: per e-mail across addresses, and per address across e-mails', async () => {
    const user = await ctx.createUser();
    const reset = (email: string) => ({ method: 'POST' as const, url: '/api/password-reset-email/', payload: { email } });
    for (let i = 0; i < 3; i++) expect((await from(`10.4.0.${i}`, reset(user.email))).statusCode).toBe(200);
    expectTooMany(await from('10.4.0.9', reset(user.email)));
    for (let i = 0; i < 3; i++) expect((await from('10.4.1.1', reset(`x${i}@example.com`))).statusCode).toBe(200);
    expectTooMany(await from('10.4.1.1', reset(`x9@example.com`)));
  });

  it('account-check: per account across addresses', async () => {
    const user = await ctx.createUser({ is_active: false });
    const check = (email: string) => ({ method: 'GET' as const, url: `/api/auth/account-check/${user.id}?email=${email}` });
    for (let i = 0; i < 3; i++) expect((await from(`10.5.0.${i}`, check(`x${i}@example.com`))).statusCode).toBe(200);
    expectTooMany(await from('10.5.0.9', check(user.email)));
  });

  it('other calls are not limited', async () => {
    const { token } = await ctx.userWithToken();
    for (let i = 0; i < 5; i++) {
      expect((await from('10.6.0.1', { method: 'GET', url: '/api/my-profile', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    }
  });
});
