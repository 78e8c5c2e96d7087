/**
 * Who is asking. Every /api route declares `config.access`: 'public', 'user' (default) or 'staff'.
 * The check runs on request, before the body is even parsed, and loads the user from the database
 * so a deactivated account or a revoked privilege takes effect at once.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users, type User } from '../db/schema.js';
import { forbidden, unauthorized } from './errors.js';
import { verifyAccessToken } from './tokens.js';

export type Access = 'public' | 'user' | 'staff';

declare module 'fastify' {
  interface FastifyContextConfig { access?: Access }
  interface FastifyRequest { user: User | null }
}

export function installAccessControl(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? 'public';
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const userId = await verifyAccessToken(app.config.jwtSecret, header.slice(7));
      if (userId != null) {
        const [user] = await app.db.select().from(users).where(eq(users.id, userId));
        if (user?.is_active) request.user = user;
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

export const isStaff = (request: FastifyRequest) => Boolean(request.user?.is_staff);
