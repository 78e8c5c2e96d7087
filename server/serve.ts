/**
 * Starting the server: opens (and migrates) the database, seeds it, builds the app, starts what runs
 * beside the requests (the rollup worker, the demo feed and the demo's push sender), listens, and
 * stops it all on SIGINT/SIGTERM. `npm start` (main.ts), `npm run dev` (dev.ts, the API behind Vite),
 * each worker of `npm run start:cluster` (cluster.ts) and the benchmark's server (bench/server.ts, which adds its floor routes) all start
 * through here, so the bench measures the server as it runs in production. Processes on one
 * PostgreSQL migrate and seed one at a time, then share the port and the work (docs/scale.md).
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { isDatabaseUnavailable } from './db/unavailable.js';
import { buildApp } from './app.js';
import { seedBase } from './seed/base.js';
import { seedDemo, DEMO_LOGINS } from './seed/demo.js';
import { createDemoFeed } from './measurements/demo-feed.js';
import { createDemoPush } from './measurements/demo-push.js';
import { runInTurn } from './db/locks.js';
import { forPeople, loggerOptions } from './core/logger.js';
import { givingWayTo } from './core/give-way.js';
import { createRollupWorker } from './measurements/rollup-worker.js';

export interface ServeOptions {
  /** Plugins registered after the product's own, before the server listens. */
  plugins?: FastifyPluginAsync[];
  /** The built web app to serve (default ./dist); null: none (`npm run dev`, where Vite serves it). */
  webDir?: string | null;
}

/** The monitoring page's first-view renderer as `npm run build` writes it (vite.config.ts, SSR_BUILD). */
const FIRST_VIEW_RENDERER = path.resolve('dist-server/render.js');

export async function serve(config: Config, { plugins = [], webDir = path.resolve('dist') }: ServeOptions = {}): Promise<FastifyInstance> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dir: path.join(config.dataDir, 'db') }).catch((err) => {
    if (!isDatabaseUnavailable(err)) throw err;
    // Nothing to serve without it: say why in one line (a supervisor may start the server again).
    console.error(`PostgreSQL cannot be reached (DATABASE_URL): ${err.cause?.message ?? err.message}`);
    process.exit(1);
  });
  const demoCreated = await runInTurn(database.db, 'seed', async () => {
    await seedBase(database.db);
    return config.demo ? seedDemo(database.db) : false;
  });
  const app = await buildApp({
    config, db: database.db, webDir: webDir ?? undefined,
    // With the web app it serves: its pages and its renderer come from the same build.
    firstView: webDir && fs.existsSync(FIRST_VIEW_RENDERER) ? () => import(pathToFileURL(FIRST_VIEW_RENDERER).href) : undefined,
    // Readable lines on a terminal, JSON otherwise (server/core/logger.ts).
    logger: loggerOptions({ level: process.env.LOG_LEVEL ?? 'info', tty: forPeople() }),
  });
  for (const plugin of plugins) await app.register(plugin);
  app.addHook('onClose', () => database.close());
  // A cluster's workers all do the same: the first one speaks for them, and plays the demo's datalogger
  // (one sender, one login: another worker's fresh login would lock the first one out).
  const first = !cluster.isWorker || cluster.worker?.id === 1;
  // The demo's push-fed plant: its login is made before the demo feed starts, so the feed leaves it to the sender.
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const demoPush = config.demo && first ? await createDemoPush(database.db, app.log, { baseUrl: `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${config.port}` }) : null;
  if (demoPush) app.addHook('preClose', () => demoPush.stop());
  // Rollups a few seconds behind ingest, and the measurements' monthly partitions ahead of it.
  const rollupWorker = config.rollupIntervalMs ? createRollupWorker(database.db, app.log, { intervalMs: config.rollupIntervalMs }) : undefined;
  if (rollupWorker) { app.addHook('preClose', () => rollupWorker.stop()); await rollupWorker.start(); }
  // The demo plants' simulated readings: the last days of history now, the rest in the background, then live.
  // Its history in the background gives way to the requests (server/core/give-way.ts).
  const demoFeed = config.demo ? createDemoFeed(database.db, app.log, { backfillDays: config.demoBackfillDays, giveWay: givingWayTo(app) }) : undefined;
  if (demoFeed) { app.addHook('preClose', () => demoFeed.stop()); await demoFeed.start(); }
  await app.listen({ port: config.port, host: config.host });
  demoPush?.start();

  const url = config.publicUrl;
  if (first) {
    // Through the log like every other line, in its format (one entry: on a terminal, a block of
    // text), whatever LOG_LEVEL says: where it listens and how to sign in is always said.
    app.log.child({}, { level: 'info' }).info([
      `Portal Solar running at ${url}  (API docs: ${url}/api/docs)`,
      `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`,
      ...(config.demo ? [
        demoCreated ? 'Demo data created.' : 'Demo data already present.',
        ...DEMO_LOGINS.map((l) => `  ${l.role.padEnd(14)} ${l.email} / ${l.password}`),
      ] : []),
    ].join('\n'));
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { void app.close().then(() => process.exit(0)); });
  return app;
}
