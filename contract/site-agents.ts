/**
 * Site agents (agent/, docs/agent.md): the agent at a plant's site tells the portal, with the plant's
 * ingest key, its version, the devices it reads and its backlog; staff and the plant's users read
 * that back; staff take the devices it found into the plant's hierarchy in one step.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Detail, endpoint } from './http.js';
import { IdParams, S } from './common.js';
import { HIERARCHY_LIMITS } from './hierarchy.js';

/** Most devices one agent reports (more is a 400). */
export const MAX_AGENT_DEVICES = 256;

/** An instant in a body the server reads (S.timestamp() is for replies). */
const instant = () => S.nullable(Type.String({ format: 'date-time', maxLength: 40 }));
const text = (max: number) => S.nullable(Type.String({ maxLength: max }));
export const AgentDevice = Type.Object({
  address: Type.String({ maxLength: 300, description: 'sunspec HOST:PORT/UNIT, or the Fronius datalogger URL #device' }),
  kind: Type.Union([Type.Literal('inverter'), Type.Literal('meter'), Type.Literal('other')]),
  manufacturer: text(120), model: text(HIERARCHY_LIMITS.model), serial: text(HIERARCHY_LIMITS.serialNumber),
  rated_power_w: S.nullable(Type.Number({ minimum: 0 })),
  models: Type.Array(Type.Integer({ minimum: 0, maximum: 65535 }), { maxItems: 64, description: 'SunSpec models present' }),
  mppts: Type.Integer({ minimum: 0, maximum: 64, description: 'MPPT inputs the device reports (SunSpec 160, Solar API DC strings)' }),
  ok: S.nullable(Type.Boolean({ description: 'its last read: true ok, false failed, null not read yet' })),
  last_error: text(500),
  last_read_at: instant(),
}, { title: 'AgentDevice' });
export type AgentDevice = Static<typeof AgentDevice>;

export const AgentStatus = Type.Object({
  agent: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S', description: "the agent's name (its host name unless configured)" }),
  version: Type.String({ minLength: 1, maxLength: 40 }),
  devices: Type.Array(AgentDevice, { maxItems: MAX_AGENT_DEVICES }),
  backlog: Type.Object({
    readings: Type.Integer({ minimum: 0, description: 'readings waiting in its buffer' }),
    oldest_at: instant(),
  }),
}, { title: 'AgentStatus' });
export type AgentStatus = Static<typeof AgentStatus>;

export const SiteAgent = Type.Object({
  id: Type.Integer(), plant: Type.Integer(), agent: Type.String(), version: Type.String(),
  devices: Type.Array(AgentDevice), backlog: AgentStatus.properties.backlog,
  first_contact_at: S.timestamp(), last_contact_at: S.timestamp(),
}, { title: 'SiteAgent' });
export type SiteAgent = Static<typeof SiteAgent>;

export const AdoptedDevices = Type.Object({
  created: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), serial_number: Type.String(), mppts: Type.Integer() })),
  skipped: Type.Array(Type.String({ description: 'serials already in the plant' })),
}, { title: 'AdoptedDevices' });
export type AdoptedDevices = Static<typeof AdoptedDevices>;

const tag = 'site-agents';
export const siteAgentApi = {
  report: endpoint({
    method: 'POST', path: '/ingest/agent', access: 'public', tag, body: AgentStatus,
    summary: "A site agent's status: version, devices it reads, backlog (sent at least once an interval)",
    description: "Authenticated by the plant's ingest key in `X-Api-Key`, like the push ingest.",
    headers: Type.Object({ 'x-api-key': Type.String({ maxLength: 200, description: 'the ingest key of the plant' }) }),
    reply: { 204: Type.Null(), 401: Detail },
  }),
  list: endpoint({
    method: 'GET', path: '/power-plant/:id/site-agents', access: 'user', tag, params: IdParams,
    summary: "A plant's site agents: version, last contact, devices seen, backlog", reply: { 200: Type.Array(SiteAgent) },
  }),
  adopt: endpoint({
    method: 'POST', path: '/power-plant/:id/site-agents/adopt', access: 'staff', tag, params: IdParams,
    summary: "Creates the inverters (and their MPPTs) the plant's agents found, in one transaction; serials already in the plant are skipped",
    reply: { 200: AdoptedDevices },
  }),
};
