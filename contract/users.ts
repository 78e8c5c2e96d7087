/** Users as staff see them, the administrator privilege, and the project-user links. */
import { Type } from '@sinclair/typebox';
import { Detail, endpoint, FieldErrors } from './http.js';
import { ListQuery, listOf, S } from './common.js';
import { crud } from './crud.js';

export const UserItem = Type.Object({
  id: Type.Integer(), email: Type.String(), first_name: Type.String(), last_name: Type.String(),
  phone: Type.String(), address: Type.String(), image: S.nullable(Type.String()),
  is_active: Type.Boolean(), is_staff: Type.Boolean(), is_superuser: Type.Boolean(),
  date_joined: S.timestamp(), last_login: S.nullable(S.timestamp()),
}, { title: 'User' });

/** The privilege flag sent as a JSON boolean, as the strings "true"/"false", or inside {is_staff}. */
const Flag = Type.Union([Type.String({ maxLength: 10 }), Type.Boolean()]);
// is_staff optional so that `{}` gets the same field error as any other non-boolean.
export const PermitsBody = Type.Union([Flag, Type.Object({ is_staff: Type.Optional(Flag) }, { additionalProperties: false })], {
  description: 'The new is_staff value: "true" / "false" (a JSON string, or text/plain), a JSON boolean, or {"is_staff": ...}.',
});

/** What staff change of another's account (the privilege and the account's state have calls of their own). */
export const UserUpdateBody = Type.Object({
  first_name: Type.Optional(S.name(150)), last_name: Type.Optional(S.name(150)),
  email: Type.Optional(S.email()),
  phone: Type.Optional(Type.String({ maxLength: 40 })), address: Type.Optional(Type.String({ maxLength: 255 })),
}, { additionalProperties: false });

export const userApi = {
  list: endpoint({
    method: 'GET', path: '/get-users/', access: 'staff', tag: 'user', summary: 'List users (search: first name, last name, e-mail)',
    querystring: Type.Object({
      ...ListQuery.properties, is_staff: Type.Optional(Type.Boolean()),
      // The choices of 'Agregar usuario al proyecto': those not associated with it yet.
      not_in_project: Type.Optional(S.id()),
    }), reply: { 200: listOf(UserItem) },
  }),
  permits: endpoint({
    method: 'PUT', path: '/permits-user/:userId', access: 'staff', tag: 'user', summary: 'Grant or revoke the administrator privilege (is_staff) of another user',
    params: Type.Object({ userId: S.id() }), body: PermitsBody, reply: { 200: UserItem },
  }),
  update: endpoint({
    method: 'PUT', path: '/user/update/:userId', access: 'staff', tag: 'user',
    summary: "Change another user's name, e-mail, phone or address (the fields sent); a superuser only by a superuser",
    params: Type.Object({ userId: S.id() }), body: UserUpdateBody, reply: { 200: UserItem, 400: FieldErrors },
  }),
  deactivate: endpoint({
    method: 'PUT', path: '/user/deactivate/:userId', access: 'staff', tag: 'user',
    summary: "Deactivate another user's account: their sessions end at once and they cannot sign in; "
      + 'PUT /auth/account-activate/{user_id} reactivates it. A superuser only by a superuser',
    params: Type.Object({ userId: S.id() }), reply: { 200: UserItem },
  }),
  delete: endpoint({
    method: 'DELETE', path: '/user/deleted/:userId', access: 'staff', tag: 'user',
    summary: "Delete another user's account; refused (400 naming them) while they have tickets or ticket messages. A superuser only by a superuser",
    // 400: one's own account ({non_field_errors}), or one holding tickets ({detail} naming them, server/core/crud.ts refuseWhileHolding).
    params: Type.Object({ userId: S.id() }), reply: { 204: Type.Null(), 400: Type.Union([FieldErrors, Detail]) },
  }),
};

export const ProjectUser = Type.Object({
  id: Type.Integer(), user_project: Type.Integer(), users: Type.Integer(),
  project_name: Type.String(), user_fullname: Type.String(), user_email: Type.String(),
}, { title: 'ProjectUser' });
export const ProjectUserBody = Type.Object({ user_project: S.id(), users: S.id() });
export const ProjectMembers = Type.Object({ id: Type.Integer(), name: Type.String(), users_project: Type.Array(ProjectUser) }, { title: 'ProjectMembers' });
export const LinkCreateBody = Type.Object({
  user_project: S.id(),
  users: Type.Union([S.id(), Type.Array(S.id(), { minItems: 1, maxItems: 1000 })], { description: 'a user id, or a list of them' }),
}, { additionalProperties: false });

const tag = 'project-user link';
const projectUser = crud({ tag, noun: 'project-user link', item: ProjectUser, body: ProjectUserBody });
export const projectUserApi = {
  members: endpoint({
    method: 'GET', path: '/associate-project-user/:projectId', access: 'staff', tag, summary: 'A project with the users associated with it',
    params: Type.Object({ projectId: S.id() }), reply: { 200: ProjectMembers },
  }),
  one: { ...projectUser.one('/associate-user-project/:id'), summary: 'One project-user link (an ordinary user: only their own)' },
  create: endpoint({
    method: 'POST', path: '/associate-user-project/create', access: 'staff', tag,
    summary: 'Associate one user (answers the link) or several (answers the links created; users already associated are skipped)',
    body: LinkCreateBody, reply: { 201: Type.Union([ProjectUser, Type.Array(ProjectUser)]) },
  }),
  update: projectUser.update('/associate-user-project/update/:id'),
  delete: projectUser.delete('/associate-user-project/deleted/:id'),
};
