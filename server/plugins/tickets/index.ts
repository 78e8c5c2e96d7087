/**
 * Support tickets: categories (types), tickets with an optional attachment, their messages, the
 * assigned administrator and the status (1 Activo, 2 Cerrado). Staff see and handle every ticket;
 * anyone else opens tickets for themselves and sees only those (./items.ts). What happens to a
 * ticket is told to the people concerned (./events.ts). Every query is in ./queries.ts.
 */
import fp from 'fastify-plugin';
import { ticketTypes, users } from '../../db/schema.js';
import { checkReferences, crudRoutes } from '../../core/crud.js';
import { currentUser } from '../../core/access.js';
import { fieldError, forbidden, MSG, nonFieldError, notFound } from '../../core/errors.js';
import { route } from '../../core/route.js';
import { removeMedia, withUploads } from '../../core/uploads.js';
import { ACTIVE, ticketApi, ticketCategoryApi, ticketMessageApi } from '../../../contract/tickets.js';
import { loadTicket, messageItem, ticketItem, toMessage, toTicket } from './items.js';
import { notifyTicketEvent } from '../../domain/tickets/events.js';
import { deleteTicket, insertTicket } from '../../domain/tickets/queries.js';
import { moveLegacyAttachments } from './legacy.js';
import {
  categoryInUse, categoryRows,
  deleteMessage, findMessage, findTicket, insertMessage, isAssignable, listMessages, listTickets,
  unassign, updateTicket,
} from './queries.js';

const NEWEST_FIRST = '-created_at,-id';
const OLDEST_FIRST = 'created_at,id';
const NOT_ADMIN = 'El usuario seleccionado no es un administrador.';

export default fp(async (app) => {
  const { db } = app;
  // A failure here (database down) must not keep the server from starting: logged, retried at the next start.
  app.addHook('onReady', () => moveLegacyAttachments(app).catch((err) => app.log.error({ err }, 'moving old ticket attachments failed')));

  // ---------- categories ----------

  crudRoutes(app, ticketCategoryApi, {
    ...categoryRows, inUse: categoryInUse,
    requiredMessages: { name: MSG.nameRequired, description: MSG.descriptionRequired },
  });

  // ---------- tickets ----------

  route(app, ticketApi.list, (request) => {
    request.query.ordering ||= NEWEST_FIRST;
    return listTickets(db, request, currentUser(request), request.query, toTicket(request));
  });

  route(app, ticketApi.one, async (request) => {
    await loadTicket(request, request.params.id);
    return ticketItem(request, request.params.id);
  });

  route(app, ticketApi.create, async (request, reply) => {
    const me = currentUser(request);
    const { title, content, type = null, status = ACTIVE } = request.body;
    const customuser = me.is_staff ? request.body.customuser ?? me.id : me.id;
    await checkReferences(request, { customuser, type }, { customuser: { table: users }, type: { table: ticketTypes } });
    const ticket = await withUploads(request, { media: 'attachment' }, ({ media }) =>
      insertTicket(db, { title, content, customuser, type, status, media: media ?? null }));
    await notifyTicketEvent(app, 'created', ticket, me);
    return reply.status(201).send(await ticketItem(request, ticket.id));
  });

  route(app, ticketApi.update, async (request) => {
    const me = currentUser(request);
    const { id } = request.params;
    const { title, status, user_admin } = request.body;
    const before = await loadTicket(request, id);
    if (!me.is_staff && ((status !== undefined && status !== before.status) || (user_admin ?? null) !== null)) {
      throw forbidden('Solo puedes modificar el título del ticket.');
    }
    if (user_admin != null) {
      const assignable = await isAssignable(db, user_admin);
      if (assignable === undefined) throw fieldError('user_admin', MSG.unknownId(user_admin));
      if (!assignable) throw fieldError('user_admin', NOT_ADMIN);
    }
    const { ticket, assigned } = await updateTicket(db, id, { title, status }, user_admin);
    if (assigned !== null) await notifyTicketEvent(app, 'assigned', ticket, me, { assignedAdmin: assigned });
    if (ticket.status !== before.status) await notifyTicketEvent(app, 'status', ticket, me);
    return ticketItem(request, id);
  });

  route(app, ticketApi.removeAdmin, async (request) => {
    const { id } = request.params;
    await loadTicket(request, id);
    await unassign(db, id, request.body?.user_admin);
    return ticketItem(request, id);
  });

  route(app, ticketApi.changeStatus, async (request) => {
    const { id } = request.params;
    const { status } = request.body;
    const before = await loadTicket(request, id);
    if (status !== before.status) {
      const { ticket } = await updateTicket(db, id, { status });
      await notifyTicketEvent(app, 'status', ticket, currentUser(request));
    }
    return ticketItem(request, id);
  });

  route(app, ticketApi.delete, async (request, reply) => {
    const { id } = request.params;
    await loadTicket(request, id);
    for (const media of await deleteTicket(db, id)) await removeMedia(request, media);
    return reply.status(204).send(null);
  });

  // ---------- messages ----------

  route(app, ticketMessageApi.listBy, async (request) => {
    const { id } = request.params;
    await loadTicket(request, id);
    request.query.ordering ||= OLDEST_FIRST;
    return listMessages(db, request, id, toMessage(request));
  });

  route(app, ticketMessageApi.create, async (request, reply) => {
    const me = currentUser(request);
    const { content, ticket: ticketId } = request.body;
    const ticket = await findTicket(db, me, ticketId);
    if (!ticket) throw fieldError('ticket', MSG.unknownId(ticketId));
    if (ticket.status !== ACTIVE && !me.is_staff) throw nonFieldError('El ticket está cerrado y no admite nuevos mensajes.');
    const message = await withUploads(request, { media: 'attachment' }, ({ media }) =>
      insertMessage(db, { ticket: ticket.id, customuser: me.id, content, media: media ?? null }));
    await notifyTicketEvent(app, 'replied', ticket, me);
    return reply.status(201).send(await messageItem(request, message.id));
  }, { config: { requiredMessages: { content: MSG.messageRequired } } });

  route(app, ticketMessageApi.delete, async (request, reply) => {
    const me = currentUser(request);
    const { id } = request.params;
    const message = await findMessage(db, me, id);
    if (!message) throw notFound();
    if (!me.is_staff && message.author !== me.id) throw forbidden();
    await deleteMessage(db, id);
    await removeMedia(request, message.media);
    return reply.status(204).send(null);
  });
}, { name: 'tickets' });
