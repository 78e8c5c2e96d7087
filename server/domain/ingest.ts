/**
 * What every pushed message asks before its points are stored (HTTP push ingest, MQTT): the key it
 * comes with, and the inverters of the key's plant. Kept per process (server/db/cache.ts) until
 * `ingest_keys` or `investors` change (NOTIFY triggers, migration 0023_notify_ingest_tables), so a
 * one-point push does not pay two reads; a key revoked is refused as soon as the deletion is heard
 * (at once in the process that deleted it, a moment later in the others).
 *
 * When a key last delivered (shown on the plant's ways-in page) is written at most once a minute per
 * key and process, not at every push: the write costs as much as the push's own, and the page
 * speaks in minutes.
 */
import { eq, getTableName } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { tableCache } from '../db/cache.js';
import { ingestKeys, investors } from '../db/schema.js';
import { hashKey, type Inverters } from '../measurements/ingest.js';
import { unauthorized } from '../core/errors.js';

/** The most a push may carry, over HTTP (its body) or MQTT (a message's payload). */
export const INGEST_BODY_LIMIT = 16 * 1024 * 1024;

export interface IngestKeyRef { id: number; plant: number }

/** The key whose `column` holds a value, cached until ingest_keys changes. */
const keyBy = (column: typeof ingestKeys.key_hash | typeof ingestKeys.mqtt_topic_id) =>
  tableCache([getTableName(ingestKeys)], async (db: Db, value: string): Promise<IngestKeyRef | null> => {
    const [row] = await db.select({ id: ingestKeys.id, plant: ingestKeys.plant }).from(ingestKeys).where(eq(column, value));
    return row ?? null;
  });
const byHash = keyBy(ingestKeys.key_hash);
const byTopic = keyBy(ingestKeys.mqtt_topic_id);

const plantInverters = tableCache([getTableName(investors)], async (db: Db, plant: number): Promise<Inverters> => {
  const own = await db.select({ id: investors.id, serial: investors.serial_number }).from(investors).where(eq(investors.plant, plant));
  return { ids: new Set(own.map((i) => i.id)), bySerial: new Map(own.filter((i) => i.serial.trim()).map((i) => [i.serial.trim(), i.id])) };
});

/** The key with this hash (an X-Api-Key header's), if it exists. */
export const keyByHash = (db: Db, hash: string) => byHash.get(db, hash);

/** The key of an `X-Api-Key` header (push ingest, site agents), or a 401; the key itself is neither kept nor logged. */
export async function keyOfHeader(db: Db, header: string | string[] | undefined): Promise<IngestKeyRef> {
  if (typeof header !== 'string' || !header.trim()) throw unauthorized('Falta la clave de API (cabecera X-Api-Key).');
  const key = await keyByHash(db, hashKey(header.trim()));
  if (!key) throw unauthorized('Clave de API inválida o revocada.');
  return key;
}

/** The key whose MQTT topic id this is (the topic's middle level), if it exists. */
export const keyByTopic = (db: Db, topicId: string) => byTopic.get(db, topicId);

/** What an MQTT topic id looks like (migration 0027: 32 hex digits), checked before it is looked up. */
export const MQTT_TOPIC_ID = '[0-9a-f]{32}';

/** The inverters of a plant, by id and by serial number. */
export const invertersOf = (db: Db, plant: number) => plantInverters.get(db, plant);

const USE_NOTED_EVERY_MS = 60_000;
const noted = new WeakMap<Db, Map<string, number>>();

/** Writes that key `id` delivered through `way` now, unless this process wrote it less than a minute ago. */
export async function noteKeyUse(db: Db, id: number, way: 'http' | 'mqtt', now = Date.now()) {
  let last = noted.get(db);
  if (!last) noted.set(db, last = new Map());
  const at = last.get(`${way} ${id}`);
  if (at !== undefined && now - at < USE_NOTED_EVERY_MS) return;
  last.set(`${way} ${id}`, now);
  const column = way === 'http' ? { last_used_at: new Date(now) } : { mqtt_last_used_at: new Date(now) };
  await db.update(ingestKeys).set(column).where(eq(ingestKeys.id, id));
}
