/**
 * What a ticket and a ticket message look like to the web app, and who may see them: staff every
 * ticket, anyone else only their own (another user's ticket, or a message of it, is a 404).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { ticketAssignees, ticketMessages, tickets, ticketTypes, users } from '../../db/schema.js';
import { S } from '../../../contract/common.js';
import { notFound } from '../../core/errors.js';
import { currentUser } from '../../core/access.js';
import { userFullName } from '../../domain/users.js';
import { attachmentLink, withAttachmentLinks } from '../../core/attachments.js';

export const ACTIVE = 1;
export const CLOSED = 2;
/** SPEC.md §4: 1 is Activo; anything else reads as Cerrado. */
export const statusName = (status: number) => (status === ACTIVE ? 'Activo' : 'Cerrado');
export const Status = Type.Unsafe<1 | 2>({ type: 'integer', enum: [ACTIVE, CLOSED], description: '1 Activo, 2 Cerrado' });

const AssignedAdmin = Type.Object({
  id: Type.Integer(), first_name: Type.String(), last_name: Type.String(), email: Type.String(), full_name: Type.String(),
});

export const TicketItem = Type.Object({
  id: Type.Integer(), title: Type.String(), content: Type.String(),
  status: Type.Integer(), status_name: Type.String(),
  type: S.nullable(Type.Integer()), type_name: S.nullable(Type.String()),
  customuser: Type.Integer(), user_fullname: Type.String(),
  media: S.nullable(Type.String({ description: 'a link to the attachment for the caller, valid for about an hour' })),
  assigned_user_admin: Type.Array(AssignedAdmin, { description: 'the assigned administrator (a list; the first entry is the one used)' }),
  assigned_admin_fullname: Type.String({ description: "'Sin asignar' when none" }),
  created_at: S.timestamp(), updated_at: S.timestamp(),
  messages_count: Type.Integer(),
}, { title: 'Ticket' });

export const MessageItem = Type.Object({
  id: Type.Integer(), ticket: Type.Integer(), customuser: Type.Integer(), user_fullname: Type.String(),
  is_staff: Type.Boolean({ description: 'whether the author is an administrator' }),
  content: Type.String(), media: S.nullable(Type.String({ description: 'a link to the attachment for the caller, valid for about an hour' })),
  created_at: S.timestamp(),
}, { title: 'TicketMessage' });

/** The tickets the caller may see: no condition for staff, their own for anyone else. */
export function ticketScope(request: FastifyRequest): SQL | undefined {
  const user = currentUser(request);
  return user.is_staff ? undefined : eq(tickets.customuser, user.id);
}

export type Ticket = typeof tickets.$inferSelect;

/** Who handles tickets: active administrators (the ones that can be assigned, and that hear of new tickets). */
export const activeStaff = and(eq(users.is_staff, true), eq(users.is_active, true))!;

/** One ticket the caller may see, or 404. */
export async function loadTicket(request: FastifyRequest, id: number): Promise<Ticket> {
  const [ticket] = await request.server.db.select().from(tickets).where(and(eq(tickets.id, id), ticketScope(request)));
  if (!ticket) throw notFound();
  return ticket;
}

/** Columns and joins of a ticket row (the assigned administrators come in one more query per list, see serializeTickets). */
export const ticketFields = {
  id: tickets.id, title: tickets.title, content: tickets.content, status: tickets.status,
  type: tickets.type, type_name: ticketTypes.name, customuser: tickets.customuser, user_fullname: userFullName,
  media: tickets.media, created_at: tickets.created_at, updated_at: tickets.updated_at,
  messages_count: sql<number>`(select count(*)::int from ${ticketMessages} where ${ticketMessages.ticket} = ${tickets.id})`,
};
export const ticketJoin = <Q>(q: Q): Q => (q as any)
  .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.type))
  .innerJoin(users, eq(users.id, tickets.customuser));
type TicketRow = { [K in keyof typeof ticketFields]: any };

/** Adds the derived fields to ticket rows, reading the assigned administrators of all of them at once. */
export async function serializeTickets(request: FastifyRequest, rows: TicketRow[]) {
  const ids = rows.map((r) => r.id as number);
  const admins = ids.length ? await request.server.db.select({
    ticket: ticketAssignees.ticket, id: users.id, first_name: users.first_name, last_name: users.last_name,
    email: users.email, full_name: userFullName,
  }).from(ticketAssignees).innerJoin(users, eq(users.id, ticketAssignees.user))
    .where(inArray(ticketAssignees.ticket, ids)).orderBy(asc(ticketAssignees.assigned_at), asc(users.id)) : [];
  return rows.map((row) => {
    const assigned = admins.filter((a) => a.ticket === row.id).map(({ ticket: _, ...admin }) => admin);
    return {
      ...row,
      media: attachmentLink(request, row.media),
      status_name: statusName(row.status),
      assigned_user_admin: assigned,
      assigned_admin_fullname: assigned.length ? assigned[0].full_name : 'Sin asignar',
    };
  });
}

/** One ticket as an item (the caller's right to see it is checked before). */
export async function ticketItem(request: FastifyRequest, id: number) {
  const [row] = await ticketJoin(request.server.db.select(ticketFields).from(tickets).$dynamic()).where(eq(tickets.id, id));
  return (await serializeTickets(request, [row]))[0];
}

export const messageFields = {
  id: ticketMessages.id, ticket: ticketMessages.ticket, customuser: ticketMessages.customuser,
  user_fullname: userFullName, is_staff: users.is_staff,
  content: ticketMessages.content, media: ticketMessages.media, created_at: ticketMessages.created_at,
};
export const messageJoin = <Q>(q: Q): Q => (q as any).innerJoin(users, eq(users.id, ticketMessages.customuser));

export async function messageItem(request: FastifyRequest, id: number) {
  const rows = await messageJoin(request.server.db.select(messageFields).from(ticketMessages).$dynamic()).where(eq(ticketMessages.id, id));
  return withAttachmentLinks(request, rows)[0];
}
