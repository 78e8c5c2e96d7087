import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { communes, powerPlants } from '../../db/schema.js';
import { ApiError } from '../../core/errors.js';

export type Plant = typeof powerPlants.$inferSelect;

/** Where to ask the forecast for: the plant's coordinates, or its commune's name; a 400 when it has neither. */
export async function placeOf(db: Db, plant: Plant): Promise<string> {
  if (plant.latitude != null && plant.longitude != null) return `${plant.latitude},${plant.longitude}`;
  const [commune] = plant.commune != null ? await db.select({ name: communes.name }).from(communes).where(eq(communes.id, plant.commune)) : [];
  if (!commune) throw new ApiError(400, { detail: 'La central no tiene coordenadas ni comuna para consultar el tiempo.', code: 'weather_no_location' });
  return `${commune.name}, Chile`;
}
