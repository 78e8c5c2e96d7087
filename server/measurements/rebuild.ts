/**
 * A change of time zone, plant by plant. Every rollup bucket and day curve is a local hour, day,
 * month or year of settings.time_zone, so a new zone means new buckets, computed again from the raw
 * points: seconds for one plant's year of 5-minute data, minutes for a fleet's (371 s for the bench's
 * 100 plants x 13 months); too long for the settings request and for one transaction. So the change
 * only queues every plant (rollup_rebuild), in the transaction that changes the zone, and then
 *  - the rollup worker (./rollup-worker.ts) rebuilds one plant per round (`rebuildNext`), each in a
 *    transaction of its own under the plant's rollup lock, taking a plant no other process holds:
 *    several processes share the queue, and a crash rolls back only the plant under way, still queued;
 *  - a read of a plant still queued (withCurrentRollups, ./rollups.ts) rebuilds it first, waiting for
 *    a worker busy on it: no chart mixes the buckets of two zones, and the first viewer of a plant
 *    waits for its rebuild, once;
 *  - the settings say how far it is (`rebuildProgress`: the configuration page's progress bar).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { powerPlants, rollupRebuild } from '../db/schema.js';
import { rows } from '../db/sql.js';
import { rebuildPlant } from './rollups.js';

/** Queues every plant for a rebuild in the zone being set (call it in the transaction that sets it). */
export async function queueRebuild(tx: Db) {
  // DO UPDATE, not NOTHING: a plant being rebuilt in the zone before is locked, and this waits for it.
  await tx.insert(rollupRebuild).select(tx.select({ plant: powerPlants.id, since: sql`now()`.as('since') }).from(powerPlants))
    .onConflictDoUpdate({ target: rollupRebuild.plant, set: { since: sql`excluded.since` } });
}

/** How many plants a worker looks at to find one no other process is rebuilding. */
const CANDIDATES = 8;

/** Rebuilds the first queued plant no other process holds; returns it, or null when none is left to this process. */
export async function rebuildNext(db: Db): Promise<number | null> {
  const queued = await db.select({ plant: rollupRebuild.plant }).from(rollupRebuild).orderBy(rollupRebuild.plant).limit(CANDIDATES);
  for (const { plant } of queued) if (await rebuildPlant(db, plant, false)) return plant;
  return null;
}

/** Queues every plant and rebuilds them all now, one after the other (bench and tests: no worker). */
export async function rebuildAll(db: Db, rebuilt: (done: number) => void = () => {}) {
  await db.transaction((tx) => queueRebuild(tx));
  for (let done = 0; (await rebuildNext(db)) !== null;) rebuilt(++done);
}

/** Plants still waiting for their rebuild, of all plants. */
export async function rebuildProgress(db: Db): Promise<{ pending: number; plants: number }> {
  const [progress] = await rows<{ pending: number; plants: number }>(db, sql`
    select (select count(*) from ${rollupRebuild})::int as pending, (select count(*) from ${powerPlants})::int as plants`);
  return progress;
}
