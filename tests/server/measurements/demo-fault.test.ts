/**
 * The demo's simulated fault: a string of Planta Maipú fails for a few days around the demo's
 * creation, so the alarm rules find it (an MPPT below its sibling) and the demo ticket's figures are
 * the stored ones. Uses the real clock, as `npm start` does.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import type { Db } from '../../../server/db/client.js';
import { alarms, powerPlants, ticketMessages, tickets } from '../../../server/db/schema.js';
import { seedDemo } from '../../../server/seed/demo.js';
import { createDemoFeed, demoInverters } from '../../../server/measurements/demo-feed.js';
import { DEMO_FAULT } from '../../../server/measurements/demo-fault.js';
import { evaluateAlarms } from '../../../server/domain/alarms/evaluate.js';
import { drainRollups } from '../../../server/measurements/rollup-worker.js';
import { query } from '../../../testing/fixtures.js';

let ctx: TestContext;
let db: Db;
const log = { level: 'silent', silent() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {}, child() { return log; } } as unknown as FastifyBaseLogger;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  await seedDemo(db);
  const feed = createDemoFeed(db, log, { backfillDays: 12, firstDays: 12, batchSize: 1000 });
  await feed.start();
  await feed.stop();
  await drainRollups(db); // the rollup tables, read below, are the worker's to fill
}, 120_000);
afterAll(() => ctx?.close());

describe('the demo fault', () => {
  it('leaves MPPT 2 of Maipú without current in its window, and only there', async () => {
    const [maipu] = (await demoInverters(db)).filter((i) => i.plant === DEMO_FAULT.plant);
    const { from, to } = maipu.fault!.window;
    expect(from).toBeLessThan(Date.now() - 3 * DAY_MS);
    expect(to).toBeGreaterThan(Date.now());
    const inputs = await query<{ inside: boolean; mppt: number; w: number }>(db, sql`
      select ts >= to_timestamp(${from / 1000}) as inside, (d->>'mppt')::int as mppt, max((d->>'power_w')::float8) as w
      from measurements, jsonb_array_elements(dc) d where investor_id = ${Number(maipu.model.id)} group by 1, 2 order by 1, 2`);
    expect(inputs.filter((r) => r.inside).map((r) => [r.mppt, r.w > 0])).toEqual([[1, true], [2, false]]);
    expect(inputs.filter((r) => !r.inside).map((r) => [r.mppt, r.w > 0])).toEqual([[1, true], [2, true]]);
  });

  it('opens an alarm on that MPPT and its string, and the demo ticket quotes the stored energy', async () => {
    await evaluateAlarms(ctx.app);
    const [plant] = await db.select().from(powerPlants).where(eq(powerPlants.name, DEMO_FAULT.plant));
    const found = await query(db, sql`select a.kind, m.number, s.name from alarms a join mppts m on m.id = a.mppt_id join strings s on s.id = a.string_id
      where a.plant_id = ${plant.id} and a.status = 'open'`);
    expect(found).toEqual([{ kind: 'mppt_low', number: DEMO_FAULT.mppt, name: `String ${DEMO_FAULT.mppt}` }]);
    expect(await db.select().from(alarms).where(and(eq(alarms.kind, 'mppt_low'), sql`${alarms.plant} <> ${plant.id}`))).toEqual([]);

    const [ticket] = await db.select().from(tickets).where(eq(tickets.title, 'Baja producción en Planta Maipú'));
    const [said] = await db.select().from(ticketMessages).where(eq(ticketMessages.ticket, ticket.id)).orderBy(ticketMessages.created_at).limit(1);
    const kwh = /ayer fueron (\d+) kWh y lo normal en esta época son unos (\d+) kWh/.exec(said.content);
    expect(kwh, said.content).not.toBeNull();
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(Date.now() - 3 * DAY_MS);
    const [stored] = await query<{ kwh: number }>(db, sql`select round(energy_wh / 1000)::int as kwh from plant_energy
      where plant_id = ${plant.id} and period = 'day' and bucket = ${yesterday}::timestamp`);
    expect(Number(kwh![1])).toBe(stored.kwh);
    // About half of a normal day (one of two equal strings is out).
    expect(Number(kwh![1]) / Number(kwh![2])).toBeLessThan(0.8);
  });
});
