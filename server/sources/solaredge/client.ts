/**
 * SolarEdge Monitoring API (v1) client: sites, their inventory, and readings in the portal's shape.
 *
 * - Auth: the `api_key` query parameter (an account key sees /sites/list and every site; a site key
 *   only its site). 401/403 is a key that is wrong or has no access: 'credentials'.
 * - Quota: 300 calls a day per key and per site, at most 3 at once from one address; beyond either,
 *   HTTP 429: 'quota'. Calls to one host never run more than 3 at a time from this process (`gate`).
 * - 400 is an HTML (Tomcat) page naming the bad parameter: a request this client got wrong, reported
 *   as 'malformed' with that message. A 5xx or no answer: 'down'.
 * - Units: power W, energy Wh, peakPower kWp; currentPowerFlow in its own `unit` (kW or W).
 * - Times: "YYYY-MM-DD hh:mm:ss" in the site's zone (location.timeZone), quarter-hour series labelled
 *   by the quarter's start, `value` missing or null where there is no data.
 */
import { SourceError } from '../types.js';
import { isObject, scaled, text, vendorCounter, vendorEnergy, vendorRequest, vendorNumber } from '../http.js';
import { localInstant, localSeries, localText } from '../local-time.js';
import type { ClientOptions, Station, StationEquipment, StationInventory, VendorReading } from '../types.js';

export const SOLAREDGE_BASE_URL = 'https://monitoringapi.solaredge.com';
/** The manual's limits: calls per day per key and per site, and calls at once per source address. */
export const SOLAREDGE_DAILY_CALLS = 300;
export const SOLAREDGE_CONCURRENT_CALLS = 3;

export interface SolarEdgeCredentials { api_key: string }

/** Energy of one interval of a site's meters, Wh (energyDetails): what the interval's label starts. */
export interface EnergyInterval {
  device: string;
  start: Date;
  production_wh?: number;
  consumption_wh?: number;
  self_consumption_wh?: number;
  import_wh?: number;
  export_wh?: number;
}

/** One battery telemetry (storageData): power + charging, Wh counters of its lifetime. */
export interface BatteryReading {
  device: string;
  ts: Date;
  battery_power_w: number | null;
  battery_soc: number | null;
  charged_wh: number | null;
  discharged_wh: number | null;
}

/** At most SOLAREDGE_CONCURRENT_CALLS calls in flight per host, whichever account or client makes them. */
class Gate {
  private active = 0;
  private waiting: (() => void)[] = [];
  constructor(private limit: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
const gates = new Map<string, Gate>();
const gateFor = (host: string) => {
  let gate = gates.get(host);
  if (!gate) gates.set(host, gate = new Gate(SOLAREDGE_CONCURRENT_CALLS));
  return gate;
};

/** The message of a Tomcat error page ("Required parameter 'startDate' is not present"). */
const tomcatMessage = (html: string) =>
  /<b>Message<\/b>\s*([^<]*)/i.exec(html)?.[1]?.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').trim();

/** The meters of powerDetails and energyDetails (type, any case) and what each measures. */
const METERS = { production: 'production', consumption: 'consumption', selfconsumption: 'self_consumption', purchased: 'import', feedin: 'export' } as const;
type Meter = typeof METERS[keyof typeof METERS];

export class SolarEdgeClient {
  private base: string;
  private fetch: typeof fetch;
  private now: () => Date;
  private timeoutMs: number;
  private gate: Gate;

  constructor(private opts: ClientOptions<SolarEdgeCredentials>) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.now = opts.now ?? (() => new Date());
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.gate = gateFor(new URL(this.base).host);
  }

  private async get(path: string, query: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const url = new URL(this.base + path);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    url.searchParams.set('api_key', this.opts.credentials.api_key);
    const what = `SolarEdge ${path}`;
    const answer = await this.gate.run(() => vendorRequest(url, { fetch: this.fetch, timeoutMs: this.timeoutMs, now: this.now, what }));
    if (answer.status === 401 || answer.status === 403) throw new SourceError('credentials', `${what}: HTTP ${answer.status}, the API key is wrong or has no access to this site`);
    if (answer.status === 429) throw new SourceError('quota', `${what}: HTTP 429, over 300 calls today or 3 at once`, { code: 429, retryAfterMs: answer.retryAfterMs });
    if (answer.status === 400) throw new SourceError('malformed', `${what}: HTTP 400 ${tomcatMessage(answer.text) ?? ''}`.trim());
    if (answer.status >= 300) throw new SourceError('down', `${what}: HTTP ${answer.status}`);
    if (!isObject(answer.body)) throw new SourceError('malformed', `${what}: the answer is not a JSON object`);
    return answer.body;
  }

  /** The object under `key` (case-insensitive: the manual writes "Inventory", "Sites"), or a malformed error. */
  private static part(body: Record<string, unknown>, key: string, what: string): Record<string, unknown> {
    const found = Object.entries(body).find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1];
    if (!isObject(found)) throw new SourceError('malformed', `SolarEdge ${what}: no "${key}" in the answer`);
    return found;
  }

  private static station(site: Record<string, unknown>): Station {
    const id = text(site.id);
    if (!id) throw new SourceError('malformed', 'SolarEdge site without an id');
    const location = isObject(site.location) ? site.location : {};
    const kwp = vendorNumber(site.peakPower);
    return {
      id,
      name: text(site.name) ?? id,
      ...(kwp ? { capacity_w: Math.round(kwp * 1000) } : {}),
      ...(text(location.timeZone) ? { time_zone: text(location.timeZone) } : {}),
      location: {
        country: text(location.country), city: text(location.city),
        address: [text(location.address), text(location.address2)].filter(Boolean).join(', ') || undefined,
      },
    };
  }

  /** Every site of an account key, 100 a call. */
  async sites(): Promise<Station[]> {
    const out: Station[] = [];
    for (let start = 0; ; start += 100) {
      const sites = SolarEdgeClient.part(await this.get('/sites/list', { size: '100', startIndex: String(start) }), 'sites', '/sites/list');
      const list = Array.isArray(sites.list) ? sites.list.filter(isObject) : [];
      out.push(...list.map(SolarEdgeClient.station));
      const count = vendorNumber(sites.count) ?? 0;
      if (list.length < 100 || out.length >= count) return out;
    }
  }

  /** One site (a site key's way to learn its site). */
  async site(siteId: string): Promise<Station> {
    return SolarEdgeClient.station(SolarEdgeClient.part(await this.get(`/site/${encodeURIComponent(siteId)}/details`), 'details', 'details'));
  }

  /** The site's inverters, meters and batteries. */
  async inventory(siteId: string): Promise<StationInventory> {
    const inv = SolarEdgeClient.part(await this.get(`/site/${encodeURIComponent(siteId)}/inventory`), 'inventory', 'inventory');
    const list = (key: string) => (Array.isArray(inv[key]) ? (inv[key] as unknown[]).filter(isObject) : []);
    const equipment = (e: Record<string, unknown>, i: number, kind: string): StationEquipment => {
      const name = text(e.name) ?? `${kind} ${i + 1}`;
      const capacity = vendorNumber(e.nameplateCapacity);
      return {
        // meters carry no serial of their own: the device they hang on and their type name them
        id: text(e.SN) ?? text(e.serialNumber) ?? [text(e.connectedSolaredgeDeviceSN), text(e.type) ?? name].filter(Boolean).join(':'),
        name, model: text(e.model), manufacturer: text(e.manufacturer),
        ...(capacity ? { capacity_wh: capacity } : {}),
      };
    };
    return {
      inverters: list('inverters').map((e, i) => equipment(e, i, 'Inverter')),
      meters: list('meters').map((e, i) => equipment(e, i, 'Meter')),
      batteries: list('batteries').map((e, i) => equipment(e, i, 'Battery')),
    };
  }

  private range(from: Date, to: Date, zone: string) {
    const startTime = localText(from, zone);
    const endTime = localText(to, zone);
    if (!startTime || !endTime) throw new SourceError('malformed', `SolarEdge: unknown time zone ${zone}`);
    return { startTime, endTime };
  }

  private static instant(textValue: unknown, zone: string, what: string) {
    const ts = typeof textValue === 'string' ? localInstant(textValue, zone) : null;
    if (!ts) throw new SourceError('malformed', `SolarEdge ${what}: no readable time`);
    return ts;
  }

  /** The site's figures now: power W, and its lifetime, year and day energies Wh (overview). */
  async overview(siteId: string, zone: string): Promise<VendorReading> {
    const o = SolarEdgeClient.part(await this.get(`/site/${encodeURIComponent(siteId)}/overview`), 'overview', 'overview');
    const energy = (key: string) => (isObject(o[key]) ? (o[key] as Record<string, unknown>).energy : null);
    return {
      device: siteId,
      ts: SolarEdgeClient.instant(o.lastUpdateTime, zone, 'overview'),
      ac_power_w: vendorNumber(isObject(o.currentPower) ? o.currentPower.power : null) ?? 0,
      energy_total_wh: vendorCounter(energy('lifeTimeData')),
      energy_year_wh: vendorEnergy(energy('lastYearData')),
      energy_day_wh: vendorEnergy(energy('lastDayData')),
    };
  }

  /** Each meter's series of a window, by the label's instant. */
  private async meterSeries(kind: 'powerDetails' | 'energyDetails', siteId: string, zone: string, from: Date, to: Date, extra: Record<string, string>) {
    const body = SolarEdgeClient.part(
      await this.get(`/site/${encodeURIComponent(siteId)}/${kind}`, { ...this.range(from, to, zone), ...extra }), kind, kind,
    );
    const unit = text(body.unit);
    const factor = kind === 'powerDetails' ? (unit === 'kW' ? 1000 : 1) : unit === 'kWh' ? 1000 : unit === 'MWh' ? 1e6 : 1;
    const byTime = new Map<number, Partial<Record<Meter, number>>>();
    for (const meter of Array.isArray(body.meters) ? body.meters.filter(isObject) : []) {
      const field = METERS[String(meter.type).toLowerCase() as keyof typeof METERS];
      if (!field || !Array.isArray(meter.values)) continue;
      for (const { item, ts } of localSeries(meter.values.filter(isObject), (v) => v.date, zone)) {
        const value = vendorNumber(item.value);
        if (value === null) continue;
        const entry = byTime.get(ts.getTime()) ?? {};
        entry[field] = scaled(value, factor);
        byTime.set(ts.getTime(), entry);
      }
    }
    return [...byTime.entries()].sort(([a], [b]) => a - b);
  }

  /**
   * Average power of each quarter hour (powerDetails), at the quarter's start: production,
   * consumption, bought and sold. A quarter without a production value is left out (no data, not 0 W).
   */
  async powerDetails(siteId: string, zone: string, from: Date, to: Date): Promise<VendorReading[]> {
    const series = await this.meterSeries('powerDetails', siteId, zone, from, to, { meters: 'PRODUCTION,CONSUMPTION,SELFCONSUMPTION,FEEDIN,PURCHASED' });
    return series.filter(([, v]) => v.production !== undefined).map(([t, v]) => ({
      device: siteId, ts: new Date(t), ac_power_w: v.production!,
      consumption_w: v.consumption ?? null, grid_import_w: v.import ?? null, grid_export_w: v.export ?? null,
    }));
  }

  /** Energy of each interval (energyDetails, a quarter hour unless told), Wh, labelled by its start. */
  async energyDetails(siteId: string, zone: string, from: Date, to: Date, timeUnit = 'QUARTER_OF_AN_HOUR'): Promise<EnergyInterval[]> {
    const series = await this.meterSeries('energyDetails', siteId, zone, from, to, { timeUnit, meters: 'PRODUCTION,CONSUMPTION,SELFCONSUMPTION,FEEDIN,PURCHASED' });
    return series.map(([t, v]) => ({
      device: siteId, start: new Date(t),
      ...Object.fromEntries(Object.entries(v).map(([meter, wh]) => [`${meter}_wh`, wh])),
    }));
  }

  /**
   * The site's power flow now (currentPowerFlow carries no time: the reading is at `now`). Its unit
   * is read ("kW" on many sites); grid power is import or export by the GRID/LOAD connection's
   * direction; battery power is + charging, − discharging by STORAGE.status.
   */
  async currentPowerFlow(siteId: string): Promise<VendorReading> {
    const flow = SolarEdgeClient.part(await this.get(`/site/${encodeURIComponent(siteId)}/currentPowerFlow`), 'siteCurrentPowerFlow', 'currentPowerFlow');
    const unit = text(flow.unit);
    if (unit !== 'W' && unit !== 'kW') throw new SourceError('malformed', `SolarEdge currentPowerFlow: unknown unit ${unit ?? '(none)'}`);
    const factor = unit === 'kW' ? 1000 : 1;
    const element = (key: string) => (isObject(flow[key]) ? flow[key] as Record<string, unknown> : undefined);
    const power = (key: string) => {
      const p = vendorNumber(element(key)?.currentPower);
      return p === null ? null : scaled(p, factor);
    };
    const links = (Array.isArray(flow.connections) ? flow.connections.filter(isObject) : [])
      .map((c) => `${String(c.from).toUpperCase()}>${String(c.to).toUpperCase()}`);
    const grid = power('GRID');
    const exporting = links.includes('LOAD>GRID');
    const storage = element('STORAGE');
    const battery = power('STORAGE');
    const status = String(storage?.status ?? '').toLowerCase();
    return {
      device: siteId,
      ts: this.now(),
      ac_power_w: power('PV') ?? 0,
      consumption_w: power('LOAD'),
      grid_import_w: grid === null ? null : exporting ? 0 : grid,
      grid_export_w: grid === null ? null : exporting ? grid : 0,
      battery_power_w: battery === null ? null : status === 'discharging' ? -Math.abs(battery) : status === 'charging' ? Math.abs(battery) : 0,
      battery_soc: vendorNumber(storage?.chargeLevel),
    };
  }

  /** Each battery's telemetries of a window (storageData, at most a week): power W (+ charging), counters Wh. */
  async storageData(siteId: string, zone: string, from: Date, to: Date): Promise<BatteryReading[]> {
    const data = SolarEdgeClient.part(await this.get(`/site/${encodeURIComponent(siteId)}/storageData`, this.range(from, to, zone)), 'storageData', 'storageData');
    const out: BatteryReading[] = [];
    for (const battery of Array.isArray(data.batteries) ? data.batteries.filter(isObject) : []) {
      const device = text(battery.serialNumber) ?? text(battery.SN);
      if (!device || !Array.isArray(battery.telemetries)) continue;
      for (const { item, ts } of localSeries(battery.telemetries.filter(isObject), (t) => t.timeStamp, zone)) {
        out.push({
          device, ts,
          battery_power_w: vendorNumber(item.power),
          battery_soc: vendorNumber(item.batteryPercentageState),
          charged_wh: vendorCounter(item.lifeTimeEnergyCharged),
          discharged_wh: vendorCounter(item.lifeTimeEnergyDischarged),
        });
      }
    }
    return out;
  }

  /** An inverter's 5-minute telemetries (equipment data, at most a week): AC power W, lifetime counter Wh. */
  async inverterData(siteId: string, serial: string, zone: string, from: Date, to: Date): Promise<VendorReading[]> {
    const data = SolarEdgeClient.part(
      await this.get(`/equipment/${encodeURIComponent(siteId)}/${encodeURIComponent(serial)}/data`, this.range(from, to, zone)), 'data', 'equipment data',
    );
    const telemetries = Array.isArray(data.telemetries) ? data.telemetries.filter(isObject) : [];
    return localSeries(telemetries, (t) => t.date, zone).map(({ item, ts }) => ({
      device: serial, ts,
      status: text(item.inverterMode) ?? null,
      ac_power_w: vendorNumber(item.totalActivePower) ?? 0,
      energy_total_wh: vendorCounter(item.totalEnergy),
    }));
  }
}
