/** Portal settings (name, CO2 factor, time zone) and the communes list. */
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { communes, settings } from '../../db/schema.js';
import { fieldError, notFound } from '../../core/errors.js';
import { list } from '../../core/lists.js';
import { route } from '../../core/route.js';
import { rebuildRollups } from '../../measurements/store.js';
import { settingsApi, type Commune } from '../../../contract/settings.js';

const validTimeZone = (tz: string) => {
  try { new Intl.DateTimeFormat('en', { timeZone: tz }); return true; } catch { return false; }
};

export default fp(async (app) => {
  const { db } = app;
  route(app, settingsApi.communes, (request) => list<Commune>(db, request, {
    table: communes, ordering: { name: communes.name, region: communes.region, id: communes.id }, search: [communes.name, communes.region],
  }));

  route(app, settingsApi.list, () => db.select().from(settings).orderBy(settings.id));

  route(app, settingsApi.update, async (request) => {
    const { id } = request.params;
    const body = request.body;
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
