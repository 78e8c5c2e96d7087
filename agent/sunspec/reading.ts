/**
 * A SunSpec device's decoded models as the portal's reading (a point of the push ingest,
 * contract/ingest.ts), in the portal's units: W, Wh, V, A, %.
 *
 * - Inverter (101-103 integer + scale factor, 111-113 float): AC power `W`, lifetime counter `WH`,
 *   status from `St`.
 * - MPPT extension (160): each module's DC power, voltage and current. Fronius hybrids list their
 *   battery as two more modules, `StCha` (charging) and `StDisCha` (discharging): those give the
 *   battery's power, and the PV power is the sum of the other modules.
 * - Storage (124): state of charge `ChaState` (%).
 * - Meter (201-204, 211-214): `W` > 0 is power taken from the grid, < 0 power fed into it (SunSpec's
 *   sign); `TotWhImp` / `TotWhExp` its counters.
 */
import type { Static } from '@sinclair/typebox';
import type { IngestPoint } from '../../contract/ingest.js';
import type { Decoded } from './models.js';
import type { SunSpecDevice } from './reader.js';

export type Point = Static<typeof IngestPoint>;

const INVERTERS = [101, 102, 103, 111, 112, 113];
const METERS = [201, 202, 203, 204, 211, 212, 213, 214];

/** SunSpec operating states (`St`, enum16) in the portal's words (those of the Fronius statuses). */
const STATES: Record<number, string> = {
  1: 'standby', 2: 'night', 3: 'startup', 4: 'running', 5: 'running', 6: 'standby', 7: 'error', 8: 'standby',
};

export interface DeviceInfo {
  manufacturer: string | null; model: string | null; serial: string | null; version: string | null;
  /** Nameplate (120) `WRtg`, W. */
  rated_power_w: number | null;
  kind: 'inverter' | 'meter' | 'other';
}

export interface MeterReading { import_w: number; export_w: number; import_wh: number | null; export_wh: number | null }

/** What the agent makes of one read of a device: a point when it is an inverter, a meter's figures when it has one. */
export interface DeviceReading { info: DeviceInfo; point: Point | null; meter: MeterReading | null }

const roundW = (w: number) => Math.round(w * 10) / 10;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const first = (models: Map<number, Decoded>, ids: number[]) => ids.map((id) => models.get(id)).find((m) => m !== undefined);

export function deviceInfo(device: SunSpecDevice): DeviceInfo {
  const common = device.models.get(1)?.points ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    manufacturer: str(common.Mn), model: str(common.Md), serial: str(common.SN), version: str(common.Vr),
    rated_power_w: num(device.models.get(120)?.points.WRtg),
    kind: first(device.models, INVERTERS) ? 'inverter' : first(device.models, METERS) ? 'meter' : 'other',
  };
}

export function meterReading(models: Map<number, Decoded>): MeterReading | null {
  const meter = first(models, METERS);
  const w = num(meter?.points.W);
  if (!meter || w === null) return null;
  return {
    import_w: Math.max(w, 0), export_w: Math.max(-w, 0),
    import_wh: num(meter.points.TotWhImp), export_wh: num(meter.points.TotWhExp),
  };
}

/** The reading of a device read at `ts`; `investor` defaults to the device's serial number. */
export function deviceReading(device: SunSpecDevice, ts: Date, investor?: string | number): DeviceReading {
  const info = deviceInfo(device);
  const meter = meterReading(device.models);
  const inverter = first(device.models, INVERTERS);
  const ac = num(inverter?.points.W);
  const id = investor ?? info.serial;
  if (!inverter || ac === null || id === null || id === undefined) return { info, point: null, meter };

  const point: Point = { investor: id, ts: ts.toISOString(), ac_power_w: ac };
  const total = num(inverter.points.WH);
  if (total !== null) point.energy_total_wh = total;
  const st = num(inverter.points.St);
  if (st !== null && STATES[st]) point.status = STATES[st];

  const modules = device.models.get(160)?.groups ?? [];
  const label = (m: Decoded['groups'][number]) => (typeof m.IDStr === 'string' ? m.IDStr : '');
  const battery = modules.filter((m) => /^St(Dis)?Cha\b/i.test(label(m)));
  const pv = modules.filter((m) => !battery.includes(m));
  // An input is sent with its voltage and current; its power, when the device leaves it out, is their product.
  const dc = pv.flatMap((m, i) => {
    const [voltage, current] = [num(m.DCV), num(m.DCA)];
    if (voltage === null || current === null) return [];
    return [{ mppt: i + 1, voltage_v: voltage, current_a: current, power_w: num(m.DCW) ?? roundW(voltage * current) }];
  });
  if (dc.length) point.dc = dc;
  const storage = device.models.get(124);
  const soc = num(storage?.points.ChaState);
  if (soc !== null) point.battery_soc = soc;
  if (battery.length) {
    const charging = battery.filter((m) => /^StCha/i.test(label(m))).reduce((s, m) => s + (num(m.DCW) ?? 0), 0);
    const discharging = battery.filter((m) => /^StDisCha/i.test(label(m))).reduce((s, m) => s + (num(m.DCW) ?? 0), 0);
    point.battery_power_w = charging - discharging;
  }
  if (soc !== null || battery.length) point.pv_power_w = dc.reduce((s, d) => s + (d.power_w ?? 0), 0);
  if (meter) withMeter(point, meter);
  return { info, point, meter };
}

/**
 * A feed-in meter's figures on an inverter's point: grid import and export, and the site's
 * consumption (what the inverter gives plus what comes from the grid, less what goes to it).
 */
export function withMeter(point: Point, meter: MeterReading): Point {
  point.grid_import_w = meter.import_w;
  point.grid_export_w = meter.export_w;
  point.consumption_w = Math.max(0, point.ac_power_w + meter.import_w - meter.export_w);
  return point;
}
