/** Portal settings (name, CO2 factor, time zone) and the communes list. */
import fp from 'fastify-plugin';
import { listRows } from '../../core/crud.js';
import { fieldError, notFound } from '../../core/errors.js';
import { route } from '../../core/route.js';
import { readSettings } from '../../domain/settings.js';
import { rebuildRollups } from '../../measurements/store.js';
import { forgetSettings } from '../../domain/settings.js';
import { settingsApi } from '../../../contract/settings.js';
import { communeRows, findSettings, settingsRows, updateSettings } from './queries.js';

const validTimeZone = (tz: string) => {
  try { new Intl.DateTimeFormat('en', { timeZone: tz }); return true; } catch { return false; }
};

export default fp(async (app) => {
  const { db } = app;
  route(app, settingsApi.features, async () => {
    const { config } = app;
    const { name, timeZone } = await readSettings(db);
    return {
      name, time_zone: timeZone,
      sign_in: { password: true, google: Boolean(config.googleIssuer && config.googleClientId && config.googleClientSecret) },
      weather: Boolean(config.weatherApiKey),
      mail: Boolean(config.smtpUrl),
    };
  });

  route(app, settingsApi.communes, (request) => listRows(request, communeRows));

  route(app, settingsApi.list, () => settingsRows(db));

  route(app, settingsApi.update, async ({ params: { id }, body }) => {
    if (body.time_zone !== undefined && !validTimeZone(body.time_zone)) throw fieldError('time_zone', 'Zona horaria desconocida (use un nombre IANA, p. ej. America/Santiago).');
    const before = await findSettings(db, id);
    if (!before) throw notFound();
    if (!Object.keys(body).length) return before;
    const row = await updateSettings(db, id, body);
    // Other processes hear of it from the database; this one forgets its copy now.
    forgetSettings(db);
    // Every rollup bucket is a local day/hour of this zone: a new zone means new buckets.
    if (row.time_zone !== before.time_zone) await rebuildRollups(db);
    return row;
  });
}, { name: 'settings' });
