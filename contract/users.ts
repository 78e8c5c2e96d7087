/** Users as staff see them, the administrator privilege, and the project-user links. */
import { Type } from '@sinclair/typebox';
import { S } from './common.js';
import { crud } from './crud.js';

export const UserItem = Type.Object({
  id: Type.Integer(), email: Type.String(), first_name: Type.String(), last_name: Type.String(),
  phone: Type.String(), address: Type.String(), image: S.nullable(Type.String()),
  is_active: Type.Boolean(), is_staff: Type.Boolean(), is_superuser: Type.Boolean(),
  date_joined: S.timestamp(), last_login: S.nullable(S.timestamp()),
}, { title: 'User' });

export const ProjectUser = Type.Object({
  id: Type.Integer(), user_project: Type.Integer(), users: Type.Integer(),
  project_name: Type.String(), user_fullname: Type.String(), user_email: Type.String(),
}, { title: 'ProjectUser' });
export const ProjectUserBody = Type.Object({ user_project: S.id(), users: S.id() });

const projectUser = crud({ tag: 'project-user link', noun: 'project-user link', item: ProjectUser, body: ProjectUserBody });
export const projectUserApi = {
  update: projectUser.update('/associate-user-project/update/:id'),
  delete: projectUser.delete('/associate-user-project/deleted/:id'),
};
