/**
 * The per-process caches of sessions and plant scopes (server/db/cache.ts, used by
 * server/core/access.ts and the monitoring calls): an ended session or a removed project
 * membership takes effect on the next request, whether the change came through this process, was
 * written to the database directly, or came through a second process on the same PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { openDatabase, type Database } from '../../../server/db/client.js';
import { createTestContext, MemoryMailer, openTestDatabase, TEST_DB, type TestContext } from '../../../testing/harness.js';
import { users } from '../../../server/db/schema.js';
import { seedBase } from '../../../server/seed/base.js';
import { hashPassword } from '../../../server/core/passwords.js';
import { plantTree } from '../../../testing/fixtures.js';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const snapshot = (app: FastifyInstance, token: string, plant: number) =>
  app.inject({ method: 'GET', url: `/api/v2/last/measurement/all/data/${plant}`, headers: { authorization: `Bearer ${token}` } });

/** A customer signed in (through the suite's app) and a plant of a project they belong to. */
async function customerWithPlant() {
  const user = await ctx.createUser();
  const { access: token, refresh } = (await ctx.app.inject({ method: 'POST', url: '/api/auth/token', payload: { email: user.email, password: user.plainPassword } })).json();
  const tree = await plantTree(ctx.database.db, { user: user.id });
  return { user, token, refresh, tree };
}

describe('in one process', () => {
  it('ends a session at once (logout), though the session was cached', async () => {
    const { token, refresh, tree } = await customerWithPlant();
    for (let i = 0; i < 2; i++) expect((await snapshot(ctx.app, token, tree.plant)).statusCode).toBe(200);
    expect((await ctx.request(token, { method: 'POST', url: '/api/auth/logout', payload: { refresh } })).statusCode).toBe(204);
    expect((await snapshot(ctx.app, token, tree.plant)).statusCode).toBe(401);
  });

  it('hides a plant at once when the membership is removed in the database, though the scope was cached', async () => {
    const { user, token, tree } = await customerWithPlant();
    for (let i = 0; i < 2; i++) expect((await snapshot(ctx.app, token, tree.plant)).statusCode).toBe(200);
    await ctx.database.db.execute(sql`delete from project_users where user_id = ${user.id}`);
    if (TEST_DB === 'postgres') await expect.poll(async () => (await snapshot(ctx.app, token, tree.plant)).statusCode).toBe(404);
    // PGlite hears its own change before the write returns.
    else expect((await snapshot(ctx.app, token, tree.plant)).statusCode).toBe(404);
    await ctx.database.db.execute(sql`insert into project_users (project_id, user_id) values (${tree.project}, ${user.id})`);
    await expect.poll(async () => (await snapshot(ctx.app, token, tree.plant)).statusCode).toBe(200);
  });
});

describe('two processes on one PostgreSQL', () => {
  let database: Database & { url?: string };
  let second: Database;
  let apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await seedBase(database.db);
    second = await openDatabase({ databaseUrl: database.url! });
    apps = await Promise.all([database, second].map(async (d) => {
      const app = await buildApp({ config: ctx.config, db: d.db, mailer: new MemoryMailer() });
      await app.ready();
      return app;
    }));
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await second?.close();
    await database?.close();
  });

  it('a session ended through the other process, and a membership removed by it, take effect on the next requests', async () => {
    const [a, b] = apps;
    const email = `cache-${Date.now()}@example.com`;
    const [{ id }] = await database.db.insert(users).values({ email, first_name: 'C', last_name: 'C', is_active: true, password: await hashPassword('secret12') }).returning();
    const tree = await plantTree(database.db, { user: id });
    const login = async () => (await a.inject({ method: 'POST', url: '/api/auth/token', payload: { email, password: 'secret12' } })).json() as { access: string; refresh: string };

    const { access: token, refresh } = await login();
    for (let i = 0; i < 2; i++) expect((await snapshot(a, token, tree.plant)).statusCode).toBe(200);
    // The membership removed through the other process's pool.
    await second.db.execute(sql`delete from project_users where user_id = ${id}`);
    await expect.poll(async () => (await snapshot(a, token, tree.plant)).statusCode, { timeout: 2000, interval: 5 }).toBe(404);

    await second.db.execute(sql`insert into project_users (project_id, user_id) values (${tree.project}, ${id})`);
    await expect.poll(async () => (await snapshot(a, token, tree.plant)).statusCode, { timeout: 2000, interval: 5 }).toBe(200);
    // Logged out through the other process.
    expect((await b.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh }, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(204);
    await expect.poll(async () => (await snapshot(a, token, tree.plant)).statusCode, { timeout: 2000, interval: 5 }).toBe(401);
    expect((await snapshot(a, (await login()).access, tree.plant)).statusCode).toBe(200);
  });
});
