/**
 * Alarm evaluation benchmark: one scheduled evaluation over BENCH_PLANTS plants (default 200; one
 * inverter, 2 MPPTs of 10 × 500 Wp each) holding a day of 5-minute readings, one plant in ten with a
 * weak MPPT. Reports the first run (opens and notifies those alarms; mail into memory) and the
 * steady run (nothing changes: what every minute costs), median of 5. PGlite by default;
 * `TEST_DB=postgres` runs it on the server at TEST_PG_URL (a fresh database, dropped afterwards).
 * Run: `node --import tsx bench/alarms.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/config.js';
import { buildApp } from '../server/app.js';
import { seedBase } from '../server/seed/base.js';
import { users } from '../server/db/schema.js';
import { storeReadings } from '../server/measurements/store.js';
import { evaluateAlarms } from '../server/domain/alarms/evaluate.js';
import { MemoryMailer, openTestDatabase, TEST_DB } from '../testing/harness.js';
import { plantTree, series } from '../testing/fixtures.js';

const PLANTS = Number(process.env.BENCH_PLANTS ?? 200);
const NOW = Date.parse('2026-01-15T18:00:00Z');
const DAY_MS = 86_400_000;

const database = await openTestDatabase();
const { db } = database;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alarms-bench-'));
try {
  await seedBase(db);
  const mailer = new MemoryMailer();
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-that-is-long-enough-123456', ALARM_INTERVAL: '0' }), db, mailer });
  await app.ready();
  const [staff] = await db.insert(users).values({ email: 'staff@bench.cl', is_active: true, is_staff: true }).returning();
  const customer = (await db.insert(users).values({ email: 'customer@bench.cl', is_active: true }).returning())[0];

  let started = performance.now();
  for (let p = 0; p < PLANTS; p++) {
    const tree = await plantTree(db, { user: customer.id, panels: 10, panelWp: 500 });
    const weak = p % 10 === 0 ? 0.3 : 1;
    await storeReadings(db, series(tree.investors[0].id, new Date(NOW - DAY_MS), new Date(NOW + 1), (ts) => {
      const sun = ts.getUTCHours() >= 11 && ts.getUTCHours() < 23;
      const w = sun ? 1500 : 0;
      return { ac_power_w: sun ? Math.round(w * (1 + weak) * 0.96) : 0, status: sun ? 'running' : 'night', dc: [
        { mppt: 1, voltage_v: 400, current_a: w / 400, power_w: w }, { mppt: 2, voltage_v: 400, current_a: (w * weak) / 400, power_w: w * weak },
      ] };
    }));
  }
  console.log(`${TEST_DB}: ${PLANTS} plants × 289 readings stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  started = performance.now();
  const first = await evaluateAlarms(app, { now: NOW });
  const firstMs = performance.now() - started;
  console.log(`first run: ${firstMs.toFixed(0)} ms, ${first.opened.length} alarms opened, ${mailer.sent.length} mails (staff ${staff.id} and customer ${customer.id} each hear of each)`);

  const steady: number[] = [];
  for (let i = 0; i < 5; i++) {
    started = performance.now();
    const run = await evaluateAlarms(app, { now: NOW + (i + 1) * 60_000 });
    steady.push(performance.now() - started);
    if (run.opened.length || run.closed.length) throw new Error('the steady run changed something');
  }
  steady.sort((a, b) => a - b);
  console.log(`steady run (median of 5): ${steady[2].toFixed(0)} ms for ${PLANTS} plants (${(steady[2] / PLANTS).toFixed(2)} ms a plant)`);
  await app.close();
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
