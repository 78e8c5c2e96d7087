/** Portal settings (name, CO2 factor, time zone) and the communes list. */
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import { communes, settings } from '../../db/schema.js';
import { ErrorBody, IdParams, S } from '../../core/crud.js';
import { fieldError, notFound } from '../../core/errors.js';
import { list, listOf, ListQuery } from '../../core/lists.js';
import { rebuildRollups } from '../../measurements/store.js';

export const Settings = Type.Object({
  id: Type.Integer(), name: Type.String(), environnement_factor: Type.Number(), time_zone: Type.String(),
}, { title: 'Settings' });
const Commune = Type.Object({ id: Type.Integer(), name: Type.String(), region: Type.String() }, { title: 'Commune' });

const validTimeZone = (tz: string) => {
  try { new Intl.DateTimeFormat('en', { timeZone: tz }); return true; } catch { return false; }
};

export default fp(async (app) => {
  const { db } = app;
  app.get('/commune-all/list', {
    schema: { tags: ['settings'], summary: 'Communes of Chile with their region', querystring: ListQuery, response: { 200: listOf(Commune) } },
  }, (request) => list(db, request, {
    table: communes, ordering: { name: communes.name, region: communes.region, id: communes.id }, search: [communes.name, communes.region],
  }));

  app.get('/list/settings', {
    schema: { tags: ['settings'], summary: 'The settings (a list with one entry)', response: { 200: Type.Array(Settings) } },
  }, () => db.select().from(settings).orderBy(settings.id));

  app.put('/update/settings/parameters/:id', {
    config: { access: 'staff' },
    schema: {
      tags: ['settings'], summary: 'Update the settings', params: IdParams,
      body: Type.Partial(Type.Object({
        name: S.name(120),
        environnement_factor: Type.Number({ minimum: 0, maximum: 10 }),
        time_zone: Type.String({ minLength: 1, maxLength: 64 }),
      })),
      response: { 200: Settings, 400: ErrorBody, 404: ErrorBody },
    },
  }, async (request) => {
    const { id } = request.params as { id: number };
    const body = request.body as { name?: string; environnement_factor?: number; time_zone?: string };
    if (body.time_zone !== undefined && !validTimeZone(body.time_zone)) throw fieldError('time_zone', 'Zona horaria desconocida (use un nombre IANA, p. ej. America/Santiago).');
    const [before] = await db.select().from(settings).where(eq(settings.id, id));
    if (!before) throw notFound();
    if (!Object.keys(body).length) return before;
    const [row] = await db.update(settings).set({ ...body, updated_at: new Date() }).where(eq(settings.id, id)).returning();
    // Every rollup bucket is a local day/hour of this zone: a new zone means new buckets.
    if (row.time_zone !== before.time_zone) await rebuildRollups(db);
    return row;
  });
}, { name: 'settings' });
