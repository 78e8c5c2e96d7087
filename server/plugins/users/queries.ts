/** The queries of the users area: users as staff list them, their privilege, and the project-user links. */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { projects, projectUsers, users, type User } from '../../db/schema.js';
import { fieldError } from '../../core/errors.js';
import { list } from '../../core/lists.js';
import { userColumns, userFullName } from '../../domain/users.js';
import { joining } from '../../core/crud.js';

/** The users of a list call: `is_staff` filters when given; `not_in_project` leaves out that project's users. */
export const listUsers = (db: Db, request: FastifyRequest, filters: { is_staff?: boolean; not_in_project?: number }) => list<Pick<User, keyof typeof userColumns>>(db, request, {
  table: users, fields: userColumns,
  where: and(
    filters.is_staff === undefined ? undefined : eq(users.is_staff, filters.is_staff),
    filters.not_in_project === undefined ? undefined : notInArray(users.id,
      db.select({ id: projectUsers.users }).from(projectUsers).where(eq(projectUsers.user_project, filters.not_in_project))),
  ),
  ordering: {
    id: users.id, first_name: users.first_name, last_name: users.last_name, email: users.email,
    date_joined: users.date_joined, last_login: users.last_login, is_staff: users.is_staff,
  },
  search: [users.first_name, users.last_name, users.email],
});

export async function findUserFlags(db: Db, id: number) {
  const [user] = await db.select({ id: users.id, is_superuser: users.is_superuser }).from(users).where(eq(users.id, id));
  return user;
}

/**
 * Inside the transaction that takes `field` away from the superuser `userId`: refuses (400 naming
 * the field) when no other active superuser with the privilege would be left. Every such row is
 * locked (in id order), so two superusers revoking each other at once cannot both succeed.
 */
async function keepOneSuperuser(tx: Db | Tx, userId: number, field: 'is_staff' | 'is_active') {
  const active = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.is_superuser, true), eq(users.is_active, true), eq(users.is_staff, true)))
    .orderBy(users.id).for('update');
  if (!active.some((u) => u.id !== userId)) throw fieldError(field, 'El último superusuario activo no puede perder sus privilegios.');
}

/** Sets a user's is_staff; a superuser loses it only while another active superuser keeps it. Answers the user item. */
export function setStaff(db: Db, target: { id: number; is_superuser: boolean }, isStaff: boolean) {
  return db.transaction(async (tx) => {
    if (!isStaff && target.is_superuser) await keepOneSuperuser(tx, target.id, 'is_staff');
    const [updated] = await tx.update(users).set({ is_staff: isStaff }).where(eq(users.id, target.id)).returning(userColumns);
    return updated;
  });
}

/**
 * Deactivates a user (their sessions end at once: a trigger of migration 0004); the last active
 * superuser with the privilege is kept. Answers the user item.
 */
export function deactivate(db: Db, target: { id: number; is_superuser: boolean }) {
  return db.transaction(async (tx) => {
    if (target.is_superuser) await keepOneSuperuser(tx, target.id, 'is_active');
    const [updated] = await tx.update(users).set({ is_active: false }).where(eq(users.id, target.id)).returning(userColumns);
    return updated;
  });
}

/** Deletes a user; the last active superuser with the privilege is kept. */
export function deleteUser(db: Db, target: { id: number; is_superuser: boolean }) {
  return db.transaction(async (tx) => {
    if (target.is_superuser) await keepOneSuperuser(tx, target.id, 'is_active');
    await tx.delete(users).where(eq(users.id, target.id));
  });
}

/** Columns and joins of a project-user link item. */
export const projectUserFields = {
  id: projectUsers.id, user_project: projectUsers.user_project, users: projectUsers.users,
  project_name: projects.name, user_fullname: userFullName, user_email: users.email,
};
export const projectUserJoin = joining((q) => q
  .innerJoin(projects, eq(projects.id, projectUsers.user_project))
  .innerJoin(users, eq(users.id, projectUsers.users)));

const links = (db: Db) => projectUserJoin(db.select(projectUserFields).from(projectUsers).$dynamic());

/** A project with its links, by user name; undefined when there is no such project. */
export async function projectMembers(db: Db, projectId: number) {
  const [project] = await db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.id, projectId));
  if (!project) return undefined;
  const users_project = await links(db).where(eq(projectUsers.user_project, projectId)).orderBy(userFullName, projectUsers.id);
  return { ...project, users_project };
}

/** One link; with `ownerId`, only a link of that user. */
export async function findLink(db: Db, id: number, ownerId?: number) {
  const [link] = await links(db).where(and(eq(projectUsers.id, id), ownerId === undefined ? undefined : eq(projectUsers.users, ownerId)));
  return link;
}

/** The id of the link between a project and a user, if there is one. */
export async function linkBetween(db: Db, project: number, user: number): Promise<number | undefined> {
  const [link] = await db.select({ id: projectUsers.id }).from(projectUsers)
    .where(and(eq(projectUsers.user_project, project), eq(projectUsers.users, user)));
  return link?.id;
}

/** Links the users to the project, skipping those already linked; answers the links created. */
export async function insertLinks(db: Db, project: number, userIds: number[]) {
  const created = await db.insert(projectUsers).values(userIds.map((users) => ({ user_project: project, users })))
    .onConflictDoNothing().returning({ id: projectUsers.id });
  return created.length ? links(db).where(inArray(projectUsers.id, created.map((c) => c.id))).orderBy(projectUsers.id) : [];
}

/** Links one user to the project; answers the link. */
export async function insertLink(db: Db, project: number, user: number) {
  const [row] = await db.insert(projectUsers).values({ user_project: project, users: user }).returning({ id: projectUsers.id });
  return (await findLink(db, row.id))!;
}
