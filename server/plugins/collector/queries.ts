import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { investors, powerPlants } from '../../db/schema.js';
import { hasDatalogger } from '../../measurements/fronius/collector.js';

/** Every inverter the collector reads, with its plant and datalogger. */
export const dataloggers = (db: Db) => db.select({
  investor: investors.id, investor_name: investors.name, plant: powerPlants.id, plant_name: powerPlants.name,
  address: investors.datalogger_address, device_id: investors.device_id,
}).from(investors).innerJoin(powerPlants, eq(powerPlants.id, investors.plant)).where(hasDatalogger).orderBy(asc(investors.id));
