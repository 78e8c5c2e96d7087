/**
 * Sessions: an access token (short-lived JWT) and a refresh token (JWT whose id is recorded, so it
 * can be used once: refreshing rotates it, logout revokes it, and a reused one is refused).
 */
import { and, eq, isNull, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/client.js';
import { refreshTokens, users, type User } from '../../db/schema.js';
import { randomToken, signToken, verifyToken } from '../../core/tokens.js';

export interface TokenPair { access: string; refresh: string }
export const TokenPair = Type.Object({ access: Type.String(), refresh: Type.String() }, { title: 'TokenPair' });

export async function issueTokens(app: FastifyInstance, user: User, db: Db = app.db): Promise<TokenPair> {
  const { jwtSecret, accessTtlSeconds, refreshTtlSeconds } = app.config;
  const jti = randomToken(24);
  await db.insert(refreshTokens).values({ jti, user_id: user.id, expires_at: new Date(Date.now() + refreshTtlSeconds * 1000) });
  await db.update(users).set({ last_login: new Date() }).where(eq(users.id, user.id));
  return {
    access: await signToken(jwtSecret, { token_type: 'access', is_staff: user.is_staff }, user.id, accessTtlSeconds),
    refresh: await signToken(jwtSecret, { token_type: 'refresh', jti }, user.id, refreshTtlSeconds),
  };
}

/**
 * Marks a refresh token spent and returns its user, or null when it is invalid, expired,
 * already used or revoked, or its user can no longer sign in. The update is the check, so two
 * concurrent refreshes with the same token cannot both succeed.
 */
export async function consumeRefreshToken(app: FastifyInstance, token: string, how: 'used' | 'revoked'): Promise<User | null> {
  const payload = await verifyToken(app.config.jwtSecret, token, 'refresh');
  if (!payload || typeof payload.jti !== 'string') return null;
  const now = new Date();
  const [spent] = await app.db.update(refreshTokens)
    .set(how === 'used' ? { used_at: now } : { revoked_at: now })
    .where(and(eq(refreshTokens.jti, payload.jti), isNull(refreshTokens.used_at), isNull(refreshTokens.revoked_at), gt(refreshTokens.expires_at, now)))
    .returning();
  if (!spent) return null;
  const [user] = await app.db.select().from(users).where(eq(users.id, spent.user_id));
  return user?.is_active ? user : null;
}

/** Signs a user out everywhere: every refresh token still usable is revoked (after a password reset). */
export async function revokeSessions(db: Db, userId: number) {
  await db.update(refreshTokens).set({ revoked_at: new Date() })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.used_at), isNull(refreshTokens.revoked_at)));
}
