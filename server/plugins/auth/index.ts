/**
 * Authentication and accounts: sign-in with e-mail and password or Google, token refresh and logout,
 * registration and activation, password recovery, accounts created by staff, and the own profile.
 */
import fp from 'fastify-plugin';
import { ApiError, badRequest, MSG } from '../../core/errors.js';
import { verifyPassword } from '../../core/passwords.js';
import { currentUser } from '../../core/access.js';
import { route } from '../../core/route.js';
import { findUserByEmail } from '../../domain/users.js';
import { authApi } from '../../../contract/auth.js';
import { logout, openSession, refreshSession } from './session.js';
import { accountRoutes, MESSAGES } from './accounts.js';
import { profileRoutes } from './profile.js';
import { googleRoutes } from './google.js';
import { mailsSent } from './mails.js';
import { bodyEmail, throttleLogins } from './limits.js';
import { awaitsActivation } from './queries.js';

export default fp(async (app) => {
  const { db } = app;

  route(app, authApi.token, async (request) => {
    const { email, password } = request.body;
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
  }, throttleLogins(app, bodyEmail));

  route(app, authApi.refresh, async (request) => {
    const pair = await refreshSession(app, request.body.refresh);
    if (!pair) throw new ApiError(401, { detail: 'El token es inválido o ha expirado', code: 'token_not_valid' });
    return pair;
  });

  route(app, authApi.logout, async (request, reply) => {
    const refresh = request.body?.refresh;
    if (!refresh) throw badRequest({ refresh: [MSG.required] });
    await logout(app, currentUser(request), request.sessionId!, refresh);
    return reply.status(204).send(null);
  });

  accountRoutes(app);
  profileRoutes(app);
  googleRoutes(app);
  // Mails still leaving after their answer go out before the mailer closes.
  app.addHook('onClose', mailsSent);
}, { name: 'auth' });
