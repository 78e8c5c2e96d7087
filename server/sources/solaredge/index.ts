/**
 * SolarEdge Monitoring API as a source of readings (./client.ts speaks its protocol): an account
 * key's sites, their inverters, meters and batteries, each site's figures now and a local day's
 * hourly production, in the portal's units (the client's: W, Wh; peakPower kWp; local times read in
 * the site's zone from the sites list).
 *
 * The quota is the hard part: 300 calls a day per key, whatever its sites. They are shared out so
 * that the readings run all day long instead of spending the key by mid-morning: one reading call
 * every 6 minutes (240 a day, 10 an hour, at even windows), and 60 a day for listing sites and
 * inventories and for history. Each reading window reads one site (its overview: power, today's,
 * this year's and the lifetime energy), the sites taking turns by the window's number, so that
 * every process reading the account picks the same one. A site's figures are filed under its first
 * inverter (the store keeps readings by inverter): per-inverter telemetry costs a call per inverter
 * and week, which 300 a day cannot carry for every site.
 */
import { localInstant } from '../local-time.js';
import { devicesOf, sourceStation } from '../stations.js';
import type { CloudConnector, DeviceReading, SpendCalls, VendorAccount } from '../types.js';
import { SourceError } from '../types.js';
import type { CallLimit } from '../budget.js';
import { SolarEdgeClient, SOLAREDGE_BASE_URL, SOLAREDGE_DAILY_CALLS } from './client.js';

export const SOLAREDGE_REGIONS = { global: SOLAREDGE_BASE_URL };

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
/** One site's reading per window: 240 windows a day. */
export const SOLAREDGE_READING_WINDOW_MS = 6 * MINUTE;
const READINGS_A_DAY = DAY / SOLAREDGE_READING_WINDOW_MS;

/** The account key's 300 calls a day, shared out: readings at even windows, the rest for listings and history. */
export function solarEdgeLimits(): Record<string, CallLimit> {
  return {
    readings: { calls: 1, windowMs: SOLAREDGE_READING_WINDOW_MS },
    listings: { calls: SOLAREDGE_DAILY_CALLS - READINGS_A_DAY, windowMs: DAY },
  };
}

export function solarEdgeConnector(account: VendorAccount, spend: SpendCalls, options: { fetch?: typeof fetch; now?: () => number } = {}): CloudConnector {
  const now = options.now ?? Date.now;
  const client = new SolarEdgeClient({
    baseUrl: account.baseUrl, credentials: { api_key: account.credentials.api_key ?? '' }, fetch: options.fetch, now: () => new Date(now()),
  });
  /** Each site's zone, as the sites list gives it: its times are read in it. */
  const zones = new Map<string, string>();

  const take = async (calls = 1) => {
    if (!await spend('listings', calls)) {
      throw new SourceError('quota', 'SolarEdge: the calls of this account for listings and history are spent today (300 a day per key, 240 of them kept for readings)', {
        retryAfterMs: DAY - (now() % DAY),
      });
    }
  };

  const sites = async () => {
    await take();
    const found = await client.sites();
    // The list comes 100 sites a call: the pages past the first are counted once known.
    if (found.length > 100) await spend('listings', Math.ceil(found.length / 100) - 1);
    for (const s of found) if (s.time_zone) zones.set(s.id, s.time_zone);
    return found;
  };

  const zoneOf = async (site: string) => {
    if (!zones.has(site)) await sites();
    const zone = zones.get(site);
    if (!zone) throw new SourceError('malformed', `SolarEdge: the site ${site} has no time zone in the sites list`);
    return zone;
  };

  return {
    async stations() {
      return (await sites()).map(sourceStation);
    },

    devices: (stations) => devicesOf(stations, async (site) => {
      await take();
      return client.inventory(site);
    }),

    async latest(devices): Promise<DeviceReading[]> {
      const inverters = devices.filter((d) => d.kind === 'inverter');
      const sitesRead = [...new Set(inverters.map((d) => d.station))].sort();
      if (!sitesRead.length) return [];
      // This window's site; a window already read (another round, staff's "read now") waits for the next.
      const site = sitesRead[Math.floor(now() / SOLAREDGE_READING_WINDOW_MS) % sitesRead.length];
      const zone = await zoneOf(site);
      if (!await spend('readings', 1)) return [];
      const { device: _site, ...reading } = await client.overview(site, zone);
      return [{ device: inverters.find((d) => d.station === site)!.id, reading }];
    },

    async history(station, day, timeZone) {
      const zone = zones.get(station) ?? timeZone;
      const from = localInstant(`${day} 00:00:00`, zone);
      const to = localInstant(`${day} 23:59:59`, zone);
      if (!from || !to) throw new SourceError('malformed', `SolarEdge: no day ${day} in ${zone}`);
      await take();
      const hours = await client.energyDetails(station, zone, from, to, 'HOUR');
      return hours.flatMap((h) => (h.production_wh === undefined ? [] : [{ ts: h.start, energy_wh: h.production_wh }]));
    },
  };
}
