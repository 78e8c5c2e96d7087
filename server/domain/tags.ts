/**
 * What the tags and the projects areas both know of tags: the tag-project link items, and how a
 * list asks for everyone's rows (`?admin=True`).
 */
import { naturalKey } from '../db/sql.js';
import { eq } from 'drizzle-orm';
import { projects, tagProjects, tags } from '../db/schema.js';
import { crudRows } from '../core/crud.js';
import type { AdminQuery } from '../../contract/tags.js';

/**
 * Tag-project links as the contract's `TagProject` items: the link with its tag's name and its project
 * (nested). An ordinary user sees the links of their tags.
 */
export const tagProjectLinks = crudRows({
  table: tagProjects, scope: 'tagProject',
  fields: {
    id: tagProjects.id, tag: tagProjects.tag, tag_name: tags.name,
    project_id: projects.id, project_name: projects.name, image_project: projects.image_project,
  },
  join: (q) => q.innerJoin(tags, eq(tags.id, tagProjects.tag)).innerJoin(projects, eq(projects.id, tagProjects.project)),
  ordering: { id: tagProjects.id, tag_name: naturalKey(tags.name), project_name: naturalKey(projects.name) },
  search: [tags.name, projects.name],
  serialize: (_request, rows) => rows.map(({ project_id, project_name, image_project, ...link }) =>
    ({ ...link, project: { id: project_id, name: project_name, image_project } })),
});

/** Whether a list's `?admin=True` (`true`, `1`) asks for everyone's rows; only staff get them (see scopeFor). */
export const wantsAll = (query: AdminQuery) => /^(true|1)$/i.test(query.admin ?? '');
