/**
 * The portal's settings (one row): its name, the CO2 factor, the time zone of every chart's day and
 * the alarm thresholds (docs/alarms.md). The one place that reads them for the rest of the server.
 */
import { asc, getTableName } from 'drizzle-orm';
import { tableCache } from '../db/cache.js';
import type { Db } from '../db/client.js';
import { settings } from '../db/schema.js';
import { THRESHOLD_NAMES, type AlarmThresholds } from '../../contract/alarms.js';

export const DEFAULT_TIME_ZONE = 'America/Santiago';
/** The brand the web app shows for Chile (src/config/country.ts), until staff name the portal otherwise. */
export const DEFAULT_PORTAL_NAME = 'Solar Chile';
/** kg of CO2 avoided per kWh produced, until staff set their own. */
export const DEFAULT_CO2_FACTOR = 0.4;
/** The thresholds until staff set their own (the columns' defaults). */
export const DEFAULT_ALARM_THRESHOLDS: AlarmThresholds = {
  alarm_offline_minutes: 30, alarm_sibling_pct: 60, alarm_sibling_window_minutes: 60, alarm_sunny_kwh_per_kwp: 4, alarm_battery_min_kwh: 0.5,
  alarm_expected_pct: 50,
};

export interface PortalSettings {
  /** The product name in mails and pages. */
  name: string;
  /** IANA zone: day, month and year boundaries of every measurement. */
  timeZone: string;
  /** kg of CO2 avoided per kWh produced. */
  co2Factor: number;
  /** The alarm rules' thresholds (a plant may override each). */
  alarms: AlarmThresholds;
}

/** The settings, kept per process while the settings row does not change (server/db/cache.ts). */
const cached = tableCache([getTableName(settings)], (db: Db) => fetchSettings(db));

/**
 * The settings. Read once and kept per process while the database's change feed is live: a change
 * by any process (a trigger NOTIFYs at commit) drops the copy, and so does a dropped LISTEN
 * connection (reads go to the database until it listens again). A transaction's handle has no feed:
 * it reads the row itself, inside the transaction.
 */
export const readSettings = (db: Db): Promise<PortalSettings> => cached.get(db, null);

/** Drops this process's copy at once (after its own write, before the notification comes back). */
export const forgetSettings = (db: Db) => { cached.forget(db); };

async function fetchSettings(db: Db): Promise<PortalSettings> {
  const [row] = await db.select().from(settings).orderBy(asc(settings.id)).limit(1);
  return {
    name: row?.name || DEFAULT_PORTAL_NAME,
    timeZone: row?.time_zone || DEFAULT_TIME_ZONE,
    co2Factor: row?.environnement_factor ?? DEFAULT_CO2_FACTOR,
    alarms: Object.fromEntries(THRESHOLD_NAMES.map((k) => [k, row?.[k] ?? DEFAULT_ALARM_THRESHOLDS[k]])) as AlarmThresholds,
  };
}
