/**
 * The portal's settings (one row): its name, the CO2 factor and the time zone of every chart's day.
 * The one place that reads them for the rest of the server.
 */
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings } from '../db/schema.js';

export const DEFAULT_TIME_ZONE = 'America/Santiago';
export const DEFAULT_PORTAL_NAME = 'Portal Solar';
/** kg of CO2 avoided per kWh produced, until staff set their own. */
export const DEFAULT_CO2_FACTOR = 0.4;

export interface PortalSettings {
  /** The product name in mails and pages. */
  name: string;
  /** IANA zone: day, month and year boundaries of every measurement. */
  timeZone: string;
  /** kg of CO2 avoided per kWh produced. */
  co2Factor: number;
}

export async function readSettings(db: Db): Promise<PortalSettings> {
  const [row] = await db.select().from(settings).orderBy(asc(settings.id)).limit(1);
  return {
    name: row?.name || DEFAULT_PORTAL_NAME,
    timeZone: row?.time_zone || DEFAULT_TIME_ZONE,
    co2Factor: row?.environnement_factor ?? DEFAULT_CO2_FACTOR,
  };
}
