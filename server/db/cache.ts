/**
 * Per-process caches of values read from a few tables, each kept only while nothing changed in them:
 * every cache names the tables its values come from, and drops all it holds when the database's
 * change feed (./changes.ts: triggers NOTIFY at each commit, on every process) says one of them
 * changed, or that changes may have been missed (the LISTEN connection dropped; reads then go to the
 * database until it listens again). A value is kept from the moment its read starts, so a change
 * heard while it is being read drops it too: no copy older than a change survives it.
 *
 * The process that makes a change forgets at once (`forgetCaches`, called by the app after each
 * request that may write, server/app.ts), since its own notification reaches it only a moment
 * later. Another process forgets when it hears the change: milliseconds after the commit.
 * A transaction's handle has no feed: it reads the tables itself, inside the transaction.
 */
import type { Db } from './client.js';
import { changeFeed, type ChangeHandler } from './changes.js';

/** What a per-process cache of database values offers a write: to drop every value it keeps for `db`. */
export interface Forgetting { forget(db: Db): void }

export interface TableCache<K, V> extends Forgetting {
  /** The value under `key`: kept, or read by the cache's `load` (and kept while the feed is live). */
  get(db: Db, key: K): Promise<V>;
}

/** Every cache of the process (this module's and others', `forgetsOnWrite`), so that a write can drop them all. */
const caches = new Set<Forgetting>();

/** Makes `forgetCaches` drop `cache` too. */
export function forgetsOnWrite(cache: Forgetting) { caches.add(cache); }

/** Drops the values of every cache kept for `db` (after this process wrote to the tables they read). */
export function forgetCaches(db: Db) {
  for (const cache of caches) cache.forget(db);
}

/**
 * For a cache: `live(db)` says whether values read from `db` may be kept now (its change feed is
 * live), and from the first time it is asked for a database on, that feed's news goes to
 * `handler(db)`.
 */
export function whileHeard(handler: (db: Db) => ChangeHandler) {
  const watched = new WeakSet<Db>();
  return async function live(db: Db) {
    const feed = changeFeed(db);
    if (!feed || !(await feed.live())) return false;
    if (!watched.has(db)) {
      watched.add(db);
      feed.on(handler(db));
    }
    return true;
  };
}

/**
 * A cache of `load(db, key)`, dropped when any of `tables` changes. At most `max` values per
 * database; beyond, the oldest goes.
 */
export function tableCache<K, V>(tables: string[], load: (db: Db, key: K) => Promise<V>, max = 10_000): TableCache<K, V> {
  const kept = new WeakMap<Db, Map<K, Promise<V>>>();
  const forget = (db: Db) => { kept.get(db)?.clear(); };
  const live = whileHeard((db) => ({ change: (table) => { if (tables.includes(table)) forget(db); }, lost: () => forget(db) }));
  const cache: TableCache<K, V> = {
    async get(db, key) {
      if (!(await live(db))) return load(db, key);
      let values = kept.get(db);
      if (!values) kept.set(db, values = new Map());
      let value = values.get(key);
      if (!value) {
        if (values.size >= max) values.delete(values.keys().next().value as K);
        const map = values;
        const loading = load(db, key);
        map.set(key, loading);
        loading.catch(() => { if (map.get(key) === loading) map.delete(key); });
        value = loading;
      }
      return value;
    },
    forget,
  };
  forgetsOnWrite(cache);
  return cache;
}
