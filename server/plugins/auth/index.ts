/** Authentication: tokens, sessions. */
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import { users } from '../../db/schema.js';
import { ErrorBody } from '../../core/crud.js';
import { ApiError, badRequest, MSG } from '../../core/errors.js';
import { verifyPassword } from '../../core/passwords.js';
import { consumeRefreshToken, issueTokens } from './session.js';

export const TokenPair = Type.Object({ access: Type.String(), refresh: Type.String() }, { title: 'TokenPair' });
const RefreshBody = Type.Object({ refresh: Type.String({ minLength: 1, maxLength: 2000 }) });

export const emailField = () => Type.String({ format: 'email', minLength: 3, maxLength: 254 });

export default fp(async (app) => {
  const { db } = app;

  app.post('/auth/token', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'], summary: 'Sign in with e-mail and password',
      body: Type.Object({ email: emailField(), password: Type.String({ minLength: 1, maxLength: 128 }) }),
      response: { 200: TokenPair, 400: ErrorBody },
    },
  }, async (request) => {
    const { email, password } = request.body as { email: string; password: string };
    const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (!user) throw badRequest({ email: ['No existe una cuenta registrada con este correo electrónico.'] });
    if (!(await verifyPassword(user.password, password))) throw badRequest({ password: ['Contraseña incorrecta'] });
    if (!user.is_active) throw badRequest({ email: ['La cuenta no está activada. Revise su correo electrónico para activarla.'] });
    return issueTokens(app, user);
  });

  app.post('/auth/token/refresh', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Exchange a refresh token for a new pair (the old one is spent)', body: RefreshBody, response: { 200: TokenPair, 400: ErrorBody, 401: ErrorBody } },
  }, async (request) => {
    const user = await consumeRefreshToken(app, (request.body as { refresh: string }).refresh, 'used');
    if (!user) throw new ApiError(401, { detail: 'El token es inválido o ha expirado', code: 'token_not_valid' });
    return issueTokens(app, user);
  });

  app.post('/auth/logout', {
    schema: { tags: ['auth'], summary: 'Sign out: revokes the refresh token', body: Type.Optional(RefreshBody), response: { 204: Type.Null(), 400: ErrorBody } },
  }, async (request, reply) => {
    const refresh = (request.body as { refresh?: string } | undefined)?.refresh;
    if (!refresh) throw badRequest({ refresh: [MSG.required] });
    await consumeRefreshToken(app, refresh, 'revoked');
    return reply.status(204).send();
  });
}, { name: 'auth' });
