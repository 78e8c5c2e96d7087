/**
 * Who is asking. Every /api route declares `config.access`: 'public', 'user' (default) or 'staff'.
 * The check runs on request, before the body is even parsed, and reads the user and the session of
 * the access token through a per-process cache dropped whenever `users` or `sessions` change
 * (server/db/cache.ts), so an ended session, a deactivated account or a revoked privilege takes
 * effect on the next request of this process, and as soon as another process hears the change.
 */
import { and, eq, getTableColumns, getTableName, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { tableCache } from '../db/cache.js';
import { sessions, users, type User } from '../db/schema.js';
import type { Access } from '../../contract/http.js';
import { forbidden, unauthorized } from './errors.js';
import { verifyAccessToken } from './tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig { access?: Access }
  interface FastifyRequest {
    user: User | null;
    /** The session (sign-in) of the access token, with `user`. */
    sessionId: number | null;
  }
}

/**
 * The active user of a session still open, in one query (the session joined to its user, both by
 * primary key), with `userId` when the token names one.
 */
export async function sessionUser(db: Db, sessionId: number, userId?: number): Promise<User | null> {
  const [user] = await db.select(getTableColumns(users)).from(sessions).innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at), eq(users.is_active, true), userId === undefined ? undefined : eq(users.id, userId)));
  return user ?? null;
}

/** sessionUser per (session, user), kept until `users` or `sessions` change. */
const sessionUsers = tableCache([getTableName(users), getTableName(sessions)], (db: Db, key: string) => {
  const [sessionId, userId] = key.split(' ').map(Number);
  return sessionUser(db, sessionId, userId);
});

/** Ends the sessions `which` selects that are still open. */
export const endSessions = (db: Db | Tx, which: SQL) =>
  db.update(sessions).set({ revoked_at: new Date() }).where(and(which, isNull(sessions.revoked_at)));

export function installAccessControl(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? 'public';
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const token = await verifyAccessToken(app.config.jwtSecret, header.slice(7));
      if (token) {
        request.user = await sessionUsers.get(app.db, `${token.sessionId} ${token.userId}`);
        if (request.user) request.sessionId = token.sessionId;
      }
      if (!request.user && access !== 'public') throw unauthorized('El token dado no es válido para ningún tipo de token.');
    }
    if (access === 'public') return;
    if (!request.user) throw unauthorized();
    if (access === 'staff' && !request.user.is_staff) throw forbidden();
  });
}

/** The signed-in user of a route whose access is not 'public'. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized();
  return request.user;
}
