/**
 * Expected energy stored ahead (server/measurements/expected-days.ts): the days it keeps, that they are
 * the model's, that a second run has nothing to do, that a plant whose description changes (panels,
 * place, time zone) is computed again alone, that the days before the previous month go, and that each
 * plant's sum of the month's days before today is kept equal to those days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openTestDatabase } from '../../../testing/harness.js';
import { plantTree, type Tree } from '../../../testing/fixtures.js';
import type { Db } from '../../../server/db/client.js';
import { seedBase } from '../../../server/seed/base.js';
import { forgetSettings } from '../../../server/core/settings.js';
import { panels, plantExpectedDays, plantExpectedModels, plantExpectedMonths, powerPlants, settings } from '../../../server/db/schema.js';
import { refreshExpectedDays } from '../../../server/measurements/expected-days.js';
import { expectedEnergy } from '../../../server/measurements/expected.js';
import { firstDay } from '../../../server/measurements/queries.js';
import { storeReadings } from '../../../server/measurements/store.js';
import { drainRollups } from '../../../server/measurements/rollup-worker.js';

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

  it('keeps each plant\'s expected energy of the month before today equal to its days, a day, a description, a commissioning date or a first reading later', async () => {
    /** Every plant's kept sum against its stored days from the month's first (or its commissioning or first reading) to the day before `today`. */
    const checkSums = async (today: string) => {
      const plants = await db.select({ id: powerPlants.id, commissioned: powerPlants.commissioned_on }).from(powerPlants);
      const kept = new Map((await db.select().from(plantExpectedMonths)).map((r) => [r.plant, r]));
      expect(kept.size).toBe(plants.length);
      for (const { id, commissioned } of plants) {
        const from = [commissioned, await firstDay(db, id)].reduce<string>((f, d) => (d && d > f ? d : f), `${today.slice(0, 8)}01`);
        const days = (await daysOf(id)).filter((d) => d.day >= from && d.day < today);
        const wanted = days.length === Math.max(0, (Date.parse(today) - Date.parse(from)) / 86_400_000) && days.every((d) => d.energy_wh !== null)
          ? days.reduce((sum, d) => sum + d.energy_wh!, 0) : null;
        const row = kept.get(id)!;
        expect({ day: row.day, from_day: row.from_day }).toEqual({ day: today, from_day: from });
        if (wanted === null) expect(row.energy_wh, `plant ${id}`).toBeNull();
        else expect(row.energy_wh!, `plant ${id}`).toBeCloseTo(wanted, 6);
      }
    };
    // 13:00 local (America/Punta_Arenas since the test above) on 10 and 11 February.
    await refreshExpectedDays(db, new Date('2026-02-10T16:00:00Z'));
    await checkSums('2026-02-10');
    const before = (await db.select().from(plantExpectedMonths).where(eq(plantExpectedMonths.plant, b.plant)))[0].energy_wh!;
    await refreshExpectedDays(db, new Date('2026-02-11T16:00:00Z'));
    await checkSums('2026-02-11');

    await db.update(panels).set({ power_wp: 100 }).where(eq(panels.string, b.investors[0].mppts[0].strings[0]));
    expect((await refreshExpectedDays(db, new Date('2026-02-11T16:00:00Z'))).plants).toBe(1);
    await checkSums('2026-02-11');
    expect((await db.select().from(plantExpectedMonths).where(eq(plantExpectedMonths.plant, b.plant)))[0].energy_wh!).toBeLessThan(before);

    await db.update(powerPlants).set({ commissioned_on: '2026-02-05' }).where(eq(powerPlants.id, a.plant));
    await db.update(powerPlants).set({ commissioned_on: '2026-03-01' }).where(eq(powerPlants.id, b.plant));
    await refreshExpectedDays(db, new Date('2026-02-11T16:00:00Z'));
    await checkSums('2026-02-11');
    expect((await db.select().from(plantExpectedMonths).where(eq(plantExpectedMonths.plant, b.plant)))[0].energy_wh).toBe(0);
    await db.update(powerPlants).set({ commissioned_on: null });

    // First read on the 7th (at night): the month is expected from the 7th.
    await storeReadings(db, [{ investor: a.investors[0].id, ts: new Date('2026-02-07T04:00:00Z'), ac_power_w: 0, energy_total_wh: 1_000 }]);
    await drainRollups(db);
    await refreshExpectedDays(db, new Date('2026-02-11T16:00:00Z'));
    await checkSums('2026-02-11');
    expect((await db.select().from(plantExpectedMonths).where(eq(plantExpectedMonths.plant, a.plant)))[0].from_day).toBe('2026-02-07');
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
