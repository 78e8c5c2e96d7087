/**
 * `npm run measurements:detach -- 2025-01`
 * Detaches the month's partition of the raw measurements (UTC month; docs/measurements.md): its
 * points leave the day curves and latest readings but stay in the table it names, to archive
 * (`pg_dump -t measurements_y2025m01`) and drop. The month's rollups stay: its totals still chart.
 * Uses the same database as `npm start` (DATABASE_URL, or the embedded one under DATA_DIR/db).
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { detachMonth } from '../measurements/partitions.js';

const USAGE = 'Uso: npm run measurements:detach -- AAAA-MM (un mes pasado, en UTC)';
const month = process.argv[2];
if (!month || process.argv.length > 3) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dir: path.join(config.dataDir, 'db') });
try {
  const table = await detachMonth(database.db, month);
  console.log(`Mes ${month} separado: sus lecturas quedan en la tabla ${table} (respáldela con pg_dump -t ${table} y luego DROP TABLE ${table}).`);
} catch (err) {
  console.error(`Error: ${(err as Error).message}\n${USAGE}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
