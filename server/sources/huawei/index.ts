/**
 * Huawei FusionSolar as a source of readings (./client.ts speaks its protocol): the account's
 * stations, their devices, the latest readings of inverters (devTypeId 1 and 38), meters (47) and
 * batteries (39) in the portal's units, and a station's hourly production for history.
 *
 * Units (manual V6, fixtures' SOURCES.md): station capacity MW; inverter active_power and mppt_power
 * kW, day_cap and total_cap kWh; meter active_power W (> 0 feeding the grid, < 0 taking from it, as
 * Huawei's meters count); battery ch_discharge_power W (> 0 charging) and battery_soc %; hourly
 * inverter_power kWh. Numbers may come as numeric strings; "N/A", "" and null are no value (at night),
 * never a 0 counter. Instants are epoch ms; a day's series starts at the plant's local midnight.
 */
import { wallClock } from '../../measurements/time.js';
import type { CloudConnector, DeviceKind, DeviceReading, SourceDevice, SourceReading, SourceStation, SpendCalls, VendorAccount } from '../types.js';
import { SourceError } from '../types.js';
import { huaweiClient } from './client.js';
import type { CallLimit } from '../budget.js';

/** Most station codes or device ids one call takes (failCodes 20014..20017 beyond). */
export const BATCH = 100;

const KINDS: Record<number, DeviceKind> = { 1: 'inverter', 38: 'inverter', 47: 'meter', 39: 'battery' };

export const HUAWEI_REGIONS = {
  la5: 'https://la5.fusionsolar.huawei.com',
  eu5: 'https://eu5.fusionsolar.huawei.com',
  intl: 'https://intl.fusionsolar.huawei.com',
};

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const per100 = (n: number) => Math.max(1, Math.ceil(n / BATCH));

/**
 * The published budget of each interface (manual V6) for an account of `stations` plants and
 * `devices` devices read (of each type read): login 5 per 10 min; the station list 24 a day; real-time
 * station KPIs roundup(plants/100) per 5 min; real-time device KPIs the sum over types of
 * roundup(devices/100) per 5 min; device list and the hourly/daily KPIs roundup(plants/100) + 24 a day.
 */
export function huaweiLimits(inventory: { stations: number; devicesByType: Record<number, number> }): Record<string, CallLimit> {
  const daily = per100(inventory.stations) + 24;
  const devices = Object.values(inventory.devicesByType).reduce((sum, n) => sum + (n ? Math.ceil(n / BATCH) : 0), 0);
  return {
    login: { calls: 5, windowMs: 10 * MINUTE },
    getStationList: { calls: 24, windowMs: DAY },
    getStationRealKpi: { calls: per100(inventory.stations), windowMs: 5 * MINUTE },
    getDevRealKpi: { calls: Math.max(1, devices), windowMs: 5 * MINUTE },
    getDevList: { calls: daily, windowMs: DAY },
    getKpiStationHour: { calls: daily, windowMs: DAY },
    getKpiStationDay: { calls: daily, windowMs: DAY },
  };
}

/** A number as Huawei sends it (a number or a numeric string); none for "N/A", "", null or anything else. */
export function value(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || !/^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/.test(v)) return null;
  return Number(v);
}
const times = (v: unknown, factor: number) => { const n = value(v); return n === null ? null : Math.round(n * factor * 1000) / 1000; };

const chunks = <T>(items: T[], size = BATCH) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const list = (data: unknown, api: string): Record<string, unknown>[] => {
  if (data === null || data === undefined) return [];
  if (!Array.isArray(data)) throw new SourceError('malformed', `${api}: se esperaba una lista en data`);
  return data as Record<string, unknown>[];
};
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The instant of the plant's local midnight starting `day` (YYYY-MM-DD) in `timeZone`, epoch ms. */
export function localMidnight(day: string, timeZone: string) {
  const [y, m, d] = day.split('-').map(Number);
  const utc = Date.UTC(y, m - 1, d);
  const first = utc - wallClock(timeZone, utc).offsetMs;
  return utc - wallClock(timeZone, first).offsetMs;
}

/** Grid-connected states (manual: inverter_state 512 on-grid, 513 power-limited, 514 self-derating). */
const RUNNING = new Set([512, 513, 514]);

function inverterReading(map: Record<string, unknown>, ts: Date): SourceReading {
  const dc = [];
  for (let i = 1; i <= 24; i++) {
    const u = value(map[`pv${i}_u`]);
    const a = value(map[`pv${i}_i`]);
    if (u && a !== null) dc.push({ mppt: i, voltage_v: u, current_a: a, power_w: Math.round(u * a * 10) / 10 });
  }
  const state = value(map.inverter_state);
  return {
    ts,
    status: state !== null && RUNNING.has(state) ? 'running' : null,
    ac_power_w: times(map.active_power, 1000) ?? 0,
    energy_day_wh: times(map.day_cap, 1000),
    energy_total_wh: times(map.total_cap, 1000),
    dc: dc.length ? dc : null,
  };
}

/** A station's figures now (getStationRealKpi): energy today, this month and in all, Wh; health 1 disconnected, 2 faulty, 3 healthy. */
export interface StationKpi { code: string; dayWh: number | null; monthWh: number | null; totalWh: number | null; health: number | null }

export function huaweiConnector(account: VendorAccount, spend: SpendCalls, options: { fetch?: typeof fetch } = {}): CloudConnector & { stationKpis(codes: string[]): Promise<StationKpi[]> } {
  const client = huaweiClient({
    baseUrl: account.baseUrl, userName: account.credentials.userName ?? '', systemCode: account.credentials.systemCode ?? '', spend, fetch: options.fetch,
  });

  return {
    async stations(): Promise<SourceStation[]> {
      const { data } = await client.call('getStationList', {});
      return list(data, 'getStationList').map((s) => {
        const mw = value(s.capacity);
        return { code: text(s.stationCode), name: text(s.stationName), address: text(s.stationAddr), capacityKwp: mw === null ? null : Math.round(mw * 1e6) / 1e3 };
      }).filter((s) => s.code);
    },

    async devices(stations) {
      const found: SourceDevice[] = [];
      const batches = chunks(stations);
      await client.reserve('getDevList', batches.length);
      for (const batch of batches) {
        const { data } = await client.call('getDevList', { stationCodes: batch.join(',') }, true);
        for (const d of list(data, 'getDevList')) {
          const type = value(d.devTypeId) ?? 0;
          found.push({
            id: text(d.id), station: text(d.stationCode), kind: KINDS[type] ?? 'other', vendorType: type,
            name: text(d.devName), model: text(d.invType), serial: text(d.esnCode),
          });
        }
      }
      return found;
    },

    async latest(devices) {
      const read = devices.filter((d) => d.kind !== 'other');
      const byType = new Map<number, SourceDevice[]>();
      for (const d of read) byType.set(d.vendorType, [...(byType.get(d.vendorType) ?? []), d]);
      const maps = new Map<string, { map: Record<string, unknown>; ts: Date }>();
      const errors = new Map<string, SourceError>();
      // The round's calls are taken from the budget together: a round is read whole or not at all.
      await client.reserve('getDevRealKpi', [...byType.values()].reduce((n, ofType) => n + chunks(ofType).length, 0));
      for (const [type, ofType] of byType) {
        for (const batch of chunks(ofType)) {
          try {
            const { data, currentTime } = await client.call('getDevRealKpi', { devIds: batch.map((d) => d.id).join(','), devTypeId: type }, true);
            const ts = new Date(currentTime ?? Date.now());
            for (const item of list(data, 'getDevRealKpi')) {
              const map = item.dataItemMap;
              if (typeof map === 'object' && map !== null) maps.set(text(item.devId), { map: map as Record<string, unknown>, ts });
            }
          } catch (err) {
            // An account-wide refusal (credentials, quota, vendor down) stops the round; a refused batch marks its devices.
            if (!(err instanceof SourceError) || err.kind !== 'refused') throw err;
            for (const d of batch) errors.set(d.id, err);
          }
        }
      }
      // Each station's meter and battery go with its first inverter: the store keeps readings by inverter.
      const readings: DeviceReading[] = [];
      for (const d of read.filter((x) => x.kind === 'inverter')) {
        const got = maps.get(d.id);
        if (!got) {
          readings.push({ device: d.id, error: errors.get(d.id) ?? new SourceError('malformed', `getDevRealKpi: sin datos del equipo ${d.id}`) });
          continue;
        }
        const reading = inverterReading(got.map, got.ts);
        const first = read.find((x) => x.kind === 'inverter' && x.station === d.station && maps.has(x.id));
        if (first === d) {
          for (const other of read.filter((x) => x.station === d.station && x.kind !== 'inverter')) {
            const map = maps.get(other.id)?.map;
            if (!map) continue;
            if (other.kind === 'meter') {
              const w = value(map.active_power);
              if (w !== null) Object.assign(reading, { grid_export_w: Math.max(0, w), grid_import_w: Math.max(0, -w) });
            } else {
              reading.battery_power_w = value(map.ch_discharge_power);
              reading.battery_soc = value(map.battery_soc);
              // A hybrid's AC output includes what the battery gives: its PV power is the MPPTs'.
              if (reading.battery_power_w !== null) reading.pv_power_w = times(got.map.mppt_power, 1000);
            }
          }
        }
        readings.push({ device: d.id, reading });
      }
      return readings;
    },

    async stationKpis(codes) {
      const kpis: StationKpi[] = [];
      const batches = chunks(codes);
      await client.reserve('getStationRealKpi', batches.length);
      for (const batch of batches) {
        const { data } = await client.call('getStationRealKpi', { stationCodes: batch.join(',') }, true);
        for (const row of list(data, 'getStationRealKpi')) {
          const map = (row.dataItemMap ?? {}) as Record<string, unknown>;
          kpis.push({ code: text(row.stationCode), dayWh: times(map.day_power, 1000), monthWh: times(map.month_power, 1000), totalWh: times(map.total_power, 1000), health: value(map.real_health_state) });
        }
      }
      return kpis;
    },

    async history(station, day, timeZone) {
      const { data } = await client.call('getKpiStationHour', { stationCodes: station, collectTime: localMidnight(day, timeZone) });
      return list(data, 'getKpiStationHour').flatMap((row) => {
        const kwh = value((row.dataItemMap as Record<string, unknown> | undefined)?.inverter_power);
        const at = value(row.collectTime);
        return text(row.stationCode) === station && kwh !== null && at !== null ? [{ ts: new Date(at), energy_wh: Math.round(kwh * 1e6) / 1e3 }] : [];
      });
    },
  };
}
