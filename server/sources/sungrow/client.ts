/**
 * Sungrow iSolarCloud OpenAPI client (the app key and login token flow): plants, their devices, and
 * the plants' real-time figures in the portal's shape.
 *
 * - Auth: every call is a JSON POST with the headers `x-access-key` (the developer app's secret) and
 *   `sys_code: 901`, and `appkey` and `lang` in the body. POST /openapi/login with the account and
 *   password gives a token, sent in every later body. A login refused: 'credentials'.
 * - Answers keep HTTP 200: `{req_serial_num, result_code, result_msg, result_data}` with result_code a
 *   string, "1" success. E00003, E900, E912, E914, E919 are a dead token: the client logs in again
 *   and repeats the call once ('session' if the new token is refused too); E998, E999 are throttling
 *   ('quota'); any other code is the cloud failing ('down').
 * - Units: real-time point values are strings in the point's storage unit (getOpenPointInfo):
 *   p83033 plant power W, p83022 the day's yield Wh, p83024 the lifetime yield Wh; null is no value.
 * - Times: device_time "YYYYMMDDhhmmss" in the plant's local time, its zone written "GMT+8"
 *   (ps_current_time_zone).
 */
import { SourceError } from '../types.js';
import { isObject, text, vendorCounter, vendorEnergy, vendorNumber, vendorRequest } from '../http.js';
import { localInstant } from '../local-time.js';
import type { ClientOptions, Station, StationEquipment, StationInventory, VendorReading } from '../types.js';

export const SUNGROW_BASE_URL = 'https://gateway.isolarcloud.com.hk';

export interface SungrowCredentials {
  /** The developer app's key (sent as `appkey`) and secret (sent as `x-access-key`). */
  app_key: string;
  secret_key: string;
  user_account: string;
  user_password: string;
}

const SESSION_ENDED = new Set(['E00003', 'E900', 'E912', 'E914', 'E919']);
const THROTTLED = new Set(['E998', 'E999']);
/** Real-time keys per call (getDeviceRealTimeData). */
export const SUNGROW_KEYS_PER_CALL = 50;
const PAGE = 100;
/** Plant points: power W, day's yield Wh, lifetime yield Wh. */
const PLANT_POINTS = { power: '83033', day: '83022', total: '83024' };
/** device_type of getDeviceList: 1 inverter, 7 meter, 14 energy storage system, 43 battery. */
const INVERTER = 1;
const METER = 7;
const BATTERIES = new Set([14, 43]);

export class SungrowClient {
  private base: string;
  private fetch: typeof fetch;
  private now: () => Date;
  private timeoutMs: number;
  private token: string | null = null;
  /** The login under way: calls made meanwhile wait for it rather than log in too. */
  private loggingIn: Promise<string> | null = null;

  constructor(private opts: ClientOptions<SungrowCredentials>) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.now = opts.now ?? (() => new Date());
    this.timeoutMs = opts.timeoutMs ?? 20_000;
  }

  /** One POST, its envelope checked: the result_data, or a SourceError by result_code. */
  private async post(path: string, body: Record<string, unknown>): Promise<{ code: string; data: unknown; message: string }> {
    const what = `Sungrow ${path}`;
    const answer = await vendorRequest(`${this.base}/openapi/${path}`, {
      fetch: this.fetch, timeoutMs: this.timeoutMs, now: this.now, what,
      headers: { 'x-access-key': this.opts.credentials.secret_key, sys_code: '901' },
      json: { appkey: this.opts.credentials.app_key, lang: '_en_US', ...body },
    });
    if (answer.status === 401 || answer.status === 403) throw new SourceError('credentials', `${what}: HTTP ${answer.status}`);
    if (answer.status === 429) throw new SourceError('quota', `${what}: HTTP 429`, { code: 429, retryAfterMs: answer.retryAfterMs });
    if (answer.status !== 200) throw new SourceError('down', `${what}: HTTP ${answer.status}`);
    const parsed = answer.body;
    if (!isObject(parsed) || text(parsed.result_code) === undefined) throw new SourceError('malformed', `${what}: no result_code in the answer`);
    const code = text(parsed.result_code)!;
    return { code, data: parsed.result_data, message: `${what}: ${code} ${text(parsed.result_msg) ?? ''}`.trim() };
  }

  private async login(): Promise<string> {
    const { user_account, user_password } = this.opts.credentials;
    const { code, data, message } = await this.post('login', { user_account, user_password });
    if (THROTTLED.has(code)) throw new SourceError('quota', message);
    const token = isObject(data) ? text(data.token) : undefined;
    // A refused login answers a code other than "1", or "1" without a token (login_state other than 1).
    if (code !== '1' || !token) throw new SourceError('credentials', `${message}: the login was refused`);
    return this.token = token;
  }

  /** A call with the session's token: logs in first if needed, and again once if the token has died. */
  private async call(path: string, body: Record<string, unknown>): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const token = this.token ?? await (this.loggingIn ??= this.login().finally(() => { this.loggingIn = null; }));
      const { code, data, message } = await this.post(path, { ...body, token });
      if (code === '1') return data;
      if (THROTTLED.has(code)) throw new SourceError('quota', message);
      if (!SESSION_ENDED.has(code)) throw new SourceError('down', message);
      this.token = null;
      if (attempt > 0) throw new SourceError('session', `${message}: a new login's token was refused too`);
    }
  }

  private static pageList(data: unknown, what: string) {
    if (!isObject(data) || !Array.isArray(data.pageList)) throw new SourceError('malformed', `Sungrow ${what}: no pageList in the answer`);
    return { rows: data.pageList.filter(isObject), count: vendorNumber(data.rowCount) ?? 0 };
  }

  private async pages(path: string, body: Record<string, unknown>) {
    const all: Record<string, unknown>[] = [];
    for (let curPage = 1; ; curPage++) {
      const { rows, count } = SungrowClient.pageList(await this.call(path, { ...body, curPage, size: PAGE }), path);
      all.push(...rows);
      if (rows.length < PAGE || all.length >= count) return all;
    }
  }

  /** Every plant of the account: its zone ("GMT-1") and country; the capacity comes with details. */
  async plants(): Promise<Station[]> {
    return (await this.pages('getPowerStationList', {})).map((p) => {
      const id = text(p.ps_id);
      if (!id) throw new SourceError('malformed', 'Sungrow plant without a ps_id');
      const lat = vendorNumber(p.latitude);
      const lon = vendorNumber(p.longitude);
      const capacity = vendorNumber(p.design_capacity);
      return {
        id, name: text(p.ps_name) ?? id,
        ...(capacity ? { capacity_w: capacity } : {}),
        ...(text(p.ps_current_time_zone) ? { time_zone: text(p.ps_current_time_zone) } : {}),
        // 0, 0 is "not set", not the Gulf of Guinea
        location: { country: text(p.ps_location), ...(lat || lon ? { latitude: lat!, longitude: lon! } : {}) },
      };
    });
  }

  /** A plant's inverters, meters and batteries; their id is the ps_key the real-time calls take. */
  async devices(plantId: string): Promise<StationInventory> {
    const rows = await this.pages('getDeviceList', { ps_id: plantId });
    const equipment = (d: Record<string, unknown>): StationEquipment => {
      const id = text(d.ps_key);
      if (!id) throw new SourceError('malformed', 'Sungrow device without a ps_key');
      return { id, serial: text(d.device_sn), name: text(d.device_name) ?? id, model: text(d.device_model_code) };
    };
    const ofType = (match: (t: number) => boolean) => rows.filter((d) => match(Number(d.device_type))).map(equipment);
    return { inverters: ofType((t) => t === INVERTER), meters: ofType((t) => t === METER), batteries: ofType((t) => BATTERIES.has(t)) };
  }

  /**
   * The plants' figures now (getDeviceRealTimeData, device_type 11, 50 plants a call): power W, the
   * day's yield and the lifetime yield Wh, at device_time in each plant's zone (`zones`: plant id →
   * zone). Plants the cloud returns nothing for are left out.
   */
  async plantsNow(zones: Map<string, string>): Promise<VendorReading[]> {
    const ids = [...zones.keys()];
    const out: VendorReading[] = [];
    for (let i = 0; i < ids.length; i += SUNGROW_KEYS_PER_CALL) {
      const data = await this.call('getDeviceRealTimeData', {
        device_type: '11', point_id_list: Object.values(PLANT_POINTS),
        ps_key_list: ids.slice(i, i + SUNGROW_KEYS_PER_CALL).map((id) => `${id}_11_0_0`),
      });
      if (!isObject(data) || !Array.isArray(data.device_point_list)) throw new SourceError('malformed', 'Sungrow getDeviceRealTimeData: no device_point_list');
      for (const entry of data.device_point_list.filter(isObject)) {
        const point = isObject(entry.device_point) ? entry.device_point : {};
        const id = text(point.ps_id);
        const zone = id ? zones.get(id) : undefined;
        const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text(point.device_time) ?? '');
        if (!id || !zone || !m) continue;
        const ts = localInstant(`${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}`, zone);
        if (!ts) throw new SourceError('malformed', `Sungrow getDeviceRealTimeData: unknown zone ${zone}`);
        out.push({
          device: id, ts,
          ac_power_w: vendorNumber(point[`p${PLANT_POINTS.power}`]) ?? 0,
          energy_day_wh: vendorEnergy(point[`p${PLANT_POINTS.day}`]),
          energy_total_wh: vendorCounter(point[`p${PLANT_POINTS.total}`]),
        });
      }
    }
    return out;
  }
}
