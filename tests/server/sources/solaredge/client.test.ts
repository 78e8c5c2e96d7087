/**
 * The SolarEdge Monitoring API client (server/sources/solaredge/client.ts) against the fake cloud
 * (testing/vendors/solaredge-fake.ts) serving the recorded exchanges of
 * ../shared/fixtures/vendors/solaredge: stations, inventory, readings in the portal's units and
 * instants, every error answer, and never more than 3 calls at once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SourceError } from '../../../../server/sources/types.js';
import { SolarEdgeClient } from '../../../../server/sources/solaredge/client.js';
import { startSolarEdgeFake, type SolarEdgeFake, type SolarEdgeFakeOptions } from '../../../../testing/vendors/solaredge-fake.js';

const fakes: SolarEdgeFake[] = [];
afterAll(() => Promise.all(fakes.map((f) => f.close())));

async function setup(opts: SolarEdgeFakeOptions = {}, clientOpts: Partial<ConstructorParameters<typeof SolarEdgeClient>[0]> = {}) {
  const fake = await startSolarEdgeFake(opts);
  fakes.push(fake);
  const client = new SolarEdgeClient({ baseUrl: fake.url, credentials: { api_key: fake.apiKey }, timeoutMs: 2000, ...clientOpts });
  return { fake, client };
}

async function failure(promise: Promise<unknown>) {
  const err = await promise.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(SourceError);
  return err as SourceError;
}

const from = new Date('2015-11-21T14:00:00Z');
const to = new Date('2015-11-22T16:00:00Z');

describe('SolarEdge client', () => {
  it('lists the sites of an account key with capacity in W and their time zone', async () => {
    const { fake, client } = await setup();
    const sites = await client.sites();
    expect(sites).toEqual([1, 2].map((id) => ({
      id: String(id), name: 'Test', capacity_w: 10_000, time_zone: 'GMT',
      location: { country: 'the country', city: 'the city', address: 'the address, the address2' },
    })));
    expect(fake.calls).toEqual([{ path: '/sites/list', query: { size: '100', startIndex: '0' } }]);
    expect((await client.site('1')).capacity_w).toBe(9_800);
  });

  it('reads the inventory: inverters by serial, the meter by its device and type, the battery in Wh', async () => {
    const { client } = await setup();
    const inv = await client.inventory('1');
    expect(inv.inverters.map((i) => [i.id, i.model])).toEqual([['12345678-01', 'SE20K'], ['12345678-02', 'SE20K']]);
    expect(inv.meters).toEqual([{ id: '12345678-00:Production', name: 'Production Meter', model: 'WNC-3Y-480-MB', manufacturer: 'WattNode' }]);
    expect(inv.batteries).toEqual([{ id: 'T123456789', name: 'Battery 1.1', model: '10KWh', manufacturer: 'NAME', capacity_wh: 6400 }]);
    const ha = await (await setup({ files: { inventory: 'home-assistant-core/inventory.json' } })).client.inventory('1');
    expect(ha.inverters.map((i) => i.id)).toEqual(['INV-001', 'INV-002', 'INV-003']);
    expect(ha.batteries[0]).toMatchObject({ id: 'BAT001', capacity_wh: 9700 });
  });

  it('reads the overview: W and Wh as sent, the time in the site zone', async () => {
    const { client } = await setup();
    // "2013-10-01 02:37:47" in Berlin (CEST, +02:00) is 00:37:47 UTC.
    expect(await client.overview('1', 'Europe/Berlin')).toEqual({
      device: '1', ts: new Date('2013-10-01T00:37:47Z'), ac_power_w: 0,
      energy_total_wh: 761985.75, energy_year_wh: 761985.8, energy_day_wh: 0,
    });
    const ha = (await setup({ files: { overview: 'home-assistant-core/overview.json' } })).client;
    // "2025-01-01 12:00:00" in Santiago (summer, -03:00) is 15:00 UTC.
    expect(await ha.overview('1', 'America/Santiago')).toEqual({
      device: '1', ts: new Date('2025-01-01T15:00:00Z'), ac_power_w: 1234.5,
      energy_total_wh: 100000, energy_year_wh: 50000, energy_day_wh: 250,
    });
  });

  it('reads powerDetails quarter by quarter, asking in the site zone', async () => {
    const { fake, client } = await setup();
    const readings = await client.powerDetails('1', 'America/Santiago', from, to);
    // Santiago was at -03:00 all of 2015: "2015-11-21 11:00:00" is 14:00 UTC.
    expect(readings).toEqual(['14:00', '14:15', '14:30'].map((t, i) => ({
      device: '1', ts: new Date(`2015-11-21T${t}:00Z`), ac_power_w: 0, grid_export_w: 0,
      consumption_w: [619.8288, 474.87576, 404.7733][i], grid_import_w: [619.8288, 474.87576, 404.7733][i],
    })));
    expect(fake.calls[0].query).toMatchObject({ startTime: '2015-11-21 11:00:00', endTime: '2015-11-22 13:00:00' });
  });

  it('keeps a series in order through the repeated hour of a change of time (Europe/Berlin)', async () => {
    const labels = ['01:45', '02:00', '02:15', '02:30', '02:45', '02:00', '02:15', '02:30', '02:45', '03:00'];
    const { client } = await setup({
      edit: (_e, body) => {
        body.powerDetails.meters = [{ type: 'Production', values: labels.map((l, i) => ({ date: `2025-10-26 ${l}:00`, value: i * 100 })) }];
        return body;
      },
    });
    const readings = await client.powerDetails('1', 'Europe/Berlin', new Date('2025-10-25T23:45:00Z'), new Date('2025-10-26T02:00:00Z'));
    // 02:00-02:45 happens first at +02:00 (00:00-00:45 UTC), then again at +01:00 (01:00-01:45 UTC).
    expect(readings.map((r) => [r.ts.toISOString().slice(11, 16), r.ac_power_w])).toEqual([
      ['23:45', 0], ['00:00', 100], ['00:15', 200], ['00:30', 300], ['00:45', 400],
      ['01:00', 500], ['01:15', 600], ['01:30', 700], ['01:45', 800], ['02:00', 900],
    ]);
  });

  it('reads energyDetails as interval energies in Wh, dropping intervals without a value', async () => {
    const ha = (await setup({ files: { energyDetails: 'home-assistant-core/energy_details.json' } })).client;
    expect(await ha.energyDetails('1', 'America/Santiago', new Date('2025-01-01T03:00:00Z'), new Date('2025-01-02T03:00:00Z'), 'DAY')).toEqual([{
      device: '1', start: new Date('2025-01-01T03:00:00Z'),
      production_wh: 12345, consumption_wh: 9876, self_consumption_wh: 5432, export_wh: 6913, import_wh: 4444,
    }]);
    const { client } = await setup();
    expect(await client.energyDetails('1', 'GMT', from, to)).toEqual([
      { device: '1', start: new Date('2015-11-16T00:00:00Z'), production_wh: 2953, consumption_wh: 29885 },
    ]);
  });

  it('reads currentPowerFlow in its unit: W as recorded, kW multiplied, directions and battery sign', async () => {
    const now = new Date('2026-01-10T15:00:00Z');
    const { client } = await setup({}, { now: () => now });
    expect(await client.currentPowerFlow('1')).toEqual({
      device: '1', ts: now, ac_power_w: 0, consumption_w: 3435.77978515625,
      grid_import_w: 3435.77978515625, grid_export_w: 0, battery_power_w: 0, battery_soc: 27,
    });
    const kw = (await setup({
      edit: (_e, body) => {
        const f = body.siteCurrentPowerFlow;
        f.unit = 'kW';
        f.connections = [{ from: 'PV', to: 'Load' }, { from: 'LOAD', to: 'Grid' }, { from: 'PV', to: 'Storage' }];
        f.PV.currentPower = 4.2; f.GRID.currentPower = 1.1; f.LOAD.currentPower = 2.6;
        f.STORAGE = { status: 'Charging', currentPower: 0.5, chargeLevel: 64, critical: false };
        return body;
      },
    }, { now: () => now })).client;
    expect(await kw.currentPowerFlow('1')).toEqual({
      device: '1', ts: now, ac_power_w: 4200, consumption_w: 2600, grid_import_w: 0, grid_export_w: 1100, battery_power_w: 500, battery_soc: 64,
    });
  });

  it('reads storageData per battery and an inverter\'s telemetries with its lifetime counter', async () => {
    const { client } = await setup();
    const battery = await client.storageData('1', 'GMT', new Date('2015-10-13T07:40:00Z'), new Date('2015-10-13T11:40:00Z'));
    expect(battery).toHaveLength(4);
    expect(battery[0]).toEqual({ device: 'BFA', ts: new Date('2015-10-13T08:00:00Z'), battery_power_w: 12, battery_soc: null, charged_wh: 6, discharged_wh: 6 });
    // A US site (60 Hz, 240 V): "2020-01-01 12:03:21" in Los Angeles (-08:00) is 20:03:21 UTC; totalEnergy 2.16491e7 Wh.
    const inverter = await client.inverterData('42', '7E1234AB-CD', 'America/Los_Angeles', new Date('2020-01-01T20:00:00Z'), new Date('2020-01-01T20:30:00Z'));
    expect(inverter).toHaveLength(6);
    expect(inverter[0]).toEqual({ device: '7E1234AB-CD', ts: new Date('2020-01-01T20:03:21Z'), status: 'MPPT', ac_power_w: 1918.5, energy_total_wh: 21649100 });
    expect(inverter[2]).toMatchObject({ ts: new Date('2020-01-01T20:13:21Z'), ac_power_w: 1901.5, energy_total_wh: 21649400 });
  });

  it('turns each error answer into its kind', async () => {
    const { fake, client } = await setup();
    const wrongKey = new SolarEdgeClient({ baseUrl: fake.url, credentials: { api_key: 'WRONG' } });
    expect((await failure(wrongKey.overview('1', 'GMT'))).kind).toBe('credentials');
    for (const [mode, kind] of [['bad-key', 'credentials'], ['quota', 'quota'], ['down', 'down'], ['malformed', 'malformed'], ['refused', 'down']] as const) {
      await fake.setMode(mode);
      const err = await failure(client.overview('1', 'GMT'));
      expect([mode, err.kind]).toEqual([mode, kind]);
      expect(err.message).not.toContain(fake.apiKey);
    }
    await fake.setMode('ok');
    expect((await client.overview('1', 'GMT')).energy_total_wh).toBe(761985.75);
  });

  it('reads the 400 Tomcat page of a missing parameter as malformed, with its message', async () => {
    const { client } = await setup({}, {
      fetch: (url, init) => {
        (url as URL).searchParams.delete('startTime');
        return fetch(url, init);
      },
    });
    const err = await failure(client.powerDetails('1', 'GMT', from, to));
    expect(err.kind).toBe('malformed');
    expect(err.message).toContain("Required parameter 'startTime' is not present");
  });

  it('answers quota once a site has had its calls of the day', async () => {
    const { client } = await setup({ dailyCalls: 2 });
    await client.overview('1', 'GMT');
    await client.overview('1', 'GMT');
    expect((await failure(client.overview('1', 'GMT'))).kind).toBe('quota');
  });

  it('never has more than 3 calls in flight to one host, whatever the accounts', async () => {
    const { fake, client } = await setup({ delayMs: 40 });
    // The fake refuses a 4th call at once, as SolarEdge does.
    const raw = await Promise.all([1, 2, 3, 4, 5].map(() => fetch(`${fake.url}/site/1/overview?api_key=${fake.apiKey}`).then((r) => r.status)));
    expect(raw.filter((s) => s === 429)).toHaveLength(2);
    fake.maxInFlight = 0;
    fake.concurrencyRefusals = 0;
    const other = new SolarEdgeClient({ baseUrl: fake.url, credentials: { api_key: fake.apiKey } });
    const readings = await Promise.all([...Array(10).keys()].map((i) => (i % 2 ? client : other).overview(String(i), 'GMT')));
    expect(readings).toHaveLength(10);
    expect(fake.maxInFlight).toBe(3);
    expect(fake.concurrencyRefusals).toBe(0);
  });
});
