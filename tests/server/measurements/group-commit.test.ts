/**
 * Group commit of pushed readings (server/measurements/group-commit.ts): requests arriving together
 * are stored in one transaction, each answered with its own counts once its points are committed,
 * with the same energies as stored one by one; a failed transaction fails every request in it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import type { Db } from '../../../server/db/client.js';
import { plantTree, query } from '../../../testing/fixtures.js';
import { groupCommit } from '../../../server/measurements/group-commit.js';
import { storeReadings, type Reading } from '../../../server/measurements/store.js';

let ctx: TestContext;
let db: Db;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
});

const T0 = Date.parse('2026-01-10T15:00:00Z');
const point = (investor: number, step: number, ac_power_w = 1000 + step * 10): Reading =>
  ({ investor, ts: new Date(T0 + step * 300_000), ac_power_w, consumption_w: 400 });
const energies = (investor: number) => query<{ ts: string; energy_wh: number; consumption_wh: number }>(db, sql`
  select ts::text, energy_wh, consumption_wh from measurements where investor_id = ${investor} order by ts`);

describe('group commit', () => {
  it('stores one-point requests arriving together in one transaction, with the energies of one by one', async () => {
    const { investors: [grouped, alone] } = await plantTree(db, { inverters: 2 });
    const store = groupCommit(db, { waitMs: 20 });
    // 24 consecutive 5-minute points of one inverter, sent at once and out of order.
    const steps = Array.from({ length: 24 }, (_, i) => (i * 7) % 24);
    const answers = await Promise.all(steps.map((step) => store([point(grouped.id, step)])));
    expect(answers).toEqual(steps.map(() => ({ stored: 1, duplicates: 0 })));
    for (const step of steps) await storeReadings(db, [point(alone.id, step)]);
    const mine = await energies(grouped.id);
    expect(mine).toHaveLength(24);
    expect(mine.map(({ energy_wh, consumption_wh }) => ({ energy_wh, consumption_wh })))
      .toEqual((await energies(alone.id)).map(({ energy_wh, consumption_wh }) => ({ energy_wh, consumption_wh })));
    // Rows written by one transaction share its id (xmin).
    expect(await transactions(grouped.id)).toBe(1);
  });

  it('counts a point once for the first request that carried it, a duplicate for the others', async () => {
    const { investors: [inverter] } = await plantTree(db);
    const store = groupCommit(db, { waitMs: 20 });
    const answers = await Promise.all([
      store([point(inverter.id, 0), point(inverter.id, 1)]),
      store([point(inverter.id, 1), point(inverter.id, 2)]),
      store([point(inverter.id, 2), point(inverter.id, 2)]),
    ]);
    expect(answers).toEqual([{ stored: 2, duplicates: 0 }, { stored: 1, duplicates: 1 }, { stored: 0, duplicates: 2 }]);
    expect(await store([point(inverter.id, 0)])).toEqual({ stored: 0, duplicates: 1 });
    expect(await energies(inverter.id)).toHaveLength(3);
  });

  it('fails every request of a group whose transaction fails, and stores none of them', async () => {
    const { investors: [inverter] } = await plantTree(db);
    const store = groupCommit(db, { waitMs: 20 });
    // An inverter that does not exist (deleted since the request was checked) breaks the insert.
    const outcomes = await Promise.allSettled([store([point(inverter.id, 0)]), store([point(2_000_000_000, 0)]), store([point(inverter.id, 1)])]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await energies(inverter.id)).toEqual([]);
    // The next group is not held back by the failed one.
    expect(await store([point(inverter.id, 0)])).toEqual({ stored: 1, duplicates: 0 });
  });
});

/** How many transactions wrote the inverter's points. */
async function transactions(investor: number) {
  const [row] = await query<{ n: number }>(db, sql`select count(distinct xmin::text)::int as n from measurements where investor_id = ${investor}`);
  return row.n;
}
