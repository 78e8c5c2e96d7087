/**
 * How the settings rows and the communes reach the database. (The rest of the server reads the
 * settings through core/settings.ts.)
 */
import { naturalKey } from '../../db/sql.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { communes, settings } from '../../db/schema.js';
import { crudRows } from '../../core/crud.js';
import type { SettingsUpdate } from '../../../contract/settings.js';

export const communeRows = crudRows({
  table: communes,
  ordering: { name: naturalKey(communes.name), region: communes.region, id: communes.id },
  search: [communes.name, communes.region],
});

export const settingsRows = (db: Db) => db.select().from(settings).orderBy(settings.id);

export async function findSettings(db: Db, id: number) {
  const [row] = await db.select().from(settings).where(eq(settings.id, id));
  return row;
}

export async function updateSettings(db: Db, id: number, values: SettingsUpdate) {
  const [row] = await db.update(settings).set({ ...values, updated_at: new Date() }).where(eq(settings.id, id)).returning();
  return row;
}
