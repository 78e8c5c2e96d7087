import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projects, users } from '../../../server/db/schema.js';
import { createTestContext, type TestContext } from '../../../testing/harness.js';

let ctx: TestContext;
let admin: { user: { id: number; email: string }; token: string };
let alice: { user: { id: number; email: string }; token: string };
let bob: { user: { id: number; email: string }; token: string };
let solar: { id: number };
let roof: { id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.userWithToken({ is_staff: true, first_name: 'Ana', last_name: 'Admin' });
  alice = await ctx.userWithToken({ first_name: 'Alicia', last_name: 'Rojas', phone: '+56 9 1234 5678' });
  bob = await ctx.userWithToken({ first_name: 'Roberto', last_name: 'Soto' });
  [solar, roof] = await ctx.database.db.insert(projects).values([{ name: 'Parque Solar Norte' }, { name: 'Techo Sur' }]).returning();
});
afterAll(() => ctx?.close());

const get = (token: string, url: string) => ctx.request(token, { method: 'GET', url });
const post = (token: string, url: string, payload: unknown) => ctx.request(token, { method: 'POST', url, payload: payload as object });
/** Sends `body` as raw text with that content type (JSON bodies go through JSON.stringify first). */
const put = (token: string, url: string, body: unknown, type = 'application/json') =>
  ctx.request(token, { method: 'PUT', url, headers: { 'content-type': type }, payload: type === 'application/json' ? JSON.stringify(body) : String(body) });
const del = (token: string, url: string) => ctx.request(token, { method: 'DELETE', url });
const permits = (token: string, userId: number, body: unknown, type?: string) => put(token, `/api/permits-user/${userId}`, body, type);

describe('GET /get-users/', () => {
  it('lists users for staff, never with a password hash', async () => {
    const res = await get(admin.token, '/api/get-users/?ordering=id');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((u: { id: number }) => u.id)).toEqual([admin.user.id, alice.user.id, bob.user.id]);
    expect(list[1]).toEqual({
      id: alice.user.id, email: alice.user.email, first_name: 'Alicia', last_name: 'Rojas', phone: '+56 9 1234 5678',
      address: '', image: null, is_active: true, is_staff: false, is_superuser: false,
      date_joined: expect.any(String), last_login: expect.any(String), // set by the test's sign-in
    });
    for (const user of list) expect(user).not.toHaveProperty('password');
    expect(res.body).not.toContain('argon2');
  });

  it('pages, orders, searches and filters by is_staff', async () => {
    const page = (await get(admin.token, '/api/get-users/?page=1&page_size=2&ordering=-first_name')).json();
    expect(page.count).toBe(3);
    expect(page.results.map((u: { first_name: string }) => u.first_name)).toEqual(['Roberto', 'Ana']);
    for (const user of page.results) expect(user).not.toHaveProperty('password');
    expect((await get(admin.token, '/api/get-users/?search=rojas')).json().map((u: { id: number }) => u.id)).toEqual([alice.user.id]);
    expect((await get(admin.token, `/api/get-users/?search=${encodeURIComponent(bob.user.email)}`)).json()).toHaveLength(1);
    expect((await get(admin.token, '/api/get-users/?is_staff=true')).json().map((u: { id: number }) => u.id)).toEqual([admin.user.id]);
    expect((await get(admin.token, '/api/get-users/?ordering=password')).statusCode).toBe(400);
  });

  it('is staff only', async () => {
    const res = await get(alice.token, '/api/get-users/');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toHaveProperty('detail');
    expect((await ctx.request(null, { method: 'GET', url: '/api/get-users/' })).statusCode).toBe(401);
  });
});

describe('PUT /permits-user/{userId}', () => {
  it('grants and revokes the privilege; the target feels it on their next request with the same token', async () => {
    expect((await get(bob.token, '/api/get-users/')).statusCode).toBe(403);

    const granted = await permits(admin.token, bob.user.id, 'true');
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: bob.user.id, is_staff: true });
    expect(granted.json()).not.toHaveProperty('password');
    expect((await get(bob.token, '/api/get-users/')).statusCode).toBe(200);

    const revoked = await permits(admin.token, bob.user.id, { is_staff: 'false' });
    expect(revoked.json()).toMatchObject({ id: bob.user.id, is_staff: false });
    // Losing the privilege ends the target's sessions: the same token is now refused outright.
    expect((await get(bob.token, '/api/get-users/')).statusCode).toBe(401);
    bob.token = await ctx.login(bob.user.email, 'secret12'); // the harness's default password
    expect((await get(bob.token, '/api/get-users/')).statusCode).toBe(403);
  });

  it('takes the flag as a JSON string, a JSON boolean, text/plain, or {is_staff}', async () => {
    const cases: [unknown, string | undefined, boolean][] = [
      [true, undefined, true], [false, undefined, false], ['True', undefined, true], ['false', 'text/plain', false],
      ['true', 'text/plain', true], [{ is_staff: false }, undefined, false], [{ is_staff: 'TRUE' }, undefined, true],
      [{ is_staff: 'false' }, undefined, false],
    ];
    const target = await ctx.createUser(); // each revocation ends the target's sessions: not alice, whose token the next tests use
    for (const [body, type, expected] of cases) {
      const res = await permits(admin.token, target.id, body, type);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(200);
      expect(res.json().is_staff).toBe(expected);
    }
  });

  it('a body that is not a boolean is a 400', async () => {
    for (const body of ['maybe', '', 1, null, { is_staff: 'yes' }, { is_staff: 0 }, {}, [], ['true', 'false']]) {
      const res = await permits(admin.token, alice.user.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const body of ['maybe', 1, null, { is_staff: 'yes' }, {}]) {
      expect((await permits(admin.token, alice.user.id, body)).json()).toEqual({ is_staff: ['Debe ser un valor booleano válido.'] });
    }
    const malformed = await ctx.request(admin.token, {
      method: 'PUT', url: `/api/permits-user/${alice.user.id}`, headers: { 'content-type': 'application/json' }, payload: '{"is_staff": ',
    });
    expect(malformed.json()).toEqual({ non_field_errors: ['JSON mal formado.'] });
    expect((await get(admin.token, '/api/get-users/?is_staff=true')).json().map((u: { id: number }) => u.id)).toEqual([admin.user.id]);
  });

  it('nobody changes their own privilege', async () => {
    const res = await permits(admin.token, admin.user.id, 'false');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['No puedes modificar tus propios privilegios.'] });
    expect((await get(admin.token, '/api/get-users/')).statusCode).toBe(200);
  });

  it('an ordinary user gets 403, even on themselves; an unknown user is a 404', async () => {
    expect((await permits(alice.token, alice.user.id, 'true')).statusCode).toBe(403);
    expect((await permits(alice.token, bob.user.id, 'true')).statusCode).toBe(403);
    expect((await get(alice.token, '/api/get-users/')).statusCode).toBe(403);
    expect((await permits(admin.token, 999999, 'true')).statusCode).toBe(404);
  });

  it('answers the user item, last_login null for someone who never signed in', async () => {
    const fresh = await ctx.createUser({ first_name: 'Nueva' });
    const res = await permits(admin.token, fresh.id, true);
    expect(res.json()).toMatchObject({ id: fresh.id, first_name: 'Nueva', is_staff: true, last_login: null });
    expect(res.json()).not.toHaveProperty('password');
    await permits(admin.token, fresh.id, false);
  });
});

describe('superusers', () => {
  let root: { user: { id: number; email: string }; token: string };
  let root2: { user: { id: number; email: string }; token: string };
  beforeAll(async () => {
    root = await ctx.userWithToken({ is_staff: true, is_superuser: true, first_name: 'Raíz' });
    root2 = await ctx.userWithToken({ is_staff: true, is_superuser: true, first_name: 'Segunda' });
  });
  const isStaff = async (id: number) => (await ctx.database.db.select({ is_staff: users.is_staff }).from(users).where(eq(users.id, id)))[0].is_staff;

  it('a staff user who is not a superuser cannot change a superuser (403), who keeps every right', async () => {
    for (const body of ['false', 'true', { is_staff: false }]) {
      const res = await permits(admin.token, root.user.id, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'Solo un superusuario puede modificar los privilegios de otro superusuario.' });
    }
    expect(await isStaff(root.user.id)).toBe(true);
    expect((await get(root.token, '/api/get-users/')).statusCode).toBe(200);
  });

  it('a superuser changes another superuser, and any staff user an ordinary one', async () => {
    expect((await permits(root.token, root2.user.id, 'false')).json()).toMatchObject({ id: root2.user.id, is_staff: false, is_superuser: true });
    // Losing the privilege ends the demoted user's sessions (plugins/auth/session.test.ts): the old token is refused.
    expect((await get(root2.token, '/api/get-users/')).statusCode).toBe(401);
    const demoted = await ctx.login(root2.user.email, 'secret12');
    expect((await get(demoted, '/api/get-users/')).statusCode).toBe(403);
    expect((await permits(root.token, root2.user.id, 'true')).json()).toMatchObject({ id: root2.user.id, is_staff: true });
    root2.token = await ctx.login(root2.user.email, 'secret12');
    expect((await get(root2.token, '/api/get-users/')).statusCode).toBe(200);
    expect((await permits(admin.token, bob.user.id, 'false')).statusCode).toBe(200);
  });

  it('the last active superuser keeps the privilege, even when two superusers revoke each other at once (400 naming the field)', async () => {
    // root2 asks to revoke root; its body is held back until root has revoked root2 in between,
    // which is what two crossing requests do: root2 already passed the door as a superuser.
    let bodyWanted!: () => void;
    const wanted = new Promise<void>((resolve) => { bodyWanted = resolve; });
    const body = new Readable({ read() { bodyWanted(); } });
    const crossing = ctx.request(root2.token, {
      method: 'PUT', url: `/api/permits-user/${root.user.id}`, headers: { 'content-type': 'application/json' }, payload: body,
    });
    await wanted;
    expect((await permits(root.token, root2.user.id, 'false')).statusCode).toBe(200);
    body.push('"false"');
    body.push(null);
    const refused = await crossing;
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ is_staff: ['El último superusuario activo no puede perder sus privilegios.'] });
    expect(await isStaff(root.user.id)).toBe(true);
    expect((await get(root.token, '/api/get-users/')).statusCode).toBe(200);
    expect((await permits(root.token, root2.user.id, 'true')).statusCode).toBe(200);
  });
});

describe('PUT /user/update/{userId}', () => {
  it("staff change another's name, e-mail, phone and address; the e-mail is lower-cased and must be free", async () => {
    const dana = await ctx.userWithToken({ first_name: 'Dana', last_name: 'Vieja', email: 'dana@example.com' });
    const res = await put(admin.token, `/api/user/update/${dana.user.id}`, { last_name: 'Nueva', email: 'Dana.Nueva@Example.com', phone: '+56 2 2345 6789', address: 'Av. Sol 1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: dana.user.id, first_name: 'Dana', last_name: 'Nueva', email: 'dana.nueva@example.com', phone: '+56 2 2345 6789', address: 'Av. Sol 1' });
    expect(res.json()).not.toHaveProperty('password');
    expect((await ctx.login('dana.nueva@example.com', 'secret12'))).toEqual(expect.any(String));
    const taken = await put(admin.token, `/api/user/update/${dana.user.id}`, { email: alice.user.email.toUpperCase() });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: ['Este correo electrónico ya se encuentra registrado.'] });
    // The privilege has its own call (its guards): here it is ignored, like any field the call does not take.
    expect((await put(admin.token, `/api/user/update/${dana.user.id}`, { is_staff: true })).json()).toMatchObject({ is_staff: false });
    expect((await put(admin.token, `/api/user/update/${dana.user.id}`, { first_name: '' })).statusCode).toBe(400);
    expect((await put(admin.token, `/api/user/update/${dana.user.id}`, {})).json()).toMatchObject({ last_name: 'Nueva' });
  });

  it('is staff only, a superuser only by a superuser; an unknown user is a 404', async () => {
    expect((await put(alice.token, `/api/user/update/${bob.user.id}`, { first_name: 'X' })).statusCode).toBe(403);
    const root = await ctx.createUser({ is_staff: true, is_superuser: true, first_name: 'Raíz' });
    expect((await put(admin.token, `/api/user/update/${root.id}`, { first_name: 'X' })).statusCode).toBe(403);
    expect((await put(admin.token, '/api/user/update/999999', { first_name: 'X' })).statusCode).toBe(404);
    expect((await ctx.database.db.select({ first_name: users.first_name }).from(users).where(eq(users.id, root.id)))[0].first_name).toBe('Raíz');
  });
});

describe('PUT /user/deactivate/{userId}', () => {
  it("ends the user's sessions at once and refuses their sign-in; staff reactivate them", async () => {
    const carla = await ctx.userWithToken({ first_name: 'Carla', last_name: 'Activa' });
    expect((await get(carla.token, '/api/my-profile')).statusCode).toBe(200);
    const res = await put(admin.token, `/api/user/deactivate/${carla.user.id}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: carla.user.id, is_active: false });
    expect((await get(carla.token, '/api/my-profile')).statusCode).toBe(401);
    const login = await ctx.request(null, { method: 'POST', url: '/api/auth/token', payload: { email: carla.user.email, password: 'secret12' } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ email: ['La cuenta está desactivada. Contacta al administrador.'] });

    expect((await put(admin.token, `/api/auth/account-activate/${carla.user.id}`, {})).json()).toMatchObject({ is_active: true });
    expect((await get(await ctx.login(carla.user.email, 'secret12'), '/api/my-profile')).statusCode).toBe(200);
  });

  it('is staff only, not on oneself, a superuser only by a superuser; an unknown user is a 404', async () => {
    expect((await put(alice.token, `/api/user/deactivate/${bob.user.id}`, {})).statusCode).toBe(403);
    expect((await put(admin.token, `/api/user/deactivate/${admin.user.id}`, {})).json()).toEqual({ non_field_errors: ['No puedes desactivar tu propia cuenta.'] });
    const root = await ctx.createUser({ is_staff: true, is_superuser: true });
    expect((await put(admin.token, `/api/user/deactivate/${root.id}`, {})).statusCode).toBe(403);
    expect((await put(admin.token, '/api/user/deactivate/999999', {})).statusCode).toBe(404);
    expect((await get(alice.token, '/api/my-profile')).statusCode).toBe(200);
  });
});

describe('DELETE /user/deleted/{userId}', () => {
  it('deletes an account without tickets; one with tickets or messages is refused, naming them', async () => {
    const gone = await ctx.createUser({ first_name: 'Pasajera' });
    expect((await del(alice.token, `/api/user/deleted/${gone.id}`)).statusCode).toBe(403);
    expect((await del(admin.token, `/api/user/deleted/${gone.id}`)).statusCode).toBe(204);
    expect((await get(admin.token, '/api/get-users/')).json().map((u: { id: number }) => u.id)).not.toContain(gone.id);
    expect((await del(admin.token, `/api/user/deleted/${gone.id}`)).statusCode).toBe(404);

    const asker = await ctx.userWithToken({ first_name: 'Consulta' });
    const ticket = (await post(asker.token, '/api/ticket/create', { title: 'Duda', content: 'Hola', status: 1 })).json();
    await post(asker.token, '/api/ticket/message/create', { ticket: ticket.id, content: 'Sigo esperando' });
    const refused = await del(admin.token, `/api/user/deleted/${asker.user.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'Ocurrió un error al eliminar el usuario: tiene 1 ticket y 1 mensaje de ticket.' });
    expect((await get(admin.token, `/api/ticket/detail/${ticket.id}`)).statusCode).toBe(200);

    expect((await del(admin.token, `/api/user/deleted/${admin.user.id}`)).json()).toEqual({ non_field_errors: ['No puedes eliminar tu propia cuenta.'] });
    const root = await ctx.createUser({ is_staff: true, is_superuser: true });
    expect((await del(admin.token, `/api/user/deleted/${root.id}`)).statusCode).toBe(403);
  });
});

describe('project-user links', () => {
  it('staff link one user (a link) or several (the links created, skipping existing ones)', async () => {
    const one = await post(admin.token, '/api/associate-user-project/create', { user_project: solar.id, users: alice.user.id });
    expect(one.statusCode).toBe(201);
    expect(one.json()).toEqual({
      id: expect.any(Number), user_project: solar.id, users: alice.user.id,
      project_name: 'Parque Solar Norte', user_fullname: 'Alicia Rojas', user_email: alice.user.email,
    });

    const dup = await post(admin.token, '/api/associate-user-project/create', { user_project: solar.id, users: alice.user.id });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ non_field_errors: ['El usuario ya está asociado a este proyecto.'] });

    const many = await post(admin.token, '/api/associate-user-project/create', { user_project: solar.id, users: [alice.user.id, bob.user.id, bob.user.id] });
    expect(many.statusCode).toBe(201);
    expect(many.json()).toEqual([expect.objectContaining({ user_project: solar.id, users: bob.user.id, user_fullname: 'Roberto Soto' })]);

    const single = await post(admin.token, '/api/associate-user-project/create', { user_project: roof.id, users: [bob.user.id] });
    expect(single.statusCode).toBe(201);
    expect(single.json()).toEqual([expect.objectContaining({ user_project: roof.id, users: bob.user.id })]);
    expect((await post(admin.token, '/api/associate-user-project/create', { user_project: roof.id, users: [bob.user.id] })).json()).toEqual([]);

    const members = await get(admin.token, `/api/associate-project-user/${solar.id}`);
    expect(members.json()).toEqual({
      id: solar.id, name: 'Parque Solar Norte',
      users_project: [one.json(), many.json()[0]],
    });
  });

  it("the choices of 'Agregar usuario al proyecto': customers not in the project yet, paged on the server", async () => {
    const [third] = await ctx.database.db.insert(projects).values({ name: 'Tercero' }).returning();
    await post(admin.token, '/api/associate-user-project/create', { user_project: third.id, users: alice.user.id });
    const choices = await get(admin.token, `/api/get-users/?is_staff=false&not_in_project=${third.id}&page=1&page_size=50`);
    expect(choices.statusCode).toBe(200);
    const ids = choices.json().results.map((u: { id: number }) => u.id);
    expect(ids).toContain(bob.user.id);
    expect(ids).not.toContain(alice.user.id);
    expect(ids).not.toContain(admin.user.id);
    expect(choices.json().count).toBe(ids.length);
    expect((await get(admin.token, '/api/get-users/?not_in_project=abc')).json()).toEqual({ not_in_project: [expect.any(String)] });
  });

  it('unknown ids are a 400 naming the field; bad bodies too', async () => {
    expect((await post(admin.token, '/api/associate-user-project/create', { user_project: 999999, users: alice.user.id })).json())
      .toEqual({ user_project: ['Clave primaria "999999" inválida - objeto no existe.'] });
    expect((await post(admin.token, '/api/associate-user-project/create', { user_project: roof.id, users: [alice.user.id, 999998] })).json())
      .toEqual({ users: [expect.stringContaining('999998')] });
    const empty = await post(admin.token, '/api/associate-user-project/create', { user_project: roof.id, users: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json())).toEqual(['users']);
    expect((await post(admin.token, '/api/associate-user-project/create', { users: alice.user.id })).json())
      .toEqual({ user_project: ['Este campo es requerido.'] });
    expect((await get(admin.token, `/api/associate-project-user/${roof.id}`)).json().users_project).toHaveLength(1);
  });

  it('reads: staff any link, an ordinary user only their own; the member list of a project is staff only', async () => {
    const { users_project } = (await get(admin.token, `/api/associate-project-user/${solar.id}`)).json();
    const aliceLink = users_project.find((l: { users: number }) => l.users === alice.user.id);
    const bobLink = users_project.find((l: { users: number }) => l.users === bob.user.id);
    expect((await get(admin.token, `/api/associate-user-project/${bobLink.id}`)).json()).toEqual(bobLink);
    expect((await get(alice.token, `/api/associate-user-project/${aliceLink.id}`)).json()).toEqual(aliceLink);
    expect((await get(alice.token, `/api/associate-user-project/${bobLink.id}`)).statusCode).toBe(404);
    expect((await get(alice.token, `/api/associate-project-user/${solar.id}`)).statusCode).toBe(403);
    expect((await get(admin.token, '/api/associate-project-user/999999')).statusCode).toBe(404);
    expect((await get(admin.token, '/api/associate-user-project/999999')).statusCode).toBe(404);
  });

  it('staff update and delete links; an ordinary user gets 403 on every write', async () => {
    const link = (await post(admin.token, '/api/associate-user-project/create', { user_project: roof.id, users: alice.user.id })).json();

    const writes = [
      post(alice.token, '/api/associate-user-project/create', { user_project: roof.id, users: bob.user.id }),
      put(alice.token, `/api/associate-user-project/update/${link.id}`, { user_project: solar.id }),
      del(alice.token, `/api/associate-user-project/deleted/${link.id}`),
    ];
    for (const res of await Promise.all(writes)) expect(res.statusCode).toBe(403);

    // Alice is already on the solar project: moving this link there would duplicate it.
    expect((await put(admin.token, `/api/associate-user-project/update/${link.id}`, { user_project: solar.id })).json())
      .toEqual({ non_field_errors: ['El usuario ya está asociado a este proyecto.'] });
    expect((await put(admin.token, `/api/associate-user-project/update/${link.id}`, { users: 999999 })).json())
      .toEqual({ users: [expect.stringContaining('999999')] });
    const carla = await ctx.createUser({ first_name: 'Carla' });
    const moved = await put(admin.token, `/api/associate-user-project/update/${link.id}`, { users: carla.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ ...link, users: carla.id, user_fullname: expect.stringContaining('Carla'), user_email: carla.email });

    expect((await del(admin.token, `/api/associate-user-project/deleted/${link.id}`)).statusCode).toBe(204);
    expect((await get(admin.token, `/api/associate-user-project/${link.id}`)).statusCode).toBe(404);
    expect((await del(admin.token, `/api/associate-user-project/deleted/${link.id}`)).statusCode).toBe(404);
  });
});
