/**
 * The rollup worker: brings the rollups up to date with the raw points, a few seconds behind ingest.
 * Storing readings records the inverter hours it made stale (rollup_stale, ./store.ts); the worker
 * drains them in batches, each batch one transaction that
 *  1. takes, without waiting, the rollup locks of a few plants with stale hours (another process's
 *     worker, a rebuild or a read busy on a plant keeps it: this one takes the next plants);
 *  2. claims their stale rows FOR UPDATE SKIP LOCKED (a row an ingest is still writing is left for
 *     the next round, with its points) and deletes them;
 *  3. recomputes every bucket above them (./rollups.ts) and commits.
 * A crash anywhere rolls the whole batch back: the rows are stale again and the next worker, in this
 * process after a restart or in another, does them. So several processes may each run one, on one
 * database, and no bucket is done twice at once nor left wrong.
 *
 * After draining, a round rebuilds one plant queued by a change of time zone (./rebuild.ts), and
 * starts again at once while plants are queued. It also keeps the monthly partitions of the
 * measurements ahead of time (./partitions.ts): at start and once a day; and the expected energy of
 * every plant's days (./expected-days.ts): once a minute across all processes (the job lease
 * `expected_days`), the first round at start.
 */
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { investors, rollupRebuild, rollupStale } from '../db/schema.js';
import { epochMs, intArray, rows } from '../db/sql.js';
import { refreshStale, tryLockPlants, type StaleHour } from './rollups.js';
import { ensurePartitions } from './partitions.js';
import { rebuildNext } from './rebuild.js';
import { refreshExpectedDays } from './expected-days.js';
import { claimJob, WORKER } from '../core/jobs.js';

/** Plants and stale hours one batch takes at most (a backfill of a year is drained in several). */
const PLANTS_PER_BATCH = 20;
const HOURS_PER_BATCH = 2000;
const DAY_MS = 86_400_000;
/** How often the stored expected days are brought up to date (once in all across the processes). */
const EXPECTED_PERIOD_MS = 60_000;

/**
 * One batch, as described above; returns the stale hours it brought up to date (0: nothing was left
 * that another worker does not hold). With `staleBy` (an instant of the database's clock, as text),
 * only hours marked stale by then.
 */
export async function drainBatch(db: Db, limits = { plants: PLANTS_PER_BATCH, hours: HOURS_PER_BATCH }, staleBy?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const s = alias(rollupStale, 's');
    const marked = staleBy ? sql`${s.since} <= ${staleBy}::timestamptz` : sql`true`;
    const candidates = await rows<{ plant: number }>(tx, sql`
      select distinct ${investors.plant} as plant from ${rollupStale} ${s} join ${investors} on ${investors.id} = ${s.investor}
      where ${marked} and not exists (select from ${rollupRebuild} where ${rollupRebuild.plant} = ${investors.plant})
      order by 1 limit ${limits.plants * 4}`);
    const plants = (await tryLockPlants(tx, candidates.map((c) => c.plant))).slice(0, limits.plants);
    if (!plants.length) return 0;
    const claimed = await rows<StaleHour>(tx, sql`
      with c as (
        select ${s.investor} as investor, ${s.hour} as hour, ${investors.plant} as plant
        from ${rollupStale} ${s} join ${investors} on ${investors.id} = ${s.investor}
        where ${investors.plant} = any(${intArray(plants)}::int[]) and ${marked}
        order by ${s.hour}
        limit ${limits.hours}
        for update of ${s} skip locked
      )
      delete from ${rollupStale} ${s} using c where ${s.investor} = c.investor and ${s.hour} = c.hour
      returning c.investor, c.plant, ${epochMs(sql`c.hour`)} as hour`);
    await refreshStale(tx, claimed);
    return claimed.length;
  });
}

/**
 * Drains, batch after batch, the hours stale when it starts that this worker can take; returns the
 * hours done. Hours marked meanwhile wait for the next round: under a steady stream of pushes the
 * round would otherwise never end, each batch taking the few hours stored since the last one, and
 * the worker's statements took a third of the database's round trips of ingest itself (each round
 * now takes a pause's worth of hours at once).
 */
export async function drainRollups(db: Db): Promise<number> {
  const [{ now }] = await rows<{ now: string }>(db, sql`select now()::text as now`);
  let total = 0;
  for (let done; (done = await drainBatch(db, undefined, now)) > 0;) total += done;
  return total;
}

export interface RollupWorker {
  start(): Promise<void>;
  /** Stops the timer and waits for the batch under way. */
  stop(): Promise<void>;
}

/**
 * A worker that drains at start, then `intervalMs` after each round (0: never by itself), and checks
 * the partitions at start and every day. Errors (a database restarting) are logged and the next round
 * tries again.
 */
export function createRollupWorker(db: Db, log: FastifyBaseLogger, { intervalMs }: { intervalMs: number }): RollupWorker {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let partitionsChecked = 0;

  /**
   * A failure (the default partition's lock not had in time, the database away) is logged and the
   * check is due again at the next round: it never stops the server's start nor the draining.
   */
  async function checkPartitions() {
    try {
      const created = await ensurePartitions(db);
      partitionsChecked = Date.now();
      if (created.length) log.info(`measurements: partitions created: ${created.join(', ')}`);
    } catch (err) {
      log.warn({ err }, 'measurements: checking the monthly partitions failed; tried again at the next round');
    }
  }
  /** One round; true when it rebuilt a plant (more may be queued: no pause before the next). */
  const round = async () => {
    if (Date.now() - partitionsChecked >= DAY_MS) await checkPartitions();
    await drainRollups(db);
    const now = new Date();
    if (await claimJob(db, 'expected_days', now, new Date(now.getTime() + EXPECTED_PERIOD_MS - 1000), WORKER)) await refreshExpectedDays(db);
    return (await rebuildNext(db)) !== null;
  };
  const schedule = (delay: number) => {
    if (stopped || !intervalMs) return;
    timer = setTimeout(() => {
      let again = false;
      running = round().then((rebuilt) => { again = rebuilt; }, (err) => { log.error({ err }, 'rollup worker: round failed'); })
        .finally(() => schedule(again ? 0 : intervalMs));
    }, delay);
  };

  return {
    /** Checks the partitions (awaited: points of this month go to theirs; a failure is retried), then drains in the background. */
    async start() {
      await checkPartitions();
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
