/** The ticket routes (server/plugins/tickets/index.ts): categories, tickets and their messages. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ticketMessages, tickets } from '../../../../server/db/schema.js';
import { FAKE_PNG, type multipart, PDF_MIN, PNG_1x1 } from '../../../../testing/harness.js';
import {
  admin, admin2, call, countRows, ctx, customer, fileOf, mediaFiles, openTicket, other, send, SIGNED, useTicketSuite,
} from './suite.js';

useTicketSuite();

describe('ticket categories', () => {
  it('staff create, update and delete them; everyone signed in reads them', async () => {
    const created = await call(admin, 'POST', '/ticket/type/create', { name: 'Facturación', description: 'Cobros y boletas' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Facturación', description: 'Cobros y boletas' });
    const { id } = created.json();
    const updated = await call(admin, 'PUT', `/ticket/type/update/${id}`, { description: 'Cobros' });
    expect(updated.json()).toMatchObject({ id, name: 'Facturación', description: 'Cobros' });
    const listed = await call(customer, 'GET', '/ticket/type/list');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toContainEqual(expect.objectContaining({ id, description: 'Cobros' }));
    expect((await call(admin, 'DELETE', `/ticket/type/delete/${id}`)).statusCode).toBe(204);
    expect((await call(customer, 'GET', '/ticket/type/list')).json().map((t: { id: number }) => t.id)).not.toContain(id);
  });

  it('an ordinary user cannot write them', async () => {
    expect((await call(customer, 'POST', '/ticket/type/create', { name: 'X', description: 'Y' })).statusCode).toBe(403);
    const { id } = (await call(admin, 'POST', '/ticket/type/create', { name: 'Z', description: 'Z' })).json();
    expect((await call(customer, 'PUT', `/ticket/type/update/${id}`, { name: 'W' })).statusCode).toBe(403);
    expect((await call(customer, 'DELETE', `/ticket/type/delete/${id}`)).statusCode).toBe(403);
  });

  it('a missing or blank name or description gets the SPEC message under its field', async () => {
    const missing = await call(admin, 'POST', '/ticket/type/create', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ name: ['El nombre es requerido'], description: ['La descripción es requerida'] });
    const blank = await call(admin, 'POST', '/ticket/type/create', { name: '   ', description: '' });
    expect(blank.json()).toEqual({ name: ['El nombre es requerido'], description: ['La descripción es requerida'] });
    const { id } = (await call(admin, 'POST', '/ticket/type/create', { name: 'Otro', description: 'Otros temas' })).json();
    const update = await call(admin, 'PUT', `/ticket/type/update/${id}`, { name: '' });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toEqual({ name: ['El nombre es requerido'] });
    // Other faults keep their own wording.
    const long = await call(admin, 'POST', '/ticket/type/create', { name: 'x'.repeat(121), description: 'ok' });
    expect(long.json()).toEqual({ name: ['Asegúrate de que este campo no tenga más de 120 caracteres.'] });
  });
});

describe('tickets', () => {
  let category: { id: number; name: string };
  beforeAll(async () => {
    category = (await call(admin, 'POST', '/ticket/type/create', { name: 'Soporte técnico', description: 'Fallas de equipos' })).json();
  });

  it('a customer opens a ticket for themselves, with a PDF, and gets every derived field', async () => {
    const ticket = await openTicket(customer, {
      customuser: other.user.id, type: category.id, media: { filename: 'boleta.pdf', data: PDF_MIN, type: 'application/pdf' },
    });
    expect(ticket).toEqual({
      id: expect.any(Number), title: 'Inversor sin datos', content: 'No veo datos desde ayer',
      status: 1, status_name: 'Activo', type: category.id, type_name: 'Soporte técnico',
      customuser: customer.user.id, user_fullname: 'Carla Cliente',
      media: expect.stringMatching(SIGNED('pdf')),
      assigned_user_admin: [], assigned_admin_fullname: 'Sin asignar',
      created_at: expect.any(String), updated_at: expect.any(String), messages_count: 0, alarm: null,
      author: customer.user.id, author_fullname: 'Carla Cliente', author_is_staff: false,
    });
    expect(new Date(ticket.created_at).toString()).not.toBe('Invalid Date');
    expect(mediaFiles()).toContain(fileOf(ticket.media));
    expect((await call(customer, 'GET', `/ticket/detail/${ticket.id}`)).json()).toEqual({ ...ticket, media: expect.stringMatching(SIGNED('pdf')) });
  });

  it('staff may open a ticket for a customer, who must exist', async () => {
    const ticket = await openTicket(admin, { customuser: other.user.id });
    expect(ticket).toMatchObject({ customuser: other.user.id, user_fullname: 'Otto Otro' });
    const missing = await send(admin, 'POST', '/ticket/create', { title: 'T', content: 'C', customuser: 999999 });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['customuser']);
    const badType = await send(admin, 'POST', '/ticket/create', { title: 'T', content: 'C', type: 999999 });
    expect(Object.keys(badType.json())).toEqual(['type']);
    // Empty form fields mean "none": the ticket is the caller's own, without a category.
    expect(await openTicket(admin, { customuser: '', type: '' })).toMatchObject({ customuser: admin.user.id, type: null, type_name: null });
  });

  it('validates title, content and status', async () => {
    const res = await send(customer, 'POST', '/ticket/create', { title: ' ', status: 3 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['content', 'status', 'title']);
  });

  it('a customer lists only their own tickets and gets 404 on anyone else\'s', async () => {
    const mine = await openTicket(customer);
    const theirs = await openTicket(other);
    const ids = (await call(customer, 'GET', '/ticket/list')).json().map((t: { id: number }) => t.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    // Asking for someone else's tickets changes nothing.
    expect((await call(customer, 'GET', `/ticket/list?customuser=${other.user.id}`)).json()).toEqual([]);
    for (const url of [`/ticket/detail/${theirs.id}`, `/ticket/message/of/ticket/${theirs.id}`]) {
      const res = await call(customer, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'No encontrado.' });
    }
    expect((await call(customer, 'PUT', `/ticket/update/${theirs.id}`, { title: 'mío' })).statusCode).toBe(404);
    expect((await call(customer, 'PUT', `/ticket/change/status/${theirs.id}`, { status: 2 })).statusCode).toBe(404);
    expect((await call(customer, 'DELETE', `/ticket/delete/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/ticket/detail/${theirs.id}`)).statusCode).toBe(200);
    const all = (await call(admin, 'GET', '/ticket/list')).json().map((t: { id: number }) => t.id);
    expect(all).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('lists newest first, with paging, search and the filters status, type, assigned and customuser', async () => {
    const typed = await openTicket(other, { title: 'Panel roto en techo', type: category.id });
    const closed = await openTicket(other, { title: 'Consulta cerrada', status: 2 });
    const assigned = await openTicket(other, { title: 'Asignado a Ana' });
    await call(admin, 'PUT', `/ticket/update/${assigned.id}`, { user_admin: admin.user.id });
    const ids = (query: string) => call(admin, 'GET', `/ticket/list?customuser=${other.user.id}&${query}`)
      .then((r) => { expect(r.statusCode, r.body).toBe(200); return r.json().map((t: { id: number }) => t.id); });

    const newest = await ids('');
    expect(newest.slice(0, 3)).toEqual([assigned.id, closed.id, typed.id]);
    expect(await ids('ordering=id')).toEqual([...newest].sort((a, b) => a - b));
    expect(await ids('status=2')).toEqual([closed.id]);
    expect(await ids(`type=${category.id}`)).toEqual([typed.id]);
    expect(await ids(`assigned=${admin.user.id}`)).toEqual([assigned.id]);
    expect(await ids('assigned=none')).not.toContain(assigned.id);
    expect(await ids('assigned=none')).toContain(typed.id);
    expect(await ids('search=techo')).toEqual([typed.id]);
    expect((await call(admin, 'GET', '/ticket/list?assigned=someone')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/ticket/list?status=7')).statusCode).toBe(400);
    const page = (await call(admin, 'GET', `/ticket/list?customuser=${other.user.id}&page=1&page_size=2`)).json();
    expect(page).toMatchObject({ count: newest.length, previous: null });
    expect(page.results.map((t: { id: number }) => t.id)).toEqual(newest.slice(0, 2));
    expect(page.results.find((t: { id: number }) => t.id === assigned.id).assigned_admin_fullname).toBe('Ana Admin');
  });

  it('staff assign an administrator; assigning again replaces the previous one; removing leaves "Sin asignar"', async () => {
    const ticket = await openTicket(customer);
    const first = await call(admin, 'PUT', `/ticket/update/${ticket.id}`, { title: ticket.title, status: 1, user_admin: admin.user.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      assigned_user_admin: [{ id: admin.user.id, first_name: 'Ana', last_name: 'Admin', email: admin.user.email, full_name: 'Ana Admin' }],
      assigned_admin_fullname: 'Ana Admin',
    });
    // The web client's way: remove the previous administrator, then assign the new one.
    const removed = await call(admin, 'PUT', `/ticket/remove/admin/${ticket.id}`, { title: ticket.title, status: 1, user_admin: admin.user.id });
    expect(removed.json()).toMatchObject({ assigned_user_admin: [], assigned_admin_fullname: 'Sin asignar' });
    const second = await call(admin, 'PUT', `/ticket/update/${ticket.id}`, { title: ticket.title, status: 1, user_admin: admin2.user.id });
    expect(second.json().assigned_user_admin.map((a: { id: number }) => a.id)).toEqual([admin2.user.id]);
    expect(second.json().assigned_admin_fullname).toBe('Bruno Soporte');
    // Assigning without removing first still leaves one administrator.
    const third = await call(admin2, 'PUT', `/ticket/update/${ticket.id}`, { user_admin: admin.user.id });
    expect(third.json().assigned_user_admin.map((a: { id: number }) => a.id)).toEqual([admin.user.id]);
    // Removing someone who is not assigned changes nothing; without user_admin everyone goes.
    expect((await call(admin, 'PUT', `/ticket/remove/admin/${ticket.id}`, { user_admin: admin2.user.id })).json().assigned_admin_fullname).toBe('Ana Admin');
    const none = await call(admin, 'PUT', `/ticket/remove/admin/${ticket.id}`, {});
    expect(none.json()).toMatchObject({ assigned_user_admin: [], assigned_admin_fullname: 'Sin asignar' });
    expect((await call(admin, 'PUT', `/ticket/remove/admin/424242`, {})).statusCode).toBe(404);
  });

  it('only an active administrator can be assigned', async () => {
    const ticket = await openTicket(customer);
    const notAdmin = await call(admin, 'PUT', `/ticket/update/${ticket.id}`, { user_admin: other.user.id });
    expect(notAdmin.statusCode).toBe(400);
    expect(notAdmin.json()).toEqual({ user_admin: ['El usuario seleccionado no es un administrador.'] });
    const missing = await call(admin, 'PUT', `/ticket/update/${ticket.id}`, { user_admin: 999999 });
    expect(missing.json()).toEqual({ user_admin: [expect.stringContaining('999999')] });
    const gone = await ctx.createUser({ is_staff: true, is_active: false });
    expect((await call(admin, 'PUT', `/ticket/update/${ticket.id}`, { user_admin: gone.id })).statusCode).toBe(400);
    expect((await call(admin, 'GET', `/ticket/detail/${ticket.id}`)).json().assigned_user_admin).toEqual([]);
  });

  it('the owner may change only the title; removing administrators is for staff', async () => {
    const ticket = await openTicket(customer);
    const renamed = await call(customer, 'PUT', `/ticket/update/${ticket.id}`, { title: 'Nuevo título', status: 1, user_admin: null });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().title).toBe('Nuevo título');
    expect((await call(customer, 'PUT', `/ticket/update/${ticket.id}`, { user_admin: admin.user.id })).statusCode).toBe(403);
    expect((await call(customer, 'PUT', `/ticket/update/${ticket.id}`, { status: 2 })).statusCode).toBe(403);
    expect((await call(customer, 'PUT', `/ticket/remove/admin/${ticket.id}`, {})).statusCode).toBe(403);
    const after = (await call(customer, 'GET', `/ticket/detail/${ticket.id}`)).json();
    expect(after).toMatchObject({ status: 1, assigned_user_admin: [] });
  });

  it('status changes by the owner or staff, to 1 or 2 only', async () => {
    const ticket = await openTicket(customer);
    const closed = await call(customer, 'PUT', `/ticket/change/status/${ticket.id}`, { status: 2 });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 2, status_name: 'Cerrado' });
    const reopened = await call(admin, 'PUT', `/ticket/change/status/${ticket.id}`, { status: 1 });
    expect(reopened.json()).toMatchObject({ status: 1, status_name: 'Activo' });
    for (const status of [0, 3, 'x']) {
      const res = await call(admin, 'PUT', `/ticket/change/status/${ticket.id}`, { status });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['status']);
    }
    expect((await call(admin, 'PUT', `/ticket/change/status/${ticket.id}`, {})).statusCode).toBe(400);
    expect((await call(other, 'PUT', `/ticket/change/status/${ticket.id}`, { status: 2 })).statusCode).toBe(404);
  });

  it('the owner or staff delete a ticket, with its messages and files', async () => {
    const ticket = await openTicket(customer, { media: { filename: 'a.png', data: PNG_1x1 } });
    const reply = (await send(admin, 'POST', '/ticket/message/create', { content: 'Adjunto', ticket: ticket.id, media: { filename: 'b.pdf', data: PDF_MIN } })).json();
    expect((await call(other, 'DELETE', `/ticket/delete/${ticket.id}`)).statusCode).toBe(404);
    expect((await call(customer, 'DELETE', `/ticket/delete/${ticket.id}`)).statusCode).toBe(204);
    expect((await call(customer, 'GET', `/ticket/detail/${ticket.id}`)).statusCode).toBe(404);
    expect(mediaFiles()).not.toContain(fileOf(ticket.media));
    expect(mediaFiles()).not.toContain(fileOf(reply.media));
    expect((await ctx.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticket, ticket.id)))).toEqual([]);
    const theirs = await openTicket(other);
    expect((await call(admin2, 'DELETE', `/ticket/delete/${theirs.id}`)).statusCode).toBe(204);
  });

  it('requires a signed-in user', async () => {
    expect((await call(null, 'GET', '/ticket/list')).statusCode).toBe(401);
  });
});

describe('ticket messages', () => {
  it('customer and staff write; the thread reads oldest first with author name and is_staff', async () => {
    const ticket = await openTicket(customer);
    const mine = await send(customer, 'POST', '/ticket/message/create', { content: 'Sigue sin datos', ticket: ticket.id, customuser: other.user.id });
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toEqual({
      id: expect.any(Number), ticket: ticket.id, customuser: customer.user.id, user_fullname: 'Carla Cliente', is_staff: false,
      content: 'Sigue sin datos', media: null, created_at: expect.any(String),
    });
    const answer = await send(admin, 'POST', '/ticket/message/create', { content: 'Revisamos el inversor', ticket: ticket.id });
    expect(answer.json()).toMatchObject({ customuser: admin.user.id, user_fullname: 'Ana Admin', is_staff: true });
    const thread = (await call(customer, 'GET', `/ticket/message/of/ticket/${ticket.id}`)).json();
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['Sigue sin datos', 'Revisamos el inversor']);
    expect((await call(customer, 'GET', `/ticket/detail/${ticket.id}`)).json().messages_count).toBe(2);
    const listed = (await call(customer, 'GET', '/ticket/list')).json().find((t: { id: number }) => t.id === ticket.id);
    expect(listed.messages_count).toBe(2);
  });

  it('"El mensaje es requerido" for a missing or blank message', async () => {
    const ticket = await openTicket(customer);
    for (const fields of [{ ticket: ticket.id }, { ticket: ticket.id, content: '' }, { ticket: ticket.id, content: '  \n ' }] as Parameters<typeof multipart>[0][]) {
      const res = await send(customer, 'POST', '/ticket/message/create', fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ content: ['El mensaje es requerido'] });
    }
  });

  it('a closed ticket refuses its customer\'s messages but not staff\'s', async () => {
    const ticket = await openTicket(customer);
    await call(admin, 'PUT', `/ticket/change/status/${ticket.id}`, { status: 2 });
    const refused = await send(customer, 'POST', '/ticket/message/create', { content: 'Hola?', ticket: ticket.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [expect.stringContaining('cerrado')] });
    const staff = await send(admin, 'POST', '/ticket/message/create', { content: 'Cerrado por inactividad', ticket: ticket.id });
    expect(staff.statusCode).toBe(201);
    expect((await call(customer, 'GET', `/ticket/message/of/ticket/${ticket.id}`)).json()).toHaveLength(1);
  });

  it('nobody writes on a ticket they cannot see', async () => {
    const ticket = await openTicket(customer);
    const rows = await countRows(ticketMessages);
    const res = await send(other, 'POST', '/ticket/message/create', { content: 'Intruso', ticket: ticket.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ticket: [expect.stringContaining(String(ticket.id))] });
    expect(await countRows(ticketMessages)).toBe(rows);
  });

  it('a message is deleted by its author or staff: 403 for the other side, 404 for strangers', async () => {
    const ticket = await openTicket(customer);
    const mine = (await send(customer, 'POST', '/ticket/message/create', { content: 'Mío', ticket: ticket.id })).json();
    const staff = (await send(admin, 'POST', '/ticket/message/create', { content: 'Del soporte', ticket: ticket.id })).json();
    expect((await call(other, 'DELETE', `/ticket/message/delete/${mine.id}`)).statusCode).toBe(404);
    const forbidden = await call(customer, 'DELETE', `/ticket/message/delete/${staff.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toHaveProperty('detail');
    expect((await call(customer, 'DELETE', `/ticket/message/delete/${mine.id}`)).statusCode).toBe(204);
    expect((await call(admin2, 'DELETE', `/ticket/message/delete/${staff.id}`)).statusCode).toBe(204);
    expect((await call(customer, 'GET', `/ticket/message/of/ticket/${ticket.id}`)).json()).toEqual([]);
    expect((await call(admin, 'DELETE', `/ticket/message/delete/${staff.id}`)).statusCode).toBe(404);
  });
});

describe('attachments of tickets and messages', () => {
  type Fields = Parameters<typeof send>[3];
  let thread: number;
  beforeAll(async () => { thread = (await openTicket(customer)).id; });
  it.each([
    { what: 'a ticket', table: tickets, create: (fields: Fields) => send(customer, 'POST', '/ticket/create', { title: 'T', content: 'C', ...fields }) },
    { what: 'a message', table: ticketMessages, create: (fields: Fields) => send(customer, 'POST', '/ticket/message/create', { content: 'C', ticket: thread, ...fields }) },
  ])('$what takes a PDF or a PNG; other content is 400 {media}, storing no row and no file', async ({ table, create }) => {
    const pdf = await create({ media: { filename: 'f.pdf', data: PDF_MIN } });
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().media).toMatch(SIGNED('pdf'));
    const png = await create({ media: { filename: 'captura.png', data: PNG_1x1, type: 'image/png' } });
    expect(png.json().media).toMatch(SIGNED('png'));
    const served = await ctx.app.inject({ method: 'GET', url: png.json().media });
    expect(served.statusCode).toBe(200);
    // Content that only pretends, whatever its name and declared type.
    for (const disguise of [{ filename: 'x.pdf', type: 'application/pdf' }, { filename: 'f.png', type: 'image/png' }]) {
      const [rows, files] = [await countRows(table), mediaFiles().length];
      const bad = await create({ media: { ...disguise, data: FAKE_PNG } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ media: [expect.any(String)] });
      expect(await countRows(table)).toBe(rows);
      expect(mediaFiles().length).toBe(files);
    }
  });
});
