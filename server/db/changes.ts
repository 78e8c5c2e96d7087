/**
 * Changes to cached tables, heard by every process on the database: triggers (migration
 * 0006_notify_changes) NOTIFY the channel `portal_changes` with the table's name at each commit that
 * changed it, and each process LISTENs (PostgreSQL: on a connection of its own, outside the pool;
 * PGlite: its `listen`, which hears the one process's own changes before the write even returns).
 * A cache keeps a value only while its feed is `live`: when the listening connection drops, the
 * notifications sent meanwhile are lost, so every cache is told (`lost`) and reads go to the
 * database until the feed listens again.
 */
import type { Db } from './types.js';

export const CHANGES_CHANNEL = 'portal_changes';

export interface ChangeHandler {
  /** `table` changed (a committed statement touched it). */
  change(table: string): void;
  /** Notifications may have been missed: forget everything. */
  lost(): void;
}

export interface ChangeFeed {
  /** Whether changes are heard now; tries to (re)connect when not, at most every few seconds. */
  live(): Promise<boolean>;
  on(handler: ChangeHandler): void;
  close(): Promise<void>;
}

const feeds = new WeakMap<object, ChangeFeed>();

/** The change feed of a database opened by server/db/client.ts (none for a transaction's handle). */
export const changeFeed = (db: Db): ChangeFeed | undefined => feeds.get(db);

export function registerChangeFeed(db: Db, feed: ChangeFeed) { feeds.set(db, feed); }

/** Calls every handler, so that one that throws does not deafen the others. */
function fanOut(handlers: Set<ChangeHandler>, call: (h: ChangeHandler) => void) {
  for (const handler of handlers) {
    try { call(handler); } catch (err) { console.warn(`change handler failed: ${(err as Error).message}`); }
  }
}

/** The feed of an embedded PGlite. */
export function pgliteFeed(pglite: import('@electric-sql/pglite').PGlite): ChangeFeed {
  const handlers = new Set<ChangeHandler>();
  let listening: Promise<boolean> | null = null;
  let unlisten: (() => Promise<void>) | undefined;
  return {
    live: () => (listening ??= pglite.listen(CHANGES_CHANNEL, (table) => fanOut(handlers, (h) => h.change(table)))
      .then((stop) => { unlisten = stop; return true; }, () => { listening = null; return false; })),
    on: (handler) => { handlers.add(handler); },
    async close() { await unlisten?.().catch(() => {}); },
  };
}

const RETRY_MS = 5_000;

/** The feed of a PostgreSQL server: one LISTEN connection, reopened on demand after it drops. */
export function postgresFeed(connectionString: string): ChangeFeed {
  const handlers = new Set<ChangeHandler>();
  let client: import('pg').Client | null = null;
  let connecting: Promise<boolean> | null = null;
  let failedAt = 0;
  let closed = false;

  const drop = (which: import('pg').Client) => {
    if (client !== which) return;
    client = null;
    fanOut(handlers, (h) => h.lost());
    which.end().catch(() => {});
  };

  const connect = async () => {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 5_000 });
    c.on('notification', (msg) => { if (client === c) fanOut(handlers, (h) => h.change(msg.payload ?? '')); });
    c.on('error', () => drop(c));
    c.on('end', () => drop(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch {
      c.end().catch(() => {});
      failedAt = Date.now();
      return false;
    }
    if (closed) { await c.end().catch(() => {}); return false; }
    client = c;
    return true;
  };

  return {
    async live() {
      if (client) return true;
      if (closed || Date.now() - failedAt < RETRY_MS) return false;
      connecting ??= connect().finally(() => { connecting = null; });
      return connecting;
    },
    on: (handler) => { handlers.add(handler); },
    async close() {
      closed = true;
      await connecting;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
