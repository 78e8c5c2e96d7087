/**
 * The Fronius collector, running with the app (started when the app is ready, stopped when it
 * closes), and what it reads (contract/collector.ts): GET /investor-all/microservice,
 * POST /investor-all/microservice/poll, and one inverter's at GET /investor/{id}/collector.
 */
import fp from 'fastify-plugin';
import { collectorApi, type FroniusDevices, type FroniusReading } from '../../../contract/collector.js';
import { notFound } from '../../core/errors.js';
import { route } from '../../core/route.js';
import { isEmbedded, type Db } from '../../db/client.js';
import type { AlarmQueue } from '../../domain/alarms/evaluate.js';
import { keepCollectorFault, plantsOfInverters } from '../../domain/alarms/queries.js';
import { FAULT_STATUS } from '../../../contract/fronius-codes.js';
import { createCollector } from '../../measurements/fronius/collector.js';
import type { DeviceState } from '../../measurements/fronius/leases.js';
import { databaseLeases } from '../../measurements/fronius/leases.js';
import { storeReadings } from '../../measurements/store.js';
import { clockOff } from '../../measurements/time.js';
import { dataloggerOf, dataloggers } from './queries.js';

/**
 * Each reading becomes a stored point like any pushed or simulated one (rollups follow on ingest).
 * A device that reports no AC power (asleep at night) is producing nothing: 0 W.
 */
const storeReading = (db: Db, alarms: AlarmQueue) => async (investor: number, reading: FroniusReading) => {
  await storeReadings(db, [{
    investor,
    ts: new Date(reading.ts),
    status: reading.status,
    ac_power_w: reading.ac_power_w ?? 0,
    pv_power_w: pvPower(reading),
    dc: reading.dc,
    energy_total_wh: reading.energy_total_wh,
    energy_day_wh: reading.energy_day_wh,
    energy_year_wh: reading.energy_year_wh,
    grid_import_w: reading.grid_import_w,
    grid_export_w: reading.grid_export_w,
    consumption_w: reading.consumption_w,
    battery_power_w: reading.battery_power_w,
    battery_soc: reading.battery_soc,
  }]);
  // A fault's code is kept with the inverter's errors (its page, the inverter_error alarm), once per fault.
  if (reading.status === FAULT_STATUS && reading.error_code) await keepCollectorFault(db, investor, new Date(reading.ts), reading.error_code);
  // The plant's alarm rules, on what just arrived, without holding up the collector; the error code
  // is handed over.
  for (const plant of await plantsOfInverters(db, [investor])) alarms.enqueue(plant, new Map([[investor, reading.error_code]]));
};

/**
 * A hybrid's PV power (a battery on its datalogger), apart from its AC output, which includes what the
 * battery gives: its DC inputs' power, or the site's P_PV without them; null for an inverter without
 * a battery, whose AC output is all PV.
 */
function pvPower(reading: FroniusReading): number | null {
  if (reading.battery_power_w === null && reading.battery_soc === null) return null;
  return reading.dc.length ? Math.round(reading.dc.reduce((a, d) => a + d.power_w, 0) * 10) / 10 : reading.pv_power_w;
}

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
        last_attempt_at: s?.last_attempt_at ?? null,
        last_success_at: s?.last_success_at ?? null,
        last_error: s?.last_error ?? null,
        last_error_kind: s?.last_error_kind ?? null,
        consecutive_failures: s?.consecutive_failures ?? 0,
        clock_offset_s: s?.clock_offset_s ?? null,
        clock_off: clockOff(s?.clock_offset_s ?? null),
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
    onReading: storeReading(app.db, app.alarms),
    // On a PostgreSQL server other API processes may poll too: the devices are shared out (docs/scale.md).
    leases: isEmbedded(app.db) ? undefined : databaseLeases(app.db),
  });
  app.addHook('onReady', async () => collector.start());
  app.addHook('onClose', async () => collector.stop());

  route(app, collectorApi.devices, async () => devices(await dataloggers(app.db), collector.states()));

  route(app, collectorApi.inverter, async (request) => {
    const rows = await dataloggerOf(app.db, request.params.id);
    if (!rows.length) throw notFound();
    const polled = rows[0].address.trim() !== '';
    return { polled, device: polled ? devices(rows, collector.states()).fronius[0] : null };
  });

  route(app, collectorApi.poll, async () => {
    await collector.pollNow({ force: true });
    return devices(await dataloggers(app.db), collector.states());
  });
}, { name: 'collector' });
