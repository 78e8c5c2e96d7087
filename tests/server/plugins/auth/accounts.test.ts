/**
 * Registration, activation, resending the link, password recovery, accounts created or activated by
 * staff: the mails go through a real SMTP server (smtp-server on a random port) and the links in them
 * are followed as a person would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, settings, users } from '../../../../server/db/schema.js';
import { loadConfig } from '../../../../server/config.js';
import { buildApp } from '../../../../server/app.js';
import { mailsSent } from '../../../../server/plugins/auth/mails.js';
import { createTestContext, type TestContext } from '../../../../testing/harness.js';
import { parseMail, startSmtpServer, type Received } from '../../../../testing/smtp.js';

// ---------- a real SMTP server (testing/smtp.ts) ----------

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let received: Received[] = [];

const lastMailTo = (to: string) => {
  const mail = [...received].reverse().find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
};
const linkIn = (mail: Received) => new URL(/https?:\/\/\S+/.exec(mail.text)![0]);

let ctx: TestContext;

beforeAll(async () => {
  smtp = await startSmtpServer();
  received = smtp.received;
  ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.cl' }, { realMailer: true });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const signupBody = (email: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Valentina', last_name: 'Muñoz', email, phone: '+56 9 8765 4321', address: 'Los Aromos 55, Ñuñoa', password: 'sol4r-2024', ...extra,
});
const signup = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/token', payload: { email, password } });
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('registration and activation', () => {
  it('registers an inactive account, mails the activation link, and the link activates it once', async () => {
    const res = await signup(signupBody('Valentina.Munoz@Example.com'));
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ id: expect.any(Number), email: 'valentina.munoz@example.com', first_name: 'Valentina', last_name: 'Muñoz' });

    // Not yet: the account waits for its e-mail to be confirmed.
    expect((await login('valentina.munoz@example.com', 'sol4r-2024')).json()).toEqual({ email: [expect.stringContaining('no está activada')], user_id: created.id });

    const mail = lastMailTo('valentina.munoz@example.com');
    expect(mail.subject).toBe('Activa tu cuenta de Solar Chile');
    expect(mail.text).toContain('Hola Valentina:');
    expect(mail.html).toContain('Activar mi cuenta');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe('https://portal.example.cl/user/account-activate');
    const token = link.searchParams.get('token')!;
    expect(mail.html).toContain(token);

    // Only a hash of the token is stored.
    const stored = await ctx.database.db.select().from(accountTokens).where(eq(accountTokens.user_id, created.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);

    const activated = await get(`/api/auth/account-activate?token=${encodeURIComponent(token)}`);
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({ detail: expect.any(String) });
    expect((await login('VALENTINA.munoz@example.com', 'sol4r-2024')).statusCode).toBe(200);

    const again = await get(`/api/auth/account-activate?token=${encodeURIComponent(token)}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['El token de validación es incorrecto, intentalo nuevamente'] });
  });

  it('refuses an e-mail already registered, whatever its case', async () => {
    expect((await signup(signupBody('duplicado@example.com'))).statusCode).toBe(201);
    const res = await signup(signupBody('DUPLICADO@example.com'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Este correo electrónico ya se encuentra registrado.'] });
  });

  it('every field is required, and the password has 4 to 16 characters', async () => {
    const empty = await signup({});
    expect(empty.statusCode).toBe(400);
    const required = ['Este campo es requerido.'];
    expect(empty.json()).toEqual({ first_name: required, last_name: required, email: required, phone: required, address: required, password: required });

    for (const password of ['abc', 'x'.repeat(17)]) {
      const res = await signup(signupBody(`largo${password.length}@example.com`, { password }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ password: ['Debe tener entre 4 y 16 caracteres'] });
    }
    const blank = await signup(signupBody('blanco@example.com', { first_name: '', email: 'no-es-correo' }));
    expect(blank.json()).toEqual({ first_name: ['Este campo no puede estar en blanco.'], email: ['Introduce una dirección de correo electrónico válida.'] });
  });

  it('a registration cannot make itself active or staff', async () => {
    const res = await signup(signupBody('astuto@example.com', { is_staff: true, is_superuser: true, is_active: true }));
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row).toMatchObject({ is_active: false, is_staff: false, is_superuser: false });
  });

  it('an unknown, garbled or expired token is refused', async () => {
    expect((await get('/api/auth/account-activate?token=no-existe')).json()).toEqual({ token: [expect.stringContaining('incorrecto')] });
    expect((await get('/api/auth/account-activate')).statusCode).toBe(400);

    const { id } = (await signup(signupBody('expira@example.com'))).json();
    const token = linkIn(lastMailTo('expira@example.com')).searchParams.get('token')!;
    await ctx.database.db.update(accountTokens).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(accountTokens.user_id, id));
    expect((await get(`/api/auth/account-activate?token=${token}`)).statusCode).toBe(400);
    expect((await login('expira@example.com', 'sol4r-2024')).statusCode).toBe(400);
  });
});

/** The one answer of the anonymous resend, whatever the account. */
const RESEND_ANSWER = { detail: 'Si la cuenta espera su activación, te enviamos un nuevo enlace a tu correo electrónico.' };

describe('resending the activation link', () => {
  /** GET /auth/account-check/{id}?email=, once the mail it may send has left. */
  const resend = async (id: number, email?: string) => {
    const res = await get(`/api/auth/account-check/${id}${email === undefined ? '' : `?email=${encodeURIComponent(email)}`}`);
    await mailsSent();
    return res;
  };

  it('mails a new link to an account awaiting activation, given its e-mail; the previous link stops working', async () => {
    const { id } = (await signup(signupBody('reenvio@example.com'))).json();
    const first = linkIn(lastMailTo('reenvio@example.com')).searchParams.get('token')!;
    const res = await resend(id, 'REENVIO@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(RESEND_ANSWER);
    const second = linkIn(lastMailTo('reenvio@example.com')).searchParams.get('token')!;
    expect(second).not.toBe(first);
    expect((await get(`/api/auth/account-activate?token=${first}`)).statusCode).toBe(400);
    expect((await get(`/api/auth/account-activate?token=${second}`)).statusCode).toBe(200);

    // Active now: the same answer, and no mail.
    const before = received.length;
    const active = await resend(id, 'reenvio@example.com');
    expect({ status: active.statusCode, body: active.json() }).toEqual({ status: 200, body: RESEND_ANSWER });
    expect(received.length).toBe(before);
  });

  it('a wrong e-mail or an unknown id sends nothing and answers the same; without an e-mail it is a 400 for any id', async () => {
    const { id } = (await signup(signupBody('callada@example.com'))).json();
    const active = await ctx.createUser();
    const before = received.length;
    for (const [user, email] of [[id, 'otra@example.com'], [999999, 'callada@example.com'], [active.id, active.email]] as const) {
      const res = await resend(user, email);
      expect({ status: res.statusCode, body: res.json() }, `${user} ${email}`).toEqual({ status: 200, body: RESEND_ANSWER });
    }
    for (const user of [id, 999999]) {
      const res = await resend(user);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { email: ['Este campo es requerido.'] } });
    }
    expect(received.length).toBe(before);
  });

  it('an account an administrator deactivated cannot reactivate itself', async () => {
    const { id } = (await signup(signupBody('desactivada@example.com'))).json();
    const token = linkIn(lastMailTo('desactivada@example.com')).searchParams.get('token')!;
    expect((await get(`/api/auth/account-activate?token=${token}`)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ is_active: false }).where(eq(users.id, id));
    const before = received.length;
    const res = await resend(id, 'desactivada@example.com');
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: RESEND_ANSWER });
    // An account created already active (by staff or the command line) has no activation to resend either.
    const made = await ctx.createUser({ is_active: false });
    expect((await resend(made.id, made.email)).json()).toEqual(RESEND_ANSWER);
    expect(received.length).toBe(before);
  });
});

describe('staff and accounts that never activated', () => {
  let staff: string;
  let customer: string;
  beforeAll(async () => {
    staff = (await ctx.userWithToken({ is_staff: true })).token;
    customer = (await ctx.userWithToken()).token;
  });
  const staffResend = (token: string | null, id: number) => ctx.request(token, { method: 'POST', url: `/api/auth/account-check/${id}/resend` });
  const activate = (token: string | null, id: number) => ctx.request(token, { method: 'PUT', url: `/api/auth/account-activate/${id}` });

  it('staff resend the activation link and are told why when there is none to send', async () => {
    const { id } = (await signup(signupBody('olvidadiza@example.com'))).json();
    const first = linkIn(lastMailTo('olvidadiza@example.com')).searchParams.get('token')!;
    const res = await staffResend(staff, id);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: { detail: 'Se envió un nuevo enlace de activación a olvidadiza@example.com.' } });
    const second = linkIn(lastMailTo('olvidadiza@example.com')).searchParams.get('token')!;
    expect(second).not.toBe(first);

    expect((await staffResend(customer, id)).statusCode).toBe(403);
    expect((await staffResend(null, id)).statusCode).toBe(401);
    expect((await staffResend(staff, 999999)).statusCode).toBe(404);
    const active = await ctx.createUser();
    expect((await staffResend(staff, active.id)).json()).toEqual({ non_field_errors: ['La cuenta ya está activada.'] });
    const disabled = await ctx.createUser({ is_active: false });
    expect((await staffResend(staff, disabled.id)).json()).toEqual({ non_field_errors: [expect.stringContaining('desactivada')] });
  });

  it('staff activate an account: it signs in at once and its pending link is spent', async () => {
    const { id } = (await signup(signupBody('activada.por.staff@example.com'))).json();
    const token = linkIn(lastMailTo('activada.por.staff@example.com')).searchParams.get('token')!;
    expect((await activate(customer, id)).statusCode).toBe(403);
    expect((await activate(null, id)).statusCode).toBe(401);
    const res = await activate(staff, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, email: 'activada.por.staff@example.com', is_active: true });
    expect(res.json()).not.toHaveProperty('password');
    expect((await login('activada.por.staff@example.com', 'sol4r-2024')).statusCode).toBe(200);
    expect((await get(`/api/auth/account-activate?token=${token}`)).statusCode).toBe(400);
    expect((await activate(staff, 999999)).statusCode).toBe(404);
    // An account staff had deactivated too: it is their call.
    const disabled = await ctx.createUser({ is_active: false });
    expect((await activate(staff, disabled.id)).json()).toMatchObject({ is_active: true });
  });

  it('only a superuser activates a superuser', async () => {
    const root = await ctx.createUser({ is_active: false, is_staff: true, is_superuser: true });
    const res = await activate(staff, root.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: expect.stringContaining('superusuario') });
    const superToken = (await ctx.userWithToken({ is_staff: true, is_superuser: true })).token;
    expect((await activate(superToken, root.id)).json()).toMatchObject({ id: root.id, is_active: true });
  });
});

describe('staff creates a user', () => {
  const body = { first_name: 'Pedro', last_name: 'Soto', email: 'Pedro.Soto@example.com', password: 'clave1234' };

  it('creates an active account that can sign in at once', async () => {
    const { token } = await ctx.userWithToken({ is_staff: true });
    const res = await ctx.request(token, { method: 'POST', url: '/api/auth/create/user', payload: { ...body, phone: '222', is_staff: true } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(Number), email: 'pedro.soto@example.com', first_name: 'Pedro', phone: '222', is_active: true, is_staff: true, is_superuser: false });
    expect(res.json()).not.toHaveProperty('password');
    expect((await login('pedro.soto@example.com', 'clave1234')).statusCode).toBe(200);
  });

  it('without a password, invites the person by mail to choose one; until then nobody signs in with a password', async () => {
    const { token } = await ctx.userWithToken({ is_staff: true });
    const { password: _, ...invited } = { ...body, email: 'Invitada@example.com' };
    const res = await ctx.request(token, { method: 'POST', url: '/api/auth/create/user', payload: invited });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'invitada@example.com', is_active: true });
    await mailsSent();
    const mail = lastMailTo('invitada@example.com');
    expect(mail.subject).toBe('Te invitamos a Solar Chile');
    expect(mail.text).toContain('elige tu contraseña en el siguiente enlace (válido por 7 días)');
    const [, , , code, secret] = linkIn(mail).pathname.split('/');
    expect(linkIn(mail).pathname.startsWith('/user/reset-password/')).toBe(true);
    expect((await login('invitada@example.com', '')).statusCode).toBe(400);
    const chosen = await ctx.app.inject({ method: 'PATCH', url: '/api/password-reset-complete/', payload: { password: 'elegida1', code, token: secret } });
    expect(chosen.statusCode).toBe(200);
    expect((await login('invitada@example.com', 'elegida1')).statusCode).toBe(200);
  });

  it('refuses an e-mail already registered, in any case', async () => {
    const { token } = await ctx.userWithToken({ is_staff: true });
    const res = await ctx.request(token, { method: 'POST', url: '/api/auth/create/user', payload: { ...body, email: 'PEDRO.SOTO@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Este correo electrónico ya se encuentra registrado.'] });
  });

  it('checks the password length and the required fields', async () => {
    const { token } = await ctx.userWithToken({ is_staff: true });
    const res = await ctx.request(token, { method: 'POST', url: '/api/auth/create/user', payload: { email: 'x@example.com', password: '123' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ first_name: ['Este campo es requerido.'], last_name: ['Este campo es requerido.'], password: ['Debe tener entre 4 y 16 caracteres'] });
  });

  it('is for staff only', async () => {
    const { token } = await ctx.userWithToken();
    const res = await ctx.request(token, { method: 'POST', url: '/api/auth/create/user', payload: { ...body, email: 'otro@example.com' } });
    expect(res.statusCode).toBe(403);
    expect((await login('otro@example.com', body.password)).statusCode).toBe(400);
  });
});

describe('password recovery', () => {
  /** POST /password-reset-email/, once the mail it may send has left. */
  const resetEmail = async (email: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/password-reset-email/', payload: { email } });
    await mailsSent();
    return res;
  };
  const complete = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'PATCH', url: '/api/password-reset-complete/', payload });
  const resetLink = (email: string) => {
    const [, , , code, token] = linkIn(lastMailTo(email)).pathname.split('/');
    return { code, token };
  };

  it('mails a link /user/reset-password/{code}/{token}; the link checks, sets the password once, and signs out other sessions', async () => {
    const user = await ctx.createUser({ email: 'olvido@example.com', password: 'vieja123' });
    const session = (await login(user.email, 'vieja123')).json();

    const sent = await resetEmail('OLVIDO@example.com');
    expect(sent.statusCode).toBe(200);
    const mail = lastMailTo('olvido@example.com');
    expect(mail.subject).toBe('Recupera tu contraseña de Solar Chile');
    const link = linkIn(mail);
    expect(link.pathname).toMatch(/^\/user\/reset-password\/[\w-]+\/[\w-]+$/);
    const { code, token } = resetLink('olvido@example.com');
    expect(Buffer.from(code, 'base64url').toString()).toBe(String(user.id));

    const check = await get(`/api/password-reset/${code}/${token}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ valid: true, code, token });

    const short = await complete({ password: 'abc', code, token });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ password: ['Debe tener entre 4 y 16 caracteres'] });

    const done = await complete({ password: 'nueva456', uidb64: code, token });
    expect(done.statusCode).toBe(200);
    expect((await login(user.email, 'vieja123')).statusCode).toBe(400);
    expect((await login(user.email, 'nueva456')).statusCode).toBe(200);
    // The session opened with the old password is over.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/token/refresh', payload: { refresh: session.refresh } })).statusCode).toBe(401);

    const reused = await complete({ password: 'otra789', code, token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ token: ['El token de validación es incorrecto, intentalo nuevamente'] });
    expect((await get(`/api/password-reset/${code}/${token}`)).statusCode).toBe(400);
  });

  it('answers the same for every address; only an active account gets the reset link, one awaiting activation its activation link', async () => {
    const active = await ctx.createUser({ email: 'activa@example.com' });
    const { id: waitingId } = (await signup(signupBody('sinactivar@example.com'))).json();
    const disabled = await ctx.createUser({ email: 'apagada@example.com', is_active: false });
    const before = received.length;
    const answers = [];
    for (const email of [active.email, 'fantasma@example.com', 'SinActivar@example.com', disabled.email]) {
      const res = await resetEmail(email);
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers).toEqual(Array(4).fill({ status: 200, body: { detail: 'Si el correo electrónico está registrado, te enviamos un enlace para continuar.' } }));
    expect(received.slice(before).map((m) => [m.to, m.subject]).sort()).toEqual([
      ['activa@example.com', 'Recupera tu contraseña de Solar Chile'],
      ['sinactivar@example.com', 'Activa tu cuenta de Solar Chile'],
    ]);
    // The activation link is what that person needed.
    const token = linkIn(lastMailTo('sinactivar@example.com')).searchParams.get('token')!;
    expect((await get(`/api/auth/account-activate?token=${token}`)).statusCode).toBe(200);
    expect(await ctx.database.db.select({ is_active: users.is_active }).from(users).where(eq(users.id, waitingId))).toEqual([{ is_active: true }]);
  });

  it('a link is bound to its user, expires after an hour, and a newer request replaces it', async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    await resetEmail(a.email);
    const first = resetLink(a.email);
    const otherCode = Buffer.from(String(b.id)).toString('base64url');
    expect((await get(`/api/password-reset/${otherCode}/${first.token}`)).statusCode).toBe(400);
    expect((await complete({ password: 'robada1', code: otherCode, token: first.token })).statusCode).toBe(400);
    expect((await get(`/api/password-reset/%%%/${first.token}`)).statusCode).toBe(400);

    await resetEmail(a.email);
    const second = resetLink(a.email);
    expect((await get(`/api/password-reset/${first.code}/${first.token}`)).statusCode).toBe(400);
    expect((await get(`/api/password-reset/${second.code}/${second.token}`)).statusCode).toBe(200);

    await ctx.database.db.update(accountTokens).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(accountTokens.user_id, a.id));
    expect((await get(`/api/password-reset/${second.code}/${second.token}`)).statusCode).toBe(400);
    expect((await complete({ password: 'nueva456', code: second.code, token: second.token })).statusCode).toBe(400);
    expect((await login(a.email, a.plainPassword)).statusCode).toBe(200);
  });

  it('the link needs its code', async () => {
    const res = await complete({ password: 'nueva456', token: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ['Este campo es requerido.'] });
  });
});

describe('mail delivery', () => {
  /**
   * The API on this file's database with other settings, and the mailer it builds from them. Its
   * rate limits are the suite's: on PostgreSQL it counts in the same table as the suite's app.
   */
  const withApi = async (env: Record<string, string>, fn: (app: FastifyInstance, dataDir: string) => Promise<void>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-mail-'));
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'test-secret-that-is-long-enough-123456', RATE_LIMIT_MAX: '1000', ...env }), db: ctx.database.db,
    });
    try { await fn(app, dataDir); } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };

  it('without SMTP_URL a mail lands as .eml in <DATA_DIR>/outbox/ with its link', async () => {
    await withApi({ PUBLIC_URL: 'http://localhost:3000' }, async (app, dataDir) => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody('outbox@example.com') });
      expect(res.statusCode).toBe(201);
      const outbox = path.join(dataDir, 'outbox');
      const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const mail = parseMail(fs.readFileSync(path.join(outbox, files[0]), 'utf8'));
      expect(mail.subject).toBe('Activa tu cuenta de Solar Chile');
      const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
      expect(link.origin).toBe('http://localhost:3000');
      expect((await app.inject({ method: 'GET', url: `/api/auth/account-activate?token=${link.searchParams.get('token')}` })).statusCode).toBe(200);
    });
  });

  it('when the mail server cannot be reached, registration fails with 503 and leaves no account behind', async () => {
    await withApi({ SMTP_URL: 'smtp://127.0.0.1:1' }, async (app) => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody('caido@example.com') });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: expect.stringContaining('correo') });
      expect(await ctx.database.db.select().from(users).where(eq(users.email, 'caido@example.com'))).toHaveLength(0);
    });
  });

  it('when the mail server cannot be reached, a user staff create without a password is not created (503): staff try again', async () => {
    await withApi({ SMTP_URL: 'smtp://127.0.0.1:1' }, async (app) => {
      const staff = await ctx.userWithToken({ is_staff: true });
      const res = await app.inject({
        method: 'POST', url: '/api/auth/create/user', headers: { authorization: `Bearer ${staff.token}` },
        payload: { first_name: 'Sin', last_name: 'Correo', email: 'sincorreo@example.com' },
      });
      expect(res.statusCode).toBe(503);
      expect(await ctx.database.db.select().from(users).where(eq(users.email, 'sincorreo@example.com'))).toHaveLength(0);
    });
  });

  it('when the mail server cannot be reached, password recovery still answers the same (the failure is logged)', async () => {
    const user = await ctx.createUser();
    await withApi({ SMTP_URL: 'smtp://127.0.0.1:1' }, async (app) => {
      const res = await app.inject({ method: 'POST', url: '/api/password-reset-email/', payload: { email: user.email } });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: { detail: expect.stringContaining('Si el correo') } });
      await mailsSent();
    });
  });

  it('mails carry the portal name of the settings, as their sender too, and speak to the user as tú', async () => {
    await ctx.database.db.update(settings).set({ name: 'Sol <Andino>' });
    try {
      await signup(signupBody('marca@example.com'));
      const mail = lastMailTo('marca@example.com');
      expect(mail.subject).toBe('Activa tu cuenta de Sol <Andino>');
      expect(mail.text).toContain('registrarte en Sol <Andino>.');
      expect(mail.text).toContain('— Sol <Andino>');
      expect(mail.text).not.toMatch(/\b(usted|su cuenta|registrarse|ignore)\b/);
      expect(/^from:\s*(.*)$/im.exec(mail.raw)?.[1]).toBe('"Sol <Andino>" <no-reply@localhost>');
      expect(mail.html).toContain('Sol &#60;Andino&#62;');
      expect(mail.html).not.toContain('<Andino>');
    } finally {
      await ctx.database.db.update(settings).set({ name: 'Solar Chile' });
    }
  });
});
