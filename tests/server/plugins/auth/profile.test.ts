/** The signed-in user's own profile: reading it, and changing it (JSON or multipart with a picture). */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipart, PNG_1x1, FAKE_PNG, type TestContext } from '../../../../testing/harness.js';

let ctx: TestContext;

beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx?.close());

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
      is_staff: false, is_superuser: false, language: 'es', alarm_opt_out: [], report_opt_out: false,
    });
  });

  it('keeps the alarm kinds the user does not want to hear of, and refuses a kind that does not exist', async () => {
    const { token } = await ctx.userWithToken();
    const res = await ctx.request(token, { method: 'PUT', url: '/api/my-profile/update', payload: { alarm_opt_out: ['mppt_low', 'battery_not_charging'] } });
    expect(res.statusCode).toBe(200);
    expect((await ctx.request(token, { method: 'GET', url: '/api/my-profile' })).json().alarm_opt_out).toEqual(['mppt_low', 'battery_not_charging']);
    const bad = await ctx.request(token, { method: 'PUT', url: '/api/my-profile/update', payload: { alarm_opt_out: ['weather'] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['alarm_opt_out.0']);
    const cleared = await ctx.request(token, { method: 'PUT', url: '/api/my-profile/update', payload: { alarm_opt_out: [] } });
    expect(cleared.json().alarm_opt_out).toEqual([]);
  });

  it('keeps whether the monthly report is mailed, sent as the profile form sends it (multipart)', async () => {
    const { token } = await ctx.userWithToken();
    const put = (value: string) => {
      const form = multipart({ report_opt_out: value });
      return ctx.request(token, { method: 'PUT', url: '/api/my-profile/update', payload: form.payload, headers: form.headers });
    };
    expect((await put('true')).json().report_opt_out).toBe(true);
    expect((await ctx.request(token, { method: 'GET', url: '/api/my-profile' })).json().report_opt_out).toBe(true);
    expect((await put('false')).json().report_opt_out).toBe(false);
    const bad = await put('maybe');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['report_opt_out']);
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
    expect(res.json()).toEqual({ language: ['Elige una opción válida.'], email: ['Introduce una dirección de correo electrónico válida.'] });
  });

  it('cannot make oneself staff', async () => {
    const { token } = await ctx.userWithToken();
    const res = await ctx.request(token, { method: 'PUT', url: '/api/my-profile/update', payload: { is_staff: true, is_superuser: true, first_name: 'Yo' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Yo', is_staff: false, is_superuser: false });
  });
});
