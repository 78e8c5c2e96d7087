/**
 * Scheduled work shared by several API processes on one database (table `job_leases`): a process runs
 * a job's period only when it moves the job's due time forward itself, so each period runs once in
 * all (docs/alarms.md "When the rules run"). The alarm schedule and the monthly reports use it.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { jobLeases } from '../db/schema.js';

/** Who ran a job, as `job_leases.last_run_by` records it. */
export const WORKER = `${os.hostname()}:${process.pid}`;

/**
 * Takes the run of job `name` due at `now`: moves its due time to `next` when it is due. One UPDATE
 * decides (PostgreSQL locks the row and re-checks the condition against a concurrent update), so of
 * several processes asking at once exactly one gets `true`. A job never run before is due at once,
 * unless `startDue` is false: then its first due time is `next`.
 */
export async function claimJob(db: Db, name: string, now: Date, next: Date, worker: string, startDue = true): Promise<boolean> {
  if (!startDue) await db.insert(jobLeases).values({ name, due_at: next }).onConflictDoNothing();
  const claimed = await db.insert(jobLeases).values({ name, due_at: next, last_run_at: now, last_run_by: worker })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { due_at: next, last_run_at: now, last_run_by: worker },
      setWhere: sql`${jobLeases.due_at} <= ${now.toISOString()}::timestamptz`,
    }).returning({ name: jobLeases.name });
  return claimed.length > 0;
}

/**
 * Calls `run` every `periodMs` from the moment the server is ready (0: never), one call at a time;
 * a failure is logged as `failure` and the next tick tries again. Closing the server waits for a run
 * under way. `run` claims its period itself (claimJob), so every process may tick.
 */
export function everyInterval(app: FastifyInstance, periodMs: number, run: () => Promise<unknown>, failure: string) {
  if (periodMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(run).catch((err) => app.log.error({ err }, failure));
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, periodMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
