/**
 * Growatt OpenAPI v1 as a source of readings (./client.ts speaks its protocol): the token's plants,
 * their inverters and batteries, each inverter's latest data and a plant's local day of 5-minute
 * power, in the portal's units (the client's: pac/ppv W, power_today/power_total kWh → Wh, local
 * times in the plant's `GMT+8`-style zone, read from its details once per process).
 *
 * Quota: each request once every 5 minutes (the same path and query), plant/list 10 a day. The
 * budget counts, per 5-minute window, a call per plant for details and devices and a call per device
 * read for the latest data; the client itself never repeats a request within 5 minutes, so an
 * inverter whose last request is not yet 5 minutes old is simply read at the next round.
 */
import { localInstant, localText } from '../local-time.js';
import { devicesOf, sourceStation } from '../stations.js';
import type { CloudConnector, DeviceReading, SpendCalls, VendorAccount } from '../types.js';
import { SourceError } from '../types.js';
import type { CallLimit } from '../budget.js';
import { GrowattClient, GROWATT_BASE_URL, GROWATT_REPEAT_MS } from './client.js';

export const GROWATT_REGIONS = {
  global: `${GROWATT_BASE_URL}/v1`, cn: 'https://openapi-cn.growatt.com/v1', us: 'https://openapi-us.growatt.com/v1',
};

const DAY = 86_400_000;
/** plant/power's points are 5-minute averages: each is power × 5/60 Wh. */
const POINT_HOURS = 5 / 60;

export function growattLimits(inventory: { stations: number; devicesByType: Record<number, number> }): Record<string, CallLimit> {
  const devices = Object.values(inventory.devicesByType).reduce((sum, n) => sum + n, 0);
  const perPlant = { calls: Math.max(1, inventory.stations), windowMs: GROWATT_REPEAT_MS };
  return {
    'plant/list': { calls: 10, windowMs: DAY },
    'plant/details': perPlant,
    'device/list': perPlant,
    'plant/power': perPlant,
    'device/inverter/last_new_data': { calls: Math.max(1, devices), windowMs: GROWATT_REPEAT_MS },
  };
}

export function growattConnector(account: VendorAccount, spend: SpendCalls, options: { fetch?: typeof fetch; now?: () => number } = {}): CloudConnector {
  const now = options.now ?? Date.now;
  const client = new GrowattClient({ baseUrl: account.baseUrl, credentials: { token: account.credentials.token ?? '' }, fetch: options.fetch, now: () => new Date(now()) });
  const zones = new Map<string, string>();

  const take = async (api: string, calls = 1) => {
    if (!await spend(api, calls)) throw new SourceError('quota', `Growatt ${api}: the calls of this account are spent for now`, { retryAfterMs: GROWATT_REPEAT_MS });
  };

  const zoneOf = async (plant: string) => {
    if (!zones.has(plant)) {
      await take('plant/details');
      const zone = (await client.plant(plant)).time_zone;
      if (!zone) throw new SourceError('malformed', `Growatt plant/details: the plant ${plant} has no time zone`);
      zones.set(plant, zone);
    }
    return zones.get(plant)!;
  };

  return {
    async stations() {
      await take('plant/list');
      return (await client.plants()).map(sourceStation);
    },

    devices: (stations) => devicesOf(stations, async (plant) => {
      await take('device/list');
      return client.devices(plant);
    }),

    async latest(devices) {
      const inverters = devices.filter((d) => d.kind === 'inverter');
      const readings: DeviceReading[] = [];
      await take('device/inverter/last_new_data', inverters.length);
      for (const d of inverters) {
        const zone = await zoneOf(d.station);
        try {
          const { device: _serial, ...reading } = await client.inverterLatest(d.id, zone);
          readings.push({ device: d.id, reading });
        } catch (err) {
          // Asked less than 5 minutes ago (the client's own rule, no call made): read at the next round.
          if (err instanceof SourceError && err.kind === 'quota' && err.options.code === undefined) continue;
          // A 10012 for this inverter marks it; an account-wide refusal (token, host, vendor down) stops the round.
          if (!(err instanceof SourceError) || err.kind !== 'quota') throw err;
          readings.push({ device: d.id, error: err });
        }
      }
      return readings;
    },

    async history(station, day, timeZone) {
      const zone = zones.get(station) ?? timeZone;
      await take('plant/power');
      const points = await client.plantPower(station, day, zone);
      // The hour each point falls in, as the plant's local clock names it.
      const hours = new Map<number, number>();
      for (const p of points) {
        const start = localInstant(`${localText(p.ts, zone)!.slice(0, 13)}:00:00`, zone)!.getTime();
        hours.set(start, (hours.get(start) ?? 0) + p.ac_power_w * POINT_HOURS);
      }
      return [...hours].sort(([a], [b]) => a - b).map(([t, wh]) => ({ ts: new Date(t), energy_wh: Math.round(wh * 1000) / 1000 }));
    },
  };
}
