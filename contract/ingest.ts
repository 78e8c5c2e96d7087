/**
 * Push ingest, for dataloggers the server does not poll: staff issue a plant a key (shown once), the
 * datalogger POSTs its readings to /ingest/points with the key in `X-Api-Key`, as JSON
 * `{points: [...]}` or as CSV. Good rows are stored, bad ones come back numbered with their errors; a
 * repeated point is counted as a duplicate and stored once.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Detail, endpoint } from './http.js';
import { IdParams, S } from './common.js';
import { DcInput } from './measurements.js';
import { HIERARCHY_LIMITS } from './hierarchy.js';

/** Most points one push may carry (more is a 413). */
export const MAX_POINTS = 10_000;

export const IngestKey = Type.Object({
  id: Type.Integer(), plant: Type.Integer(), name: Type.String(),
  prefix: Type.String({ description: 'the first characters of the key, to tell keys apart' }),
  created_at: S.timestamp(), last_used_at: S.nullable(S.timestamp()),
}, { title: 'IngestKey' });
export type IngestKey = Static<typeof IngestKey>;
export const IssuedIngestKey = Type.Object({
  ...IngestKey.properties,
  key: Type.String({ description: 'the key itself: shown this once, never again' }),
}, { title: 'IssuedIngestKey' });
export type IssuedIngestKey = Static<typeof IssuedIngestKey>;
export const IngestKeyCreate = Type.Object({ name: Type.Optional(S.text(120)) }, { description: 'name: a label, e.g. where the datalogger is' });

/** The most DC inputs (MPPTs) a point may carry. */
export const MAX_DC_INPUTS = 64;

const maybe = (description: string) => Type.Optional(S.nullable(Type.Number({ description })));
export const IngestPoint = Type.Object({
  investor: Type.Union([Type.Integer(), Type.String({ maxLength: HIERARCHY_LIMITS.serialNumber })], { description: "the inverter's id, or its serial number" }),
  ts: Type.String({ format: 'date-time', maxLength: 40, description: 'ISO 8601 with its offset, e.g. 2026-01-31T14:05:00-03:00' }),
  ac_power_w: Type.Number(),
  pv_power_w: maybe('≥ 0: the PV power of a hybrid inverter (with battery), apart from its AC output'),
  energy_total_wh: maybe('lifetime counter of the device; when given, production is the difference between readings'),
  energy_day_wh: maybe("the device's own counter of the day (Symo DAY_ENERGY): today's energy from its first day"),
  energy_year_wh: maybe("the device's own counter of the year (Symo YEAR_ENERGY): this year's energy from its first day"),
  grid_import_w: maybe('≥ 0'), grid_export_w: maybe('≥ 0'), consumption_w: maybe('≥ 0'),
  battery_power_w: maybe('+ charging, − discharging'), battery_soc: maybe('0-100 %'),
  status: Type.Optional(S.nullable(Type.String({ maxLength: 32 }))),
  dc: Type.Optional(S.nullable(Type.Array(Type.Object({ ...DcInput.properties, mppt: Type.Integer({ minimum: 1 }) }), { maxItems: MAX_DC_INPUTS }))),
}, { title: 'IngestPoint' });

/**
 * What a push carries: JSON `{points: [IngestPoint ...]}`, or text/csv. Each point is checked on its own
 * (a bad one is reported in `rejected`, the others are stored), so this schema documents the body and
 * the server takes it as it came: its type is `unknown` until the rows are checked.
 */
export const IngestBody = Type.Unsafe<unknown>(Type.Object({ points: Type.Array(IngestPoint, { maxItems: MAX_POINTS }) }));

export const IngestResult = Type.Object({
  stored: Type.Integer({ description: 'new points stored' }),
  duplicates: Type.Integer({ description: 'points already stored (or repeated in the batch), kept once' }),
  rejected: Type.Array(Type.Object({
    row: Type.Integer({ description: 'JSON: position in points, from 1; CSV: line after the header, from 1' }),
    errors: Type.Record(Type.String(), Type.Array(Type.String())),
  })),
}, { title: 'IngestResult' });
export type IngestResult = Static<typeof IngestResult>;

const tag = 'ingest';
export const ingestApi = {
  createKey: endpoint({
    method: 'POST', path: '/power-plant/:id/api-keys', access: 'staff', tag, params: IdParams, body: IngestKeyCreate,
    summary: "Issue a key for a plant's datalogger (the key is in this answer only)", reply: { 201: IssuedIngestKey },
  }),
  keys: endpoint({
    method: 'GET', path: '/power-plant/:id/api-keys', access: 'staff', tag, params: IdParams,
    summary: "A plant's ingest keys (without the keys themselves)", reply: { 200: Type.Array(IngestKey) },
  }),
  revokeKey: endpoint({
    method: 'DELETE', path: '/power-plant/api-keys/:keyId', access: 'staff', tag, params: Type.Object({ keyId: S.id() }),
    summary: 'Revoke a key: the datalogger using it is refused from now on', reply: { 204: Type.Null() },
  }),
  push: endpoint({
    method: 'POST', path: '/ingest/points', access: 'public', tag,
    summary: `Push readings of the key's plant: JSON {points: [...]} or text/csv with a header row (at most ${MAX_POINTS} points; more is a 413)`,
    description: 'Authenticated by the `X-Api-Key` header, not by a user token. CSV columns: the point fields; MPPT inputs as '
      + 'mppt1_voltage_v, mppt1_current_a, mppt1_power_w, mppt2_...; separator comma, semicolon (then a decimal comma is accepted) or tab.',
    consumes: ['application/json', 'text/csv'],
    headers: Type.Object({ 'x-api-key': Type.String({ maxLength: 200, description: 'the ingest key of the plant' }) }),
    body: IngestBody,
    reply: { 200: IngestResult, 401: Detail, 413: Detail },
  }),
};
