/**
 * Fleet-view benchmark (issue 10, item 2) over real HTTP. For each engine, PostgreSQL (a fresh database
 * on BENCH_PG_URL, dropped at the end) then PGlite (on disk in a scratch data directory):
 *
 * 1. BENCH_PLANTS plants (default 1,000; one inverter with two strings, each plant at a place of its
 *    own so that no two share a model), BENCH_DAYS days of 5-minute points up to now and their rollups
 *    (bench/fleet.ts), then the expected days stored ahead the product's way (refreshExpectedDays, as
 *    the rollup worker runs it), timed;
 * 2. the server started as a child process (bench/server.ts: the product as `npm start` runs it), and
 *    - the FIRST fleet request after it listens (page 1 of 25, by name), then the first request of each
 *      other ordering (the slowest reported);
 *    - warm: autocannon (20 connections, BENCH_SECONDS) on the fleet's pages and orderings in turn,
 *      against a floor measured in the same run (one small row, no authentication).
 * Figures, not a test: requests answered with an error make it exit with 1. Only 127.0.0.1 is contacted.
 * Run: `npm run bench:fleet` (README, "Benchmark").
 */
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.js';
import { powerPlants } from '../server/db/schema.js';
import { seedBase } from '../server/seed/base.js';
import { readSettings } from '../server/core/settings.js';
import { refreshExpectedDays } from '../server/measurements/expected-days.js';
import { FLEET_ORDERING, type FleetPlant } from '../contract/fleet.js';
import type { Page } from '../contract/common.js';
import { benchUser, buildFleet } from './fleet.js';
import { call, CONNECTIONS, fmt, hammer, load, positive, scratchDatabase, SECONDS, startServer, table, type Outcome, type Server } from './http.js';

const PLANTS = positive('BENCH_PLANTS', 1000);
const DAYS = positive('BENCH_DAYS', 2);
const PORT = positive('BENCH_PORT', 3141);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((s) => s.trim());
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PAGE_SIZE = 25;
const TARGET = { firstMs: 1000, p95Ms: 200 };

interface Result {
  engine: string; fill: { seconds: number; days: number }; first: number; firstOrderings: { ordering: string; ms: number }[];
  floor: Outcome; warm: Outcome;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t0 };
}

async function runEngine(kind: 'postgres' | 'pglite', port: number): Promise<Result | null> {
  const scratch = await scratchDatabase(kind, PG_URL, 'solar_fleet_bench');
  if (!scratch) return null;
  let server: Server | undefined;
  try {
    console.log(`\n=== ${scratch.engine}: ${PLANTS} plants × ${DAYS} days of 5-minute points up to now ===`);
    console.log(`  load average (1/5/15 min): ${load()}`);
    const email = 'bench@example.com';
    const password = randomBytes(12).toString('base64url');
    const database = await openDatabase(scratch.databaseUrl ? { databaseUrl: scratch.databaseUrl } : { dir: path.join(scratch.dataDir, 'db') });
    let fill: Result['fill'];
    try {
      const { db } = database;
      await seedBase(db);
      const { timeZone } = await readSettings(db);
      await buildFleet(db, { plants: PLANTS, inverters: 1, days: DAYS, until: new Date(), timeZone, jobs: kind === 'postgres' ? 2 : 1 });
      // A place of its own for each plant (central Chile), so each is a model of its own.
      await db.update(powerPlants).set({
        latitude: sql`-30 - (${powerPlants.id} % 97) * 0.06`, longitude: sql`-71.5 + (${powerPlants.id} % 89) * 0.02`,
      });
      await benchUser(db, email, password);
      const { value, ms } = await timed(() => refreshExpectedDays(db));
      fill = { seconds: ms / 1000, days: value.days };
      console.log(`  expected days stored ahead: ${value.days.toLocaleString('en-US')} plant-days of ${value.plants} plants in ${fmt(fill.seconds)} s (${fmt(ms / value.days, 2)} ms each)`);
    } finally {
      await database.close();
    }

    server = await startServer(port, scratch.dataDir, scratch.databaseUrl);
    const { base } = server;
    const { access: token } = await call<{ access: string }>(base, 'POST', '/api/auth/token', { body: { email, password } });
    const url = (page: number, ordering: string) => `/api/fleet/plants?page=${page}&page_size=${PAGE_SIZE}&ordering=${ordering}`;

    const first = await timed(() => call<Page<FleetPlant>>(base, 'GET', url(1, 'name'), { token }));
    const ratios = first.value.results.filter((r) => r.performance_today !== null).length;
    console.log(`  first request (page 1 of ${Math.ceil(first.value.count / PAGE_SIZE)}, by name): ${fmt(first.ms)} ms; ${first.value.count} plants, ${ratios}/${first.value.results.length} on the page with a performance ratio`);
    const firstOrderings: Result['firstOrderings'] = [];
    for (const key of FLEET_ORDERING.slice(1)) {
      for (const ordering of [key, `-${key}`]) firstOrderings.push({ ordering, ms: (await timed(() => call(base, 'GET', url(1, ordering), { token }))).ms });
    }
    const slowest = firstOrderings.reduce((a, b) => (b.ms > a.ms ? b : a));
    console.log(`  first request of each of the ${firstOrderings.length} other orderings: slowest ${slowest.ordering} ${fmt(slowest.ms)} ms`);

    const pages = Math.ceil(first.value.count / PAGE_SIZE);
    const orderings = FLEET_ORDERING.flatMap((key) => [key, `-${key}`]);
    let n = 0;
    console.log(`\n  warm: ${CONNECTIONS} connections, ${SECONDS} s each; the fleet's ${pages} pages × ${orderings.length} orderings in turn`);
    const floor = await hammer(base, 'GET', () => ({ path: `/bench/floor/read/${n++ % PLANTS}` }));
    const warm = await hammer(base, 'GET', () => {
      const k = n++;
      return { path: url((k % pages) + 1, orderings[k % orderings.length]), headers: { authorization: `Bearer ${token}` } };
    });
    table(['call', 'req/s', 'x floor', 'p50 ms', 'p95 ms', 'p97.5 ms', 'failed'], [
      ['floor: one small row, no auth', fmt(floor.perSecond, 0), '1.00', fmt(floor.p50), fmt(floor.p95), fmt(floor.p975), floor.failed],
      [`fleet page of ${PAGE_SIZE}`, fmt(warm.perSecond, 0), fmt(warm.perSecond / floor.perSecond, 2), fmt(warm.p50), fmt(warm.p95), fmt(warm.p975), warm.failed],
    ]);
    return { engine: scratch.engine, fill, first: first.ms, firstOrderings, floor, warm };
  } finally {
    await server?.stop();
    await scratch.drop();
  }
}

// ---------- main ----------

const cpus = os.cpus();
console.log('Fleet-view benchmark (bench/fleet-view.ts)');
console.log(`  machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, Node ${process.version}; load average now ${load()} (other work on the machine slows every figure)`);
const results: Result[] = [];
for (const [i, kind] of ['postgres', 'pglite'].entries()) {
  if (!ENGINES.includes(kind)) continue;
  const result = await runEngine(kind as 'postgres' | 'pglite', PORT + i);
  if (result) results.push(result);
}

console.log('\nSummary');
table(['figure', 'target', ...results.map((r) => r.engine)], [
  ['expected days stored ahead (once; then a day per plant a day)', '', ...results.map((r) => `${r.fill.days.toLocaleString('en-US')} in ${fmt(r.fill.seconds)} s`)],
  ['first request after start, ms', `<= ${TARGET.firstMs}`, ...results.map((r) => fmt(r.first))],
  ['first request of another ordering, slowest ms', `<= ${TARGET.firstMs}`, ...results.map((r) => fmt(Math.max(...r.firstOrderings.map((o) => o.ms))))],
  ['warm req/s (x floor)', '', ...results.map((r) => `${fmt(r.warm.perSecond, 0)} (${fmt(r.warm.perSecond / r.floor.perSecond, 2)}x)`)],
  ['warm p50 / p95 ms', `p95 <= ${TARGET.p95Ms}`, ...results.map((r) => `${fmt(r.warm.p50)} / ${fmt(r.warm.p95)}`)],
]);
const failures = results.reduce((sum, r) => sum + r.floor.failed + r.warm.failed, 0);
if (failures) {
  console.log(`\n${failures} request(s) answered with an error: exit 1`);
  process.exitCode = 1;
}
