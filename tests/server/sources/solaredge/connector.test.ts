/**
 * The SolarEdge connector (server/sources/solaredge/index.ts) against the fake Monitoring API
 * (testing/vendors/solaredge-fake.ts, the recorded exchanges of ../shared/fixtures/vendors/solaredge):
 * sites and devices as the interface lists them, a site's figures in the portal's units at the
 * instant its local time names, a local day's hours, every error answer as its kind, and a simulated
 * day of an account read every 5 minutes that stays within the key's 300 calls, spread hour by hour.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/client.js';
import { investors, powerPlants, projects, vendorAccounts, vendorDevices, vendorStations } from '../../../../server/db/schema.js';
import { rows } from '../../../../server/db/sql.js';
import { credentialsBox } from '../../../../server/sources/credentials.js';
import { localText } from '../../../../server/sources/local-time.js';
import { solarEdgeConnector } from '../../../../server/sources/solaredge/index.js';
import { syncAccount } from '../../../../server/sources/sync.js';
import { SourceError, type SpendCalls } from '../../../../server/sources/types.js';
import { openTestDatabase } from '../../../../testing/harness.js';
import { startSolarEdgeFake, type SolarEdgeFake, type SolarEdgeFakeOptions } from '../../../../testing/vendors/solaredge-fake.js';

const fakes: SolarEdgeFake[] = [];
afterAll(() => Promise.all(fakes.map((f) => f.close())));
const always: SpendCalls = async () => true;

async function setup(opts: SolarEdgeFakeOptions = {}, spend = always, now?: () => number) {
  const fake = await startSolarEdgeFake(opts);
  fakes.push(fake);
  const connector = solarEdgeConnector({ id: 1, vendor: 'solaredge', baseUrl: fake.url, credentials: { api_key: fake.apiKey } }, spend, { now });
  return { fake, connector };
}
const failure = async (work: Promise<unknown>) => {
  const err = await work.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(SourceError);
  return err as SourceError;
};
/** The recorded sites list with its sites' zone set (the manual's is GMT). */
const inZone = (zone: string) => (endpoint: string, body: any) => {
  if (endpoint === 'sites') for (const s of body.Sites.list) s.location.timeZone = zone;
  return body;
};

describe('SolarEdge connector', () => {
  it('lists the sites in kWp with their place, and a site\'s inverters, meter and battery', async () => {
    const { connector } = await setup();
    expect(await connector.stations()).toEqual([1, 2].map((id) => ({
      code: String(id), name: 'Test', address: 'the address, the address2, the city, the country', capacityKwp: 10,
    })));
    expect((await connector.devices(['1'])).map((d) => [d.id, d.kind, d.model, d.serial])).toEqual([
      ['12345678-01', 'inverter', 'SE20K', '12345678-01'], ['12345678-02', 'inverter', 'SE20K', '12345678-02'],
      ['12345678-00:Production', 'meter', 'WNC-3Y-480-MB', '12345678-00:Production'], ['T123456789', 'battery', '10KWh', 'T123456789'],
    ]);
  });

  it("reads a site's overview in W and Wh at the instant of its local time, filed under its first inverter", async () => {
    const { connector, fake } = await setup({ files: { overview: 'home-assistant-core/overview.json' }, edit: inZone('America/Santiago') });
    const devices = await connector.devices(['1']);
    expect(await connector.latest(devices)).toEqual([{
      device: '12345678-01',
      // "2025-01-01 12:00:00" in Santiago (summer, -03:00) is 15:00 UTC.
      reading: { ts: new Date('2025-01-01T15:00:00Z'), ac_power_w: 1234.5, energy_total_wh: 100000, energy_year_wh: 50000, energy_day_wh: 250 },
    }]);
    // The site's zone came from the sites list, once.
    expect(fake.calls.map((c) => c.path)).toEqual(['/site/1/inventory', '/sites/list', '/site/1/overview']);
    await connector.latest(devices);
    expect(fake.calls.filter((c) => c.path === '/sites/list')).toHaveLength(1);
  });

  it('keeps the recorded lifetime counter in Wh as sent (the manual\'s overview, GMT)', async () => {
    const { connector } = await setup();
    const [read] = await connector.latest(await connector.devices(['1']));
    expect('reading' in read && read.reading).toEqual({
      ts: new Date('2013-10-01T02:37:47Z'), ac_power_w: 0, energy_total_wh: 761985.75, energy_year_wh: 761985.8, energy_day_wh: 0,
    });
  });

  it("gives a local day's hourly production, asked from the site's midnight to its last second", async () => {
    const { connector, fake } = await setup({ files: { energyDetails: 'home-assistant-core/energy_details.json' }, edit: inZone('America/Santiago') });
    await connector.stations();
    expect(await connector.history('1', '2025-01-01', 'UTC')).toEqual([{ ts: new Date('2025-01-01T03:00:00Z'), energy_wh: 12345 }]);
    expect(fake.calls.at(-1)!.query).toMatchObject({ timeUnit: 'HOUR', startTime: '2025-01-01 00:00:00', endTime: '2025-01-01 23:59:59' });
  });

  it('turns each error answer into its kind, never naming the key', async () => {
    const { connector, fake } = await setup();
    for (const [mode, kind] of [['bad-key', 'credentials'], ['quota', 'quota'], ['down', 'down'], ['malformed', 'malformed'], ['refused', 'down']] as const) {
      await fake.setMode(mode);
      const err = await failure(connector.stations());
      expect([mode, err.kind]).toEqual([mode, kind]);
      expect(err.message).not.toContain(fake.apiKey);
    }
  });

  it('makes no call once the account\'s budget is spent: listings are a quota error, a reading waits for its window', async () => {
    const { connector, fake } = await setup({}, async () => false);
    expect(await failure(connector.stations())).toMatchObject({ kind: 'quota' });
    expect(fake.calls).toHaveLength(0);
    const spent = await setup({}, async (api) => api !== 'readings');
    expect(await spent.connector.latest(await spent.connector.devices(['1']))).toEqual([]);
    expect(spent.fake.calls.map((c) => c.path)).not.toContain('/site/1/overview');
  });
});

describe('a day of a SolarEdge account read every 5 minutes', () => {
  let database: Database;
  beforeAll(async () => { database = await openTestDatabase(); });
  afterAll(() => database?.close());

  it('stays within the 300 calls of the key, 10 readings an hour, its three sites in turn, and stores each', async () => {
    const db = database.db;
    const start = Date.UTC(2026, 2, 2);
    let now = start;
    const clock = () => now;
    const ids = ['101', '102', '103'];
    const fake = await startSolarEdgeFake({
      now: () => new Date(now),
      edit: (endpoint, body) => {
        if (endpoint === 'sites') body.Sites.list = ids.map((id) => ({ ...body.Sites.list[0], id: Number(id), location: { ...body.Sites.list[0].location, timeZone: 'America/Santiago' } }));
        if (endpoint === 'overview') Object.assign(body.overview, { lastUpdateTime: localText(new Date(now), 'America/Santiago'), currentPower: { power: 1500 } });
        return body;
      },
    });
    fakes.push(fake);
    const box = credentialsBox('s'.repeat(40));
    const [account] = await db.insert(vendorAccounts).values({ vendor: 'solaredge', label: 'SolarEdge', base_url: fake.url, credentials: box.seal({ api_key: fake.apiKey }) }).returning();
    const [project] = await db.insert(projects).values({ name: 'Flota SolarEdge' }).returning();
    const plants = await db.insert(powerPlants).values(ids.map((id) => ({ project: project.id, name: `Sitio ${id}` }))).returning();
    const invs = await db.insert(investors).values(plants.map((p, i) => ({ plant: p.id, name: 'Inverter 1', serial_number: `SN-${ids[i]}` }))).returning();
    await db.insert(vendorStations).values(ids.map((code, i) => ({ account: account.id, code, plant: plants[i].id })));
    await db.insert(vendorDevices).values(ids.map((code, i) => ({ account: account.id, station: code, device_id: `SN-${code}`, kind: 'inverter' as const, vendor_type: 0, investor: invs[i].id })));

    // Each call the connector makes, by the hour of the simulated clock it is made in.
    const hourOfCall: number[] = [];
    const counted: typeof fetch = (url, init) => {
      if (String(url).includes('/overview')) hourOfCall.push(Math.floor((now - start) / 3_600_000));
      return fetch(url, init);
    };
    let stored = 0;
    for (let round = 0; round < 288; round++) {
      stored += (await syncAccount(db, account, { box, clock, fetch: counted })).stored;
      now += 300_000;
    }
    const overviews = fake.calls.filter((c) => c.path.endsWith('/overview'));
    expect(fake.calls.length).toBeLessThanOrEqual(300);
    expect(fake.calls.filter((c) => c.path === '/sites/list')).toHaveLength(1);
    expect(overviews).toHaveLength(240);
    // Spread over the day: 10 readings in each of its 24 hours, never a 429.
    expect([...Array(24).keys()].map((h) => hourOfCall.filter((x) => x === h).length)).toEqual(Array(24).fill(10));
    for (const id of ids) expect(overviews.filter((c) => c.path === `/site/${id}/overview`)).toHaveLength(80);
    const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from measurements where investor_id in (${sql.join(invs.map((i) => sql`${i.id}`), sql`, `)}) and ac_power_w = 1500`);
    expect([stored, n]).toEqual([240, 240]);
  }, 120_000);
});
