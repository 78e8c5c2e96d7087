/**
 * The Fronius Solar API v1 client (server/measurements/fronius/client.ts) against a real local HTTP
 * server replaying recorded device answers (testing/fronius-replay.ts), including the hard deadline of
 * a read that stalls halfway.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { FroniusError, dataloggerBaseUrl, decodeHtmlEntities, readFronius } from '../../../../server/measurements/fronius/client.js';
import type { FroniusReading } from '../../../../contract/collector.js';
import { collectGarbageOften, DAY, recording, replaySet, unusedAddress } from '../../../../testing/fronius-replay.js';

const replays = replaySet();
const replay = replays.start;
afterAll(replays.closeAll);

const TIMEOUT = { timeoutMs: 1000 };

async function expectFroniusError(promise: Promise<unknown>, kind: FroniusError['kind']) {
  const err = await promise.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(FroniusError);
  expect(err.kind).toBe(kind);
  return err as FroniusError;
}

describe('Fronius client', () => {
  it('reads the recordings as they are into the expected numbers', async () => {
    const r = await replay('recorded');
    const reading = await readFronius(r.address, 1, TIMEOUT);
    // The inverter answer was recorded at 23:33: no PAC, no DC values, status 3 with error 523: a
    // Symo asleep, which is the night, not a start.
    expect(recording('inverter').Body.Data.PAC).toBeUndefined();
    expect(reading).toEqual<FroniusReading>({
      ts: '2019-01-10T23:33:15+01:00',
      status: 'night', status_code: 3, error_code: 523,
      ac_power_w: null,
      energy_day_wh: 0,
      energy_year_wh: 12400.1,
      energy_total_wh: 26213502,
      dc: [],
      pv_power_w: null,
      // Power flow: P_Grid 367.722145 (taken from the grid), P_Load -367.722145, P_Akku null.
      grid_import_w: 367.722145, grid_export_w: 0,
      consumption_w: 367.722145,
      battery_power_w: null,
      battery_soc: 7.9,
      device: {
        model: 'Primo 8.2-1 (', serial: '38183', device_type: 102,
        battery_model: 'BYD Battery-Box HV', battery_serial: '123456789-12345',
      },
      // The recorded meter sits at the load (Meter_Location_Current 1), not at the grid.
      unavailable: ['meter'],
    });
    expect(r.hits).toMatchObject({ inverter: 1, power_flow: 1, meter: 1, storage: 1, inverter_info: 1, other: 0 });
  });

  it('normalises a producing inverter: DC inputs, export, battery charging as positive, no DAY_ENERGY on GEN24', async () => {
    const r = await replay('day');
    const reading = await readFronius(`http://${r.address}`, 1, TIMEOUT);
    expect(reading).toMatchObject({
      ts: DAY.timestamp, status: 'running', status_code: 7, error_code: 0,
      ac_power_w: 3120, energy_day_wh: null, energy_total_wh: 26213502,
      pv_power_w: 3240, grid_import_w: 0, grid_export_w: 1200.5, consumption_w: 1119.5,
      // Fronius P_Akku -800 means charging; ours is +800.
      battery_power_w: 800,
      // The storage's own state of charge wins over the power flow's.
      battery_soc: 7.9,
    });
    expect(reading.dc).toEqual([
      { mppt: 1, voltage_v: 412.3, current_a: 4.52, power_w: 1863.6 },
      { mppt: 2, voltage_v: 398.7, current_a: 3.41, power_w: 1359.6 },
    ]);
  });

  it('takes a missing meter or storage as nulls, not as a failure', async () => {
    const r = await replay('day', { without: ['meter', 'storage', 'inverter_info'] });
    const reading = await readFronius(r.address, 1, TIMEOUT);
    expect(reading).toMatchObject({
      status: 'running', ac_power_w: 3120, battery_soc: DAY.flowSoc,
      device: { model: null, serial: null, device_type: null, battery_model: null, battery_serial: null },
      unavailable: ['meter', 'storage', 'inverter_info'],
    });
    await r.setMode('day', { without: ['power_flow', 'meter', 'storage'] });
    expect(await readFronius(r.address, 1, TIMEOUT)).toMatchObject({
      ac_power_w: 3120, pv_power_w: null, grid_import_w: null, grid_export_w: null, consumption_w: null,
      battery_power_w: null, battery_soc: null, unavailable: ['power_flow', 'meter', 'storage'],
    });
  });

  it.each([
    ['night when the inverter sleeps: no PAC and no status', 'night', {
      status: 'night', status_code: null, error_code: null, ac_power_w: null, dc: [], energy_total_wh: 26213502,
      grid_import_w: 367.722145, consumption_w: 367.722145,
    }],
    ['an inverter error with its Fronius code', 'error', { status: 'error', status_code: 10, error_code: 307, ac_power_w: 0 }],
  ] as const)('reports %s', async (_, mode, expected) => {
    const r = await replay(mode);
    expect(await readFronius(r.address, 1, TIMEOUT)).toMatchObject(expected);
  });

  it('turns an answer that is not JSON, or JSON of the wrong shape, into a typed error', async () => {
    const r = await replay('malformed');
    await expectFroniusError(readFronius(r.address, 1, TIMEOUT), 'malformed');
    await r.setMode('wrong-shape');
    const err = await expectFroniusError(readFronius(r.address, 1, TIMEOUT), 'malformed');
    expect(err.message).toContain('PAC');
  });

  it('says refused when nothing listens, and timeout when the device is too slow', async () => {
    const err = await expectFroniusError(readFronius(await unusedAddress(), 1, TIMEOUT), 'refused');
    expect(err.message).toContain('ECONNREFUSED');
    // Given up at the deadline: had it waited for the answer (3 s later), it would have read it.
    const r = await replay('slow', { slowMs: 3000 });
    await expectFroniusError(readFronius(r.address, 1, { timeoutMs: 200 }), 'timeout');
  });

  it('refuses an answer larger than a Fronius answer can be, and does not follow redirects', async () => {
    const huge = await replay('oversized');
    expect((await expectFroniusError(readFronius(huge.address, 1, TIMEOUT), 'malformed')).message).toBe('Respuesta demasiado grande.');
    const elsewhere = await replay('day');
    const moved = await replay('redirect', { redirectTo: elsewhere.address });
    expect((await expectFroniusError(readFronius(moved.address, 1, TIMEOUT), 'http')).message).toContain('HTTP 302');
    expect(moved.polls()).toBe(1);
    expect(elsewhere.hits).toMatchObject({ inverter: 0, power_flow: 0, meter: 0, storage: 0, inverter_info: 0, other: 0 });
  });

  it('asks the datalogger for the configured device id and refuses a device the datalogger does not know', async () => {
    const r = await replay('day');
    // Only DeviceId=1 was recorded: the replay answers 404 for device 2, like a datalogger without it.
    expect((await expectFroniusError(readFronius(r.address, 2, TIMEOUT), 'unsupported')).message).toContain('HTTP 404');
    expect(r.hits.other).toBe(1);
  });

  it('understands the address forms staff type, and refuses others', () => {
    expect(dataloggerBaseUrl('192.168.1.50').href).toBe('http://192.168.1.50/solar_api/v1/');
    expect(dataloggerBaseUrl(' logger.local:8080 ').href).toBe('http://logger.local:8080/solar_api/v1/');
    expect(dataloggerBaseUrl('https://proxy.example.com/plant-7/').href).toBe('https://proxy.example.com/plant-7/solar_api/v1/');
    for (const bad of ['', '   ', 'ftp://x', 'http://', 'a b:c']) {
      expect(() => dataloggerBaseUrl(bad), bad).toThrow(FroniusError);
    }
    expect(decodeHtmlEntities('&#80;&#114;&#105;&#109;&#111; &amp; &#x47;')).toBe('Primo & G');
  });
});

/**
 * A datalogger whose link drops halfway through an answer: headers and half the body, then silence
 * with the socket open ('stall'), or the rest one byte every 200 ms ('trickle'), while garbage
 * collections run all along (testing/fronius-replay.ts, collectGarbageOften).
 */
describe('a datalogger that stalls halfway through an answer', () => {
  it('is given up at the deadline, whether it keeps silent or trickles, whatever the garbage collector does', async () => {
    const timeoutMs = 1500;
    const stalled = await replay('stall');
    const trickling = await replay('trickle', { trickleMs: 200 });
    const stopCollecting = collectGarbageOften();
    try {
      for (const device of [stalled, trickling]) {
        const started = Date.now();
        // The read's own promise settles (a read that hangs fails the test by its timeout).
        const outcome = await readFronius(device.address, 1, { timeoutMs }).then(() => 'read', (err) => err);
        expect(outcome, device.mode).toBeInstanceOf(FroniusError);
        expect(outcome).toMatchObject({ kind: 'timeout', message: `El datalogger no respondió en ${timeoutMs} ms.` });
        expect(Date.now() - started).toBeGreaterThanOrEqual(timeoutMs - 50);
        expect(device.hits.inverter).toBe(1);
      }
      // The trickle never left the link idle for long: the deadline is total, not idle time.
      expect(trickling.trickled).toBeGreaterThanOrEqual(4);
    } finally {
      stopCollecting();
    }
  });
});
