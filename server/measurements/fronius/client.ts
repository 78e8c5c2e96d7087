/**
 * Fronius Solar API v1 client: one normalised reading of one inverter, read from its datalogger
 * (Datamanager or GEN24/Tauro web server) by five GETs under /solar_api/v1/, made in parallel:
 *
 * - GetInverterRealtimeData.cgi (Device scope, CommonInverterData) — required: AC power, DC inputs,
 *   energy counters and the device status. If it fails, the whole reading fails with a FroniusError.
 * - GetPowerFlowRealtimeData.fcgi, GetMeterRealtimeData.cgi, GetStorageRealtimeData.cgi (System
 *   scope), GetInverterInfo.cgi — optional: a plant without meter or battery (or an old firmware
 *   without power flow) answers them with an error, a 404 or empty data; their fields are then null
 *   and the endpoint is listed in `unavailable`.
 *
 * Devices answer loosely typed JSON (numbers or nulls inside `{Value, Unit}`, ids as object keys,
 * GEN24 firmware omitting DAY_ENERGY/YEAR_ENERGY and writing some status codes as words), so every
 * field is checked before use. The only error this module throws is FroniusError, whose `kind` says
 * what went wrong; the collector turns it into the device's offline state.
 */
import http from 'node:http';
import https from 'node:https';
import { FRONIUS_STATUSES, type FroniusErrorKind, type FroniusReading, type FroniusStatus } from '../../../contract/collector.js';
import type { DcInput } from '../../../contract/measurements.js';

/** Why a datalogger could not be read; `message` is shown to staff as the device's last error. */
export class FroniusError extends Error {
  constructor(public kind: FroniusErrorKind, message: string) {
    super(message);
    this.name = 'FroniusError';
  }
}

export interface ReadOptions {
  /**
   * Hard deadline of each request, counted from its start in the device's time (a stall of this
   * process is not counted: deviceDeadline); the five run in parallel, so the whole reading ends by
   * then, whatever the datalogger does.
   */
  timeoutMs: number;
  /** Aborts everything in flight (the collector's shutdown). */
  signal?: AbortSignal;
}

/** Fronius answers are a few kB; anything past this is not a Fronius answer. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The Solar API base of a datalogger address as staff type it: `192.168.1.50`, `logger.local:8080`
 * or `http(s)://host[:port][/prefix]` (a prefix for dataloggers behind a reverse proxy).
 */
export function dataloggerBaseUrl(address: string): URL {
  const trimmed = address.trim();
  if (!trimmed) throw new FroniusError('address', 'El inversor no tiene dirección de datalogger.');
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
  } catch {
    throw new FroniusError('address', `Dirección de datalogger inválida: ${trimmed}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FroniusError('address', `Dirección de datalogger inválida: ${trimmed}`);
  }
  url.search = '';
  url.hash = '';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/solar_api/v1/`;
  return url;
}

/** A timer firing this much later than asked means this process was stalled meanwhile (ms). */
const STALL_MS = 100;
/** How often the deadline looks at the clock (ms). */
const DEADLINE_STEP_MS = 250;
/** However stalled this process, a read ends after this many times its deadline. */
const DEADLINE_WALL_FACTOR = 3;

/**
 * Calls `expired` once `timeoutMs` of the device's time have passed: time during which this process
 * could have seen its answer. The timer runs in steps; a step that fires late (the event loop was
 * blocked: a heavy request, a long garbage collection) counts nothing, and no deadline ends on it,
 * since what the device sent meanwhile has not been read yet (timers run before I/O in a turn of the
 * event loop). So a stall of the server itself never makes a device late; a device that keeps
 * silent or trickles is still cut off after `timeoutMs` of an attentive server, and after
 * DEADLINE_WALL_FACTOR × `timeoutMs` in any case. Returns the function that cancels it.
 */
export function deviceDeadline(timeoutMs: number, expired: () => void): () => void {
  const started = performance.now();
  let last = started;
  let counted = 0;
  let timer: NodeJS.Timeout;
  const step = () => {
    const t = performance.now();
    const gap = t - last;
    last = t;
    const stalled = gap - Math.min(DEADLINE_STEP_MS, timeoutMs) > STALL_MS;
    if (!stalled) counted += gap;
    if ((!stalled && counted >= timeoutMs) || t - started >= timeoutMs * DEADLINE_WALL_FACTOR) return expired();
    timer = setTimeout(step, Math.max(1, Math.min(DEADLINE_STEP_MS, timeoutMs - counted)));
  };
  timer = setTimeout(step, Math.min(DEADLINE_STEP_MS, timeoutMs));
  return () => clearTimeout(timer);
}

/**
 * One GET under a hard deadline; the parsed JSON, or a FroniusError.
 *
 * node:http rather than fetch: Node 20's fetch can lose its abort when a garbage collection runs while
 * the body is read (nodejs/node#56917, nodejs/undici#4089), so a datalogger whose link dropped halfway
 * through an answer held the read for undici's 300 s body timeout, or for ever if it trickled a byte
 * now and then. Here the deadline's timer destroys the request and its socket itself, with nothing
 * in between that a collection could take away, and it counts from the start: total, not idle time
 * (the device's time: see deviceDeadline).
 */
function getJson(url: URL, { timeoutMs, signal }: ReadOptions): Promise<unknown> {
  const endpoint = url.pathname.split('/').pop();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new FroniusError('aborted', 'Lectura cancelada.'));
    // No agent: a connection of its own, closed with the answer; nothing half-read stays in a pool.
    const req = (url.protocol === 'https:' ? https : http).get(url, { headers: { accept: 'application/json' }, agent: false });
    let settled = false;
    /** True for the first outcome only; it ends the deadline and the abort listener. */
    const settle = () => {
      if (settled) return false;
      settled = true;
      cancelDeadline();
      signal?.removeEventListener('abort', onAbort);
      return true;
    };
    const fail = (err: FroniusError) => {
      if (!settle()) return;
      req.destroy();
      reject(err);
    };
    const cancelDeadline = deviceDeadline(timeoutMs, () => fail(new FroniusError('timeout', `El datalogger no respondió en ${timeoutMs} ms.`)));
    const onAbort = () => fail(new FroniusError('aborted', 'Lectura cancelada.'));
    signal?.addEventListener('abort', onAbort, { once: true });
    // Refused: something answers at that address, but nothing listens on the port (the datalogger is
    // off, or the address is another machine's); otherwise no route, reset, name not found...
    const lost = (err: NodeJS.ErrnoException) =>
      fail(new FroniusError(err.code === 'ECONNREFUSED' ? 'refused' : 'offline', `Sin conexión con el datalogger${err.code ? ` (${err.code})` : ''}.`));
    req.on('error', lost);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      // Redirects are refused like any other status but 2xx: a datalogger answers its own Solar API.
      // 404/501: the datalogger does not offer that call (another firmware, or no such device id).
      if (status === 404 || status === 501) return fail(new FroniusError('unsupported', `El datalogger no ofrece ${endpoint} (HTTP ${status}).`));
      if (status < 200 || status > 299) return fail(new FroniusError('http', `El datalogger respondió HTTP ${status} a ${endpoint}.`));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) fail(new FroniusError('malformed', 'Respuesta demasiado grande.'));
        else chunks.push(chunk);
      });
      // The connection closing before the answer is complete (ECONNRESET).
      res.on('error', lost);
      res.on('end', () => {
        if (!settle()) return;
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          reject(new FroniusError('malformed', `Respuesta que no es JSON en ${endpoint}.`));
        }
      });
    });
  });
}

// ---------- defensive reading of the JSON ----------

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const malformed = (what: string) => new FroniusError('malformed', `Respuesta con forma inesperada (${what}).`);

/** A plain number or null; anything else is malformed. */
function numberAt(v: unknown, what: string): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw malformed(what);
}

/** `{Value, Unit}` fields of realtime data: the value, null when absent or null. */
function valueOf(data: Obj, key: string): number | null {
  const field = data[key];
  if (field === undefined || field === null) return null;
  if (!isObj(field)) throw malformed(key);
  return numberAt(field.Value, key);
}

const textAt = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

interface Envelope { data: Obj; timestamp: string }

/** Head/Body of a Solar API answer; a non-zero Head.Status.Code is the device refusing (`device`). */
function envelope(json: unknown, endpoint: string): Envelope {
  if (!isObj(json) || !isObj(json.Head) || !isObj(json.Head.Status)) throw malformed(`${endpoint}: Head`);
  const code = json.Head.Status.Code;
  if (typeof code !== 'number') throw malformed(`${endpoint}: Head.Status.Code`);
  if (code !== 0) {
    const reason = textAt(json.Head.Status.Reason) ?? textAt(json.Head.Status.UserMessage) ?? '';
    // Solar API status 1 NotImplemented, 11 NotSupported: the call is not offered; others: the device could not answer it.
    throw new FroniusError(code === 1 || code === 11 ? 'unsupported' : 'device', `El datalogger respondió el código ${code} en ${endpoint}${reason ? `: ${reason}` : ''}.`);
  }
  const timestamp = json.Head.Timestamp;
  if (typeof timestamp !== 'string' || !ISO_TIMESTAMP.test(timestamp) || Number.isNaN(Date.parse(timestamp))) {
    throw malformed(`${endpoint}: Head.Timestamp`);
  }
  const body = json.Body;
  if (!isObj(body)) throw malformed(`${endpoint}: Body`);
  // Some firmware leaves Data out entirely when a device class has nothing to report.
  if (body.Data !== undefined && !isObj(body.Data)) throw malformed(`${endpoint}: Body.Data`);
  return { data: (body.Data as Obj | undefined) ?? {}, timestamp };
}

/** CustomName comes HTML-escaped, character by character ("&#80;&#114;..."). */
export function decodeHtmlEntities(s: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ent: string) => {
    if (ent[0] !== '#') return named[ent.toLowerCase()] ?? whole;
    const cp = ent[1] === 'x' || ent[1] === 'X' ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
  });
}

/**
 * Fronius DeviceStatus.StatusCode: 0-6 startup, 7 running, 8 standby, 9 bootloading, 10 error. A
 * Symo asleep at night keeps answering 0-6 (the recorded answer of 23:33: 3, error 523): without
 * power that is the night, not a start, so it reads as 'night' and never as a fault.
 */
function statusFromCode(code: number, producing: boolean): FroniusStatus | null {
  if (code >= 0 && code <= 6) return producing ? 'startup' : 'night';
  return ({ 7: 'running', 8: 'standby', 9: 'bootloading', 10: 'error' } as Record<number, FroniusStatus>)[code] ?? null;
}

/** GEN24 firmware reports the state as a word (DeviceStatus.InverterState, or StatusCode itself). */
function statusFromWord(word: string): FroniusStatus | null {
  const w = word.trim().toLowerCase();
  if (w === 'sleeping') return 'night';
  if (w === 'fault') return 'error';
  return (FRONIUS_STATUSES as readonly string[]).includes(w) && w !== 'offline' ? w as FroniusStatus : null;
}

interface InverterPart {
  ts: string; status: FroniusStatus; status_code: number | null; error_code: number | null;
  ac_power_w: number | null; energy_day_wh: number | null; energy_year_wh: number | null; energy_total_wh: number | null; dc: DcInput[];
}

function parseInverter(json: unknown): InverterPart {
  const { data, timestamp } = envelope(json, 'GetInverterRealtimeData');
  const ac = valueOf(data, 'PAC');
  const dc: DcInput[] = [];
  for (let mppt = 1; mppt <= 8; mppt++) {
    const suffix = mppt === 1 ? '' : `_${mppt}`;
    const voltage = valueOf(data, `UDC${suffix}`);
    const current = valueOf(data, `IDC${suffix}`);
    if (voltage !== null && current !== null) {
      dc.push({ mppt, voltage_v: voltage, current_a: current, power_w: Math.round(voltage * current * 10) / 10 });
    }
  }
  let statusCode: number | null = null;
  let errorCode: number | null = null;
  let status: FroniusStatus | null = null;
  const producing = (ac ?? 0) > 0;
  const ds = data.DeviceStatus;
  if (ds !== undefined && ds !== null) {
    if (!isObj(ds)) throw malformed('DeviceStatus');
    if (typeof ds.StatusCode === 'string') status = statusFromWord(ds.StatusCode);
    else statusCode = numberAt(ds.StatusCode, 'DeviceStatus.StatusCode');
    errorCode = numberAt(ds.ErrorCode, 'DeviceStatus.ErrorCode');
    if (statusCode !== null) status = statusFromCode(statusCode, producing);
    if (status === null && typeof ds.InverterState === 'string') status = statusFromWord(ds.InverterState);
  }
  // No status at all: producing means running; otherwise the inverter sleeps (no PAC, empty values).
  status ??= statusCode === null ? (producing ? 'running' : 'night') : (producing ? 'running' : 'standby');
  return {
    ts: timestamp, status, status_code: statusCode, error_code: errorCode,
    ac_power_w: ac, energy_day_wh: valueOf(data, 'DAY_ENERGY'), energy_year_wh: valueOf(data, 'YEAR_ENERGY'), energy_total_wh: valueOf(data, 'TOTAL_ENERGY'), dc,
  };
}

interface FlowPart { p_grid: number | null; p_load: number | null; p_akku: number | null; p_pv: number | null; inverter_p: number | null; soc: number | null }

function parsePowerFlow(json: unknown, deviceId: number): FlowPart {
  const { data } = envelope(json, 'GetPowerFlowRealtimeData');
  if (!isObj(data.Site)) throw malformed('PowerFlow Site');
  const site = data.Site;
  const inverters = data.Inverters;
  if (inverters !== undefined && !isObj(inverters)) throw malformed('PowerFlow Inverters');
  const inv = inverters?.[String(deviceId)];
  if (inv !== undefined && !isObj(inv)) throw malformed('PowerFlow Inverters.n');
  return {
    p_grid: numberAt(site.P_Grid, 'P_Grid'), p_load: numberAt(site.P_Load, 'P_Load'),
    p_akku: numberAt(site.P_Akku, 'P_Akku'), p_pv: numberAt(site.P_PV, 'P_PV'),
    inverter_p: inv ? numberAt(inv.P, 'Inverters.P') : null, soc: inv ? numberAt(inv.SOC, 'Inverters.SOC') : null,
  };
}

/** The grid meter's power (positive = import), from the meter at the feed-in point (Meter_Location_Current 0). */
function parseMeter(json: unknown): number | null {
  const { data } = envelope(json, 'GetMeterRealtimeData');
  for (const meter of Object.values(data)) {
    if (!isObj(meter)) throw malformed('Meter');
    if (meter.Meter_Location_Current === 0) return numberAt(meter.PowerReal_P_Sum, 'PowerReal_P_Sum');
  }
  return null;
}

interface StoragePart { soc: number | null; model: string | null; serial: string | null }

function parseStorage(json: unknown): StoragePart | null {
  const { data } = envelope(json, 'GetStorageRealtimeData');
  for (const storage of Object.values(data)) {
    if (!isObj(storage) || !isObj(storage.Controller)) throw malformed('Storage Controller');
    const c = storage.Controller;
    const details = isObj(c.Details) ? c.Details : {};
    const maker = textAt(details.Manufacturer);
    const name = textAt(details.Model);
    // "BYD" + "BYD Battery-Box HV": the model often names its maker already.
    const model = name && maker && !name.toLowerCase().startsWith(maker.toLowerCase()) ? `${maker} ${name}` : name ?? maker;
    return { soc: numberAt(c.StateOfCharge_Relative, 'StateOfCharge_Relative'), model, serial: textAt(details.Serial) };
  }
  return null;
}

interface InfoPart { model: string | null; serial: string | null; device_type: number | null }

function parseInverterInfo(json: unknown, deviceId: number): InfoPart | null {
  const { data } = envelope(json, 'GetInverterInfo');
  const info = data[String(deviceId)];
  if (info === undefined) return null;
  if (!isObj(info)) throw malformed('InverterInfo');
  const dt = numberAt(info.DT, 'DT');
  return {
    model: typeof info.CustomName === 'string' ? textAt(decodeHtmlEntities(info.CustomName)) : null,
    serial: typeof info.UniqueID === 'string' || typeof info.UniqueID === 'number' ? textAt(String(info.UniqueID)) : null,
    device_type: dt !== null && Number.isInteger(dt) ? dt : null,
  };
}

/** `0 - x` rather than `-x`: no negative zero in the output. */
const negate = (x: number | null) => (x === null ? null : 0 - x);

/**
 * Reads inverter `deviceId` on the datalogger at `address` and returns one normalised reading.
 * Throws only FroniusError.
 */
export async function readFronius(address: string, deviceId: number, options: ReadOptions): Promise<FroniusReading> {
  const base = dataloggerBaseUrl(address);
  const at = (path: string) => new URL(path, base);
  // One listener on the caller's signal per reading (not per request), relayed to the five requests.
  const reading = new AbortController();
  const relay = () => reading.abort();
  options.signal?.addEventListener('abort', relay, { once: true });
  if (options.signal?.aborted) reading.abort();
  const opts = { timeoutMs: options.timeoutMs, signal: reading.signal };
  const [inverter, flow, meter, storage, info] = await Promise.allSettled([
    getJson(at(`GetInverterRealtimeData.cgi?Scope=Device&DeviceId=${deviceId}&DataCollection=CommonInverterData`), opts),
    getJson(at('GetPowerFlowRealtimeData.fcgi'), opts),
    getJson(at('GetMeterRealtimeData.cgi?Scope=System'), opts),
    getJson(at('GetStorageRealtimeData.cgi?Scope=System'), opts),
    getJson(at('GetInverterInfo.cgi'), opts),
  ]).finally(() => options.signal?.removeEventListener('abort', relay));
  if (inverter.status === 'rejected') throw asFroniusError(inverter.reason);
  let inv: InverterPart;
  try {
    inv = parseInverter(inverter.value);
  } catch (err) {
    throw asFroniusError(err);
  }

  const unavailable: string[] = [];
  /** An optional endpoint's parsed part, or null (and listed) when it failed or made no sense. */
  const optional = <T>(name: string, result: PromiseSettledResult<unknown>, parse: (json: unknown) => T | null): T | null => {
    if (result.status === 'fulfilled') {
      try {
        const part = parse(result.value);
        if (part !== null) return part;
      } catch { /* listed below */ }
    }
    unavailable.push(name);
    return null;
  };
  const pf = optional('power_flow', flow, (j) => parsePowerFlow(j, deviceId));
  const gridMeter = optional('meter', meter, parseMeter);
  const battery = optional('storage', storage, parseStorage);
  const device = optional('inverter_info', info, (j) => parseInverterInfo(j, deviceId));

  // Fronius P_Grid: positive = taken from the grid; a grid meter's PowerReal_P_Sum has the same sign.
  const pGrid = pf?.p_grid ?? gridMeter;
  return {
    ts: inv.ts,
    status: inv.status,
    status_code: inv.status_code,
    error_code: inv.error_code,
    ac_power_w: inv.ac_power_w ?? pf?.inverter_p ?? null,
    energy_day_wh: inv.energy_day_wh,
    energy_year_wh: inv.energy_year_wh,
    energy_total_wh: inv.energy_total_wh,
    dc: inv.dc,
    pv_power_w: pf?.p_pv ?? null,
    grid_import_w: pGrid === null ? null : Math.max(pGrid, 0),
    grid_export_w: pGrid === null ? null : Math.max(0 - pGrid, 0),
    // Fronius P_Load is negative while the house consumes.
    consumption_w: negate(pf?.p_load ?? null),
    // Fronius P_Akku: positive = the battery discharges. Ours (as the simulator's): positive = charging.
    battery_power_w: negate(pf?.p_akku ?? null),
    battery_soc: battery?.soc ?? pf?.soc ?? null,
    device: {
      model: device?.model ?? null, serial: device?.serial ?? null, device_type: device?.device_type ?? null,
      battery_model: battery?.model ?? null, battery_serial: battery?.serial ?? null,
    },
    unavailable,
  };
}

function asFroniusError(err: unknown): FroniusError {
  return err instanceof FroniusError ? err : new FroniusError('malformed', `Respuesta inesperada: ${String((err as Error)?.message ?? err)}`);
}
