/**
 * GET /api/weather/{plantId}: the forecast service proxied through a real local HTTP server replaying
 * the fixture (testing/weather-replay.ts): the query sent, the trimmed answer, the cache,
 * visibility, and the documented 400/404/502/503/504 answers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { communes, powerPlants, projects, projectUsers } from '../../../server/db/schema.js';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { startWeatherReplay, weatherFixture, type WeatherReplay } from '../../../testing/weather-replay.js';
import { unusedAddress } from '../../../testing/fronius-replay.js';

const KEY = 'test-weather-key-8c1f';
let ctx: TestContext;
let upstream: WeatherReplay;
let staff: string;
let customer: string;
let visibleProject: number;
let hiddenProject: number;

beforeAll(async () => {
  upstream = await startWeatherReplay();
  ctx = await createTestContext({
    WEATHER_BASE_URL: upstream.baseUrl, WEATHER_API_KEY: KEY, WEATHER_TIMEOUT_MS: '300',
    // Long-lived tokens: one test moves the clock past the cache's 30 minutes.
    ACCESS_TOKEN_TTL: '86400',
  });
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  const user = await ctx.userWithToken();
  customer = user.token;
  const [visible, hidden] = await ctx.database.db.insert(projects).values([{ name: 'Visible' }, { name: 'Oculto' }]).returning();
  visibleProject = visible.id;
  hiddenProject = hidden.id;
  await ctx.database.db.insert(projectUsers).values({ user_project: visible.id, users: user.user.id });
});
afterEach(() => {
  upstream.mode = 'ok';
  vi.useRealTimers();
});
afterAll(async () => {
  await ctx?.close();
  await upstream?.close();
});

let lon = -70.6;
/** A plant at a place of its own (so earlier answers are not cached for it), unless told where. */
async function plant(fields: Partial<typeof powerPlants.$inferInsert> = {}) {
  lon -= 0.01;
  const [row] = await ctx.database.db.insert(powerPlants)
    .values({ project: visibleProject, name: 'Planta', latitude: -33.45, longitude: Number(lon.toFixed(2)), ...fields }).returning();
  return row;
}
const weather = (token: string | null, plantId: number) => ctx.request(token, { method: 'GET', url: `/api/weather/${plantId}` });

describe('weather of a plant', () => {
  it("asks the service for the plant's coordinates, 3 days in Spanish, and answers a trimmed forecast", async () => {
    const p = await plant({ latitude: -33.45, longitude: -70.67 });
    const before = upstream.queries.length;
    const res = await weather(staff, p.id);
    expect(res.statusCode).toBe(200);
    expect(upstream.queries.length).toBe(before + 1);
    expect(Object.fromEntries(upstream.queries.at(-1)!)).toEqual({
      key: KEY, q: '-33.45,-70.67', days: '3', lang: 'es', aqi: 'no', alerts: 'no',
    });

    const fixture = weatherFixture('forecast-santiago-3d-es.json');
    const body = res.json();
    expect(body).toEqual({
      location: { name: 'Santiago', region: 'Region Metropolitana', country: 'Chile', localtime: '2026-11-22 10:20' },
      current: {
        temp_c: 21.3, humidity: 38, wind_kph: 6.1, is_day: true,
        condition: { text: 'Soleado', icon: 'https://cdn.weatherapi.com/weather/64x64/day/113.png', code: 1000 },
      },
      forecast: fixture.forecast.forecastday.map((d: any) => ({
        date: d.date, maxtemp_c: d.day.maxtemp_c, mintemp_c: d.day.mintemp_c, daily_chance_of_rain: d.day.daily_chance_of_rain,
        condition: { ...d.day.condition, icon: `https:${d.day.condition.icon}` },
        sunrise: d.astro.sunrise, sunset: d.astro.sunset,
      })),
    });
    expect(body.forecast).toHaveLength(3);
    expect(body.forecast[0]).toMatchObject({ date: '2026-11-22', maxtemp_c: 28.4, mintemp_c: 11.2, sunrise: '06:31 AM', sunset: '08:37 PM' });
    expect(body.forecast[1].condition.text).toBe('Parcialmente nublado');
  });

  it('caches the answer 30 minutes per location', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const p = await plant();
    const neighbour = await plant({ latitude: p.latitude, longitude: p.longitude });
    const before = upstream.queries.length;
    const first = await weather(staff, p.id);
    expect(first.statusCode).toBe(200);
    expect((await weather(staff, p.id)).json()).toEqual(first.json());
    expect((await weather(customer, neighbour.id)).statusCode).toBe(200);
    vi.advanceTimersByTime(29 * 60_000);
    expect((await weather(staff, p.id)).statusCode).toBe(200);
    expect(upstream.queries.length).toBe(before + 1);

    vi.advanceTimersByTime(2 * 60_000);
    expect((await weather(staff, p.id)).statusCode).toBe(200);
    expect(upstream.queries.length).toBe(before + 2);
  });

  it("uses the commune's name when the plant has no coordinates, and says so when it has neither", async () => {
    const [santiago] = await ctx.database.db.select().from(communes).where(eq(communes.name, 'Santiago'));
    const p = await plant({ latitude: null, longitude: null, commune: santiago.id });
    expect((await weather(staff, p.id)).statusCode).toBe(200);
    expect(upstream.queries.at(-1)!.get('q')).toBe('Santiago, Chile');

    const nowhere = await plant({ latitude: -33.4, longitude: null, commune: null });
    const before = upstream.queries.length;
    const res = await weather(staff, nowhere.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: expect.any(String) });
    expect(upstream.queries.length).toBe(before);
  });

  it('shows an ordinary user only the weather of plants they can see', async () => {
    const mine = await plant();
    const [theirs] = await ctx.database.db.insert(powerPlants)
      .values({ project: hiddenProject, name: 'Ajena', latitude: -33.5, longitude: -70.5 }).returning();
    expect((await weather(customer, mine.id)).statusCode).toBe(200);
    const before = upstream.queries.length;
    for (const id of [theirs.id, 987654]) {
      const res = await weather(customer, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('detail');
    }
    expect(upstream.queries.length).toBe(before);
    expect((await weather(staff, theirs.id)).statusCode).toBe(200);
    expect((await weather(null, mine.id)).statusCode).toBe(401);
  });

  it('answers 503 when no key is configured, without calling the service', async () => {
    const p = await plant();
    const before = upstream.queries.length;
    const key = ctx.config.weatherApiKey;
    ctx.config.weatherApiKey = undefined;
    try {
      const res = await weather(staff, p.id);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'El pronóstico del tiempo no está configurado.', code: 'weather_not_configured' });
    } finally {
      ctx.config.weatherApiKey = key;
    }
    expect(upstream.queries.length).toBe(before);
  });

  it("answers 502 on the service's error envelope without leaking the key, and does not cache the failure", async () => {
    const p = await plant();
    upstream.mode = 'invalid-key';
    const res = await weather(staff, p.id);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ detail: 'El servicio del tiempo respondió con un error.', code: 'weather_upstream_error', upstream_code: 2006 });
    expect(res.body).not.toContain(KEY);
    upstream.mode = 'ok';
    const before = upstream.queries.length;
    expect((await weather(staff, p.id)).statusCode).toBe(200);
    expect(upstream.queries.length).toBe(before + 1);
  });

  it('answers 502 when the service sends something that is not a forecast, or cannot be reached', async () => {
    upstream.mode = 'garbage';
    const res = await weather(staff, (await plant()).id);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ detail: 'El servicio del tiempo respondió con un error.' });

    const base = ctx.config.weatherBaseUrl;
    ctx.config.weatherBaseUrl = `http://${await unusedAddress()}/v1`;
    try {
      const down = await weather(staff, (await plant()).id);
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ detail: expect.any(String), code: 'weather_unreachable' });
      expect(down.body).not.toContain(KEY);
    } finally {
      ctx.config.weatherBaseUrl = base;
    }
  });

  it('answers 504 when the service is too slow', async () => {
    upstream.mode = 'slow';
    upstream.slowMs = 1500;
    const started = Date.now();
    const res = await weather(staff, (await plant()).id);
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ detail: expect.any(String), code: 'weather_timeout' });
    expect(Date.now() - started).toBeLessThan(1400);
  });
});
