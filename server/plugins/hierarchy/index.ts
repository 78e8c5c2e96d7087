/**
 * The installation hierarchy below a project: power plants > inverters ("investors") > MPPTs > strings > panels.
 * Everyone signed in reads what visibility.ts lets them see (anything else is a 404, lists by parent included);
 * staff write. Every item carries the names and ids of its parents (breadcrumbs, see queries.ts).
 */
import fp from 'fastify-plugin';
import { crudRoutes, findVisible, nameRequired, refuseWhileHolding } from '../../core/crud.js';
import { currentUser } from '../../core/access.js';
import { route } from '../../core/route.js';
import { powerPlants } from '../../db/schema.js';
import { investorApi, mpptApi, ORIENTATION_MESSAGES, panelApi, plantReadingsApi, powerPlantApi, stringApi } from '../../../contract/hierarchy.js';
import {
  createPanels, deletePlantReadings, investorReadingCount, investorRows, mpptRows, panelRows, plantReadingCount, plantRows, stringRows,
} from './queries.js';

const readings = { one: 'lectura', many: 'lecturas' };
// Readings go only by their own call (plantReadingsApi), which names how many: never with one click on a plant or an inverter.
const plantInUse = refuseWhileHolding('la central eléctrica', [{ ...readings, count: (request, id) => plantReadingCount(request.server.db, id) }]);
const investorInUse = refuseWhileHolding('el inversor', [{ ...readings, count: (request, id) => investorReadingCount(request.server.db, id) }]);

export default fp(async (app) => {
  const requiredMessages = nameRequired;
  crudRoutes(app, powerPlantApi, { ...plantRows, requiredMessages, inUse: plantInUse });
  // GET /investor-all/microservice (the Fronius reading) belongs to the collector plugin; being a
  // static path it wins over /investor-all/:plant once registered.
  crudRoutes(app, investorApi, { ...investorRows, requiredMessages, inUse: investorInUse });
  crudRoutes(app, mpptApi, { ...mpptRows, requiredMessages });
  crudRoutes(app, stringApi, { ...stringRows, requiredMessages, rangeMessages: ORIENTATION_MESSAGES });
  crudRoutes(app, panelApi, { ...panelRows, requiredMessages });
  route(app, panelApi.createMany, async (request, reply) => reply.status(201).send(await createPanels(request, request.body)));

  route(app, plantReadingsApi.count, async (request) => {
    await findVisible(request, powerPlants, request.params.id);
    return { plant: request.params.id, readings: await plantReadingCount(app.db, request.params.id) };
  });

  route(app, plantReadingsApi.delete, async (request) => {
    const plant = await findVisible(request, powerPlants, request.params.id);
    const deleted = await deletePlantReadings(app.db, plant.id as number);
    // Who deleted how many of which plant's readings: for the operator, the only trace once they are gone.
    request.log.warn({ plant: plant.id, plant_name: plant.name, readings: deleted, by: currentUser(request).id }, 'plant readings deleted');
    return { plant: plant.id as number, readings: deleted };
  });
}, { name: 'hierarchy' });
