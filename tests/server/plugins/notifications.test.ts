import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { notifications, projects, projectUsers, tagProjects, tags, tagUsers, users } from '../../../server/db/schema.js';
import { createTestContext, type TestContext } from '../../../testing/harness.js';

type Who = { user: typeof users.$inferSelect; token: string };
let ctx: TestContext;
let staff: Who;
let ana: Who; // in the tag, and in the project both directly and through a tag
let beto: Who; // in the tag only
let cata: Who; // in the project directly
let dani: Who; // in the project through another tag
let eva: Who; // in nothing
let tagId: number;
let emptyTagId: number;
let projectId: number;
let inactiveId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await ctx.userWithToken({ is_staff: true });
  [ana, beto, cata, dani, eva] = await Promise.all([1, 2, 3, 4, 5].map(() => ctx.userWithToken()));
  const inactive = await ctx.createUser({ is_active: false });
  inactiveId = inactive.id;
  const { db } = ctx.database;
  const [tag, otherTag, emptyTag] = await db.insert(tags).values([{ name: 'Clientes Norte' }, { name: 'Clientes Sur' }, { name: 'Vacía' }]).returning();
  [tagId, emptyTagId] = [tag.id, emptyTag.id];
  const [project] = await db.insert(projects).values({ name: 'Planta Maipú' }).returning();
  projectId = project.id;
  await db.insert(tagUsers).values([
    { tag: tag.id, customuser: ana.user.id }, { tag: tag.id, customuser: beto.user.id }, { tag: tag.id, customuser: inactive.id },
    { tag: otherTag.id, customuser: dani.user.id }, { tag: otherTag.id, customuser: ana.user.id },
  ]);
  await db.insert(tagProjects).values({ tag: otherTag.id, project: project.id });
  await db.insert(projectUsers).values([{ user_project: project.id, users: cata.user.id }, { user_project: project.id, users: ana.user.id }]);
});
afterAll(() => ctx?.close());
beforeEach(() => { ctx.mailer.sent.length = 0; });

const call = (who: Who | null, method: InjectOptions['method'], url: string, payload?: object) =>
  ctx.request(who?.token ?? null, { method, url: `/api${url}`, ...(payload && { payload }) });
type Received = { id: number; notification: number; title: string; message: string; type_notification: number; read: boolean; read_at: string | null; created_at: string };
const inbox = async (who: Who): Promise<Received[]> => (await call(who, 'GET', '/user-notification/list')).json();
const receivers = async (notificationId: number) => {
  const found: number[] = [];
  for (const who of [staff, ana, beto, cata, dani, eva]) {
    if ((await inbox(who)).some((n) => n.notification === notificationId)) found.push(who.user.id);
  }
  return found.sort((a, b) => a - b);
};
const ids = (...who: Who[]) => who.map((w) => w.user.id).sort((a, b) => a - b);
const mailedTo = () => ctx.mailer.sent.map((m) => m.to).sort();
const emails = (...who: Who[]) => who.map((w) => w.user.email).sort();

describe('sending', () => {
  it.each([
    {
      kind: 1, path: '/notification-tag-user/create', addressees: () => ({ tag: tagId }), reached: () => [ana, beto],
      item: () => ({ tag: tagId, tag_name: 'Clientes Norte', project: null, project_name: null, type_name: 'Usuarios de una etiqueta' }),
      title: 'Mantención', message: 'Corte programado el lunes', what: 'every active user of the tag',
    },
    {
      kind: 2, path: '/notification-project-user/create', addressees: () => ({ project: projectId }), reached: () => [ana, cata, dani],
      item: () => ({ tag: null, tag_name: null, project: projectId, project_name: 'Planta Maipú', type_name: 'Usuarios de un proyecto' }),
      title: 'Informe', message: 'Ya está el informe mensual', what: 'the users linked to the project directly or through a tag, each once',
    },
    {
      kind: 3, path: '/notification-users/create', addressees: () => ({ users: [eva.user.id, beto.user.id, eva.user.id] }), reached: () => [beto, eva],
      item: () => ({ tag: null, tag_name: null, project: null, project_name: null, type_name: 'Usuarios seleccionados' }),
      title: 'Hola', message: 'Bienvenidos', what: 'the chosen users, each once',
    },
  ])('type $kind reaches $what, by notification and e-mail', async ({ kind, path, addressees, reached, item, title, message }) => {
    const res = await call(staff, 'POST', path, { type_notification: kind, ...addressees(), title, message });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number), type_notification: kind, title, message, ...item(), sender: staff.user.id,
      created_at: expect.any(String), recipients_count: reached().length,
    });
    expect(await receivers(res.json().id)).toEqual(ids(...reached()));
    expect(mailedTo()).toEqual(emails(...reached()));
    expect(ctx.mailer.last(reached()[0].user.email)).toMatchObject({ subject: title, text: message, fromName: 'Solar Chile' });
  });

  it('400 when nobody would receive it, or the target does not exist', async () => {
    const before = (await ctx.database.db.select().from(notifications)).length;
    const empty = await call(staff, 'POST', '/notification-tag-user/create', { tag: emptyTagId, title: 'T', message: 'M' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ non_field_errors: ['No hay usuarios a quienes enviar la notificación.'] });
    const onlyInactive = await call(staff, 'POST', '/notification-users/create', { users: [inactiveId], title: 'T', message: 'M' });
    expect(onlyInactive.json()).toHaveProperty('non_field_errors');
    expect((await call(staff, 'POST', '/notification-tag-user/create', { tag: 999999, title: 'T', message: 'M' })).json()).toEqual({ tag: [expect.stringContaining('999999')] });
    expect((await call(staff, 'POST', '/notification-project-user/create', { project: 999999, title: 'T', message: 'M' })).json()).toEqual({ project: [expect.stringContaining('999999')] });
    expect((await call(staff, 'POST', '/notification-users/create', { users: [ana.user.id, 999999], title: 'T', message: 'M' })).json()).toEqual({ users: [expect.stringContaining('999999')] });
    expect((await call(staff, 'POST', '/notification-users/create', { users: [], title: 'T', message: 'M' })).statusCode).toBe(400);
    expect((await ctx.database.db.select().from(notifications)).length).toBe(before);
    expect(ctx.mailer.sent).toEqual([]);
  });

  it('validates the payload: type matching the path, title and message', async () => {
    const wrongType = await call(staff, 'POST', '/notification-tag-user/create', { type_notification: 2, tag: tagId, title: 'T', message: 'M' });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json())).toEqual(['type_notification']);
    const blank = await call(staff, 'POST', '/notification-users/create', { users: [ana.user.id], title: ' ', message: '' });
    expect(Object.keys(blank.json()).sort()).toEqual(['message', 'title']);
    expect((await call(staff, 'POST', '/notification-users/create', { users: [ana.user.id], message: 'M' })).json()).toEqual({ title: ['Este campo es requerido.'] });
  });

  it('only staff send, and only staff read the list of sent notifications', async () => {
    expect((await call(ana, 'POST', '/notification-users/create', { users: [beto.user.id], title: 'T', message: 'M' })).statusCode).toBe(403);
    expect((await call(ana, 'POST', '/notification-tag-user/create', { tag: tagId, title: 'T', message: 'M' })).statusCode).toBe(403);
    expect((await call(ana, 'POST', '/notification-project-user/create', { project: projectId, title: 'T', message: 'M' })).statusCode).toBe(403);
    expect((await call(ana, 'GET', '/notification/list')).statusCode).toBe(403);
    expect(ctx.mailer.sent).toEqual([]);
  });

  it('a failing mail server loses no notification', async () => {
    const send = ctx.mailer.send;
    ctx.mailer.send = async () => { throw new Error('SMTP down'); };
    try {
      const res = await call(staff, 'POST', '/notification-users/create', { users: [cata.user.id], title: 'Sin correo', message: 'M' });
      expect(res.statusCode).toBe(201);
      expect((await inbox(cata)).map((n) => n.title)).toContain('Sin correo');
    } finally {
      ctx.mailer.send = send;
    }
  });
});

describe('lists', () => {
  it('the sent list is newest first, with type name and recipient count, paged on request', async () => {
    const list = (await call(staff, 'GET', '/notification/list')).json();
    expect(list.length).toBeGreaterThanOrEqual(3);
    const times = list.map((n: { created_at: string }) => Date.parse(n.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.every((n: { type_name: string; recipients_count: number }) => n.type_name && n.recipients_count > 0)).toBe(true);
    const page = (await call(staff, 'GET', '/notification/list?page=1&page_size=2')).json();
    expect(page).toMatchObject({ count: list.length, results: list.slice(0, 2) });
    expect((await call(staff, 'GET', '/notification/list?search=Mantención')).json().map((n: { title: string }) => n.title)).toEqual(['Mantención']);
  });

  it('the three types come from the database', async () => {
    const res = await call(ana, 'GET', '/type-notification/list');
    expect(res.json()).toEqual([
      { id: 1, name: 'Usuarios de una etiqueta' }, { id: 2, name: 'Usuarios de un proyecto' }, { id: 3, name: 'Usuarios seleccionados' },
    ]);
  });

  it('a user\'s received list is theirs only, newest first, with the delivery id and read state', async () => {
    const list = await inbox(ana);
    expect(list.map((n) => n.title)).toEqual(['Informe', 'Mantención']);
    expect(list[0]).toEqual({
      id: expect.any(Number), notification: expect.any(Number), title: 'Informe', message: 'Ya está el informe mensual',
      type_notification: 2, ticket: null, alarm: null, created_at: expect.any(String), read_at: null, read: false,
    });
    expect(await inbox(staff)).toEqual([]);
    expect((await call(null, 'GET', '/user-notification/list')).statusCode).toBe(401);
  });
});

describe('the bell', () => {
  it('counts unread, marks one (own only) and marks all', async () => {
    const unread = async (who: Who) => (await call(who, 'GET', '/user-notification/unread-count')).json().count;
    await call(staff, 'POST', '/notification-users/create', { users: [dani.user.id], title: 'Uno', message: 'M' });
    await call(staff, 'POST', '/notification-users/create', { users: [dani.user.id], title: 'Dos', message: 'M' });
    const before = await unread(dani);
    expect(before).toBe((await inbox(dani)).length);
    const [newest] = await inbox(dani);

    expect((await call(ana, 'PUT', `/user-notification/read/${newest.id}`)).statusCode).toBe(404);
    expect(await unread(dani)).toBe(before);

    const read = await call(dani, 'PUT', `/user-notification/read/${newest.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: newest.id, title: 'Dos', read: true, read_at: expect.any(String) });
    expect(await unread(dani)).toBe(before - 1);
    // Reading again keeps the first reading time.
    expect((await call(dani, 'PUT', `/user-notification/read/${newest.id}`)).json().read_at).toBe(read.json().read_at);

    const all = await call(dani, 'PUT', '/user-notification/read-all');
    expect(all.json()).toEqual({ count: before - 1 });
    expect(await unread(dani)).toBe(0);
    expect((await inbox(dani)).every((n) => n.read)).toBe(true);
    // Nobody else's deliveries were touched.
    expect(await unread(ana)).toBeGreaterThan(0);
    expect((await call(dani, 'PUT', '/user-notification/read/424242')).statusCode).toBe(404);
  });
});
