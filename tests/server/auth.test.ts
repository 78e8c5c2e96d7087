import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.js';
import { createTestContext, multipart, PNG_1x1, FAKE_PNG, type TestContext } from '../../testing/harness.js';

let ctx: TestContext;

beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx?.close());

const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/token', payload: { email, password } });

describe('sign-in', () => {
  it('answers an access and a refresh token, whatever the case of the e-mail', async () => {
    const user = await ctx.createUser({ email: 'Camila.Rojas@example.com', password: 'clave123' });
    const res = await login('camila.rojas@EXAMPLE.com', 'clave123');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const me = await ctx.request(res.json().access, { method: 'GET', url: '/api/my-profile' });
    expect(me.json().id).toBe(user.id);
  });

  it('an unknown e-mail is an error on the email field', async () => {
    const res = await login('nadie@example.com', 'clave123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['No existe una cuenta registrada con este correo electrónico.'] });
  });

  it('a wrong password is "Contraseña incorrecta" on the password field', async () => {
    const user = await ctx.createUser();
    const res = await login(user.email, 'otra-clave');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: ['Contraseña incorrecta'] });
  });

  it('an account not yet activated cannot sign in, and says so on the email field', async () => {
    const reg = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: {
      first_name: 'Nueva', last_name: 'Cuenta', email: 'nueva.cuenta@example.com', phone: '1', address: 'x', password: 'clave123',
    } });
    expect(reg.statusCode).toBe(201);
    const res = await login('nueva.cuenta@example.com', 'clave123');
    expect(res.statusCode).toBe(400);
    // With the right password the answer also names the account, so the page can resend its link.
    expect(res.json()).toEqual({ email: ['La cuenta no está activada. Revise su correo electrónico para activarla.'], user_id: reg.json().id });
    expect((await login('nueva.cuenta@example.com', 'otra-clave')).json()).toEqual({ password: ['Contraseña incorrecta'] });
  });

  it('a deactivated account cannot sign in, and is told to contact the administrator', async () => {
    const user = await ctx.createUser({ is_active: false });
    const res = await login(user.email, user.plainPassword);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['La cuenta está desactivada. Contacte al administrador.'] });
  });

  it('an account without a password (Google only) cannot sign in with one', async () => {
    const user = await ctx.createUser();
    await ctx.database.db.update(users).set({ password: null }).where(eq(users.id, user.id));
    expect((await login(user.email, '')).statusCode).toBe(400);
    expect((await login(user.email, 'anything')).json()).toEqual({ password: ['Contraseña incorrecta'] });
  });

  it('missing credentials are field errors in Spanish', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Este campo es requerido.'], password: ['Este campo es requerido.'] });
  });
});

describe('refresh and logout', () => {
  it('refresh answers a new pair that works', async () => {
    const user = await ctx.createUser();
    const first = (await login(user.email, user.plainPassword)).json();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/token/refresh', payload: { refresh: first.refresh } });
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair.refresh).not.toBe(first.refresh);
    expect((await ctx.request(pair.access, { method: 'GET', url: '/api/my-profile' })).statusCode).toBe(200);
  });

  it('an access token is not a refresh token, and garbage is refused with 401', async () => {
    const user = await ctx.createUser();
    const { access } = (await login(user.email, user.plainPassword)).json();
    for (const refresh of [access, 'not-a-token']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/token/refresh', payload: { refresh } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ detail: expect.any(String) });
    }
  });

  it('logout revokes the refresh token; it needs a signed-in user and the refresh token', async () => {
    const user = await ctx.createUser();
    const { access, refresh } = (await login(user.email, user.plainPassword)).json();
    expect((await ctx.request(null, { method: 'POST', url: '/api/auth/logout', payload: { refresh } })).statusCode).toBe(401);
    const missing = await ctx.request(access, { method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: ['Este campo es requerido.'] });
    expect((await ctx.request(access, { method: 'POST', url: '/api/auth/logout', payload: { refresh } })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/token/refresh', payload: { refresh } })).statusCode).toBe(401);
  });
});

describe('own profile', () => {
  it('needs a signed-in user', async () => {
    const res = await ctx.request(null, { method: 'GET', url: '/api/my-profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('detail');
  });

  it('answers the profile fields and nothing secret', async () => {
    const { user, token } = await ctx.userWithToken({ phone: '+56 9 1234 5678', address: 'Av. Providencia 1234' });
    const res = await ctx.request(token, { method: 'GET', url: '/api/my-profile' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name,
      phone: '+56 9 1234 5678', address: 'Av. Providencia 1234', image: null,
      is_staff: false, is_superuser: false, language: 'es',
    });
  });

  it('update changes only the fields sent (JSON)', async () => {
    const { user, token } = await ctx.userWithToken({ phone: '111' });
    const res = await ctx.request(token, { method: 'PUT', url: '/api/my-profile/update', payload: { address: 'Nueva 1', language: 'fr' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: user.first_name, phone: '111', address: 'Nueva 1', language: 'fr', email: user.email });
  });

  it('update takes multipart with a picture, checked by content; a new picture replaces the old file', async () => {
    const { token } = await ctx.userWithToken();
    const first = await ctx.request(token, { method: 'PUT', url: '/api/my-profile/update', ...multipart({ first_name: 'Ana', image: { filename: 'yo.png', data: PNG_1x1, type: 'image/png' } }) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ first_name: 'Ana', image: expect.stringMatching(/^\/media\/.+\.png$/) });
    const oldFile = path.join(ctx.config.mediaDir, path.basename(first.json().image));
    expect(fs.existsSync(oldFile)).toBe(true);

    const fake = await ctx.request(token, { method: 'PUT', url: '/api/my-profile/update', ...multipart({ image: { filename: 'x.png', data: FAKE_PNG } }) });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ image: [expect.stringContaining('imagen')] });

    const second = await ctx.request(token, { method: 'PUT', url: '/api/my-profile/update', ...multipart({ image: { filename: 'yo2.png', data: PNG_1x1 } }) });
    expect(second.json().image).not.toBe(first.json().image);
    expect(second.json().first_name).toBe('Ana');
    expect(fs.existsSync(oldFile)).toBe(false);
  });

  it('a new e-mail is lower-cased and must not belong to someone else', async () => {
    const other = await ctx.createUser();
    const { token } = await ctx.userWithToken();
    const taken = await ctx.request(token, { method: 'PUT', url: '/api/my-profile/update', payload: { email: other.email.toUpperCase() } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: ['Este correo electrónico ya se encuentra registrado.'] });
    const ok = await ctx.request(token, { method: 'PUT', url: '/api/my-profile/update', payload: { email: 'Nuevo.Correo@Example.com' } });
    expect(ok.json().email).toBe('nuevo.correo@example.com');
  });

  it('refuses an unknown language and a malformed e-mail', async () => {
    const { token } = await ctx.userWithToken();
    const res = await ctx.request(token, { method: 'PUT', url: '/api/my-profile/update', payload: { language: 'de', email: 'no-es-correo' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ language: ['Elija una opción válida.'], email: ['Introduzca una dirección de correo electrónico válida.'] });
  });

  it('cannot make oneself staff', async () => {
    const { token } = await ctx.userWithToken();
    const res = await ctx.request(token, { method: 'PUT', url: '/api/my-profile/update', payload: { is_staff: true, is_superuser: true, first_name: 'Yo' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Yo', is_staff: false, is_superuser: false });
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
