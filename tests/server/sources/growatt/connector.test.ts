/**
 * The Growatt connector (server/sources/growatt/index.ts) against the fake OpenAPI v1
 * (testing/vendors/growatt-fake.ts, the recorded exchanges of ../shared/fixtures/vendors/growatt):
 * plants and devices as the interface lists them, an inverter's latest data in W and Wh at the
 * instant of its plant's local time, nothing stored of a sleeping inverter's empty values, a day's
 * hours from the 5-minute power, the 5-minute rule and every error answer as its kind.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { growattConnector } from '../../../../server/sources/growatt/index.js';
import { SourceError, type SpendCalls } from '../../../../server/sources/types.js';
import { startGrowattFake, type GrowattFake, type GrowattFakeOptions } from '../../../../testing/vendors/growatt-fake.js';

const fakes: GrowattFake[] = [];
afterAll(() => Promise.all(fakes.map((f) => f.close())));
const always: SpendCalls = async () => true;

async function setup(opts: GrowattFakeOptions = {}, spend = always) {
  let t = Date.parse('2026-12-03T15:00:00Z');
  const fake = await startGrowattFake({ now: () => new Date(t), ...opts });
  fakes.push(fake);
  const connector = growattConnector({ id: 1, vendor: 'growatt', baseUrl: fake.url, credentials: { token: fake.token } }, spend, { now: () => t });
  return { fake, connector, advance: (ms: number) => { t += ms; } };
}
const failure = async (work: Promise<unknown>) => {
  const err = await work.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(SourceError);
  return err as SourceError;
};
const paths = (fake: GrowattFake) => fake.calls.map((c) => c.path.replace('/v1/', ''));

describe('Growatt connector', () => {
  it('lists the plants (no capacity given: none, not 0) and a plant\'s inverter', async () => {
    const { connector } = await setup();
    expect(await connector.stations()).toEqual([{ code: '1185', name: '9', address: 'China', capacityKwp: null }]);
    expect((await connector.devices(['24765'])).map((d) => [d.id, d.station, d.kind, d.model, d.serial])).toEqual([
      ['ZT00100001', '24765', 'inverter', 'A0B0D0T0PFU1M3S4', 'ZT00100001'],
    ]);
  });

  it("reads an inverter's latest data in W and Wh, at its plant's local time (GMT+8, from the plant's details once)", async () => {
    const { connector, fake, advance } = await setup();
    const devices = await connector.devices(['24765']);
    expect(await connector.latest(devices)).toEqual([{
      device: 'ZT00100001',
      reading: {
        // "2018-12-13 11:05:00" at GMT+8 is 03:05 UTC; power_today "12.3" kWh, power_total "15234.7" kWh.
        ts: new Date('2018-12-13T03:05:00Z'), status: 'Normal', ac_power_w: 7903.4, pv_power_w: 8120.5,
        energy_day_wh: 12_300, energy_total_wh: 15_234_700,
        dc: [{ mppt: 1, voltage_v: 360.2, current_a: 11.3, power_w: 4070.3 }, { mppt: 2, voltage_v: 355.8, current_a: 11.4, power_w: 4050.2 }],
      },
    }]);
    // Asked again within 5 minutes: no call, the inverter waits for the next round; after 5 minutes, read again.
    expect(await connector.latest(devices)).toEqual([]);
    advance(300_000);
    expect(await connector.latest(devices)).toHaveLength(1);
    expect(paths(fake)).toEqual(['device/list', 'plant/details', 'device/inverter/last_new_data', 'device/inverter/last_new_data']);
  });

  it('keeps a sleeping inverter\'s nulls, "N/A" and 0 counter out of the reading', async () => {
    const { connector } = await setup({ night: true });
    const [read] = await connector.latest(await connector.devices(['24765']));
    expect('reading' in read && read.reading).toMatchObject({ ac_power_w: 0, pv_power_w: null, energy_day_wh: null, energy_total_wh: null, dc: null });
  });

  it("sums a local day's 5-minute power into its hours, Wh", async () => {
    const { connector, fake } = await setup();
    // The recorded 10:40 and 10:45 points (7689.7 and 7903.4 W), 5 minutes each, in the 10:00 hour at GMT+8 (02:00 UTC).
    expect(await connector.history('24765', '2018-12-13', 'GMT+8')).toEqual([{ ts: new Date('2018-12-13T02:00:00Z'), energy_wh: 1299.425 }]);
    expect(fake.calls.at(-1)!.query).toEqual({ plant_id: '24765', date: '2018-12-13' });
  });

  it('turns each error answer into its kind: 10011 credentials, 10012 quota on the inverter, 5xx and silence down, a cut answer malformed', async () => {
    const { connector, fake, advance } = await setup();
    const devices = await connector.devices(['24765']);
    await connector.latest(devices);
    advance(300_000);
    await fake.setMode('quota');
    const [read] = await connector.latest(devices);
    expect('error' in read && read.error).toMatchObject({ kind: 'quota', options: { code: 10012, retryAfterMs: 300_000 } });
    for (const [mode, kind] of [['bad-key', 'credentials'], ['down', 'down'], ['malformed', 'malformed'], ['refused', 'down']] as const) {
      advance(300_000);
      await fake.setMode(mode);
      const err = await failure(connector.latest(devices));
      expect([mode, err.kind]).toEqual([mode, kind]);
      expect(err.message).not.toContain(fake.token);
    }
  });

  it('makes no call once the account\'s budget is spent', async () => {
    const { connector, fake } = await setup({}, async () => false);
    expect(await failure(connector.stations())).toMatchObject({ kind: 'quota' });
    expect(await failure(connector.latest([{ id: 'ZT00100001', station: '24765', kind: 'inverter', vendorType: 0, name: '', model: '', serial: '' }]))).toMatchObject({ kind: 'quota' });
    expect(fake.calls).toHaveLength(0);
  });
});
