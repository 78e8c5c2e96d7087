/** Ingest keys, and the inverters a key's plant has. */
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { ingestKeys, investors, powerPlants } from '../../db/schema.js';
import { findVisible } from '../../core/crud.js';
import type { Inverters } from '../../measurements/ingest.js';

export const visiblePlant = (request: FastifyRequest, id: number) =>
  findVisible(request, powerPlants, id, 'plant') as Promise<typeof powerPlants.$inferSelect>;

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

/** The key with this hash, if it exists. */
export async function keyByHash(db: Db, hash: string) {
  const [row] = await db.select({ id: ingestKeys.id, plant: ingestKeys.plant }).from(ingestKeys).where(eq(ingestKeys.key_hash, hash));
  return row ?? null;
}

export async function keyUsed(db: Db, id: number) {
  await db.update(ingestKeys).set({ last_used_at: new Date() }).where(eq(ingestKeys.id, id));
}

/** The inverters of a plant, by id and by serial number. */
export async function invertersOf(db: Db, plant: number): Promise<Inverters> {
  const own = await db.select({ id: investors.id, serial: investors.serial_number }).from(investors).where(eq(investors.plant, plant));
  return { ids: new Set(own.map((i) => i.id)), bySerial: new Map(own.filter((i) => i.serial.trim()).map((i) => [i.serial.trim(), i.id])) };
}
