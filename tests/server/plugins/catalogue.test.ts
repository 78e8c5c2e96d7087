import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipart, PNG_1x1, FAKE_PNG, type TestContext } from '../../../testing/harness.js';

let ctx: TestContext;
let staff: string;
let customer: string;

beforeAll(async () => {
  ctx = await createTestContext({ MAX_UPLOAD_BYTES: String(64 * 1024) });
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  customer = (await ctx.userWithToken()).token;
});
afterAll(() => ctx?.close());

const mediaFiles = () => fs.existsSync(ctx.config.mediaDir) ? fs.readdirSync(ctx.config.mediaDir) : [];

describe('trademarks', () => {
  it('staff creates a brand with an image, stored under a generated name and served at /media/', async () => {
    const res = await ctx.request(staff, { method: 'POST', url: '/api/trademark/create', ...multipart({ name: 'Fronius', image: { filename: 'logo.png', data: PNG_1x1, type: 'image/png' } }) });
    expect(res.statusCode).toBe(201);
    const brand = res.json();
    expect(brand).toMatchObject({ name: 'Fronius' });
    expect(brand.image).toMatch(/^\/media\/[a-z0-9]+-[0-9a-f]{24}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: brand.image });
    expect(served.statusCode).toBe(200);
    expect(Buffer.from(served.rawPayload).equals(PNG_1x1)).toBe(true);
  });

  it('rejects a file that is not an image by content, naming the field, storing nothing', async () => {
    const before = mediaFiles().length;
    const list = (await ctx.request(staff, { method: 'GET', url: '/api/trademark-all/' })).json();
    const res = await ctx.request(staff, { method: 'POST', url: '/api/trademark/create', ...multipart({ name: 'Trampa', image: { filename: 'evil.png', data: FAKE_PNG, type: 'image/png' } }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image: [expect.stringContaining('imagen')] });
    expect((await ctx.request(staff, { method: 'GET', url: '/api/trademark-all/' })).json()).toHaveLength(list.length);
    expect(mediaFiles().length).toBe(before);
  });

  it('rejects an oversize file with a 400 naming the field', async () => {
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(100 * 1024)]);
    const res = await ctx.request(staff, { method: 'POST', url: '/api/trademark/create', ...multipart({ name: 'Grande', image: { filename: 'big.png', data: big } }) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['image']);
  });

  it('an ordinary user reads the catalogue but cannot write it', async () => {
    expect((await ctx.request(customer, { method: 'GET', url: '/api/trademark-all/' })).statusCode).toBe(200);
    const res = await ctx.request(customer, { method: 'POST', url: '/api/trademark/create', payload: { name: 'X' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toHaveProperty('detail');
  });

  it('requires a signed-in user', async () => {
    const res = await ctx.request(null, { method: 'GET', url: '/api/trademark-all/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('detail');
  });

  it('updates only the fields sent and replaces the image file', async () => {
    const created = (await ctx.request(staff, { method: 'POST', url: '/api/trademark/create', ...multipart({ name: 'SMA', image: { filename: 'a.png', data: PNG_1x1 } }) })).json();
    const renamed = await ctx.request(staff, { method: 'PUT', url: `/api/trademark/update/${created.id}`, ...multipart({ name: 'SMA Solar' }) });
    expect(renamed.json()).toMatchObject({ name: 'SMA Solar', image: created.image });
    const reimaged = (await ctx.request(staff, { method: 'PUT', url: `/api/trademark/update/${created.id}`, ...multipart({ image: { filename: 'b.png', data: PNG_1x1 } }) })).json();
    expect(reimaged.image).not.toBe(created.image);
    expect(mediaFiles()).not.toContain(path.basename(created.image));
  });
});

describe('equipment', () => {
  it('checks that the brand exists, naming the field', async () => {
    const res = await ctx.request(staff, { method: 'POST', url: '/api/equipment/create', ...multipart({ name: 'Primo 5.0', trademark: 999999 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ trademark: [expect.stringContaining('999999')] });
  });

  it('lists with server-side paging, ordering and search', async () => {
    const brand = (await ctx.request(staff, { method: 'POST', url: '/api/trademark/create', payload: { name: 'Huawei' } })).json();
    for (const name of ['SUN2000-5KTL', 'SUN2000-10KTL', 'LUNA2000']) {
      const r = await ctx.request(staff, { method: 'POST', url: '/api/equipment/create', payload: { name, trademark: brand.id, model: name } });
      expect(r.statusCode).toBe(201);
    }
    const page = (await ctx.request(customer, { method: 'GET', url: '/api/equipment-all/?page=1&page_size=2&ordering=-name&search=sun2000' })).json();
    expect(page.count).toBe(2);
    // Natural order, descending: 10 kW before 5 kW.
    expect(page.results.map((e: { name: string }) => e.name)).toEqual(['SUN2000-10KTL', 'SUN2000-5KTL']);
    expect(page.next).toBeNull();
    const all = (await ctx.request(customer, { method: 'GET', url: '/api/equipment-all/' })).json();
    expect(Array.isArray(all)).toBe(true);
    expect((await ctx.request(customer, { method: 'GET', url: '/api/equipment-all/?ordering=password' })).statusCode).toBe(400);
    expect((await ctx.request(customer, { method: 'GET', url: '/api/equipment-all/?page=99' })).statusCode).toBe(404);
  });

  it('validation errors come back per field, in Spanish, never a 500', async () => {
    const res = await ctx.request(staff, { method: 'POST', url: '/api/equipment/create', payload: { name: '', trademark: 'abc', model: 'x'.repeat(100) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['Este campo no puede estar en blanco.'], trademark: expect.any(Array) });
    // A value over its limit is refused before anything else is checked (docs/api.md, "What validation
    // costs"): the answer names it, and what is wrong besides comes once it is within its limit.
    const long = await ctx.request(staff, { method: 'POST', url: '/api/equipment/create', payload: { name: '', trademark: 'abc', model: 'x'.repeat(500) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ model: ['Asegúrate de que este campo no tenga más de 120 caracteres.'] });
    const bad = await ctx.request(staff, { method: 'POST', url: '/api/equipment/create', headers: { 'content-type': 'application/json' }, payload: '{"name": ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ non_field_errors: ['JSON mal formado.'] });
    expect((await ctx.request(staff, { method: 'GET', url: '/api/equipment/abc' })).statusCode).toBe(400);
    expect((await ctx.request(staff, { method: 'GET', url: '/api/equipment/424242' })).json()).toEqual({ detail: 'No encontrado.' });
  });
});

describe('equipment kinds', () => {
  it("filters the list by kind, so a panel's form offers panels only", async () => {
    const create = async (name: string, kind?: string) =>
      (await ctx.request(staff, { method: 'POST', url: '/api/equipment/create', payload: { name, ...(kind && { kind }) } })).json();
    const panel = await create('Tipo panel 545 W', 'panel');
    const inverter = await create('Tipo inversor 6 kW', 'inverter');
    const plain = await create('Tipo sin clase');
    expect([panel.kind, inverter.kind, plain.kind]).toEqual(['panel', 'inverter', 'other']);
    const list = async (query: string) => (await ctx.request(customer, { method: 'GET', url: `/api/equipment-all/?search=Tipo&${query}` }));
    expect((await list('kind=panel')).json().map((e: { name: string }) => e.name)).toEqual(['Tipo panel 545 W']);
    expect((await list('')).json()).toHaveLength(3);
    const bad = await list('kind=cable');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['kind']);
  });
});
