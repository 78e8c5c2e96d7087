/** Ingest keys as staff manage them (what a push asks of them: server/domain/ingest.ts). */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ingestKeys } from '../../db/schema.js';

/** What a key's list shows: everything but its hash. */
const keyColumns = {
  id: ingestKeys.id, plant: ingestKeys.plant, name: ingestKeys.name, prefix: ingestKeys.prefix,
  created_at: ingestKeys.created_at, last_used_at: ingestKeys.last_used_at,
};

export async function insertKey(db: Db, key: { plant: number; name: string; prefix: string; hash: string; createdBy: number }) {
  const [row] = await db.insert(ingestKeys).values({
    plant: key.plant, name: key.name, prefix: key.prefix, key_hash: key.hash, created_by: key.createdBy,
  }).returning(keyColumns);
  return row;
}

export const keysOf = (db: Db, plant: number) =>
  db.select(keyColumns).from(ingestKeys).where(eq(ingestKeys.plant, plant)).orderBy(asc(ingestKeys.id));

/** Deletes a key; false when there was none. */
export async function deleteKey(db: Db, id: number) {
  const gone = await db.delete(ingestKeys).where(eq(ingestKeys.id, id)).returning({ id: ingestKeys.id });
  return gone.length > 0;
}
