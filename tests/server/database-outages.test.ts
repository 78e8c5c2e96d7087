/**
 * The database connection survives the server dropping its connections (a restart, a terminate):
 * idle ones, and those under way while requests read and write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, openTestDatabase, TEST_DB, type TestContext } from '../../testing/harness.js';
import { startServer } from '../../testing/server-process.js';
import { users } from '../../server/db/schema.js';
import { hashPassword } from '../../server/core/passwords.js';
import { DATABASE_UNAVAILABLE } from '../../server/core/errors.js';
import { isDatabaseUnavailable } from '../../server/db/unavailable.js';
import { seedDemo } from '../../server/seed/demo.js';
import { createDemoFeed } from '../../server/measurements/demo-feed.js';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx?.close());

describe.runIf(TEST_DB === 'postgres')('on a PostgreSQL server', () => {
  it('keeps serving after the server terminates its idle connections', async () => {
    const { db } = ctx.database;
    await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
    const name = ((await db.execute(sql`select current_database() as name`)) as any).rows[0].name;
    // Another session ends every idle connection of this database, as a server restart would.
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    await admin.end();
    await new Promise((r) => setTimeout(r, 200));
    const res = await ctx.request(null, { method: 'POST', url: '/api/auth/token', payload: { email: 'nobody@example.com', password: 'x' } });
    expect(res.statusCode).toBe(400);
  });

  it('gives a transaction\'s connection back to the pool when it drops at BEGIN, so the pool never runs dry', async () => {
    const database = await openTestDatabase();
    try {
      const pool = (database.db as any).$client as import('pg').Pool;
      // The network drops each connection just as a transaction takes it out of the pool.
      const drop = (client: any) => client.connection.stream.destroy();
      pool.on('acquire', drop);
      for (let i = 0; i < 12; i++) {
        await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toSatisfy(isDatabaseUnavailable);
      }
      pool.off('acquire', drop);
      // More failures than the pool has connections: a leaked one each time would leave none.
      expect(((await database.db.execute(sql`select 1 as one`)) as any).rows[0].one).toBe(1);
      expect(await database.db.transaction(async (tx) => ((await tx.execute(sql`select 2 as two`)) as any).rows[0].two)).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('lets the demo feed carry on at its next tick after the database dropped its background backfill', async () => {
    const { db } = ctx.database;
    await seedDemo(db);
    const failures: unknown[] = [];
    const log = {
      level: 'info', silent() {}, trace() {}, debug() {}, info() {}, warn() {}, fatal() {},
      error(obj: unknown) { failures.push(obj); },
      child() { return log; },
    } as unknown as FastifyBaseLogger;
    const { default: pg } = await import('pg');
    const other = new pg.Client({ connectionString: ctx.database.url });
    await other.connect();
    // Two days of history: the newest day before start() returns, the other in the background, in small transactions.
    const feed = createDemoFeed(db, log, { backfillDays: 2, firstDays: 1, batchSize: 48 });
    await feed.start();
    for (let i = 0; i < 300 && !failures.length; i++) {
      await other.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      await new Promise((r) => setTimeout(r, 10));
    }
    await other.end();
    expect(failures.length, 'a write of the backfill was cut off').toBeGreaterThan(0);
    expect(isDatabaseUnavailable((failures[0] as { err: unknown }).err)).toBe(true);

    await feed.tick();
    await feed.stop();
    const counts = ((await db.execute(sql`select i.id, count(m.ts)::int as n from investors i left join measurements m on m.investor_id = i.id group by i.id`)) as any).rows;
    expect(counts.length).toBeGreaterThan(0);
    for (const { n } of counts) expect(Math.abs(n - 2 * 288), 'two days of 5-minute points, no hole').toBeLessThanOrEqual(1);
  });

  it('keeps the API process up while its connections are terminated under reads and writes; every acknowledged point is stored', async () => {
    const database = await openTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-pgdrop-'));
    const server = await startServer({ DATABASE_URL: database.url!, DATA_DIR: dataDir });
    try {
      const password = 'secret12';
      const [admin] = await database.db.insert(users).values({
        email: 'caidas@example.com', first_name: 'Ana', last_name: 'Caídas', is_active: true, is_staff: true, password: await hashPassword(password),
      }).returning();
      const api = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => fetch(`${server.url}/api${url}`, {
        method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(15_000),
      });
      const created = async (url: string, body: unknown, headers: Record<string, string>) => {
        const res = await api('POST', url, body, headers);
        expect(res.status, url).toBeLessThan(300);
        return res.json();
      };
      const { access } = await created('/auth/token', { email: admin.email, password }, {});
      const staff = { authorization: `Bearer ${access}` };
      const project = await created('/project/create', { name: 'Proyecto caídas' }, staff);
      const plant = await created('/power-plant/create', { project: project.id, name: 'Planta caídas', latitude: -33.45, longitude: -70.67 }, staff);
      const inverter = await created('/investor/create', { plant: plant.id, name: 'Inversor caídas' }, staff);
      const { key } = await created(`/power-plant/${plant.id}/api-keys`, { name: 'Datalogger' }, staff);

      const problems: string[] = [];
      let unavailable = 0;
      /** One request: a 2xx, or a 503 {detail} with Retry-After; anything else (a 500, a reset, a hang) is a problem. */
      const attempt = async (what: string, send: () => Promise<Response>) => {
        try {
          const res = await send();
          const body = await res.json().catch(() => null);
          if (res.ok) return body;
          if (res.status === 503 && body?.detail === DATABASE_UNAVAILABLE && Number(res.headers.get('retry-after')) > 0) unavailable += 1;
          else problems.push(`${what}: ${res.status} ${JSON.stringify(body)}`);
        } catch (err: any) {
          problems.push(`${what}: ${err.cause?.code ?? err.name} ${err.cause?.message ?? err.message}`);
        }
        return undefined;
      };
      const reads = [`/v2/last/measurement/all/data/${plant.id}`, '/project-all/'];
      const read = (i: number) => attempt(`GET ${reads[i % 2]}`, () => api('GET', reads[i % 2], undefined, staff));
      // Distinct points a minute apart, in the past; a device resends a point until it is acknowledged.
      const start = Date.now() - 3 * 86_400_000;
      const acknowledged: string[] = [];
      let next = 0;
      const push = async () => {
        const ts = new Date(start + next++ * 60_000).toISOString();
        for (let tries = 0; tries < 50; tries++) {
          const result = await attempt(`ingest ${ts}`, () => api('POST', '/ingest/points', { points: [{ investor: inverter.id, ts, ac_power_w: 1000 }] }, { 'x-api-key': key }));
          if (result) {
            expect(result.stored + result.duplicates).toBe(1);
            acknowledged.push(ts);
            return;
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      };

      let chaos = true;
      const loop = async (work: (i: number) => Promise<unknown>) => { for (let i = 0; chaos; i++) await work(i); };
      const terminate = async () => {
        const { default: pg } = await import('pg');
        // A session of the test database ends every other one there, as the black-box probe does.
        const other = new pg.Client({ connectionString: database.url });
        await other.connect();
        let ended = 0;
        for (let round = 0; round < 6; round++) {
          await new Promise((r) => setTimeout(r, 500));
          const { rows } = await other.query(`select count(*) filter (where ended)::int as n from (select pg_terminate_backend(pid) as ended
            from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) s`);
          ended += rows[0].n;
        }
        await other.end();
        chaos = false;
        return ended;
      };
      const [ended] = await Promise.all([terminate(), loop(push), loop(push), loop(push), loop(read), loop(read)]);
      expect(ended).toBeGreaterThan(0);

      expect(server.exitCode(), server.output()).toBeNull();
      expect(problems, server.output()).toEqual([]);
      // Back to normal: the next requests succeed at once.
      for (let i = 0; i < 4; i++) expect((await api('GET', reads[i % 2], undefined, staff)).status).toBe(200);
      await push();
      expect(problems).toEqual([]);
      const storedRows = (await database.db.execute(sql`select to_json(ts) #>> '{}' as ts from measurements where investor_id = ${inverter.id}`) as any).rows;
      const stored = new Set(storedRows.map((r: { ts: string }) => new Date(r.ts).toISOString()));
      expect(acknowledged.length).toBeGreaterThanOrEqual(5);
      expect(acknowledged.filter((ts) => !stored.has(ts))).toEqual([]);
      console.info(`${acknowledged.length} points acknowledged, ${unavailable} answers 503, ${ended} connections terminated`);
    } finally {
      await server.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a database out of reach', () => {
  const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code, severity: 'FATAL' });
  const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

  it('is told from a query that is wrong, through Drizzle\'s wrapping and a refusal on every address', () => {
    for (const err of [
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      pgError('57P01', 'terminating connection due to administrator command'), pgError('57P02'), pgError('57P03', 'the database system is starting up'),
      pgError('08006'), pgError('08001'), pgError('ECONNREFUSED'), pgError('ECONNRESET'),
      wrapped(pgError('57P01')), wrapped(new Error('Connection terminated unexpectedly')),
      new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')]),
    ]) expect(isDatabaseUnavailable(err), err.message).toBe(true);
    for (const err of [
      new Error('boom'), pgError('23505'), pgError('42601'), pgError('57014', 'canceling statement due to statement timeout'),
      wrapped(pgError('22P02')), null, undefined, 'Connection terminated unexpectedly',
    ]) expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe.runIf(TEST_DB === 'pglite')('on embedded PGlite', () => {
  it('answers queries', async () => {
    const res = await ctx.database.db.execute(sql`select 1 as one`);
    expect((res as any).rows[0].one).toBe(1);
  });
});
