/**
 * Projects (the top of the installation hierarchy, with an image) and the read-only views of who sees
 * which project: the caller's own projects and the tag-project links. Staff write; an ordinary user
 * reads only the projects linked to them directly or through a tag (visibility.ts), others are a 404.
 * Deleting a project deletes everything below it (ON DELETE CASCADE down the hierarchy).
 */
import fp from 'fastify-plugin';
import { crudRoutes, listRows, nameRequired } from '../../core/crud.js';
import { route } from '../../core/route.js';
import { tagProjectLinks, wantsAll } from '../../domain/tags.js';
import { projectAccessApi, projectApi } from '../../../contract/projects.js';
import { projectRows } from './queries.js';

export default fp(async (app) => {
  crudRoutes(app, projectApi, { ...projectRows, requiredMessages: nameRequired, files: { image_project: 'image' } });

  // The same set as /project-all/ by construction: staff are linked to everything, an ordinary user to the
  // projects of their project-user links and of their tags.
  route(app, projectAccessApi.mine, (request) => listRows(request, projectRows));

  // Staff, like anyone, get the links of their own tags unless they ask for everyone's.
  route(app, projectAccessApi.tagLinks, (request) => listRows(request, tagProjectLinks, { mine: !wantsAll(request.query) }));
}, { name: 'projects' });
