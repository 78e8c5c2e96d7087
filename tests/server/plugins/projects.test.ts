import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipart, PNG_1x1, FAKE_PNG, type TestContext } from '../../../testing/harness.js';
import { investors, mppts, panels, powerPlants, projects, projectUsers, strings, tagProjects, tags, tagUsers } from '../../../server/db/schema.js';

let ctx: TestContext;
let staff: { id: number; token: string };
let direct: { id: number; token: string };
let tagged: { id: number; token: string };
let outsider: string;

type Json = Record<string, any>;
const get = async (token: string | null, url: string) => {
  const res = await ctx.request(token, { method: 'GET', url: `/api${url}` });
  return { status: res.statusCode, body: res.json() as any };
};
const createProject = async (name: string, image?: Buffer) => {
  const res = await ctx.request(staff.token, {
    method: 'POST', url: '/api/project/create',
    ...multipart({ name, ...(image ? { image_project: { filename: 'foto.png', data: image, type: 'image/png' } } : {}) }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json;
};
const mediaFiles = () => fs.existsSync(ctx.config.mediaDir) ? fs.readdirSync(ctx.config.mediaDir) : [];
const names = (list: Json[]) => list.map((p) => p.name);
const projectCount = async () => (await ctx.database.db.select({ n: count() }).from(projects))[0].n;

let a: Json; // linked to `direct` by a project-user row
let b: Json; // linked to `tagged` through tag "Norte"
let c: Json; // linked to nobody
let norte: number;
let sur: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const s = await ctx.userWithToken({ is_staff: true });
  const d = await ctx.userWithToken();
  const t = await ctx.userWithToken();
  staff = { id: s.user.id, token: s.token };
  direct = { id: d.user.id, token: d.token };
  tagged = { id: t.user.id, token: t.token };
  outsider = (await ctx.userWithToken()).token;
  a = await createProject('Alfa');
  b = await createProject('Beta');
  c = await createProject('Gamma');
  const { db } = ctx.database;
  await db.insert(projectUsers).values({ users: direct.id, user_project: a.id });
  [{ id: norte }, { id: sur }] = await db.insert(tags).values([{ name: 'Norte' }, { name: 'Sur' }]).returning();
  await db.insert(tagUsers).values({ tag: norte, customuser: tagged.id });
  await db.insert(tagProjects).values([{ tag: norte, project: b.id }, { tag: sur, project: c.id }, { tag: sur, project: a.id }]);
});
afterAll(() => ctx?.close());

describe('project images', () => {
  it('are stored under a generated name and served at /media/', async () => {
    const project = await createProject('Con foto', PNG_1x1);
    expect(project).toEqual({
      id: expect.any(Number), name: 'Con foto', image_project: expect.stringMatching(/^\/media\/[a-z0-9]+-[0-9a-f]{24}\.png$/),
      created_at: expect.any(String), plants_count: 0,
    });
    const served = await ctx.app.inject({ method: 'GET', url: project.image_project });
    expect(served.statusCode).toBe(200);
    expect(Buffer.from(served.rawPayload).equals(PNG_1x1)).toBe(true);
    await ctx.request(staff.token, { method: 'DELETE', url: `/api/project/deleted/${project.id}` });
    expect(mediaFiles()).not.toContain(path.basename(project.image_project));
  });

  it('are optional', async () => {
    const project = await createProject('Sin foto');
    expect(project.image_project).toBeNull();
    await ctx.request(staff.token, { method: 'DELETE', url: `/api/project/deleted/${project.id}` });
  });

  it('reject a file that is not an image, naming the field, creating no project and storing no file', async () => {
    const [rows, files] = [await projectCount(), mediaFiles().length];
    const res = await ctx.request(staff.token, {
      method: 'POST', url: '/api/project/create',
      ...multipart({ name: 'Trampa', image_project: { filename: 'evil.png', data: FAKE_PNG, type: 'image/png' } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image_project: [expect.stringContaining('imagen')] });
    expect(await projectCount()).toBe(rows);
    expect(mediaFiles().length).toBe(files);
  });

  it('update changes only the fields sent and replaces the old file', async () => {
    const project = await createProject('Delta', PNG_1x1);
    const renamed = await ctx.request(staff.token, { method: 'PUT', url: `/api/project/update/${project.id}`, ...multipart({ name: 'Delta 2' }) });
    expect(renamed.json()).toEqual({ ...project, name: 'Delta 2' });
    const reimaged = (await ctx.request(staff.token, {
      method: 'PUT', url: `/api/project/update/${project.id}`, ...multipart({ image_project: { filename: 'b.png', data: PNG_1x1 } }),
    })).json();
    expect(reimaged).toMatchObject({ name: 'Delta 2' });
    expect(reimaged.image_project).not.toBe(project.image_project);
    expect(mediaFiles()).not.toContain(path.basename(project.image_project));
    expect(mediaFiles()).toContain(path.basename(reimaged.image_project));
    const rejected = await ctx.request(staff.token, {
      method: 'PUT', url: `/api/project/update/${project.id}`, ...multipart({ name: 'Delta 3', image_project: { filename: 'x.png', data: FAKE_PNG } }),
    });
    expect(rejected.statusCode).toBe(400);
    expect((await get(staff.token, `/project/${project.id}`)).body).toEqual({ ...reimaged });
    await ctx.request(staff.token, { method: 'DELETE', url: `/api/project/deleted/${project.id}` });
  });

  it('a name is required (SPEC wording), and JSON bodies work too', async () => {
    const res = await ctx.request(staff.token, { method: 'POST', url: '/api/project/create', ...multipart({}) });
    expect(res.json()).toEqual({ name: ['El nombre es requerido'] });
    const blank = await ctx.request(staff.token, { method: 'PUT', url: `/api/project/update/${a.id}`, ...multipart({ name: ' ' }) });
    expect(blank.json()).toEqual({ name: ['El nombre es requerido'] });
    const json = await ctx.request(staff.token, { method: 'POST', url: '/api/project/create', payload: { name: 'JSON' } });
    expect(json.statusCode).toBe(201);
    await ctx.request(staff.token, { method: 'DELETE', url: `/api/project/deleted/${json.json().id}` });
  });
});

describe('who sees which project', () => {

  it('staff see every project in both lists', async () => {
    for (const url of ['/project-all/', '/associate-users-project/']) {
      expect(names((await get(staff.token, `${url}?ordering=name`)).body), url).toEqual(['Alfa', 'Beta', 'Gamma']);
    }
  });

  it('an ordinary user sees the projects linked directly, or through a tag, and nothing else', async () => {
    for (const url of ['/project-all/', '/associate-users-project/']) {
      expect(names((await get(direct.token, url)).body), url).toEqual(['Alfa']);
      expect(names((await get(tagged.token, url)).body), url).toEqual(['Beta']);
      expect((await get(outsider, url)).body, url).toEqual([]);
    }
    expect((await get(direct.token, `/project/${a.id}`)).body).toEqual({ ...a, plants_count: 0 });
    expect((await get(tagged.token, `/project/${b.id}`)).status).toBe(200);
    for (const [token, id] of [[direct.token, b.id], [direct.token, c.id], [tagged.token, a.id], [outsider, a.id]] as const) {
      expect(await get(token, `/project/${id}`)).toEqual({ status: 404, body: { detail: 'No encontrado.' } });
    }
  });

  it('an ordinary user cannot write projects', async () => {
    const create = await ctx.request(direct.token, { method: 'POST', url: '/api/project/create', ...multipart({ name: 'X' }) });
    expect(create.statusCode).toBe(403);
    for (const token of [direct.token, tagged.token]) {
      expect((await ctx.request(token, { method: 'PUT', url: `/api/project/update/${a.id}`, payload: { name: 'X' } })).statusCode).toBe(403);
      expect((await ctx.request(token, { method: 'DELETE', url: `/api/project/deleted/${a.id}` })).statusCode).toBe(403);
    }
    expect((await get(staff.token, `/project/${a.id}`)).body.name).toBe('Alfa');
  });

  it('lists need a signed-in user', async () => {
    for (const url of ['/project-all/', '/associate-users-project/', '/tag-project-all/list?admin=True', `/project/${a.id}`]) {
      expect((await get(null, url)).status, url).toBe(401);
    }
  });
});

describe('project lists', () => {
  it('count the plants of each project', async () => {
    for (const name of ['P1', 'P2']) {
      await ctx.request(staff.token, { method: 'POST', url: '/api/power-plant/create', payload: { project: b.id, name } });
    }
    const list: Json[] = (await get(staff.token, '/project-all/')).body;
    expect(list.map((p) => [p.name, p.plants_count])).toEqual([['Alfa', 0], ['Beta', 2], ['Gamma', 0]]);
    expect((await get(tagged.token, `/project/${b.id}`)).body.plants_count).toBe(2);
    expect((await get(tagged.token, '/associate-users-project/')).body[0].plants_count).toBe(2);
  });

  it('page, order and search by name', async () => {
    const page = (await get(staff.token, '/project-all/?page=1&page_size=2&ordering=-name')).body;
    expect(page).toMatchObject({ count: 3, next: '/api/project-all/?page=2&page_size=2&ordering=-name', previous: null });
    expect(names(page.results)).toEqual(['Gamma', 'Beta']);
    expect(names((await get(staff.token, '/project-all/?search=ALF')).body)).toEqual(['Alfa']);
    expect(names((await get(staff.token, '/project-all/?ordering=-created_at,-id')).body)).toEqual(['Gamma', 'Beta', 'Alfa']);
    expect(names((await get(direct.token, '/associate-users-project/?search=bet')).body)).toEqual([]);
    expect((await get(staff.token, '/associate-users-project/?page=1&page_size=1')).body.count).toBe(3);
    expect((await get(staff.token, '/project-all/?ordering=image_project')).status).toBe(400);
  });
});

describe('tag-project links', () => {
  const links = (body: Json[]) => body.map((l) => `${l.tag_name}:${l.project.name}`).sort();

  it('staff with admin=True get every link, with the tag name and the project', async () => {
    const res = await get(staff.token, '/tag-project-all/list?admin=True');
    expect(links(res.body)).toEqual(['Norte:Beta', 'Sur:Alfa', 'Sur:Gamma']);
    expect(res.body.find((l: Json) => l.project.id === b.id)).toEqual({
      id: expect.any(Number), tag: norte, tag_name: 'Norte', project: { id: b.id, name: 'Beta', image_project: null },
    });
  });

  it('without admin=True staff get only the links of their own tags', async () => {
    expect((await get(staff.token, '/tag-project-all/list')).body).toEqual([]);
    await ctx.database.db.insert(tagUsers).values({ tag: sur, customuser: staff.id });
    expect(links((await get(staff.token, '/tag-project-all/list')).body)).toEqual(['Sur:Alfa', 'Sur:Gamma']);
    await ctx.database.db.delete(tagUsers).where(eq(tagUsers.customuser, staff.id));
  });

  it('an ordinary user gets only the links of their tags, admin=True or not', async () => {
    for (const q of ['', '?admin=True']) {
      expect(links((await get(tagged.token, `/tag-project-all/list${q}`)).body)).toEqual(['Norte:Beta']);
      expect((await get(direct.token, `/tag-project-all/list${q}`)).body).toEqual([]);
    }
  });

  it('page, order and search', async () => {
    const page = (await get(staff.token, '/tag-project-all/list?admin=True&page=1&page_size=2&ordering=project_name')).body;
    expect(page.count).toBe(3);
    expect(page.results.map((l: Json) => l.project.name)).toEqual(['Alfa', 'Beta']);
    expect(links((await get(staff.token, '/tag-project-all/list?admin=True&search=sur')).body)).toEqual(['Sur:Alfa', 'Sur:Gamma']);
  });
});

describe('deleting a project', () => {
  it('is refused while it has plants; once they are gone, removes its links and image', async () => {
    const { db } = ctx.database;
    const project = await createProject('Efímero', PNG_1x1);
    const post = async (url: string, payload: object) => (await ctx.request(staff.token, { method: 'POST', url: `/api${url}`, payload })).json();
    const plant = await post('/power-plant/create', { project: project.id, name: 'Pl' });
    const inv = await post('/investor/create', { plant: plant.id, name: 'In' });
    const mppt = await post('/mppt/create', { investor: inv.id, name: 'Mp' });
    const str = await post('/string/create', { mppt: mppt.id, name: 'St' });
    await post('/panel/create', { string: str.id, name: 'Pa' });
    await db.insert(projectUsers).values({ users: direct.id, user_project: project.id });
    await db.insert(tagProjects).values({ tag: norte, project: project.id });
    const rows = async () => ({
      plants: (await db.select().from(powerPlants).where(eq(powerPlants.project, project.id))).length,
      investors: (await db.select().from(investors).where(eq(investors.plant, plant.id))).length,
      mppts: (await db.select().from(mppts).where(eq(mppts.investor, inv.id))).length,
      strings: (await db.select().from(strings).where(eq(strings.mppt, mppt.id))).length,
      panels: (await db.select().from(panels).where(eq(panels.string, str.id))).length,
      users: (await db.select().from(projectUsers).where(eq(projectUsers.user_project, project.id))).length,
      tags: (await db.select().from(tagProjects).where(eq(tagProjects.project, project.id))).length,
    });
    expect(await rows()).toEqual({ plants: 1, investors: 1, mppts: 1, strings: 1, panels: 1, users: 1, tags: 1 });

    const refused = await ctx.request(staff.token, { method: 'DELETE', url: `/api/project/deleted/${project.id}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'Ocurrió un error al eliminar el proyecto: tiene 1 central eléctrica.' });
    expect(await rows()).toEqual({ plants: 1, investors: 1, mppts: 1, strings: 1, panels: 1, users: 1, tags: 1 });
    expect((await ctx.request(staff.token, { method: 'DELETE', url: `/api/power-plant/deleted/${plant.id}` })).statusCode).toBe(204);

    const res = await ctx.request(staff.token, { method: 'DELETE', url: `/api/project/deleted/${project.id}` });
    expect(res.statusCode).toBe(204);
    expect(await rows()).toEqual({ plants: 0, investors: 0, mppts: 0, strings: 0, panels: 0, users: 0, tags: 0 });
    expect(mediaFiles()).not.toContain(path.basename(project.image_project));
    expect((await get(staff.token, `/project/${project.id}`)).status).toBe(404);
    expect((await ctx.request(staff.token, { method: 'DELETE', url: `/api/project/deleted/${project.id}` })).statusCode).toBe(404);
    // The other projects stay.
    expect((await get(staff.token, '/project-all/')).body).toHaveLength(3);
  });
});
