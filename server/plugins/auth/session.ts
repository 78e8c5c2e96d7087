/**
 * Sessions, with refresh token rotation and reuse detection (RFC 9700 §4.14.2). Signing in opens a
 * session and answers an access token (a short-lived JWT carrying the session id, `sid`, which
 * core/access.ts checks on every request) and a refresh token (a JWT whose id is recorded). A
 * refresh spends the refresh token and answers a new pair of the same session. A spent refresh token
 * presented again means two parties hold it (a thief and the client, in either order), so the whole
 * session ends: none of its refresh or access tokens work any more.
 */
import type { FastifyInstance } from 'fastify';
import type { User } from '../../db/schema.js';
import { randomToken, signToken, verifyToken } from '../../core/tokens.js';
import type { TokenPair } from '../../../contract/auth.js';
import { endLoggedOutSessions, insertSession, rotateRefreshToken, type RefreshRecord } from './queries.js';

/** The id and expiry of a new refresh token. */
const newRefreshToken = (app: FastifyInstance): RefreshRecord => ({
  jti: randomToken(24), expires_at: new Date(Date.now() + app.config.refreshTtlSeconds * 1000),
});

/** The signed pair of a session whose refresh token `refresh` has just been recorded. */
async function tokenPair(app: FastifyInstance, user: User, sessionId: number, refresh: RefreshRecord): Promise<TokenPair> {
  const { jwtSecret, accessTtlSeconds, refreshTtlSeconds } = app.config;
  return {
    access: await signToken(jwtSecret, { token_type: 'access', sid: sessionId, is_staff: user.is_staff }, user.id, accessTtlSeconds),
    refresh: await signToken(jwtSecret, { token_type: 'refresh', jti: refresh.jti }, user.id, refreshTtlSeconds),
  };
}

/** The recorded id of a refresh token whose signature holds. */
async function refreshTokenId(app: FastifyInstance, token: string): Promise<string | null> {
  const payload = await verifyToken(app.config.jwtSecret, token, 'refresh');
  return typeof payload?.jti === 'string' ? payload.jti : null;
}

/** Signs a user in: a new session and its first pair of tokens. */
export async function openSession(app: FastifyInstance, user: User): Promise<TokenPair> {
  const refresh = newRefreshToken(app);
  return tokenPair(app, user, await insertSession(app.db, user.id, refresh), refresh);
}

/**
 * Exchanges a refresh token for a new pair of its session, or answers null when the token is
 * invalid, expired or spent, its session ended, or its user can no longer sign in (see rotateRefreshToken).
 */
export async function refreshSession(app: FastifyInstance, token: string): Promise<TokenPair | null> {
  const jti = await refreshTokenId(app, token);
  if (!jti) return null;
  const refresh = newRefreshToken(app);
  const rotated = await rotateRefreshToken(app.db, jti, refresh);
  return rotated && tokenPair(app, rotated.user, rotated.sessionId, refresh);
}

/**
 * Logout: ends the session of the access token, and the session of the refresh token sent when it
 * is another of the same user's (whatever state that token is in).
 */
export async function logout(app: FastifyInstance, user: User, sessionId: number, refresh: string) {
  await endLoggedOutSessions(app.db, user.id, sessionId, await refreshTokenId(app, refresh));
}
