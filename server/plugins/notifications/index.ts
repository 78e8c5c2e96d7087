/**
 * Notifications: staff send one to the users of a tag (type 1), of a project (type 2, linked directly
 * or through a tag) or to chosen users (type 3); each recipient finds it under the bell and gets it by
 * e-mail. Deactivated accounts receive nothing. The bell calls (mark read, mark all read, unread count)
 * are additions to SPEC.md §7. Ticket events send notifications too (see ../tickets/events.ts); those
 * are the recipients' business and stay out of the staff's list of sent notifications.
 */
import fp from 'fastify-plugin';
import { and, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import {
  notificationRecipients, notifications, notificationTypes, projects, projectUsers, tagProjects, tags, tagUsers, users,
} from '../../db/schema.js';
import { checkReferences, type Reference } from '../../core/crud.js';
import { IdParams, S } from '../../../contract/common.js';
import { ErrorBody } from '../../core/errors.js';
import { currentUser } from '../../core/access.js';
import { nonFieldError, notFound } from '../../core/errors.js';
import { list } from '../../core/lists.js';
import { listOf, ListQuery } from '../../../contract/common.js';
import { CHOSEN_USERS, PROJECT_USERS, sendNotification, TAG_USERS } from './send.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const NEWEST_FIRST = '-created_at,-id';

export const NotificationItem = Type.Object({
  id: Type.Integer(), type_notification: Type.Integer(), type_name: Type.String(),
  title: Type.String(), message: Type.String(),
  tag: S.nullable(Type.Integer()), tag_name: S.nullable(Type.String()),
  project: S.nullable(Type.Integer()), project_name: S.nullable(Type.String()),
  sender: S.nullable(Type.Integer()), created_at: S.timestamp(), recipients_count: Type.Integer(),
}, { title: 'Notification' });

export const ReceivedItem = Type.Object({
  id: Type.Integer({ description: 'id of this delivery (what the read calls take)' }),
  notification: Type.Integer(), title: Type.String(), message: Type.String(), type_notification: Type.Integer(),
  ticket: S.nullable(Type.Integer({ description: 'the ticket a ticket event is about' })),
  created_at: S.timestamp(), read_at: S.nullable(S.timestamp()), read: Type.Boolean(),
}, { title: 'ReceivedNotification' });

const NotificationType = Type.Object({ id: Type.Integer(), name: Type.String() }, { title: 'NotificationType' });
const Count = Type.Object({ count: Type.Integer() });

const sentFields = {
  id: notifications.id, type_notification: notifications.type_notification, type_name: notificationTypes.name,
  title: notifications.title, message: notifications.message,
  tag: notifications.tag, tag_name: tags.name, project: notifications.project, project_name: projects.name,
  sender: notifications.sender, created_at: notifications.created_at,
  recipients_count: sql<number>`(select count(*)::int from ${notificationRecipients} where ${notificationRecipients.notification} = ${notifications.id})`,
};
const sentJoin = <Q>(q: Q): Q => (q as any)
  .innerJoin(notificationTypes, eq(notificationTypes.id, notifications.type_notification))
  .leftJoin(tags, eq(tags.id, notifications.tag))
  .leftJoin(projects, eq(projects.id, notifications.project));

const receivedFields = {
  id: notificationRecipients.id, notification: notifications.id, title: notifications.title, message: notifications.message,
  type_notification: notifications.type_notification, ticket: notifications.ticket,
  created_at: notifications.created_at, read_at: notificationRecipients.read_at,
};
const receivedJoin = <Q>(q: Q): Q => (q as any).innerJoin(notifications, eq(notifications.id, notificationRecipients.notification));
const received = (row: { read_at: Date | null }) => ({ ...row, read: row.read_at !== null });
const ownDelivery = (request: FastifyRequest) => eq(notificationRecipients.user, currentUser(request).id);

/** Lists are newest first unless the client asks otherwise. */
function newestFirstByDefault(request: FastifyRequest) {
  const query = request.query as ListQuery;
  query.ordering ||= NEWEST_FIRST;
}

export default fp(async (app) => {
  const { db } = app;

  const sentItem = async (id: number) => {
    const [row] = await sentJoin(db.select(sentFields).from(notifications).$dynamic()).where(eq(notifications.id, id));
    return row;
  };
  const receivedItem = async (request: FastifyRequest, id: number) => {
    const [row] = await receivedJoin(db.select(receivedFields).from(notificationRecipients).$dynamic())
      .where(and(eq(notificationRecipients.id, id), ownDelivery(request)));
    if (!row) throw notFound();
    return received(row);
  };

  app.get('/notification/list', {
    config: { access: 'staff' },
    schema: {
      tags: ['notification'], summary: 'Notifications sent by staff, newest first, with their number of recipients',
      querystring: ListQuery, response: { 200: listOf(NotificationItem), ...errors },
    },
  }, (request) => {
    newestFirstByDefault(request);
    return list(db, request, {
      table: notifications, fields: sentFields, join: sentJoin, where: isNull(notifications.ticket),
      ordering: { created_at: notifications.created_at, id: notifications.id, title: notifications.title, type_notification: notifications.type_notification },
      search: [notifications.title, notifications.message],
    });
  });

  app.get('/type-notification/list', {
    schema: { tags: ['notification'], summary: 'The notification types (1 tag users, 2 project users, 3 chosen users)', response: { 200: Type.Array(NotificationType), ...errors } },
  }, () => db.select({ id: notificationTypes.id, name: notificationTypes.name }).from(notificationTypes).orderBy(notificationTypes.id));

  // ---------- the signed-in user's bell ----------

  app.get('/user-notification/list', {
    schema: {
      tags: ['notification'], summary: 'Notifications the signed-in user received, newest first',
      querystring: ListQuery, response: { 200: listOf(ReceivedItem), ...errors },
    },
  }, (request) => {
    newestFirstByDefault(request);
    return list(db, request, {
      table: notificationRecipients, fields: receivedFields, join: receivedJoin, where: ownDelivery(request),
      ordering: { created_at: notifications.created_at, id: notificationRecipients.id, read_at: notificationRecipients.read_at },
      search: [notifications.title, notifications.message],
      serialize: received,
    });
  });

  app.get('/user-notification/unread-count', {
    schema: { tags: ['notification'], summary: 'How many received notifications are unread (addition to SPEC.md, for the bell)', response: { 200: Count, ...errors } },
  }, async (request) => {
    const [{ n }] = await db.select({ n: count() }).from(notificationRecipients)
      .where(and(ownDelivery(request), isNull(notificationRecipients.read_at)));
    return { count: Number(n) };
  });

  app.put('/user-notification/read/:id', {
    schema: {
      tags: ['notification'], summary: 'Mark one received notification as read (addition to SPEC.md, for the bell; the id is the delivery id of /user-notification/list)',
      params: IdParams, response: { 200: ReceivedItem, ...errors },
    },
  }, async (request) => {
    const { id } = request.params as { id: number };
    await db.update(notificationRecipients).set({ read_at: new Date() })
      .where(and(eq(notificationRecipients.id, id), ownDelivery(request), isNull(notificationRecipients.read_at)));
    return receivedItem(request, id);
  });

  app.put('/user-notification/read-all', {
    schema: { tags: ['notification'], summary: 'Mark every received notification as read; answers how many were unread (addition to SPEC.md, for the bell)', response: { 200: Count, ...errors } },
  }, async (request) => {
    const marked = await db.update(notificationRecipients).set({ read_at: new Date() })
      .where(and(ownDelivery(request), isNull(notificationRecipients.read_at))).returning({ id: notificationRecipients.id });
    return { count: marked.length };
  });

  // ---------- sending (staff) ----------

  const activeUserIds = async (who: SQL) =>
    (await db.select({ id: users.id }).from(users).where(and(eq(users.is_active, true), who))).map((u) => u.id);

  function sendRoute<B extends Record<string, unknown>>(path: string, type: number, summary: string, opts: {
    target: Record<string, TSchema>;
    references: Record<string, Reference>;
    recipients: (body: B) => SQL;
  }) {
    app.post(path, {
      config: { access: 'staff' },
      schema: {
        tags: ['notification'], summary,
        body: Type.Object({
          type_notification: Type.Optional(Type.Literal(type, { description: `always ${type} on this path` })),
          ...opts.target,
          title: S.nonBlank(200),
          message: S.nonBlank(5000),
        }),
        response: { 201: NotificationItem, ...errors },
      },
    }, async (request, reply) => {
      const body = request.body as B & { title: string; message: string };
      await checkReferences(request, body, opts.references);
      const recipients = await activeUserIds(opts.recipients(body));
      if (!recipients.length) throw nonFieldError('No hay usuarios a quienes enviar la notificación.');
      const id = await sendNotification(app, {
        type_notification: type, title: body.title, message: body.message, sender: currentUser(request).id,
        tag: body.tag as number | undefined, project: body.project as number | undefined, recipients,
      });
      return reply.status(201).send(await sentItem(id));
    });
  }

  sendRoute<{ tag: number }>('/notification-tag-user/create', TAG_USERS, 'Send a notification to every user of a tag (type 1)', {
    target: { tag: S.id() },
    references: { tag: { table: tags } },
    recipients: ({ tag }) => inArray(users.id, db.select({ id: tagUsers.customuser }).from(tagUsers).where(eq(tagUsers.tag, tag))),
  });

  sendRoute<{ project: number }>('/notification-project-user/create', PROJECT_USERS,
    'Send a notification to every user of a project, linked directly or through a tag (type 2)', {
      target: { project: S.id() },
      references: { project: { table: projects } },
      recipients: ({ project }) => or(
        inArray(users.id, db.select({ id: projectUsers.users }).from(projectUsers).where(eq(projectUsers.user_project, project))),
        inArray(users.id, db.select({ id: tagUsers.customuser }).from(tagUsers)
          .innerJoin(tagProjects, eq(tagProjects.tag, tagUsers.tag)).where(eq(tagProjects.project, project))),
      )!,
    });

  sendRoute<{ users: number[] }>('/notification-users/create', CHOSEN_USERS, 'Send a notification to chosen users (type 3)', {
    target: { users: Type.Array(S.id(), { minItems: 1, maxItems: 1000, description: 'user ids' }) },
    references: { users: { table: users } },
    recipients: (body) => inArray(users.id, body.users),
  });
}, { name: 'notifications' });
