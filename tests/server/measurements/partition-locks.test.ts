/**
 * Making a month's partition while points of that month are being stored (two API processes on one
 * PostgreSQL: one's rollup worker moves the month out of the default partition, the other's demo
 * backfill writes into it). The function takes the default partition's strongest lock at once, so a
 * writer already reading it finishes first and the move follows: nobody is aborted as a deadlock.
 * And the worker gives up quickly (and tries again later) rather than holding ingest behind it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DB } from '../../../testing/harness.js';
import { plantTree } from '../../../testing/fixtures.js';
import { createRollupWorker } from '../../../server/measurements/rollup-worker.js';
import { ensurePartitions } from '../../../server/measurements/partitions.js';
import type { FastifyBaseLogger } from 'fastify';

/** The SQLSTATE of an error, through the wrappers (drizzle's query error) around the driver's. */
const codeOf = (err: unknown): unknown => (err && typeof err === 'object'
  ? (err as { code?: unknown }).code ?? codeOf((err as { cause?: unknown }).cause) : undefined);

describe.runIf(TEST_DB === 'postgres')('partitions made while points are stored', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let investor: number;
  const sessions: pg.Client[] = [];
  const session = async () => {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    sessions.push(c);
    return c;
  };
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    investor = (await plantTree(database.db)).investors[0].id;
  });
  afterAll(async () => {
    await Promise.all(sessions.map((c) => c.end().catch(() => {})));
    await database?.close();
  });

  /** Until `pid` waits for a lock (it has asked for one not yet granted). */
  async function waitingForLock(watcher: pg.Client, pid: number) {
    for (let i = 0; i < 200; i++) {
      const { rows } = await watcher.query('select count(*)::int as n from pg_locks where pid = $1 and not granted', [pid]);
      if (rows[0].n > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`session ${pid} never waited for a lock`);
  }

  it('lets a writer that already read the default partition finish, then moves its month: no deadlock', async () => {
    const [writer, worker, watcher] = [await session(), await session(), await session()];
    const point = (minute: number) => writer.query(
      `insert into measurements (investor_id, ts, ac_power_w) values ($1, $2, 100)`, [investor, `2019-03-10T12:${String(minute).padStart(2, '0')}:00Z`]);
    // A point of a month with no partition yet: it waits in the default one.
    await point(0);
    // The writer, as storeReadings does: reads the stored neighbours (ACCESS SHARE on every partition)...
    await writer.query('begin');
    await writer.query(`select * from measurements where investor_id = $1 and ts >= '2019-03-01' and ts < '2019-04-01'`, [investor]);
    // ...while the other process's worker moves March 2019 out of the default partition...
    await worker.query('begin');
    const made = worker.query(`select measurements_ensure_partition(2019, 3) as part`).then(
      async (r) => { await worker.query('commit'); return r.rows[0].part as string; },
      async (err) => { await worker.query('rollback'); throw err; });
    made.catch(() => {});
    await waitingForLock(watcher, (worker as unknown as { processID: number }).processID);
    // ...then the writer inserts its new points. Before the fix, one of the two was aborted (40P01).
    const inserted = point(5).then(async () => { await writer.query('commit'); }, async (err) => { await writer.query('rollback'); throw err; });
    await expect(inserted).resolves.toBeUndefined();
    await expect(made).resolves.toBe('measurements_y2019m03');
    const { rows } = await watcher.query(`select tableoid::regclass::text as part, count(*)::int as n from measurements where investor_id = $1 group by 1`, [investor]);
    expect(rows).toEqual([{ part: 'measurements_y2019m03', n: 2 }]);
  });

  let watcher: pg.Client | undefined;
  const watcherQuery = async (text: string) => (await (watcher ??= await session()).query(text)).rows;

  it('gives up within seconds while a transaction holds the default partition, and the worker still starts', async () => {
    const [writer] = [await session()];
    await writer.query(`insert into measurements (investor_id, ts, ac_power_w) values ($1, '2018-07-01T10:00:00Z', 100)`, [investor]);
    await writer.query('begin');
    await writer.query(`select count(*) from measurements_default`);
    const started = Date.now();
    // A partition is due (July 2018 waits in the default one): the worker does not wait behind the
    // open transaction, holding every write queued behind its own request.
    const refused = await ensurePartitions(database.db).then(() => null, (err: unknown) => err);
    expect(codeOf(refused)).toBe('55P03');
    expect(Date.now() - started).toBeLessThan(5000);
    const logged: unknown[] = [];
    const log = { info: () => {}, warn: (...a: unknown[]) => logged.push(a), error: (...a: unknown[]) => logged.push(a) } as unknown as FastifyBaseLogger;
    const rollups = createRollupWorker(database.db, log, { intervalMs: 100 });
    await expect(rollups.start()).resolves.toBeUndefined();
    expect(logged.length).toBeGreaterThan(0);
    await writer.query('commit');
    // Once the transaction has ended, one of the worker's next rounds makes it.
    const made = async () => (await watcherQuery(`select to_regclass('measurements_y2018m07') is not null as made`))[0].made;
    await expect.poll(made, { timeout: 10_000, interval: 100 }).toBe(true);
    await rollups.stop();
  });
});
