/**
 * server/core/passwords.ts: signing in with an unknown e-mail costs a password check too, so that
 * the answer's timing does not tell which e-mails are registered.
 */
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';

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
