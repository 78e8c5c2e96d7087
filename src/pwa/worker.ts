/**
 * What the service worker (sw.ts) decides, apart from the browser's APIs so tests can run it: which
 * built page a navigation opens, whose kept reads a request may use, what a pushed message shows
 * and where tapping it leads.
 */
import { APP_START } from '../../contract/settings';

/**
 * The built page the server sends at this path (server/app.ts, `pagesOf`): the monitoring page's at
 * '/' and /app/monitoring, the admin's under /app/, index.html elsewhere.
 */
export function pageFor(pathname: string): string {
  if (pathname === '/' || pathname === APP_START || pathname.startsWith(`${APP_START}/`)) return '/app-monitoring.html';
  return pathname.startsWith('/app/') ? '/app.html' : '/index.html';
}

/**
 * The user a request's bearer token speaks for (its `sub`), read without checking the signature: it
 * only picks whose kept reads the request may be answered from, and the server checks every token
 * it is sent. Null when there is no readable token.
 */
export function userOf(authorization: string | null): string | null {
  const payload = /^Bearer [\w-]+\.([\w-]+)\.[\w-]+$/.exec(authorization ?? '')?.[1];
  if (!payload) return null;
  try {
    const { sub } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof sub === 'string' && /^\d+$/.test(sub) ? sub : null;
  } catch {
    return null;
  }
}

export interface PushedNotice {
  title: string;
  body?: string;
  tag?: string;
  /** The page it is about, a path of this site. */
  url: string;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * A pushed message's notice: the JSON {title, body, url, tag} the server sends (issue 37), the
 * message's text as the title otherwise. A url that is not a path of this site opens the monitoring
 * page: a notice never leads elsewhere.
 */
export function noticeOf(data: { json(): unknown; text(): string } | null, origin: string): PushedNotice {
  let message: Record<string, unknown> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === 'object') message = parsed as Record<string, unknown>;
  } catch {
    message = { title: data?.text() };
  }
  const url = text(message.url);
  const target = url && new URL(url, origin).origin === origin ? new URL(url, origin) : undefined;
  return {
    title: text(message.title) ?? '',
    body: text(message.body),
    tag: text(message.tag),
    url: target ? `${target.pathname}${target.search}${target.hash}` : APP_START,
  };
}

/**
 * Opens a notice's page: in a window of the app already open (taken there, then brought forward),
 * else in a new one.
 */
export async function openNotice(clients: Clients, url: string, origin: string) {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true }) as WindowClient[];
  const open = windows.find((w) => new URL(w.url).origin === origin);
  if (!open) return clients.openWindow(url);
  const moved = await open.navigate(new URL(url, origin).href);
  return (moved ?? open).focus();
}
