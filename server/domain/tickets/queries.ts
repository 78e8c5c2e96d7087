/**
 * What more than the tickets area does with tickets: store one and delete it (an alarm's ticket), and
 * the people a ticket's events concern.
 */
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ticketAssignees, ticketMessages, tickets, users } from '../../db/schema.js';
import { userFullName } from '../users.js';

/** A ticket as stored. */
export type StoredTicket = typeof tickets.$inferSelect;

/** Who handles tickets: active administrators (the ones that can be assigned, and that hear of new tickets). */
export const activeStaff = and(eq(users.is_staff, true), eq(users.is_active, true))!;

export async function insertTicket(db: Db, values: typeof tickets.$inferInsert): Promise<StoredTicket> {
  const [ticket] = await db.insert(tickets).values(values).returning();
  return ticket;
}

/** Deletes a ticket with its messages; answers the stored paths of its attachments and theirs. */
export async function deleteTicket(db: Db, id: number): Promise<(string | null)[]> {
  const replies = await db.select({ media: ticketMessages.media }).from(ticketMessages).where(eq(ticketMessages.ticket, id));
  const [ticket] = await db.delete(tickets).where(eq(tickets.id, id)).returning({ media: tickets.media });
  return [ticket?.media ?? null, ...replies.map((r) => r.media)];
}

/** The administrator assigned first to a ticket, if any. */
export async function firstAssignee(db: Db, ticket: number): Promise<number | undefined> {
  const [first] = await db.select({ user: ticketAssignees.user }).from(ticketAssignees)
    .where(eq(ticketAssignees.ticket, ticket)).orderBy(asc(ticketAssignees.assigned_at), asc(ticketAssignees.user)).limit(1);
  return first?.user;
}

export const theUser = (id: number): SQL => eq(users.id, id);

/** The users `who` selects, and the actor: their language, whether active, and a name to show (the e-mail when they have none). */
export function eventPeople(db: Db, who: SQL, actor: number) {
  return db.select({
    id: users.id, language: users.language, is_active: users.is_active,
    name: sql<string>`coalesce(nullif(${userFullName}, ''), ${users.email})`,
  }).from(users).where(or(who, theUser(actor)));
}
