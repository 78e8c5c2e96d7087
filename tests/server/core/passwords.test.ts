/**
 * server/core/passwords.ts: signing in with an unknown e-mail costs a password check too, so that
 * the answer's timing does not tell which e-mails are registered; a verification cache skips argon2
 * for a password that matched a moment ago, and only for that one, with that hash.
 */
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { createVerificationCache, hashPassword } from '../../../server/core/passwords.js';

// The real argon2 verify, watched: an unknown e-mail must cost a password check too.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

let ctx: TestContext;

beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx?.close());

describe('account enumeration', () => {
  it('an unknown e-mail costs a password check too, against one throwaway argon2id hash', async () => {
    const known = await ctx.createUser();
    const login = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/token', payload: { email, password: 'adivina123' } });
    vi.mocked(verify).mockClear();
    expect((await login(known.email)).json()).toEqual({ password: ['Contraseña incorrecta'] });
    expect(vi.mocked(verify).mock.calls.map(([hash]) => hash)).toEqual([known.password]);

    vi.mocked(verify).mockClear();
    for (const email of ['nadie@example.com', 'tampoco@example.com']) {
      expect((await login(email)).json()).toEqual({ email: ['No existe una cuenta registrada con este correo electrónico.'] });
    }
    const hashes = vi.mocked(verify).mock.calls.map(([hash]) => hash);
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toMatch(/^\$argon2id\$/);
    expect(hashes[1]).toBe(hashes[0]);
    expect(vi.mocked(verify).mock.calls.map(([, password]) => password)).toEqual(['adivina123', 'adivina123']);
  });
});

describe('the verification cache', () => {
  it('verifies with argon2 once per ttl; another password, user or hash, or an expired entry, is verified again', async () => {
    const cache = createVerificationCache(5 * 60_000);
    const hash = await hashPassword('clave del datalogger');
    const t0 = Date.parse('2026-01-10T12:00:00Z');
    const argon2Calls = async (check: () => Promise<boolean>, expected: boolean) => {
      vi.mocked(verify).mockClear();
      expect(await check()).toBe(expected);
      return vi.mocked(verify).mock.calls.length;
    };
    expect(await argon2Calls(() => cache.verify(7, hash, 'techo', 'clave del datalogger', t0), true)).toBe(1);
    expect(await argon2Calls(() => cache.verify(7, hash, 'techo', 'clave del datalogger', t0 + 60_000), true)).toBe(0);
    expect(await argon2Calls(() => cache.verify(7, hash, 'techo', 'otra clave', t0 + 60_000), false)).toBe(1);
    expect(await argon2Calls(() => cache.verify(7, hash, 'otro', 'clave del datalogger', t0 + 60_000), true)).toBe(1);
    // A new hash (the password was changed): the old password no longer matches anything remembered.
    const changed = await hashPassword('clave nueva');
    expect(await argon2Calls(() => cache.verify(7, changed, 'otro', 'clave del datalogger', t0 + 60_000), false)).toBe(1);
    expect(await argon2Calls(() => cache.verify(7, changed, 'otro', 'clave nueva', t0 + 60_000), true)).toBe(1);
    expect(await argon2Calls(() => cache.verify(7, changed, 'otro', 'clave nueva', t0 + 5 * 60_000), true)).toBe(0);
    expect(await argon2Calls(() => cache.verify(7, changed, 'otro', 'clave nueva', t0 + 7 * 60_000), true)).toBe(1);
    cache.forget(7);
    expect(await argon2Calls(() => cache.verify(7, changed, 'otro', 'clave nueva', t0 + 7 * 60_000), true)).toBe(1);
  });
});
