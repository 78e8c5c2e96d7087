/** `npm start`: opens (and migrates) the database, seeds it, serves API + web app on one port. */
import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { isDatabaseUnavailable } from './core/errors.js';
import { buildApp } from './app.js';
import { seedBase } from './seed/base.js';
import { seedDemo, DEMO_LOGINS } from './seed/demo.js';
import { createDemoFeed } from './measurements/demo-feed.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dir: path.join(config.dataDir, 'db') }).catch((err) => {
  if (!isDatabaseUnavailable(err)) throw err;
  // Nothing to serve without it: say why in one line (a supervisor may start the server again).
  console.error(`PostgreSQL cannot be reached (DATABASE_URL): ${err.cause?.message ?? err.message}`);
  process.exit(1);
});
await seedBase(database.db);
const demoCreated = config.demo ? await seedDemo(database.db) : false;
const app = await buildApp({
  config, db: database.db, webDir: path.resolve('dist'),
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
});
app.addHook('onClose', () => database.close());
// The demo plants' simulated readings: the last days of history now, the rest in the background, then live.
const demoFeed = config.demo ? createDemoFeed(database.db, app.log, { backfillDays: config.demoBackfillDays }) : undefined;
if (demoFeed) { app.addHook('preClose', () => demoFeed.stop()); await demoFeed.start(); }
await app.listen({ port: config.port, host: config.host });

const url = config.publicUrl;
console.log(`\nPortal Solar running at ${url}  (API docs: ${url}/api/docs)`);
console.log(`Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`);
if (config.demo) {
  console.log(demoCreated ? 'Demo data created.' : 'Demo data already present.');
  for (const l of DEMO_LOGINS) console.log(`  ${l.role.padEnd(14)} ${l.email} / ${l.password}`);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { void app.close().then(() => process.exit(0)); });
