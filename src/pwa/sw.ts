/// <reference lib="webworker" />
/**
 * The installed app's service worker (docs/web.md, "Installable app"), built by vite-plugin-pwa
 * (injectManifest) into /sw.js with the list of the build's files:
 * - the app's shell (pages, scripts, styles, icons) precached, so the app opens with no network;
 * - the monitoring page's reads answered by the network, and from what was kept of them, per user,
 *   when it does not answer within a few seconds (marked with when they were kept);
 * - a new version waits until the page asks it to take over (the page's "Reload");
 * - pushed messages shown as notifications, opening their page when tapped.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { RouteHandlerCallback, WorkboxPlugin } from 'workbox-core';
import { KEPT_AT, KEPT_CACHE } from '../providers/kept';
import { isKeptRead } from '../providers/keptRoutes';
import { noticeOf, openNotice, pageFor, userOf } from './worker';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A navigation opens the built page the server would send there (precached), whatever the network does.
const pages = new Map<string, RouteHandlerCallback>();
const page = (path: string) => pages.get(path) ?? pages.set(path, createHandlerBoundToURL(path)).get(path)!;
registerRoute(new NavigationRoute((options) => page(pageFor(options.url.pathname))(options), { denylist: [/^\/api\//, /^\/media\//] }));

/** What is kept carries the time it was kept: an answer from the cache says so to the page. */
const stampKept: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const headers = new Headers(response.headers);
    headers.set(KEPT_AT, new Date().toISOString());
    // The body is decoded already.
    headers.delete('content-encoding');
    headers.delete('content-length');
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

/** How long the network has before the kept answer is given (s). */
const NETWORK_TIMEOUT_S = 3;
const keepers = new Map<string, NetworkFirst>();
/** Each user's reads in a cache of their own: one user's figures never answer another's request. */
const keeperOf = (user: string) => keepers.get(user) ?? keepers.set(user, new NetworkFirst({
  cacheName: `${KEPT_CACHE}${user}`,
  networkTimeoutSeconds: NETWORK_TIMEOUT_S,
  plugins: [stampKept, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
})).get(user)!;
registerRoute(
  ({ url }) => url.origin === self.location.origin && isKeptRead(url.pathname),
  (options) => {
    const user = userOf(options.request.headers.get('Authorization'));
    return user ? keeperOf(user).handle(options) : fetch(options.request);
  },
  'GET',
);

// workbox-window's messageSkipWaiting(), sent when the user agrees to reload on the new version.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first version takes the open pages at once (a later one only once the user agreed, then reloads).
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const { title, body, tag, url } = noticeOf(event.data, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, { body, tag, data: { url }, icon: '/icon-192.png', badge: '/icon-192.png' }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = event.notification.data as { url: string };
  event.waitUntil(openNotice(self.clients, url, self.location.origin));
});
