/**
 * A server killed with SIGKILL while dataloggers push points and its rollup worker runs: restarted,
 * it has every point it acknowledged, and once its worker has drained what was recorded as stale,
 * every rollup bucket equals its recomputation from the raw points. On PostgreSQL (TEST_DB=postgres):
 * an embedded PGlite belongs to one process and gives no durability promise to a killed one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from '../../../testing/harness.js';
import { startServer } from '../../../testing/server-process.js';
import { plantTree, query } from '../../../testing/fixtures.js';
import { ingestKeys } from '../../../server/db/schema.js';
import { newKey } from '../../../server/measurements/ingest.js';
import { rebuildAll } from '../../../server/measurements/rebuild.js';

describe.skipIf(TEST_DB !== 'postgres')('a server killed mid-stream', () => {
  let ctx: TestContext;
  let dataDir: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-crash-'));
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged point and, restarted, leaves every bucket equal to its recomputation from raw', async () => {
    const db = ctx.database.db;
    const tree = await plantTree(db, { inverters: 3 });
    const { key, prefix, hash } = newKey();
    await db.insert(ingestKeys).values({ plant: tree.plant, prefix, key_hash: hash });
    const env = { DATABASE_URL: ctx.database.url!, DATA_DIR: dataDir, ROLLUP_INTERVAL_MS: '20', RATE_LIMIT_MAX: '1000000' };

    let server = await startServer(env);
    // Four dataloggers' worth of pushers, each its own stretch of 5-minute points (October, so the
    // restart also moves them out of the default partition into a month of their own).
    const acked: { investor: number; ts: string }[] = [];
    let requests = 0;
    let killed = false;
    const pusher = async (n: number) => {
      for (let step = 0; !killed; step += 1) {
        const points = tree.investors.flatMap((inv) => [0, 1, 2].map((k) => ({
          investor: inv.id, ts: new Date(Date.UTC(2026, 9, 1 + n * 6) + ((step * 3 + k) * 5 * 60_000)).toISOString(),
          ac_power_w: 500 + ((step * 37 + k * 11 + inv.id) % 900), energy_total_wh: inv.id === tree.investors[0].id ? 1000 + (step * 3 + k) * 50 : null,
        })));
        try {
          const res = await fetch(`${server.url}/api/ingest/points`, {
            method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify({ points }),
          });
          if (res.status !== 200) throw new Error(`push answered ${res.status}: ${await res.text()}`);
          const body = await res.json() as { stored: number; duplicates: number };
          expect(body.stored + body.duplicates).toBe(points.length);
          acked.push(...points.map((p) => ({ investor: p.investor, ts: p.ts })));
          requests += 1;
        } catch (err) {
          if (!killed) throw err;
        }
      }
    };
    const pushing = Promise.all([0, 1, 2, 3].map(pusher));
    while (requests < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    killed = true;
    await server.kill();
    await pushing;
    expect(acked.length).toBeGreaterThanOrEqual(60 * 9);

    server = await startServer(env);
    try {
      const stale = async () => (await query(db, sql`select count(*)::int as n from rollup_stale`))[0].n as number;
      for (let waited = 0; (await stale()) > 0; waited += 100) {
        if (waited > 30_000) throw new Error(`the worker did not drain:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [found] = await query(db, sql`
        select count(*)::int as n from jsonb_to_recordset(${JSON.stringify(acked)}::jsonb) as a(investor int, ts timestamptz)
        join measurements m on m.investor_id = a.investor and m.ts = a.ts`);
      expect(found.n).toBe(acked.length);
      const [parts] = await query(db, sql`select count(*)::int as n from measurements_default`);
      expect(parts.n).toBe(0);

      const rollups = () => query(db, sql`
        select 'p' as level, plant_id as k, period, bucket::text as bucket, round(energy_wh::numeric, 6)::float8 as e, samples, max_power_w, last_counter_wh
        from plant_energy where plant_id = ${tree.plant}
        union all select 'i', investor_id, period, bucket::text, round(energy_wh::numeric, 6)::float8, samples, max_power_w, last_counter_wh
        from investor_energy e join investors i on i.id = e.investor_id where i.plant_id = ${tree.plant}
        order by 1, 2, 3, 4`);
      const drained = await rollups();
      expect(drained.length).toBeGreaterThan(0);
      await rebuildAll(db);
      expect(drained).toEqual(await rollups());
    } finally {
      await server.stop();
    }
  }, 120_000);
});
