/**
 * Sungrow iSolarCloud OpenAPI as a source of readings (./client.ts speaks its protocol, the app key
 * and login token flow, with a new login when the token dies): the account's plants, their
 * inverters, meters and batteries, and each plant's figures now (power W, the day's and the
 * lifetime yield Wh at device_time in the plant's `GMT+8`-style zone), 50 plants a call, filed under
 * the plant's first inverter (the store keeps readings by inverter).
 *
 * Sungrow publishes no call budget (only its throttle codes E998/E999): the budget here is the
 * portal's own restraint: per 5-minute window, a real-time call per 50 plants read and a device list
 * per plant; the plant list (which also gives each plant's zone, asked again by each new connector:
 * a process started, an inventory changed) 12 times an hour.
 */
import { devicesOf, sourceStation } from '../stations.js';
import type { CloudConnector, DeviceReading, SpendCalls, VendorAccount } from '../types.js';
import { SourceError } from '../types.js';
import type { CallLimit } from '../budget.js';
import { SungrowClient, SUNGROW_BASE_URL, SUNGROW_KEYS_PER_CALL } from './client.js';

export const SUNGROW_REGIONS = {
  intl: SUNGROW_BASE_URL, eu: 'https://gateway.isolarcloud.eu', au: 'https://augateway.isolarcloud.com', cn: 'https://gateway.isolarcloud.com',
};

const WINDOW_MS = 5 * 60_000;

export function sungrowLimits(inventory: { stations: number }): Record<string, CallLimit> {
  const plants = Math.max(1, inventory.stations);
  return {
    getPowerStationList: { calls: 12, windowMs: 12 * WINDOW_MS },
    getDeviceList: { calls: plants, windowMs: WINDOW_MS },
    getDeviceRealTimeData: { calls: Math.ceil(plants / SUNGROW_KEYS_PER_CALL), windowMs: WINDOW_MS },
  };
}

export function sungrowConnector(account: VendorAccount, spend: SpendCalls, options: { fetch?: typeof fetch; now?: () => number } = {}): CloudConnector {
  const { app_key = '', secret_key = '', user_account = '', user_password = '' } = account.credentials;
  const client = new SungrowClient({
    baseUrl: account.baseUrl, credentials: { app_key, secret_key, user_account, user_password }, fetch: options.fetch,
    ...(options.now ? { now: () => new Date(options.now!()) } : {}),
  });
  /** Each plant's zone, as the plant list gives it. */
  const zones = new Map<string, string>();

  const take = async (api: string, calls = 1) => {
    if (!await spend(api, calls)) throw new SourceError('quota', `Sungrow ${api}: the calls of this account are spent for now`, { retryAfterMs: WINDOW_MS });
  };

  const plants = async () => {
    await take('getPowerStationList');
    const found = await client.plants();
    for (const p of found) if (p.time_zone) zones.set(p.id, p.time_zone);
    return found;
  };

  return {
    async stations() {
      return (await plants()).map(sourceStation);
    },

    devices: (stations) => devicesOf(stations, async (plant) => {
      await take('getDeviceList');
      return client.devices(plant);
    }),

    async latest(devices) {
      const inverters = devices.filter((d) => d.kind === 'inverter');
      const stations = [...new Set(inverters.map((d) => d.station))];
      if (!stations.length) return [];
      if (stations.some((s) => !zones.has(s))) await plants();
      const known = new Map(stations.flatMap((s) => (zones.has(s) ? [[s, zones.get(s)!] as const] : [])));
      await take('getDeviceRealTimeData', Math.ceil(known.size / SUNGROW_KEYS_PER_CALL));
      const now = new Map((await client.plantsNow(known)).map(({ device, ...reading }) => [device, reading]));
      return stations.map((s): DeviceReading => {
        const device = inverters.find((d) => d.station === s)!.id;
        const reading = now.get(s);
        if (reading) return { device, reading };
        return { device, error: new SourceError(zones.has(s) ? 'malformed' : 'refused', zones.has(s) ? `Sungrow getDeviceRealTimeData: no figures of the plant ${s}` : `Sungrow: the plant ${s} is not in the account's list`) };
      });
    },

    async history() {
      throw new SourceError('refused', 'Sungrow: history is not read yet (no recording of its minute-data calls)');
    },
  };
}
