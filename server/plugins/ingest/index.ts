/**
 * Push ingest, for dataloggers the server does not poll: staff issue a plant a key (shown once, kept
 * as a SHA-256), the datalogger POSTs its readings to /ingest/points with the key in `X-Api-Key`, as
 * JSON `{points: [...]}` or as CSV. Good rows are stored, bad ones come back numbered with their
 * errors (server/measurements/ingest.ts); a repeated point is counted as a duplicate and stored once.
 * A plant with a key is fed by its datalogger, so the demo simulator leaves it alone.
 */
import fp from 'fastify-plugin';
import { asc, eq } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import { ingestKeys, investors, powerPlants } from '../../db/schema.js';
import { findVisible } from '../../core/crud.js';
import { IdParams, S } from '../../../contract/common.js';
import { ErrorBody } from '../../core/errors.js';
import { currentUser } from '../../core/access.js';
import { fieldError, nonFieldError, notFound, unauthorized } from '../../core/errors.js';
import { checkRows, CsvError, hashKey, MAX_POINTS, newKey, parseCsv, type Inverters } from '../../measurements/ingest.js';
import { storeReadings } from '../../measurements/store.js';

declare module 'fastify' {
  interface FastifyRequest { ingestKey: { id: number; plant: number } | null }
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** 10 000 points of JSON with their MPPT inputs stay well under this. */
const INGEST_BODY_LIMIT = 16 * 1024 * 1024;

const KeyItem = Type.Object({
  id: Type.Integer(), plant: Type.Integer(), name: Type.String(),
  prefix: Type.String({ description: 'the first characters of the key, to tell keys apart' }),
  created_at: S.timestamp(), last_used_at: S.nullable(S.timestamp()),
}, { title: 'IngestKey' });
const IssuedKey = Type.Object({
  ...KeyItem.properties,
  key: Type.String({ description: 'the key itself: shown this once, never again' }),
}, { title: 'IssuedIngestKey' });

const maybe = (description: string) => Type.Optional(S.nullable(Type.Number({ description })));
const Point = Type.Object({
  investor: Type.Union([Type.Integer(), Type.String()], { description: "the inverter's id, or its serial number" }),
  ts: Type.String({ format: 'date-time', description: 'ISO 8601 with its offset, e.g. 2026-01-31T14:05:00-03:00' }),
  ac_power_w: Type.Number(),
  energy_total_wh: maybe('lifetime counter of the device; when given, production is the difference between readings'),
  grid_import_w: maybe('≥ 0'), grid_export_w: maybe('≥ 0'), consumption_w: maybe('≥ 0'),
  battery_power_w: maybe('+ charging, − discharging'), battery_soc: maybe('0-100 %'),
  status: Type.Optional(S.nullable(Type.String({ maxLength: 32 }))),
  dc: Type.Optional(S.nullable(Type.Array(Type.Object({ mppt: Type.Integer({ minimum: 1 }), voltage_v: Type.Number(), current_a: Type.Number(), power_w: Type.Number() })))),
}, { title: 'IngestPoint' });

const IngestResult = Type.Object({
  stored: Type.Integer({ description: 'new points stored' }),
  duplicates: Type.Integer({ description: 'points already stored (or repeated in the batch), kept once' }),
  rejected: Type.Array(Type.Object({
    row: Type.Integer({ description: 'JSON: position in points, from 1; CSV: line after the header, from 1' }),
    errors: Type.Record(Type.String(), Type.Array(Type.String())),
  })),
}, { title: 'IngestResult' });

export default fp(async (app) => {
  const { db } = app;
  const keyColumns = {
    id: ingestKeys.id, plant: ingestKeys.plant, name: ingestKeys.name, prefix: ingestKeys.prefix,
    created_at: ingestKeys.created_at, last_used_at: ingestKeys.last_used_at,
  };

  app.post('/power-plant/:id/api-keys', {
    config: { access: 'staff' },
    schema: {
      tags: ['ingest'], summary: "Issue a key for a plant's datalogger (the key is in this answer only)",
      params: IdParams, body: Type.Object({ name: Type.Optional(S.text(120)) }, { description: 'name: a label, e.g. where the datalogger is' }),
      response: { 201: IssuedKey, ...errors },
    },
  }, async (request, reply) => {
    const plant = await findVisible(request, powerPlants, (request.params as { id: number }).id, 'plant');
    const { key, prefix, hash } = newKey();
    const [row] = await db.insert(ingestKeys).values({
      plant: plant.id, name: ((request.body as { name?: string }).name ?? '').trim(), prefix, key_hash: hash, created_by: currentUser(request).id,
    }).returning(keyColumns);
    return reply.status(201).send({ ...row, key });
  });

  app.get('/power-plant/:id/api-keys', {
    config: { access: 'staff' },
    schema: { tags: ['ingest'], summary: "A plant's ingest keys (without the keys themselves)", params: IdParams, response: { 200: Type.Array(KeyItem), ...errors } },
  }, async (request) => {
    const plant = await findVisible(request, powerPlants, (request.params as { id: number }).id, 'plant');
    return db.select(keyColumns).from(ingestKeys).where(eq(ingestKeys.plant, plant.id)).orderBy(asc(ingestKeys.id));
  });

  app.delete('/power-plant/api-keys/:keyId', {
    config: { access: 'staff' },
    schema: {
      tags: ['ingest'], summary: 'Revoke a key: the datalogger using it is refused from now on',
      params: Type.Object({ keyId: IdParams.properties.id }), response: { 204: Type.Null(), ...errors },
    },
  }, async (request, reply) => {
    const { keyId } = request.params as { keyId: number };
    const [gone] = await db.delete(ingestKeys).where(eq(ingestKeys.id, keyId)).returning({ id: ingestKeys.id });
    if (!gone) throw notFound();
    return reply.status(204).send();
  });

  // Its own scope: the CSV parser is for this route only.
  await app.register(async (scope) => {
    scope.decorateRequest('ingestKey', null);
    scope.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: INGEST_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post('/ingest/points', {
      config: { access: 'public' },
      bodyLimit: INGEST_BODY_LIMIT,
      // The key is checked before the body is even read.
      onRequest: async (request) => {
        const key = request.headers['x-api-key'];
        if (typeof key !== 'string' || !key.trim()) throw unauthorized('Falta la clave de API (cabecera X-Api-Key).');
        const [row] = await db.select({ id: ingestKeys.id, plant: ingestKeys.plant }).from(ingestKeys).where(eq(ingestKeys.key_hash, hashKey(key.trim())));
        if (!row) throw unauthorized('Clave de API inválida o revocada.');
        request.ingestKey = row;
      },
      // Rows are checked one by one below (a bad row is reported, not fatal), so the schema only documents.
      validatorCompiler: () => () => true,
      schema: {
        tags: ['ingest'],
        summary: `Push readings of the key's plant: JSON {points: [...]} or text/csv with a header row (at most ${MAX_POINTS} points; more is a 413)`,
        description: 'Authenticated by the `X-Api-Key` header, not by a user token. CSV columns: the point fields; MPPT inputs as '
          + 'mppt1_voltage_v, mppt1_current_a, mppt1_power_w, mppt2_...; separator comma, semicolon (then a decimal comma is accepted) or tab.',
        consumes: ['application/json', 'text/csv'],
        headers: Type.Object({ 'x-api-key': Type.String({ description: 'the ingest key of the plant' }) }),
        body: Type.Object({ points: Type.Array(Point, { maxItems: MAX_POINTS }) }),
        response: { 200: IngestResult, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody },
      },
    }, async (request, reply) => {
      const key = request.ingestKey!;
      let points: unknown[];
      let decimalComma = false;
      if (typeof request.body === 'string') {
        try {
          ({ rows: points, decimalComma } = parseCsv(request.body));
        } catch (err) {
          if (err instanceof CsvError) throw nonFieldError(err.message);
          throw err;
        }
      } else {
        const body = request.body as { points?: unknown } | null;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw nonFieldError('Datos inválidos. Se esperaba un objeto.');
        if (!Array.isArray(body.points)) throw fieldError('points', 'Se esperaba una lista de puntos.');
        points = body.points;
      }
      if (points.length > MAX_POINTS) {
        return reply.status(413).send({ detail: `Demasiados puntos en un envío: ${points.length} (máximo ${MAX_POINTS}).` });
      }
      const { readings, rejected } = checkRows(points, await invertersOf(key.plant), { decimalComma });
      const { stored, duplicates } = await storeReadings(db, readings);
      await db.update(ingestKeys).set({ last_used_at: new Date() }).where(eq(ingestKeys.id, key.id));
      return { stored, duplicates, rejected };
    });
  });

  async function invertersOf(plantId: number): Promise<Inverters> {
    const own = await db.select({ id: investors.id, serial: investors.serial_number }).from(investors).where(eq(investors.plant, plantId));
    return { ids: new Set(own.map((i) => i.id)), bySerial: new Map(own.filter((i) => i.serial.trim()).map((i) => [i.serial.trim(), i.id])) };
  }
}, { name: 'ingest' });
