/**
 * Projects (the top of the installation hierarchy, with an image) and the read-only views of who sees
 * which project: the caller's own projects and the tag-project links. Staff write; an ordinary user
 * reads only the projects linked to them directly or through a tag (visibility.ts), others are a 404.
 * Deleting a project deletes everything below it (ON DELETE CASCADE down the hierarchy).
 */
import fp from 'fastify-plugin';
import { getTableColumns, sql } from 'drizzle-orm';
import { powerPlants, projects } from '../../db/schema.js';
import { crudRoutes, nameRequired } from '../../core/crud.js';
import { ErrorBody } from '../../core/errors.js';
import { list } from '../../core/lists.js';
import { listOf, ListQuery } from '../../../contract/common.js';
import { scopeFor } from '../../core/visibility.js';
import { AdminQuery, listTagProjects, wantsAll } from '../tags/index.js';
import { Project, projectApi } from '../../../contract/projects.js';
import { TagProject } from '../../../contract/tags.js';


/** How every project list reads: columns plus the number of plants, in one query. */
const projectList = {
  table: projects,
  fields: {
    ...getTableColumns(projects),
    // The outer id spelled out as "projects"."id": in a one-table select Drizzle renders columns bare,
    // and a bare "id" inside the subquery would be the plant's own id.
    plants_count: sql<number>`(select count(*)::int from ${powerPlants} where ${powerPlants.project} = ${projects}.${sql.identifier(projects.id.name)})`,
  },
  ordering: { id: projects.id, name: projects.name, created_at: projects.created_at },
  search: [projects.name],
};

const errors = { 400: ErrorBody, 401: ErrorBody };

export default fp(async (app) => {
  const { db } = app;

  crudRoutes(app, projectApi, {
    ...projectList, scope: 'project', requiredMessages: nameRequired, files: { image_project: 'image' },
  });

  // The same set as /project-all/ by construction: staff are linked to everything, an ordinary user to the
  // projects of their project-user links and of their tags.
  app.get('/associate-users-project/', {
    schema: {
      tags: ['project'], summary: 'Projects of the signed-in user (directly or through a tag; all for staff)',
      querystring: ListQuery, response: { 200: listOf(Project), ...errors },
    },
  }, (request) => list(db, request, { ...projectList, where: scopeFor(request, 'project') }));

  app.get('/tag-project-all/list', {
    schema: {
      tags: ['project'],
      summary: 'Tag-project links: all of them for staff with admin=True, otherwise those of the tags the caller belongs to',
      querystring: AdminQuery,
      response: { 200: listOf(TagProject), ...errors },
    },
  }, (request) => listTagProjects(request, { own: !wantsAll(request) }));
}, { name: 'projects' });
