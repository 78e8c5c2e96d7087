import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeReadings } from '../../../server/measurements/store.js';
import { drainRollups } from '../../../server/measurements/rollup-worker.js';
import { rebuildNext } from '../../../server/measurements/rebuild.js';
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

  it('rebuilds the rollups in the new time zone plant by plant after answering, a read never seeing the old zone', async () => {
    const db = ctx.database.db;
    const trees = [await plantTree(db), await plantTree(db)];
    // 01:00-02:00 UTC on 15 January is still the 14th in Santiago (UTC-3) but the 15th in UTC.
    for (const tree of trees) {
      const investor = tree.investors[0].id;
      await storeReadings(db, [0, 5, 10, 15, 20, 25, 30].map((m) => ({ investor, ts: new Date(Date.UTC(2026, 0, 15, 1, m)), ac_power_w: 1200, energy_total_wh: 1000 + m * 100 })));
    }
    await drainRollups(db);
    const storedDays = async (plant: number) => ((await db.execute(sql`select to_char(bucket, 'YYYY-MM-DD') as day from plant_energy where plant_id = ${plant} and period = 'day' and energy_wh > 0`)) as any).rows.map((r: { day: string }) => r.day);
    const chartDays = async (plant: number) => (await ctx.request(staff, { method: 'GET', url: `/api/v2/get/data/date/${plant}?type=month&date=2026-01-20` })).json()
      .series.filter((d: { energy_wh: number | null }) => d.energy_wh).map((d: { bucket: string }) => d.bucket);
    const [first, second] = trees.map((t) => t.plant);
    expect(await storedDays(first)).toEqual(['2026-01-14']);
    expect(await chartDays(first)).toEqual(['2026-01-14']);
    const row = await settingsRow(staff);
    const plants = row.rebuild.plants;
    expect(row.rebuild).toEqual({ pending: 0, plants: expect.any(Number) });

    const changed = await ctx.request(staff, { method: 'PUT', url: `/api/update/settings/parameters/${row.id}`, payload: { time_zone: 'UTC' } });
    // Answered before rebuilding: every plant is queued, and the stored buckets are still Santiago's.
    expect(changed.json()).toMatchObject({ time_zone: 'UTC', rebuild: { pending: plants, plants } });
    expect(await storedDays(first)).toEqual(['2026-01-14']);
    // A read of a queued plant rebuilds it first: its chart is UTC's, and it leaves the queue.
    expect(await chartDays(first)).toEqual(['2026-01-15']);
    expect(await storedDays(first)).toEqual(['2026-01-15']);
    expect((await settingsRow(customer)).rebuild).toEqual({ pending: plants - 1, plants });
    // The worker takes the others, one per round, the first read plant no more.
    const rebuilt: number[] = [];
    for (let plant; (plant = await rebuildNext(db)) !== null;) rebuilt.push(plant);
    expect(rebuilt).toHaveLength(plants - 1);
    expect(rebuilt).toContain(second);
    expect(rebuilt).not.toContain(first);
    expect(await storedDays(second)).toEqual(['2026-01-15']);
    expect((await settingsRow(staff)).rebuild).toEqual({ pending: 0, plants });

    await ctx.request(staff, { method: 'PUT', url: `/api/update/settings/parameters/${row.id}`, payload: { time_zone: 'America/Santiago' } });
    while (await rebuildNext(db) !== null);
    expect(await storedDays(second)).toEqual(['2026-01-14']);
  });

  it('queues no rebuild when the time zone stays', async () => {
    const row = await settingsRow(staff);
    const res = await ctx.request(staff, { method: 'PUT', url: `/api/update/settings/parameters/${row.id}`, payload: { time_zone: row.time_zone, name: row.name } });
    expect(res.json().rebuild.pending).toBe(0);
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

describe('the installable app', () => {
  it("gives anyone the manifest, named as staff named the portal, opening on the monitoring page", async () => {
    const manifest = async () => {
      const res = await ctx.request(null, { method: 'GET', url: '/api/manifest.webmanifest' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      return res.json();
    };
    expect(await manifest()).toMatchObject({
      name: 'Solar Chile', short_name: 'Solar Chile', start_url: '/app/monitoring', display: 'standalone', theme_color: '#2a3042',
    });
    expect((await manifest()).icons).toEqual(expect.arrayContaining([
      expect.objectContaining({ sizes: '192x192' }), expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
    ]));
    const row = await settingsRow(staff);
    await ctx.request(staff, { method: 'PUT', url: `/api/update/settings/parameters/${row.id}`, payload: { name: 'Sol de Maipú' } });
    try {
      expect(await manifest()).toMatchObject({ name: 'Sol de Maipú', short_name: 'Sol de Maipú' });
    } finally {
      await ctx.request(staff, { method: 'PUT', url: `/api/update/settings/parameters/${row.id}`, payload: { name: row.name } });
    }
  });
});
