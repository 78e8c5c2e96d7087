/**
 * The per-process alarm queue (`app.alarms`, server/domain/alarms/evaluate.ts): pushes never wait
 * for the rules nor fail with them, a burst of pushes to one plant is judged once, plants named
 * again are merged, and a failed evaluation leaves the queue working. Each evaluation is seen by
 * its first query (plantsToCheck), spied on.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as queries from '../../../../server/domain/alarms/queries.js';
import { createTestContext, type TestContext } from '../../../../testing/harness.js';
import { call, plantTree, type Tree } from '../../../../testing/fixtures.js';

vi.mock('../../../../server/domain/alarms/queries.js', async (original) => {
  const actual = await original<typeof import('../../../../server/domain/alarms/queries.js')>();
  return { ...actual, plantsToCheck: vi.fn(actual.plantsToCheck) };
});
const plantsToCheck = vi.mocked(queries.plantsToCheck);
const actual = await vi.importActual<typeof queries>('../../../../server/domain/alarms/queries.js');
/** The plants of each evaluation since the last reset (undefined: every plant). */
const evaluations = () => plantsToCheck.mock.calls.map(([, , plants]) => plants);

let ctx: TestContext;
let staff: string;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.userWithToken({ is_staff: true })).token;
});
afterAll(async () => { await ctx?.close(); });
beforeEach(async () => {
  await ctx.app.alarms.drain();
  plantsToCheck.mockClear();
});

/** A plant with an ingest key, and a push of one point to it at `minutesAgo`. */
async function pushedPlant() {
  const tree: Tree = await plantTree(ctx.database.db);
  const key = (await call(ctx, staff, 'POST', `/power-plant/${tree.plant}/api-keys`, { payload: { name: 'logger' } })).body.key as string;
  const push = (minutesAgo: number) => call(ctx, null, 'POST', '/ingest/points', {
    payload: { points: [{ investor: tree.investors[0].id, ts: new Date(Date.now() - minutesAgo * 60_000).toISOString(), ac_power_w: 1000, status: 'running' }] },
    headers: { 'x-api-key': key },
  });
  return { tree, push };
}

describe('the alarm queue', () => {
  it('judges a burst of pushes to one plant once, and the pushes do not wait for it', async () => {
    const { tree, push } = await pushedPlant();
    // An evaluation under way that does not end until the pushes are answered.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    plantsToCheck.mockImplementationOnce(async (...args) => { await held; return actual.plantsToCheck(...args); });
    ctx.app.alarms.enqueue(tree.plant);
    const first = ctx.app.alarms.drain();

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => push(i + 1)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => a.body.stored === 1)).toBe(true);
    expect(evaluations()).toEqual([[tree.plant]]);

    release();
    await first;
    await ctx.app.alarms.drain();
    // The one held, then one for all twenty pushes.
    expect(evaluations()).toEqual([[tree.plant], [tree.plant]]);
  });

  it('merges the plants named before their turn into one evaluation', async () => {
    const a = await plantTree(ctx.database.db);
    const b = await plantTree(ctx.database.db);
    for (let i = 0; i < 5; i++) { ctx.app.alarms.enqueue(a.plant); ctx.app.alarms.enqueue(b.plant); }
    await ctx.app.alarms.drain();
    expect(evaluations()).toEqual([[a.plant, b.plant]]);
  });

  it('judges a plant by itself shortly after, without anyone draining', async () => {
    const { tree, push } = await pushedPlant();
    expect((await push(1)).status).toBe(200);
    await vi.waitFor(() => expect(evaluations()).toEqual([[tree.plant]]), { timeout: 10_000, interval: 50 });
  });

  it('never fails a push when the rules fail, and goes on judging afterwards', async () => {
    const { tree, push } = await pushedPlant();
    plantsToCheck.mockRejectedValueOnce(new Error('rules broke'));
    const error = vi.spyOn(ctx.app.log, 'error');
    expect((await push(2)).status).toBe(200);
    await ctx.app.alarms.drain();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ plants: [tree.plant] }), 'alarm rules not evaluated');
    error.mockRestore();
    expect((await push(1)).status).toBe(200);
    await ctx.app.alarms.drain();
    expect(evaluations()).toEqual([[tree.plant], [tree.plant]]);
  });
});
