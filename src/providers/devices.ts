/**
 * What the inverter and plant pages show about devices (contract/push.ts, contract/collector.ts): the
 * errors and events an inverter reported, what the collector last read from it, a plant's ways in (with
 * its Push Service logins, ingest keys and unmatched devices). Spread into the data provider like the monitoring reads (dataProvider.ts); screens
 * call them through react-query with `useAppDataProvider()`.
 */
import { request } from './http';
import type { Body } from '../../contract/http';
import { fillPath as fill } from '../../contract/paths';
import {
  pushApi, type AssignedDevice, type InverterEvent, type IssuedPushCredential, type PushDevice, type WaysIn,
} from '../../contract/push';
import { collectorApi, type InverterCollector } from '../../contract/collector';
import { ingestApi, type IssuedIngestKey } from '../../contract/ingest';
import { siteAgentApi, type AdoptedDevices, type SiteAgent } from '../../contract/site-agents';

export type { AdoptedDevices, SiteAgent };
export type { AssignedDevice, InverterCollector, InverterEvent, IssuedIngestKey, IssuedPushCredential, PushDevice, WaysIn };

export const deviceCalls = {
  /** The errors and events an inverter reported (pushed Logdata, or a fault the collector read), newest first. */
  inverterEvents: (investor: number | string, signal?: AbortSignal) =>
    request<InverterEvent[]>(fill(pushApi.events.path, { id: investor }), { signal }),

  /** What the collector last read from the inverter's datalogger, when, and why it could not (staff). */
  inverterCollector: (investor: number | string, signal?: AbortSignal) =>
    request<InverterCollector>(fill(collectorApi.inverter.path, { id: investor }), { signal }),

  /** Every way a plant's readings come in, when each last delivered, and the values to copy into a device (staff). */
  waysIn: (plant: number | string, signal?: AbortSignal) => request<WaysIn>(fill(pushApi.waysIn.path, { id: plant }), { signal }),

  /** A new Push Service login for one of the plant's dataloggers; its password is in this answer only. */
  createPushCredential: (plant: number | string, body: Body<typeof pushApi.createCredential>) =>
    request<IssuedPushCredential>(fill(pushApi.createCredential.path, { id: plant }), { method: pushApi.createCredential.method, body }),

  /** Revokes a Push Service login: its datalogger is refused from then on. */
  revokePushCredential: (credential: number) =>
    request<null>(fill(pushApi.revokeCredential.path, { credentialId: credential }), { method: pushApi.revokeCredential.method }),

  /** A new push-ingest key for the plant (its MQTT topic comes with it); the key is in this answer only. */
  createIngestKey: (plant: number | string, body: Body<typeof ingestApi.createKey>) =>
    request<IssuedIngestKey>(fill(ingestApi.createKey.path, { id: plant }), { method: ingestApi.createKey.method, body }),

  /** Revokes a push-ingest key: its pushes and MQTT messages are refused from then on. */
  revokeIngestKey: (key: number) =>
    request<null>(fill(ingestApi.revokeKey.path, { keyId: key }), { method: ingestApi.revokeKey.method }),

  /** Devices a datalogger pushed that match none of the plant's inverters. */
  pushDevices: (plant: number | string, signal?: AbortSignal) => request<PushDevice[]>(fill(pushApi.devices.path, { id: plant }), { signal }),

  /** The plant's site agents as they last reported: version, last contact, devices seen, backlog. */
  siteAgents: (plant: number | string, signal?: AbortSignal) => request<SiteAgent[]>(fill(siteAgentApi.list.path, { id: plant }), { signal }),

  /** Creates the inverters (and MPPTs) the plant's agents found, skipping serials already there. */
  adoptAgentDevices: (plant: number | string) =>
    request<AdoptedDevices>(fill(siteAgentApi.adopt.path, { id: plant }), { method: siteAgentApi.adopt.method }),

  /** Gives inverter `investor` the device's datalogger and device id; its next pushes are stored. */
  assignPushDevice: (device: number, investor: number) =>
    request<AssignedDevice>(fill(pushApi.assignDevice.path, { deviceId: device }), { method: pushApi.assignDevice.method, body: { investor } }),
};
