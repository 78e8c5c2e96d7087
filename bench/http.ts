/**
 * What the benchmarks over HTTP share (bench/measurements.ts, bench/fleet-view.ts): the product's
 * server as a child process (bench/server.ts), plain calls, autocannon runs and the printed tables.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

export function positive(name: string, fallback: number) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** Seconds of each autocannon run. */
export const SECONDS = positive('BENCH_SECONDS', 10);
export const CONNECTIONS = 20;
/** autocannon's wait for an answer: generous, since a busy machine makes every figure slow. */
export const TIMEOUT_S = 30;

// ---------- output ----------

export const fmt = (x: number, digits = 1) => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const meets = (ok: boolean) => (ok ? 'meets' : 'MISSES');
export const load = () => os.loadavg().map((x) => fmt(x, 1)).join(' / ');

export function table(header: string[], body: (string | number)[][]) {
  const cells = [header, ...body.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => `  ${r.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ')}`;
  console.log(line(cells[0]));
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of cells.slice(1)) console.log(line(r));
}

export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] : NaN);

// ---------- the server, a child process ----------

export interface Server { base: string; stop(): Promise<void> }

/** BENCH_NODE_ARGS: flags for the server's Node (e.g. `--cpu-prof --cpu-prof-dir=prof`, which NODE_OPTIONS refuses). */
const nodeArgs = () => (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

export async function startServer(port: number, dataDir: string, databaseUrl: string | undefined): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO: '0', COLLECTOR_INTERVAL: '0',
    JWT_SECRET: randomBytes(24).toString('hex'), ACCESS_TOKEN_TTL: '7200', LOG_LEVEL: 'warn',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl; else delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs(), '--import', 'tsx', fileURLToPath(new URL('./server.ts', import.meta.url))], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bench server exited with ${child.exitCode} before listening`);
    if (performance.now() - started > 180_000) { child.kill('SIGKILL'); throw new Error('the bench server did not listen within 180 s'); }
    try { if ((await fetch(`${base}/bench/floor/read/0`)).ok) break; } catch { /* not listening yet */ }
    await sleep(250);
  }
  return {
    base,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function call<T>(base: string, method: 'GET' | 'POST', url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

// ---------- load (autocannon) ----------

/** `failed`: answers other than 2xx and connection errors (a bug, or a server out of resources); `timeouts`: no answer within TIMEOUT_S. */
export interface Outcome { perSecond: number; p50: number; p95: number; p975: number; ok: number; failed: number; timeouts: number }
export interface NextRequest { path: string; body?: string; headers?: Record<string, string> }

/**
 * CONNECTIONS connections for SECONDS seconds, or until `amount` requests have been answered, each
 * request from `next()`; latencies of the 2xx answers.
 */
export async function hammer(base: string, method: 'GET' | 'POST', next: () => NextRequest, onBody?: (body: string) => void, amount?: number): Promise<Outcome> {
  const times: number[] = [];
  let failed = 0;
  const instance = autocannon({
    url: base, connections: CONNECTIONS, ...(amount ? { amount } : { duration: SECONDS }), timeout: TIMEOUT_S,
    requests: [{ method, setupRequest: (request) => { const r = next(); return { ...request, ...r, headers: { ...request.headers, ...r.headers } }; }, ...(onBody ? { onResponse: (_status: number, body: string) => onBody(body) } : {}) }],
  });
  // autocannon's tracker emits (client, statusCode, bytes, responseTime ms) for every answer.
  (instance as unknown as EventEmitter).on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) times.push(ms); else failed += 1;
  });
  const result = await instance;
  // autocannon counts a timeout as an error too.
  failed += result.errors - result.timeouts;
  times.sort((a, b) => a - b);
  return { perSecond: times.length / result.duration, p50: percentile(times, 0.5), p95: percentile(times, 0.95), p975: percentile(times, 0.975), ok: times.length, failed, timeouts: result.timeouts };
}

// ---------- a scratch database ----------

/**
 * A data directory (under DATA_DIR or the system's temporary one) and, for PostgreSQL, a fresh
 * database on `pgUrl` named after `prefix`; null when that server cannot be reached. `drop()` removes both.
 */
export async function scratchDatabase(kind: 'postgres' | 'pglite', pgUrl: string, prefix: string) {
  const scratch = process.env.DATA_DIR ?? os.tmpdir();
  fs.mkdirSync(scratch, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(scratch, `bench-${kind}-`));
  const { default: pg } = await import('pg');
  let admin: InstanceType<typeof pg.Client> | undefined;
  let databaseUrl: string | undefined;
  let engine = 'PGlite (on disk)';
  let dbName = '';
  if (kind === 'postgres') {
    admin = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
    try {
      await admin.connect();
    } catch (err) {
      console.log(`\n=== PostgreSQL: skipped, ${new URL(pgUrl).host} unreachable (${(err as Error).message}) ===`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      return null;
    }
    dbName = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
    const [{ server_version: version }] = (await admin.query('show server_version')).rows;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    engine = `PostgreSQL ${version.split(' ')[0]}`;
  }
  return {
    dataDir, databaseUrl, engine, dbName,
    async drop() {
      if (admin) {
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
