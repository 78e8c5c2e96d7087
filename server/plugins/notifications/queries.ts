/**
 * The notifications area's repository: sent notifications (staff's list) and deliveries (each user's
 * bell). Who each addressee kind reaches and storing a notification: ../../domain/notifications/.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { notificationRecipients, notifications, notificationTypes, projects, tags } from '../../db/schema.js';
import { list } from '../../core/lists.js';
import { joining } from '../../core/crud.js';

// ---------- sent ----------

const sentFields = {
  id: notifications.id, type_notification: notifications.type_notification, type_name: notificationTypes.name,
  title: notifications.title, message: notifications.message,
  tag: notifications.tag, tag_name: tags.name, project: notifications.project, project_name: projects.name,
  sender: notifications.sender, created_at: notifications.created_at,
  recipients_count: sql<number>`(select count(*)::int from ${notificationRecipients} where ${notificationRecipients.notification} = ${notifications.id})`,
};
type SentRow = SelectResultFields<typeof sentFields>;
const sentJoin = joining((q) => q
  .innerJoin(notificationTypes, eq(notificationTypes.id, notifications.type_notification))
  .leftJoin(tags, eq(tags.id, notifications.tag))
  .leftJoin(projects, eq(projects.id, notifications.project)));

/** What staff sent; ticket events and alarms are the recipients' business and stay out. */
export const listSent = (db: Db, request: FastifyRequest) => list<SentRow>(db, request, {
  table: notifications, fields: sentFields, join: sentJoin, where: and(isNull(notifications.ticket), isNull(notifications.alarm)),
  ordering: { created_at: notifications.created_at, id: notifications.id, title: notifications.title, type_notification: notifications.type_notification },
  search: [notifications.title, notifications.message],
});

export async function sentNotification(db: Db, id: number) {
  const [row] = await sentJoin(db.select(sentFields).from(notifications).$dynamic()).where(eq(notifications.id, id));
  return row;
}

export const notificationTypeList = (db: Db) =>
  db.select({ id: notificationTypes.id, name: notificationTypes.name }).from(notificationTypes).orderBy(notificationTypes.id);

// ---------- received (the bell) ----------

const receivedFields = {
  id: notificationRecipients.id, notification: notifications.id, title: notifications.title, message: notifications.message,
  type_notification: notifications.type_notification, ticket: notifications.ticket, alarm: notifications.alarm,
  created_at: notifications.created_at, read_at: notificationRecipients.read_at,
};
type ReceivedRow = SelectResultFields<typeof receivedFields>;
const receivedJoin = joining((q) => q.innerJoin(notifications, eq(notifications.id, notificationRecipients.notification)));
const received = (row: ReceivedRow) => ({ ...row, read: row.read_at !== null });
const deliveredTo = (user: number) => eq(notificationRecipients.user, user);
const unread = isNull(notificationRecipients.read_at);

export const listReceived = (db: Db, request: FastifyRequest, user: number) => list<ReceivedRow, ReturnType<typeof received>>(db, request, {
  table: notificationRecipients, fields: receivedFields, join: receivedJoin, where: deliveredTo(user),
  ordering: { created_at: notifications.created_at, id: notificationRecipients.id, read_at: notificationRecipients.read_at },
  search: [notifications.title, notifications.message],
  serialize: received,
});

/** One delivery to `user`, or undefined. */
export async function receivedNotification(db: Db, user: number, id: number) {
  const [row] = await receivedJoin(db.select(receivedFields).from(notificationRecipients).$dynamic())
    .where(and(eq(notificationRecipients.id, id), deliveredTo(user)));
  return row && received(row);
}

export async function unreadCount(db: Db, user: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(notificationRecipients).where(and(deliveredTo(user), unread));
  return Number(n);
}

/** Marks one delivery to `user` read (the first reading time stays). */
export async function markRead(db: Db, user: number, id: number) {
  await db.update(notificationRecipients).set({ read_at: new Date() })
    .where(and(eq(notificationRecipients.id, id), deliveredTo(user), unread));
}

/** Marks every delivery to `user` read; answers how many were unread. */
export async function markAllRead(db: Db, user: number): Promise<number> {
  const marked = await db.update(notificationRecipients).set({ read_at: new Date() })
    .where(and(deliveredTo(user), unread)).returning({ id: notificationRecipients.id });
  return marked.length;
}
