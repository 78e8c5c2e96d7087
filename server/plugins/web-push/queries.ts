/** The web-push area's repository: a user's push subscriptions (devices). */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { webPushSubscriptions } from '../../db/schema.js';

const deviceFields = {
  id: webPushSubscriptions.id, device: webPushSubscriptions.device,
  alarm_closings: webPushSubscriptions.alarm_closings, created_at: webPushSubscriptions.created_at,
};

export interface NewSubscription { endpoint: string; p256dh: string; auth: string; device: string; alarm_closings: boolean }

/**
 * Stores `user`'s subscription; an endpoint already known (the same browser subscribing again, or
 * signed in as someone else now) becomes theirs with the new keys.
 */
export async function saveSubscription(db: Db, user: number, values: NewSubscription) {
  const [row] = await db.insert(webPushSubscriptions).values({ user, ...values })
    .onConflictDoUpdate({ target: webPushSubscriptions.endpoint, set: { user, ...values, created_at: new Date() } })
    .returning(deviceFields);
  return row;
}

export const devicesOf = (db: Db, user: number) =>
  db.select(deviceFields).from(webPushSubscriptions).where(eq(webPushSubscriptions.user, user))
    .orderBy(desc(webPushSubscriptions.created_at), desc(webPushSubscriptions.id));

/** Removes one of `user`'s devices; false when they have no such device. */
export async function removeDevice(db: Db, user: number, id: number): Promise<boolean> {
  const removed = await db.delete(webPushSubscriptions)
    .where(and(eq(webPushSubscriptions.id, id), eq(webPushSubscriptions.user, user))).returning({ id: webPushSubscriptions.id });
  return removed.length > 0;
}
