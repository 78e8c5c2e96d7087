import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { series } from '../../../testing/fixtures.js';
import { storeReadings } from '../../../server/measurements/store.js';
import { investors, mppts, panels, powerPlants, projects, projectUsers, strings, tagProjects, tags, tagUsers } from '../../../server/db/schema.js';

let ctx: TestContext;
let staff: string;

type Json = Record<string, any>;
const call = async (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await ctx.request(token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null } as { status: number; body: any };
};
const created = async (url: string, payload: object) => {
  const res = await call(staff, 'POST', url, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Json;
};

interface Tree { project: Json; plant: Json; investor: Json; mppt: Json; string: Json; panel: Json }

/** project > plant > inverter > MPPT > string > panel, all through the API as staff. */
async function buildTree(label: string): Promise<Tree> {
  const project = await created('/project/create', { name: `Proyecto ${label}` });
  const plant = await created('/power-plant/create', {
    project: project.id, name: `Planta ${label}`, address: 'Av. Siempre Viva 123', commune: 1,
    latitude: -33.45, longitude: -70.67, capacity_kwp: 9.9, tariff: 160, commissioned_on: '2023-11-15', elevation_m: 520,
  });
  const investor = await created('/investor/create', {
    plant: plant.id, name: `Inversor ${label}`, model: 'Primo 5.0-1', serial_number: 'SN-1', nominal_power_kw: 5,
    datalogger_address: '192.168.1.50', device_id: 1,
  });
  const mppt = await created('/mppt/create', { investor: investor.id, name: `MPPT ${label}`, number: 1 });
  const string = await created('/string/create', { mppt: mppt.id, name: `String ${label}`, tilt: 25, azimuth: 10 });
  const panel = await created('/panel/create', { string: string.id, name: `Panel ${label}`, power_wp: 450, serial_number: 'P-1', temperature_coefficient_pct: -0.29 });
  return { project, plant, investor, mppt, string, panel };
}

/** Every documented read of a tree: [url, what it must contain]. */
const reads = (t: Tree) => [
  { url: `/power-plant-all/${t.project.id}`, list: t.plant },
  { url: `/power-plant/${t.plant.id}`, one: t.plant },
  { url: `/investor-all/${t.plant.id}`, list: t.investor },
  { url: `/investor/${t.investor.id}`, one: t.investor },
  { url: `/mppt/list/investor/${t.investor.id}`, list: t.mppt },
  { url: `/mppt/list/${t.mppt.id}`, one: t.mppt },
  { url: `/string/list/mppt/${t.mppt.id}`, list: t.string },
  { url: `/string/list/${t.string.id}`, one: t.string },
  { url: `/panel/list/string/${t.string.id}`, list: t.panel },
  { url: `/panel/list/${t.panel.id}`, one: t.panel },
];

/** Each level's documented write calls, with a valid body built from a tree. */
const levels = (t: Tree) => [
  { name: 'plant', create: '/power-plant/create', update: '/power-plant/update/', delete: '/power-plant/deleted/', row: t.plant, body: { project: t.project.id, name: 'X' } },
  { name: 'investor', create: '/investor/create', update: '/investor/update/', delete: '/investor/deleted/', row: t.investor, body: { plant: t.plant.id, name: 'X' } },
  { name: 'mppt', create: '/mppt/create', update: '/mppt/update/', delete: '/mppt/delete/', row: t.mppt, body: { investor: t.investor.id, name: 'X' } },
  { name: 'string', create: '/string/create', update: '/string/update/', delete: '/string/deleted/', row: t.string, body: { mppt: t.mppt.id, name: 'X' } },
  { name: 'panel', create: '/panel/create', update: '/panel/update/', delete: '/panel/deleted/', row: t.panel, body: { string: t.string.id, name: 'X' } },
];

let a: Tree;
let b: Tree;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  a = await buildTree('A');
  b = await buildTree('B');
});
afterAll(() => ctx?.close());

describe('staff builds and reads the hierarchy', () => {
  it('answers each level with its own fields and its parents for breadcrumbs', () => {
    const { project, plant, investor, mppt, string, panel } = a;
    expect(plant).toEqual({
      id: expect.any(Number), project: project.id, project_name: 'Proyecto A', name: 'Planta A',
      address: 'Av. Siempre Viva 123', commune: 1, latitude: -33.45, longitude: -70.67, capacity_kwp: 9.9,
      tariff: 160, injection_price: 75, commissioned_on: '2023-11-15', elevation_m: 520,
      distributor: null, tariff_option: '', client_number: '', demand_kw: null, peak_demand_kw: null, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*(Z|[+-]\d\d:\d\d)$/),
    });
    expect(investor).toEqual({
      id: expect.any(Number), plant: plant.id, plant_name: 'Planta A', project: project.id, name: 'Inversor A',
      equipment: null, model: 'Primo 5.0-1', serial_number: 'SN-1', nominal_power_kw: 5,
      datalogger_address: '192.168.1.50', device_id: 1, datalogger_id: '', created_at: expect.any(String),
    });
    expect(mppt).toEqual({
      id: expect.any(Number), investor: investor.id, investor_name: 'Inversor A', plant: plant.id, project: project.id,
      name: 'MPPT A', number: 1, created_at: expect.any(String),
    });
    expect(string).toEqual({
      id: expect.any(Number), mppt: mppt.id, mppt_name: 'MPPT A', investor: investor.id, plant: plant.id, project: project.id,
      name: 'String A', tilt: 25, azimuth: 10, created_at: expect.any(String),
    });
    expect(panel).toEqual({
      id: expect.any(Number), string: string.id, string_name: 'String A', mppt: mppt.id, investor: investor.id,
      plant: plant.id, project: project.id, name: 'Panel A', equipment: null, power_wp: 450, serial_number: 'P-1', temperature_coefficient_pct: -0.29,
      created_at: expect.any(String),
    });
  });

  it('reads every level back through its documented list-by-parent and detail calls', async () => {
    for (const read of reads(a)) {
      const res = await call(staff, 'GET', read.url);
      expect(res.status, read.url).toBe(200);
      if (read.list) expect(res.body, read.url).toEqual([read.list]); // B's rows never leak into A's lists
      else expect(res.body, read.url).toEqual(read.one);
    }
  });

  it('fills defaults for optional fields', async () => {
    const plant = await created('/power-plant/create', { project: a.project.id, name: 'Mínima' });
    expect(plant).toMatchObject({ address: '', commune: null, latitude: null, capacity_kwp: null, tariff: 150, injection_price: 75, commissioned_on: null });
    const inv = await created('/investor/create', { plant: plant.id, name: 'Inv' });
    expect(inv).toMatchObject({ equipment: null, model: '', datalogger_address: '', device_id: 1, nominal_power_kw: null });
    const mppt = await created('/mppt/create', { investor: inv.id, name: 'M' });
    expect(mppt.number).toBe(1);
    const str = await created('/string/create', { mppt: mppt.id, name: 'S' });
    expect(str).toMatchObject({ tilt: 20, azimuth: 0 });
    expect(await created('/panel/create', { string: str.id, name: 'P' })).toMatchObject({ equipment: null, power_wp: null, serial_number: '', temperature_coefficient_pct: null });
    expect((await call(staff, 'DELETE', `/power-plant/deleted/${plant.id}`)).status).toBe(204);
  });

  it('links inverters and panels to the equipment catalogue', async () => {
    const eq1 = await created('/equipment/create', { name: 'Primo 5.0' });
    const inv = await call(staff, 'PUT', `/investor/update/${a.investor.id}`, { equipment: eq1.id });
    expect(inv.body.equipment).toBe(eq1.id);
    const panel = await call(staff, 'PUT', `/panel/update/${a.panel.id}`, { equipment: eq1.id });
    expect(panel.body.equipment).toBe(eq1.id);
    // null unlinks
    expect((await call(staff, 'PUT', `/investor/update/${a.investor.id}`, { equipment: null })).body.equipment).toBeNull();
    expect((await call(staff, 'PUT', `/panel/update/${a.panel.id}`, { equipment: null })).body.equipment).toBeNull();
  });
});

describe('updates', () => {
  it('change only the fields sent, at every level', async () => {
    const t = await buildTree('U');
    const plant = await call(staff, 'PUT', `/power-plant/update/${t.plant.id}`, { name: 'Planta U2', latitude: null });
    expect(plant.status).toBe(200);
    expect(plant.body).toEqual({ ...t.plant, name: 'Planta U2', latitude: null });
    const investor = await call(staff, 'PUT', `/investor/update/${t.investor.id}`, { serial_number: 'SN-2' });
    // The parent's new name shows in the child's breadcrumbs.
    expect(investor.body).toEqual({ ...t.investor, serial_number: 'SN-2', plant_name: 'Planta U2' });
    const mppt = await call(staff, 'PUT', `/mppt/update/${t.mppt.id}`, { number: 2 });
    expect(mppt.body).toEqual({ ...t.mppt, number: 2 });
    const string = await call(staff, 'PUT', `/string/update/${t.string.id}`, { azimuth: 180 });
    expect(string.body).toEqual({ ...t.string, azimuth: 180 });
    const panel = await call(staff, 'PUT', `/panel/update/${t.panel.id}`, { name: 'Panel U2' });
    expect(panel.body).toEqual({ ...t.panel, name: 'Panel U2' });
    // An empty body changes nothing.
    expect((await call(staff, 'PUT', `/panel/update/${t.panel.id}`, {})).body).toEqual(panel.body);
  });

  it('move a row to another parent, and its breadcrumbs follow', async () => {
    const t = await buildTree('M');
    const moved = await call(staff, 'PUT', `/mppt/update/${t.mppt.id}`, { investor: a.investor.id });
    expect(moved.body).toMatchObject({ investor: a.investor.id, investor_name: a.investor.name, plant: a.plant.id, project: a.project.id });
    expect((await call(staff, 'GET', `/string/list/${t.string.id}`)).body).toMatchObject({ investor: a.investor.id, project: a.project.id });
    await call(staff, 'DELETE', `/project/deleted/${t.project.id}`);
    await call(staff, 'DELETE', `/mppt/delete/${t.mppt.id}`);
  });

  it('ignore fields that are not part of the body (id, created_at, breadcrumbs)', async () => {
    const res = await call(staff, 'PUT', `/string/update/${a.string.id}`, { id: 999999, created_at: '2000-01-01T00:00:00Z', project: b.project.id, name: 'String A' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(a.string);
    const plant = await created('/power-plant/create', { project: a.project.id, name: 'Con id', id: 424242 });
    expect(plant.id).not.toBe(424242);
    await call(staff, 'DELETE', `/power-plant/deleted/${plant.id}`);
  });
});

describe('validation', () => {
  it('references to unknown ids give 400 naming the field, on create and on update', async () => {
    const unknown = (field: string) => ({ [field]: ['Clave primaria "999999" inválida - objeto no existe.'] });
    const cases: [string, object, string][] = [
      ['/power-plant/create', { project: 999999, name: 'X' }, 'project'],
      ['/power-plant/create', { project: a.project.id, name: 'X', commune: 999999 }, 'commune'],
      ['/investor/create', { plant: 999999, name: 'X' }, 'plant'],
      ['/investor/create', { plant: a.plant.id, name: 'X', equipment: 999999 }, 'equipment'],
      ['/mppt/create', { investor: 999999, name: 'X' }, 'investor'],
      ['/string/create', { mppt: 999999, name: 'X' }, 'mppt'],
      ['/panel/create', { string: 999999, name: 'X' }, 'string'],
      ['/panel/create', { string: a.string.id, name: 'X', equipment: 999999 }, 'equipment'],
    ];
    for (const [url, body, field] of cases) {
      const res = await call(staff, 'POST', url, body);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual(unknown(field));
    }
    for (const level of levels(a)) {
      const parentField = Object.keys(level.body)[0];
      const res = await call(staff, 'PUT', `${level.update}${level.row.id}`, { [parentField]: 999999 });
      expect(res.body, level.name).toEqual(unknown(parentField));
    }
    expect((await call(staff, 'GET', `/panel/list/${a.panel.id}`)).body.string).toBe(a.string.id);
  });

  it('checks ranges, types, dates and required fields, per field', async () => {
    const plant = await call(staff, 'POST', '/power-plant/create', {
      project: a.project.id, name: 'X', latitude: 91, longitude: -181, capacity_kwp: -1, tariff: -5, injection_price: -1, commissioned_on: '2023-02-30',
    });
    expect(plant.status).toBe(400);
    expect(Object.keys(plant.body).sort()).toEqual(['capacity_kwp', 'commissioned_on', 'injection_price', 'latitude', 'longitude', 'tariff']);
    expect(plant.body.latitude).toEqual(['Asegúrate de que este valor sea menor o igual a 90.']);
    for (const date of ['15-11-2023', '0000-01-01', '2023-1-5', 'mañana']) {
      const res = await call(staff, 'POST', '/power-plant/create', { project: a.project.id, name: 'X', commissioned_on: date });
      expect(res.status, date).toBe(400);
      expect(Object.keys(res.body), date).toEqual(['commissioned_on']);
    }
    expect((await call(staff, 'POST', '/power-plant/create', {})).body).toEqual({
      project: ['Este campo es requerido.'], name: ['El nombre es requerido'],
    });
    for (const level of levels(a)) {
      const { name: _, ...withoutName } = level.body;
      expect((await call(staff, 'POST', level.create, withoutName)).body, level.create).toEqual({ name: ['El nombre es requerido'] });
      expect((await call(staff, 'PUT', `${level.update}${level.row.id}`, { name: '   ' })).body, level.update).toEqual({ name: ['El nombre es requerido'] });
    }
    // Tilt and azimuth out of range: the 400 says the range and the convention (0° = north), not a bare bound.
    const string = await call(staff, 'POST', '/string/create', { mppt: a.mppt.id, name: 'X', tilt: 91, azimuth: 361 });
    expect(string.body).toEqual({
      tilt: ['La inclinación va de 0° (horizontal) a 90° (vertical).'],
      azimuth: ['El azimut va de 0° a 360°, medido desde el norte: 0° norte, 90° este, 180° sur, 270° oeste.'],
    });
    const update = await call(staff, 'PUT', `/string/update/${a.string.id}`, { tilt: -1, azimuth: -90 });
    expect(update.body).toEqual({
      tilt: ['La inclinación va de 0° (horizontal) a 90° (vertical).'],
      azimuth: ['El azimut va de 0° a 360°, medido desde el norte: 0° norte, 90° este, 180° sur, 270° oeste.'],
    });
    expect((await call(staff, 'POST', '/panel/create', { string: a.string.id, name: 'X', power_wp: 'mucho' })).body).toEqual({ power_wp: expect.any(Array) });
    // A temperature coefficient is a loss per °C: a gain, or one given as a fraction of 100, is refused.
    expect((await call(staff, 'POST', '/panel/create', { string: a.string.id, name: 'X', temperature_coefficient_pct: 0.4 })).body)
      .toEqual({ temperature_coefficient_pct: ['Asegúrate de que este valor sea menor o igual a 0.'] });
    expect((await call(staff, 'PUT', `/power-plant/update/${a.plant.id}`, { elevation_m: 9000 })).body).toEqual({ elevation_m: expect.any(Array) });
    expect((await call(staff, 'GET', '/investor/abc')).status).toBe(400);
    expect((await call(staff, 'GET', '/investor/999999')).body).toEqual({ detail: 'No encontrado.' });
    expect((await call(staff, 'GET', `/string/list/${a.string.id}`)).body).toEqual(a.string);
  });
});

describe('lists', () => {
  it('page, order and search by name, within the parent', async () => {
    const project = await created('/project/create', { name: 'Listas' });
    for (const name of ['Norte', 'Sur', 'Centro', 'Sur Poniente']) await created('/power-plant/create', { project: project.id, name });
    const page = await call(staff, 'GET', `/power-plant-all/${project.id}?page=1&page_size=2&ordering=-name`);
    expect(page.body).toMatchObject({ count: 4, previous: null, next: `/api/power-plant-all/${project.id}?page=2&page_size=2&ordering=-name` });
    expect(page.body.results.map((p: Json) => p.name)).toEqual(['Sur Poniente', 'Sur']);
    const found = await call(staff, 'GET', `/power-plant-all/${project.id}?search=sur&ordering=name`);
    expect(found.body.map((p: Json) => p.name)).toEqual(['Sur', 'Sur Poniente']);
    const byDate = await call(staff, 'GET', `/power-plant-all/${project.id}?ordering=-created_at,-id`);
    expect(byDate.body.map((p: Json) => p.name)).toEqual(['Sur Poniente', 'Centro', 'Sur', 'Norte']);
    expect((await call(staff, 'GET', `/power-plant-all/${project.id}?ordering=password`)).status).toBe(400);
    for (const url of [`/investor-all/${a.plant.id}`, `/mppt/list/investor/${a.investor.id}`, `/string/list/mppt/${a.mppt.id}`, `/panel/list/string/${a.string.id}`]) {
      expect((await call(staff, 'GET', `${url}?search=zzz`)).body, url).toEqual([]);
      expect((await call(staff, 'GET', `${url}?ordering=-name&page=1`)).body.count, url).toBe(1);
    }
    await call(staff, 'DELETE', `/project/deleted/${project.id}`);
  });

  it('of an unknown parent are a 404', async () => {
    for (const url of ['/power-plant-all/999999', '/investor-all/999999', '/mppt/list/investor/999999', '/string/list/mppt/999999', '/panel/list/string/999999']) {
      expect((await call(staff, 'GET', url)).status, url).toBe(404);
    }
  });

  it('leave /investor-all/microservice to its own route (not taken as a plant id)', async () => {
    const res = await call(staff, 'GET', '/investor-all/microservice');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ fronius: expect.any(Array) });
  });
});

describe('deleting', () => {
  const counts = async (t: Tree) => ({
    plants: (await ctx.database.db.select().from(powerPlants).where(eq(powerPlants.id, t.plant.id))).length,
    investors: (await ctx.database.db.select().from(investors).where(eq(investors.id, t.investor.id))).length,
    mppts: (await ctx.database.db.select().from(mppts).where(eq(mppts.id, t.mppt.id))).length,
    strings: (await ctx.database.db.select().from(strings).where(eq(strings.id, t.string.id))).length,
    panels: (await ctx.database.db.select().from(panels).where(eq(panels.id, t.panel.id))).length,
  });

  it('a level removes everything below it and nothing above', async () => {
    const t = await buildTree('D');
    expect((await call(staff, 'DELETE', `/mppt/delete/${t.mppt.id}`)).status).toBe(204);
    expect(await counts(t)).toEqual({ plants: 1, investors: 1, mppts: 0, strings: 0, panels: 0 });
    expect((await call(staff, 'GET', `/string/list/${t.string.id}`)).status).toBe(404);
    expect((await call(staff, 'GET', `/mppt/list/investor/${t.investor.id}`)).body).toEqual([]);
    expect((await call(staff, 'DELETE', `/mppt/delete/${t.mppt.id}`)).status).toBe(404);
  });

  it('a project with plants is refused, naming them (SPEC §8); emptied, it goes with its links', async () => {
    const t = await buildTree('C');
    const second = await created('/power-plant/create', { project: t.project.id, name: 'Planta C2' });
    const refused = await call(staff, 'DELETE', `/project/deleted/${t.project.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'Ocurrió un error al eliminar el proyecto: tiene 2 centrales eléctricas.' });
    expect(await counts(t)).toEqual({ plants: 1, investors: 1, mppts: 1, strings: 1, panels: 1 });
    expect((await call(staff, 'DELETE', `/power-plant/deleted/${second.id}`)).status).toBe(204);
    expect((await call(staff, 'DELETE', `/project/deleted/${t.project.id}`)).body)
      .toEqual({ detail: 'Ocurrió un error al eliminar el proyecto: tiene 1 central eléctrica.' });
    // A plant without readings goes with everything below it.
    expect((await call(staff, 'DELETE', `/power-plant/deleted/${t.plant.id}`)).status).toBe(204);
    expect(await counts(t)).toEqual({ plants: 0, investors: 0, mppts: 0, strings: 0, panels: 0 });
    expect((await call(staff, 'DELETE', `/project/deleted/${t.project.id}`)).status).toBe(204);
    for (const read of reads(t)) expect((await call(staff, 'GET', read.url)).status, read.url).toBe(404);
    // The other trees are untouched.
    expect((await call(staff, 'GET', `/panel/list/${a.panel.id}`)).status).toBe(200);
  });

  it('readings go only by their own call, which says how many; a plant or an inverter with readings is refused', async () => {
    const t = await buildTree('R');
    const other = await buildTree('R2');
    await storeReadings(ctx.database.db, [
      ...series(t.investor.id, '2026-02-01T12:00:00Z', '2026-02-01T13:00:00Z', () => ({ ac_power_w: 3000, energy_total_wh: 1000 })),
      ...series(other.investor.id, '2026-02-01T12:00:00Z', '2026-02-01T12:10:00Z', () => ({ ac_power_w: 100 })),
    ]);
    expect((await call(staff, 'DELETE', `/power-plant/deleted/${t.plant.id}`)).body)
      .toEqual({ detail: 'Ocurrió un error al eliminar la central eléctrica: tiene 12 lecturas.' });
    expect((await call(staff, 'DELETE', `/investor/deleted/${t.investor.id}`)).body)
      .toEqual({ detail: 'Ocurrió un error al eliminar el inversor: tiene 12 lecturas.' });
    expect((await call(staff, 'GET', `/power-plant/${t.plant.id}/readings`)).body).toEqual({ plant: t.plant.id, readings: 12 });

    const customer = await ctx.userWithToken();
    expect((await call(customer.token, 'DELETE', `/power-plant/${t.plant.id}/readings`)).status).toBe(403);
    expect((await call(staff, 'DELETE', '/power-plant/999999/readings')).status).toBe(404);
    const deleted = await call(staff, 'DELETE', `/power-plant/${t.plant.id}/readings`);
    expect(deleted).toEqual({ status: 200, body: { plant: t.plant.id, readings: 12 } });
    expect((await call(staff, 'GET', `/power-plant/${t.plant.id}/readings`)).body.readings).toBe(0);
    // The other plant keeps its own.
    expect((await call(staff, 'GET', `/power-plant/${other.plant.id}/readings`)).body.readings).toBe(2);
    expect((await call(staff, 'DELETE', `/power-plant/deleted/${t.plant.id}`)).status).toBe(204);
  });

  it('each documented delete call works on its own level', async () => {
    const t = await buildTree('E');
    for (const level of [...levels(t)].reverse()) {
      expect((await call(staff, 'DELETE', `${level.delete}${level.row.id}`)).status, level.name).toBe(204);
    }
    expect(await counts(t)).toEqual({ plants: 0, investors: 0, mppts: 0, strings: 0, panels: 0 });
    await call(staff, 'DELETE', `/project/deleted/${t.project.id}`);
  });
});

// The same rules whether the ordinary user reaches project A directly or through a tag.
describe.each([
  ['linked directly to the project', async (userId: number, projectId: number) => {
    await ctx.database.db.insert(projectUsers).values({ users: userId, user_project: projectId });
  }],
  ['linked through a tag', async (userId: number, projectId: number) => {
    const [tag] = await ctx.database.db.insert(tags).values({ name: `Etiqueta ${userId}` }).returning();
    await ctx.database.db.insert(tagUsers).values({ tag: tag.id, customuser: userId });
    await ctx.database.db.insert(tagProjects).values({ tag: tag.id, project: projectId });
  }],
])('an ordinary user %s', (_how, link) => {
  let token: string;

  beforeAll(async () => {
    const { user, token: t } = await ctx.userWithToken();
    token = t;
    await link(user.id, a.project.id);
  });

  it("sees the project's whole tree through every list and detail call", async () => {
    for (const read of reads(a)) {
      const res = await call(token, 'GET', read.url);
      expect(res.status, read.url).toBe(200);
      if (read.list) expect(res.body, read.url).toContainEqual(read.list);
      else expect(res.body, read.url).toEqual(read.one);
    }
  });

  it("gets 404 for every row and every by-parent list of a project they are not linked to", async () => {
    for (const read of reads(b)) {
      const res = await call(token, 'GET', read.url);
      expect(res.status, read.url).toBe(404);
      expect(res.body).toEqual({ detail: 'No encontrado.' });
    }
    expect((await call(token, 'GET', `/project/${b.project.id}`)).status).toBe(404);
  });

  it('sees only that project in the project lists', async () => {
    for (const url of ['/project-all/', '/associate-users-project/']) {
      const res = await call(token, 'GET', url);
      expect(res.body.map((p: Json) => p.id), url).toEqual([a.project.id]);
    }
  });

  it('gets 403 on every write, and nothing changes', async () => {
    const before = await ctx.database.db.select().from(panels).where(inArray(panels.id, [a.panel.id, b.panel.id]));
    for (const level of [...levels(a), ...levels(b)]) {
      expect((await call(token, 'POST', level.create, level.body)).status, level.create).toBe(403);
      expect((await call(token, 'PUT', `${level.update}${level.row.id}`, { name: 'Hackeado' })).status, level.update).toBe(403);
      expect((await call(token, 'DELETE', `${level.delete}${level.row.id}`)).status, level.delete).toBe(403);
    }
    for (const project of [a.project, b.project]) {
      expect((await call(token, 'PUT', `/project/update/${project.id}`, { name: 'Hackeado' })).status).toBe(403);
      expect((await call(token, 'DELETE', `/project/deleted/${project.id}`)).status).toBe(403);
    }
    expect((await call(token, 'POST', '/project/create', { name: 'Nuevo' })).status).toBe(403);
    expect(await ctx.database.db.select().from(panels).where(inArray(panels.id, [a.panel.id, b.panel.id]))).toEqual(before);
    expect((await call(staff, 'GET', `/power-plant/${a.plant.id}`)).body.name).toBe('Planta A');
    expect((await ctx.database.db.select().from(projects).where(eq(projects.id, a.project.id)))[0].name).toBe('Proyecto A');
  });
});

it('an ordinary user with no links sees nothing', async () => {
  const { token } = await ctx.userWithToken();
  for (const read of reads(a)) expect((await call(token, 'GET', read.url)).status, read.url).toBe(404);
  expect((await call(token, 'GET', '/project-all/')).body).toEqual([]);
});

it('every call needs a signed-in user', async () => {
  for (const read of reads(a)) expect((await call(null, 'GET', read.url)).status, read.url).toBe(401);
  expect((await call(null, 'POST', '/panel/create', { string: a.string.id, name: 'X' })).status).toBe(401);
});

describe('adding panels to a string in one step (issue 33)', () => {
  it('adds N panels of a model, numbered on from the string, with the model\'s Wp, in one call', async () => {
    const model = await created('/equipment/create', { name: 'Panel 600', kind: 'panel', power_w: 600 });
    expect(model.power_w).toBe(600);
    const string = await created('/string/create', { mppt: a.mppt.id, name: 'String masiva', tilt: 20, azimuth: 0 });
    await created('/panel/create', { string: string.id, name: 'Panel 1', power_wp: 600 });
    const res = await call(staff, 'POST', '/panel/create-many', { string: string.id, equipment: model.id, count: 20 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toHaveLength(20);
    expect(res.body.every((p: Json) => p.string === string.id && p.equipment === model.id && p.power_wp === 600 && p.plant === a.plant.id)).toBe(true);
    const list = (await call(staff, 'GET', `/panel/list/string/${string.id}`)).body as Json[];
    expect(list.map((p) => p.name)).toEqual(Array.from({ length: 21 }, (_, i) => `Panel ${i + 1}`));
    // A Wp sent wins over the model's.
    const own = await call(staff, 'POST', '/panel/create-many', { string: string.id, equipment: model.id, count: 2, power_wp: 590 });
    expect(own.body.map((p: Json) => p.power_wp)).toEqual([590, 590]);
  });

  it('refuses more than 200, fewer than 1, an unknown string or model, naming the field, and creates none', async () => {
    const string = await created('/string/create', { mppt: a.mppt.id, name: 'String vacía' });
    for (const [body, field] of [
      [{ string: string.id, count: 201 }, 'count'], [{ string: string.id, count: 0 }, 'count'],
      [{ string: 999999, count: 3 }, 'string'], [{ string: string.id, count: 3, equipment: 999999 }, 'equipment'],
    ] as const) {
      const res = await call(staff, 'POST', '/panel/create-many', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body), JSON.stringify(body)).toEqual([field]);
    }
    expect((await call(staff, 'GET', `/panel/list/string/${string.id}`)).body).toEqual([]);
  });

  it('is staff work: a customer of the project gets 403 and nothing is added', async () => {
    const { user, token } = await ctx.userWithToken();
    await ctx.database.db.insert(projectUsers).values({ user_project: a.project.id, users: user.id });
    const before = (await call(staff, 'GET', `/panel/list/string/${a.string.id}`)).body.length;
    expect((await call(token, 'POST', '/panel/create-many', { string: a.string.id, count: 3 })).status).toBe(403);
    expect((await call(null, 'POST', '/panel/create-many', { string: a.string.id, count: 3 })).status).toBe(401);
    expect((await call(staff, 'GET', `/panel/list/string/${a.string.id}`)).body).toHaveLength(before);
  });
});
