/**
 * The PostgreSQL server's connections (server/db/client.ts): without JIT compilation, which past its
 * cost threshold compiled every execution of our short statements (70 to 180 ms each, against under
 * 1 ms to run them, once a year of monthly partitions raised their estimated cost).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from '../../../testing/harness.js';
import type { Db } from '../../../server/db/client.js';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx?.close());

const jit = async (db: Db) => ((await db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] }).rows[0].jit;

describe.runIf(TEST_DB === 'postgres')('on a PostgreSQL server', () => {
  it('runs statements and transactions without JIT compilation', async () => {
    const { db } = ctx.database;
    expect(await jit(db)).toBe('off');
    expect(await db.transaction((tx) => jit(tx))).toBe('off');
  });
});
