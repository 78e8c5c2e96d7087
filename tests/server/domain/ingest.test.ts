/**
 * What a pushed message is checked against (server/domain/ingest.ts), kept per API process: a key
 * revoked or an inverter added by another process counts as soon as its change is heard; when a key
 * last delivered is written at most once a minute.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import type { Db } from '../../../server/db/client.js';
import { call, plantTree, query, type Tree } from '../../../testing/fixtures.js';
import { keyByTopic, noteKeyUse } from '../../../server/domain/ingest.js';

let ctx: TestContext;
let db: Db;
let staff: string;
let tree: Tree;
/** A second app on the same database (the caches are the module's: changes are made in SQL, as another process would). */
let other: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  tree = await plantTree(db);
  other = await buildApp({ config: ctx.config, db, checkReplies: true });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

const issue = async () => (await call(ctx, staff, 'POST', `/power-plant/${tree.plant}/api-keys`, { payload: { name: 'Gateway' } })).body as { id: number; key: string };
const pushTo = (app: FastifyInstance, key: string, point: object) => app.inject({
  method: 'POST', url: '/api/ingest/points', headers: { 'content-type': 'application/json', 'x-api-key': key }, payload: { points: [point] },
});
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('what a push is checked against, per process', () => {
  it('refuses a key revoked by another process once its change is heard', async () => {
    const { id, key } = await issue();
    const point = (m: number) => ({ investor: tree.investors[0].id, ts: minutesAgo(m), ac_power_w: 1000 });
    expect((await pushTo(other, key, point(40))).statusCode).toBe(200);
    // Deleted outside this process (its own API call would forget the caches at once).
    await db.execute(sql`delete from ingest_keys where id = ${id}`);
    await ctx.changesHeard();
    expect((await pushTo(other, key, point(35))).statusCode).toBe(401);
  });

  it('takes points of an inverter added by another process once its change is heard', async () => {
    const { key } = await issue();
    expect((await pushTo(other, key, { investor: tree.investors[0].id, ts: minutesAgo(30), ac_power_w: 900 })).json()).toMatchObject({ stored: 1 });
    const [added] = await query<{ id: number }>(db, sql`insert into investors (plant_id, name) values (${tree.plant}, 'Inversor nuevo') returning id`);
    await ctx.changesHeard();
    expect((await pushTo(other, key, { investor: added.id, ts: minutesAgo(30), ac_power_w: 800 })).json()).toEqual({ stored: 1, duplicates: 0, rejected: [] });
  });

  it('writes when a key last delivered at most once a minute, per way in', async () => {
    const { id } = await issue();
    const at = async () => (await query<{ http: number | null; mqtt: number | null }>(db, sql`
      select (extract(epoch from last_used_at) * 1000)::float8 as http, (extract(epoch from mqtt_last_used_at) * 1000)::float8 as mqtt
      from ingest_keys where id = ${id}`))[0];
    const t0 = Date.parse('2026-01-10T12:00:00Z');
    await noteKeyUse(db, id, 'http', t0);
    await noteKeyUse(db, id, 'http', t0 + 59_000);
    expect((await at()).http).toBe(t0);
    await noteKeyUse(db, id, 'http', t0 + 61_000);
    await noteKeyUse(db, id, 'mqtt', t0 + 62_000);
    expect(await at()).toEqual({ http: t0 + 61_000, mqtt: t0 + 62_000 });
    const [{ topic }] = await query(db, sql`select mqtt_topic_id as topic from ingest_keys where id = ${id}`);
    expect(await keyByTopic(db, topic)).toEqual({ id, plant: tree.plant });
  });
});
