/**
 * Authentication and accounts: sign-in with e-mail and password or Google, token refresh and logout,
 * registration and activation, password recovery, accounts created by staff, and the own profile.
 */
import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../core/errors.js';
import { ApiError, badRequest, MSG } from '../../core/errors.js';
import { verifyPassword } from '../../core/passwords.js';
import { currentUser } from '../../core/access.js';
import { logout, openSession, refreshSession, TokenPair } from './session.js';
import { accountRoutes, awaitsActivation, emailField, findUserByEmail, MESSAGES } from './accounts.js';
import { profileRoutes } from './profile.js';
import { googleRoutes } from './google.js';
import { mailsSent } from './mails.js';
import { bodyEmail, throttleLogins } from './limits.js';

const RefreshBody = Type.Object({ refresh: Type.String({ minLength: 1, maxLength: 2000 }) });

export default fp(async (app) => {
  const { db } = app;

  app.post('/auth/token', {
    config: { access: 'public' },
    ...throttleLogins(app, bodyEmail),
    schema: {
      tags: ['auth'], summary: 'Sign in with e-mail and password',
      body: Type.Object({ email: emailField(), password: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false }),
      response: { 200: TokenPair, 400: ErrorBody, 429: ErrorBody },
    },
  }, async (request) => {
    const { email, password } = request.body as { email: string; password: string };
    const user = await findUserByEmail(db, email);
    // The password is checked even for an unknown e-mail (against a throwaway hash): same time either way.
    const rightPassword = await verifyPassword(user?.password, password);
    if (!user) throw badRequest({ email: [MESSAGES.unknownEmail] });
    if (!rightPassword) throw badRequest({ password: ['Contraseña incorrecta'] });
    if (!user.is_active) {
      if (!(await awaitsActivation(db, user))) throw badRequest({ email: [MESSAGES.disabled] });
      // The owner (right password) learns the account id, which resending the activation link needs.
      throw new ApiError(400, { email: [MESSAGES.notActivated], user_id: user.id });
    }
    return openSession(app, user);
  });

  app.post('/auth/token/refresh', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'], summary: 'Exchange a refresh token for a new pair of its session (the old one is spent; spent once more, it ends the session)',
      body: RefreshBody, response: { 200: TokenPair, 400: ErrorBody, 401: ErrorBody },
    },
  }, async (request) => {
    const pair = await refreshSession(app, (request.body as { refresh: string }).refresh);
    if (!pair) throw new ApiError(401, { detail: 'El token es inválido o ha expirado', code: 'token_not_valid' });
    return pair;
  });

  app.post('/auth/logout', {
    schema: { tags: ['auth'], summary: 'Sign out: ends the session (its access and refresh tokens stop working)', body: Type.Optional(RefreshBody), response: { 204: Type.Null(), 400: ErrorBody } },
  }, async (request, reply) => {
    const refresh = (request.body as { refresh?: string } | undefined)?.refresh;
    if (!refresh) throw badRequest({ refresh: [MSG.required] });
    await logout(app, currentUser(request), request.sessionId!, refresh);
    return reply.status(204).send();
  });

  accountRoutes(app);
  profileRoutes(app);
  googleRoutes(app);
  // Mails still leaving after their answer go out before the mailer closes.
  app.addHook('onClose', mailsSent);
}, { name: 'auth' });
