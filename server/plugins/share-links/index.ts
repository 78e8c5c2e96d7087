/**
 * Share links (contract/share-links.ts, docs/share-links.md): who sees a plant makes, lists and
 * revokes its links; anyone holding one reads the plant's public figures with its token, from the
 * same snapshot and day curve as the plant's monitoring page.
 */
import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHARE_LINK_MAX_DAYS, shareLinkApi, type ShareProblem } from '../../../contract/share-links.js';
import type { CurvePoint } from '../../../contract/measurements.js';
import { ApiError, fieldError, notFound, tooManyRequests } from '../../core/errors.js';
import { currentUser } from '../../core/access.js';
import { route } from '../../core/route.js';
import { readSettings } from '../../core/settings.js';
import { visiblePlant } from '../../core/visibility.js';
import { plantSnapshot } from '../../domain/snapshot.js';
import { dayCurve } from '../../measurements/queries.js';
import { localPeriods } from '../../measurements/time.js';
import { insertLink, linkById, linkByTokenHash, linksOfPlant, markOpened, revokeLink, sharedPlant, stateOf } from './queries.js';

const DAY_MS = 86_400_000;
/** Reads of one address per minute on each public route: a lobby screen reads each once a minute. */
export const SHARE_READS_PER_MINUTE = 60;
/** How often a link's last opening is written at most. */
const OPENED_EVERY_MS = 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const PROBLEMS: Record<ShareProblem, [number, string]> = {
  unknown: [404, 'Este enlace no existe.'],
  expired: [410, 'Este enlace expiró.'],
  revoked: [410, 'Este enlace fue revocado.'],
};
const problem = (code: ShareProblem) => new ApiError(PROBLEMS[code][0], { detail: PROBLEMS[code][1], code });

export default fp(async (app) => {
  const { db } = app;

  route(app, shareLinkApi.list, async (request) => linksOfPlant(db, (await visiblePlant(request, request.params.id)).id));

  route(app, shareLinkApi.create, async (request, reply) => {
    const plant = await visiblePlant(request, request.params.id);
    const expires = new Date(request.body.expires_at);
    const now = Date.now();
    if (expires.getTime() <= now) throw fieldError('expires_at', 'La expiración debe ser futura.');
    if (expires.getTime() > now + SHARE_LINK_MAX_DAYS * DAY_MS) throw fieldError('expires_at', `Un enlace dura como máximo ${SHARE_LINK_MAX_DAYS} días.`);
    const token = randomBytes(32).toString('base64url');
    const link = await insertLink(db, {
      plant: plant.id, token_hash: hashOf(token), title: request.body.title?.trim() || null,
      created_by: currentUser(request).id, expires_at: expires,
    });
    return reply.status(201).send({ ...link, token });
  });

  route(app, shareLinkApi.revoke, async (request) => {
    const link = await linkById(db, request.params.id);
    if (!link) throw notFound();
    await visiblePlant(request, link.plant);
    await revokeLink(db, link.id);
    return (await linkById(db, link.id))!;
  });

  // Per address and route, in the rate-limit store every process shares: a token cannot be guessed
  // by trying, nor the figures read in a loop.
  const limiter = app.createRateLimit({
    max: SHARE_READS_PER_MINUTE, timeWindow: 60_000,
    keyGenerator: (request) => `${request.method} ${request.routeOptions.url} ip:${normalizeIP(request.ip)}`,
  });
  const throttle = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyRequests();
    }
  };

  /** When this process last wrote each link's opening. */
  const openedAt = new Map<number, number>();
  /** The plant of a working link, its opening noted; the page's reason otherwise. */
  async function openLink(token: string) {
    const link = await linkByTokenHash(db, hashOf(token));
    if (!link) throw problem('unknown');
    const state = stateOf(link);
    if (state !== 'active') throw problem(state);
    const now = Date.now();
    if (now - (openedAt.get(link.id) ?? 0) >= OPENED_EVERY_MS) {
      openedAt.set(link.id, now);
      await markOpened(db, link.id);
    }
    return link;
  }

  route(app, shareLinkApi.plant, async (request) => {
    const link = await openLink(request.params.token);
    const plant = await sharedPlant(db, link.plant);
    const s = await plantSnapshot(db, plant);
    return {
      name: link.title ?? plant.name,
      commune: plant.commune,
      capacity_kwp: s.capacity_kwp,
      timestamp: s.timestamp,
      online: s.online,
      power_w: s.power_w,
      energy_today_wh: s.energy_today_wh,
      energy_month_wh: s.energy_month_wh,
      co2_avoided_kg: { today: s.co2_avoided_kg.today, total: s.co2_avoided_kg.total },
      period: { time_zone: s.period.time_zone, today: s.period.today, month: s.period.month },
      expires_at: link.expires_at.toISOString(),
    };
  }, { onRequest: throttle });

  route(app, shareLinkApi.curve, async (request) => {
    const link = await openLink(request.params.token);
    const { timeZone } = await readSettings(db);
    // The monitoring page's curve of the plant's today, its production alone (no household flows).
    const curve = JSON.parse((await dayCurve(db, link.plant, timeZone, localPeriods(new Date(), timeZone).today)).text) as CurvePoint[];
    return curve.map(({ ts, power_w }) => ({ ts, power_w }));
  }, { onRequest: throttle });
}, { name: 'share-links' });
