/**
 * Per-minute limits on the calls someone would repeat to guess a password, enumerate accounts or
 * flood a mailbox: counted per client address AND per account (the e-mail or user id the call is
 * about), so neither many addresses against one account nor one address against many accounts
 * gets past `config.rateLimitMax` per minute.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../core/errors.js';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

async function check(limiter: Limiter, request: FastifyRequest, reply: FastifyReply) {
  const result = await limiter(request);
  if (!result.isAllowed && result.isExceeded) {
    reply.header('retry-after', result.ttlInSeconds);
    throw tooManyRequests();
  }
}

/**
 * Route hooks for one throttled route. The address is counted on request (even a malformed body
 * counts); the account once the body is parsed and valid. `accountOf` names the account, e.g. the
 * lower-cased e-mail of the body.
 */
export function throttle(app: FastifyInstance, accountOf: (request: FastifyRequest) => string | undefined) {
  const window = { max: app.config.rateLimitMax, timeWindow: 60_000 };
  const byAddress = app.createRateLimit({ ...window, keyGenerator: (request) => normalizeIP(request.ip) });
  const byAccount = app.createRateLimit({ ...window, keyGenerator: (request) => accountOf(request) ?? '' });
  return {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => check(byAddress, request, reply),
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (accountOf(request)) await check(byAccount, request, reply);
    },
  };
}

/** The lower-cased `email` of a JSON body, the account key of most throttled routes. */
export const bodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `email:${email.toLowerCase()}` : undefined;
};
