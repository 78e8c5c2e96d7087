/**
 * Projects (the top of the installation hierarchy, with an image) and the read-only views of who sees
 * which project: the caller's own projects and the tag-project links. Staff write; an ordinary user
 * reads only the projects linked to them directly or through a tag (visibility.ts), others are a 404.
 * A project with plants is not deleted (400 naming how many): its plants go first, one by one, each
 * refused while it holds readings, so no click takes a plant's history with it.
 */
import fp from 'fastify-plugin';
import { crudRoutes, listRows, nameRequired, refuseWhileHolding } from '../../core/crud.js';
import { powerPlants } from '../../db/schema.js';
import { route } from '../../core/route.js';
import { tagProjectLinks, wantsAll } from '../../domain/tags.js';
import { projectAccessApi, projectApi } from '../../../contract/projects.js';
import { projectRows } from './queries.js';

const projectInUse = refuseWhileHolding('el proyecto', [{ column: powerPlants.project, one: 'central eléctrica', many: 'centrales eléctricas' }]);

export default fp(async (app) => {
  crudRoutes(app, projectApi, { ...projectRows, requiredMessages: nameRequired, files: { image_project: 'image' }, inUse: projectInUse });

  // The same set as /project-all/ by construction: staff are linked to everything, an ordinary user to the
  // projects of their project-user links and of their tags.
  route(app, projectAccessApi.mine, (request) => listRows(request, projectRows));

  // Staff, like anyone, get the links of their own tags unless they ask for everyone's.
  route(app, projectAccessApi.tagLinks, (request) => listRows(request, tagProjectLinks, { mine: !wantsAll(request.query) }));
}, { name: 'projects' });
