/**
 * The Growatt OpenAPI v1 client (server/sources/growatt/client.ts) against the fake cloud
 * (testing/vendors/growatt-fake.ts) serving the recorded exchanges of ../shared/fixtures/vendors/growatt:
 * plants and devices, readings in W and Wh at the right instants, empty values absent, and every
 * error answer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SourceError } from '../../../../server/sources/types.js';
import { GrowattClient } from '../../../../server/sources/growatt/client.js';
import { INVERTER_DAY, startGrowattFake, type GrowattFake, type GrowattFakeOptions } from '../../../../testing/vendors/growatt-fake.js';

const fakes: GrowattFake[] = [];
afterAll(() => Promise.all(fakes.map((f) => f.close())));

/** A clock tests move by hand, shared by the fake and its clients. */
function clock(start = '2026-12-03T15:00:00Z') {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => { t += ms; } };
}

async function setup(opts: GrowattFakeOptions = {}) {
  const time = clock();
  const fake = await startGrowattFake({ now: time.now, ...opts });
  fakes.push(fake);
  const client = () => new GrowattClient({ baseUrl: fake.url, credentials: { token: fake.token }, now: time.now, timeoutMs: 2000 });
  return { fake, time, client: client(), another: client };
}

async function failure(promise: Promise<unknown>) {
  const err = await promise.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(SourceError);
  return err as SourceError;
}

describe('Growatt client', () => {
  it('lists the plants and reads one plant\'s zone, capacity in W and place', async () => {
    const { fake, client } = await setup();
    // peak_power 0, city "0", latitude "": nothing known, not zeros.
    expect(await client.plants()).toEqual([{ id: '1185', name: '9', location: { country: 'China' } }]);
    expect(fake.calls[0]).toEqual({ path: '/v1/plant/list', query: { page: '1', perpage: '100' } });
    expect(await client.plant('24765')).toEqual({
      id: '24765', name: 'API interface test power station', capacity_w: 20_000, time_zone: 'GMT+8',
      location: { country: 'China', city: 'Shenzhen', latitude: 22.6, longitude: 113.9 },
    });
  });

  it('lists a plant\'s inverters, and which dataloggers are lost', async () => {
    const { client } = await setup();
    expect(await client.devices('24765')).toEqual({
      inverters: [{ id: 'ZT00100001', name: 'ZT00100001', model: 'A0B0D0T0PFU1M3S4', manufacturer: 'Growatt' }],
      meters: [], batteries: [], offline: ['ZT00100001'],
    });
  });

  it('reads plant data: kWh strings in Wh, kW in W, "N/A" and "" absent, local time in GMT+8', async () => {
    const { client } = await setup();
    // "2018-12-13 11:06:34" at GMT+8 is 03:06:34 UTC; "15.7" kWh is 15,700 Wh.
    expect(await client.plantData('24765', 'America/Santiago')).toEqual({
      device: '24765', ts: new Date('2018-12-13T03:06:34Z'), ac_power_w: 0,
      energy_total_wh: 15_700, energy_year_wh: 15_700, energy_day_wh: 0,
    });
    const edited = (await setup({ edit: (_e, d) => ({ ...d, current_power: 1.005, today_energy: 'N/A', total_energy: '' }) })).client;
    expect(await edited.plantData('24765', 'GMT+8')).toMatchObject({ ac_power_w: 1005, energy_day_wh: null, energy_total_wh: null });
  });

  it('reads a day of plant power in W, oldest first', async () => {
    const { client } = await setup();
    expect(await client.plantPower('24765', '2018-12-13', 'GMT+8')).toEqual([
      { device: '24765', ts: new Date('2018-12-13T02:40:00Z'), ac_power_w: 7689.7001953125 },
      { device: '24765', ts: new Date('2018-12-13T02:45:00Z'), ac_power_w: 7903.39990234375 },
    ]);
  });

  it('reads an inverter\'s latest data by day, and at night nulls, "N/A" and a 0 counter as absent', async () => {
    const { fake, client, time } = await setup();
    expect(await client.inverterLatest('ZT00100001', 'GMT+8')).toEqual({
      device: 'ZT00100001', ts: new Date('2018-12-13T03:05:00Z'), status: 'Normal',
      ac_power_w: INVERTER_DAY.pac, pv_power_w: INVERTER_DAY.ppv,
      energy_total_wh: 15_234_700, energy_day_wh: 12_300,
      dc: [{ mppt: 1, voltage_v: 360.2, current_a: 11.3, power_w: 4070.3 }, { mppt: 2, voltage_v: 355.8, current_a: 11.4, power_w: 4050.2 }],
    });
    fake.night = true;
    time.advance(5 * 60_000);
    expect(await client.inverterLatest('ZT00100001', 'GMT+8')).toEqual({
      device: 'ZT00100001', ts: new Date('2018-12-13T15:55:00Z'), status: 'Waiting',
      ac_power_w: 0, pv_power_w: null, energy_total_wh: null, energy_day_wh: null, dc: null,
    });
  });

  it('does not ask the same thing again within 5 minutes, and reads the cloud\'s 10012 as quota', async () => {
    const { fake, client, another, time } = await setup();
    await client.plantData('24765', 'GMT+8');
    const own = await failure(client.plantData('24765', 'GMT+8'));
    expect([own.kind, own.options.retryAfterMs]).toEqual(['quota', 5 * 60_000]);
    expect(fake.calls).toHaveLength(1);
    // Another process with the same token is refused by the cloud itself.
    const cloud = await failure(another().plantData('24765', 'GMT+8'));
    expect([cloud.kind, cloud.message, cloud.options.retryAfterMs]).toEqual(['quota', 'Growatt plant/data: error 10012 error_frequently_access', 5 * 60_000]);
    time.advance(5 * 60_000);
    expect((await client.plantData('24765', 'GMT+8')).energy_total_wh).toBe(15_700);
  });

  it('reads the plant list at most 10 times a day', async () => {
    const { another, time } = await setup();
    for (let i = 0; i < 10; i++) {
      await another().plants();
      time.advance(6 * 60_000);
    }
    expect((await failure(another().plants())).kind).toBe('quota');
  });

  it('turns each error answer into its kind', async () => {
    const { fake, client, time } = await setup();
    const wrong = new GrowattClient({ baseUrl: fake.url, credentials: { token: 'wrong' } });
    const err = await failure(wrong.plant('24765'));
    expect([err.kind, err.message]).toEqual(['credentials', 'Growatt plant/details: error 10011 error_permission_denied']);
    for (const [mode, kind] of [['bad-key', 'credentials'], ['quota', 'quota'], ['down', 'down'], ['malformed', 'malformed'], ['refused', 'down']] as const) {
      await fake.setMode(mode);
      time.advance(5 * 60_000);
      const e = await failure(client.plantData('24765', 'GMT+8'));
      expect([mode, e.kind]).toEqual([mode, kind]);
      expect(e.message).not.toContain(fake.token);
    }
    await fake.setMode('ok');
    time.advance(5 * 60_000);
    expect((await client.plantData('24765', 'GMT+8')).energy_total_wh).toBe(15_700);
  });
});
