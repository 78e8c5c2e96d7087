/**
 * What a vendor cloud client hands the portal: readings in the portal's shape (store.ts), tagged
 * with the vendor's id of the device (or site) they describe instead of the portal's inverter, and
 * descriptions of stations and their equipment to link or create plants from.
 */
import type { Reading } from '../measurements/store.js';

export type VendorReading = Omit<Reading, 'investor'> & { device: string };

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
