/**
 * Sending the outbox (./outbox.ts) to the push services, by a worker in every API process (started by
 * the web-push plugin). A worker takes a few due rows at a time with FOR UPDATE SKIP LOCKED and holds
 * them by moving their due time past its sending, so each message goes out once however many
 * processes look; sending happens off every request, each message with a timeout. The `web-push`
 * library encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID header (RFC 8292); the
 * request itself goes through fetch, which speaks http to a local push service as well as https.
 *
 *   2xx          delivered: the row goes
 *   404, 410     the device is gone (RFC 8030 §7.3): its subscription goes, with its rows
 *   429, 5xx,    tried again after WEB_PUSH_RETRY_MS, doubled at each try; given up after MAX_TRIES
 *   network, timeout
 *   other 4xx    refused for good (a message too large, keys that do not match): the row goes
 *
 * Logs name the subscription's id and the status, never its endpoint or keys.
 */
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { eq, sql } from 'drizzle-orm';
import { webPushOutbox, webPushSubscriptions } from '../../db/schema.js';
import { rows } from '../../db/sql.js';
import type { PushMessage } from './outbox.js';

/** Tries of one message before it is given up. */
export const MAX_TRIES = 5;
/** Rows one worker takes at a time. */
const BATCH = 20;
/** How long a push service may keep a message before dropping it, s (the TTL header): a day. */
const TTL_SECONDS = 24 * 3600;

interface Due { id: number; attempts: number; payload: PushMessage; subscription: number; endpoint: string; p256dh: string; auth: string }

type Outcome = 'sent' | 'gone' | 'retry' | 'refused';

/** Sends what is due until nothing is; answers how many messages were delivered. */
export async function deliverDue(app: FastifyInstance): Promise<number> {
  let sent = 0;
  for (let batch = await claim(app); batch.length; batch = await claim(app)) {
    const outcomes = await Promise.all(batch.map(async (due) => [due, await send(app, due)] as const));
    for (const [due, outcome] of outcomes) {
      await settle(app, due, outcome);
      if (outcome === 'sent') sent += 1;
    }
  }
  return sent;
}

/** Takes due rows, counting the try and holding them past the time their sending may take. */
function claim(app: FastifyInstance): Promise<Due[]> {
  const o = webPushOutbox;
  const s = webPushSubscriptions;
  const holdMs = 2 * app.config.webPushTimeoutMs + 5000;
  return rows<Due>(app.db, sql`
    update ${o} set attempts = ${o.attempts} + 1, due_at = now() + ${holdMs} * interval '1 millisecond'
    from ${s}
    where ${o.id} in (select id from ${o} where ${o.due_at} <= now() order by ${o.id} limit ${BATCH} for update skip locked)
      and ${s.id} = ${o.subscription}
    returning ${o.id} as id, ${o.attempts} as attempts, ${o.payload} as payload, ${s.id} as subscription,
      ${s.endpoint} as endpoint, ${s.p256dh} as p256dh, ${s.auth} as auth`);
}

async function send(app: FastifyInstance, due: Due): Promise<Outcome> {
  const { config } = app;
  try {
    const request = webpush.generateRequestDetails({ endpoint: due.endpoint, keys: { p256dh: due.p256dh, auth: due.auth } }, JSON.stringify(due.payload), {
      TTL: TTL_SECONDS,
      vapidDetails: { subject: config.vapidSubject, publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey },
    });
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([k]) => k.toLowerCase() !== 'content-length').map(([k, v]) => [k, String(v)]));
    const res = await fetch(request.endpoint, {
      method: request.method, headers, body: new Uint8Array(request.body!), signal: AbortSignal.timeout(config.webPushTimeoutMs),
    });
    await res.body?.cancel();
    if (res.ok) return 'sent';
    if (res.status === 404 || res.status === 410) return 'gone';
    if (res.status === 429 || res.status >= 500) {
      app.log.warn({ subscription: due.subscription, status: res.status, attempt: due.attempts }, 'web push: push service failed, will retry');
      return 'retry';
    }
    app.log.warn({ subscription: due.subscription, status: res.status }, 'web push: message refused by the push service');
    return 'refused';
  } catch (err) {
    // The error's name only: a network error's message or cause may quote the endpoint.
    app.log.warn({ subscription: due.subscription, error: (err as Error).name, attempt: due.attempts }, 'web push: push service unreachable, will retry');
    return 'retry';
  }
}

async function settle(app: FastifyInstance, due: Due, outcome: Outcome) {
  const { db, config } = app;
  if (outcome === 'gone') {
    await db.delete(webPushSubscriptions).where(eq(webPushSubscriptions.id, due.subscription));
  } else if (outcome === 'retry' && due.attempts < MAX_TRIES) {
    const waitMs = config.webPushRetryMs * 2 ** (due.attempts - 1);
    await db.update(webPushOutbox).set({ due_at: sql`now() + ${waitMs} * interval '1 millisecond'` }).where(eq(webPushOutbox.id, due.id));
  } else {
    if (outcome === 'retry') app.log.warn({ subscription: due.subscription, tries: due.attempts }, 'web push: message given up');
    await db.delete(webPushOutbox).where(eq(webPushOutbox.id, due.id));
  }
}
