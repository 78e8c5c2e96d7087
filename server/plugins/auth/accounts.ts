/**
 * Accounts: registration with e-mail activation, resending the activation link, password recovery
 * by e-mail, and accounts created or activated by an administrator. E-mailed tokens are random,
 * single use and expiring (auth/queries.ts keeps only their hash). The anonymous calls about an
 * existing account (recovery, resend) answer the same whether or not it exists, and mail only the
 * address of the account.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '../../db/schema.js';
import { badRequest, fieldError, nonFieldError, notFound, validationToFieldErrors } from '../../core/errors.js';
import type { Mail } from '../../core/mailer.js';
import { hashPassword, PASSWORD_LENGTH } from '../../core/passwords.js';
import { route } from '../../core/route.js';
import { randomToken } from '../../core/tokens.js';
import { findUserByEmail, findUserItem, guardSuperuser, insertUser } from '../../domain/users.js';
import { authApi } from '../../../contract/auth.js';
import { activationMail, invitationMail, mailAfterAnswer, passwordResetMail, productName, sendMail } from './mails.js';
import { bodyEmail, pathAccount, throttle } from './limits.js';
import {
  activateAccount, activateWithToken, awaitsActivation, deleteUser, findUser, isLiveResetLink,
  replaceAccountToken, resetPassword, type Purpose,
} from './queries.js';

export const MESSAGES = {
  unknownEmail: 'No existe una cuenta registrada con este correo electrónico.',
  notActivated: 'La cuenta no está activada. Revisa tu correo electrónico para activarla.',
  disabled: 'La cuenta está desactivada. Contacta al administrador.',
  alreadyActive: 'La cuenta ya está activada.',
  badToken: 'El token de validación es incorrecto, intentalo nuevamente',
};

/** The anonymous recovery and resend calls answer the same whatever the account (see mailAfterAnswer). */
const ANSWERS = {
  recovery: 'Si el correo electrónico está registrado, te enviamos un enlace para continuar.',
  resend: 'Si la cuenta espera su activación, te enviamos un nuevo enlace a tu correo electrónico.',
};

const ACTIVATION_TTL_MS = 3 * 24 * 3600 * 1000;
const RESET_TTL_MS = 3600 * 1000;
/** An invitation waits longer than a recovery link: its owner did not ask for it and may read it days later. */
const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * Schema errors as usual, except that a password sent with the wrong length gets the portal's own
 * message (the routes that take a password set `attachValidation` and call this first).
 */
function rejectInvalid(request: FastifyRequest) {
  const validation = request.validationError?.validation;
  if (!validation) return;
  const errs = validationToFieldErrors(validation);
  const missing = validation.some((e: { keyword: string; params: Record<string, unknown> }) => e.keyword === 'required' && e.params.missingProperty === 'password');
  if (errs.password && !missing) errs.password = [PASSWORD_LENGTH];
  throw badRequest(errs);
}

/** A new e-mail token for the user; the user's earlier unspent tokens of that purpose stop working. */
async function issueAccountToken(request: FastifyRequest, userId: number, purpose: Purpose, ttlMs: number): Promise<string> {
  const token = randomToken(32);
  await replaceAccountToken(request.server.db, userId, purpose, token, new Date(Date.now() + ttlMs));
  return token;
}

/** Django's uidb64: the user id as text, base64url without padding. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
function decodeUid(code: string): number | null {
  const text = Buffer.from(code, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2147483647 || encodeUid(Number(text)) !== code) return null;
  return Number(text);
}

const badToken = () => fieldError('token', MESSAGES.badToken);

/** The activation mail of a user, with a new link (earlier ones stop working). */
async function activationMailOf(request: FastifyRequest, user: User): Promise<Mail> {
  const token = await issueAccountToken(request, user.id, 'activate', ACTIVATION_TTL_MS);
  const link = `${request.server.config.publicUrl}/user/account-activate?token=${token}`;
  return activationMail(await productName(request), user, link);
}

/** A link to choose a new password (the recovery page), valid `ttl`; earlier ones stop working. */
async function passwordLink(request: FastifyRequest, user: User, ttl: number): Promise<string> {
  const token = await issueAccountToken(request, user.id, 'reset', ttl);
  return `${request.server.config.publicUrl}/user/reset-password/${encodeUid(user.id)}/${token}`;
}

/** The password-recovery mail of an active user, with a new link (earlier ones stop working). */
async function passwordResetMailOf(request: FastifyRequest, user: User): Promise<Mail> {
  return passwordResetMail(await productName(request), user, await passwordLink(request, user, RESET_TTL_MS));
}

export function accountRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, authApi.signup, async (request, reply) => {
    rejectInvalid(request);
    const { first_name, last_name, email, phone, address, password } = request.body;
    const user = await insertUser(db, { first_name, last_name, email, phone, address, password: await hashPassword(password), is_active: false });
    try {
      await sendMail(request, await activationMailOf(request, user));
    } catch (err) {
      // Without the mail the account could never be activated: undo it so the person can simply retry.
      await deleteUser(db, user.id);
      throw err;
    }
    return reply.status(201).send({ id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name });
  }, { attachValidation: true, ...throttle(app, bodyEmail) });

  route(app, authApi.activate, async (request) => {
    if (!(await activateWithToken(db, request.query.token))) throw badToken();
    return { detail: 'Cuenta activada exitosamente.' };
  });

  route(app, authApi.resendActivation, (request) => {
    const { user_id } = request.params;
    const { email } = request.query;
    mailAfterAnswer(request, async () => {
      const user = await findUserByEmail(db, email);
      return user?.id === user_id && (await awaitsActivation(db, user)) ? activationMailOf(request, user) : undefined;
    });
    return { detail: ANSWERS.resend };
  }, throttle(app, pathAccount));

  route(app, authApi.passwordResetEmail, (request) => {
    const { email } = request.body;
    mailAfterAnswer(request, async () => {
      const user = await findUserByEmail(db, email);
      if (!user) return undefined;
      if (!user.is_active) return (await awaitsActivation(db, user)) ? activationMailOf(request, user) : undefined;
      return passwordResetMailOf(request, user);
    });
    return { detail: ANSWERS.recovery };
  }, throttle(app, bodyEmail));

  /** The user a reset link is for, when the link is live and the account active. */
  async function resetLinkUser(code: string, token: string): Promise<number | null> {
    const userId = decodeUid(code);
    return userId !== null && (await isLiveResetLink(db, userId, token)) ? userId : null;
  }

  route(app, authApi.passwordResetCheck, async (request) => {
    const { code, token } = request.params;
    if ((await resetLinkUser(code, token)) === null) throw badToken();
    return { valid: true, code, token };
  });

  route(app, authApi.passwordResetComplete, async (request) => {
    rejectInvalid(request);
    const { password, token } = request.body;
    const code = request.body.code ?? request.body.uidb64;
    if (!code) throw fieldError('code', 'Este campo es requerido.');
    const userId = await resetLinkUser(code, token);
    if (userId === null) throw badToken();
    if (!(await resetPassword(db, userId, token, await hashPassword(password)))) throw badToken();
    return { detail: 'Contraseña actualizada exitosamente.' };
  }, { attachValidation: true });

  route(app, authApi.createUser, async (request, reply) => {
    rejectInvalid(request);
    const { first_name, last_name, email, phone, address, password, is_staff } = request.body;
    // Without a password the account has none (nobody can sign in with one) until its owner chooses it from the invitation.
    const user = await insertUser(db, {
      first_name, last_name, email, phone, address, is_staff, password: password === undefined ? null : await hashPassword(password), is_active: true,
    });
    if (password === undefined) {
      try {
        await sendMail(request, invitationMail(await productName(request), user, await passwordLink(request, user, INVITATION_TTL_MS)));
      } catch (err) {
        // An account nobody can enter is worse than none: undone, so staff can simply try again.
        await deleteUser(db, user.id);
        throw err;
      }
    }
    return reply.status(201).send(await findUserItem(db, user.id));
  }, { attachValidation: true });

  const userById = async (id: number) => {
    const user = await findUser(db, id);
    if (!user) throw notFound();
    return user;
  };

  route(app, authApi.staffResendActivation, async (request) => {
    const user = await userById(request.params.user_id);
    if (user.is_active) throw nonFieldError(MESSAGES.alreadyActive);
    if (!(await awaitsActivation(db, user))) throw nonFieldError(MESSAGES.disabled);
    await sendMail(request, await activationMailOf(request, user));
    // Staff are told where it went (the account's address, not theirs).
    return { detail: `Se envió un nuevo enlace de activación a ${user.email}.` };
  });

  route(app, authApi.staffActivate, async (request) => {
    const user = await userById(request.params.user_id);
    guardSuperuser(request, user);
    await activateAccount(db, user.id);
    return findUserItem(db, user.id);
  });
}
