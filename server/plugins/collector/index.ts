/**
 * The Fronius collector, running with the app (started when the app is ready, stopped when it
 * closes), and what it reads (contract/collector.ts): GET /investor-all/microservice and
 * POST /investor-all/microservice/poll.
 */
import fp from 'fastify-plugin';
import { collectorApi, type FroniusDevices, type FroniusReading } from '../../../contract/collector.js';
import { route } from '../../core/route.js';
import type { Db } from '../../db/client.js';
import { createCollector, type DeviceState } from '../../measurements/fronius/collector.js';
import { storeReadings } from '../../measurements/store.js';
import { dataloggers } from './queries.js';

/**
 * Each reading becomes a stored point like any pushed or simulated one (rollups follow on ingest).
 * A device that reports no AC power (asleep at night) is producing nothing: 0 W.
 */
const storeReading = (db: Db) => async (investor: number, reading: FroniusReading) => {
  await storeReadings(db, [{
    investor,
    ts: new Date(reading.ts),
    status: reading.status,
    ac_power_w: reading.ac_power_w ?? 0,
    dc: reading.dc,
    energy_total_wh: reading.energy_total_wh,
    grid_import_w: reading.grid_import_w,
    grid_export_w: reading.grid_export_w,
    consumption_w: reading.consumption_w,
    battery_power_w: reading.battery_power_w,
    battery_soc: reading.battery_soc,
  }]);
};

/** Every inverter with a datalogger address, with what the collector last made of it (nothing yet for a changed address). */
function devices(rows: Awaited<ReturnType<typeof dataloggers>>, states: Map<number, DeviceState>): FroniusDevices {
  return {
    fronius: rows.map((row) => {
      const address = row.address.trim();
      const found = states.get(row.investor);
      const s = found && found.address === address && found.device_id === row.device_id ? found : null;
      const online = s && (s.last_success_at || s.last_error) ? s.online : null;
      return {
        ...row,
        address,
        online,
        status: online === null ? null : online ? s?.last_reading?.status ?? null : 'offline',
        last_success_at: s?.last_success_at ?? null,
        last_error: s?.last_error ?? null,
        last_error_kind: s?.last_error_kind ?? null,
        consecutive_failures: s?.consecutive_failures ?? 0,
        next_attempt_at: s?.next_attempt_at ?? null,
        reading: s?.last_reading ?? null,
      };
    }),
  };
}

export default fp(async (app) => {
  const collector = createCollector({
    db: app.db,
    log: app.log.child({ area: 'fronius-collector' }),
    intervalSeconds: app.config.collectorIntervalSeconds,
    timeoutMs: app.config.collectorTimeoutMs,
    onReading: storeReading(app.db),
  });
  app.addHook('onReady', async () => collector.start());
  app.addHook('onClose', async () => collector.stop());

  route(app, collectorApi.devices, async () => devices(await dataloggers(app.db), collector.states()));

  route(app, collectorApi.poll, async () => {
    await collector.pollNow({ force: true });
    return devices(await dataloggers(app.db), collector.states());
  });
}, { name: 'collector' });
