/**
 * Two API processes on one PostgreSQL database (docs/scale.md), as `npm run start:cluster` or two
 * hosts behind a load balancer run them: started together, they migrate and seed one after the
 * other; the Fronius collector reads each datalogger once per interval, not once per process; the
 * demo feed's history is simulated by one of them; and the login and signup limits count the
 * attempts sent to either process, in PostgreSQL and in Redis (REDIS_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../testing/harness.js';
import { startServer, type ServerProcess } from '../../testing/server-process.js';
import { froniusPlant, query } from '../../testing/fixtures.js';
import { startFroniusReplay, type FroniusReplay } from '../../testing/fronius-replay.js';

const INTERVAL_S = 2;
const MAX = 3;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let device: FroniusReplay;
let investor: number;
const dirs: string[] = [];

/** Two processes on the test database, started at the same moment. */
async function pair(env: Record<string, string>): Promise<ServerProcess[]> {
  const start = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-cluster-'));
    dirs.push(dir);
    return startServer({ DATABASE_URL: database.url!, DATA_DIR: dir, RATE_LIMIT_MAX: String(MAX), ...env });
  };
  const started = await Promise.allSettled([start(), start()]);
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (servers.length < 2) {
    await Promise.all(servers.map((s) => s.stop()));
    throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason;
  }
  return servers;
}

const post = (server: ServerProcess, url: string, body: unknown) => fetch(`${server.url}/api${url}`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000),
});

/** Login attempts are counted per clock minute: wait rather than straddle two. */
async function awayFromMinuteEnd() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((r) => setTimeout(r, left + 200));
}

/**
 * Alternating between the processes, `MAX` signups then one more, and `MAX` failed logins then one
 * more: the last of each is refused, which each process alone (counting half) would have let through.
 */
async function limitsHoldAcross(servers: ServerProcess[], tag: string) {
  const signup = (i: number) => post(servers[i % 2], '/auth/signup', {
    first_name: 'A', last_name: 'B', email: `alta-${tag}-${i}@example.com`, phone: '1', address: 'x', password: 'clave123',
  });
  for (let i = 0; i < MAX; i++) expect((await signup(i)).status, `signup ${i + 1}`).toBe(201);
  const refused = await signup(MAX);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

  await awayFromMinuteEnd();
  const login = (i: number) => post(servers[i % 2], '/auth/token', { email: `nadie-${tag}-${i}@example.com`, password: 'wrong-pass' });
  for (let i = 0; i < MAX; i++) expect((await login(i)).status, `login ${i + 1}`).toBe(400);
  expect((await login(MAX)).status).toBe(429);
}

beforeAll(async () => {
  database = await openTestDatabase('postgres');
  device = await startFroniusReplay('day');
}, 60_000);
afterAll(async () => {
  await device?.close();
  await database?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('two API processes on one PostgreSQL database', () => {
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    // The tables exist (the harness migrated); the processes migrate and seed again, together.
    const plant = await froniusPlant(database.db);
    investor = (await plant.addInverter('En el techo', device.address)).id;
    servers = await pair({ DEMO: '1', DEMO_BACKFILL_DAYS: '2', COLLECTOR_INTERVAL: String(INTERVAL_S) });
  }, 120_000);
  afterAll(async () => { await Promise.all(servers.map((s) => s.stop())); });

  it('reads a Fronius datalogger once per interval, not once per process, and both show what was read', async () => {
    await vi.waitFor(() => expect(device.polls()).toBeGreaterThan(0), { timeout: 30_000, interval: 100 });
    const before = device.polls();
    const from = Date.now();
    await new Promise((r) => setTimeout(r, 5 * INTERVAL_S * 1000));
    const polls = device.polls() - before;
    const intervals = (Date.now() - from) / (INTERVAL_S * 1000);
    // One reader: one poll per interval (a busy machine may lose one); two would make it twice that.
    expect(polls).toBeGreaterThanOrEqual(2);
    expect(polls).toBeLessThanOrEqual(Math.floor(intervals) + 1);
    // Each reading stored once, at its own instant.
    const [{ n, distinct }] = await query<{ n: number; distinct: number }>(database.db,
      sql`select count(*)::int as n, count(distinct ts)::int as distinct from measurements where investor_id = ${investor}`);
    expect(n).toBe(distinct);

    // Whichever process read it last, both answer its state.
    const token = async (server: ServerProcess) =>
      (await (await post(server, '/auth/token', { email: 'admin@demo.cl', password: 'admin1234' })).json()).access as string;
    for (const server of servers) {
      const access = await token(server);
      await vi.waitFor(async () => {
        const res = await fetch(`${server.url}/api/investor-all/microservice`, { headers: { authorization: `Bearer ${access}` } });
        const found = (await res.json()).fronius.find((d: { investor: number }) => d.investor === investor);
        expect(found).toMatchObject({ online: true, status: 'running', consecutive_failures: 0 });
      }, { timeout: 15_000, interval: 200 });
    }
  }, 90_000);

  it("simulates the demo plants' history once, with every 5-minute point stored once", async () => {
    // Both processes have run the feed's start; one of them did the work, the other found it done.
    const simulated = servers.filter((s) => s.output().includes('Demo: generando historial'));
    expect(simulated).toHaveLength(1);
    const perInverter = await query<{ n: number; distinct: number; span: number }>(database.db, sql`
      select count(*)::int as n, count(distinct ts)::int as distinct,
             (extract(epoch from max(ts) - min(ts)) / 300)::int + 1 as span
      from measurements where investor_id <> ${investor} group by investor_id`);
    expect(perInverter.length).toBeGreaterThan(0);
    for (const { n, distinct, span } of perInverter) {
      expect(n).toBe(distinct);
      // No hole and nothing between the 5-minute steps.
      expect(n).toBe(span);
    }
  });

  it('counts login and signup attempts sent to either process in PostgreSQL', async () => {
    await limitsHoldAcross(servers, 'pg');
    const [{ n }] = await query<{ n: number }>(database.db, sql`select count(*)::int as n from rate_limit_hits`);
    expect(n).toBeGreaterThan(0);
  }, 120_000);
});

describe('two API processes with REDIS_URL', () => {
  const prefix = `test-${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    await redis.connect();
    await database.db.execute(sql`delete from rate_limit_hits`);
    servers = await pair({ REDIS_URL, REDIS_PREFIX: prefix });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts login and signup attempts sent to either process in Redis', async () => {
    await limitsHoldAcross(servers, 'redis');
    expect((await redis.keys(`${prefix}rate-limit:*`)).length).toBeGreaterThan(0);
    const [{ n }] = await query<{ n: number }>(database.db, sql`select count(*)::int as n from rate_limit_hits`);
    expect(n).toBe(0);
  }, 120_000);
});

describe('npm run start:cluster', () => {
  it('refuses to start without DATABASE_URL, saying why', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/cluster.ts'], {
      env: { ...process.env, DATABASE_URL: '', CLUSTER_WORKERS: '2' }, encoding: 'utf8', timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('needs a PostgreSQL server (DATABASE_URL)');
  }, 60_000);

  it('starts CLUSTER_WORKERS processes serving one port, and stops them all on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-cluster-'));
    dirs.push(dir);
    const cluster = await startServer({ DATABASE_URL: database.url!, DATA_DIR: dir, CLUSTER_WORKERS: '2' }, 'server/cluster.ts');
    try {
      await vi.waitFor(() => expect(cluster.output().match(/Server listening at http:\/\/127\.0\.0\.1:\d+/g)).toHaveLength(2), { timeout: 60_000, interval: 200 });
      const ports = new Set(cluster.output().match(/127\.0\.0\.1:\d+/g));
      expect(ports.size).toBe(1);
      expect((await fetch(`${cluster.url}/api/docs/json`)).status).toBe(200);
    } finally {
      await cluster.stop();
    }
    expect(cluster.exitCode()).toBe(0);
  }, 90_000);
});
