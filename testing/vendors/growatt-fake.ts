/**
 * A Growatt OpenAPI v1 on 127.0.0.1, answering from the recorded exchanges in
 * ../shared/fixtures/vendors/growatt (SOURCES.md): paths under /v1/, the `token` header, the
 * `{data, error_code, error_msg}` envelope with HTTP 200 on errors, and its rules:
 * - a wrong or missing token: error_code 10011;
 * - the same request (path and query) again within 5 minutes: 10012 `error_frequently_access` (the
 *   recorded body); plant/list more than 10 times a day: 10012 too;
 * Switches: `mode` 'ok' | 'bad-key' | 'quota' (every call 10012) | 'down' (HTTP 502) | 'malformed' (a
 * 200 whose JSON is cut short) | 'refused' (nothing listens).
 *
 * device/inverter/last_new_data has no recording (SOURCES.md, Gaps): its answer here is built in code
 * with the field names and units of Growatt's documentation (pac, ppv W; power_today, power_total
 * kWh; time local), values invented (INVERTER_DAY), and at night (`night`) nulls, "N/A" and a 0
 * counter as the cloud sends them while the inverter sleeps.
 */
import type http from 'node:http';
import { exchange, fakeServer, sendRecorded } from './exchanges.js';

export type GrowattEndpoint = 'plant/list' | 'plant/details' | 'plant/data' | 'plant/power' | 'device/list' | 'device/inverter/last_new_data';
export type GrowattMode = 'ok' | 'bad-key' | 'quota' | 'down' | 'malformed' | 'refused';

const FILES: Partial<Record<GrowattEndpoint, string>> = {
  'plant/list': 'openapi-v1-doc/01-plant-list.json',
  'plant/details': 'openapi-v1-doc/02-plant-details.json',
  'plant/data': 'openapi-v1-doc/03-plant-data.json',
  'plant/power': 'openapi-v1-doc/04-plant-power.json',
  'device/list': 'openapi-v1-doc/05-device-list.reconstructed.json',
};
const REQUIRED: Record<GrowattEndpoint, string> = {
  'plant/list': '', 'plant/details': 'plant_id', 'plant/data': 'plant_id', 'plant/power': 'plant_id',
  'device/list': 'plant_id', 'device/inverter/last_new_data': 'device_sn',
};

/** The invented daytime values of an inverter's latest data (documented fields and units). */
export const INVERTER_DAY = {
  time: '2018-12-13 11:05:00', status: 1, status_text: 'Normal',
  pac: 7903.4, ppv: 8120.5, power_today: '12.3', power_total: '15234.7',
  vpv1: 360.2, ipv1: 11.3, ppv1: 4070.3, vpv2: 355.8, ipv2: 11.4, ppv2: 4050.2, vpv3: 0, ipv3: 0, ppv3: 0,
};
const INVERTER_NIGHT = {
  time: '2018-12-13 23:55:00', status: 0, status_text: 'Waiting',
  pac: null, ppv: 'N/A', power_today: null, power_total: 0, vpv1: 0, ipv1: 0, ppv1: 0,
};

export const GROWATT_FAKE_TOKEN = '6eb6f069523055a339d71e5b1f6c88cc';
const DAILY_PLANT_LIST = 10;

export interface GrowattFakeOptions {
  token?: string;
  now?: () => Date;
  /** The inverter sleeps: its latest data is the night's. */
  night?: boolean;
  edit?: (endpoint: GrowattEndpoint, data: any) => any;
}

export interface GrowattFake {
  url: string;
  token: string;
  mode: GrowattMode;
  night: boolean;
  setMode(mode: GrowattMode): Promise<void>;
  calls: { path: string; query: Record<string, string> }[];
  close(): Promise<void>;
}

const envelope = (error_code: number, error_msg: string, data?: unknown) =>
  ({ status: 200, content_type: 'application/json', body: data === undefined ? { error_msg, error_code } : { data, error_code, error_msg } });

export async function startGrowattFake(opts: GrowattFakeOptions = {}): Promise<GrowattFake> {
  const token = opts.token ?? GROWATT_FAKE_TOKEN;
  const now = opts.now ?? (() => new Date());
  const lastAsked = new Map<string, number>();
  const listsToday = new Map<string, number>();

  const handler: http.RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.calls.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (fake.mode === 'down') {
      res.writeHead(502);
      return res.end();
    }
    if (fake.mode === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"data":{"peak_power_actual":20,"monthly_energy":"15.');
    }
    const endpoint = url.pathname.replace(/^\/v1\//, '') as GrowattEndpoint;
    if (!(endpoint in REQUIRED)) {
      res.writeHead(404);
      return res.end();
    }
    if (fake.mode === 'bad-key' || req.headers.token !== token) return sendRecorded(res, envelope(10011, 'error_permission_denied'));
    const t = now().getTime();
    const key = url.pathname + url.search;
    const day = now().toISOString().slice(0, 10);
    const tooSoon = t - (lastAsked.get(key) ?? -Infinity) < 5 * 60_000;
    const tooMany = endpoint === 'plant/list' && (listsToday.get(day) ?? 0) >= DAILY_PLANT_LIST;
    if (fake.mode === 'quota' || tooSoon || tooMany) {
      return sendRecorded(res, exchange('growatt', 'errors/10012-error_frequently_access.reconstructed.json').response);
    }
    lastAsked.set(key, t);
    if (endpoint === 'plant/list') listsToday.set(day, (listsToday.get(day) ?? 0) + 1);
    if (REQUIRED[endpoint] && !url.searchParams.get(REQUIRED[endpoint])) return sendRecorded(res, envelope(10002, `${REQUIRED[endpoint]} is empty`));
    const file = FILES[endpoint];
    const recorded = file
      ? exchange('growatt', file).response
      : envelope(0, '', { ...(fake.night ? INVERTER_NIGHT : INVERTER_DAY) });
    const body = recorded.body as { data: unknown };
    if (opts.edit) body.data = opts.edit(endpoint, body.data);
    sendRecorded(res, recorded);
  };

  const server = await fakeServer(handler);
  const fake: GrowattFake = {
    url: `${server.url}/v1`, token, mode: 'ok', night: opts.night ?? false, calls: [],
    async setMode(mode) {
      await server.refuse(mode === 'refused');
      fake.mode = mode;
    },
    close: server.close,
  };
  return fake;
}
