/**
 * Web Push's outbox: a message for a user becomes one row per device of theirs, written with the event
 * it tells of (in the event's transaction when there is one), and sent later by ./delivery.ts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { webPushOutbox, webPushSubscriptions } from '../../db/schema.js';
import { name } from '../../db/sql.js';

/** What the service worker shows, and the page a tap opens (under /app/). */
export interface PushMessage { title: string; body: string; url: string; tag: string }

/** A message stays readable on a phone's lock screen; the page holds the rest. */
const BODY_MAX = 240;

/**
 * Queues `message` for every device of `users`; `alarmClosings`: only the devices that asked to hear
 * of alarms clearing.
 */
export async function enqueuePush(db: Db | Tx, users: number[], message: PushMessage, opts: { alarmClosings?: boolean } = {}) {
  if (!users.length) return;
  const payload = { ...message, body: message.body.length > BODY_MAX ? `${message.body.slice(0, BODY_MAX - 1)}…` : message.body };
  const s = webPushSubscriptions;
  await db.execute(sql`
    insert into ${webPushOutbox} (${name(webPushOutbox.subscription)}, ${name(webPushOutbox.payload)})
    select ${s.id}, ${JSON.stringify(payload)}::jsonb from ${s}
    where ${and(inArray(s.user, users), opts.alarmClosings ? eq(s.alarm_closings, true) : undefined)}`);
}
