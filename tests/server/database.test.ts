/** The database connection survives the server dropping its idle connections (a restart, a terminate). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from './harness.js';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx?.close());

describe.runIf(TEST_DB === 'postgres')('on a PostgreSQL server', () => {
  it('keeps serving after the server terminates its idle connections', async () => {
    const { db } = ctx.database;
    await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
    const name = ((await db.execute(sql`select current_database() as name`)) as any).rows[0].name;
    // Another session ends every idle connection of this database, as a server restart would.
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    await admin.end();
    await new Promise((r) => setTimeout(r, 200));
    const res = await ctx.request(null, { method: 'POST', url: '/api/auth/token', payload: { email: 'nobody@example.com', password: 'x' } });
    expect(res.statusCode).toBe(400);
  });
});

describe.runIf(TEST_DB === 'pglite')('on embedded PGlite', () => {
  it('answers queries', async () => {
    const res = await ctx.database.db.execute(sql`select 1 as one`);
    expect((res as any).rows[0].one).toBe(1);
  });
});
