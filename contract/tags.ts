/** Tags: named groups of users (memberships) and projects (tag-project links). */
import { Type } from '@sinclair/typebox';
import { S } from './common.js';
import { crud } from './crud.js';

export const Tag = Type.Object({
  id: Type.Integer(), name: Type.String(), created_at: S.timestamp(),
  users_count: Type.Optional(Type.Integer({ description: 'staff only: the members are other customers' })),
  projects_count: Type.Integer(),
}, { title: 'Tag' });
export const TagBody = Type.Object({ name: S.nonBlank(120) });

export const TagUser = Type.Object({
  id: Type.Integer(), tag: Type.Integer(), tag_name: Type.String(),
  customuser: Type.Integer(), user_fullname: Type.String(), user_email: Type.String(),
}, { title: 'TagUser' });
export const TagUserBody = Type.Object({ tag: S.id(), customuser: S.id() });

export const TagProject = Type.Object({
  id: Type.Integer(), tag: Type.Integer(), tag_name: Type.String(),
  project: Type.Object({ id: Type.Integer(), name: Type.String(), image_project: S.nullable(Type.String()) }),
}, { title: 'TagProject' });
export const TagProjectBody = Type.Object({ tag: S.id(), project: S.id() });

const tag = crud({ tag: 'tag', noun: 'tag', item: Tag, body: TagBody });
export const tagApi = {
  list: tag.list('/tag-all/list'),
  one: tag.one('/tag/list/:id'),
  create: tag.create('/tag/create'),
  update: tag.update('/tag/update/:id'),
  delete: tag.delete('/tag/deleted/:id'),
};

const tagUser = crud({ tag: 'tag-user link', noun: 'tag-user link', item: TagUser, body: TagUserBody });
export const tagUserApi = {
  create: tagUser.create('/tag-user/create'),
  update: tagUser.update('/tag-user/update/:id'),
  delete: tagUser.delete('/tag-user/deleted/:id'),
};

const tagProject = crud({ tag: 'tag-project link', noun: 'tag-project link', item: TagProject, body: TagProjectBody });
export const tagProjectApi = {
  create: tagProject.create('/tag-project/create'),
  update: tagProject.update('/tag-project/update/:id'),
  delete: tagProject.delete('/tag-project/deleted/:id'),
};
