/**
 * Sessions, with refresh token rotation and reuse detection (RFC 9700 §4.14.2). Signing in opens a
 * session and answers an access token (a short-lived JWT carrying the session id, `sid`, which
 * core/access.ts checks on every request) and a refresh token (a JWT whose id is recorded). A
 * refresh spends the refresh token and answers a new pair of the same session. A spent refresh token
 * presented again means two parties hold it (a thief and the client, in either order), so the whole
 * session ends: none of its refresh or access tokens work any more.
 */
import { and, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/client.js';
import { refreshTokens, sessions, users, type User } from '../../db/schema.js';
import { endSessions, sessionUser } from '../../core/access.js';
import { randomToken, signToken, verifyToken } from '../../core/tokens.js';

export interface TokenPair { access: string; refresh: string }
export const TokenPair = Type.Object({ access: Type.String(), refresh: Type.String() }, { title: 'TokenPair' });

/** Signs a user in: a new session and its first pair of tokens. */
export async function openSession(app: FastifyInstance, user: User, db: Db = app.db): Promise<TokenPair> {
  const [session] = await db.insert(sessions).values({ user_id: user.id }).returning({ id: sessions.id });
  await db.update(users).set({ last_login: new Date() }).where(eq(users.id, user.id));
  return tokenPair(app, db, user, session.id);
}

async function tokenPair(app: FastifyInstance, db: Db, user: User, sessionId: number): Promise<TokenPair> {
  const { jwtSecret, accessTtlSeconds, refreshTtlSeconds } = app.config;
  const jti = randomToken(24);
  await db.insert(refreshTokens).values({ jti, session_id: sessionId, expires_at: new Date(Date.now() + refreshTtlSeconds * 1000) });
  return {
    access: await signToken(jwtSecret, { token_type: 'access', sid: sessionId, is_staff: user.is_staff }, user.id, accessTtlSeconds),
    refresh: await signToken(jwtSecret, { token_type: 'refresh', jti }, user.id, refreshTtlSeconds),
  };
}

/** The recorded id of a refresh token whose signature holds. */
async function refreshTokenId(app: FastifyInstance, token: string): Promise<string | null> {
  const payload = await verifyToken(app.config.jwtSecret, token, 'refresh');
  return typeof payload?.jti === 'string' ? payload.jti : null;
}

/**
 * Exchanges a refresh token for a new pair of its session, or answers null when the token is
 * invalid, expired or spent, its session ended, or its user can no longer sign in. Spending is the
 * check (an update of an unspent row), so of two refreshes with one token exactly one gets a pair,
 * and the other ends the session as a replay.
 */
export async function refreshSession(app: FastifyInstance, token: string): Promise<TokenPair | null> {
  const jti = await refreshTokenId(app, token);
  if (!jti) return null;
  return app.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const now = new Date();
    const [spent] = await db.update(refreshTokens).set({ used_at: now })
      .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.used_at), gt(refreshTokens.expires_at, now)))
      .returning({ session_id: refreshTokens.session_id });
    if (!spent) {
      const [replayed] = await db.select({ session_id: refreshTokens.session_id }).from(refreshTokens)
        .where(and(eq(refreshTokens.jti, jti), isNotNull(refreshTokens.used_at)));
      if (replayed) await endSessions(db, eq(sessions.id, replayed.session_id));
      return null;
    }
    const user = await sessionUser(db, spent.session_id);
    if (!user) return null;
    await db.update(sessions).set({ last_used_at: now }).where(eq(sessions.id, spent.session_id));
    return tokenPair(app, db, user, spent.session_id);
  });
}

/**
 * Logout: ends the session of the access token, and the session of the refresh token sent when it
 * is another of the same user's (whatever state that token is in).
 */
export async function logout(app: FastifyInstance, user: User, sessionId: number, refresh: string) {
  const jti = await refreshTokenId(app, refresh);
  const ofRefreshToken = jti ? inArray(sessions.id, app.db.select({ id: refreshTokens.session_id }).from(refreshTokens).where(eq(refreshTokens.jti, jti))) : undefined;
  await endSessions(app.db, and(eq(sessions.user_id, user.id), or(eq(sessions.id, sessionId), ofRefreshToken))!);
}

/** Signs a user out everywhere (after a password reset). */
export async function revokeSessions(db: Db, userId: number) {
  await endSessions(db, eq(sessions.user_id, userId));
}
