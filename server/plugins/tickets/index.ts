/**
 * Support tickets: categories (types), tickets with an optional attachment, their messages, the
 * assigned administrator and the status (1 Activo, 2 Cerrado). Staff see and handle every ticket;
 * anyone else opens tickets for themselves and sees only those (another user's ticket, or a message
 * of it, is a 404). What happens to a ticket is told to the people concerned (./events.ts).
 */
import fp from 'fastify-plugin';
import { and, eq, inArray, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import { ticketAssignees, ticketMessages, tickets, ticketTypes, users } from '../../db/schema.js';
import { checkReferences, crudRoutes, serializeList } from '../../core/crud.js';
import { IdParams, S } from '../../../contract/common.js';
import { ErrorBody } from '../../core/errors.js';
import { currentUser } from '../../core/access.js';
import { fieldError, forbidden, MSG, nonFieldError, notFound } from '../../core/errors.js';
import { list } from '../../core/lists.js';
import { listOf, ListQuery } from '../../../contract/common.js';
import { removeMedia, withUploads } from '../../core/uploads.js';
import { withAttachmentLinks } from '../../core/attachments.js';
import { userFullName } from '../../domain/users.js';
import {
  ACTIVE, activeStaff, loadTicket, messageFields, messageItem, MessageItem, messageJoin, serializeTickets, Status,
  ticketFields, ticketItem, TicketItem, ticketJoin, ticketScope,
} from './items.js';
import { notifyTicketEvent } from './events.js';
import { moveLegacyAttachments } from './legacy.js';
import { ticketCategoryApi } from '../../../contract/tickets.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const multipart = ['multipart/form-data', 'application/json'];


const TicketListQuery = Type.Object({
  ...ListQuery.properties,
  status: Type.Optional(Status),
  type: Type.Optional(S.id()),
  assigned: Type.Optional(Type.String({ pattern: '^(none|[1-9][0-9]{0,8})$', description: "an administrator's user id, or 'none' for unassigned tickets" })),
  customuser: Type.Optional(S.id()),
});

const TicketCreate = Type.Object({
  title: S.nonBlank(200),
  content: S.nonBlank(10000),
  customuser: Type.Optional(S.nullable(S.id())),
  type: Type.Optional(S.nullable(S.id())),
  status: Type.Optional(Status),
  media: Type.Optional(S.file()),
}, { description: 'customuser: the customer the ticket is for (staff only; anyone else always opens tickets for themselves). An empty type is none. media: an image or a PDF.' });

const TicketUpdate = Type.Object({
  title: Type.Optional(S.nonBlank(200)),
  status: Type.Optional(Status),
  user_admin: Type.Optional(S.nullable(S.id())),
}, { description: 'Staff: title, status, and user_admin, the administrator to assign (replaces the one assigned before). The ticket owner: title only.' });

const MessageCreate = Type.Object({
  content: S.nonBlank(10000),
  ticket: S.id(),
  customuser: Type.Optional(S.nullable(S.id())),
  media: Type.Optional(S.file()),
}, { description: 'customuser is ignored: the author is always the signed-in user. media: an image or a PDF.' });

const NOT_ADMIN = 'El usuario seleccionado no es un administrador.';

export default fp(async (app) => {
  const { db } = app;
  // A failure here (database down) must not keep the server from starting: logged, retried at the next start.
  app.addHook('onReady', () => moveLegacyAttachments(app).catch((err) => app.log.error({ err }, 'moving old ticket attachments failed')));

  // ---------- categories ----------

  crudRoutes(app, ticketCategoryApi, {
    table: ticketTypes,
    requiredMessages: { name: MSG.nameRequired, description: MSG.descriptionRequired },
    ordering: { name: ticketTypes.name, id: ticketTypes.id, created_at: ticketTypes.created_at },
    search: [ticketTypes.name, ticketTypes.description],
  });

  // ---------- tickets ----------

  app.get('/ticket/list', {
    schema: {
      tags: ['ticket'], summary: 'Tickets (staff: all; anyone else: their own), newest first. Filters: status, type, assigned, customuser',
      querystring: TicketListQuery, response: { 200: listOf(TicketItem), ...errors },
    },
  }, async (request) => {
    const query = request.query as { status?: number; type?: number; assigned?: string; customuser?: number; ordering?: string };
    query.ordering ||= '-created_at,-id';
    const assigned: SQL | undefined = query.assigned === undefined ? undefined
      : query.assigned === 'none'
        ? notExists(db.select({ ticket: ticketAssignees.ticket }).from(ticketAssignees).where(eq(ticketAssignees.ticket, tickets.id)))
        : inArray(tickets.id, db.select({ ticket: ticketAssignees.ticket }).from(ticketAssignees).where(eq(ticketAssignees.user, Number(query.assigned))));
    const result = await list(db, request, {
      table: tickets, fields: ticketFields, join: ticketJoin,
      where: and(
        ticketScope(request),
        query.status === undefined ? undefined : eq(tickets.status, query.status),
        query.type === undefined ? undefined : eq(tickets.type, query.type),
        query.customuser === undefined ? undefined : eq(tickets.customuser, query.customuser),
        assigned,
      ),
      ordering: {
        created_at: tickets.created_at, updated_at: tickets.updated_at, id: tickets.id, title: tickets.title,
        status: tickets.status, type_name: ticketTypes.name, user_fullname: userFullName,
      },
      search: [tickets.title, tickets.content, users.first_name, users.last_name, users.email, ticketTypes.name],
    });
    return serializeList(result, (rows) => serializeTickets(request, rows));
  });

  app.get('/ticket/detail/:id', {
    schema: { tags: ['ticket'], summary: 'One ticket', params: IdParams, response: { 200: TicketItem, ...errors } },
  }, async (request) => {
    const { id } = request.params as { id: number };
    await loadTicket(request, id);
    return ticketItem(request, id);
  });

  app.post('/ticket/create', {
    schema: {
      tags: ['ticket'], summary: 'Open a ticket (multipart, with an optional attachment); every administrator is notified',
      consumes: multipart, body: TicketCreate, response: { 201: TicketItem, ...errors },
    },
  }, async (request, reply) => {
    const me = currentUser(request);
    const body = request.body as { title: string; content: string; customuser?: number | null; type?: number | null; status?: 1 | 2 };
    const customuser = me.is_staff ? body.customuser ?? me.id : me.id;
    await checkReferences(request, { customuser, type: body.type }, { customuser: { table: users }, type: { table: ticketTypes } });
    const ticket = await withUploads(request, { media: 'attachment' }, async ({ media }) => {
      const [row] = await db.insert(tickets).values({
        title: body.title, content: body.content, customuser, type: body.type ?? null, status: body.status ?? ACTIVE, media: media ?? null,
      }).returning();
      return row;
    });
    await notifyTicketEvent(app, 'created', ticket, me);
    return reply.status(201).send(await ticketItem(request, ticket.id));
  });

  app.put('/ticket/update/:id', {
    schema: {
      tags: ['ticket'], summary: 'Change the title; staff also the status and the assigned administrator (who is notified)',
      params: IdParams, body: TicketUpdate, response: { 200: TicketItem, ...errors },
    },
  }, async (request) => {
    const me = currentUser(request);
    const { id } = request.params as { id: number };
    const { title, status, user_admin } = request.body as { title?: string; status?: 1 | 2; user_admin?: number | null };
    const before = await loadTicket(request, id);
    if (!me.is_staff && ((status !== undefined && status !== before.status) || (user_admin ?? null) !== null)) {
      throw forbidden('Solo puede modificar el título del ticket.');
    }
    if (user_admin != null) {
      const [admin] = await db.select({ assignable: sql<boolean>`(${activeStaff})` }).from(users).where(eq(users.id, user_admin));
      if (!admin) throw fieldError('user_admin', MSG.unknownId(user_admin));
      if (!admin.assignable) throw fieldError('user_admin', NOT_ADMIN);
    }
    const { ticket, newlyAssigned } = await db.transaction(async (tx) => {
      const [ticket] = await tx.update(tickets)
        .set({ ...(title !== undefined && { title }), ...(status !== undefined && { status }), updated_at: new Date() })
        .where(eq(tickets.id, id)).returning();
      if (user_admin == null) return { ticket, newlyAssigned: false };
      // One administrator at a time: assigning replaces whoever was assigned before (SPEC.md §4).
      await tx.delete(ticketAssignees).where(and(eq(ticketAssignees.ticket, id), ne(ticketAssignees.user, user_admin)));
      const added = await tx.insert(ticketAssignees).values({ ticket: id, user: user_admin }).onConflictDoNothing().returning();
      return { ticket, newlyAssigned: added.length > 0 };
    });
    if (newlyAssigned) await notifyTicketEvent(app, 'assigned', ticket, me, { assignedAdmin: user_admin! });
    if (ticket.status !== before.status) await notifyTicketEvent(app, 'status', ticket, me);
    return ticketItem(request, id);
  });

  app.put('/ticket/remove/admin/:id', {
    config: { access: 'staff' },
    schema: {
      tags: ['ticket'], summary: 'Unassign an administrator (user_admin), or every one when user_admin is omitted',
      params: IdParams,
      body: Type.Object({ user_admin: Type.Optional(S.nullable(S.id())) }, { description: 'title and status, which the web client sends along, are ignored.' }),
      response: { 200: TicketItem, ...errors },
    },
  }, async (request) => {
    const { id } = request.params as { id: number };
    const { user_admin } = (request.body ?? {}) as { user_admin?: number | null };
    await loadTicket(request, id);
    const removed = await db.delete(ticketAssignees)
      .where(and(eq(ticketAssignees.ticket, id), user_admin == null ? undefined : eq(ticketAssignees.user, user_admin))).returning();
    if (removed.length) await db.update(tickets).set({ updated_at: new Date() }).where(eq(tickets.id, id));
    return ticketItem(request, id);
  });

  app.put('/ticket/change/status/:id', {
    schema: {
      tags: ['ticket'], summary: 'Change the status (1 Activo, 2 Cerrado); the owner or staff. The customer is notified',
      params: IdParams, body: Type.Object({ status: Status }), response: { 200: TicketItem, ...errors },
    },
  }, async (request) => {
    const { id } = request.params as { id: number };
    const { status } = request.body as { status: 1 | 2 };
    const before = await loadTicket(request, id);
    if (status !== before.status) {
      const [ticket] = await db.update(tickets).set({ status, updated_at: new Date() }).where(eq(tickets.id, id)).returning();
      await notifyTicketEvent(app, 'status', ticket, currentUser(request));
    }
    return ticketItem(request, id);
  });

  app.delete('/ticket/delete/:id', {
    schema: { tags: ['ticket'], summary: 'Delete a ticket with its messages and attachments (staff, or the owner)', params: IdParams, response: { 204: Type.Null(), ...errors } },
  }, async (request, reply) => {
    const { id } = request.params as { id: number };
    const ticket = await loadTicket(request, id);
    const attachments = await db.select({ media: ticketMessages.media }).from(ticketMessages).where(eq(ticketMessages.ticket, id));
    await db.delete(tickets).where(eq(tickets.id, id));
    for (const media of [ticket.media, ...attachments.map((a) => a.media)]) await removeMedia(request, media);
    return reply.status(204).send();
  });

  // ---------- messages ----------

  app.get('/ticket/message/of/ticket/:id', {
    schema: {
      tags: ['ticket message'], summary: 'Messages of a ticket, oldest first',
      params: IdParams, querystring: ListQuery, response: { 200: listOf(MessageItem), ...errors },
    },
  }, async (request) => {
    const { id } = request.params as { id: number };
    await loadTicket(request, id);
    (request.query as ListQuery).ordering ||= 'created_at,id';
    const result = await list(db, request, {
      table: ticketMessages, fields: messageFields, join: messageJoin, where: eq(ticketMessages.ticket, id),
      ordering: { created_at: ticketMessages.created_at, id: ticketMessages.id },
      search: [ticketMessages.content],
    });
    return serializeList(result, (rows) => withAttachmentLinks(request, rows));
  });

  app.post('/ticket/message/create', {
    config: { requiredMessages: { content: MSG.messageRequired } },
    schema: {
      tags: ['ticket message'],
      summary: 'Reply on a ticket (multipart, with an optional attachment); the other side is notified. A closed ticket takes replies from staff only',
      consumes: multipart, body: MessageCreate, response: { 201: MessageItem, ...errors },
    },
  }, async (request, reply) => {
    const me = currentUser(request);
    const body = request.body as { content: string; ticket: number };
    const [ticket] = await db.select().from(tickets).where(and(eq(tickets.id, body.ticket), ticketScope(request)));
    if (!ticket) throw fieldError('ticket', MSG.unknownId(body.ticket));
    if (ticket.status !== ACTIVE && !me.is_staff) throw nonFieldError('El ticket está cerrado y no admite nuevos mensajes.');
    const message = await withUploads(request, { media: 'attachment' }, (paths) => db.transaction(async (tx) => {
      const [row] = await tx.insert(ticketMessages).values({ ticket: ticket.id, customuser: me.id, content: body.content, media: paths.media ?? null }).returning();
      await tx.update(tickets).set({ updated_at: new Date() }).where(eq(tickets.id, ticket.id));
      return row;
    }));
    await notifyTicketEvent(app, 'replied', ticket, me);
    return reply.status(201).send(await messageItem(request, message.id));
  });

  app.delete('/ticket/message/delete/:id', {
    schema: { tags: ['ticket message'], summary: 'Delete a message (its author, or staff)', params: IdParams, response: { 204: Type.Null(), ...errors } },
  }, async (request, reply) => {
    const me = currentUser(request);
    const { id } = request.params as { id: number };
    const [message] = await db.select({ author: ticketMessages.customuser, media: ticketMessages.media }).from(ticketMessages)
      .innerJoin(tickets, eq(tickets.id, ticketMessages.ticket)).where(and(eq(ticketMessages.id, id), ticketScope(request)));
    if (!message) throw notFound();
    if (!me.is_staff && message.author !== me.id) throw forbidden();
    await db.delete(ticketMessages).where(eq(ticketMessages.id, id));
    await removeMedia(request, message.media);
    return reply.status(204).send();
  });
}, { name: 'tickets' });
