/**
 * The agent's SunSpec reader against modbus-serial's own Modbus TCP server serving a real device's
 * register image (SMA Sunny Boy 3.6, common model of 66 registers) and the hybrid we describe
 * (testing/sunspec-device.ts: common model of 65, inverter 103, MPPT 160, storage 124, meter 203),
 * at each place a SunSpec map may start; and discovery finding them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservePort } from '../../testing/ports.js';
import { rawValue } from '../../agent/sunspec/models.js';
import { readSunSpec } from '../../agent/sunspec/reader.js';
import { deviceReading } from '../../agent/sunspec/reading.js';
import { discover, hostsOf, report } from '../../agent/sunspec/discover.js';
import { hybridImage, recordedImage, serveDevices, type FakeDevices } from '../../testing/sunspec-device.js';

// A port of its own (testing/ports.ts): no other suite's server takes it meanwhile.
const PORT = reservePort();
/** Where nothing listens: discovery passes it by. */
const EMPTY = reservePort();
let devices: FakeDevices;
const sma = recordedImage();
const at = new Date('2026-12-03T15:00:00Z');

beforeAll(async () => {
  devices = await serveDevices(PORT, { [sma.unit]: sma, 1: hybridImage('HYB-0001', 40000), 2: hybridImage('HYB-0002', 50000), 3: hybridImage('HYB-0003', 0) });
});
afterAll(() => devices?.close());

const read = (unit: number) => readSunSpec({ host: '127.0.0.1', port: PORT, unit }, 1000);

describe('SunSpec reader', () => {
  it("reads the recorded SMA image: its chain, and the portal's reading with the scale factors applied", async () => {
    const device = await read(126);
    const fixture = JSON.parse(fs.readFileSync(path.resolve('../shared/fixtures/vendors/sunspec/devices/sma-sunny-boy-3.6.json'), 'utf8'));
    expect(device.base).toBe(40000);
    expect(device.chain.map((c) => [c.id, c.length])).toEqual(fixture.models.filter((m: { id: number }) => m.id !== 0xffff).map((m: { id: number; length: number }) => [m.id, m.length]));
    expect(device.models.get(1)?.length).toBe(66);
    expect(device.models.get(1)?.points).toMatchObject({ Mn: 'SMA', Md: 'Solar Inverter', SN: '3000000001', Vr: '1.01.32.R', DA: null });

    // The decoded values the fixture records: W 83 × 10^1, WH 52 702 × 10^1, MPPT DCA × 10^-1, DCV × 10^0, DCW × 10^1.
    const { point, info } = deviceReading(device, at);
    expect(info).toMatchObject({ manufacturer: 'SMA', serial: '3000000001', rated_power_w: 3680, kind: 'inverter' });
    expect(point).toEqual({
      investor: '3000000001', ts: at.toISOString(), ac_power_w: 830, energy_total_wh: 527020, status: 'running',
      dc: [{ mppt: 1, voltage_v: 340, current_a: 1.5, power_w: 500 }, { mppt: 2, voltage_v: 232, current_a: 1.7, power_w: 390 }],
    });
    // Its storage model is there but all NaN/0xFFFF: no battery figures, and no PV power apart from the AC.
    expect(point).not.toHaveProperty('battery_soc');
    expect(point).not.toHaveProperty('pv_power_w');
  });

  it.each([[1, 40000], [2, 50000], [3, 0]])('finds the hybrid at unit %i whose map starts at %i, and reads inverter, MPPTs, battery and meter', async (unit, base) => {
    const device = await read(unit);
    expect(device.base).toBe(base);
    expect(device.chain.map((c) => c.id)).toEqual([1, 103, 120, 124, 160, 203]);
    expect(device.models.get(1)?.length).toBe(65);
    const { point, meter } = deviceReading(device, at);
    expect(point).toEqual({
      investor: `HYB-000${unit}`, ts: at.toISOString(), status: 'running',
      ac_power_w: 4210, energy_total_wh: 123456780,
      dc: [{ mppt: 1, voltage_v: 612.3, current_a: 4.5, power_w: 2755 }, { mppt: 2, voltage_v: 598, current_a: 2.5, power_w: 1495 }],
      pv_power_w: 4250, battery_power_w: 850, battery_soc: 81.5,
      grid_import_w: 0, grid_export_w: 1523, consumption_w: 2687,
    });
    // The export counter is not implemented (acc32 0): absent, not zero.
    expect(meter).toEqual({ import_w: 0, export_w: 1523, import_wh: 98760, export_wh: null });
    expect(device.models.get(103)?.points).toMatchObject({ DCW: null, AphA: 6.11, PhVphA: 230.1, Hz: 50.01, TmpCab: null });
  });

  it('treats the not-implemented values as absent', () => {
    expect(rawValue('int16', [0x8000])).toBeNull();
    expect(rawValue('int16', [0xfffe])).toBe(-2);
    expect(rawValue('uint16', [0xffff])).toBeNull();
    expect(rawValue('enum16', [0xffff])).toBeNull();
    expect(rawValue('sunssf', [0x8000])).toBeNull();
    expect(rawValue('acc32', [0, 0])).toBeNull();
    expect(rawValue('acc32', [1, 2])).toBe(65538);
    expect(rawValue('uint32', [0xffff, 0xffff])).toBeNull();
    expect(rawValue('int32', [0x8000, 0])).toBeNull();
    expect(rawValue('int32', [0xffff, 0xfffe])).toBe(-2);
    expect(rawValue('float32', [0x7fc0, 0])).toBeNull();
    expect(rawValue('float32', [0x4049, 0x0fdb])).toBeCloseTo(3.14159, 5);
    expect(rawValue('string', [0, 0, 0])).toBeNull();
  });

  it('fails clearly on a unit without a SunSpec map', async () => {
    await expect(read(9)).rejects.toThrow(`no answer from 127.0.0.1:${PORT}/9 in 1000 ms`);
  });
});

describe('discovery', () => {
  it('finds the fake devices and prints vendor, model, serial, rated power, models and the config', async () => {
    const found = await discover('127.0.0.1', [PORT, EMPTY], [1, 3, 126, 200], 300);
    expect(found.map((d) => [d.address, d.manufacturer, d.serial, d.rated_power_w])).toEqual([
      [`127.0.0.1:${PORT}/1`, 'Fronius', 'HYB-0001', 6000],
      [`127.0.0.1:${PORT}/3`, 'Fronius', 'HYB-0003', 6000],
      [`127.0.0.1:${PORT}/126`, 'SMA', '3000000001', 3680],
    ]);
    const text = report(found);
    expect(text).toContain(`127.0.0.1:${PORT}/126  SMA Solar Inverter  serial 3000000001  inverter`);
    expect(text).toContain('models 1, 103, 120, 124, 160, 203');
    const config = JSON.parse(text.slice(text.indexOf('{')));
    expect(config.sunspec).toEqual([`127.0.0.1:${PORT}/1`, `127.0.0.1:${PORT}/3`, `127.0.0.1:${PORT}/126`]);
  });

  it('scans a network by its hosts, bounded', () => {
    expect(hostsOf('192.168.1.0/30')).toEqual(['192.168.1.1', '192.168.1.2']);
    expect(hostsOf('10.0.0.7/24')).toHaveLength(254);
    expect(hostsOf('10.0.0.7/24')[0]).toBe('10.0.0.1');
    expect(() => hostsOf('10.0.0.0/16')).toThrow(/at most 1024/);
  });
});
