/**
 * The tickets area's repository: every query of tickets, their assigned administrators, their
 * messages, and the start-up move of old attachments (what other areas need: ../../domain/tickets/).
 */
import { and, eq, inArray, like, ne, not, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { alarms, ticketAssignees, ticketMessages, tickets, ticketTypes, users, type User } from '../../db/schema.js';
import { list } from '../../core/lists.js';
import { crudRows, joining, refuseWhileUsed } from '../../core/crud.js';
import { naturalKey } from '../../db/sql.js';
import { PRIVATE_MEDIA } from '../../core/attachments.js';
import { userFullName } from '../../domain/users.js';
import { UNASSIGNED, type AssignedAdmin } from '../../../contract/tickets.js';
import { activeStaff, type StoredTicket } from '../../domain/tickets/queries.js';

/** The tickets `viewer` may see: every one for staff, their own for anyone else. */
const ticketScope = (viewer: User): SQL | undefined => (viewer.is_staff ? undefined : eq(tickets.customuser, viewer.id));

export async function findTicket(db: Db, viewer: User, id: number): Promise<StoredTicket | undefined> {
  const [ticket] = await db.select().from(tickets).where(and(eq(tickets.id, id), ticketScope(viewer)));
  return ticket;
}

// ---------- ticket items ----------

/** The assigned administrators of the ticket of the outer query, first assigned first. */
const assignedAdmins = sql<AssignedAdmin[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${users.id}, 'first_name', ${users.first_name}, 'last_name', ${users.last_name}, 'email', ${users.email}, 'full_name', ${userFullName}
  ) order by ${ticketAssignees.assigned_at}, ${users.id})
  from ${ticketAssignees} join ${users} on ${users.id} = ${ticketAssignees.user}
  where ${ticketAssignees.ticket} = ${tickets.id}), '[]'::json)`;

/** Who wrote the ticket's first post: its author when staff wrote it for the customer (a ticket made of an alarm), else the customer. */
const writer = alias(users, 'ticket_writer');

const ticketFields = {
  id: tickets.id, title: tickets.title, content: tickets.content, status: tickets.status,
  type: tickets.type, type_name: ticketTypes.name, customuser: tickets.customuser, user_fullname: userFullName,
  author: writer.id,
  author_fullname: sql<string>`trim(${writer.first_name} || ' ' || ${writer.last_name})`,
  author_is_staff: writer.is_staff,
  media: tickets.media, assigned_user_admin: assignedAdmins, created_at: tickets.created_at, updated_at: tickets.updated_at,
  messages_count: sql<number>`(select count(*)::int from ${ticketMessages} where ${ticketMessages.ticket} = ${tickets.id})`,
  alarm: sql<number | null>`(select min(${alarms.id}) from ${alarms} where ${alarms.ticket} = ${tickets.id})`,
};
export type TicketRow = SelectResultFields<typeof ticketFields>;
const ticketJoin = joining((q) => q
  .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.type))
  .innerJoin(users, eq(users.id, tickets.customuser))
  .innerJoin(writer, eq(writer.id, sql`coalesce(${tickets.author}, ${tickets.customuser})`)));

export async function ticketRow(db: Db, id: number): Promise<TicketRow> {
  const [row] = await ticketJoin(db.select(ticketFields).from(tickets).$dynamic()).where(eq(tickets.id, id));
  return row;
}

interface TicketFilters { status?: number; type?: number; assigned?: string; customuser?: number }

/** The tickets `viewer` may see that pass `filters`, as `list()` answers them (search, ordering, paging). */
export function listTickets<Item>(db: Db, request: FastifyRequest, viewer: User, filters: TicketFilters, serialize: (row: TicketRow) => Item) {
  const assignedTo = (who: SQL) => db.select({ ticket: ticketAssignees.ticket }).from(ticketAssignees).where(who);
  const assigned = filters.assigned === undefined ? undefined
    : filters.assigned === UNASSIGNED ? notExists(assignedTo(eq(ticketAssignees.ticket, tickets.id)))
      : inArray(tickets.id, assignedTo(eq(ticketAssignees.user, Number(filters.assigned))));
  return list<TicketRow, Item>(db, request, {
    table: tickets, fields: ticketFields, join: ticketJoin,
    where: and(
      ticketScope(viewer),
      filters.status === undefined ? undefined : eq(tickets.status, filters.status),
      filters.type === undefined ? undefined : eq(tickets.type, filters.type),
      filters.customuser === undefined ? undefined : eq(tickets.customuser, filters.customuser),
      assigned,
    ),
    ordering: {
      created_at: tickets.created_at, updated_at: tickets.updated_at, id: tickets.id, title: tickets.title,
      status: tickets.status, type_name: ticketTypes.name, user_fullname: userFullName,
    },
    search: [tickets.title, tickets.content, users.first_name, users.last_name, users.email, ticketTypes.name],
    serialize,
  });
}

// ---------- ticket changes ----------

/** Whether a user may be assigned tickets; undefined when there is no such user. */
export async function isAssignable(db: Db, userId: number): Promise<boolean | undefined> {
  const [user] = await db.select({ assignable: sql<boolean>`(${activeStaff})` }).from(users).where(eq(users.id, userId));
  return user?.assignable;
}

/**
 * Changes a ticket and, when `admin` is given, assigns that administrator instead of whoever was
 * before (one at a time, SPEC.md §4). Answers the ticket as it is now, and the administrator when
 * newly assigned.
 */
export function updateTicket(db: Db, id: number, changes: { title?: string; status?: number }, admin?: number | null) {
  return db.transaction(async (tx) => {
    const [ticket] = await tx.update(tickets)
      .set({ ...(changes.title !== undefined && { title: changes.title }), ...(changes.status !== undefined && { status: changes.status }), updated_at: new Date() })
      .where(eq(tickets.id, id)).returning();
    if (admin == null) return { ticket, assigned: null };
    await tx.delete(ticketAssignees).where(and(eq(ticketAssignees.ticket, id), ne(ticketAssignees.user, admin)));
    const added = await tx.insert(ticketAssignees).values({ ticket: id, user: admin }).onConflictDoNothing().returning();
    return { ticket, assigned: added.length ? admin : null };
  });
}

/** Unassigns `admin`, or every administrator when none is named. */
export async function unassign(db: Db, id: number, admin?: number | null) {
  const removed = await db.delete(ticketAssignees)
    .where(and(eq(ticketAssignees.ticket, id), admin == null ? undefined : eq(ticketAssignees.user, admin))).returning();
  if (removed.length) await db.update(tickets).set({ updated_at: new Date() }).where(eq(tickets.id, id));
}

// ---------- messages ----------

const messageFields = {
  id: ticketMessages.id, ticket: ticketMessages.ticket, customuser: ticketMessages.customuser,
  user_fullname: userFullName, is_staff: users.is_staff,
  content: ticketMessages.content, media: ticketMessages.media, created_at: ticketMessages.created_at,
};
export type MessageRow = SelectResultFields<typeof messageFields>;
const messageJoin = joining((q) => q.innerJoin(users, eq(users.id, ticketMessages.customuser)));

export async function messageRow(db: Db, id: number): Promise<MessageRow> {
  const [row] = await messageJoin(db.select(messageFields).from(ticketMessages).$dynamic()).where(eq(ticketMessages.id, id));
  return row;
}

export function listMessages<Item>(db: Db, request: FastifyRequest, ticket: number, serialize: (row: MessageRow) => Item) {
  return list<MessageRow, Item>(db, request, {
    table: ticketMessages, fields: messageFields, join: messageJoin, where: eq(ticketMessages.ticket, ticket),
    ordering: { created_at: ticketMessages.created_at, id: ticketMessages.id },
    search: [ticketMessages.content],
    serialize,
  });
}

/** Stores a message; its ticket counts as updated. */
export function insertMessage(db: Db, values: typeof ticketMessages.$inferInsert) {
  return db.transaction(async (tx) => {
    const [message] = await tx.insert(ticketMessages).values(values).returning();
    await tx.update(tickets).set({ updated_at: new Date() }).where(eq(tickets.id, message.ticket));
    return message;
  });
}

/** A message of a ticket `viewer` may see: its author and attachment. */
export async function findMessage(db: Db, viewer: User, id: number) {
  const [message] = await db.select({ author: ticketMessages.customuser, media: ticketMessages.media }).from(ticketMessages)
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticket)).where(and(eq(ticketMessages.id, id), ticketScope(viewer)));
  return message;
}

export async function deleteMessage(db: Db, id: number) {
  await db.delete(ticketMessages).where(eq(ticketMessages.id, id));
}

// ---------- attachments stored at public paths (server/plugins/tickets/legacy.ts) ----------

type AttachmentTable = typeof tickets | typeof ticketMessages;

/** Rows of `table` whose attachment is still at a public path. */
export function publicAttachments(db: Db, table: AttachmentTable) {
  return db.select({ id: table.id, media: table.media }).from(table)
    .where(and(like(table.media, '/media/%'), not(like(table.media, `${PRIVATE_MEDIA}%`))));
}

export async function setAttachment(db: Db, table: AttachmentTable, id: number, media: string) {
  await db.update(table).set({ media }).where(eq(table.id, id));
}

/** Ticket categories; one that tickets still use is not deleted (the 400 says how many). */
export const categoryRows = crudRows({
  table: ticketTypes,
  ordering: { name: naturalKey(ticketTypes.name), id: ticketTypes.id, created_at: ticketTypes.created_at },
  search: [ticketTypes.name, ticketTypes.description],
});
export const categoryInUse = refuseWhileUsed('la categoría de ticket', 'la', [{ column: tickets.type, one: 'ticket', many: 'tickets' }]);
