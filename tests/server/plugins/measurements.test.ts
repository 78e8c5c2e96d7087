/**
 * The monitoring calls (server/plugins/measurements, contract/measurements.ts): the live summary, the
 * latest readings of a plant, an inverter, an MPPT and a string, who sees what, and bad dates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import type { Db } from '../../../server/db/client.js';
import { storeReadings } from '../../../server/measurements/store.js';
import { isoInZone } from '../../../server/measurements/time.js';
import { call, plantTree, type Tree } from '../../../testing/fixtures.js';
import { investors, powerPlants } from '../../../server/db/schema.js';

let ctx: TestContext;
let db: Db;
let staff: string;
let customer: { user: { id: number }; token: string };
const TZ = 'America/Santiago';
const MIN = 60_000;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  customer = await ctx.userWithToken();
});
afterAll(() => ctx?.close());

describe('the live summary', () => {
  it('sums the current readings and derives self-consumption and autarky from energies', async () => {
    const tree = await plantTree(db, { inverters: 3, tariff: 200 });
    const [fresh, silent, stale] = tree.investors.map((i) => i.id);
    // Two readings ten minutes apart, the same local day: 10 kWh produced, 4 exported, 8 consumed, 2 imported.
    let t1 = Math.floor((Date.now() - MIN) / (5 * MIN)) * 5 * MIN;
    if (isoInZone(new Date(t1 - 10 * MIN), TZ).slice(0, 10) !== isoInZone(new Date(t1), TZ).slice(0, 10)) t1 += 30 * MIN;
    const flows = { grid_export_w: 24_000, consumption_w: 48_000, grid_import_w: 12_000 };
    await storeReadings(db, [
      { investor: fresh, ts: new Date(t1 - 10 * MIN), ac_power_w: 5000, energy_total_wh: 1_000_000, battery_soc: 50, battery_power_w: 0, ...flows },
      { investor: fresh, ts: new Date(t1), ac_power_w: 6000, energy_total_wh: 1_010_000, battery_soc: 60, battery_power_w: 1000, status: 'ok', ...flows },
      // An inverter that stopped reporting an hour ago does not add its last power.
      { investor: stale, ts: new Date(t1 - 60 * MIN), ac_power_w: 3000, status: 'ok' },
    ]);
    const res = await call(ctx, staff, 'GET', `/v2/last/measurement/all/data/${tree.plant}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      plant: tree.plant,
      timestamp: isoInZone(new Date(t1), TZ),
      power_w: 6000, consumption_w: 48_000, grid_export_w: 24_000, grid_import_w: 12_000, battery_power_w: 1000, battery_soc: 60,
      energy_today_wh: 10_000, export_today_wh: 4000, consumption_today_wh: 8000, import_today_wh: 2000,
      self_consumption_pct: 60, autarky_pct: 75,
      energy_total_wh: 1_010_000,
      co2_avoided_kg: { today: 4, total: 404, factor_kg_per_kwh: 0.4 },
      // The bills at the plant's own prices (200 a kWh, 75 an injected kWh): without solar 8 kWh x 200 = 1,600;
      // with it 2 kWh bought x 200 − 4 kWh injected x 75 = 400 − 300 = 100. Saved 1,500, not 10 kWh x 200.
      savings: {
        currency: 'CLP', today: 1500, tariff_per_kwh: 200, injection_price_per_kwh: 75, metered: true,
        // Lifetime: the bills of the months recorded (this one), not the counter's 1,010 kWh before them.
        total: 1500,
        periods: {
          today: { self_consumed_wh: 6000, exported_wh: 4000, self_consumption: 1200, export_income: 300, total: 1500 },
          lifetime: { self_consumed_wh: 6000, exported_wh: 4000, self_consumption: 1200, export_income: 300, total: 1500 },
        },
      },
      period: { time_zone: TZ, today: isoInZone(new Date(t1), TZ).slice(0, 10), month: isoInZone(new Date(t1), TZ).slice(0, 7) },
      capacity_kwp: 6,
      specific_yield_kwh_per_kwp: { today: 1.67, total: 168.33 },
    });
    expect(res.body.online).toBe(t1 > Date.now() - 15 * MIN);
    expect(res.body.energy_month_wh).toBeGreaterThanOrEqual(10_000);
    expect(res.body.inverters).toEqual([
      { id: fresh, name: 'Inversor 1', timestamp: isoInZone(new Date(t1), TZ), online: res.body.online, power_w: 6000, status: 'ok' },
      { id: silent, name: 'Inversor 2', timestamp: null, online: false, power_w: null, status: null },
      { id: stale, name: 'Inversor 3', timestamp: isoInZone(new Date(t1 - 60 * MIN), TZ), online: false, power_w: 3000, status: 'ok' },
    ]);
  });

  it('answers a plant without readings with zeros and nulls', async () => {
    const tree = await plantTree(db);
    const res = await call(ctx, staff, 'GET', `/v2/last/measurement/all/data/${tree.plant}`);
    expect(res.body).toMatchObject({ timestamp: null, online: false, power_w: null, energy_today_wh: 0, energy_total_wh: 0, self_consumption_pct: null, autarky_pct: null });
  });
});

describe('the periods of the figures', () => {
  it("compares this month with the same month last year, in the plant's local calendar", async () => {
    const tree = await plantTree(db, { tariff: 150 });
    const inv = tree.investors[0].id;
    const today = isoInZone(new Date(), TZ).slice(0, 10);
    const [year, month] = today.split('-').map(Number);
    const lastYear = `${year - 1}-${String(month).padStart(2, '0')}`;
    const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00-03:00`);
    // Last year: 2 kWh on the 1st (within "to date" whatever today is) and 1 kWh on the 28th (within
    // the whole month, and within "to date" only from the 28th on).
    await storeReadings(db, [
      { investor: inv, ts: at(`${lastYear}-01`, '12:00'), ac_power_w: 1000, energy_total_wh: 500_000 },
      { investor: inv, ts: at(`${lastYear}-01`, '12:10'), ac_power_w: 1000, energy_total_wh: 502_000 },
      { investor: inv, ts: at(`${lastYear}-28`, '12:00'), ac_power_w: 1000, energy_total_wh: 502_000 },
      { investor: inv, ts: at(`${lastYear}-28`, '12:10'), ac_power_w: 1000, energy_total_wh: 503_000 },
    ]);
    const res = await call(ctx, staff, 'GET', `/v2/last/measurement/all/data/${tree.plant}`);
    expect(res.status).toBe(200);
    const day = Number(today.slice(8, 10));
    expect(res.body.period).toEqual({ time_zone: TZ, today, month: today.slice(0, 7), year: today.slice(0, 4) });
    expect(res.body.month_vs_last_year).toEqual({
      month: today.slice(0, 7), energy_wh: 0, last_year_month: lastYear,
      last_year_to_date_wh: day >= 28 ? 3000 : 2000, last_year_month_wh: 3000, change_pct: -100,
    });
    // No grid meter: nothing is known to be exported, and the reply says so.
    expect(res.body.savings).toMatchObject({ metered: false, today: 0 });
  });

  it("sums a project's plants, each at its own prices, for whoever sees the project", async () => {
    const own = await plantTree(db, { user: customer.user.id, tariff: 200 });
    const [second] = await db.insert(powerPlants).values({ project: own.project, name: 'Planta B', capacity_kwp: 4, tariff: 100, injection_price: 50 }).returning();
    const [inv2] = await db.insert(investors).values({ plant: second.id, name: 'Inversor B' }).returning();
    let t1 = Math.floor((Date.now() - MIN) / (5 * MIN)) * 5 * MIN;
    if (isoInZone(new Date(t1 - 10 * MIN), TZ).slice(0, 10) !== isoInZone(new Date(t1), TZ).slice(0, 10)) t1 += 30 * MIN;
    const two = (investor: number, wh: number, exportW: number) => [
      // Counters from a base: a counter of 0 is a sleeping device's, no counter (docs/measurements.md).
      { investor, ts: new Date(t1 - 10 * MIN), ac_power_w: 1000, energy_total_wh: 500_000, grid_export_w: exportW, consumption_w: 0, grid_import_w: 0 },
      { investor, ts: new Date(t1), ac_power_w: 1000, energy_total_wh: 500_000 + wh, grid_export_w: exportW, consumption_w: 0, grid_import_w: 0 },
    ];
    // Plant A: 10 kWh, 4 exported; plant B: 2 kWh, 1.2 exported (7.2 kW over 10 minutes).
    await storeReadings(db, [...two(own.investors[0].id, 10_000, 24_000), ...two(inv2.id, 2000, 7200)]);
    const res = await call(ctx, customer.token, 'GET', `/v2/last/measurement/project/${own.project}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      project: own.project, plants: [own.plant, second.id], capacity_kwp: 10,
      energy_today_wh: 12_000, export_today_wh: 5200, energy_total_wh: 1_012_000,
      specific_yield_kwh_per_kwp: { today: 1.2 },
      savings: {
        currency: 'CLP', metered: true,
        // A: 6 x 200, B: 0.8 x 100 of energy not bought. Neither bought any, so their bills have no charge
        // to discount the injections (4 x 75, 1.2 x 50) from: that credit is carried to next month (the remanente).
        today: 1200 + 80,
        periods: { today: { self_consumed_wh: 6800, exported_wh: 5200, self_consumption: 1280, export_income: 0, total: 1280 } },
      },
    });
    const other = await plantTree(db);
    expect((await call(ctx, customer.token, 'GET', `/v2/last/measurement/project/${other.project}`)).status).toBe(404);
    expect((await call(ctx, staff, 'GET', `/v2/last/measurement/project/${other.project}`)).body).toMatchObject({ plants: [other.plant], energy_today_wh: 0 });
  });
});

describe("a day's curve", () => {
  it('covers the whole local day, 00:00 to 24:00, with nulls where nothing was read (23 and 25 hours on DST days)', async () => {
    const tree = await plantTree(db);
    const inv = tree.investors[0].id;
    await storeReadings(db, [
      { investor: inv, ts: new Date('2026-01-15T12:00:00-03:00'), ac_power_w: 4000 },
      { investor: inv, ts: new Date('2026-01-15T12:05:00-03:00'), ac_power_w: 4200 },
    ]);
    const curve = async (day: number, month: number) => (await call(ctx, staff, 'GET', `/v2/measurement/${tree.plant}?day=${day}&month=${month}&year=2026`)).body;
    const january = await curve(15, 1);
    expect(january).toHaveLength(288);
    expect(january[0]).toEqual({ ts: '2026-01-15T00:00:00-03:00', power_w: null, consumption_w: null, battery_power_w: null, battery_soc: null, grid_import_w: null, grid_export_w: null });
    expect(january[144]).toMatchObject({ ts: '2026-01-15T12:00:00-03:00', power_w: 4000 });
    expect(january[145]).toMatchObject({ ts: '2026-01-15T12:05:00-03:00', power_w: 4200 });
    expect(january[287].ts).toBe('2026-01-15T23:55:00-03:00');
    // A day without a single reading still has its whole axis.
    const back = await curve(4, 4);
    expect([back.length, back[0].ts, back.at(-1).ts]).toEqual([300, '2026-04-04T00:00:00-03:00', '2026-04-04T23:55:00-04:00']);
    const forward = await curve(6, 9);
    expect([forward.length, forward[0].ts, forward.at(-1).ts]).toEqual([276, '2026-09-06T01:00:00-03:00', '2026-09-06T23:55:00-03:00']);
  });
});

describe('latest readings of a plant, an inverter, an MPPT and a string', () => {
  it('reads the inverter, its MPPT inputs and a string share of them', async () => {
    const tree = await plantTree(db, { inverters: 2, stringsPerMppt: 2 });
    const [inv, idle] = tree.investors;
    const ts = new Date(Date.parse('2026-05-01T13:00:00-04:00'));
    const dc = [{ mppt: 1, voltage_v: 400, current_a: 8, power_w: 3200 }, { mppt: 2, voltage_v: 380, current_a: 6, power_w: 2280 }];
    await storeReadings(db, [
      { investor: inv.id, ts: new Date(ts.getTime() - 5 * MIN), ac_power_w: 1, dc: [] },
      { investor: inv.id, ts, ac_power_w: 5300, dc, energy_total_wh: 123_456, status: 'ok' },
    ]);
    const reading = { investor: inv.id, ts: '2026-05-01T13:00:00-04:00', status: 'ok', ac_power_w: 5300, pv_power_w: null, dc, energy_total_wh: 123_456,
      grid_import_w: null, grid_export_w: null, consumption_w: null, battery_power_w: null, battery_soc: null };

    expect((await call(ctx, staff, 'GET', `/investor/measurements/${inv.id}`)).body).toEqual([[reading]]);
    expect((await call(ctx, staff, 'GET', `/investor/measurements/${idle.id}`)).body).toEqual([]);
    expect((await call(ctx, staff, 'GET', `/mppt/measurements/${inv.mppts[1].id}`)).body).toEqual([[
      { mppt: inv.mppts[1].id, number: 2, investor: inv.id, ts: reading.ts, voltage_v: 380, current_a: 6, power_w: 2280 }]]);
    expect((await call(ctx, staff, 'GET', `/string/measurements/${inv.mppts[0].strings[1]}`)).body).toEqual([[
      { string: inv.mppts[0].strings[1], mppt: inv.mppts[0].id, investor: inv.id, ts: reading.ts, voltage_v: 400, current_a: 4, power_w: 1600, strings_on_mppt: 2 }]]);
    expect((await call(ctx, staff, 'GET', `/mppt/measurements/${idle.mppts[0].id}`)).body).toEqual([]);
    const plant = await call(ctx, staff, 'GET', `/power-plant/measurements/${tree.plant}`);
    expect(plant.body).toEqual({
      plant: tree.plant, timestamp: reading.ts,
      inverters: [{ investor: inv.id, name: 'Inversor 1', online: false, reading }, { investor: idle.id, name: 'Inversor 2', online: false, reading: null }],
    });
  });
});

describe('who sees what', () => {
  it('serves an ordinary user their own plants and answers 404 for any other, on every measurement call', async () => {
    const own = await plantTree(db, { user: customer.user.id });
    const other = await plantTree(db);
    const urls = (t: Tree) => [
      `/v2/last/measurement/all/data/${t.plant}`,
      `/v2/measurement/${t.plant}?year=2026`,
      `/v2/measurement/${t.plant}?month=1&year=2026`,
      `/v2/measurement/${t.plant}?day=1&month=1&year=2026`,
      `/v2/measurement/range/${t.plant}?date_start=2026-01-01&date_end=2026-01-31`,
      ...['day', 'month', 'year', 'annual', 'day-month'].map((type) => `/v2/get/data/date/${t.plant}?type=${type}&date=2026-01-15`),
      `/power-plant/measurements/${t.plant}`,
      `/investor/measurements/${t.investors[0].id}`,
      `/mppt/measurements/${t.investors[0].mppts[0].id}`,
      `/string/measurements/${t.investors[0].mppts[0].strings[0]}`,
    ];
    for (const url of urls(own)) expect((await call(ctx, customer.token, 'GET', url)).status, url).toBe(200);
    for (const url of urls(other)) {
      const res = await call(ctx, customer.token, 'GET', url);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String) });
      expect((await call(ctx, staff, 'GET', url)).status, url).toBe(200);
    }
    expect((await call(ctx, null, 'GET', urls(own)[0])).status).toBe(401);
  });
});

describe('bad requests', () => {
  it('refuses incomplete or impossible dates and ranges with a 400 naming the field', async () => {
    const tree = await plantTree(db);
    const cases: [string, string][] = [
      [`/v2/measurement/${tree.plant}`, 'year'],
      [`/v2/measurement/${tree.plant}?month=2`, 'year'],
      [`/v2/measurement/${tree.plant}?day=3&year=2026`, 'month'],
      [`/v2/measurement/${tree.plant}?day=30&month=2&year=2026`, 'day'],
      [`/v2/measurement/${tree.plant}?month=13&year=2026`, 'month'],
      [`/v2/measurement/range/${tree.plant}?date_start=2026-02-01&date_end=2026-01-01`, 'date_end'],
      [`/v2/measurement/range/${tree.plant}?date_start=2020-01-01&date_end=2026-01-01`, 'date_end'],
      [`/v2/measurement/range/${tree.plant}?date_start=2026-02-30&date_end=2026-03-01`, 'date_start'],
      [`/v2/measurement/range/${tree.plant}?date_start=2026-01-01`, 'date_end'],
      [`/v2/get/data/date/${tree.plant}?type=week&date=2026-01-01`, 'type'],
      [`/v2/get/data/date/${tree.plant}?type=day&date=01-01-2026`, 'date'],
    ];
    for (const [url, field] of cases) {
      const res = await call(ctx, staff, 'GET', url);
      expect(res.status, url).toBe(400);
      expect(Object.keys(res.body), url).toEqual([field]);
    }
    const longest = await call(ctx, staff, 'GET', `/v2/measurement/range/${tree.plant}?date_start=2023-01-01&date_end=2025-12-31`);
    expect(longest.status).toBe(200);
    expect(longest.body).toHaveLength(1096);
  });

  it('builds the documented series for every chart type', async () => {
    const tree = await plantTree(db);
    const get = async (type: string, date: string) => (await call(ctx, staff, 'GET', `/v2/get/data/date/${tree.plant}?type=${type}&date=${date}`)).body;
    expect((await get('day', '2026-01-15')).series.map((s: any) => s.bucket).slice(0, 2)).toEqual(['2026-01-15T00:00', '2026-01-15T01:00']);
    expect((await get('month', '2026-02-10')).series).toHaveLength(28);
    const dayMonth = await get('day-month', '2026-02-10');
    expect(dayMonth.series.map((s: any) => s.bucket)).toEqual(Array.from({ length: 10 }, (_, i) => `2026-02-${String(i + 1).padStart(2, '0')}`));
    expect(dayMonth).toMatchObject({ plant: tree.plant, type: 'day-month', date: '2026-02-10', unit: 'Wh', totals: { energy_wh: 0, self_consumption_pct: null } });
    expect((await get('annual', '2026-02-10')).series.map((s: any) => s.bucket)).toEqual(['2026']);
  });
});
