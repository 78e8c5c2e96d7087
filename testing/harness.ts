/**
 * A fresh database and app per test file, on the engine chosen by TEST_DB:
 * `pglite` (default; an in-memory PGlite loaded from a migrated template made once per run) or
 * `postgres` (a new database on the server at TEST_PG_URL, dropped afterwards).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../server/config.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { changeFeed, CHANGES_CHANNEL } from '../server/db/changes.js';
import { buildApp, type AppOptions } from '../server/app.js';
import { seedBase } from '../server/seed/base.js';
import { sql } from 'drizzle-orm';
import { users } from '../server/db/schema.js';
import { hashPassword } from '../server/core/passwords.js';
import type { Mailer, Mail } from '../server/core/mailer.js';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh database on the engine of TEST_DB (or `engine`, for suites about the PostgreSQL server
 * itself); on PostgreSQL, `url` says where (for a child process).
 */
export async function openTestDatabase(engine: 'pglite' | 'postgres' = TEST_DB): Promise<Database & { url?: string }> {
  if (engine === 'pglite') return openDatabase({});
  const { default: pg } = await import('pg');
  const name = `solar_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Mail captured in memory (suites that test SMTP itself start a real smtp-server instead). */
export class MemoryMailer implements Mailer {
  sent: Mail[] = [];
  async send(mail: Mail) { this.sent.push(mail); }
  close() {}
  last(to?: string) { return [...this.sent].reverse().find((m) => !to || m.to === to); }
}

export interface TestContext {
  app: FastifyInstance;
  database: Database & { url?: string };
  config: Config;
  mailer: MemoryMailer;
  /** Creates an active user directly in the database. */
  createUser(opts?: Partial<typeof users.$inferInsert> & { password?: string }): Promise<typeof users.$inferSelect & { plainPassword: string }>;
  /** Logs in through the API and returns the access token. */
  login(email: string, password: string): Promise<string>;
  /** Creates a user and returns it with a ready access token. */
  userWithToken(opts?: Partial<Omit<typeof users.$inferInsert, 'password'>>): Promise<{ user: typeof users.$inferSelect; token: string }>;
  /** fastify.inject with the bearer token set. */
  request(token: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  /**
   * Resolves once the app has heard every change committed so far, as another API process hears a
   * change: a suite that writes a cached table (users, sessions...) straight into the database awaits
   * it before the next request, since the notification arrives a moment after the commit.
   */
  changesHeard(): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * `opts.mailer` replaces the in-memory mailer; `opts.realMailer` lets the app build its own from the
 * config (SMTP_URL, or the outbox directory), as in production; `ctx.mailer` then stays empty.
 * `opts.webDir` serves a built web app from that directory, as `npm start` serves dist/;
 * `opts.firstView` gives the app the renderer of the monitoring page's first view, as `npm start` does
 * with the build's. `opts.logger`: the app's log (loggerOptions with a destination), for suites that read it.
 */
export async function createTestContext(env: Record<string, string> = {}, opts: { mailer?: Mailer; realMailer?: boolean; webDir?: string; firstView?: AppOptions['firstView']; logger?: AppOptions['logger'] } = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-test-'));
  // ALARM_INTERVAL, REPORT_CHECK_INTERVAL, SOURCES_INTERVAL and WEB_PUSH_INTERVAL_MS 0: suites run the
  // alarm schedule, the monthly reports, the vendor accounts' readings and the Web Push outbox
  // themselves (tests/server/plugins/alarms, .../reports, .../web-push, tests/server/sources), never by a timer.
  const config = loadConfig({
    DATA_DIR: dataDir, JWT_SECRET: 'test-secret-that-is-long-enough-123456', RATE_LIMIT_MAX: '1000', ALARM_INTERVAL: '0', REPORT_CHECK_INTERVAL: '0', SOURCES_INTERVAL: '0',
    WEB_PUSH_INTERVAL_MS: '0', ...env,
  });
  const database = await openTestDatabase();
  await seedBase(database.db);
  const mailer = new MemoryMailer();
  const app = await buildApp({
    config, db: database.db, mailer: opts.realMailer ? undefined : opts.mailer ?? mailer, webDir: opts.webDir, firstView: opts.firstView, logger: opts.logger, checkReplies: true,
  });
  await app.ready();

  const ctx: TestContext = {
    app, database, config, mailer,
    async createUser({ password = 'secret12', ...fields } = {}) {
      counter += 1;
      const [user] = await database.db.insert(users).values({
        email: `user${counter}-${randomBytes(3).toString('hex')}@example.com`,
        first_name: `Nombre${counter}`, last_name: `Apellido${counter}`,
        is_active: true, ...fields, password: await hashPassword(password),
      }).returning();
      return { ...user, plainPassword: password };
    },
    async login(email, password) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/token', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json().access;
    },
    async userWithToken(fields = {}) {
      const user = await ctx.createUser(fields);
      return { user, token: await ctx.login(user.email, user.plainPassword) };
    },
    request(token, opts) {
      return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    },
    async changesHeard() {
      const feed = changeFeed(database.db);
      if (!feed || !(await feed.live())) return;
      // Notifications arrive in commit order: once this probe is heard, every earlier change was too.
      const probe = `probe:${randomBytes(4).toString('hex')}`;
      await new Promise<void>((resolve, reject) => {
        feed.on({ change: (table) => { if (table === probe) resolve(); }, lost: resolve });
        database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${probe})`).catch(reject);
      });
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ctx;
}

/** Builds a multipart/form-data body for inject: text fields and files ({filename, data}). */
export function multipart(fields: Record<string, string | number | boolean | { filename: string; data: Buffer; type?: string }>) {
  const boundary = `----solar${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'object') {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`));
      parts.push(value.data, Buffer.from('\r\n'));
    } else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest valid PNG (1x1), and bytes that only pretend to be an image. */
export const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const PDF_MIN = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const FAKE_PNG = Buffer.from('this is not really a png');
