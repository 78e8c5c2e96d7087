/**
 * Per-minute limits on the calls someone would repeat to guess a password, enumerate accounts or
 * flood a mailbox. Every count lives in @fastify/rate-limit's store (`createRateLimit`), so moving
 * that store elsewhere moves all of them.
 *
 * Signup, password-reset mail and resend (`throttle`): every attempt counts, per client address AND
 * per account (the e-mail or user id the call is about), so neither many addresses against one
 * account nor one address against many accounts gets past `config.rateLimitMax` per minute.
 *
 * Login (`throttleLogins`) counts FAILED attempts, so that failures cannot lock the owner out:
 * - per address: at most `rateLimitMax` failures a minute, whatever the accounts;
 * - per account and per (account, address): once an account has had `rateLimitMax` failures in the
 *   minute, only addresses with no failure on it since their last success may still try. The owner,
 *   from their own address, signs in; each attacking address is down to one guess at it.
 * - a successful login clears its (account, address) failures (the address's stay).
 * An attempt counts as a failure from the moment it starts and a success gives it back, so a burst
 * of concurrent guesses is capped like a sequence. The per-minute counts are keyed by the minute,
 * which keeps an attempt and its success in the same count.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../core/errors.js';

const WINDOW_MS = 60_000;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

function refuse(reply: FastifyReply, retryAfterSeconds: number): never {
  reply.header('retry-after', retryAfterSeconds);
  throw tooManyRequests();
}

async function check(limiter: Limiter, request: FastifyRequest, reply: FastifyReply) {
  const result = await limiter(request);
  if (!result.isAllowed && result.isExceeded) refuse(reply, result.ttlInSeconds);
}

const addressOf = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * A count's key, named after its route: the shared stores (Redis, PostgreSQL) keep every limiter's
 * counts in one namespace, where signup's count of an address must not be reset's.
 */
const keyOf = (request: FastifyRequest, key: string) => `${request.method} ${request.routeOptions.url} ${key}`;

/**
 * Route hooks for one throttled route. The address is counted on request (even a malformed body
 * counts); the account once the body is parsed and valid. `accountOf` names the account, e.g. the
 * lower-cased e-mail of the body.
 */
export function throttle(app: FastifyInstance, accountOf: (request: FastifyRequest) => string | undefined) {
  const window = { max: app.config.rateLimitMax, timeWindow: WINDOW_MS };
  const byAddress = app.createRateLimit({ ...window, keyGenerator: (request) => keyOf(request, `ip:${addressOf(request)}`) });
  const byAccount = app.createRateLimit({ ...window, keyGenerator: (request) => keyOf(request, accountOf(request) ?? '') });
  return {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => check(byAddress, request, reply),
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (accountOf(request)) await check(byAccount, request, reply);
    },
  };
}

/**
 * Where one login attempt is counted: its minute, its address, its account, and its (account,
 * address) pair with the pair's successes so far (a success starts the pair on a fresh count).
 */
interface Attempt { minute: number; address: string; account?: string; pair?: string; pairCount?: string }

/**
 * Route hooks for the login route (see the module comment). A reply of 200 is a success; any other
 * answer leaves the attempt counted as a failure.
 */
export function throttleLogins(app: FastifyInstance, accountOf: (request: FastifyRequest) => string | undefined) {
  const max = app.config.rateLimitMax;
  const attempts = new WeakMap<FastifyRequest, Attempt>();
  // The store only counts; the caps are decided here, so its own cap is out of reach.
  const uncapped = Number.MAX_SAFE_INTEGER;
  const keys = new WeakMap<FastifyRequest, string>();
  const store = app.createRateLimit({ max: uncapped, timeWindow: WINDOW_MS, keyGenerator: (request) => keys.get(request)! });
  /** Adds one to `key` in the attempt's minute (or only reads it) and answers the count. */
  const count = async (request: FastifyRequest, key: string, add = true) => {
    keys.set(request, keyOf(request, `${key}@${attempts.get(request)!.minute}`));
    const result = await store(request, { increment: add });
    return result.isAllowed ? 0 : uncapped - result.remaining; // isAllowed: an allow-listed key (none here)
  };
  /** Counts this attempt under `key`; answers the earlier failures there (attempts minus successes, those under way included). */
  const failuresBefore = async (request: FastifyRequest, key: string) =>
    (await count(request, `try:${key}`)) - 1 - (await count(request, `ok:${key}`, false));
  const refuseUntilNextMinute = (request: FastifyRequest, reply: FastifyReply) =>
    refuse(reply, Math.ceil(((attempts.get(request)!.minute + 1) * WINDOW_MS - Date.now()) / 1000));

  return {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const attempt: Attempt = { minute: Math.floor(Date.now() / WINDOW_MS), address: `ip:${addressOf(request)}` };
      attempts.set(request, attempt);
      if ((await failuresBefore(request, attempt.address)) >= max) refuseUntilNextMinute(request, reply);
    },
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const attempt = attempts.get(request)!;
      const account = accountOf(request);
      if (!account) return;
      const pair = `${account}|${attempt.address}`;
      Object.assign(attempt, { account, pair, pairCount: `${pair}#${await count(request, `ok:${pair}`, false)}` });
      const onAccount = await failuresBefore(request, account);
      const fromHere = (await count(request, `try:${attempt.pairCount}`)) - 1;
      if (onAccount >= max && fromHere > 0) refuseUntilNextMinute(request, reply);
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const { address, account, pair } = attempts.get(request) ?? {};
      if (reply.statusCode === 200 && address && account && pair) {
        for (const key of [address, account, pair]) await count(request, `ok:${key}`);
      }
      return payload;
    },
  };
}

/**
 * A field of a request part (body, params) as sent, whatever the part is: the account hooks of a
 * throttle also run for a body that failed its schema (signup reports its errors itself).
 */
const sent = (part: unknown, name: string): unknown =>
  (typeof part === 'object' && part !== null ? Object.getOwnPropertyDescriptor(part, name)?.value : undefined);

/** The lower-cased `email` of a JSON body, the account key of most throttled routes. */
export const bodyEmail = (request: FastifyRequest) => {
  const email = sent(request.body, 'email');
  return typeof email === 'string' ? `email:${email.toLowerCase()}` : undefined;
};

/** The account id of the path (`:user_id`), the account key of resending an activation link. */
export const pathAccount = (request: FastifyRequest) => `user:${sent(request.params, 'user_id')}`;
