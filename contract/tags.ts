/** Tags: named groups of users (memberships) and projects (tag-project links). */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { listOf, ListQuery, S } from './common.js';
import { crud } from './crud.js';
import { endpoint } from './http.js';

/** Length of a tag's name (its database column). */
export const TAG_NAME_MAX = 120;

/**
 * The query of the lists where staff may ask for everyone's rows: `?admin=True` (as the web app sends
 * it; `true` and `1` too). Without it staff get their own rows, like anyone else.
 */
export const AdminQuery = Type.Object({
  ...ListQuery.properties,
  admin: Type.Optional(Type.String({ maxLength: 10, description: 'True: staff get every row, not only their own' })),
});
export type AdminQuery = Static<typeof AdminQuery>;

/** A list of `item` taking `AdminQuery`, for anyone signed in. */
export const adminList = <P extends string, I extends TSchema>(path: P, tag: string, summary: string, item: I) => endpoint({
  method: 'GET', path, access: 'user', tag, summary, querystring: AdminQuery, reply: { 200: listOf(item) },
});

export const Tag = Type.Object({
  id: Type.Integer(), name: Type.String(), created_at: S.timestamp(),
  users_count: Type.Optional(Type.Integer({ description: 'staff only: the members are other customers' })),
  projects_count: Type.Integer(),
}, { title: 'Tag' });
export type Tag = Static<typeof Tag>;
export const TagBody = Type.Object({ name: S.nonBlank(TAG_NAME_MAX) });

export const TagUser = Type.Object({
  id: Type.Integer(), tag: Type.Integer(), tag_name: Type.String(),
  customuser: Type.Integer(), user_fullname: Type.String(), user_email: Type.String(),
}, { title: 'TagUser' });
export type TagUser = Static<typeof TagUser>;
export const TagUserBody = Type.Object({ tag: S.id(), customuser: S.id() });

export const TagProject = Type.Object({
  id: Type.Integer(), tag: Type.Integer(), tag_name: Type.String(),
  project: Type.Object({ id: Type.Integer(), name: Type.String(), image_project: S.nullable(Type.String()) }),
}, { title: 'TagProject' });
export type TagProject = Static<typeof TagProject>;
export const TagProjectBody = Type.Object({ tag: S.id(), project: S.id() });

const tag = crud({ tag: 'tag', noun: 'tag', item: Tag, body: TagBody });
export const tagApi = {
  list: tag.list('/tag-all/list'),
  one: tag.one('/tag/list/:id'),
  create: tag.create('/tag/create'),
  update: tag.update('/tag/update/:id'),
  delete: tag.delete('/tag/deleted/:id'),
};

// An ordinary user reads only their own memberships.
const tagUser = crud({ tag: 'tag-user link', noun: 'tag-user link', item: TagUser, body: TagUserBody });
export const tagUserApi = {
  list: adminList('/tag-user-all/list', 'tag-user link', "The caller's tag memberships (staff with ?admin=True: everyone's)", TagUser),
  listBy: tagUser.listBy('/tag-user-tag/list/:tagId', 'tagId'),
  one: tagUser.one('/tag-user/list/:id'),
  create: tagUser.create('/tag-user/create'),
  update: tagUser.update('/tag-user/update/:id'),
  delete: tagUser.delete('/tag-user/deleted/:id'),
};

// An ordinary user reads only the links of their tags. The list of every link is the projects
// area's (`projectAccessApi.tagLinks`, SPEC.md §7 "Projects").
const tagProject = crud({ tag: 'tag-project link', noun: 'tag-project link', item: TagProject, body: TagProjectBody });
export const tagProjectApi = {
  listBy: tagProject.listBy('/tag-project-tag/list/:tagId', 'tagId'),
  one: tagProject.one('/tag-project/list/:id'),
  create: tagProject.create('/tag-project/create'),
  update: tagProject.update('/tag-project/update/:id'),
  delete: tagProject.delete('/tag-project/deleted/:id'),
};
