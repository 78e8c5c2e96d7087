/**
 * Push ingest (contract/ingest.ts): staff issue a plant a key (shown once, kept as a SHA-256), the
 * datalogger POSTs its readings to /ingest/points with the key in `X-Api-Key`, as JSON or CSV. Rows
 * are checked one by one (server/measurements/ingest.ts): the good ones are stored, the bad ones come
 * back numbered. A plant with a key is fed by its datalogger, so the demo simulator leaves it alone.
 */
import fp from 'fastify-plugin';
import { ingestApi, MAX_POINTS } from '../../../contract/ingest.js';
import { currentUser } from '../../core/access.js';
import { fieldError, nonFieldError, notFound } from '../../core/errors.js';
import { route } from '../../core/route.js';
import { checkRows, CsvError, newKey, parseCsv } from '../../measurements/ingest.js';
import { groupCommit } from '../../measurements/group-commit.js';
import { deleteKey, insertKey, keysOf } from './queries.js';
import { visiblePlant } from '../../core/visibility.js';
import { INGEST_BODY_LIMIT, invertersOf, keyOfHeader, noteKeyUse } from '../../domain/ingest.js';

declare module 'fastify' {
  interface FastifyRequest { ingestKey: { id: number; plant: number } | null }
}

/** 10 000 points of JSON with their MPPT inputs stay well under this. */

/** The rows of a push: a CSV body's lines, or a JSON body's points; a 400 when the body itself is unusable. */
function rowsOf(body: unknown): { points: unknown[]; decimalComma: boolean } {
  if (typeof body === 'string') {
    try {
      const { rows, decimalComma } = parseCsv(body);
      return { points: rows, decimalComma };
    } catch (err) {
      if (err instanceof CsvError) throw nonFieldError(err.message);
      throw err;
    }
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw nonFieldError('Datos inválidos. Se esperaba un objeto.');
  if (!('points' in body) || !Array.isArray(body.points)) throw fieldError('points', 'Se esperaba una lista de puntos.');
  return { points: body.points, decimalComma: false };
}

export default fp(async (app) => {
  const { db } = app;
  // Pushes arriving together are stored in one transaction, each answered once its points are committed.
  const store = groupCommit(db);

  route(app, ingestApi.createKey, async (request, reply) => {
    const plant = await visiblePlant(request, request.params.id);
    const { key, prefix, hash } = newKey();
    const row = await insertKey(db, { plant: plant.id, name: (request.body.name ?? '').trim(), prefix, hash, createdBy: currentUser(request).id });
    return reply.status(201).send({ ...row, key });
  });

  route(app, ingestApi.keys, async (request) => keysOf(db, (await visiblePlant(request, request.params.id)).id));

  route(app, ingestApi.revokeKey, async (request, reply) => {
    if (!await deleteKey(db, request.params.keyId)) throw notFound();
    return reply.status(204).send(null);
  });

  // Its own scope: the CSV parser is for this route only.
  await app.register(async (scope) => {
    scope.decorateRequest('ingestKey', null);
    scope.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: INGEST_BODY_LIMIT }, (_request, body, done) => done(null, body));

    route(scope, ingestApi.push, async (request, reply) => {
      const key = request.ingestKey!;
      const { points, decimalComma } = rowsOf(request.body);
      if (points.length > MAX_POINTS) {
        return reply.status(413).send({ detail: `Demasiados puntos en un envío: ${points.length} (máximo ${MAX_POINTS}).` });
      }
      const { readings, rejected } = checkRows(points, await invertersOf(db, key.plant), { decimalComma });
      const { stored, duplicates } = await store(readings);
      await noteKeyUse(db, key.id, 'http');
      // The plant's alarm rules, on what just arrived, soon after (docs/alarms.md).
      if (stored) app.alarms.enqueue(key.plant);
      return { stored, duplicates, rejected };
    }, {
      bodyLimit: INGEST_BODY_LIMIT,
      // The key is checked before the body is even read.
      onRequest: async (request) => { request.ingestKey = await keyOfHeader(db, request.headers['x-api-key']); },
      // Rows are checked one by one in the handler (a bad row is reported, not fatal): the body schema only documents.
      validatorCompiler: () => () => true,
      config: { keepsCaches: true },
    });
  });
}, { name: 'ingest' });
