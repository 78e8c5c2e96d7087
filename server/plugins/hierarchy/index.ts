/**
 * The installation hierarchy below a project: power plants > inverters ("investors") > MPPTs > strings > panels.
 * Everyone signed in reads what visibility.ts lets them see (anything else is a 404, lists by parent included);
 * staff write. Every item carries the names and ids of its parents (breadcrumbs, see queries.ts).
 */
import fp from 'fastify-plugin';
import { crudRoutes, nameRequired } from '../../core/crud.js';
import { investorApi, mpptApi, ORIENTATION_MESSAGES, panelApi, powerPlantApi, stringApi } from '../../../contract/hierarchy.js';
import { createPanels, investorRows, mpptRows, panelRows, plantRows, stringRows } from './queries.js';
import { route } from '../../core/route.js';

export default fp(async (app) => {
  const requiredMessages = nameRequired;
  crudRoutes(app, powerPlantApi, { ...plantRows, requiredMessages });
  // GET /investor-all/microservice (the Fronius reading) belongs to the collector plugin; being a
  // static path it wins over /investor-all/:plant once registered.
  crudRoutes(app, investorApi, { ...investorRows, requiredMessages });
  crudRoutes(app, mpptApi, { ...mpptRows, requiredMessages });
  crudRoutes(app, stringApi, { ...stringRows, requiredMessages, rangeMessages: ORIENTATION_MESSAGES });
  crudRoutes(app, panelApi, { ...panelRows, requiredMessages });
  route(app, panelApi.createMany, async (request, reply) => reply.status(201).send(await createPanels(request, request.body)));
}, { name: 'hierarchy' });
