/**
 * Reference data every database needs, demo or production: the settings row, the notification
 * types, Chile's communes, the 'Alarma' ticket category (of the tickets made of alarms) and, in a
 * database without distributors, the default tariffs (seed/tariffs.ts, approximate until checked).
 * Idempotent: safe on every start.
 */
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { communes, notificationTypes, settings } from '../db/schema.js';
import { CHILE_COMMUNES } from './communes.js';
import { DEFAULT_CO2_FACTOR, DEFAULT_PORTAL_NAME, DEFAULT_TIME_ZONE } from '../core/settings.js';
import { alarmTicketCategory } from '../domain/alarms/queries.js';
import { seedTariffs } from './tariffs.js';

export const NOTIFICATION_TYPES = [
  { id: 1, name: 'Usuarios de una etiqueta' },
  { id: 2, name: 'Usuarios de un proyecto' },
  { id: 3, name: 'Usuarios seleccionados' },
];

export async function seedBase(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(settings);
  if (n === 0) await db.insert(settings).values({ name: DEFAULT_PORTAL_NAME, environnement_factor: DEFAULT_CO2_FACTOR, time_zone: DEFAULT_TIME_ZONE });
  await db.insert(notificationTypes).values(NOTIFICATION_TYPES).onConflictDoNothing();
  const rows = Object.entries(CHILE_COMMUNES).flatMap(([region, names]) => names.map((name) => ({ name, region })));
  for (let i = 0; i < rows.length; i += 200) {
    await db.insert(communes).values(rows.slice(i, i + 200)).onConflictDoNothing({ target: [communes.name, communes.region] });
  }
  await alarmTicketCategory(db);
  await seedTariffs(db);
}
