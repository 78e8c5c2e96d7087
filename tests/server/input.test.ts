/**
 * What a value in a request may be (docs/api.md, Conventions): ids are plain decimal numbers in the
 * path, JSON and multipart; booleans and lists are no numbers; text holds no NUL; prototype names
 * are names like any other; a file goes only where the route declares one. The bad-input suite
 * checks every endpoint for the 4xx; this file pins the answers and the forms that must keep working.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipment, powerPlants, projects, tags, trademarks, users } from '../../server/db/schema.js';
import { createTestContext, multipart, PNG_1x1, type TestContext } from '../../testing/harness.js';

let ctx: TestContext;
let staff: string;
let project: { id: number };

const INTEGER = 'Introduce un número entero válido.';
const NUL = 'No se permiten caracteres nulos.';

beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  [project] = await ctx.database.db.insert(projects).values({ name: 'Parque Norte' }).returning();
});
afterAll(() => ctx?.close());

const send = (method: string, url: string, payload?: unknown) => ctx.request(staff, {
  method: method as 'GET', url,
  ...(typeof payload === 'string' ? { payload, headers: { 'content-type': 'application/json' } } : payload === undefined ? {} : { payload: payload as object }),
});
const form = (method: string, url: string, fields: Parameters<typeof multipart>[0]) => ctx.request(staff, { method: method as 'POST', url, ...multipart(fields) });
const plantsNamed = async (name: string) => (await ctx.database.db.select().from(powerPlants).where(eq(powerPlants.name, name))).length;

describe('ids', () => {
  it('in a path are plain decimal numbers: 0x37, 1e0, 01, +1, 1.0 or " 1" is a 400 and deletes nothing', async () => {
    const [tag] = await ctx.database.db.insert(tags).values({ name: 'Cincuenta y cinco' }).returning();
    const id = tag.id;
    for (const shape of [`0x${id.toString(16)}`, `${id}e0`, `0${id}`, `+${id}`, `${id}.0`, `%20${id}`, `${id}%00`]) {
      const res = await send('DELETE', `/api/tag/deleted/${shape}`);
      expect(res.statusCode, shape).toBe(400);
      expect(res.json(), shape).toEqual({ id: [INTEGER] });
    }
    expect((await send('GET', `/api/tag/list/${id}`)).json()).toMatchObject({ id, name: 'Cincuenta y cinco' });
    expect((await send('DELETE', `/api/tag/deleted/${id}`)).statusCode).toBe(204);
  });

  it('in a JSON body are a number or decimal text; a boolean, a list or an object is a 400 naming the field', async () => {
    for (const project_ of [true, [[project.id]], [project.id], {}, '0x1', `${project.id}.0`, ' 1']) {
      const res = await send('POST', '/api/power-plant/create', JSON.stringify({ project: project_, name: 'Planta suelta' }));
      expect(res.statusCode, JSON.stringify(project_)).toBe(400);
      expect(res.json(), JSON.stringify(project_)).toEqual({ project: [INTEGER] });
    }
    expect(await plantsNamed('Planta suelta')).toBe(0);
    // Neither is a boolean text.
    expect((await send('POST', '/api/power-plant/create', JSON.stringify({ project: project.id, name: true }))).json()).toEqual({ name: ['No es una cadena válida.'] });

    const asText = await send('POST', '/api/power-plant/create', JSON.stringify({ project: String(project.id), name: 'Planta texto', tariff: '120.5' }));
    expect(asText.statusCode, asText.body).toBe(201);
    expect(asText.json()).toMatchObject({ project: project.id, tariff: 120.5 });
  });

  it('are a list where the endpoint documents "an id or a list of ids", and only there', async () => {
    const [ana, beto] = [await ctx.createUser(), await ctx.createUser()];
    const one = await send('POST', '/api/associate-user-project/create', { user_project: project.id, users: ana.id });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({ user_project: project.id, users: ana.id });
    const list = await send('POST', '/api/associate-user-project/create', { user_project: project.id, users: [beto.id] });
    expect(list.statusCode, list.body).toBe(201);
    expect(list.json()).toEqual([expect.objectContaining({ users: beto.id })]);
    const nested = await send('POST', '/api/associate-user-project/create', { user_project: project.id, users: [[beto.id]] });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toMatchObject({ users: expect.arrayContaining([INTEGER]) });
  });

  it('in multipart text fields follow the same rules; an empty field clears a nullable one', async () => {
    const [brand] = await ctx.database.db.insert(trademarks).values({ name: 'Fronius' }).returning();
    const created = await form('POST', '/api/equipment/create', { name: 'Primo 5.0', trademark: String(brand.id) });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ trademark: brand.id });
    for (const shape of ['0x1', `0${brand.id}`, `${brand.id}e0`, 'true']) {
      const res = await form('PUT', `/api/equipment/update/${created.json().id}`, { trademark: shape });
      expect(res.json(), shape).toEqual({ trademark: [INTEGER] });
    }
    const cleared = await form('PUT', `/api/equipment/update/${created.json().id}`, { trademark: '' });
    expect(cleared.json()).toMatchObject({ trademark: null });
  });
});

describe('files', () => {
  it('a file part in a field the route does not declare a file is a 400 naming it; nothing is stored', async () => {
    const media = () => (fs.existsSync(ctx.config.mediaDir) ? fs.readdirSync(ctx.config.mediaDir) : []);
    const before = media();
    const res = await form('POST', '/api/equipment/create', { name: { filename: 'Primo.png', data: PNG_1x1, type: 'image/png' }, image: { filename: 'foto.png', data: PNG_1x1, type: 'image/png' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['Se esperaba un valor, no un archivo.'] });
    expect(await ctx.database.db.select().from(equipment).where(eq(equipment.name, 'Primo.png'))).toEqual([]);
    expect(media()).toEqual(before);
  });
});

describe('text', () => {
  it('never holds a NUL character: a 400 naming the field, in JSON, multipart and the query string', async () => {
    const signup = await ctx.request(null, { method: 'POST', url: '/api/auth/signup', payload: { first_name: 'Ana\u0000', last_name: 'Rojas', email: 'nul@example.com', phone: '+56 9 1234 5678', address: 'Los Aromos 12', password: 'clave1234' } });
    expect(signup.statusCode).toBe(400);
    expect(signup.json()).toEqual({ first_name: [NUL] });
    expect(await ctx.database.db.select().from(users).where(eq(users.email, 'nul@example.com'))).toEqual([]);

    expect((await form('PUT', '/api/my-profile/update', { last_name: 'Ro\u0000jas' })).json()).toEqual({ last_name: [NUL] });
    expect((await send('GET', '/api/tag-all/list?search=a%00b')).json()).toEqual({ search: [NUL] });
  });
});

describe('prototype names', () => {
  it('are no ordering field, and as query or body keys they are ignored like any unknown key', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const res = await send('GET', `/api/project-all/?ordering=${name}`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ ordering: [`No se puede ordenar por "${name}". Opciones: id, name, created_at.`] });
      expect((await send('GET', `/api/project-all/?ordering=-${name}`)).statusCode, name).toBe(400);
    }
    expect((await send('GET', '/api/project-all/?__proto__=1&constructor=1&toString=1')).statusCode).toBe(200);

    const res = await send('POST', '/api/tag/create', '{"__proto__": {"is_staff": true}, "constructor": {"prototype": {"is_staff": true}}, "toString": "x", "name": "Proto"}');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Proto' });
    expect(({} as { is_staff?: unknown }).is_staff).toBeUndefined();
  });
});

describe('URLs Fastify cannot route', () => {
  it('answer {detail} without echoing the URL: a parameter over the length limit (414), a broken %-escape (400)', async () => {
    const long = '9'.repeat(150);
    const tooLong = await send('GET', `/api/tag/list/${long}`);
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ detail: 'La dirección (URL) es demasiado larga.' });
    const broken = await send('GET', '/api/tag/list/%zz');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'La dirección (URL) no es válida.' });
  });
});
