/**
 * The rate limits on Redis (server/core/rate-limit-store.ts) while Redis is down or goes away: the
 * throttled requests answer a 503 in the DRF shape with Retry-After, quickly, and count again by
 * themselves once Redis is back. "Down" is a closed port; "goes away" is a redis-server of this
 * test's own, killed and started again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { SERVICE_UNAVAILABLE } from '../../../server/core/errors.js';
import { createTestContext, MemoryMailer, type TestContext } from '../../../testing/harness.js';

const REDIS_PORT = Number(process.env.TEST_REDIS_SPARE_PORT ?? 6390);

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

/** An app on the suite's database whose rate limits count in the Redis at `url`. */
async function appOnRedis(url: string) {
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: ctx.config.dataDir, JWT_SECRET: ctx.config.jwtSecret, REDIS_URL: url, REDIS_PREFIX: `test-${process.pid}-${Date.now()}:` }),
    db: ctx.database.db, mailer: new MemoryMailer(),
  });
  await app.ready();
  return app;
}

/** A failed login: counted by the limits, a 400 when counted. */
const failedLogin = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/auth/token', payload: { email: 'nobody@example.com', password: 'wrong-pass' } });

function expectUnavailable(res: Awaited<ReturnType<typeof failedLogin>>) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ detail: SERVICE_UNAVAILABLE });
  expect(res.headers['retry-after']).toBe('5');
}

/** A redis-server of this test's own on REDIS_PORT, without persistence; resolves once it accepts connections. */
async function startRedis(): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(REDIS_PORT), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => { out += chunk; if (out.includes('Ready to accept connections')) resolve(); });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return child;
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

describe('rate limits on Redis', () => {
  it('answer 503 with Retry-After, at once, while Redis is down', async () => {
    const app = await appOnRedis('redis://127.0.0.1:1');
    try {
      for (let i = 0; i < 3; i++) expectUnavailable(await failedLogin(app));
      // Requests that are not rate-limited are not affected.
      expect((await app.inject({ method: 'POST', url: '/api/auth/token/refresh', payload: { refresh: 'not-a-token' } })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('answer 503 while Redis is away and count again by themselves when it is back', async () => {
    let redis = await startRedis();
    const app = await appOnRedis(`redis://127.0.0.1:${REDIS_PORT}`);
    try {
      expect((await failedLogin(app)).statusCode).toBe(400);

      await kill(redis);
      // The first request after the loss may still be in flight when the connection drops: all answer 503, none hangs.
      await vi.waitFor(async () => expectUnavailable(await failedLogin(app)), { timeout: 10_000, interval: 100 });
      expectUnavailable(await failedLogin(app));

      redis = await startRedis();
      await vi.waitFor(async () => expect((await failedLogin(app)).statusCode).toBe(400), { timeout: 15_000, interval: 200 });
    } finally {
      await app.close();
      await kill(redis);
    }
  });
});
