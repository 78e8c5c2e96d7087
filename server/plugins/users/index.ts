/**
 * Users as staff see them, the administrator privilege (is_staff), and the project-user links that
 * give a user a project. Everything here is staff only, except that a user may read a link of their own.
 */
import fp from 'fastify-plugin';
import { projects, projectUsers, ticketMessages, tickets, users } from '../../db/schema.js';
import { checkReferences, crudRoutes, refuseWhileHolding } from '../../core/crud.js';
import { currentUser } from '../../core/access.js';
import { ApiError, fieldError, MSG, nonFieldError, notFound } from '../../core/errors.js';
import { route } from '../../core/route.js';
import { findUserItem, guardSuperuser, updateAccount } from '../../domain/users.js';
import { projectUserApi, userApi } from '../../../contract/users.js';
import {
  deactivate, deleteUser, findLink, findUserFlags, insertLink, insertLinks, linkBetween, listUsers, projectMembers, projectUserFields, projectUserJoin, setStaff,
} from './queries.js';

const ALREADY_LINKED = 'El usuario ya está asociado a este proyecto.';

// A user's tickets and messages would go with the account (cascades): their conversation with support
// is not lost by one click. Deactivating the account is the way to stop it.
const userInUse = refuseWhileHolding('el usuario', [
  { column: tickets.customuser, one: 'ticket', many: 'tickets' },
  { column: ticketMessages.customuser, one: 'mensaje de ticket', many: 'mensajes de ticket' },
]);

/**
 * The new is_staff value of a permits body, read as sent: a JSON null passes the schema (Ajv coerces
 * it to "" for the string branch) but coercion cannot replace a whole body, so null arrives here.
 */
function parseFlag(body: unknown): boolean {
  const value = typeof body === 'object' && body !== null ? (body as { is_staff?: unknown }).is_staff : body;
  if (typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (text === 'true' || text === 'false') return text === 'true';
  throw fieldError('is_staff', MSG.boolean);
}

export default fp(async (app) => {
  const { db } = app;

  route(app, userApi.list, (request) => listUsers(db, request, request.query));

  route(app, userApi.permits, async (request) => {
    const target = await findUserFlags(db, request.params.userId);
    if (!target) throw notFound();
    // An administrator cannot lock themselves out (or be the only one to vouch for their own rights).
    if (target.id === currentUser(request).id) throw nonFieldError('No puedes modificar tus propios privilegios.');
    guardSuperuser(request, target);
    return setStaff(db, target, parseFlag(request.body));
  });

  route(app, userApi.update, async (request) => {
    const target = await findUserFlags(db, request.params.userId);
    if (!target) throw notFound();
    guardSuperuser(request, target);
    await updateAccount(db, target.id, request.body);
    return findUserItem(db, target.id);
  });

  route(app, userApi.deactivate, async (request) => {
    const target = await findUserFlags(db, request.params.userId);
    if (!target) throw notFound();
    if (target.id === currentUser(request).id) throw nonFieldError('No puedes desactivar tu propia cuenta.');
    guardSuperuser(request, target);
    return deactivate(db, target);
  });

  route(app, userApi.delete, async (request, reply) => {
    const target = await findUserFlags(db, request.params.userId);
    if (!target) throw notFound();
    if (target.id === currentUser(request).id) throw nonFieldError('No puedes eliminar tu propia cuenta.');
    guardSuperuser(request, target);
    const used = await userInUse(request, target.id);
    if (used) throw new ApiError(400, { detail: used });
    await deleteUser(db, target);
    return reply.status(204).send(null);
  });

  route(app, projectUserApi.members, async (request) => {
    const members = await projectMembers(db, request.params.projectId);
    if (!members) throw notFound();
    return members;
  });

  route(app, projectUserApi.one, async (request) => {
    const user = currentUser(request);
    const link = await findLink(db, request.params.id, user.is_staff ? undefined : user.id);
    if (!link) throw notFound();
    return link;
  });

  route(app, projectUserApi.create, async (request, reply) => {
    const { user_project, users: chosen } = request.body;
    await checkReferences(request, request.body, { user_project: { table: projects }, users: { table: users } });
    if (Array.isArray(chosen)) return reply.status(201).send(await insertLinks(db, user_project, [...new Set(chosen)]));
    if (await linkBetween(db, user_project, chosen)) throw nonFieldError(ALREADY_LINKED);
    return reply.status(201).send(await insertLink(db, user_project, chosen));
  });

  crudRoutes(app, { update: projectUserApi.update, delete: projectUserApi.delete }, {
    table: projectUsers,
    references: { user_project: { table: projects }, users: { table: users } },
    fields: projectUserFields, join: projectUserJoin,
    async validate(_request, body, existing) {
      const project = (body.user_project ?? existing?.user_project) as number;
      const user = (body.users ?? existing?.users) as number;
      const other = await linkBetween(db, project, user);
      if (other && other !== existing?.id) return { non_field_errors: [ALREADY_LINKED] };
    },
  });
}, { name: 'users' });
