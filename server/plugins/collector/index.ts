/**
 * The Fronius collector, running with the app (started when the app is ready, stopped when it
 * closes), and what it reads: GET /investor-all/microservice (SPEC.md §7, "reads the fronius list")
 * and POST /investor-all/microservice/poll to read every device now. Staff only: the list spans every
 * plant and shows datalogger addresses.
 */
import fp from 'fastify-plugin';
import { asc, eq, sql } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import { investors, powerPlants } from '../../db/schema.js';
import { S } from '../../../contract/common.js';
import { ErrorBody } from '../../core/errors.js';
import { createCollector, type Collector } from '../../measurements/fronius/collector.js';
import { storeReadings } from '../../measurements/store.js';
import type { Db } from '../../db/client.js';
import { FroniusReading, FRONIUS_STATUSES, type FroniusReading as Reading } from '../../measurements/fronius/client.js';

const DeviceItem = Type.Object({
  investor: Type.Integer(),
  investor_name: Type.String(),
  plant: Type.Integer(),
  plant_name: Type.String(),
  address: Type.String(),
  device_id: Type.Integer(),
  online: S.nullable(Type.Boolean({ description: 'null until the device is first polled' })),
  status: S.nullable(Type.Union(FRONIUS_STATUSES.map((s) => Type.Literal(s)), {
    description: "'offline' when the last attempt failed, else the status of the last reading; null before the first poll",
  })),
  last_success_at: S.nullable(S.timestamp()),
  last_error: S.nullable(Type.String()),
  last_error_kind: S.nullable(Type.String({ description: 'address, offline, timeout, http, malformed or device' })),
  consecutive_failures: Type.Integer(),
  next_attempt_at: S.nullable(Type.String({ format: 'date-time', description: 'while backing off after failures' })),
  reading: S.nullable(FroniusReading),
}, { title: 'FroniusDevice' });

const Microservice = Type.Object({ fronius: Type.Array(DeviceItem) }, { title: 'FroniusMicroservice' });

/**
 * Each reading becomes a stored point like any pushed or simulated one (rollups follow on ingest).
 * A device that reports no AC power (asleep at night) is producing nothing: 0 W.
 */
const storeReading = (db: Db) => async (investor: number, reading: Reading) => {
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

export default fp(async (app) => {
  const collector: Collector = createCollector({
    db: app.db,
    log: app.log.child({ area: 'fronius-collector' }),
    intervalSeconds: app.config.collectorIntervalSeconds,
    timeoutMs: app.config.collectorTimeoutMs,
    onReading: storeReading(app.db),
  });
  app.addHook('onReady', async () => collector.start());
  app.addHook('onClose', async () => collector.stop());

  /** Every inverter with a datalogger address, with what the collector last made of it. */
  async function devices() {
    const rows = await app.db.select({
      investor: investors.id, investor_name: investors.name, plant: powerPlants.id, plant_name: powerPlants.name,
      address: investors.datalogger_address, device_id: investors.device_id,
    }).from(investors).innerJoin(powerPlants, eq(powerPlants.id, investors.plant))
      .where(sql`btrim(${investors.datalogger_address}) <> ''`).orderBy(asc(investors.id));
    const states = collector.states();
    return {
      fronius: rows.map((row) => {
        const s = states.get(row.investor);
        const known = s && s.address === row.address.trim() && s.device_id === row.device_id;
        const online = known && (s.last_success_at || s.last_error) ? s.online : null;
        return {
          ...row,
          address: row.address.trim(),
          online,
          status: online === null ? null : online ? s!.last_reading?.status ?? null : 'offline',
          last_success_at: known ? s.last_success_at : null,
          last_error: known ? s.last_error : null,
          last_error_kind: known ? s.last_error_kind : null,
          consecutive_failures: known ? s.consecutive_failures : 0,
          next_attempt_at: known ? s.next_attempt_at : null,
          reading: known ? s.last_reading : null,
        };
      }),
    };
  }

  const response = { 200: Microservice, 401: ErrorBody, 403: ErrorBody };
  app.get('/investor-all/microservice', {
    config: { access: 'staff' },
    schema: { tags: ['investor'], summary: 'What the Fronius collector last read from each datalogger', response },
  }, devices);

  app.post('/investor-all/microservice/poll', {
    config: { access: 'staff' },
    schema: {
      tags: ['investor'],
      summary: 'Read every datalogger now (devices backing off included) and return the result',
      response,
    },
  }, async () => {
    await collector.pollNow({ force: true });
    return devices();
  });
}, { name: 'collector' });
