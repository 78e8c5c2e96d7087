import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeReadings } from '../../../server/measurements/store.js';
import { drainRollups } from '../../../server/measurements/rollup-worker.js';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { plantTree } from '../../../testing/fixtures.js';

let ctx: TestContext;
let staff: string;
let customer: string;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  customer = (await ctx.userWithToken()).token;
});
afterAll(() => ctx?.close());

const settingsRow = async (token: string) => (await ctx.request(token, { method: 'GET', url: '/api/list/settings' })).json()[0];

describe('settings', () => {
  it('are read by everyone signed in and changed by staff only', async () => {
    const row = await settingsRow(customer);
    expect(row).toMatchObject({ name: 'Solar Chile', environnement_factor: 0.4, time_zone: 'America/Santiago' });
    const denied = await ctx.request(customer, { method: 'PUT', url: `/api/update/settings/parameters/${row.id}`, payload: { name: 'X' } });
    expect(denied.statusCode).toBe(403);
    const ok = await ctx.request(staff, { method: 'PUT', url: `/api/update/settings/parameters/${row.id}`, payload: { name: 'Solar Chile', environnement_factor: 0.35 } });
    expect(ok.json()).toMatchObject({ name: 'Solar Chile', environnement_factor: 0.35, time_zone: 'America/Santiago' });
  });

  it('refuses a time zone that does not exist, changing nothing', async () => {
    const row = await settingsRow(staff);
    const res = await ctx.request(staff, { method: 'PUT', url: `/api/update/settings/parameters/${row.id}`, payload: { time_zone: 'Mars/Olympus', name: 'Otro' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ time_zone: [expect.any(String)] });
    expect(await settingsRow(staff)).toEqual(row);
  });

  it('rebuilds the daily rollups in the new time zone', async () => {
    const tree = await plantTree(ctx.database.db);
    const investor = tree.investors[0].id;
    // 01:00-02:00 UTC on 15 January is still the 14th in Santiago (UTC-3) but the 15th in UTC.
    const readings = [0, 5, 10, 15, 20, 25, 30].map((m) => ({ investor, ts: new Date(Date.UTC(2026, 0, 15, 1, m)), ac_power_w: 1200, energy_total_wh: 1000 + m * 100 }));
    await storeReadings(ctx.database.db, readings);
    await drainRollups(ctx.database.db);
    const days = async () => ((await ctx.database.db.execute(sql`select to_char(bucket, 'YYYY-MM-DD') as day from plant_energy where plant_id = ${tree.plant} and period = 'day' and energy_wh > 0`)) as any).rows.map((r: { day: string }) => r.day);
    expect(await days()).toEqual(['2026-01-14']);
    const row = await settingsRow(staff);
    await ctx.request(staff, { method: 'PUT', url: `/api/update/settings/parameters/${row.id}`, payload: { time_zone: 'UTC' } });
    expect(await days()).toEqual(['2026-01-15']);
    await ctx.request(staff, { method: 'PUT', url: `/api/update/settings/parameters/${row.id}`, payload: { time_zone: 'America/Santiago' } });
  });
});

describe('features', () => {
  it('tells anyone, signed in or not, which sign-in methods and features are configured', async () => {
    const features = async () => {
      const res = await ctx.request(null, { method: 'GET', url: '/api/features' });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect(await features()).toEqual({
      name: 'Solar Chile', time_zone: 'America/Santiago', sign_in: { password: true, google: false }, weather: false, mail: false,
    });
    const { config } = ctx.app;
    Object.assign(config, { googleIssuer: 'https://accounts.google.com', googleClientId: 'id', weatherApiKey: 'key', smtpUrl: 'smtp://127.0.0.1:25' });
    try {
      // Google needs its secret too: half a configuration would still end in the 503.
      expect((await features()).sign_in.google).toBe(false);
      config.googleClientSecret = 'secret';
      expect(await features()).toMatchObject({ sign_in: { google: true }, weather: true, mail: true });
    } finally {
      Object.assign(config, { googleIssuer: undefined, googleClientId: undefined, googleClientSecret: undefined, weatherApiKey: undefined, smtpUrl: undefined });
    }
  });
});
