/**
 * Users as staff see them, the administrator privilege (is_staff), and the project-user links that
 * give a user a project. Everything here is staff only, except that a user may read a link of their own.
 */
import fp from 'fastify-plugin';
import { and, eq, inArray } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import { projects, projectUsers, users } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { checkReferences, crudRoutes } from '../../core/crud.js';
import { IdParams, S } from '../../../contract/common.js';
import { currentUser } from '../../core/access.js';
import { ErrorBody, fieldError, MSG, nonFieldError, notFound } from '../../core/errors.js';
import { list } from '../../core/lists.js';
import { listOf, ListQuery } from '../../../contract/common.js';
import { ProjectUser, projectUserApi, UserItem } from '../../../contract/users.js';
import { guardSuperuser, userColumns, userFullName } from '../../domain/users.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };


/** Columns and joins of a project-user link item; exported for the projects plugin's own lists of links. */
export const projectUserFields = {
  id: projectUsers.id, user_project: projectUsers.user_project, users: projectUsers.users,
  project_name: projects.name, user_fullname: userFullName, user_email: users.email,
};
export const projectUserJoin = <Q>(q: Q): Q => (q as any)
  .innerJoin(projects, eq(projects.id, projectUsers.user_project))
  .innerJoin(users, eq(users.id, projectUsers.users));

const ALREADY_LINKED = 'El usuario ya está asociado a este proyecto.';

/** The privilege flag sent as a JSON boolean, as the strings "true"/"false", or inside {is_staff}. */
const Flag = Type.Union([Type.String({ maxLength: 10 }), Type.Boolean()]);
// is_staff optional so that `{}` gets the same field error as any other non-boolean (from parseFlag).
const PermitsBody = Type.Union([Flag, Type.Object({ is_staff: Type.Optional(Flag) }, { additionalProperties: false })], {
  description: 'The new is_staff value: "true" / "false" (a JSON string, or text/plain), a JSON boolean, or {"is_staff": ...}.',
});

function parseFlag(body: unknown): boolean {
  const value = typeof body === 'object' && body !== null ? (body as { is_staff?: unknown }).is_staff : body;
  if (typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (text === 'true' || text === 'false') return text === 'true';
  throw fieldError('is_staff', MSG.boolean);
}

/**
 * Inside the transaction that takes `field` away from the superuser `userId`: refuses (400 naming
 * the field) when no other active superuser with the privilege would be left. Every such row is
 * locked (in id order), so two superusers revoking each other at once cannot both succeed.
 */
async function keepOneSuperuser(tx: Db, userId: number, field: 'is_staff') {
  const active = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.is_superuser, true), eq(users.is_active, true), eq(users.is_staff, true)))
    .orderBy(users.id).for('update');
  if (!active.some((u) => u.id !== userId)) throw fieldError(field, 'El último superusuario activo no puede perder sus privilegios.');
}

const LinkCreateBody = Type.Object({
  user_project: S.id(),
  users: Type.Union([S.id(), Type.Array(S.id(), { minItems: 1, maxItems: 1000 })], { description: 'a user id, or a list of them' }),
}, { additionalProperties: false });

export default fp(async (app) => {
  const { db } = app;
  const links = () => projectUserJoin(db.select(projectUserFields).from(projectUsers).$dynamic());

  app.get('/get-users/', {
    config: { access: 'staff' },
    schema: {
      tags: ['user'], summary: 'List users (search: first name, last name, e-mail)',
      querystring: Type.Object({ ...ListQuery.properties, is_staff: Type.Optional(Type.Boolean()) }),
      response: { 200: listOf(UserItem), ...errors },
    },
  }, (request) => {
    const { is_staff } = request.query as { is_staff?: boolean };
    return list(db, request, {
      table: users, fields: userColumns,
      where: is_staff === undefined ? undefined : eq(users.is_staff, is_staff),
      ordering: {
        id: users.id, first_name: users.first_name, last_name: users.last_name, email: users.email,
        date_joined: users.date_joined, last_login: users.last_login, is_staff: users.is_staff,
      },
      search: [users.first_name, users.last_name, users.email],
    });
  });

  app.put('/permits-user/:userId', {
    config: { access: 'staff' },
    schema: {
      tags: ['user'], summary: 'Grant or revoke the administrator privilege (is_staff) of another user',
      params: Type.Object({ userId: S.id() }), body: PermitsBody, response: { 200: UserItem, ...errors },
    },
  }, async (request) => {
    const { userId } = request.params as { userId: number };
    const [target] = await db.select({ id: users.id, is_superuser: users.is_superuser }).from(users).where(eq(users.id, userId));
    if (!target) throw notFound();
    // An administrator cannot lock themselves out (or be the only one to vouch for their own rights).
    if (target.id === currentUser(request).id) throw nonFieldError('No puede modificar sus propios privilegios.');
    guardSuperuser(request, target);
    const isStaffNow = parseFlag(request.body);
    return db.transaction(async (tx) => {
      if (!isStaffNow && target.is_superuser) await keepOneSuperuser(tx as unknown as Db, target.id, 'is_staff');
      const [updated] = await tx.update(users).set({ is_staff: isStaffNow }).where(eq(users.id, userId)).returning(userColumns);
      return updated;
    });
  });

  app.get('/associate-project-user/:projectId', {
    config: { access: 'staff' },
    schema: {
      tags: ['project-user link'], summary: 'A project with the users associated with it',
      params: Type.Object({ projectId: S.id() }),
      response: { 200: Type.Object({ id: Type.Integer(), name: Type.String(), users_project: Type.Array(ProjectUser) }), ...errors },
    },
  }, async (request) => {
    const { projectId } = request.params as { projectId: number };
    const [project] = await db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.id, projectId));
    if (!project) throw notFound();
    const users_project = await links().where(eq(projectUsers.user_project, projectId)).orderBy(userFullName, projectUsers.id);
    return { ...project, users_project };
  });

  app.get('/associate-user-project/:id', {
    schema: { tags: ['project-user link'], summary: 'One project-user link (an ordinary user: only their own)', params: IdParams, response: { 200: ProjectUser, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const { id } = request.params as { id: number };
    const [link] = await links().where(and(eq(projectUsers.id, id), user.is_staff ? undefined : eq(projectUsers.users, user.id)));
    if (!link) throw notFound();
    return link;
  });

  app.post('/associate-user-project/create', {
    config: { access: 'staff' },
    schema: {
      tags: ['project-user link'],
      summary: 'Associate one user (answers the link) or several (answers the links created; users already associated are skipped)',
      body: LinkCreateBody, response: { 201: Type.Union([ProjectUser, Type.Array(ProjectUser)]), ...errors },
    },
  }, async (request, reply) => {
    const body = request.body as { user_project: number; users: number | number[] };
    await checkReferences(request, body, { user_project: { table: projects }, users: { table: users } });
    const ids = [...new Set([body.users].flat())];
    if (!Array.isArray(body.users)) {
      const [exists] = await db.select({ id: projectUsers.id }).from(projectUsers)
        .where(and(eq(projectUsers.user_project, body.user_project), eq(projectUsers.users, ids[0])));
      if (exists) throw nonFieldError(ALREADY_LINKED);
      const [row] = await db.insert(projectUsers).values({ user_project: body.user_project, users: ids[0] }).returning({ id: projectUsers.id });
      const [link] = await links().where(eq(projectUsers.id, row.id));
      return reply.status(201).send(link);
    }
    const created = await db.insert(projectUsers).values(ids.map((users) => ({ user_project: body.user_project, users })))
      .onConflictDoNothing().returning({ id: projectUsers.id });
    const items = created.length
      ? await links().where(inArray(projectUsers.id, created.map((c) => c.id))).orderBy(projectUsers.id)
      : [];
    return reply.status(201).send(items);
  });

  crudRoutes(app, projectUserApi, {
    table: projectUsers,
    references: { user_project: { table: projects }, users: { table: users } },
    fields: projectUserFields, join: projectUserJoin,
    async validate(_request, body, existing) {
      const project = (body.user_project ?? existing?.user_project) as number;
      const user = (body.users ?? existing?.users) as number;
      const [other] = await db.select({ id: projectUsers.id }).from(projectUsers)
        .where(and(eq(projectUsers.user_project, project), eq(projectUsers.users, user)));
      if (other && other.id !== existing?.id) return { non_field_errors: [ALREADY_LINKED] };
    },
  });
}, { name: 'users' });
