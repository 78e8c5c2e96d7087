/**
 * Cross-cutting probes of what protects the accounts beyond their rules: the token signing key
 * (production refuses a weak one, the key file, no string of the sources and no other key signs a
 * token the API accepts), security headers, CORS, and errors that give away no internals.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { buildApp } from '../../server/app.js';
import type { Db } from '../../server/db/client.js';
import { createTestContext, MemoryMailer, type TestContext } from '../../testing/harness.js';

let ctx: TestContext;
const extraApps: FastifyInstance[] = [];

beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await ctx?.close();
});

/** Another app on this file's database with other settings (cheaper than a second database). */
async function appWith(env: NodeJS.ProcessEnv, db: Db = ctx.database.db) {
  const app = await buildApp({ config: loadConfig({ DATA_DIR: ctx.config.dataDir, JWT_SECRET: ctx.config.jwtSecret, ...env }), db, mailer: new MemoryMailer() });
  await app.ready();
  extraApps.push(app);
  return app;
}

describe('responses', () => {
  it('carry the security headers, on success and on errors', async () => {
    for (const url of ['/api/my-profile', '/api/no-such-thing']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('an unexpected failure (the database is gone) is a 500 with a plain message and no internals', async () => {
    const { token } = await ctx.userWithToken();
    const fail = () => { throw new Error('connect ECONNREFUSED 10.9.9.9:5432 (user=solar password=hunter2)'); };
    const broken = { select: fail, insert: fail, update: fail, delete: fail, transaction: fail, execute: fail } as unknown as Db;
    const app = await appWith({}, broken);
    const res = await app.inject({ method: 'GET', url: '/api/my-profile', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Error interno del servidor.' });
    expect(res.body).not.toMatch(/ECONNREFUSED|hunter2|at .*\.ts/);
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', payload: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { non_field_errors: ['JSON mal formado.'] } });
  });
});

describe('configuration', () => {
  it('in production, refuses to start without a real JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short-secret' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).production).toBe(true);
  });

  const dirs: string[] = [];
  const tempDir = () => dirs[dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'solar-secret-'))) - 1];
  afterAll(() => { for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true }); });

  it('without JWT_SECRET, a random key is made at first start, kept in DATA_DIR/jwt-secret (0600) and reused', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'jwt-secret');
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(Buffer.from(first.jwtSecret, 'base64url')).toHaveLength(32);
    expect(fs.readFileSync(file, 'utf8')).toBe(first.jwtSecret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first.jwtSecret);
    // A session opened before a restart still works after it.
    const user = await ctx.createUser();
    const before = await appWith({ DATA_DIR: dataDir, JWT_SECRET: undefined });
    const { access } = (await before.inject({ method: 'POST', url: '/api/auth/token', payload: { email: user.email, password: user.plainPassword } })).json();
    const after = await appWith({ DATA_DIR: dataDir, JWT_SECRET: undefined });
    expect((await after.inject({ method: 'GET', url: '/api/my-profile', headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(200);
  });

  it('a JWT_SECRET given is the key, and no file is made', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'given-secret' }).jwtSecret).toBe('given-secret');
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('processes starting together on one DATA_DIR agree on one key', async () => {
    const dataDir = tempDir();
    const config = new URL('../../server/config.ts', import.meta.url).pathname;
    // Each process waits for the same instant, then loads the configuration.
    const at = Date.now() + 3000;
    const script = `const { loadConfig } = await import(${JSON.stringify(config)}); while (Date.now() < ${at}); process.stdout.write(loadConfig({ DATA_DIR: ${JSON.stringify(dataDir)} }).jwtSecret);`;
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    const keys = (await Promise.all([run(), run(), run(), run()])).map((r) => r.stdout);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'));
  });

  it('a token signed with another secret is refused', async () => {
    const user = await ctx.createUser();
    const other = await appWith({ JWT_SECRET: 'another-secret-that-is-long-enough-0000' });
    const { access } = (await other.inject({ method: 'POST', url: '/api/auth/token', payload: { email: user.email, password: user.plainPassword } })).json();
    expect((await ctx.request(access, { method: 'GET', url: '/api/my-profile' })).statusCode).toBe(401);
  });
  it('no string written in the server\'s sources signs a token the API accepts', async () => {
    const app = await appWith({ DATA_DIR: tempDir(), JWT_SECRET: undefined });
    const admin = await ctx.createUser({ is_staff: true, is_superuser: true });
    const login = await app.inject({ method: 'POST', url: '/api/auth/token', payload: { email: admin.email, password: admin.plainPassword } });
    // The administrator's own claims, signed again with each candidate key: only the key differs.
    const claims = decodeJwt(login.json().access);
    const usersWith = async (key: string) => {
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(key));
      return (await app.inject({ method: 'GET', url: '/api/get-users/', headers: { authorization: `Bearer ${token}` } })).statusCode;
    };
    expect(await usersWith(app.config.jwtSecret)).toBe(200);

    const literals = serverStringLiterals();
    expect(literals.size).toBeGreaterThan(500);
    const accepted: string[] = [];
    for (const literal of literals) {
      if (literal && (await usersWith(literal)) !== 401) accepted.push(literal);
    }
    expect(accepted).toEqual([]);
  });

  it('CORS answers only the configured origins', async () => {
    const app = await appWith({ CORS_ORIGINS: 'https://a.example' });
    const allowed = await app.inject({ method: 'GET', url: '/api/my-profile', headers: { origin: 'https://a.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://a.example');
    const preflight = await app.inject({ method: 'OPTIONS', url: '/api/auth/token', headers: { origin: 'https://a.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers['access-control-allow-origin']).toBe('https://a.example');
    const other = await app.inject({ method: 'GET', url: '/api/my-profile', headers: { origin: 'https://b.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // Without CORS_ORIGINS no other origin is answered at all.
    const none = await ctx.app.inject({ method: 'GET', url: '/api/my-profile', headers: { origin: 'https://a.example' } });
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
  });
});

/** Every string literal (and template text) in the .ts files under server/, read with the TypeScript parser. */
function serverStringLiterals(): Set<string> {
  const found = new Set<string>();
  const root = new URL('../../server/', import.meta.url).pathname;
  for (const file of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
