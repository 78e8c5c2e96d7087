/**
 * The Fronius collector as staff see it: GET /investor-all/microservice (SPEC.md §7, "reads the fronius
 * list") shows what was last read from each datalogger, POST /investor-all/microservice/poll reads
 * every device now. Staff only: the list spans every plant and shows datalogger addresses.
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './http.js';
import { IdParams, S } from './common.js';
import { oneOf } from './literals.js';
import { DcInput } from './measurements.js';

export const FRONIUS_STATUSES = ['startup', 'running', 'standby', 'bootloading', 'error', 'night', 'offline'] as const;
export type FroniusStatus = typeof FRONIUS_STATUSES[number];
/**
 * Why a datalogger could not be read: no usable address; connection refused; otherwise unreachable
 * (no route, reset, unknown name); no answer in time; read cancelled (shutdown); an HTTP error; an
 * answer that is not a Solar API one; a call the datalogger does not offer (HTTP 404/501, Solar API
 * status 1 or 11); the device refusing with another Solar API status.
 */
export const FRONIUS_ERROR_KINDS = ['address', 'refused', 'offline', 'timeout', 'aborted', 'http', 'malformed', 'unsupported', 'device'] as const;
export type FroniusErrorKind = typeof FRONIUS_ERROR_KINDS[number];

const num = () => S.nullable(Type.Number());
const text = () => S.nullable(Type.String());
const statusOf = (description: string) => oneOf(FRONIUS_STATUSES, { description });

/** One normalised reading of an inverter, from its datalogger's Solar API v1. */
export const FroniusReading = Type.Object({
  ts: Type.String({ format: 'date-time', description: "The device's Head.Timestamp, with its own offset" }),
  status: statusOf('Fronius status code 0-6 startup (night when it reports no power: a Symo asleep), 7 running, 8 standby, '
    + "9 bootloading, 10 error; night when the inverter reports no power and no status (it sleeps); 'offline' is only given by "
    + 'the collector, for a device it cannot read'),
  status_code: S.nullable(Type.Integer({ description: 'DeviceStatus.StatusCode as sent (a word on some GEN24 firmware gives null)' })),
  error_code: S.nullable(Type.Integer({ description: 'DeviceStatus.ErrorCode (Fronius state code, e.g. 307 DC low), 0 = none' })),
  ac_power_w: num(),
  energy_day_wh: num(),
  energy_year_wh: num(),
  energy_total_wh: num(),
  dc: Type.Array(DcInput, { description: 'one per DC input, from UDC/IDC, UDC_2/IDC_2, ...' }),
  pv_power_w: num(),
  grid_import_w: num(),
  grid_export_w: num(),
  consumption_w: num(),
  battery_power_w: S.nullable(Type.Number({ description: 'W, positive = charging, negative = discharging' })),
  battery_soc: S.nullable(Type.Number({ description: 'state of charge, %' })),
  device: Type.Object({
    model: text(), serial: text(),
    device_type: S.nullable(Type.Integer({ description: "Fronius device type code ('DT')" })),
    battery_model: text(), battery_serial: text(),
  }),
  unavailable: Type.Array(Type.String(), { description: 'Optional endpoints that gave nothing usable: power_flow, meter, storage, inverter_info' }),
}, { title: 'FroniusReading' });
export type FroniusReading = Static<typeof FroniusReading>;

export const FroniusDevice = Type.Object({
  investor: Type.Integer(),
  investor_name: Type.String(),
  plant: Type.Integer(),
  plant_name: Type.String(),
  address: Type.String(),
  device_id: Type.Integer(),
  online: S.nullable(Type.Boolean({ description: 'null until the device is first polled' })),
  status: S.nullable(statusOf("'offline' when the last attempt failed, else the status of the last reading; null before the first poll")),
  last_attempt_at: S.nullable(Type.String({ format: 'date-time', description: 'when the last read, successful or not, ended' })),
  last_success_at: S.nullable(S.timestamp()),
  last_error: S.nullable(Type.String()),
  last_error_kind: S.nullable(oneOf(FRONIUS_ERROR_KINDS)),
  consecutive_failures: Type.Integer(),
  clock_offset_s: S.nullable(Type.Number({ description: "how far the datalogger's clock was behind (+) or ahead (−) of the server's at the last read, s" })),
  clock_off: Type.Boolean({ description: 'more than 10 minutes off: its readings are filed at the time they were received' }),
  next_attempt_at: S.nullable(Type.String({ format: 'date-time', description: 'while backing off after failures' })),
  reading: S.nullable(FroniusReading),
}, { title: 'FroniusDevice' });
export type FroniusDevice = Static<typeof FroniusDevice>;

export const FroniusDevices = Type.Object({ fronius: Type.Array(FroniusDevice) }, { title: 'FroniusMicroservice' });
export const InverterCollector = Type.Object({
  polled: Type.Boolean({ description: 'the inverter has a datalogger address: the collector reads it' }),
  device: S.nullable(FroniusDevice),
}, { title: 'InverterCollector' });
export type InverterCollector = Static<typeof InverterCollector>;
export type FroniusDevices = Static<typeof FroniusDevices>;

const tag = 'investor';
export const collectorApi = {
  devices: endpoint({
    method: 'GET', path: '/investor-all/microservice', access: 'staff', tag, reply: { 200: FroniusDevices },
    summary: 'What the Fronius collector last read from each datalogger',
  }),
  poll: endpoint({
    method: 'POST', path: '/investor-all/microservice/poll', access: 'staff', tag, reply: { 200: FroniusDevices },
    summary: 'Read every datalogger now (devices backing off included) and return the result',
  }),
  inverter: endpoint({
    method: 'GET', path: '/investor/:id/collector', access: 'staff', tag, params: IdParams, reply: { 200: InverterCollector },
    summary: "What the collector last read from one inverter's datalogger, when, and why it could not (the inverter page)",
  }),
};
