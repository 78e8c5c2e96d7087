/**
 * The monitoring page's first view (contract/first-view.ts, docs/web.md "First view"): the web app's
 * renderer draws the page for the caller, its reads sent into this API as requests of the caller's
 * own (the same routes, the same access rules: it can show nothing the caller could not read).
 * Drawing takes about a tenth of a second of this process's CPU: one at a time, a few waiting, and
 * past that a 503; and a user asking for more than a page's worth of reloads a minute gets a 429 (in
 * both cases the browser shows the app as it loads, without a first view).
 */
import fp from 'fastify-plugin';
import pLimit from 'p-limit';
import type { FastifyInstance } from 'fastify';
import { firstViewApi, type FirstViewRenderer } from '../../../contract/first-view.js';
import { ApiError, tooManyRequests } from '../../core/errors.js';
import { route } from '../../core/route.js';

export interface FirstViewOptions {
  /** Loads the web app's renderer (src/firstView/render.tsx, built for Node); none: no first views here. */
  loadRenderer?: () => Promise<{ renderMonitoring: FirstViewRenderer }>;
}

/** Drawings waiting beyond the one under way, at most. */
const MAX_WAITING = 4;
/** First views one user may ask for a minute (a question with bad input is answered 400 and not counted). */
const PER_USER_PER_MINUTE = 30;

const unavailable = (detail: string) => new ApiError(503, { detail });

/** fetch() for the renderer's calls (paths under /api): each one a request to this app, in process. */
export const inProcess = (app: FastifyInstance): typeof fetch => async (input, init = {}) => {
  const response = await app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: String(input),
    headers: Object.fromEntries(new Headers(init.headers).entries()),
    payload: typeof init.body === 'string' ? init.body : undefined,
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of [value].flat()) if (one !== undefined) headers.append(name, String(one));
  }
  const empty = response.statusCode === 204 || response.statusCode === 304;
  return new Response(empty ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
};

export default fp<FirstViewOptions>(async (app, { loadRenderer }) => {
  let renderer: ReturnType<NonNullable<typeof loadRenderer>> | undefined;
  const transport = inProcess(app);
  const oneAtATime = pLimit(1);
  /** The renderer, loaded once; a failed load is logged, answered 503 and tried again at the next request. */
  const load = (from: NonNullable<typeof loadRenderer>) => (renderer ??= from().catch((err) => {
    renderer = undefined;
    app.log.error({ err }, 'the first-view renderer cannot be loaded');
    throw unavailable('Este servidor no dibuja vistas previas.');
  }));
  // Loaded as the server starts listening (the web app's code, a few megabytes), not by the first
  // visitor's request, which it held back by seconds.
  if (loadRenderer) app.addHook('onListen', async () => { load(loadRenderer).catch(() => undefined); });

  const perUser = app.createRateLimit({ max: PER_USER_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => `first-view user:${request.user!.id}` });

  route(app, firstViewApi.monitoring, async (request) => {
    if (!loadRenderer) throw unavailable('Este servidor no dibuja vistas previas.');
    if (oneAtATime.pendingCount >= MAX_WAITING) throw unavailable('El servidor está ocupado.');
    const { renderMonitoring } = await load(loadRenderer);
    return oneAtATime(() => renderMonitoring(request.query, request.headers.authorization!, transport));
  }, {
    // Counted once the question is known to be good, before anything is drawn.
    preHandler: async (request, reply) => {
      const count = await perUser(request);
      if (count.isAllowed || !count.isExceeded) return;
      reply.header('retry-after', count.ttlInSeconds);
      throw tooManyRequests();
    },
  });
}, { name: 'first-view' });
