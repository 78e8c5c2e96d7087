/**
 * Where @fastify/rate-limit keeps its counts (server/plugins/auth/limits.ts decides what is counted),
 * so that every API process sharing a database counts the same attempts:
 * - Redis when REDIS_URL is set: the library's own Redis store (an atomic Lua INCR + PEXPIRE) over ioredis,
 *   whose failures (Redis down, gone, or too slow) become ServiceUnavailable: a 503, never a 500 or a hang;
 * - otherwise, on a PostgreSQL server, the table rate_limit_hits (one upsert per count);
 * - on PGlite, which one process owns, the library's in-memory store.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Redis } from 'ioredis';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { isEmbedded, type Db } from '../db/client.js';
import { rateLimitHits } from '../db/schema.js';
import { epochMs } from '../db/sql.js';
import { ServiceUnavailable } from './errors.js';

type Count = { current: number; ttl: number };
type Done = (err: Error | null, result?: Count) => void;

/** A store as @fastify/rate-limit calls it. */
interface Store {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  read(key: string, done: Done, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}

/** The library's Redis store (CommonJS, without typings of its own). */
const LibraryRedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as
  new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => Store;

/** `inner` with its errors as ServiceUnavailable (the error handler's 503). */
function unavailableAsService(inner: Store): Store {
  const guard = (done: Done): Done => (err, result) => done(err && new ServiceUnavailable('Redis', err), result);
  return {
    incr: (key, done, timeWindow, max) => inner.incr(key, guard(done), timeWindow, max),
    read: (key, done, timeWindow, max) => inner.read(key, guard(done), timeWindow, max),
    child: (routeOptions) => unavailableAsService(inner.child(routeOptions)),
  };
}

/**
 * The rate-limit store on Redis. ioredis is told not to wait long: a command fails after 2 s, or
 * after one reconnection attempt that failed, instead of queueing while Redis is away; it keeps
 * reconnecting meanwhile, so counting resumes by itself when Redis is back.
 */
function redisStore(app: FastifyInstance, url: string, nameSpace: string) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2_000, connectTimeout: 2_000 });
  // Said once per outage (ioredis emits an error at every reconnection attempt).
  let down = false;
  redis.on('error', (err) => { if (!down) app.log.warn(`Redis unreachable, rate-limited requests answer 503: ${err.message}`); down = true; });
  redis.on('ready', () => { if (down) app.log.info('Redis reachable again'); down = false; });
  app.addHook('onClose', async () => { await redis.quit().catch(() => redis.disconnect()); });
  return class RedisRateLimitStore {
    constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
      return unavailableAsService(new LibraryRedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace));
    }
  };
}

/** Expired counts are deleted at most this often, by whichever process counts next. */
const PRUNE_EVERY_MS = 60_000;

/** Milliseconds left until `expires_at` (never negative). */
const ttl = sql<number>`greatest(${epochMs(rateLimitHits.expires_at)} - ${epochMs(sql`now()`)}, 0)`;

/**
 * The row's key: a digest of the limiter's, which holds what the client sent (an e-mail address may
 * carry a NUL, which PostgreSQL text refuses) and should not sit in the table in clear.
 */
const rowKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The rate-limit store on PostgreSQL: the count of each key and window in a row of rate_limit_hits. */
export function postgresStore(db: Db) {
  let prunedAt = 0;
  const prune = () => {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    db.delete(rateLimitHits).where(lt(rateLimitHits.expires_at, sql`now()`)).catch(() => { prunedAt = 0; });
  };
  return class PostgresRateLimitStore {
    /** One count more under `key`; a window over (or none yet) starts again at 1 for `timeWindow` ms. */
    incr(key: string, done: Done, timeWindow: number) {
      const expired = sql`${rateLimitHits.expires_at} <= now()`;
      db.insert(rateLimitHits).values({ key: rowKey(key), hits: 1, expires_at: sql`now() + ${timeWindow} * interval '1 millisecond'` })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
            expires_at: sql`case when ${expired} then excluded.expires_at else ${rateLimitHits.expires_at} end`,
          },
        })
        .returning({ current: rateLimitHits.hits, ttl })
        .then(([row]) => done(null, row), (err) => done(err));
      prune();
    }

    /** The count under `key`, unchanged (0 when its window is over). */
    read(key: string, done: Done) {
      db.select({ current: rateLimitHits.hits, ttl }).from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, rowKey(key)), gt(rateLimitHits.expires_at, sql`now()`)))
        .then(([row]) => done(null, row ?? { current: 0, ttl: 0 }), (err) => done(err));
    }

    /** Limiters differ by their keys (limits.ts names the route in each), so they share one table. */
    child() { return new PostgresRateLimitStore(); }
  };
}

/** The rate-limit plugin's options for this app's database and config; registers the closing of a Redis connection. */
export function rateLimitOptions(app: FastifyInstance): RateLimitPluginOptions {
  const { redisUrl, redisPrefix } = app.config;
  if (redisUrl) return { global: false, store: redisStore(app, redisUrl, `${redisPrefix}rate-limit:`) as unknown as RateLimitPluginOptions['store'] };
  if (!isEmbedded(app.db)) return { global: false, store: postgresStore(app.db) as unknown as RateLimitPluginOptions['store'] };
  return { global: false };
}
