/**
 * The API server, assembled: shared services as decorations, cross-cutting hooks, then one plugin per area.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Ajv } from 'ajv';
import helmet from 'helmet';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { frameworkErrors, installErrorHandler } from './core/errors.js';
import { strictValidators } from './core/input.js';
import { JSON_TOO_DEEP, nestedDeeperThan } from './core/json.js';
import { installBodyLimitAnswer } from './core/body-limit.js';
import { installAccessControl } from './core/access.js';
import { forgetCaches } from './db/cache.js';
import { installMultipart } from './core/uploads.js';
import { COMPRESSION, installReplyCheck, installSharedCompression, serializeSharedOnce } from './core/replies.js';
import { createMailer, type Mailer } from './core/mailer.js';
import { rateLimitOptions } from './core/rate-limit-store.js';
import { createAlarmQueue, type AlarmQueue } from './domain/alarms/evaluate.js';
import docs from './plugins/docs.js';
import mediaRoutes from './plugins/media.js';
import authRoutes from './plugins/auth/index.js';
import hierarchyRoutes from './plugins/hierarchy/index.js';
import projectRoutes from './plugins/projects/index.js';
import tagRoutes from './plugins/tags/index.js';
import billingRoutes from './plugins/billing/index.js';
import userRoutes from './plugins/users/index.js';
import catalogueRoutes from './plugins/catalogue/index.js';
import settingsRoutes from './plugins/settings/index.js';
import ticketRoutes from './plugins/tickets/index.js';
import notificationRoutes from './plugins/notifications/index.js';
import collectorRoutes from './plugins/collector/index.js';
import weatherRoutes from './plugins/weather/index.js';
import measurementRoutes from './plugins/measurements/index.js';
import ingestRoutes from './plugins/ingest/index.js';
import siteAgentRoutes from './plugins/site-agents/index.js';
import expectedRoutes from './plugins/expected/index.js';
import pushRoutes from './plugins/push/index.js';
import alarmRoutes from './plugins/alarms/index.js';
import reportRoutes from './plugins/reports/index.js';
import fleetRoutes from './plugins/fleet/index.js';
import sourceRoutes from './plugins/sources/index.js';
import webPushRoutes from './plugins/web-push/index.js';
import shareLinkRoutes from './plugins/share-links/index.js';
import firstViewRoutes, { type FirstViewOptions } from './plugins/first-view/index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that never writes what the caches hold (the dataloggers' pushes): its requests leave them be. */
    keepsCaches?: boolean;
  }
  interface FastifyInstance {
    config: Config; db: Db; mailer: Mailer;
    /** The alarm rules' queue: `app.alarms.enqueue(plant)` after storing a plant's readings (docs/alarms.md). */
    alarms: AlarmQueue;
  }
}

/** Replies smaller than this go uncompressed. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * What the web app's pages may load (docs/api.md, "Headers"): scripts only from this origin, never
 * inline; styles also inline, because MUI's Emotion injects <style> elements at run time (a nonce
 * would mean rendering index.html per request); images from here, data:/blob: URLs (previews of a
 * chosen file) and the map's tile server; calls only to this origin. No upgrade-insecure-requests:
 * TLS is a reverse proxy's job, and on plain HTTP it would send every asset request to https.
 */
export const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  },
};

/** Methods that never write. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Hashed build assets never change under their name; index.html must be checked on every load. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The HTML a deep link loads: under /app/<section>, the build's app-<section>.html, else under /app/
 * its app.html, which also ask the browser for the admin's (and that section's) chunks at once
 * (vite.config.ts, `sectionPages`); elsewhere index.html. '/' opens the monitoring page. The pages
 * the build wrote are listed once, at start: a name from the address is only looked up among them.
 */
function pagesOf(webDir: string) {
  const built = new Set(fs.readdirSync(webDir).filter((name) => /^app(-[\w-]+)?\.html$/.test(name)));
  return (url: string) => {
    const [, top, section] = (url === '/' ? '/app/monitoring' : url.split('?')[0]).split('/');
    const page = top === 'app' ? [`app-${section}.html`, 'app.html'].find((name) => built.has(name)) : undefined;
    return path.join(webDir, page ?? 'index.html');
  };
}

export interface AppOptions {
  config: Config; db: Db; mailer?: Mailer; logger?: boolean | object; webDir?: string;
  /** The web app's renderer of the monitoring page's first view (serve.ts: the build's; none in `npm run dev`). */
  firstView?: FirstViewOptions['loadRenderer'];
  /** Check every reply against its declared schema (the test suites do). */
  checkReplies?: boolean;
}

export async function buildApp({ config, db, mailer, logger = false, webDir, firstView, checkReplies = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    // Only behind a proxy we run: otherwise X-Forwarded-For would let a client pick its own address.
    trustProxy: config.trustProxy,
    // A JSON key `__proto__` (or `constructor.prototype`) is dropped like any key a schema does not describe.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    frameworkErrors,
    ajv: {
      // 'all': properties a schema does not describe are dropped everywhere, so no body can smuggle
      // in a column (is_staff, id) through a route that forgot additionalProperties: false.
      // coerceTypes true, not 'array': a list is never unwrapped into a scalar ([[1]] is no id).
      // allErrors off, as Ajv's security notes ask for untrusted data: the limits (maxItems, maxLength)
      // stop validation at once; an answer still names every wrong field (server/core/input.ts).
      customOptions: { allErrors: false, coerceTypes: true, removeAdditional: 'all', useDefaults: true },
      plugins: [(ajv: Ajv) => ajv.addFormat('binary', true)],
    },
    // Ajv behind strict checks of what text, booleans and NULs may be (server/core/input.ts).
    // Replies through fast-json-stringify, a shared one written once per route (server/core/replies.ts).
    schemaController: { compilersFactory: { buildValidator: strictValidators, buildSerializer: serializeSharedOnce } },
    // A reply that is a union (the history call's curve, days or months) is serialized by the branch
    // it matches, which fast-json-stringify finds by validating the whole reply: our branches differ
    // by shape, never by a string's format, and checking every point's date-time format was a third
    // of a day curve's time. The test suites still check replies with formats (installReplyCheck).
    serializerOpts: { ajv: { validateFormats: false } },
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('mailer', mailer ?? createMailer(config, app.log));
  app.addHook('onClose', async () => app.mailer.close());
  app.decorate('alarms', createAlarmQueue(app));
  // Closing hooks run last-registered first: the queue is judged after the areas' own (the collector's
  // last readings) and before the mailer closes.
  app.addHook('onClose', async () => app.alarms.drain());

  installErrorHandler(app);
  // A 413 reaches the client instead of a connection reset (core/body-limit.ts).
  installBodyLimitAnswer(app);
  // JSON bodies: nesting counted before parsing (core/json.ts), then Fastify's own parser.
  const parseJson = app.getDefaultJsonParser('remove', 'remove');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestedDeeperThan(body as string)) return done(Object.assign(new Error(JSON_TOO_DEEP), { statusCode: 400 }), undefined);
    return parseJson(request, body as string, done);
  });
  if (checkReplies) installReplyCheck(app);
  // Helmet's middleware, made once: @fastify/helmet makes it again for every request (its policy
  // parsed each time), a tenth of the server's time on a kept chart.
  const securityHeaders = helmet({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, crossOriginResourcePolicy: { policy: 'same-origin' } });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  // API answers from 1 KB up (lists, charts) go compressed, a kept one compressed once (replies.ts);
  // the built web app is precompressed (vite.config.ts).
  installSharedCompression(app, { threshold: COMPRESS_FROM_BYTES });
  await app.register(compress, { threshold: COMPRESS_FROM_BYTES, ...COMPRESSION });
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false, credentials: true });
  // Counts shared by every API process on the database (Redis, or PostgreSQL; memory on PGlite).
  await app.register(rateLimit, rateLimitOptions(app));
  installAccessControl(app);
  // A request that may have written drops this process's caches before it is answered, so the
  // client's next request here sees the change (its notification reaches this process a moment later).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method) && !request.routeOptions.config?.keepsCaches) forgetCaches(app.db);
    return payload;
  });
  installMultipart(app);
  await app.register(docs);

  await app.register(async (api) => {
    // Under /api everything needs a signed-in user unless a route says otherwise.
    api.addHook('onRoute', (route) => { route.config = { access: 'user', ...(route.config as object) }; });
    await api.register(authRoutes);
    await api.register(hierarchyRoutes);
    await api.register(projectRoutes);
    await api.register(tagRoutes);
    await api.register(billingRoutes);
    await api.register(userRoutes);
    await api.register(catalogueRoutes);
    await api.register(settingsRoutes);
    await api.register(ticketRoutes);
    await api.register(notificationRoutes);
    await api.register(collectorRoutes);
    await api.register(weatherRoutes);
    await api.register(measurementRoutes);
    await api.register(ingestRoutes);
    await api.register(siteAgentRoutes);
    await api.register(expectedRoutes);
    await api.register(pushRoutes);
    await api.register(alarmRoutes);
    await api.register(reportRoutes);
    await api.register(fleetRoutes);
    await api.register(sourceRoutes);
    await api.register(webPushRoutes);
    await api.register(shareLinkRoutes);
    await api.register(firstViewRoutes, { loadRenderer: firstView });
  }, { prefix: '/api' });

  await app.register(mediaRoutes);

  // The built web app, brotli or gzip as the browser accepts (files made at build), with history
  // fallback so /app/... deep links load the SPA.
  const indexHtml = webDir && path.join(webDir, 'index.html');
  const pageOf = webDir && fs.existsSync(indexHtml!) ? pagesOf(webDir) : undefined;
  if (webDir && pageOf) {
    await app.register(fastifyStatic, {
      root: webDir, prefix: '/', wildcard: false, index: false, decorateReply: false, preCompressed: true, cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', file.startsWith(path.join(webDir, 'assets') + path.sep) ? IMMUTABLE : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/media/') || request.method !== 'GET' || !pageOf || !fs.existsSync(indexHtml!)) {
      return reply.status(404).send({ detail: 'No encontrado.' });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(pageOf(request.url)));
  });
  return app;
}
