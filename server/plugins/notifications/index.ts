/**
 * Notifications: staff send one to the users of a tag (type 1), of a project (type 2, linked directly
 * or through a tag) or to chosen users (type 3); each recipient finds it under the bell and gets it by
 * e-mail and on their devices (Web Push). Deactivated accounts receive nothing. The bell calls (mark read, mark all read, unread count)
 * are additions to SPEC.md §7. Ticket events send notifications too (see ../../domain/tickets/events.ts); those
 * are the recipients' business and stay out of the staff's list of sent notifications.
 */
import fp from 'fastify-plugin';
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { projects, tags, users } from '../../db/schema.js';
import { checkReferences } from '../../core/crud.js';
import { currentUser } from '../../core/access.js';
import { nonFieldError, notFound } from '../../core/errors.js';
import { route } from '../../core/route.js';
import {
  CHOSEN_USERS, notificationApi, notificationTypeApi, PROJECT_USERS, TAG_USERS, userNotificationApi, type AddresseeKind,
} from '../../../contract/notifications.js';
import { listReceived, listSent, markAllRead, markRead, notificationTypeList, receivedNotification, sentNotification, unreadCount } from './queries.js';
import { activeUserIds, chosenUsers, projectMembers, tagMembers } from '../../domain/notifications/queries.js';
import { sendNotification } from '../../domain/notifications/send.js';

/** Lists are newest first unless the client asks otherwise. */
const NEWEST_FIRST = '-created_at,-id';

interface Sending { title: string; message: string; tag?: number; project?: number }

export default fp(async (app) => {
  const { db } = app;

  route(app, notificationApi.list, (request) => {
    request.query.ordering ||= NEWEST_FIRST;
    return listSent(db, request);
  });

  route(app, notificationTypeApi.list, () => notificationTypeList(db));

  // ---------- the signed-in user's bell ----------

  route(app, userNotificationApi.list, (request) => {
    request.query.ordering ||= NEWEST_FIRST;
    return listReceived(db, request, currentUser(request).id);
  });

  route(app, userNotificationApi.unreadCount, async (request) => ({ count: await unreadCount(db, currentUser(request).id) }));

  route(app, userNotificationApi.read, async (request) => {
    const me = currentUser(request).id;
    await markRead(db, me, request.params.id);
    const delivery = await receivedNotification(db, me, request.params.id);
    if (!delivery) throw notFound();
    return delivery;
  });

  route(app, userNotificationApi.readAll, async (request) => ({ count: await markAllRead(db, currentUser(request).id) }));

  // ---------- sending (staff) ----------

  /** Sends to the active users `addressees` selects (400 when there are none); answers the sent notification. */
  async function send(request: FastifyRequest, kind: AddresseeKind, { title, message, tag, project }: Sending, addressees: SQL) {
    const recipients = await activeUserIds(db, addressees);
    if (!recipients.length) throw nonFieldError('No hay usuarios a quienes enviar la notificación.');
    const id = await sendNotification(app, {
      type_notification: kind, title, message, sender: currentUser(request).id, tag, project, recipients, push: { url: '/app/notifications/received' },
    });
    return sentNotification(db, id);
  }

  route(app, notificationApi.createForTag, async (request, reply) => {
    await checkReferences(request, request.body, { tag: { table: tags } });
    return reply.status(201).send(await send(request, TAG_USERS, request.body, tagMembers(db, request.body.tag)));
  });

  route(app, notificationApi.createForProject, async (request, reply) => {
    await checkReferences(request, request.body, { project: { table: projects } });
    return reply.status(201).send(await send(request, PROJECT_USERS, request.body, projectMembers(db, request.body.project)));
  });

  route(app, notificationApi.createForUsers, async (request, reply) => {
    await checkReferences(request, request.body, { users: { table: users } });
    return reply.status(201).send(await send(request, CHOSEN_USERS, request.body, chosenUsers(request.body.users)));
  });
}, { name: 'notifications' });
