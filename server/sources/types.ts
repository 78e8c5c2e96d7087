/**
 * One way of reading devices (issue 35): what every source of readings is to the portal. A source
 * either finds its devices and reads them (a vendor's cloud, the Fronius Solar API poll) or receives
 * what they send (Fronius Push Service, HTTP push, MQTT); either way each reading is a `SourceReading`
 * (the store's `Reading` before it is given an inverter) and goes through `storeReadings`, the one
 * store with its counter rules, idempotence and rollups. When it cannot read, it says why with a
 * `SourceError` of a known kind. The sources are listed in ./registry.ts; adding a brand is one
 * folder here, its fake server in testing/vendors/ and its tests (docs/ARCHITECTURE.md, "Add a
 * source of readings").
 */
import type { Reading } from '../measurements/store.js';
import type { Credentials } from './credentials.js';
import type { SourceErrorKind } from '../../contract/sources.js';

/** A reading of one device, in the portal's units (W, Wh, %), before it is filed under an inverter. */
export type SourceReading = Omit<Reading, 'investor'>;

/**
 * Why a device or an account could not be read: the credentials are refused; the session ended and a
 * new one failed; the vendor's quota is spent (retry after `retryAfterMs`); the vendor is down or
 * unreachable; its answer is not what its API documents; the vendor refuses the request itself (a
 * device of another type, an expired system...).
 */
export { SOURCE_ERROR_KINDS, type SourceErrorKind } from '../../contract/sources.js';

export class SourceError extends Error {
  constructor(readonly kind: SourceErrorKind, message: string, readonly options: { code?: number | string; retryAfterMs?: number } = {}) {
    super(message);
    this.name = 'SourceError';
  }
}

/** A vendor account as a connector sees it: where to call and with what (decrypted only in memory). */
export interface VendorAccount {
  id: number;
  vendor: string;
  baseUrl: string;
  credentials: Credentials;
}

export type DeviceKind = 'inverter' | 'meter' | 'battery' | 'other';

/** A device of a station as the vendor lists it. */
export interface SourceDevice {
  /** The vendor's id of the device, as text (Huawei's are 16-digit numbers, past JavaScript's safe integers). */
  id: string;
  station: string;
  kind: DeviceKind;
  /** The vendor's device type (Huawei's devTypeId), which its real-time calls are asked by. */
  vendorType: number;
  name: string;
  model: string;
  serial: string;
}

/** A station (the vendor's word for a plant) as the vendor lists it. */
export interface SourceStation {
  code: string;
  name: string;
  address: string;
  capacityKwp: number | null;
}

/** What one device read now: its reading, or why it gave none. */
export type DeviceReading = { device: string; reading: SourceReading } | { device: string; error: SourceError };

/**
 * Asks the shared call budget (./budget.ts) for `calls` calls of `api` before they are made; false:
 * spent for this window, do not call.
 */
export type SpendCalls = (api: string, calls: number) => Promise<boolean>;

/** A vendor cloud's connector: one account, its stations, their devices and readings. */
export interface CloudConnector {
  stations(): Promise<SourceStation[]>;
  devices(stations: string[]): Promise<SourceDevice[]>;
  /**
   * The latest reading of each device, in the portal's shape: meters and batteries are folded into
   * the inverters' readings (grid, battery), since the store keeps readings by inverter.
   */
  latest(devices: SourceDevice[]): Promise<DeviceReading[]>;
  /** A station's production per hour of a local day (`day` YYYY-MM-DD in `timeZone`), for backfill. */
  history(station: string, day: string, timeZone: string): Promise<{ ts: Date; energy_wh: number }[]>;
  /** Optional: the vendor's own alarms (not yet used: issue 35, "Vendor alarms"). */
  alarms?(stations: string[], from: Date, to: Date): Promise<unknown[]>;
}

/** How a source reaches the portal: the portal polls it, it pushes to the portal, or a vendor cloud is polled. */
export type SourceWay = 'poll' | 'push' | 'cloud';

/** A source of readings as the registry lists it. */
export interface SourceEntry {
  id: string;
  label: string;
  way: SourceWay;
  /** Where it lives: its module, for the reader. */
  module: string;
  /** The vendor's default host(s), per region, for cloud connectors. */
  regions?: Record<string, string>;
  /** Published call budgets per interface for an account of this size, for cloud connectors: `calls` per `windowMs`. */
  limits?(inventory: { stations: number; devicesByType: Record<number, number> }): Record<string, { calls: number; windowMs: number }>;
  /** A cloud connector for one account; `spend` guards each call against the shared budget; `now` is the budget's clock. */
  connect?(account: VendorAccount, spend: SpendCalls, options?: { fetch?: typeof fetch; now?: () => number }): CloudConnector;
}

// ---------- what the SolarEdge, Growatt and Sungrow clients give back ----------
// Their connectors (./<vendor>/index.ts) map these richer descriptions onto SourceStation and
// SourceDevice in one place, ./stations.ts; the station's zone stays in each connector (read from
// the vendor's list), since the tables keep none yet.

/** A reading of a vendor's device (or site), by the vendor's id. */
export type VendorReading = SourceReading & { device: string };

export interface StationEquipment {
  /** The vendor's id of the device in its API calls: a serial where that is what the API takes. */
  id: string;
  /** The serial printed on the device, where the API's id is something else (Sungrow's ps_key). */
  serial?: string;
  name: string;
  model?: string;
  manufacturer?: string;
  /** Batteries: usable capacity, Wh. */
  capacity_wh?: number;
}

export interface Station {
  id: string;
  name: string;
  /** Peak (DC) power, W; absent when the vendor gives none (or 0). */
  capacity_w?: number;
  /** IANA zone (America/Santiago) or a fixed offset as the vendor writes it (GMT+8); absent when unknown. */
  time_zone?: string;
  location?: { country?: string; city?: string; address?: string; latitude?: number; longitude?: number };
}

export interface StationInventory {
  inverters: StationEquipment[];
  meters: StationEquipment[];
  batteries: StationEquipment[];
}

/** What every client takes: its base URL (regional host, proxy or fake), credentials, and seams for tests. */
export interface ClientOptions<C> {
  baseUrl: string;
  credentials: C;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Deadline of each call, ms (default 20 s). */
  timeoutMs?: number;
}
