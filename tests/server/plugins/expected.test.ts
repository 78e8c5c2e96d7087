/**
 * The expected-production calls (contract/expected.ts, server/plugins/expected): chart overlays in the
 * very buckets of the measurement charts (DST days included), the performance ratio from the rollups,
 * the 3-day production forecast with the weather service replayed (testing/weather-replay.ts) and
 * without it, who sees what, and bad input. Every reply is checked against its schema (checkReplies).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { startWeatherReplay, type WeatherReplay } from '../../../testing/weather-replay.js';
import { call, plantTree, type Tree } from '../../../testing/fixtures.js';
import type { Db } from '../../../server/db/client.js';
import { panels, powerPlants } from '../../../server/db/schema.js';
import { storeReadings } from '../../../server/measurements/store.js';
import { expectedEnergy } from '../../../server/measurements/expected.js';
import { drainRollups } from '../../../server/measurements/rollup-worker.js';
import { refreshExpectedDays } from '../../../server/measurements/expected-days.js';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
let db: Db;
let upstream: WeatherReplay;
let staff: string;
let customer: { user: { id: number }; token: string };
const TZ = 'America/Santiago';
/** 10:20 in Santiago on the first day of the replayed forecast (2026-11-22..24). */
const NOW = Date.parse('2026-11-22T13:20:00Z');

/** A plant of the fixtures (10 kWp) with 10 × 500 Wp on each of its strings, at a place of its own (so its forecast is not cached). */
let lon = -71.3;
async function described(opts: Parameters<typeof plantTree>[1] = {}): Promise<Tree> {
  const tree = await plantTree(db, opts);
  lon -= 0.01;
  await db.update(powerPlants).set({ longitude: Number(lon.toFixed(2)), capacity_kwp: 10 }).where(eq(powerPlants.id, tree.plant));
  for (const inv of tree.investors) for (const m of inv.mppts) for (const string of m.strings) {
    await db.insert(panels).values(Array.from({ length: 10 }, (_, k) => ({ string, name: `Panel ${k + 1}`, power_wp: 500 })));
  }
  return tree;
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  upstream = await startWeatherReplay();
  ctx = await createTestContext({ WEATHER_BASE_URL: upstream.baseUrl, WEATHER_API_KEY: 'test-key', WEATHER_TIMEOUT_MS: '2000' });
  db = ctx.database.db;
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  customer = await ctx.userWithToken();
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx?.close();
  await upstream?.close();
});

describe('chart overlays', () => {
  it('answers the buckets of the measurement chart of the same type and date, on DST days too', async () => {
    const tree = await described();
    const queries = upstream.queries.length;
    // 2025-04-06 has 25 hours in Santiago (clocks back at midnight), 2025-09-07 has 23.
    for (const [type, date] of [['day', '2025-04-06'], ['day', '2025-09-07'], ['day', '2025-01-15'], ['month', '2025-02-10'], ['year', '2025-06-01']] as const) {
      const expected = await call(ctx, staff, 'GET', `/v2/expected/${tree.plant}?type=${type}&date=${date}`);
      const chart = await call(ctx, staff, 'GET', `/v2/get/data/date/${tree.plant}?type=${type}&date=${date}`);
      expect(expected.status, `${type} ${date}`).toBe(200);
      expect(expected.body.series.map((s: any) => [s.bucket, s.start]), `${type} ${date}`).toEqual(chart.body.series.map((s: any) => [s.bucket, s.start]));
      expect(expected.body.series.every((s: any) => s.sky === 'climatology' && s.energy_wh >= 0)).toBe(true);
      expect(expected.body.total_wh).toBeCloseTo(expected.body.series.reduce((wh: number, s: any) => wh + s.energy_wh, 0), 0);
      expect(expected.body).toMatchObject({ plant: tree.plant, type, date, unit: 'Wh', model: { dc_wp: 10_000, ac_limit_w: 6000, warnings: [] } });
    }
    // Spans that do not reach today's forecast do not ask the weather service.
    expect(upstream.queries.length).toBe(queries);
  });

  it('adds the 5-minute curve to a day, and its energy is the total', async () => {
    const tree = await described();
    const { body } = await call(ctx, staff, 'GET', `/v2/expected/${tree.plant}?type=day&date=2025-01-15`);
    expect(body.curve).toHaveLength(288);
    expect(body.curve[0]).toEqual({ ts: '2025-01-15T00:00:00-03:00', power_w: 0 });
    expect(Math.max(...body.curve.map((p: any) => p.power_w))).toBeLessThanOrEqual(6000);
    expect(body.curve.reduce((wh: number, p: any) => wh + p.power_w / 12, 0)).toBeCloseTo(body.total_wh, -1);
    // A summer day in Santiago, 10 kWp: 50–80 kWh.
    expect(body.total_wh).toBeGreaterThan(50_000);
    expect(body.total_wh).toBeLessThan(80_000);
    // The year's months add up to its days.
    const year = await call(ctx, staff, 'GET', `/v2/expected/${tree.plant}?type=year&date=2025-01-15`);
    const january = await call(ctx, staff, 'GET', `/v2/expected/${tree.plant}?type=month&date=2025-01-31`);
    expect(year.body.series[0].energy_wh).toBeCloseTo(january.body.total_wh, 0);
    expect(year.body.curve).toEqual([]);
  });

  it('answers nulls and says why for a plant that cannot be modelled', async () => {
    const tree = await plantTree(db);
    await db.update(powerPlants).set({ capacity_kwp: null }).where(eq(powerPlants.id, tree.plant));
    const { status, body } = await call(ctx, staff, 'GET', `/v2/expected/${tree.plant}?type=month&date=2025-01-01`);
    expect(status).toBe(200);
    expect(body.total_wh).toBeNull();
    expect(body.series.every((s: any) => s.energy_wh === null)).toBe(true);
    expect(body.model.warnings.map((w: any) => w.code)).toEqual(['string_without_panels', 'string_without_panels', 'no_capacity']);
  });
});

describe('performance ratio', () => {
  /** The fleet's ratio (issue 33, item 9): the rollups as the worker keeps them, over the expectation it stores ahead. */
  const performanceOf = async (plant: number) => {
    await drainRollups(db);
    await refreshExpectedDays(db, new Date(NOW));
    return call(ctx, staff, 'GET', `/v2/expected/performance/${plant}`);
  };
  /** A reading at night early in January, the counter where this morning's start: the plant is read from then. */
  const readSinceJanuary = (investor: number) => storeReadings(db, [
    { investor, ts: new Date(Date.parse('2026-01-05T02:00:00-03:00')), ac_power_w: 0, energy_total_wh: 1_000_000 },
  ]);

  it('divides the rollups by the expectation up to now, today, this month and this year', async () => {
    const tree = await described();
    const inv = tree.investors[0].id;
    await readSinceJanuary(inv);
    // 10 kWh between 07:00 and 10:00 this morning (counter difference).
    await storeReadings(db, [
      { investor: inv, ts: new Date(Date.parse('2026-11-22T07:00:00-03:00')), ac_power_w: 1000, energy_total_wh: 1_000_000 },
      { investor: inv, ts: new Date(Date.parse('2026-11-22T10:00:00-03:00')), ac_power_w: 4000, energy_total_wh: 1_010_000 },
    ]);
    const { status, body } = await performanceOf(tree.plant);
    expect(status).toBe(200);
    expect(body.timestamp).toBe('2026-11-22T10:20:00-03:00');
    expect(body.today.actual_wh).toBe(10_000);
    // Today's expectation: the climatology's, sunrise to 10:20 (the forecast is for its own card).
    const today = (await expectedEnergy(db, [tree.plant], '2026-11-22', '2026-11-22', { timeZone: TZ, until: new Date(NOW) })).get(tree.plant)!;
    expect(today.days[0].kwh).toBeGreaterThan(5);
    expect(body.today.expected_wh).toBeGreaterThan(0);
    expect(body.today.ratio).toBe(Math.round((10_000 / body.today.expected_wh) * 1000) / 1000);
    expect(body.month.actual_wh).toBe(10_000);
    expect(body.month.expected_wh).toBeGreaterThan(body.today.expected_wh * 15);
    expect(body.year.expected_wh).toBeGreaterThan(body.month.expected_wh * 9);
    expect(body.year.ratio).toBeLessThan(body.month.ratio);
  });

  it('counts from the commissioning date when it falls within the period', async () => {
    const tree = await described();
    await readSinceJanuary(tree.investors[0].id);
    const before = (await performanceOf(tree.plant)).body;
    await db.update(powerPlants).set({ commissioned_on: '2026-11-01' }).where(eq(powerPlants.id, tree.plant));
    const after = (await performanceOf(tree.plant)).body;
    expect(after.month.expected_wh).toBe(before.month.expected_wh);
    expect(after.year.expected_wh).toBe(after.month.expected_wh);
    expect(after.year.ratio).toBe(0);
  });

  it("counts from the plant's first reading: what the portal never read is not production lost", async () => {
    const tree = await described();
    const inv = tree.investors[0].id;
    // Never read: nothing to compare, not 0 %.
    const unread = (await performanceOf(tree.plant)).body;
    expect([unread.today, unread.month, unread.year]).toEqual(Array(3).fill({ actual_wh: 0, expected_wh: null, ratio: null }));
    // Connected to the portal this morning (commissioned years ago): the month and the year count from today.
    await storeReadings(db, [
      { investor: inv, ts: new Date(Date.parse('2026-11-22T07:00:00-03:00')), ac_power_w: 1000, energy_total_wh: 5_000_000 },
      { investor: inv, ts: new Date(Date.parse('2026-11-22T10:00:00-03:00')), ac_power_w: 4000, energy_total_wh: 5_010_000 },
    ]);
    const { body } = await performanceOf(tree.plant);
    expect(body.today.expected_wh).toBeGreaterThan(0);
    expect(body.month).toEqual(body.today);
    expect(body.year).toEqual(body.today);
    // A reading on the 3rd: the month counts from the 3rd, the year too.
    await storeReadings(db, [{ investor: inv, ts: new Date(Date.parse('2026-11-03T02:00:00-03:00')), ac_power_w: 0, energy_total_wh: 5_000_000 }]);
    const later = (await performanceOf(tree.plant)).body;
    expect(later.month.expected_wh).toBeGreaterThan(body.month.expected_wh * 15);
    expect(later.year).toEqual(later.month);
  });
});

describe('production forecast', () => {
  it("uses the weather forecast's hourly clouds: the clear first day yields most, the cloudiest least", async () => {
    const tree = await described();
    const queries = upstream.queries.length;
    const { status, body } = await call(ctx, staff, 'GET', `/v2/expected/forecast/${tree.plant}`);
    expect(status).toBe(200);
    expect(upstream.queries.length).toBe(queries + 1);
    expect(body).toMatchObject({ plant: tree.plant, sky: 'forecast', weather_problem: null });
    expect(body.days.map((d: any) => [d.date, d.sky])).toEqual([['2026-11-22', 'forecast'], ['2026-11-23', 'forecast'], ['2026-11-24', 'forecast']]);
    // Cloud cover 0 %, 35 %, 80 % (the fixture).
    const [clear, some, cloudy] = body.days.map((d: any) => d.energy_wh);
    expect(clear).toBeGreaterThan(some);
    expect(some).toBeGreaterThan(cloudy);
    expect(cloudy).toBeGreaterThan(0);
    expect(body.hours).toHaveLength(72);
    expect(body.hours[0]).toEqual({ start: '2026-11-22T00:00:00-03:00', power_w: 0 });
    expect(body.hours[13].start).toBe('2026-11-22T13:00:00-03:00');
    expect(body.hours[13].power_w).toBeGreaterThan(4000);
    expect(body.hours.slice(0, 24).reduce((wh: number, h: any) => wh + h.power_w, 0)).toBeCloseTo(clear, -2);
    // The weather widget and the chart of a forecast day read the same cached forecast.
    expect((await call(ctx, staff, 'GET', `/weather/${tree.plant}`)).status).toBe(200);
    const tomorrow = await call(ctx, staff, 'GET', `/v2/expected/${tree.plant}?type=day&date=2026-11-23`);
    expect(tomorrow.body.series.every((s: any) => s.sky === 'forecast')).toBe(true);
    expect(tomorrow.body.total_wh).toBeCloseTo(some, 0);
    expect((await call(ctx, staff, 'GET', `/v2/expected/${tree.plant}?type=month&date=2026-11-01`)).body.series.map((s: any) => s.sky).slice(20, 25))
      .toEqual(['climatology', 'forecast', 'forecast', 'forecast', 'climatology']);
    expect(upstream.queries.length).toBe(queries + 1);
  });

  it('falls back on the climatology, and says why, when the forecast is not configured or fails', async () => {
    const tree = await described();
    const key = ctx.config.weatherApiKey;
    ctx.config.weatherApiKey = undefined;
    try {
      const { body } = await call(ctx, staff, 'GET', `/v2/expected/forecast/${tree.plant}`);
      expect(body).toMatchObject({ sky: 'climatology', weather_problem: 'weather_not_configured' });
      expect(body.days.every((d: any) => d.sky === 'climatology' && d.energy_wh > 0)).toBe(true);
    } finally {
      ctx.config.weatherApiKey = key;
    }
    upstream.mode = 'invalid-key';
    try {
      const { status, body } = await call(ctx, staff, 'GET', `/v2/expected/forecast/${tree.plant}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ sky: 'climatology', weather_problem: 'weather_upstream_error' });
      // The day chart falls back too.
      expect((await call(ctx, staff, 'GET', `/v2/expected/${tree.plant}?type=day&date=2026-11-22`)).body.series[12].sky).toBe('climatology');
    } finally {
      upstream.mode = 'ok';
    }
  });
});

describe('who sees what, and bad input', () => {
  it('serves a user their own plants and answers 404 for any other', async () => {
    const own = await described({ user: customer.user.id });
    const other = await described();
    const urls = (t: Tree) => [
      `/v2/expected/${t.plant}?type=day&date=2025-01-15`, `/v2/expected/${t.plant}?type=month&date=2025-01-15`, `/v2/expected/${t.plant}?type=year&date=2025-01-15`,
      `/v2/expected/performance/${t.plant}`, `/v2/expected/forecast/${t.plant}`,
    ];
    for (const url of urls(own)) expect((await call(ctx, customer.token, 'GET', url)).status, url).toBe(200);
    for (const url of urls(other)) {
      expect(await call(ctx, customer.token, 'GET', url), url).toEqual({ status: 404, body: { detail: expect.any(String) } });
      expect((await call(ctx, staff, 'GET', url)).status, url).toBe(200);
      expect((await call(ctx, null, 'GET', url)).status, url).toBe(401);
    }
  });

  it('refuses a bad type or date with a 400 naming the field', async () => {
    const tree = await described();
    expect(await call(ctx, staff, 'GET', `/v2/expected/${tree.plant}?type=week&date=2025-01-15`)).toEqual({ status: 400, body: { type: expect.any(Array) } });
    expect(await call(ctx, staff, 'GET', `/v2/expected/${tree.plant}?type=day&date=2025-02-30`)).toEqual({ status: 400, body: { date: ['Fecha inválida: usa AAAA-MM-DD.'] } });
    expect(await call(ctx, staff, 'GET', `/v2/expected/${tree.plant}?type=day`)).toEqual({ status: 400, body: { date: expect.any(Array) } });
    expect((await call(ctx, staff, 'GET', '/v2/expected/forecast/abc')).status).toBe(400);
  });
});
