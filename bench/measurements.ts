/**
 * Measurement benchmark (issue "Monitoring", item 8), on PGlite (in memory) and on PostgreSQL (a fresh
 * database on BENCH_PG_URL, dropped afterwards; skipped with a note when the server does not answer):
 *
 * 1. ingest: BENCH_PLANTS plants × BENCH_INVERTERS inverters × BENCH_MONTHS months of simulated
 *    5-minute points through storeReadings (batches of 2000, as the demo feed stores them), against
 *    the same rows inserted plainly into a scratch table of the same shape (no neighbours, no rollups);
 * 2. latency of the monitoring calls under 20 concurrent in-process clients (app.inject);
 * 3. each chart call (rollups) against the same answer aggregated from the raw points, timed and
 *    compared bucket by bucket.
 *
 * Everything is bounded (fixed counts) and stays in-process or on 127.0.0.1. Run: `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../server/config.js';
import { openDatabase, type Database, type Db } from '../server/db/client.js';
import { buildApp } from '../server/app.js';
import { seedBase } from '../server/seed/base.js';
import { measurements, users } from '../server/db/schema.js';
import { names, recordset, rows } from '../server/db/sql.js';
import { hashPassword } from '../server/core/passwords.js';
import { simulateRange, type SimulatedInverter } from '../server/measurements/solar/index.js';
import { intervalEnergy, storeReadings, type Reading } from '../server/measurements/store.js';
import { pad2 } from '../server/measurements/time.js';
import { plantTree } from '../testing/fixtures.js';
import { readSettings } from '../server/domain/settings.js';

function positive(name: string, fallback: number) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const PLANTS = positive('BENCH_PLANTS', 2);
const INVERTERS = positive('BENCH_INVERTERS', 2);
const MONTHS = positive('BENCH_MONTHS', 13);
/** Requests per call kind in the latency test, shared by the clients. */
const REQUESTS = positive('BENCH_REQUESTS', 200);
/** Sequential runs of each chart call and of its raw aggregate (the median is reported). */
const REPEATS = positive('BENCH_REPEATS', 5);
const CLIENTS = 20;
const BATCH = 2000;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SEED = 'bench';

// The data: local months from January 2025 in America/Santiago (UTC-3 in summer).
const FROM = new Date(Date.UTC(2025, 0, 1, 3));
const TO = new Date(Date.UTC(2025, MONTHS, 1, 3));
const lastMonth = { year: 2025 + Math.floor((MONTHS - 1) / 12), month: ((MONTHS - 1) % 12) + 1 };
/** Day and month charts: the 15th of the last month loaded; year chart: 2025; annual: up to the last month. */
const DATE = `${lastMonth.year}-${pad2(lastMonth.month)}-15`;
const YEAR_DATE = '2025-06-15';

// ---------- output ----------

const fmt = (x: number, digits = 1) => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(header: string[], body: (string | number)[][]) {
  const cells = [header, ...body.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => `  ${r.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ')}`;
  console.log(line(cells[0]));
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of cells.slice(1)) console.log(line(r));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 0.5);

// ---------- data ----------

/** A 7.2 kWp inverter near Santiago on two MPPTs; the first of each plant is hybrid (battery), so every flow has values. */
function inverterModel(id: number, hybrid: boolean): SimulatedInverter {
  return {
    id, latitude: -33.45, longitude: -70.66, nominalPowerKw: 6, hasBattery: hybrid, batteryKwh: 7.7, householdKwhPerDay: 10.8,
    strings: [1, 2].map((mpptIndex) => ({ mpptIndex, tilt: 20, azimuth: 0, panelCount: 8, panelWp: 450 })),
  };
}

interface Fleet { plants: number[]; readings: Map<number, Reading[]>; points: number }

async function buildFleet(db: Db): Promise<Fleet> {
  const plants: number[] = [];
  const readings = new Map<number, Reading[]>();
  let points = 0;
  for (let p = 0; p < PLANTS; p++) {
    const tree = await plantTree(db, { inverters: INVERTERS });
    plants.push(tree.plant);
    tree.investors.forEach((inv, i) => {
      const series = Array.from(simulateRange(inverterModel(inv.id, i === 0), FROM, TO, { seed: `${SEED}-${p}-${i}` }),
        (point): Reading => ({ investor: inv.id, ...point }));
      readings.set(inv.id, series);
      points += series.length;
    });
  }
  return { plants, readings, points };
}

const batchesOf = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

/** Through the ingest path: storeReadings per batch of one inverter, as the demo feed does. Returns ms. */
async function ingest(db: Db, fleet: Fleet) {
  let ms = 0;
  for (const series of fleet.readings.values()) {
    for (const batch of batchesOf(series)) {
      const started = performance.now();
      const { stored } = await storeReadings(db, batch);
      ms += performance.now() - started;
      if (stored !== batch.length) throw new Error(`ingest stored ${stored} of ${batch.length}`);
    }
  }
  return ms;
}

/**
 * The same rows (interval energies computed from the previous point, as ingest would) inserted with
 * the same multi-row INSERT ... SELECT into measurements_raw: what storing costs without the
 * neighbour lookup, the locks and the rollups. Returns ms.
 */
async function rawInsert(db: Db, fleet: Fleet) {
  await db.execute(sql`create table measurements_raw (like measurements including all)`);
  let ms = 0;
  for (const series of fleet.readings.values()) {
    let prev: Reading | null = null;
    for (const batch of batchesOf(series)) {
      const started = performance.now();
      const points = batch.map((r) => {
        const e = intervalEnergy(prev, r);
        prev = r;
        return { ...r, ...e };
      });
      const columns = getTableColumns(measurements);
      await db.execute(sql`
        insert into measurements_raw (${names(Object.values(columns))})
        select ${names(Object.values(columns))} from ${recordset(alias(measurements, 'x'), columns, points)}`);
      ms += performance.now() - started;
    }
  }
  return ms;
}

// ---------- API ----------

async function startApp(db: Db) {
  await seedBase(db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(24).toString('hex'), DEMO: '0', COLLECTOR_INTERVAL: '0' });
  const app = await buildApp({ config, db, mailer: { async send() {}, close() {} } });
  await app.ready();
  const password = randomBytes(9).toString('base64url');
  const [staff] = await db.insert(users).values({
    email: 'bench@example.com', first_name: 'Bench', last_name: 'Staff', is_active: true, is_staff: true, password: await hashPassword(password),
  }).returning();
  const res = await app.inject({ method: 'POST', url: '/api/auth/token', payload: { email: staff.email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const token = res.json().access as string;
  return {
    app, token,
    async close() { await app.close(); fs.rmSync(dataDir, { recursive: true, force: true }); },
  };
}

async function get(app: FastifyInstance, token: string, url: string) {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const [dy, dm, dd] = DATE.split('-').map(Number);
const CALLS: Record<string, (plant: number) => string> = {
  snapshot: (id) => `/v2/last/measurement/all/data/${id}`,
  day: (id) => `/v2/measurement/${id}?day=${dd}&month=${dm}&year=${dy}`,
  month: (id) => `/v2/get/data/date/${id}?type=month&date=${DATE}`,
  year: (id) => `/v2/get/data/date/${id}?type=year&date=${YEAR_DATE}`,
  annual: (id) => `/v2/get/data/date/${id}?type=annual&date=${DATE}`,
};

/** p50/p95 of each call kind: CLIENTS loops of app.inject at once, REQUESTS in all, plants in turn. */
async function latencies(app: FastifyInstance, token: string, plants: number[]) {
  const result: { kind: string; p50: number; p95: number; perSecond: number; n: number }[] = [];
  const perClient = Math.ceil(REQUESTS / CLIENTS);
  for (const [kind, url] of Object.entries(CALLS)) {
    await get(app, token, url(plants[0])); // warm-up
    const times: number[] = [];
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        const t0 = performance.now();
        await get(app, token, url(plants[(c + i) % plants.length]));
        times.push(performance.now() - t0);
      }
    }));
    const wall = performance.now() - started;
    times.sort((a, b) => a - b);
    result.push({ kind, p50: percentile(times, 0.5), p95: percentile(times, 0.95), perSecond: (times.length / wall) * 1000, n: times.length });
  }
  return result;
}

// ---------- rollups against raw points ----------

type Period = 'hour' | 'day' | 'month' | 'year';
const LABEL: Record<Period, string> = { hour: 'YYYY-MM-DD"T"HH24:00', day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };
const FIELDS = ['energy_wh', 'consumption_wh', 'import_wh', 'export_wh', 'charge_wh', 'discharge_wh', 'self_consumption_wh', 'max_power_w'] as const;
type Totals = Record<typeof FIELDS[number], number | null>;

const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** What each chart type spans, as in the route: [period, local start (or none: from the first point), local end (excluded)]. */
const CHARTS: Record<string, { date: string; period: Period; from: string | null; to: string }> = {
  day: { date: DATE, period: 'hour', from: `${DATE} 00:00`, to: `${DATE} 24:00` },
  month: { date: DATE, period: 'day', from: `${dy}-${pad2(dm)}-01`, to: `${dy}-${pad2(dm)}-${pad2(lastDay(dy, dm))} 24:00` },
  year: { date: YEAR_DATE, period: 'month', from: '2025-01-01', to: '2026-01-01' },
  annual: { date: DATE, period: 'year', from: null, to: `${dy + 1}-01-01` },
};

/** The chart's buckets summed straight from a plant's raw points: one aggregate (per instant, then per bucket). */
async function rawChart(db: Db, timeZone: string, plant: number, chart: typeof CHARTS[string]) {
  const found = await rows<Totals & { bucket: string }>(db, sql`
    select to_char(b, ${LABEL[chart.period]}) as bucket,
      sum(energy_wh)::float8 as energy_wh, sum(consumption_wh)::float8 as consumption_wh, sum(import_wh)::float8 as import_wh,
      sum(export_wh)::float8 as export_wh, sum(charge_wh)::float8 as charge_wh, sum(discharge_wh)::float8 as discharge_wh,
      sum(self_consumption_wh)::float8 as self_consumption_wh, max(power)::float8 as max_power_w
    from (
      select date_trunc(${chart.period}, m.ts at time zone ${timeZone}) as b, m.ts,
        sum(m.energy_wh) as energy_wh, sum(m.consumption_wh) as consumption_wh, sum(m.import_wh) as import_wh,
        sum(m.export_wh) as export_wh, sum(m.charge_wh) as charge_wh, sum(m.discharge_wh) as discharge_wh,
        sum(greatest(m.energy_wh - m.export_wh, 0)) as self_consumption_wh, sum(m.ac_power_w) as power
      from measurements m
      where m.investor_id in (select id from investors where plant_id = ${plant})
        and m.ts < (${chart.to}::timestamp at time zone ${timeZone})
        ${chart.from ? sql`and m.ts >= (${chart.from}::timestamp at time zone ${timeZone})` : sql``}
      group by 1, 2
    ) s
    group by b
    order by b`);
  return new Map(found.map((r) => [r.bucket, r]));
}

const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);

/** Largest difference between the API's buckets and the raw ones (a bucket on one side only counts as its whole value). */
function compare(api: (Totals & { bucket: string })[], raw: Map<string, Totals & { bucket: string }>) {
  let maxDiff = 0;
  let where = '';
  const labels = new Set([...api.map((a) => a.bucket), ...raw.keys()]);
  for (const label of labels) {
    const a = api.find((x) => x.bucket === label);
    const r = raw.get(label);
    for (const f of FIELDS) {
      const x = a?.[f] ?? null;
      const y = round1(r?.[f] ?? null);
      const diff = x === null && y === null ? 0 : x === null || y === null ? Math.abs((x ?? 0) - (y ?? 0)) || Infinity : Math.abs(x - y);
      if (diff > maxDiff) { maxDiff = diff; where = `${label} ${f}: api ${x} raw ${y}`; }
    }
  }
  // Both sides are rounded to 0.1 Wh: one rounding step apart is agreement.
  return { ok: maxDiff <= 0.1 + 1e-9, maxDiff, where, buckets: labels.size };
}

async function rollupsVsRaw(db: Db, app: FastifyInstance, token: string, plant: number) {
  const { timeZone } = await readSettings(db);
  const result: { kind: string; apiMs: number; rawMs: number; ok: boolean; maxDiff: number; where: string; buckets: number }[] = [];
  for (const [kind, chart] of Object.entries(CHARTS)) {
    const url = `/v2/get/data/date/${plant}?type=${kind}&date=${chart.date}`;
    let api: { series: (Totals & { bucket: string })[] } = await get(app, token, url); // warm-up
    let raw = await rawChart(db, timeZone, plant, chart);
    const apiTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      let t0 = performance.now();
      api = await get(app, token, url);
      apiTimes.push(performance.now() - t0);
      t0 = performance.now();
      raw = await rawChart(db, timeZone, plant, chart);
      rawTimes.push(performance.now() - t0);
    }
    result.push({ kind, apiMs: median(apiTimes), rawMs: median(rawTimes), ...compare(api.series, raw) });
  }
  return result;
}

// ---------- one engine ----------

interface EngineResult {
  engine: string; points: number; ingestPerS: number; rawPerS: number;
  latency: Awaited<ReturnType<typeof latencies>>; charts: Awaited<ReturnType<typeof rollupsVsRaw>>;
}

async function runEngine(engine: string, database: Database): Promise<EngineResult> {
  const { db } = database;
  console.log(`\n=== ${engine} ===`);
  let t0 = performance.now();
  const fleet = await buildFleet(db);
  console.log(`  simulated ${fleet.points.toLocaleString('en-US')} points (${PLANTS} plants × ${INVERTERS} inverters, ${MONTHS} months of 5-minute points, ${FROM.toISOString()} to ${TO.toISOString()}) in ${fmt((performance.now() - t0) / 1000)} s (not timed below)`);

  const ingestMs = await ingest(db, fleet);
  const rawMs = await rawInsert(db, fleet);
  const ingestPerS = fleet.points / (ingestMs / 1000);
  const rawPerS = fleet.points / (rawMs / 1000);
  const [check] = await rows<{ ingest: number; raw: number }>(db, sql`
    select (select sum(energy_wh) from measurements)::float8 as ingest, (select sum(energy_wh) from measurements_raw)::float8 as raw`);
  console.log('\n  1. Loading');
  table(['path', 'points', 'time (s)', 'points/s'], [
    ['ingest (storeReadings, 2000/batch)', fleet.points, fmt(ingestMs / 1000), fmt(ingestPerS, 0)],
    ['raw INSERT ... SELECT (scratch table)', fleet.points, fmt(rawMs / 1000), fmt(rawPerS, 0)],
  ]);
  console.log(`  ratio ingest/raw throughput: ${fmt(ingestPerS / rawPerS, 3)} (ingest takes ${fmt(rawPerS / ingestPerS, 1)}× the time: neighbours, locks, rollups)`);
  console.log(`  same interval energies: ${Math.abs(check.ingest - check.raw) < 1e-3 * Math.max(1, Math.abs(check.raw)) ? 'OK' : 'MISMATCH'} (Σ energy_wh ingest ${fmt(check.ingest / 1000)} kWh, raw ${fmt(check.raw / 1000)} kWh)`);
  await db.execute(sql`analyze measurements, measurements_raw, investor_energy, plant_energy`);

  t0 = performance.now();
  const server = await startApp(db);
  try {
    const latency = await latencies(server.app, server.token, fleet.plants);
    console.log(`\n  2. API latency, ${CLIENTS} concurrent clients (app.inject), ${latency[0].n} requests per call, plants in turn`);
    table(['call', 'p50 (ms)', 'p95 (ms)', 'req/s'], latency.map((l) => [`${l.kind} ${CALLS[l.kind](fleet.plants[0]).replace(/\/\d+(\?|$)/, '/{id}$1')}`, fmt(l.p50), fmt(l.p95), fmt(l.perSecond, 0)]));

    const charts = await rollupsVsRaw(db, server.app, server.token, fleet.plants[0]);
    console.log(`\n  3. Chart calls (rollups, through the API) against one aggregate over the raw points; median of ${REPEATS} sequential runs, plant ${fleet.plants[0]}`);
    table(['chart', 'buckets', 'API via rollups (ms)', 'raw aggregate (ms)', 'raw/API', 'answers'], charts.map((c) => [
      c.kind, c.buckets, fmt(c.apiMs), fmt(c.rawMs), `${fmt(c.rawMs / c.apiMs, 1)}×`,
      c.ok ? `OK (max diff ${fmt(c.maxDiff, 2)} Wh/W)` : `MISMATCH (max diff ${fmt(c.maxDiff, 2)} at ${c.where})`,
    ]));
    return { engine, points: fleet.points, ingestPerS, rawPerS, latency, charts };
  } finally {
    await server.close();
  }
}

async function pglite() {
  const database = await openDatabase({});
  try { return await runEngine('PGlite (in memory)', database); } finally { await database.close(); }
}

async function postgres(): Promise<EngineResult | null> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`\n=== PostgreSQL: skipped, ${new URL(PG_URL).host} unreachable (${(err as Error).message}) ===`);
    return null;
  }
  const name = `solar_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const [{ server_version: version }] = (await admin.query('show server_version')).rows;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString() });
    try { return await runEngine(`PostgreSQL ${version} (${url.host}, fresh database ${name})`, database); } finally { await database.close(); }
  } finally {
    // pg's pool may still be closing a socket after end(): let it go before the database does.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const cpus = os.cpus();
console.log('Measurement benchmark');
console.log(`  machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${fmt(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`);
console.log(`  N=${PLANTS} plants, M=${INVERTERS} inverters each, ${MONTHS} months (BENCH_PLANTS, BENCH_INVERTERS, BENCH_MONTHS); charts of ${DATE} (year: ${YEAR_DATE.slice(0, 4)})`);

const results = [await pglite(), await postgres()].filter((r): r is EngineResult => r !== null);

console.log('\nSummary');
table(['engine', 'points', 'ingest pts/s', 'raw pts/s', 'ingest/raw', ...Object.keys(CALLS).map((k) => `${k} p50/p95 ms`), ...Object.keys(CHARTS).map((k) => `${k} raw/API`)],
  results.map((r) => [
    r.engine.split(' (')[0], r.points, fmt(r.ingestPerS, 0), fmt(r.rawPerS, 0), fmt(r.ingestPerS / r.rawPerS, 3),
    ...r.latency.map((l) => `${fmt(l.p50)}/${fmt(l.p95)}`),
    ...r.charts.map((c) => `${fmt(c.rawMs / c.apiMs, 1)}× ${c.ok ? 'OK' : 'MISMATCH'}`),
  ]));
