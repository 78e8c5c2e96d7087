import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { investors, powerPlants } from '../../db/schema.js';
import { hasDatalogger } from '../../measurements/fronius/collector.js';

const dataloggerColumns = {
  investor: investors.id, investor_name: investors.name, plant: powerPlants.id, plant_name: powerPlants.name,
  address: investors.datalogger_address, device_id: investors.device_id,
};

/** Every inverter the collector reads, with its plant and datalogger. */
export const dataloggers = (db: Db) => db.select(dataloggerColumns)
  .from(investors).innerJoin(powerPlants, eq(powerPlants.id, investors.plant)).where(hasDatalogger).orderBy(asc(investors.id));

/** One inverter with its plant and datalogger (its address may be empty: not read), or none. */
export const dataloggerOf = (db: Db, investor: number) => db.select(dataloggerColumns)
  .from(investors).innerJoin(powerPlants, eq(powerPlants.id, investors.plant)).where(eq(investors.id, investor));
