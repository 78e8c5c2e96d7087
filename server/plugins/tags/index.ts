/**
 * Tags: named groups of users and projects. A user sees the projects of their tags (see core/visibility.ts).
 * Staff write everything. An ordinary user reads only their tags, their own memberships and the
 * tag-project links of their tags; any other id is a 404.
 */
import fp from 'fastify-plugin';
import { crudRoutes, listRows, nameRequired } from '../../core/crud.js';
import { route } from '../../core/route.js';
import { wantsAll } from '../../domain/tags.js';
import { tagApi, tagProjectApi, tagUserApi } from '../../../contract/tags.js';
import { links, memberships, tagInUse, tagRows } from './queries.js';

export default fp(async (app) => {
  crudRoutes(app, tagApi, { ...tagRows, inUse: tagInUse, requiredMessages: nameRequired });

  // Staff, like anyone, list their own memberships unless they ask for everyone's.
  route(app, tagUserApi.list, (request) => listRows(request, memberships, { mine: !wantsAll(request.query) }));
  crudRoutes(app, { ...tagUserApi, list: undefined }, memberships);

  crudRoutes(app, tagProjectApi, links);
}, { name: 'tags' });
