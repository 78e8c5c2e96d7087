import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../server/db/schema.js';
import { createTestContext, type TestContext } from '../../../testing/harness.js';

type Account = Awaited<ReturnType<TestContext['userWithToken']>>;

let ctx: TestContext;
let staff: string;
let alice: Account;
let bob: Account;
let solar: { id: number };
let roof: { id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  alice = await ctx.userWithToken({ first_name: 'Alicia', last_name: 'Rojas' });
  bob = await ctx.userWithToken({ first_name: 'Roberto', last_name: 'Soto' });
  [solar, roof] = await ctx.database.db.insert(projects)
    .values([{ name: 'Parque Solar Norte', image_project: '/media/norte.png' }, { name: 'Techo Sur' }]).returning();
});
afterAll(() => ctx?.close());

const get = (token: string, url: string) => ctx.request(token, { method: 'GET', url });
const post = (token: string, url: string, payload: object) => ctx.request(token, { method: 'POST', url, payload });
const put = (token: string, url: string, payload: object) => ctx.request(token, { method: 'PUT', url, payload });
const del = (token: string, url: string) => ctx.request(token, { method: 'DELETE', url });

async function created(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('tags, memberships and tag-project links', () => {
  let north: { id: number };
  let south: { id: number };
  let aliceNorth: { id: number };
  let bobSouth: { id: number };
  let northSolar: { id: number };
  let southRoof: { id: number };

  beforeAll(async () => {
    north = await created(await post(staff, '/api/tag/create', { name: 'Zona Norte' }));
    south = await created(await post(staff, '/api/tag/create', { name: 'Zona Sur' }));
    aliceNorth = await created(await post(staff, '/api/tag-user/create', { tag: north.id, customuser: alice.user.id }));
    bobSouth = await created(await post(staff, '/api/tag-user/create', { tag: south.id, customuser: bob.user.id }));
    northSolar = await created(await post(staff, '/api/tag-project/create', { tag: north.id, project: solar.id }));
    southRoof = await created(await post(staff, '/api/tag-project/create', { tag: south.id, project: roof.id }));
  });

  it('items carry the derived names and counts', async () => {
    expect(aliceNorth).toEqual({
      id: expect.any(Number), tag: north.id, tag_name: 'Zona Norte',
      customuser: alice.user.id, user_fullname: 'Alicia Rojas', user_email: alice.user.email,
    });
    expect(northSolar).toEqual({
      id: expect.any(Number), tag: north.id, tag_name: 'Zona Norte',
      project: { id: solar.id, name: 'Parque Solar Norte', image_project: '/media/norte.png' },
    });
    const tag = (await get(staff, `/api/tag/list/${north.id}`)).json();
    expect(tag).toEqual({ id: north.id, name: 'Zona Norte', created_at: expect.any(String), users_count: 1, projects_count: 1 });
    expect(new Date(tag.created_at).toString()).not.toBe('Invalid Date');
  });

  it('staff see every tag; an ordinary user only the tags they belong to', async () => {
    const all = (await get(staff, '/api/tag-all/list')).json();
    expect(all.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['Zona Norte', 'Zona Sur']));
    expect((await get(alice.token, '/api/tag-all/list')).json().map((t: { id: number }) => t.id)).toEqual([north.id]);
    expect((await get(alice.token, `/api/tag/list/${north.id}`)).statusCode).toBe(200);
    const other = await get(alice.token, `/api/tag/list/${south.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'No encontrado.' });
    const page = (await get(staff, '/api/tag-all/list?page=1&page_size=1&ordering=-name&search=zona')).json();
    expect(page).toMatchObject({ count: 2, previous: null, results: [{ name: 'Zona Sur' }] });
    expect(page.next).toContain('page=2');
  });

  it("an ordinary user does not learn how many users a tag has (they are other customers); staff do", async () => {
    await created(await post(staff, '/api/tag-user/create', { tag: north.id, customuser: bob.user.id }));
    const mine = (await get(alice.token, `/api/tag/list/${north.id}`)).json();
    expect(mine).toEqual({ id: north.id, name: 'Zona Norte', created_at: expect.any(String), projects_count: 1 });
    const listed = (await get(alice.token, '/api/tag-all/list')).json();
    expect(listed).toEqual([{ id: north.id, name: 'Zona Norte', created_at: expect.any(String), projects_count: 1 }]);
    const paged = (await get(alice.token, '/api/tag-all/list?page=1')).json();
    expect(paged.results[0]).not.toHaveProperty('users_count');
    expect((await get(staff, `/api/tag/list/${north.id}`)).json()).toMatchObject({ users_count: 2, projects_count: 1 });
    const membership = (await get(staff, `/api/tag-user-tag/list/${north.id}`)).json().find((m: { customuser: number }) => m.customuser === bob.user.id);
    expect((await del(staff, `/api/tag-user/deleted/${membership.id}`)).statusCode).toBe(204);
  });

  it("tag-user-all lists the caller's own memberships; staff get everyone's with ?admin=True", async () => {
    const mine = (await get(alice.token, '/api/tag-user-all/list')).json();
    expect(mine).toEqual([aliceNorth]);
    expect((await get(alice.token, '/api/tag-user-all/list?admin=True')).json()).toEqual([aliceNorth]);
    expect((await get(staff, '/api/tag-user-all/list')).json()).toEqual([]);
    const everyone = (await get(staff, '/api/tag-user-all/list?admin=True')).json();
    expect(everyone.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([aliceNorth.id, bobSouth.id]));
  });

  it('members of a tag: staff see all, an ordinary user only their own membership and only in their tags', async () => {
    const bobNorth = await created(await post(staff, '/api/tag-user/create', { tag: north.id, customuser: bob.user.id }));
    const members = (await get(staff, `/api/tag-user-tag/list/${north.id}?ordering=user_fullname`)).json();
    expect(members.map((m: { customuser: number }) => m.customuser)).toEqual([alice.user.id, bob.user.id]);
    expect((await get(alice.token, `/api/tag-user-tag/list/${north.id}`)).json()).toEqual([aliceNorth]);
    expect((await get(alice.token, `/api/tag-user-tag/list/${south.id}`)).statusCode).toBe(404);
    expect((await get(staff, '/api/tag-user-tag/list/999999')).statusCode).toBe(404);
    expect((await get(alice.token, `/api/tag-user/list/${aliceNorth.id}`)).json()).toEqual(aliceNorth);
    expect((await get(alice.token, `/api/tag-user/list/${bobNorth.id}`)).statusCode).toBe(404);
    expect((await get(alice.token, `/api/tag-user/list/${bobSouth.id}`)).statusCode).toBe(404);
    expect((await get(staff, `/api/tag-user/list/${bobSouth.id}`)).statusCode).toBe(200);
    expect((await del(staff, `/api/tag-user/deleted/${bobNorth.id}`)).statusCode).toBe(204);
  });

  it('tag-project links: an ordinary user sees those of their tags only', async () => {
    expect((await get(alice.token, `/api/tag-project-tag/list/${north.id}`)).json()).toEqual([northSolar]);
    expect((await get(alice.token, `/api/tag-project-tag/list/${south.id}`)).statusCode).toBe(404);
    expect((await get(alice.token, `/api/tag-project/list/${northSolar.id}`)).json()).toEqual(northSolar);
    expect((await get(alice.token, `/api/tag-project/list/${southRoof.id}`)).statusCode).toBe(404);
    expect((await get(staff, `/api/tag-project/list/${southRoof.id}`)).json()).toMatchObject({ project: { id: roof.id, name: 'Techo Sur', image_project: null } });
    const page = (await get(staff, `/api/tag-project-tag/list/${south.id}?page=1`)).json();
    expect(page).toEqual({ count: 1, next: null, previous: null, results: [southRoof] });
  });

  it('an ordinary user gets 403 on every write', async () => {
    const writes = [
      post(alice.token, '/api/tag/create', { name: 'Mía' }),
      put(alice.token, `/api/tag/update/${north.id}`, { name: 'Mía' }),
      del(alice.token, `/api/tag/deleted/${north.id}`),
      post(alice.token, '/api/tag-user/create', { tag: south.id, customuser: alice.user.id }),
      put(alice.token, `/api/tag-user/update/${aliceNorth.id}`, { tag: south.id }),
      del(alice.token, `/api/tag-user/deleted/${aliceNorth.id}`),
      post(alice.token, '/api/tag-project/create', { tag: north.id, project: roof.id }),
      put(alice.token, `/api/tag-project/update/${northSolar.id}`, { project: roof.id }),
      del(alice.token, `/api/tag-project/deleted/${northSolar.id}`),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toHaveProperty('detail');
    }
    expect((await get(alice.token, '/api/tag-user-all/list')).json()).toEqual([aliceNorth]);
  });

  it('a duplicate membership or link is a non-field error, on create and on update', async () => {
    const dupMember = await post(staff, '/api/tag-user/create', { tag: north.id, customuser: alice.user.id });
    expect(dupMember.statusCode).toBe(400);
    expect(dupMember.json()).toEqual({ non_field_errors: ['El usuario ya pertenece a esta etiqueta.'] });
    const moveBob = await put(staff, `/api/tag-user/update/${bobSouth.id}`, { tag: north.id, customuser: alice.user.id });
    expect(moveBob.json()).toEqual({ non_field_errors: ['El usuario ya pertenece a esta etiqueta.'] });
    // Saving a row unchanged is not a duplicate of itself.
    expect((await put(staff, `/api/tag-user/update/${bobSouth.id}`, { tag: south.id })).statusCode).toBe(200);

    const dupLink = await post(staff, '/api/tag-project/create', { tag: south.id, project: roof.id });
    expect(dupLink.statusCode).toBe(400);
    expect(dupLink.json()).toEqual({ non_field_errors: ['El proyecto ya pertenece a esta etiqueta.'] });
    expect((await put(staff, `/api/tag-project/update/${northSolar.id}`, { tag: south.id, project: roof.id })).json())
      .toEqual({ non_field_errors: ['El proyecto ya pertenece a esta etiqueta.'] });
  });

  it('a tag name already taken (case and spaces aside) is a 400 on the name, on create and on update', async () => {
    for (const name of ['Zona Norte', '  zona norte ']) {
      const dup = await post(staff, '/api/tag/create', { name });
      expect({ status: dup.statusCode, body: dup.json() }).toEqual({ status: 400, body: { name: ['Ya existe una etiqueta con este nombre.'] } });
    }
    expect((await put(staff, `/api/tag/update/${south.id}`, { name: 'ZONA NORTE' })).json()).toEqual({ name: ['Ya existe una etiqueta con este nombre.'] });
    // Saving a tag under its own name is no duplicate.
    expect((await put(staff, `/api/tag/update/${north.id}`, { name: 'Zona Norte' })).statusCode).toBe(200);
  });

  it('unknown ids are a 400 naming the field', async () => {
    expect((await post(staff, '/api/tag-user/create', { tag: 999999, customuser: alice.user.id })).json())
      .toEqual({ tag: ['Clave primaria "999999" inválida - objeto no existe.'] });
    expect((await post(staff, '/api/tag-user/create', { tag: north.id, customuser: 999999 })).json())
      .toEqual({ customuser: [expect.stringContaining('999999')] });
    expect((await post(staff, '/api/tag-project/create', { tag: north.id, project: 999999 })).json())
      .toEqual({ project: [expect.stringContaining('999999')] });
    expect((await put(staff, `/api/tag-project/update/${northSolar.id}`, { tag: 999999 })).json())
      .toEqual({ tag: [expect.stringContaining('999999')] });
    expect((await post(staff, '/api/tag-user/create', { tag: north.id })).json()).toEqual({ customuser: ['Este campo es requerido.'] });
    expect((await put(staff, '/api/tag-user/update/999999', { tag: north.id })).statusCode).toBe(404);
  });

  it('staff update and delete memberships and links; each change shows in what the user sees', async () => {
    const carla = await ctx.userWithToken();
    const member = await created(await post(staff, '/api/tag-user/create', { tag: north.id, customuser: carla.user.id }));
    expect((await get(carla.token, '/api/tag-all/list')).json().map((t: { id: number }) => t.id)).toEqual([north.id]);

    const moved = await put(staff, `/api/tag-user/update/${member.id}`, { tag: south.id });
    expect(moved.json()).toMatchObject({ id: member.id, tag: south.id, tag_name: 'Zona Sur', customuser: carla.user.id });
    expect((await get(carla.token, '/api/tag-all/list')).json().map((t: { id: number }) => t.id)).toEqual([south.id]);
    expect((await get(carla.token, `/api/tag-project-tag/list/${south.id}`)).json()).toEqual([southRoof]);

    const [depot] = await ctx.database.db.insert(projects).values({ name: 'Bodega' }).returning();
    const link = await created(await post(staff, '/api/tag-project/create', { tag: south.id, project: depot.id }));
    const relinked = await put(staff, `/api/tag-project/update/${link.id}`, { tag: north.id });
    expect(relinked.json()).toEqual({ ...link, tag: north.id, tag_name: 'Zona Norte' });
    expect((await get(alice.token, `/api/tag-project-tag/list/${north.id}?ordering=project_name`)).json().map((l: { id: number }) => l.id))
      .toEqual([link.id, northSolar.id]);
    expect((await del(staff, `/api/tag-project/deleted/${link.id}`)).statusCode).toBe(204);
    expect((await get(staff, `/api/tag-project/list/${link.id}`)).statusCode).toBe(404);

    expect((await del(staff, `/api/tag-user/deleted/${member.id}`)).statusCode).toBe(204);
    expect((await get(staff, `/api/tag-user/list/${member.id}`)).statusCode).toBe(404);
    expect((await get(carla.token, '/api/tag-all/list')).json()).toEqual([]);
    expect((await get(carla.token, '/api/tag-user-all/list')).json()).toEqual([]);
  });

  it('staff rename and delete a tag; one in use is refused, naming its members and projects, until they are unlinked; extra body fields are ignored', async () => {
    const tag = await created(await post(staff, '/api/tag/create', { name: 'Temporal', id: 424242, created_at: '2000-01-01T00:00:00Z' }));
    expect(tag.id).not.toBe(424242);
    expect(tag.created_at.startsWith('2000')).toBe(false);
    expect((await put(staff, `/api/tag/update/${tag.id}`, { name: 'Temporal 2' })).json()).toMatchObject({ id: tag.id, name: 'Temporal 2' });
    for (const name of ['', '   ']) {
      expect((await put(staff, `/api/tag/update/${tag.id}`, { name })).json()).toEqual({ name: ['El nombre es requerido'] });
    }
    expect((await post(staff, '/api/tag/create', {})).json()).toEqual({ name: ['El nombre es requerido'] });
    expect((await post(staff, '/api/tag/create', { name: 'x'.repeat(121) })).json()).toEqual({ name: [expect.stringContaining('120')] });
    const member = await created(await post(staff, '/api/tag-user/create', { tag: tag.id, customuser: bob.user.id }));
    const link = await created(await post(staff, '/api/tag-project/create', { tag: tag.id, project: roof.id }));
    expect((await get(staff, `/api/tag/list/${tag.id}`)).json()).toMatchObject({ users_count: 1, projects_count: 1 });
    const refused = await del(staff, `/api/tag/deleted/${tag.id}`);
    expect({ status: refused.statusCode, body: refused.json() })
      .toEqual({ status: 400, body: { detail: 'Ocurrió un error al eliminar la etiqueta: la usan 1 usuario y 1 proyecto.' } });
    expect((await get(staff, `/api/tag-user/list/${member.id}`)).statusCode).toBe(200);
    expect((await del(staff, `/api/tag-user/deleted/${member.id}`)).statusCode).toBe(204);
    expect((await del(staff, `/api/tag/deleted/${tag.id}`)).json()).toEqual({ detail: 'Ocurrió un error al eliminar la etiqueta: la usa 1 proyecto.' });
    expect((await del(staff, `/api/tag-project/deleted/${link.id}`)).statusCode).toBe(204);
    expect((await del(staff, `/api/tag/deleted/${tag.id}`)).statusCode).toBe(204);
    expect((await get(staff, `/api/tag/list/${tag.id}`)).statusCode).toBe(404);
  });

  it('requires a signed-in user', async () => {
    for (const url of ['/api/tag-all/list', '/api/tag-user-all/list', `/api/tag-project-tag/list/${north.id}`]) {
      expect((await ctx.request(null, { method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
