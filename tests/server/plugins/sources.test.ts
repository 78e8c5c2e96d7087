/**
 * Vendor accounts through the API (contract/sources.ts): staff enter a Huawei account, list its
 * stations at the (fake) vendor, make a plant with its inverters from a station, read it now and see
 * the recorded figures stored; the credentials are sealed at rest and appear in no answer and no log
 * line, on every path (errors included); a rotated CREDENTIALS_KEY re-seals them at start.
 */
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../../server/core/logger.js';
import { investors, powerPlants, projects, vendorAccounts } from '../../../server/db/schema.js';
import { credentialsBox } from '../../../server/sources/credentials.js';
import { CLOUD_VENDORS } from '../../../server/sources/registry.js';
import { VENDORS } from '../../../contract/sources.js';
import { buildApp } from '../../../server/app.js';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { call, query } from '../../../testing/fixtures.js';
import { huaweiExchange, startHuaweiFake, type HuaweiFake } from '../../../testing/vendors/huawei-fake.js';
import { startSolarEdgeFake, type SolarEdgeFake } from '../../../testing/vendors/solaredge-fake.js';
import { INVERTER_DAY, startGrowattFake, type GrowattFake } from '../../../testing/vendors/growatt-fake.js';
import { startSungrowFake, SUNGROW_FAKE_CREDENTIALS, type SungrowFake } from '../../../testing/vendors/sungrow-fake.js';
import { localText } from '../../../server/sources/local-time.js';

const KEY = 'credentials-key-of-this-suite-0123456789';
const log: string[] = [];
const logStream = new Writable({ write(chunk, _enc, done) { log.push(String(chunk)); done(); } });
let ctx: TestContext;
let fake: HuaweiFake;
let solaredge: SolarEdgeFake;
let growatt: GrowattFake;
let sungrow: SungrowFake;
let staff: string;
let customer: string;
/** Every answer of the suite, to search for the credentials. */
const answers: string[] = [];
const api = async (token: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
  const res = await call(ctx, token, method, url, payload === undefined ? {} : { payload });
  answers.push(JSON.stringify(res.body));
  return res;
};

beforeAll(async () => {
  fake = await startHuaweiFake();
  // The site reports now, in Santiago: the overview's local time is the clock's.
  solaredge = await startSolarEdgeFake({
    files: { overview: 'home-assistant-core/overview.json' },
    edit: (endpoint, body) => {
      if (endpoint === 'sites') for (const site of body.Sites.list) site.location.timeZone = 'America/Santiago';
      if (endpoint === 'overview') body.overview.lastUpdateTime = localText(new Date(), 'America/Santiago');
      return body;
    },
  });
  growatt = await startGrowattFake({
    edit: (endpoint, data) => (endpoint === 'device/inverter/last_new_data' ? { ...data, time: localText(new Date(), 'GMT+8') } : data),
  });
  // The recorded real-time plant 970645 in the account's list, at GMT+8, reporting now.
  sungrow = await startSungrowFake({
    edit: (path, data) => {
      if (path === 'getPowerStationList') data.pageList = [{ ...data.pageList[0], ps_id: 970645, ps_name: 'Planta Sungrow', ps_current_time_zone: 'GMT+8' }];
      if (path === 'getDeviceRealTimeData') for (const p of data.device_point_list) p.device_point.device_time = localText(new Date(), 'GMT+8')!.replace(/\D/g, '');
      return data;
    },
  });
  ctx = await createTestContext({ CREDENTIALS_KEY: KEY }, { logger: loggerOptions({ level: 'trace', tty: false, destination: logStream }) });
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  customer = (await ctx.userWithToken()).token;
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
  await solaredge?.close();
  await growatt?.close();
  await sungrow?.close();
});

const account = () => ({ vendor: 'huawei', label: 'FusionSolar LatAm', base_url: `${fake.baseUrl}/`, credentials: { userName: fake.userName, systemCode: fake.systemCode } });

describe('vendor accounts', () => {
  it('the registry has a connector for every vendor the contract offers', () => {
    expect([...CLOUD_VENDORS].sort()).toEqual([...VENDORS].sort());
  });

  it('staff enter, list, change and delete accounts; customers and strangers may not', async () => {
    const created = await api(staff, 'POST', '/vendor-accounts/', account());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ vendor: 'huawei', label: 'FusionSolar LatAm', base_url: fake.baseUrl, has_credentials: true, last_error: null, calls_today: 0 });
    expect(created.body).not.toHaveProperty('credentials');
    const [row] = await ctx.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, created.body.id));
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain(fake.systemCode);
    expect(credentialsBox(KEY).open(row.credentials)).toEqual({ userName: fake.userName, systemCode: fake.systemCode });

    expect((await api(staff, 'GET', '/vendor-accounts/')).body).toEqual([expect.objectContaining({ id: created.body.id })]);
    const renamed = await api(staff, 'PATCH', `/vendor-accounts/${created.body.id}/`, { label: 'Renombrada' });
    expect(renamed).toMatchObject({ status: 200, body: { label: 'Renombrada', has_credentials: true } });

    expect((await api(customer, 'GET', '/vendor-accounts/')).status).toBe(403);
    expect((await api(customer, 'POST', '/vendor-accounts/', account())).status).toBe(403);
    expect((await api(null, 'GET', '/vendor-accounts/')).status).toBe(401);
    expect((await api(staff, 'DELETE', `/vendor-accounts/${created.body.id}/`)).status).toBe(204);
    expect((await api(staff, 'DELETE', `/vendor-accounts/${created.body.id}/`)).status).toBe(404);
    expect((await api(staff, 'PATCH', '/vendor-accounts/999999/', { label: 'x' })).status).toBe(404);
  });

  it('refuses bad input with a 400 by field, never echoing the credentials', async () => {
    const bad = await api(staff, 'POST', '/vendor-accounts/', { ...account(), base_url: 'ftp://x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('base_url');
    const noSecret = await api(staff, 'POST', '/vendor-accounts/', { ...account(), credentials: { userName: fake.userName } });
    expect(noSecret.status).toBe(400);
    expect((await api(staff, 'POST', '/vendor-accounts/', { ...account(), vendor: 'acme' })).status).toBe(400);
  });

  it('lists the stations, makes the plant with its inverters from one, and reads the recorded figures into it', async () => {
    const { body: acc } = await api(staff, 'POST', '/vendor-accounts/', account());
    const stations = await api(staff, 'GET', `/vendor-accounts/${acc.id}/stations`);
    expect(stations).toEqual({ status: 200, body: [{ code: 'StationCode', name: 'StationName', address: 'StationAddr', capacity_kwp: 5, plant: null, linked: false }] });

    const [project] = await ctx.database.db.insert(projects).values({ name: 'Instalador' }).returning();
    expect((await api(staff, 'POST', `/vendor-accounts/${acc.id}/stations/StationCode/link`, { project: 999999 })).status).toBe(400);
    expect((await api(staff, 'POST', `/vendor-accounts/${acc.id}/stations/Nope/link`, { project: project.id })).status).toBe(404);
    const linked = await api(staff, 'POST', `/vendor-accounts/${acc.id}/stations/StationCode/link`, { project: project.id });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body).toMatchObject({ code: 'StationCode', linked: true, inverters: [{ device: '1000000000000002', investor: expect.any(Number) }] });
    const [plant] = await ctx.database.db.select().from(powerPlants).where(eq(powerPlants.id, linked.body.plant));
    expect(plant).toMatchObject({ name: 'StationName', capacity_kwp: 5, project: project.id });
    const [inverter] = await ctx.database.db.select().from(investors).where(eq(investors.plant, plant.id));
    expect(inverter).toMatchObject({ model: 'SUN2000-5KTL-M1', serial_number: 'ensCode2', id: linked.body.inverters[0].investor });

    const read = await api(staff, 'POST', `/vendor-accounts/${acc.id}/read`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toMatchObject({ stored: 1, duplicates: 0, failed: 0, account: { last_error: null, last_success_at: expect.any(String) } });
    expect(read.body.account.calls_today).toBeGreaterThanOrEqual(4);
    const kpi = huaweiExchange('fusionsolar-rs/getDevRealKpi-inverter.json').response.body.data[0].dataItemMap;
    const [m] = await query(ctx.database.db, sql`select ac_power_w, energy_total_wh, energy_day_wh from measurements where investor_id = ${inverter.id}`);
    expect(m).toEqual({ ac_power_w: kpi.active_power * 1000, energy_total_wh: kpi.total_cap * 1000, energy_day_wh: kpi.day_cap * 1000 });
    expect((await api(staff, 'GET', `/vendor-accounts/${acc.id}/stations`)).body[0]).toMatchObject({ linked: true, plant: plant.id });
    // One inverter read (the dongle is not): one getDevRealKpi in 5 minutes; a second read now waits.
    const again = await api(staff, 'POST', `/vendor-accounts/${acc.id}/read`);
    expect(again.status).toBe(502);
    expect((await api(staff, 'GET', '/vendor-accounts/')).body.find((a: { id: number }) => a.id === acc.id)).toMatchObject({ last_error_kind: 'quota' });
    expect(fake.calls.filter((c) => c.api === 'getDevRealKpi')).toHaveLength(1);
  });

  it('links a station to an existing plant, matching its inverters by serial number', async () => {
    const { body: acc } = await api(staff, 'POST', '/vendor-accounts/', account());
    await api(staff, 'GET', `/vendor-accounts/${acc.id}/stations`);
    const [project] = await ctx.database.db.insert(projects).values({ name: 'Existente' }).returning();
    const [plant] = await ctx.database.db.insert(powerPlants).values({ project: project.id, name: 'Casa' }).returning();
    const [inv] = await ctx.database.db.insert(investors).values({ plant: plant.id, name: 'Inversor', serial_number: 'ensCode2' }).returning();
    const linked = await api(staff, 'POST', `/vendor-accounts/${acc.id}/stations/StationCode/link`, { plant: plant.id });
    expect(linked.body).toMatchObject({ plant: plant.id, inverters: [{ device: '1000000000000002', investor: inv.id }] });
  });

  it("says why the vendor failed (502, the account's last error and its kind), for refused credentials and a spent quota", async () => {
    // The fake counts logins per user, as Huawei does (5 in 10 minutes), and this suite's accounts share one.
    fake.resetQuota();
    const { body: acc } = await api(staff, 'POST', '/vendor-accounts/', { ...account(), credentials: { userName: fake.userName, systemCode: 'Equivocada-123' } });
    const refused = await api(staff, 'GET', `/vendor-accounts/${acc.id}/stations`);
    expect(refused.status).toBe(502);
    expect(refused.body.detail).toContain('20400');
    const [shown] = (await api(staff, 'GET', '/vendor-accounts/')).body.filter((a: { id: number }) => a.id === acc.id);
    expect(shown).toMatchObject({ last_error_kind: 'credentials', last_error: expect.stringContaining('20400'), last_error_at: expect.any(String) });

    // New credentials clear the error.
    const fixed = await api(staff, 'PATCH', `/vendor-accounts/${acc.id}/`, { credentials: { userName: fake.userName, systemCode: fake.systemCode } });
    expect(fixed.body).toMatchObject({ last_error: null, last_error_kind: null });
    fake.gateway403 = true;
    const quota = await api(staff, 'GET', `/vendor-accounts/${acc.id}/stations`);
    fake.gateway403 = false;
    expect(quota.status).toBe(502);
    expect((await api(staff, 'GET', '/vendor-accounts/')).body.find((a: { id: number }) => a.id === acc.id))
      .toMatchObject({ last_error_kind: 'quota', retry_at: expect.any(String) });
  });

  it('reads a SolarEdge account: its key only, a site made a plant, its figures in W and Wh in the plant snapshot', async () => {
    const solarEdgeAccount = { vendor: 'solaredge', label: 'SolarEdge', base_url: solaredge.url, credentials: { api_key: solaredge.apiKey } };
    const mixed = await api(staff, 'POST', '/vendor-accounts/', { ...solarEdgeAccount, credentials: { userName: 'u', systemCode: 's' } });
    expect(mixed).toMatchObject({ status: 400, body: { credentials: [expect.any(String)] } });
    const { body: acc } = await api(staff, 'POST', '/vendor-accounts/', solarEdgeAccount);
    expect((await api(staff, 'PATCH', `/vendor-accounts/${acc.id}/`, { credentials: { userName: 'u', systemCode: 's' } })).status).toBe(400);
    const stations = await api(staff, 'GET', `/vendor-accounts/${acc.id}/stations`);
    expect(stations.body).toEqual(['1', '2'].map((code) => ({
      code, name: 'Test', address: 'the address, the address2, the city, the country', capacity_kwp: 10, plant: null, linked: false,
    })));
    const [project] = await ctx.database.db.insert(projects).values({ name: 'Instalador SolarEdge' }).returning();
    const linked = await api(staff, 'POST', `/vendor-accounts/${acc.id}/stations/1/link`, { project: project.id, name: 'Casa SolarEdge' });
    expect(linked.body.inverters.map((i: { device: string }) => i.device)).toEqual(['12345678-01', '12345678-02']);
    const read = await api(staff, 'POST', `/vendor-accounts/${acc.id}/read`);
    // Sites list, inventory, then (a new inventory, a new connector) the sites' zones again and one overview.
    expect(read.body).toMatchObject({ stored: 1, failed: 0, account: { last_error: null, calls_today: 4 } });
    // The recorded overview: 1234.5 W now, 100000 Wh in all, 250 Wh today.
    const snapshot = await api(staff, 'GET', `/v2/last/measurement/all/data/${linked.body.plant}`);
    expect(snapshot.body).toMatchObject({ online: true, power_w: 1234.5, energy_total_wh: 100000, capacity_kwp: 10 });
    expect(answers.join('')).not.toContain(solaredge.apiKey);
  });

  it("reads a Growatt account: a plant made from its inverter, the inverter's figures in W and Wh in the plant snapshot", async () => {
    const { body: acc } = await api(staff, 'POST', '/vendor-accounts/', { vendor: 'growatt', label: 'Growatt', base_url: growatt.url, credentials: { token: growatt.token } });
    expect((await api(staff, 'GET', `/vendor-accounts/${acc.id}/stations`)).body).toEqual([
      { code: '1185', name: '9', address: 'China', capacity_kwp: null, plant: null, linked: false },
    ]);
    const [project] = await ctx.database.db.insert(projects).values({ name: 'Instalador Growatt' }).returning();
    const linked = await api(staff, 'POST', `/vendor-accounts/${acc.id}/stations/1185/link`, { project: project.id });
    expect(linked.body).toMatchObject({ linked: true, inverters: [{ device: 'ZT00100001', investor: expect.any(Number) }] });
    const [inverter] = await ctx.database.db.select().from(investors).where(eq(investors.plant, linked.body.plant));
    expect(inverter).toMatchObject({ serial_number: 'ZT00100001', model: 'A0B0D0T0PFU1M3S4' });
    const read = await api(staff, 'POST', `/vendor-accounts/${acc.id}/read`);
    expect(read.body).toMatchObject({ stored: 1, failed: 0, account: { last_error: null } });
    // pac 7903.4 W; power_total "15234.7" kWh; power_today "12.3" kWh.
    const snapshot = await api(staff, 'GET', `/v2/last/measurement/all/data/${linked.body.plant}`);
    expect(snapshot.body).toMatchObject({ online: true, power_w: INVERTER_DAY.pac, solar_w: INVERTER_DAY.ppv, energy_total_wh: 15_234_700 });
    expect(answers.join('')).not.toContain(growatt.token);
  });

  it("reads a Sungrow account: a plant made with its five inverters, the plant's figures in W and Wh in its snapshot", async () => {
    const { body: acc } = await api(staff, 'POST', '/vendor-accounts/', { vendor: 'sungrow', label: 'iSolarCloud', base_url: sungrow.url, credentials: SUNGROW_FAKE_CREDENTIALS });
    expect((await api(staff, 'GET', `/vendor-accounts/${acc.id}/stations`)).body).toEqual([
      { code: '970645', name: 'Planta Sungrow', address: 'Germany', capacity_kwp: null, plant: null, linked: false },
    ]);
    const [project] = await ctx.database.db.insert(projects).values({ name: 'Instalador Sungrow' }).returning();
    const linked = await api(staff, 'POST', `/vendor-accounts/${acc.id}/stations/970645/link`, { project: project.id });
    expect(linked.body.inverters).toHaveLength(5);
    expect(await ctx.database.db.select().from(investors).where(eq(investors.plant, linked.body.plant))).toHaveLength(5);
    const read = await api(staff, 'POST', `/vendor-accounts/${acc.id}/read`);
    expect(read.body).toMatchObject({ stored: 1, failed: 0, account: { last_error: null } });
    // p83033 "9276.0" W now; p83022 "108500.0" Wh today.
    const snapshot = await api(staff, 'GET', `/v2/last/measurement/all/data/${linked.body.plant}`);
    expect(snapshot.body).toMatchObject({ online: true, power_w: 9276, energy_today_wh: 108_500 });
    // The plant's figures go to its first inverter (研发楼NB04, the first listed).
    expect(snapshot.body.inverters.map((i: { power_w: number | null }) => i.power_w)).toEqual([9276, null, null, null, null]);
    expect(answers.join('')).not.toContain(SUNGROW_FAKE_CREDENTIALS.secret_key);
  });

  it('never answers nor logs the credentials, on any path', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) expect(answer).not.toContain(fake.systemCode);
    const lines = log.join('');
    expect(lines).toContain('/vendor-accounts/');
    expect(lines).not.toContain(fake.systemCode);
    expect(lines).not.toContain('Equivocada-123');
    expect(lines).not.toContain(solaredge.apiKey);
    expect(lines).not.toContain(growatt.token);
    expect(lines).not.toContain(SUNGROW_FAKE_CREDENTIALS.secret_key);
  });
});

describe('rotating CREDENTIALS_KEY', () => {
  it('re-seals at start what the previous key sealed, and reads it under the new one', async () => {
    const old = credentialsBox(KEY);
    const sealed = old.seal({ userName: 'u', systemCode: 'rotar-secreto' });
    const [row] = await ctx.database.db.insert(vendorAccounts).values({ vendor: 'huawei', label: 'x', base_url: 'http://127.0.0.1:1', credentials: sealed }).returning();
    const NEW = 'n'.repeat(40);
    const app = await buildApp({ config: { ...ctx.config, credentialsKey: NEW, credentialsKeyPrevious: KEY }, db: ctx.database.db });
    await app.ready();
    await app.close();
    const [after] = await ctx.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, row.id));
    expect(after.credentials).not.toBe(sealed);
    expect(credentialsBox(NEW).open(after.credentials)).toEqual({ userName: 'u', systemCode: 'rotar-secreto' });
    expect(() => old.open(after.credentials)).toThrow();
  });
});
