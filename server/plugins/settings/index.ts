/** Portal settings (name, CO2 factor, time zone) and the communes list. */
import fp from 'fastify-plugin';
import { listRows } from '../../core/crud.js';
import { fieldError, notFound } from '../../core/errors.js';
import { route } from '../../core/route.js';
import { forgetSettings, readSettings } from '../../core/settings.js';
import { queueRebuild, rebuildProgress } from '../../measurements/rebuild.js';
import { APP_COLOURS, APP_START, settingsApi } from '../../../contract/settings.js';
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

  // Read at each install and update check, so the installed app takes the portal's name as staff set it.
  route(app, settingsApi.manifest, async (_request, reply) => {
    const { name } = await readSettings(db);
    reply.type('application/manifest+json').header('cache-control', 'no-cache');
    return {
      name, short_name: name, lang: 'es', start_url: APP_START, scope: '/', display: 'standalone',
      theme_color: APP_COLOURS.theme, background_color: APP_COLOURS.background,
      // The files of public/ (the build copies them to the site's root).
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    };
  });

  route(app, settingsApi.communes, (request) => listRows(request, communeRows));

  route(app, settingsApi.list, async () => {
    const rebuild = await rebuildProgress(db);
    return (await settingsRows(db)).map((row) => ({ ...row, rebuild }));
  });

  route(app, settingsApi.update, async ({ params: { id }, body }) => {
    if (body.time_zone !== undefined && !validTimeZone(body.time_zone)) throw fieldError('time_zone', 'Zona horaria desconocida (usa un nombre IANA, p. ej. America/Santiago).');
    const before = await findSettings(db, id);
    if (!before) throw notFound();
    if (!Object.keys(body).length) return { ...before, rebuild: await rebuildProgress(db) };
    const row = await db.transaction(async (tx) => {
      const updated = await updateSettings(tx, id, body);
      // Every rollup bucket is a local hour, day, month or year of this zone: a new zone means new
      // buckets, rebuilt plant by plant from now on (measurements/rebuild.ts).
      if (updated.time_zone !== before.time_zone) await queueRebuild(tx);
      return updated;
    });
    // Other processes hear of it from the database; this one forgets its copy now.
    forgetSettings(db);
    return { ...row, rebuild: await rebuildProgress(db) };
  });
}, { name: 'settings' });
