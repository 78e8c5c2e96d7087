/**
 * `npm run measurements:repair-counters`
 * Clears the device counters of 0 stored before the portal knew them to be none (a sleeping Fronius
 * inverter's, docs/measurements.md "Counters") and computes again the energies they spoiled; the
 * rollup worker of a running server (or the next start) totals the hours again. Safe to run twice,
 * and while the server runs. Uses the same database as `npm start` (DATABASE_URL, or DATA_DIR/db).
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { repairSleepingCounters } from '../measurements/store.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dir: path.join(config.dataDir, 'db') });
try {
  const { inverters, points } = await repairSleepingCounters(database.db, (investor, changed) => {
    console.log(`Inversor ${investor}: ${changed} intervalos corregidos.`);
  });
  console.log(inverters
    ? `Listo: ${inverters} inversores revisados, ${points} intervalos corregidos. El servidor recalcula sus totales.`
    : 'No hay contadores en 0 guardados: nada que reparar.');
} catch (err) {
  console.error(`Error: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
