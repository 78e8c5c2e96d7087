/** Projects: the top of the installation hierarchy, with an image; and who sees which project. */
import { Type, type Static } from '@sinclair/typebox';
import { listOf, ListQuery, S } from './common.js';
import { crud } from './crud.js';
import { endpoint } from './http.js';
import { adminList, TagProject } from './tags.js';

/** Length of a project's name (its database column). */
export const PROJECT_NAME_MAX = 150;

export const Project = Type.Object({
  id: Type.Integer(), name: Type.String(), image_project: S.nullable(Type.String()), created_at: S.timestamp(),
  plants_count: Type.Integer(),
}, { title: 'Project' });
export type Project = Static<typeof Project>;
export const ProjectBody = Type.Object({ name: S.nonBlank(PROJECT_NAME_MAX), image_project: Type.Optional(S.file()) });

const tag = 'project';
const project = crud({ tag, noun: 'project', item: Project, body: ProjectBody, multipart: true });
export const projectApi = {
  list: project.list('/project-all/'),
  one: project.one('/project/:id'),
  create: project.create('/project/create'),
  update: project.update('/project/update/:id'),
  delete: project.delete('/project/deleted/:id'),
};

/** Who sees which project (SPEC.md §7 "Projects"). */
export const projectAccessApi = {
  /** The same set as `projectApi.list`: staff are linked to everything. */
  mine: endpoint({
    method: 'GET', path: '/associate-users-project/', access: 'user', tag,
    summary: 'Projects of the signed-in user (directly or through a tag; all for staff)', querystring: ListQuery, reply: { 200: listOf(Project) },
  }),
  tagLinks: adminList('/tag-project-all/list', tag,
    'Tag-project links: all of them for staff with admin=True, otherwise those of the tags the caller belongs to', TagProject),
};
