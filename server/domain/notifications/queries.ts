/**
 * Who a notification reaches and storing it: the users of a tag, of a project (directly or through a
 * tag), chosen users; a notification stored with one delivery per recipient.
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { notificationRecipients, notifications, projectUsers, tagProjects, tagUsers, users } from '../../db/schema.js';

// ---------- addressees ----------

export const tagMembers = (db: Db, tag: number): SQL =>
  inArray(users.id, db.select({ id: tagUsers.customuser }).from(tagUsers).where(eq(tagUsers.tag, tag)));

/** The users of a project, linked directly or through a tag. */
export const projectMembers = (db: Db, project: number): SQL => or(
  inArray(users.id, db.select({ id: projectUsers.users }).from(projectUsers).where(eq(projectUsers.user_project, project))),
  inArray(users.id, db.select({ id: tagUsers.customuser }).from(tagUsers)
    .innerJoin(tagProjects, eq(tagProjects.tag, tagUsers.tag)).where(eq(tagProjects.project, project))),
)!;

export const chosenUsers = (ids: number[]): SQL => inArray(users.id, ids);

/** The active users among those `who` selects: deactivated accounts receive nothing. */
export async function activeUserIds(db: Db, who: SQL): Promise<number[]> {
  return (await db.select({ id: users.id }).from(users).where(and(eq(users.is_active, true), who))).map((u) => u.id);
}

// ---------- storing ----------

/** Stores a notification and one delivery per user (in the caller's transaction); answers its id. */
export async function insertNotification(tx: Tx, values: typeof notifications.$inferInsert, recipients: number[]): Promise<number> {
  const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  await tx.insert(notificationRecipients).values(recipients.map((user) => ({ notification: row.id, user })));
  return row.id;
}

export async function emailsOf(db: Db, ids: number[]): Promise<string[]> {
  return (await db.select({ email: users.email }).from(users).where(inArray(users.id, ids))).map((u) => u.email);
}
