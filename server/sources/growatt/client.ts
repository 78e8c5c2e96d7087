/**
 * Growatt OpenAPI v1 client: plants, their devices, and readings in the portal's shape.
 *
 * - Auth: the `token` header. Every answer is HTTP 200 with `{data, error_code, error_msg}`;
 *   error_code 0 is success, 10011 a token without privilege ('credentials'), 10012 the same request
 *   made again within 5 minutes ('quota', retry after the rest of the 5 minutes), -1 an account
 *   served on another regional host ('credentials': its base URL must change), 10013/10014 a page
 *   out of range ('malformed'); any other code is the cloud failing ('down').
 * - Quota: each read once every 5 minutes per identical request (plant/list also 10 a day). This
 *   client does not send a request again within 5 minutes: it answers 'quota' itself, without a call.
 * - Units: plant/data energies are strings in kWh and current_power a number in kW; plant/power and
 *   the inverter's pac/ppv are W, its power_today/power_total kWh; peak_power kWp. Empty values are
 *   "", "N/A" or null (at night): absent, and a counter of 0 is no counter.
 * - Times: local "YYYY-MM-DD hh:mm[:ss[.0]]" in the plant's zone, written "GMT+8" (east is +).
 */
import { SourceError } from '../types.js';
import { isObject, scaled, text, vendorCounter, vendorEnergy, vendorRequest, vendorNumber } from '../http.js';
import { localInstant, localSeries } from '../local-time.js';
import type { ClientOptions, Station, StationEquipment, StationInventory, VendorReading } from '../types.js';
import type { DcReading } from '../../db/schema.js';

export const GROWATT_BASE_URL = 'https://openapi.growatt.com';
/** The same request is answered once every 5 minutes. */
export const GROWATT_REPEAT_MS = 5 * 60_000;

export interface GrowattCredentials { token: string }

/** device/list types: 1 inverter (and MAX), 4 MAX, 5 SPH, 6 SPA, 7 MIN are inverters; 2 storage. */
const INVERTER_TYPES = new Set([1, 4, 5, 6, 7]);
const STORAGE_TYPE = 2;
const PAGE = 100;

const coordinate = (v: unknown) => {
  const n = vendorNumber(v);
  return n === null || n === 0 ? undefined : n;
};

export class GrowattClient {
  private base: string;
  private fetch: typeof fetch;
  private now: () => Date;
  private timeoutMs: number;
  /** When each request was last sent (path + query), for the 5-minute rule. */
  private sent = new Map<string, number>();

  constructor(private opts: ClientOptions<GrowattCredentials>) {
    // The base may be given with or without the API's /v1.
    this.base = opts.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.now = opts.now ?? (() => new Date());
    this.timeoutMs = opts.timeoutMs ?? 20_000;
  }

  private async get(path: string, query: Record<string, string | number>): Promise<unknown> {
    const url = new URL(`${this.base}/v1/${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    const what = `Growatt ${path}`;
    const key = url.pathname + url.search;
    const now = this.now().getTime();
    const last = this.sent.get(key);
    if (last !== undefined && now - last < GROWATT_REPEAT_MS) {
      throw new SourceError('quota', `${what}: asked less than 5 minutes ago`, { retryAfterMs: GROWATT_REPEAT_MS - (now - last) });
    }
    this.sent.set(key, now);
    const answer = await vendorRequest(url, { fetch: this.fetch, headers: { token: this.opts.credentials.token }, timeoutMs: this.timeoutMs, now: this.now, what });
    if (answer.status === 401 || answer.status === 403) throw new SourceError('credentials', `${what}: HTTP ${answer.status}`);
    if (answer.status === 429) throw new SourceError('quota', `${what}: HTTP 429`, { code: 429, retryAfterMs: answer.retryAfterMs });
    if (answer.status !== 200) throw new SourceError('down', `${what}: HTTP ${answer.status}`);
    const body = answer.body;
    if (!isObject(body) || typeof body.error_code !== 'number') throw new SourceError('malformed', `${what}: no error_code in the answer`);
    const code = body.error_code;
    const message = `${what}: error ${code} ${text(body.error_msg) ?? ''}`.trim();
    if (code === 0) return body.data;
    if (code === 10011) throw new SourceError('credentials', message);
    if (code === 10012) throw new SourceError('quota', message, { code, retryAfterMs: GROWATT_REPEAT_MS });
    if (code === -1) throw new SourceError('credentials', `${message} (the account is served on another regional host)`);
    if (code === 10013 || code === 10014) throw new SourceError('malformed', message);
    throw new SourceError('down', message);
  }

  private static data(data: unknown, what: string): Record<string, unknown> {
    if (!isObject(data)) throw new SourceError('malformed', `Growatt ${what}: no data in the answer`);
    return data;
  }

  private static instant(value: unknown, zone: string, what: string) {
    const ts = typeof value === 'string' ? localInstant(value, zone) : null;
    if (!ts) throw new SourceError('malformed', `Growatt ${what}: no readable time (zone ${zone})`);
    return ts;
  }

  private static station(p: Record<string, unknown>): Station {
    const id = text(p.plant_id) ?? text(p.id);
    if (!id) throw new SourceError('malformed', 'Growatt plant without an id');
    const kwp = vendorNumber(p.peak_power);
    return {
      id,
      name: text(p.name) ?? id,
      ...(kwp ? { capacity_w: Math.round(kwp * 1000) } : {}),
      ...(text(p.timezone) ? { time_zone: text(p.timezone) } : {}),
      location: {
        country: text(p.country), city: text(p.city) === '0' ? undefined : text(p.city),
        address: [text(p.address1), text(p.address2)].filter(Boolean).join(', ') || undefined,
        latitude: coordinate(p.latitude), longitude: coordinate(p.longitude),
      },
    };
  }

  /** Every plant of the token's user (no time zone here: plant() gives it). */
  async plants(): Promise<Station[]> {
    const out: Station[] = [];
    for (let page = 1; ; page++) {
      const data = GrowattClient.data(await this.get('plant/list', { page, perpage: PAGE }), 'plant/list');
      const plants = Array.isArray(data.plants) ? data.plants.filter(isObject) : [];
      out.push(...plants.map(GrowattClient.station));
      if (plants.length < PAGE || out.length >= (vendorNumber(data.count) ?? 0)) return out;
    }
  }

  /** One plant's details, with its zone and capacity. */
  async plant(plantId: string): Promise<Station> {
    const data = GrowattClient.data(await this.get('plant/details', { plant_id: plantId }), 'plant/details');
    return GrowattClient.station({ plant_id: plantId, ...data });
  }

  /** The plant's inverters and batteries (device/list). */
  async devices(plantId: string): Promise<StationInventory & { offline: string[] }> {
    const all: Record<string, unknown>[] = [];
    for (let page = 1; ; page++) {
      const data = GrowattClient.data(await this.get('device/list', { plant_id: plantId, page, perpage: PAGE }), 'device/list');
      const devices = Array.isArray(data.devices) ? data.devices.filter(isObject) : [];
      all.push(...devices);
      if (devices.length < PAGE || all.length >= (vendorNumber(data.count) ?? 0)) break;
    }
    const equipment = (d: Record<string, unknown>): StationEquipment => {
      const id = text(d.device_sn);
      if (!id) throw new SourceError('malformed', 'Growatt device without a serial');
      return { id, name: id, model: text(d.model), manufacturer: text(d.manufacturer) };
    };
    return {
      inverters: all.filter((d) => INVERTER_TYPES.has(Number(d.type))).map(equipment),
      meters: [],
      batteries: all.filter((d) => Number(d.type) === STORAGE_TYPE).map(equipment),
      // lost: the datalogger no longer reports
      offline: all.filter((d) => d.lost === true).map((d) => String(d.device_sn)),
    };
  }

  /** The plant's figures now (plant/data): power kW → W, energies kWh → Wh, at its last update. */
  async plantData(plantId: string, zone: string): Promise<VendorReading> {
    const d = GrowattClient.data(await this.get('plant/data', { plant_id: plantId }), 'plant/data');
    const power = vendorNumber(d.current_power);
    return {
      device: plantId,
      ts: GrowattClient.instant(d.last_update_time, text(d.timezone) ?? zone, 'plant/data'),
      ac_power_w: power === null ? 0 : scaled(power, 1000),
      energy_total_wh: vendorCounter(d.total_energy, 1000),
      energy_year_wh: vendorEnergy(d.yearly_energy, 1000),
      energy_day_wh: vendorEnergy(d.today_energy, 1000),
    };
  }

  /** The plant's 5-minute power of one local day (plant/power), W, oldest first; points without power left out. */
  async plantPower(plantId: string, date: string, zone: string): Promise<VendorReading[]> {
    const d = GrowattClient.data(await this.get('plant/power', { plant_id: plantId, date }), 'plant/power');
    const points = (Array.isArray(d.powers) ? d.powers.filter(isObject) : [])
      .filter((p) => vendorNumber(p.power) !== null)
      .sort((a, b) => String(a.time).localeCompare(String(b.time)));
    return localSeries(points, (p) => p.time, zone).map(({ item, ts }) => ({ device: plantId, ts, ac_power_w: vendorNumber(item.power)! }));
  }

  /**
   * An inverter's latest data (device/inverter/last_new_data): pac and ppv W, power_today and
   * power_total kWh → Wh, each MPPT's vpvN/ipvN/ppvN where it has a voltage.
   */
  async inverterLatest(serial: string, zone: string): Promise<VendorReading> {
    const d = GrowattClient.data(await this.get('device/inverter/last_new_data', { device_sn: serial }), 'last_new_data');
    const dc: DcReading[] = [];
    for (let mppt = 1; mppt <= 8; mppt++) {
      const voltage = vendorNumber(d[`vpv${mppt}`]);
      const current = vendorNumber(d[`ipv${mppt}`]);
      if (!voltage || current === null) continue;
      dc.push({ mppt, voltage_v: voltage, current_a: current, power_w: vendorNumber(d[`ppv${mppt}`]) ?? voltage * current });
    }
    return {
      device: serial,
      ts: GrowattClient.instant(d.time, zone, 'last_new_data'),
      status: text(d.status_text) ?? null,
      ac_power_w: vendorNumber(d.pac) ?? 0,
      pv_power_w: vendorNumber(d.ppv),
      dc: dc.length ? dc : null,
      energy_total_wh: vendorCounter(d.power_total, 1000),
      energy_day_wh: vendorEnergy(d.power_today, 1000),
    };
  }
}
