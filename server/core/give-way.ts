/**
 * Background work that gives way to requests (the demo's history after `npm start`): between two of
 * its small pieces it waits until this process has no request in flight, so a request's queries never
 * queue behind more than the one piece under way. On PGlite the database runs on the event loop's own
 * thread, one statement at a time: without this a sign-in waited behind seconds of backfill.
 *
 * A piece waits MAX_WAIT_MS at most, so a steady stream of requests (or one that never ends: a
 * long-poll, a download) slows the background work down without stopping it.
 */
import type { FastifyInstance } from 'fastify';

/** Longest a piece of background work waits for the requests in flight to end. */
const MAX_WAIT_MS = 1000;

/** Resolves once the event loop has turned: timers, I/O and the requests' own callbacks run first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export type GiveWay = () => Promise<void>;

/**
 * Counts `app`'s requests in flight (from their arrival to the end of their response or of their
 * connection) and returns the wait background work calls between its pieces: a turn of the event
 * loop, then until no request is in flight (MAX_WAIT_MS at most). Register before the app is ready.
 */
export function givingWayTo(app: FastifyInstance): GiveWay {
  let inFlight = 0;
  let idle: (() => void)[] = [];
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) for (const resolve of idle.splice(0)) resolve();
    });
    done();
  });
  return async () => {
    await nextTurn();
    if (inFlight === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => { idle = idle.filter((r) => r !== done); resolve(); }, MAX_WAIT_MS);
      const done = () => { clearTimeout(timer); resolve(); };
      idle.push(done);
    });
    await nextTurn();
  };
}
