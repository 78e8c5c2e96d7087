/**
 * What the installed app keeps of a user's monitoring reads for when the network is gone
 * (docs/web.md, "Installable app"): the service worker (src/pwa/sw.ts) answers them from a cache of
 * that user's when the server cannot be reached, marked with the time it kept them; the page says
 * "last updated …" while what it shows came from there. Signing out or in forgets them all.
 */
/** The caches of kept reads, one per user: this prefix and the user's id. */
export const KEPT_CACHE = 'kept-reads-';
/** The header of an answer the service worker gave from its cache: when the server had given it (ISO). */
export const KEPT_AT = 'x-kept-at';

/** Deletes every user's kept reads (the page's CacheStorage is the service worker's). */
export async function forgetKept() {
  if (!globalThis.caches) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(KEPT_CACHE)).map((name) => caches.delete(name)));
}

let keptSince: string | null = null;
const listeners = new Set<() => void>();
const set = (value: string | null) => {
  if (value === keptSince) return;
  keptSince = value;
  listeners.forEach((listener) => listener());
};

/**
 * Notes where an API answer came from (http.ts, every answer): a kept one dates what the page shows
 * (the oldest kept answer since the network last answered), one from the network clears it.
 */
export function noteAnswer(response: Response) {
  const at = response.headers?.get(KEPT_AT);
  if (at) set(keptSince && keptSince < at ? keptSince : at);
  else if (response.ok) set(null);
}

/** Since when the figures shown are the kept ones (ISO), or null while the network answers. */
export const keptSinceNow = () => keptSince;

/** Calls `listener` when that changes; returns how to stop. (No React here: the monitoring page's early script carries this module.) */
export function onKeptChange(listener: () => void) {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}
