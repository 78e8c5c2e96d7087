/**
 * Accounts: registration with e-mail activation, resending the activation link, password recovery
 * by e-mail, and accounts created or activated by an administrator. E-mailed tokens are random,
 * single use and expiring; only their SHA-256 is stored (`account_tokens`), so a database leak
 * reveals no live link. The anonymous calls about an existing account (recovery, resend) answer the
 * same whether or not it exists, and mail only the address of the account.
 */
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { accountTokens, users, type User } from '../../db/schema.js';
import { S } from '../../../contract/common.js';
import { ErrorBody } from '../../core/errors.js';
import { badRequest, fieldError, nonFieldError, notFound, validationToFieldErrors } from '../../core/errors.js';
import type { Mail } from '../../core/mailer.js';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from '../../core/passwords.js';
import { randomToken, sha256 } from '../../core/tokens.js';
import { guardSuperuser, userColumns } from '../../domain/users.js';
import { UserItem } from '../../../contract/users.js';
import { activationMail, mailAfterAnswer, passwordResetMail, productName, sendMail } from './mails.js';
import { revokeSessions } from './session.js';
import { bodyEmail, throttle } from './limits.js';

export const MESSAGES = {
  duplicateEmail: 'Este correo electrónico ya se encuentra registrado.',
  unknownEmail: 'No existe una cuenta registrada con este correo electrónico.',
  notActivated: 'La cuenta no está activada. Revise su correo electrónico para activarla.',
  disabled: 'La cuenta está desactivada. Contacte al administrador.',
  alreadyActive: 'La cuenta ya está activada.',
  passwordLength: `Debe tener entre ${PASSWORD_MIN} y ${PASSWORD_MAX} caracteres`,
  badToken: 'El token de validación es incorrecto, intentalo nuevamente',
};

/** The anonymous recovery and resend calls answer the same whatever the account (see mailAfterAnswer). */
const ANSWERS = {
  recovery: 'Si el correo electrónico está registrado, le enviamos un enlace para continuar.',
  resend: 'Si la cuenta espera su activación, le enviamos un nuevo enlace a su correo electrónico.',
};

const ACTIVATION_TTL_MS = 3 * 24 * 3600 * 1000;
const RESET_TTL_MS = 3600 * 1000;
type Purpose = 'activate' | 'reset';

// ---------- schemas ----------

export const emailField = () => Type.String({ format: 'email', minLength: 3, maxLength: 254 });
export const passwordField = () => Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, description: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters` });
const Detail = Type.Object({ detail: Type.String() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody, 503: ErrorBody };

const SignupBody = Type.Object({
  first_name: S.name(150), last_name: S.name(150), email: emailField(),
  phone: Type.String({ minLength: 1, maxLength: 40 }), address: Type.String({ minLength: 1, maxLength: 255 }),
  password: passwordField(),
}, { additionalProperties: false });
const SignedUp = Type.Object({ id: Type.Integer(), email: Type.String(), first_name: Type.String(), last_name: Type.String() }, { title: 'SignedUp' });

const CreateUserBody = Type.Object({
  first_name: S.name(150), last_name: S.name(150), email: emailField(),
  phone: Type.Optional(Type.String({ maxLength: 40 })), address: Type.Optional(Type.String({ maxLength: 255 })),
  password: passwordField(), is_staff: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

const TokenField = Type.String({ minLength: 1, maxLength: 200 });
const ResetCheck = Type.Object({ valid: Type.Boolean(), code: Type.String(), token: Type.String() }, { title: 'PasswordResetCheck' });
const ResetCompleteBody = Type.Object({
  password: passwordField(),
  token: TokenField,
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'the {code} of the link (base64url of the user id)' })),
  uidb64: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'alias of code' })),
}, { additionalProperties: false });

// ---------- helpers shared with the other auth routes and the create-admin command ----------

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${normalizeEmail(email)}`);
  return user;
}

export const isUniqueViolation = (err: any) => (err?.code ?? err?.cause?.code) === '23505';

/** Inserts a user with a lower-cased e-mail; an e-mail already taken (even by a concurrent call) is the DRF non-field error. */
export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<User> {
  if (await findUserByEmail(db, values.email)) throw nonFieldError(MESSAGES.duplicateEmail);
  try {
    const [user] = await db.insert(users).values({ ...values, email: normalizeEmail(values.email) }).returning();
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) throw nonFieldError(MESSAGES.duplicateEmail);
    throw err;
  }
}

/**
 * Schema errors as usual, except that a password of the wrong length gets the portal's own message
 * (the routes that take a password set `attachValidation` and call this first).
 */
function rejectInvalid(request: FastifyRequest) {
  const validation = request.validationError?.validation;
  if (!validation) return;
  const errs = validationToFieldErrors(validation as Parameters<typeof validationToFieldErrors>[0]);
  if (errs.password && (request.body as { password?: unknown })?.password !== undefined) errs.password = [MESSAGES.passwordLength];
  throw badRequest(errs);
}

/** A new e-mail token for the user; the user's earlier unspent tokens of that purpose stop working. */
async function issueAccountToken(db: Db, userId: number, purpose: Purpose, ttlMs: number): Promise<string> {
  const token = randomToken(32);
  await db.delete(accountTokens).where(and(eq(accountTokens.user_id, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.used_at)));
  await db.insert(accountTokens).values({ user_id: userId, purpose, token_hash: sha256(token), expires_at: new Date(Date.now() + ttlMs) });
  return token;
}

const liveToken = (token: string, purpose: Purpose, userId?: number): SQL => and(
  eq(accountTokens.token_hash, sha256(token)), eq(accountTokens.purpose, purpose),
  isNull(accountTokens.used_at), gt(accountTokens.expires_at, new Date()),
  userId === undefined ? undefined : eq(accountTokens.user_id, userId),
)!;

/** Spends a token (the update is the check, so it works once even under concurrent calls); returns its user id. */
async function spendAccountToken(db: Db, token: string, purpose: Purpose, userId?: number): Promise<number | null> {
  const [row] = await db.update(accountTokens).set({ used_at: new Date() }).where(liveToken(token, purpose, userId)).returning({ user_id: accountTokens.user_id });
  return row?.user_id ?? null;
}

/**
 * Whether an inactive account is still waiting for its e-mail to be confirmed: it registered (it
 * has an activation token) and never activated (none is spent). An account an administrator
 * deactivated is not, so it cannot reactivate itself through an activation link or Google.
 */
export async function awaitsActivation(db: Db, user: User): Promise<boolean> {
  if (user.is_active) return false;
  const rows = await db.select({ used_at: accountTokens.used_at }).from(accountTokens)
    .where(and(eq(accountTokens.user_id, user.id), eq(accountTokens.purpose, 'activate')));
  return rows.length > 0 && rows.every((r) => r.used_at === null);
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
  const token = await issueAccountToken(request.server.db, user.id, 'activate', ACTIVATION_TTL_MS);
  const link = `${request.server.config.publicUrl}/user/account-activate?token=${token}`;
  return activationMail(await productName(request), user, link);
}

/**
 * Activates an account: its activation links are spent, so that if staff deactivate it later an old
 * link cannot bring it back (see awaitsActivation).
 */
export async function activateAccount(db: Db, userId: number): Promise<User> {
  await db.update(accountTokens).set({ used_at: new Date() })
    .where(and(eq(accountTokens.user_id, userId), eq(accountTokens.purpose, 'activate'), isNull(accountTokens.used_at)));
  const [user] = await db.update(users).set({ is_active: true }).where(eq(users.id, userId)).returning();
  return user;
}

// ---------- routes ----------

export function accountRoutes(app: FastifyInstance) {
  const { db } = app;
  const tags = ['auth'];

  app.post('/auth/signup', {
    config: { access: 'public' },
    attachValidation: true,
    ...throttle(app, bodyEmail),
    schema: {
      tags, summary: 'Register: creates an inactive account and e-mails its activation link',
      body: SignupBody, response: { 201: SignedUp, ...errors },
    },
  }, async (request, reply) => {
    rejectInvalid(request);
    const { first_name, last_name, email, phone, address, password } = request.body as Static<typeof SignupBody>;
    const user = await insertUser(db, { first_name, last_name, email, phone, address, password: await hashPassword(password), is_active: false });
    try {
      await sendMail(request, await activationMailOf(request, user));
    } catch (err) {
      // Without the mail the account could never be activated: undo it so the person can simply retry.
      await db.delete(users).where(eq(users.id, user.id));
      throw err;
    }
    return reply.status(201).send({ id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name });
  });

  app.get('/auth/account-activate', {
    config: { access: 'public' },
    schema: {
      tags, summary: 'Activate an account with the token of its activation link (single use, valid 3 days)',
      querystring: Type.Object({ token: TokenField }), response: { 200: Detail, ...errors },
    },
  }, async (request) => {
    const { token } = request.query as { token: string };
    const activated = await db.transaction(async (tx) => {
      const userId = await spendAccountToken(tx as unknown as Db, token, 'activate');
      if (userId === null) return false;
      await activateAccount(tx as unknown as Db, userId);
      return true;
    });
    if (!activated) throw badToken();
    return { detail: 'Cuenta activada exitosamente.' };
  });

  app.get('/auth/account-check/:user_id', {
    config: { access: 'public' },
    ...throttle(app, (request) => `user:${(request.params as { user_id?: unknown }).user_id}`),
    schema: {
      tags,
      summary: 'Resend the activation link of an account awaiting activation, proven by its e-mail (earlier links stop working). '
        + 'The answer is the same whether or not the id and e-mail match such an account; only then a mail leaves.',
      params: Type.Object({ user_id: S.id() }), querystring: Type.Object({ email: emailField() }),
      response: { 200: Detail, ...errors },
    },
  }, async (request) => {
    const { user_id } = request.params as { user_id: number };
    const { email } = request.query as { email: string };
    mailAfterAnswer(request, async () => {
      const user = await findUserByEmail(db, email);
      return user?.id === user_id && (await awaitsActivation(db, user)) ? activationMailOf(request, user) : undefined;
    });
    return { detail: ANSWERS.resend };
  });

  app.post('/password-reset-email/', {
    config: { access: 'public' },
    ...throttle(app, bodyEmail),
    schema: {
      tags,
      summary: 'E-mail a password-recovery link (single use, valid 1 hour); an account awaiting activation gets its activation link instead. '
        + 'The answer is the same for every address, registered or not.',
      body: Type.Object({ email: emailField() }, { additionalProperties: false }), response: { 200: Detail, ...errors },
    },
  }, async (request) => {
    const { email } = request.body as { email: string };
    mailAfterAnswer(request, async () => {
      const user = await findUserByEmail(db, email);
      if (!user) return undefined;
      if (!user.is_active) return (await awaitsActivation(db, user)) ? activationMailOf(request, user) : undefined;
      const token = await issueAccountToken(db, user.id, 'reset', RESET_TTL_MS);
      const link = `${app.config.publicUrl}/user/reset-password/${encodeUid(user.id)}/${token}`;
      return passwordResetMail(await productName(request), user, link);
    });
    return { detail: ANSWERS.recovery };
  });

  /** The user a reset link is for, when the link is live and the account active. */
  async function resetLinkUser(code: string, token: string): Promise<number | null> {
    const userId = decodeUid(code);
    if (userId === null) return null;
    const [row] = await db.select({ id: users.id }).from(accountTokens).innerJoin(users, eq(users.id, accountTokens.user_id))
      .where(and(liveToken(token, 'reset', userId), eq(users.is_active, true)));
    return row?.id ?? null;
  }

  app.get('/password-reset/:code/:token', {
    config: { access: 'public' },
    schema: {
      tags, summary: 'Check a password-recovery link before asking for the new password',
      params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }), token: TokenField }),
      response: { 200: ResetCheck, ...errors },
    },
  }, async (request) => {
    const { code, token } = request.params as { code: string; token: string };
    if ((await resetLinkUser(code, token)) === null) throw badToken();
    return { valid: true, code, token };
  });

  app.patch('/password-reset-complete/', {
    config: { access: 'public' },
    attachValidation: true,
    schema: {
      tags, summary: 'Set a new password with a recovery link (the link is spent; open sessions are signed out)',
      body: ResetCompleteBody, response: { 200: Detail, ...errors },
    },
  }, async (request) => {
    rejectInvalid(request);
    const body = request.body as Static<typeof ResetCompleteBody>;
    const code = body.code ?? body.uidb64;
    if (!code) throw fieldError('code', 'Este campo es requerido.');
    const userId = await resetLinkUser(code, body.token);
    if (userId === null) throw badToken();
    const password = await hashPassword(body.password);
    const done = await db.transaction(async (tx) => {
      if ((await spendAccountToken(tx as unknown as Db, body.token, 'reset', userId)) === null) return false;
      await tx.update(users).set({ password }).where(eq(users.id, userId));
      await revokeSessions(tx as unknown as Db, userId);
      return true;
    });
    if (!done) throw badToken();
    return { detail: 'Contraseña actualizada exitosamente.' };
  });

  app.post('/auth/create/user', {
    config: { access: 'staff' },
    attachValidation: true,
    schema: {
      tags, summary: 'An administrator creates an active account',
      body: CreateUserBody, response: { 201: UserItem, ...errors },
    },
  }, async (request, reply) => {
    rejectInvalid(request);
    const { first_name, last_name, email, phone, address, password, is_staff } = request.body as Static<typeof CreateUserBody>;
    const user = await insertUser(db, {
      first_name, last_name, email, phone, address, is_staff, password: await hashPassword(password), is_active: true,
    });
    const [item] = await db.select(userColumns).from(users).where(eq(users.id, user.id));
    return reply.status(201).send(item);
  });

  const UserIdParams = Type.Object({ user_id: S.id() });
  const userById = async (request: FastifyRequest) => {
    const [user] = await db.select().from(users).where(eq(users.id, (request.params as { user_id: number }).user_id));
    if (!user) throw notFound();
    return user;
  };

  app.post('/auth/account-check/:user_id/resend', {
    config: { access: 'staff' },
    schema: {
      tags, summary: 'An administrator resends the activation link of an account awaiting activation (earlier links stop working)',
      params: UserIdParams, response: { 200: Detail, ...errors },
    },
  }, async (request) => {
    const user = await userById(request);
    if (user.is_active) throw nonFieldError(MESSAGES.alreadyActive);
    if (!(await awaitsActivation(db, user))) throw nonFieldError(MESSAGES.disabled);
    await sendMail(request, await activationMailOf(request, user));
    return { detail: 'Se envió un nuevo enlace de activación a su correo electrónico.' };
  });

  app.put('/auth/account-activate/:user_id', {
    config: { access: 'staff' },
    schema: {
      tags, summary: 'An administrator activates an account (awaiting activation or deactivated); a superuser only by a superuser',
      params: UserIdParams, response: { 200: UserItem, ...errors },
    },
  }, async (request) => {
    const user = await userById(request);
    guardSuperuser(request, user);
    await activateAccount(db, user.id);
    const [item] = await db.select(userColumns).from(users).where(eq(users.id, user.id));
    return item;
  });
}
