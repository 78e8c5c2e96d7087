/**
 * `npm run create-admin`: the command, run as an operator would, on the database the API then uses
 * (a PostgreSQL server database with TEST_DB=postgres, else the embedded one under DATA_DIR/db).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema.js';
import { openDatabase, type Db } from '../../../server/db/client.js';
import { loadConfig } from '../../../server/config.js';
import { buildApp } from '../../../server/app.js';
import { MemoryMailer, openTestDatabase, TEST_DB } from '../../../testing/harness.js';

describe('npm run create-admin', () => {
  const run = promisify(execFile);
  const cli = (env: Record<string, string>, args: string[]) => run(path.resolve('node_modules/.bin/tsx'), ['server/cli/create-admin.ts', ...args], {
    env: { ...process.env, ...env, NODE_ENV: 'development' }, cwd: path.resolve('.'),
  });

  it('creates an administrator who signs in through the API, then promotes and resets an existing account', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-cli-'));
    // On PostgreSQL the command and the API share a server database; on PGlite, the files under DATA_DIR/db.
    const server = TEST_DB === 'postgres' ? await openTestDatabase() : null;
    const env: Record<string, string> = server ? { DATABASE_URL: server.url!, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
    /** The API on that same database, while the command is not running (PGlite has one process at a time). */
    const withApi = async (fn: (app: FastifyInstance, db: Db) => Promise<void>) => {
      const database = server ?? await openDatabase({ dir: path.join(dataDir, 'db') });
      const app = await buildApp({ config: loadConfig({ ...env, JWT_SECRET: 'test-secret-that-is-long-enough-123456' }), db: database.db, mailer: new MemoryMailer() });
      try { await fn(app, database.db); } finally {
        await app.close();
        if (!server) await database.close();
      }
    };
    const signIn = (app: FastifyInstance, email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/token', payload: { email, password } });
    try {
      const out = await cli(env, ['--email', 'Jefa@Example.com', '--password', 'admin123', '--first-name', 'Jefa', '--last-name', 'Planta']);
      expect(out.stdout).toContain('jefa@example.com');

      const bad = await cli(env, ['--email', 'no-es-correo', '--password', 'admin123']).catch((e) => e);
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toContain('correo');
      const short = await cli(env, ['--email', 'x@example.com', '--password', '12']).catch((e) => e);
      expect(short.code).not.toBe(0);
      expect(short.stderr).toContain('Debe tener entre 4 y 16 caracteres');

      await withApi(async (app, db) => {
        const res = await signIn(app, 'jefa@example.com', 'admin123');
        expect(res.statusCode).toBe(200);
        const me = (await app.inject({ method: 'GET', url: '/api/my-profile', headers: { authorization: `Bearer ${res.json().access}` } })).json();
        expect(me).toMatchObject({ email: 'jefa@example.com', first_name: 'Jefa', last_name: 'Planta', is_staff: true, is_superuser: true });
        expect(await db.select().from(users).where(eq(users.email, 'x@example.com'))).toHaveLength(0);
        await db.insert(users).values({ email: 'tecnico@example.com', password: null, is_active: false });
      });

      const promoted = await cli(env, ['--email', 'TECNICO@example.com', '--password', 'tecnico1']);
      expect(promoted.stdout).toContain('promovido');
      await withApi(async (app, db) => {
        expect((await signIn(app, 'tecnico@example.com', 'tecnico1')).statusCode).toBe(200);
        const [row] = await db.select().from(users).where(eq(users.email, 'tecnico@example.com'));
        expect(row).toMatchObject({ is_active: true, is_staff: true, is_superuser: true });
      });
    } finally {
      await server?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
