/**
 * Site agents (contract/site-agents.ts, docs/agent.md): an agent reports its status with the plant's
 * ingest key (the push ingest's check); staff and the plant's users read it; staff take the inverters
 * it found into the plant's hierarchy.
 */
import fp from 'fastify-plugin';
import { siteAgentApi } from '../../../contract/site-agents.js';
import { route } from '../../core/route.js';
import { visiblePlant } from '../../core/visibility.js';
import { keyOfHeader } from '../../domain/ingest.js';
import { adoptDevices, agentsOf, saveStatus } from './queries.js';

export default fp(async (app) => {
  const { db } = app;

  await app.register(async (scope) => {
    scope.decorateRequest('ingestKey', null);
    route(scope, siteAgentApi.report, async (request, reply) => {
      await saveStatus(db, request.ingestKey!.plant, request.body);
      return reply.status(204).send(null);
    }, {
      // The key is checked before the body is read, as for the push ingest.
      onRequest: async (request) => { request.ingestKey = await keyOfHeader(db, request.headers['x-api-key']); },
    });
  });

  route(app, siteAgentApi.list, async (request) => agentsOf(db, (await visiblePlant(request, request.params.id)).id));

  route(app, siteAgentApi.adopt, async (request) => adoptDevices(db, (await visiblePlant(request, request.params.id)).id));
}, { name: 'site-agents' });
