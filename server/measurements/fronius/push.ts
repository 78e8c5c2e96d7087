/**
 * What a Fronius Push Service job sends (Fronius' "Push Service" manual, formats "SolarAPI v1 -
 * CurrentData - Inverter | Meter | Storages | Powerflow" and "SolarAPI v1 - Logdata - Data | Errors and
 * Events"), read into device readings, site values and inverter events. The bodies are the Solar
 * API's JSON: a Head (Timestamp, RequestArguments) and a Body holding the data either directly or
 * under `Data` (both are seen, depending on the firmware); device ids are object keys.
 *
 * - Inverter (Scope System): PAC, TOTAL_ENERGY (the counter, preferred for energy), DAY/YEAR_ENERGY
 *   as `{Unit, Values: {deviceId: value}}`: a reading per device.
 * - Powerflow: Site (P_Grid + import, P_Load − consumption, P_Akku + discharge, P_PV) and Inverters
 *   ({deviceId: {P, SOC, E_Total}}): a reading per inverter, the site's flows on the first one; a
 *   hybrid's PV power (P_PV, with a battery on a site of one inverter) apart from its AC output.
 * - Meter: the feed-in meter's PowerReal_P_Sum (+ import); Storages: the battery's charge. They
 *   name no inverter: they are site values, added to the next readings (within SITE_MAX_AGE_MS).
 * - Logdata Data (archive): `{"inverter/N": {Start, Data: {channel: {Values: {seconds: value}}}}}`,
 *   a reading per instant (Start + seconds): PowerReal_PAC_Sum, or the interval's
 *   EnergyReal_WAC_Sum_Produced as its mean power; the DC strings' voltage and current.
 * - Logdata Errors and Events: channels InverterErrors / InverterEvents of the same shape, each value
 *   a code or `{"#": code, attr...}`.
 * Anything else is a PushFormatError: the receiver keeps the body for inspection.
 */
import type { DcReading, PushedSite } from '../../db/schema.js';
import type { PushFormat } from '../../../contract/push.js';
import { parseInstant } from '../time.js';

export class PushFormatError extends Error {}

/** A device's reading as pushed (no inverter yet: the receiver matches the device). */
export interface PushedReading {
  device: number;
  ts: Date;
  ac_power_w: number;
  pv_power_w?: number | null;
  energy_total_wh?: number | null;
  energy_day_wh?: number | null;
  energy_year_wh?: number | null;
  dc?: DcReading[] | null;
  grid_import_w?: number | null;
  grid_export_w?: number | null;
  consumption_w?: number | null;
  battery_power_w?: number | null;
  battery_soc?: number | null;
}

export interface PushedEvent { device: number; ts: Date; kind: 'error' | 'event'; code: number; detail: Record<string, unknown> }

export interface ParsedPush {
  format: PushFormat;
  /** Head.Timestamp: when the datalogger says it sent this (its clock). */
  at: Date;
  readings: PushedReading[];
  events: PushedEvent[];
  /** Site values this push reports (Meter, Storages, Powerflow), with the push's instant. */
  site: PushedSite;
}

/** Site values older than this (relative to a reading) are not added to it. */
export const SITE_MAX_AGE_MS = 10 * 60_000;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const deviceId = (key: string) => (/^\d{1,5}$/.test(key) ? Number(key) : null);

/** `{Unit, Values: {id: value}}` of a system-scope channel: value by device id. */
function valuesOf(field: unknown): Map<number, number | null> {
  const out = new Map<number, number | null>();
  if (!isObj(field) || !isObj(field.Values)) return out;
  for (const [key, value] of Object.entries(field.Values)) {
    const id = deviceId(key);
    if (id !== null) out.set(id, num(value));
  }
  return out;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const grid = (pGrid: number | null) => (pGrid === null ? {} : { grid_import_w: Math.max(pGrid, 0), grid_export_w: Math.max(0 - pGrid, 0) });

/** Reads a pushed body (already JSON-parsed); throws PushFormatError when it is none of the formats. */
export function parseFroniusPush(json: unknown): ParsedPush {
  if (!isObj(json) || !isObj(json.Head) || !isObj(json.Body)) throw new PushFormatError('Se esperaba un objeto JSON con Head y Body (SolarAPI v1).');
  const stamp = json.Head.Timestamp;
  const at = typeof stamp === 'string' ? parseInstant(stamp) : null;
  if (!at) throw new PushFormatError('Head.Timestamp falta o no es una fecha ISO 8601 con zona horaria.');
  const data = isObj(json.Body.Data) ? json.Body.Data : json.Body;
  const iso = at.toISOString();

  if (isObj(data.Site)) return { ...powerflow(data, at), at };
  if ('PAC' in data || 'TOTAL_ENERGY' in data) return { ...inverter(data, at), at };
  const entries = Object.entries(data);
  if (entries.some(([key]) => /^inverter\/\d+$/.test(key))) return { ...logdata(data), at };
  const devices = entries.filter(([key, v]) => deviceId(key) !== null && isObj(v)).map(([, v]) => v as Obj);
  if (devices.some((d) => isObj(d.Controller))) {
    const soc = devices.map((d) => (isObj(d.Controller) ? num(d.Controller.StateOfCharge_Relative) : null)).find((v) => v !== null);
    return { format: 'storages', at, readings: [], events: [], site: soc == null ? {} : { battery_soc: { value: soc, at: iso } } };
  }
  if (devices.some((d) => 'PowerReal_P_Sum' in d)) {
    const site: PushedSite = {};
    for (const meter of devices) {
      const p = num(meter.PowerReal_P_Sum);
      if (p === null) continue;
      // Meter_Location_Current 0: at the feed-in point (+ bought); 1: in the consumption path.
      if (meter.Meter_Location_Current === 0) site.grid_w = { value: p, at: iso };
      else if (meter.Meter_Location_Current === 1) site.consumption_w = { value: Math.abs(p), at: iso };
    }
    return { format: 'meter', at, readings: [], events: [], site };
  }
  throw new PushFormatError('Formato no reconocido: se esperaba CurrentData (Inverter, Meter, Storages, Powerflow) o Logdata.');
}

type Parsed = Omit<ParsedPush, 'at'>;

function inverter(data: Obj, at: Date): Parsed {
  const pac = valuesOf(data.PAC);
  const total = valuesOf(data.TOTAL_ENERGY);
  const day = valuesOf(data.DAY_ENERGY);
  const year = valuesOf(data.YEAR_ENERGY);
  const devices = [...new Set([...pac.keys(), ...total.keys()])].sort((a, b) => a - b);
  if (!devices.length) throw new PushFormatError('CurrentData Inverter sin valores por equipo (PAC.Values, TOTAL_ENERGY.Values).');
  return {
    format: 'inverter', events: [], site: {},
    // No PAC: the inverter sleeps (the datalogger leaves it out at night).
    readings: devices.map((device) => ({
      device, ts: at, ac_power_w: pac.get(device) ?? 0, energy_total_wh: total.get(device) ?? null,
      energy_day_wh: day.get(device) ?? null, energy_year_wh: year.get(device) ?? null,
    })),
  };
}

function powerflow(data: Obj, at: Date): Parsed {
  const site = data.Site as Obj;
  const iso = at.toISOString();
  const pGrid = num(site.P_Grid);
  const pLoad = num(site.P_Load);
  const pAkku = num(site.P_Akku);
  const pushed: PushedSite = {};
  if (pGrid !== null) pushed.grid_w = { value: pGrid, at: iso };
  // Fronius P_Load is negative while the house consumes; P_Akku positive while the battery discharges.
  if (pLoad !== null) pushed.consumption_w = { value: 0 - pLoad, at: iso };
  if (pAkku !== null) pushed.battery_power_w = { value: 0 - pAkku, at: iso };
  const inverters = isObj(data.Inverters) ? Object.entries(data.Inverters) : [];
  // A hybrid (a battery on the site) reports its PV power apart from its AC output; P_PV is the site's,
  // so it is an inverter's only when the site has one.
  const pv = pAkku !== null && inverters.length === 1 ? num(site.P_PV) : null;
  const readings: PushedReading[] = [];
  for (const [key, value] of inverters.sort(([a], [b]) => Number(a) - Number(b))) {
    const device = deviceId(key);
    if (device === null || !isObj(value)) continue;
    const soc = num(value.SOC);
    if (soc !== null) pushed.battery_soc = { value: soc, at: iso };
    readings.push({ device, ts: at, ac_power_w: num(value.P) ?? 0, pv_power_w: pv, energy_total_wh: num(value.E_Total), battery_soc: soc });
  }
  return { format: 'powerflow', readings, events: [], site: pushed };
}

/** The archive's instants of a device: seconds after its Start, in order. */
function logdata(data: Obj): Parsed {
  const readings: PushedReading[] = [];
  const events: PushedEvent[] = [];
  for (const [key, node] of Object.entries(data)) {
    const m = /^inverter\/(\d+)$/.exec(key);
    if (!m || !isObj(node)) continue;
    const device = Number(m[1]);
    const start = typeof node.Start === 'string' ? parseInstant(node.Start) : null;
    if (!start) throw new PushFormatError(`Logdata: ${key}.Start falta o no es una fecha ISO 8601.`);
    const channels = isObj(node.Data) ? node.Data : {};
    const series = (name: string) => {
      const c = channels[name];
      return isObj(c) && isObj(c.Values) ? c.Values : {};
    };
    const instant = (offset: string) => new Date(start.getTime() + Number(offset) * 1000);

    for (const [channel, kind] of [['InverterErrors', 'error'], ['InverterEvents', 'event']] as const) {
      for (const [offset, value] of Object.entries(series(channel))) {
        if (!/^\d+$/.test(offset)) continue;
        const code = num(value) ?? (isObj(value) ? num(value['#']) ?? num(value.Code) ?? num(value.code) : null);
        if (code === null || !Number.isInteger(code)) continue;
        const detail = isObj(value) ? Object.fromEntries(Object.entries(value).filter(([k]) => k !== '#')) : {};
        events.push({ device, ts: instant(offset), kind, code, detail });
      }
    }

    const power = series('PowerReal_PAC_Sum');
    const energy = series('EnergyReal_WAC_Sum_Produced');
    const offsets = [...new Set([...Object.keys(power), ...Object.keys(energy)])].filter((o) => /^\d+$/.test(o)).sort((a, b) => Number(a) - Number(b));
    let previous: number | null = null;
    for (const offset of offsets) {
      const seconds = Number(offset);
      const wh = num(energy[offset]);
      // The archive's energy is that of the interval ending here; without a power channel, its mean power.
      const dt = previous === null ? 300 : seconds - previous;
      previous = seconds;
      const ac = num(power[offset]) ?? (wh !== null && dt > 0 ? round1(wh * 3600 / dt) : null);
      if (ac === null) continue;
      const dc: DcReading[] = [];
      for (let s = 1; s <= 8; s++) {
        const voltage = num(series(`Voltage_DC_String_${s}`)[offset]);
        const current = num(series(`Current_DC_String_${s}`)[offset]);
        if (voltage !== null && current !== null) dc.push({ mppt: s, voltage_v: voltage, current_a: current, power_w: round1(voltage * current) });
      }
      readings.push({ device, ts: instant(offset), ac_power_w: ac, dc: dc.length ? dc : null });
    }
  }
  if (!readings.length && !events.length) throw new PushFormatError('Logdata sin datos de inversores ("inverter/N").');
  return { format: 'logdata', readings, events, site: {} };
}

/**
 * The push with every instant moved by `ms` (its readings, events and site values): a datalogger
 * whose clock is off has its data filed at the time it was received (time.ts deviceClock).
 */
export function shiftPush(parsed: ParsedPush, ms: number): ParsedPush {
  const move = (d: Date) => new Date(d.getTime() + ms);
  const site = Object.fromEntries(Object.entries(parsed.site).map(([k, v]) => [k, { ...v, at: move(new Date(v.at)).toISOString() }])) as PushedSite;
  return {
    ...parsed, at: move(parsed.at), site,
    readings: parsed.readings.map((r) => ({ ...r, ts: move(r.ts) })),
    events: parsed.events.map((e) => ({ ...e, ts: move(e.ts) })),
  };
}

/** Site values of `site` that are recent at `ts`, as the fields of a reading. */
export function siteFields(site: PushedSite, ts: Date): Partial<PushedReading> {
  const fresh = (v?: { value: number; at: string }) => (v && Math.abs(ts.getTime() - Date.parse(v.at)) <= SITE_MAX_AGE_MS ? v.value : null);
  const out: Partial<PushedReading> = {};
  const pGrid = fresh(site.grid_w);
  if (pGrid !== null) Object.assign(out, grid(pGrid));
  const consumption = fresh(site.consumption_w);
  if (consumption !== null) out.consumption_w = consumption;
  const battery = fresh(site.battery_power_w);
  if (battery !== null) out.battery_power_w = battery;
  const soc = fresh(site.battery_soc);
  if (soc !== null) out.battery_soc = soc;
  return out;
}

/** Newer values of `next` over those of `prev`. */
export function mergeSite(prev: PushedSite, next: PushedSite): PushedSite {
  const out: PushedSite = { ...prev };
  for (const [k, v] of Object.entries(next) as [keyof PushedSite, { value: number; at: string }][]) {
    const old = out[k];
    if (!old || Date.parse(old.at) <= Date.parse(v.at)) out[k] = v;
  }
  return out;
}
