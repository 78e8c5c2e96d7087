/**
 * Web Push (RFC 8030, 8291, 8292): a signed-in user turns notifications on for a device (the browser's
 * push subscription), lists their devices and removes one. Each user sees and removes only their
 * own. What is sent and how: docs/notifications.md.
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './http.js';
import { IdParams, S } from './common.js';

/** A push service's URL for one device; browsers' are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2000;

/** The server's VAPID public key, what the browser subscribes with (`applicationServerKey`). */
export const WebPushKey = Type.Object({
  public_key: Type.String({ description: 'uncompressed P-256 point, base64url' }),
}, { title: 'WebPushKey' });
export type WebPushKey = Static<typeof WebPushKey>;

const base64url = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '^[A-Za-z0-9_-]+=*$' });

/** What `PushSubscription.toJSON()` gives, and whether alarms clearing are told too. */
export const WebPushSubscriptionBody = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX, format: 'uri', description: "the push service's URL for this device (https)" }),
  keys: Type.Object({
    p256dh: base64url(128),
    auth: base64url(64),
  }),
  alarm_closings: Type.Optional(Type.Boolean({ default: false, description: 'also tell when an alarm clears' })),
}, { title: 'WebPushSubscriptionBody' });
export type WebPushSubscriptionBody = Static<typeof WebPushSubscriptionBody>;

/** One of the user's devices; its endpoint and keys never leave the server. */
export const WebPushDevice = Type.Object({
  id: Type.Integer(),
  device: Type.String({ description: 'browser and system, from the user agent that subscribed' }),
  alarm_closings: Type.Boolean(),
  created_at: S.timestamp(),
}, { title: 'WebPushDevice' });
export type WebPushDevice = Static<typeof WebPushDevice>;

const tag = 'web-push';
export const webPushApi = {
  key: endpoint({
    method: 'GET', path: '/web-push/key', access: 'user', tag,
    summary: "The server's VAPID public key, to subscribe a device with", reply: { 200: WebPushKey },
  }),
  subscribe: endpoint({
    method: 'POST', path: '/web-push/devices', access: 'user', tag,
    summary: "Turn notifications on for this device (the browser's push subscription); again with the same endpoint, updates it",
    body: WebPushSubscriptionBody, reply: { 201: WebPushDevice },
  }),
  list: endpoint({
    method: 'GET', path: '/web-push/devices', access: 'user', tag,
    summary: "The signed-in user's devices with notifications on, newest first", reply: { 200: Type.Array(WebPushDevice) },
  }),
  remove: endpoint({
    method: 'DELETE', path: '/web-push/devices/:id', access: 'user', tag, params: IdParams,
    summary: 'Turn notifications off for one of your devices', reply: { 204: Type.Null() },
  }),
};
