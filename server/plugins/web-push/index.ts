/**
 * Web Push: the signed-in user's devices (push subscriptions), and the worker that sends the outbox
 * in this process (server/domain/web-push/delivery.ts). Each user lists and removes only their own
 * devices. docs/notifications.md.
 */
import fp from 'fastify-plugin';
import { currentUser } from '../../core/access.js';
import { fieldError, notFound } from '../../core/errors.js';
import { everyInterval } from '../../core/jobs.js';
import { route } from '../../core/route.js';
import { deliverDue } from '../../domain/web-push/delivery.js';
import { webPushApi } from '../../../contract/web-push.js';
import { deviceName } from './device.js';
import { devicesOf, removeDevice, saveSubscription } from './queries.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export default fp(async (app) => {
  const { db, config } = app;

  route(app, webPushApi.key, async () => ({ public_key: config.vapidPublicKey }));

  route(app, webPushApi.subscribe, async (request, reply) => {
    const { endpoint, keys, alarm_closings = false } = request.body;
    // Browsers' push services are https; the server posts to whatever is stored, so nothing else is
    // taken, but a local push service outside production (the tests').
    const url = new URL(endpoint);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !config.production && LOOPBACK.has(url.hostname))) {
      throw fieldError('endpoint', 'Debe ser una dirección https.');
    }
    const device = deviceName(request.headers['user-agent']);
    return reply.status(201).send(await saveSubscription(db, currentUser(request).id, { endpoint, p256dh: keys.p256dh, auth: keys.auth, device, alarm_closings }));
  });

  route(app, webPushApi.list, (request) => devicesOf(db, currentUser(request).id));

  route(app, webPushApi.remove, async (request, reply) => {
    if (!await removeDevice(db, currentUser(request).id, request.params.id)) throw notFound();
    return reply.status(204).send(null);
  });

  everyInterval(app, config.webPushIntervalMs, () => deliverDue(app), 'web push delivery failed');
}, { name: 'web-push' });
