/**
 * Ways in for devices behind a home router, which the server cannot poll (issue 13):
 * - the Fronius Push Service: a Datamanager job POSTs SolarAPI v1 CurrentData (Inverter, Meter,
 *   Storages, Powerflow) or Logdata (data, errors and events) to /push/fronius/{credential id}, with
 *   the job's user and password (HTTP Basic) that staff create per datalogger;
 * - MQTT: with MQTT_URL set, the server takes `{prefix}/{ingest key id}/points` messages in the
 *   push-ingest JSON shape (contract/ingest.ts);
 * and what staff see of every way in of a plant (polling, push service, ingest keys, MQTT topics).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Detail, endpoint } from './http.js';
import { IdParams, S } from './common.js';
import { HIERARCHY_LIMITS } from './hierarchy.js';
import { IngestResult } from './ingest.js';

export const PUSH_LIMITS = { name: 120, username: 64, password: { min: 8, max: 128 }, dataloggerId: HIERARCHY_LIMITS.dataloggerId } as const;

export const PushCredential = Type.Object({
  id: Type.Integer(), plant: Type.Integer(), name: Type.String(), username: Type.String(),
  datalogger_id: Type.String({ description: "the datalogger whose devices this job carries (its UniqueID); empty: matched by device id alone" }),
  url: Type.String({ description: 'what the job posts to (Server:Port + Upload file name)' }),
  created_at: S.timestamp(), last_used_at: S.nullable(S.timestamp()),
  clock_offset_s: S.nullable(Type.Number({ description: "how far the datalogger's clock was behind (+) or ahead (−) of the server's at its last push, s" })),
}, { title: 'PushCredential' });
export type PushCredential = Static<typeof PushCredential>;
export const IssuedPushCredential = Type.Object({
  ...PushCredential.properties,
  password: Type.String({ description: 'the password itself: shown this once, never again' }),
}, { title: 'IssuedPushCredential' });
export type IssuedPushCredential = Static<typeof IssuedPushCredential>;
export const PushCredentialCreate = Type.Object({
  name: Type.Optional(S.text(PUSH_LIMITS.name)),
  username: Type.Optional(Type.String({ minLength: 1, maxLength: PUSH_LIMITS.username, pattern: '^[A-Za-z0-9._-]+$', description: 'default: made up' })),
  password: Type.Optional(Type.String({ minLength: PUSH_LIMITS.password.min, maxLength: PUSH_LIMITS.password.max, description: 'default: 24 random characters' })),
  datalogger_id: Type.Optional(S.text(PUSH_LIMITS.dataloggerId)),
}, { additionalProperties: false });

export const PushFormat = Type.Union([
  Type.Literal('inverter'), Type.Literal('meter'), Type.Literal('storages'), Type.Literal('powerflow'), Type.Literal('logdata'),
], { title: 'PushFormat' });
export type PushFormat = Static<typeof PushFormat>;

const DeviceRef = { datalogger_id: Type.String(), device_id: Type.Integer() };
export const FroniusPushResult = Type.Object({
  format: PushFormat,
  stored: Type.Integer({ description: 'new points stored' }),
  duplicates: Type.Integer({ description: 'points already stored, kept once' }),
  events: Type.Integer({ description: 'new errors and events kept' }),
  rejected: IngestResult.properties.rejected,
  clock_offset_s: Type.Number({ description: "how far the datalogger's clock (Head.Timestamp) is behind (+) or ahead (−) of the receipt time, s" }),
  clock_off: Type.Boolean({ description: 'more than CLOCK_TOLERANCE (10 min) off: the data was filed at the time it was received' }),
  unmatched: Type.Array(Type.Object(DeviceRef), { description: "devices that are none of the plant's inverters (listed for staff to assign)" }),
}, { title: 'FroniusPushResult' });
export type FroniusPushResult = Static<typeof FroniusPushResult>;
export const KeptForInspection = Type.Object({ detail: Type.String(), reject: Type.Integer({ description: 'id of the kept body' }) }, { title: 'KeptForInspection' });

export const PushDevice = Type.Object({
  id: Type.Integer(), plant: Type.Integer(), ...DeviceRef,
  first_seen_at: S.timestamp(), last_seen_at: S.timestamp(), pushes: Type.Integer(),
}, { title: 'PushDevice' });
export type PushDevice = Static<typeof PushDevice>;
export const PushDeviceAssign = Type.Object({ investor: S.id() }, { additionalProperties: false });
export const AssignedDevice = Type.Object({ investor: Type.Integer(), ...DeviceRef }, { title: 'AssignedDevice' });
export type AssignedDevice = Static<typeof AssignedDevice>;

export const InverterEvent = Type.Object({
  id: Type.Integer(), investor: Type.Integer(), ts: S.timestamp(),
  kind: Type.Union([Type.Literal('error'), Type.Literal('event')]), code: Type.Integer(),
  detail: Type.Record(Type.String(), Type.Unknown()),
}, { title: 'InverterEvent' });
export type InverterEvent = Static<typeof InverterEvent>;

export const PushReject = Type.Object({
  id: Type.Integer(), plant: S.nullable(Type.Integer()), source: Type.Union([Type.Literal('fronius'), Type.Literal('mqtt')]),
  origin: Type.String(), content_type: Type.String(), body: Type.String({ description: 'as received (its first 64 kB)' }),
  error: Type.String(), received_at: S.timestamp(),
}, { title: 'PushReject' });

export const MqttStatus = Type.Object({
  enabled: Type.Boolean({ description: 'MQTT_URL is set' }),
  connected: Type.Boolean(),
  broker: S.nullable(Type.String({ description: 'the broker address, without credentials' })),
  topic: S.nullable(Type.String({ description: 'the subscription, e.g. solar/+/points' })),
  received: Type.Integer(), stored: Type.Integer(), duplicates: Type.Integer(),
  bad: Type.Integer({ description: 'messages refused (not JSON, unknown key, points rejected), kept in push-rejects' }),
  last_error: S.nullable(Type.String()), last_error_at: S.nullable(S.timestamp()),
}, { title: 'MqttStatus' });
export type MqttStatus = Static<typeof MqttStatus>;

const Delivered = S.nullable(S.timestamp());
export const WaysIn = Type.Object({
  plant: Type.Integer(),
  polling: Type.Array(Type.Object({
    investor: Type.Integer(), name: Type.String(), address: Type.String(), device_id: Type.Integer(),
    last_delivered_at: Type.Optional(Delivered),
  }), { description: 'inverters read by the collector (datalogger address); last_delivered_at: their newest stored reading' }),
  push_service: Type.Array(Type.Object({
    ...PushCredential.properties, last_delivered_at: Delivered,
    clock_off: Type.Boolean({ description: "the datalogger's clock was more than 10 minutes off at its last push (its data is filed at receipt time)" }),
  })),
  ingest_keys: Type.Array(Type.Object({
    id: Type.Integer(), name: Type.String(), prefix: Type.String(), url: Type.String(), header: Type.String(),
    last_delivered_at: Delivered,
  })),
  mqtt: Type.Array(Type.Object({
    key: Type.Integer(), name: Type.String(), broker: S.nullable(Type.String()), topic: Type.String(), last_delivered_at: Delivered,
  }), { description: "one topic per ingest key; broker null while MQTT_URL is not set" }),
  unmatched_devices: Type.Integer(),
  rejects: Type.Integer({ description: 'kept bodies that could not be read' }),
}, { title: 'WaysIn' });
export type WaysIn = Static<typeof WaysIn>;

const tag = 'push';
export const pushApi = {
  createCredential: endpoint({
    method: 'POST', path: '/power-plant/:id/push-credentials', access: 'staff', tag, params: IdParams, body: PushCredentialCreate,
    summary: "Create a Fronius Push Service login for one of a plant's dataloggers (the password is in this answer only)", reply: { 201: IssuedPushCredential },
  }),
  credentials: endpoint({
    method: 'GET', path: '/power-plant/:id/push-credentials', access: 'staff', tag, params: IdParams,
    summary: "A plant's Push Service logins (without passwords)", reply: { 200: Type.Array(PushCredential) },
  }),
  revokeCredential: endpoint({
    method: 'DELETE', path: '/power-plant/push-credentials/:credentialId', access: 'staff', tag, params: Type.Object({ credentialId: S.id() }),
    summary: 'Revoke a Push Service login: its datalogger is refused from now on', reply: { 204: Type.Null() },
  }),
  fronius: endpoint({
    method: 'POST', path: '/push/fronius/:credentialId', access: 'public', tag, params: Type.Object({ credentialId: S.id() }),
    summary: 'Receiver of a Fronius Push Service job (HTTP POST): SolarAPI v1 CurrentData or Logdata',
    description: "Authenticated by the job's user and password (HTTP Basic). 200: stored; 202: a body that could not be read, "
      + 'kept for inspection (never a 5xx for it); 503 with Retry-After: storage unavailable, the datalogger sends again later.',
    consumes: ['application/json', 'text/plain', 'application/octet-stream'],
    headers: Type.Object({ authorization: Type.String({ maxLength: 1024, description: 'Basic base64(user:password)' }) }),
    body: Type.Unsafe<unknown>({ description: 'the SolarAPI v1 JSON the job sends, as it comes' }),
    reply: { 200: FroniusPushResult, 202: KeptForInspection, 401: Detail },
  }),
  devices: endpoint({
    method: 'GET', path: '/power-plant/:id/push-devices', access: 'staff', tag, params: IdParams,
    summary: "Pushed devices that match none of the plant's inverters", reply: { 200: Type.Array(PushDevice) },
  }),
  assignDevice: endpoint({
    method: 'POST', path: '/power-plant/push-devices/:deviceId/assign', access: 'staff', tag,
    params: Type.Object({ deviceId: S.id() }), body: PushDeviceAssign,
    summary: "Assign an unmatched device to an inverter of its plant (sets the inverter's datalogger_id and device_id)", reply: { 200: AssignedDevice },
  }),
  events: endpoint({
    method: 'GET', path: '/investor/:id/events', access: 'user', tag, params: IdParams,
    summary: 'The errors and events an inverter reported, newest first (the last 500)', reply: { 200: Type.Array(InverterEvent) },
  }),
  rejects: endpoint({
    method: 'GET', path: '/power-plant/:id/push-rejects', access: 'staff', tag, params: IdParams,
    summary: "Bodies pushed for a plant that could not be read, newest first (the last 100)", reply: { 200: Type.Array(PushReject) },
  }),
  mqtt: endpoint({
    method: 'GET', path: '/push/mqtt', access: 'staff', tag, summary: 'The MQTT subscriber: connection and message counts', reply: { 200: MqttStatus },
  }),
  mqttRejects: endpoint({
    method: 'GET', path: '/push/mqtt/rejects', access: 'staff', tag,
    summary: 'MQTT messages that could not be stored, newest first (the last 100), those of unknown topics included', reply: { 200: Type.Array(PushReject) },
  }),
  waysIn: endpoint({
    method: 'GET', path: '/power-plant/:id/ways-in', access: 'staff', tag, params: IdParams,
    summary: "How a plant's data comes in: polling, Push Service, ingest keys, MQTT topics, when each last delivered, and their setup values",
    reply: { 200: WaysIn },
  }),
};
