/**
 * Expected energy stored ahead (server/measurements/expected-days.ts): the days it keeps, that they are
 * the model's, that a second run has nothing to do, that a plant whose description changes (panels,
 * place, time zone) is computed again alone, and that the days before the previous month go.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openTestDatabase } from '../../../testing/harness.js';
import { plantTree, type Tree } from '../../../testing/fixtures.js';
import type { Db } from '../../../server/db/client.js';
import { seedBase } from '../../../server/seed/base.js';
import { forgetSettings } from '../../../server/domain/settings.js';
import { panels, plantExpectedDays, plantExpectedModels, powerPlants, settings } from '../../../server/db/schema.js';
import { refreshExpectedDays } from '../../../server/measurements/expected-days.js';
import { expectedEnergy } from '../../../server/measurements/expected.js';

/** 13:00 in Santiago on 2026-01-15. */
const NOW = new Date('2026-01-15T16:00:00Z');
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
let a: Tree;
let b: Tree;

const daysOf = (plant: number) => db.select().from(plantExpectedDays).where(eq(plantExpectedDays.plant, plant)).orderBy(asc(plantExpectedDays.day));

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await seedBase(db);
  a = await plantTree(db, { panels: 10, panelWp: 500 });
  b = await plantTree(db, { panels: 10, panelWp: 400 });
});
afterAll(async () => { await database?.close(); });

describe('refreshExpectedDays', () => {
  it('stores the days from the first of the previous month to tomorrow, as the model gives them', async () => {
    expect(await refreshExpectedDays(db, NOW)).toEqual({ plants: 2, days: 2 * 47 });
    const days = await daysOf(a.plant);
    expect(days.map((d) => d.day)).toHaveLength(47);
    expect([days[0].day, days[46].day]).toEqual(['2025-12-01', '2026-01-16']);
    const model = (await expectedEnergy(db, [a.plant], '2025-12-01', '2026-01-16')).get(a.plant)!;
    days.forEach((d, k) => expect(d.energy_wh! / 1000).toBeCloseTo(model.days[k].kwh!, 3));
    // Running totals at each hour: from 0 to the day's total, never decreasing.
    const today = days.find((d) => d.day === '2026-01-15')!;
    expect(today.hourly_wh).toHaveLength(25);
    expect(today.hourly_wh![0]).toBe(0);
    expect(today.hourly_wh![24]).toBeCloseTo(today.energy_wh!, 6);
    expect(today.hourly_wh!.every((wh, k) => k === 0 || wh >= today.hourly_wh![k - 1])).toBe(true);
    const [{ dc_wp }] = await db.select().from(plantExpectedModels).where(eq(plantExpectedModels.plant, a.plant));
    expect(dc_wp).toBe(10_000);
  });

  it('has nothing to do again, and only a new day the next day, dropping the month before the previous', async () => {
    expect(await refreshExpectedDays(db, NOW)).toEqual({ plants: 0, days: 0 });
    expect(await refreshExpectedDays(db, new Date('2026-02-01T12:00:00Z'))).toEqual({ plants: 2, days: 2 * 17 });
    const days = await daysOf(a.plant);
    expect([days[0].day, days[days.length - 1].day]).toEqual(['2026-01-01', '2026-02-02']);
  });

  it('computes a plant again when its panels, its place or the time zone change', async () => {
    const before = (await daysOf(b.plant)).find((d) => d.day === '2026-01-20')!.energy_wh!;
    await db.update(panels).set({ power_wp: 200 }).where(eq(panels.string, b.investors[0].mppts[0].strings[0]));
    expect(await refreshExpectedDays(db, new Date('2026-02-01T12:00:00Z'))).toEqual({ plants: 1, days: 33 });
    const after = (await daysOf(b.plant)).find((d) => d.day === '2026-01-20')!.energy_wh!;
    expect(after).toBeLessThan(before * 0.9);

    await db.update(powerPlants).set({ latitude: -20.2 }).where(eq(powerPlants.id, a.plant));
    expect((await refreshExpectedDays(db, new Date('2026-02-01T12:00:00Z'))).plants).toBe(1);

    await db.update(settings).set({ time_zone: 'America/Punta_Arenas' });
    forgetSettings(db);
    expect((await refreshExpectedDays(db, new Date('2026-02-01T12:00:00Z'))).plants).toBe(2);
  });

  it('stores nulls for a plant that cannot be modelled', async () => {
    const c = await plantTree(db);
    await db.update(powerPlants).set({ latitude: null }).where(eq(powerPlants.id, c.plant));
    await refreshExpectedDays(db, new Date('2026-02-01T12:00:00Z'));
    const days = await daysOf(c.plant);
    expect(days).toHaveLength(33);
    expect(days.every((d) => d.energy_wh === null && d.hourly_wh === null)).toBe(true);
  });
});
