/**
 * Access tokens are verified once per process and then recognised until they expire
 * (server/core/tokens.ts): the kept answer must never outlive the token, nor vouch for it under
 * another secret.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signToken, verifyAccessToken } from '../../../server/core/tokens.js';

const SECRET = 'a-secret-of-the-tests-only-0123456789';
const access = (ttlSeconds: number) => signToken(SECRET, { token_type: 'access', sid: 7 }, 42, ttlSeconds);

afterEach(() => { vi.useRealTimers(); });

describe('verifyAccessToken', () => {
  it('names the user and the session, again and again', async () => {
    const token = await access(60);
    expect(await verifyAccessToken(SECRET, token)).toEqual({ userId: 42, sessionId: 7 });
    expect(await verifyAccessToken(SECRET, token)).toEqual({ userId: 42, sessionId: 7 });
  });

  it('refuses a token verified before once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await access(60);
    expect(await verifyAccessToken(SECRET, token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 61_000);
    expect(await verifyAccessToken(SECRET, token)).toBeNull();
  });

  it('refuses under another secret a token verified under its own', async () => {
    const token = await access(60);
    expect(await verifyAccessToken(SECRET, token)).not.toBeNull();
    expect(await verifyAccessToken(`${SECRET}-other`, token)).toBeNull();
  });

  it('refuses a refresh token and a tampered one', async () => {
    const refresh = await signToken(SECRET, { token_type: 'refresh', sid: 7 }, 42, 60);
    expect(await verifyAccessToken(SECRET, refresh)).toBeNull();
    const token = await access(60);
    await verifyAccessToken(SECRET, token);
    expect(await verifyAccessToken(SECRET, `${token.slice(0, -2)}xx`)).toBeNull();
  });
});
