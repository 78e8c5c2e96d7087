/**
 * Expected energy stored ahead, per plant and local day (plant_expected_days), so that the fleet view
 * joins it instead of running the model for every plant on every request (docs/expected-production.md,
 * "Stored ahead"). For each plant, the days from the first of the previous month to tomorrow:
 *  - a plant whose description changed (strings, panels, inverter limits, place, or the portal's time
 *    zone: the digest in plant_expected_models differs) has its days dropped and computed again;
 *  - otherwise only the days not stored yet are computed (a new day, a new plant);
 *  - days before the previous month go.
 * Each day is the climatology's (past days always are; today and tomorrow too, so the fleet's figures
 * do not depend on the weather service), with its running total at each hour for "today so far".
 *
 * The rollup worker runs it (./rollup-worker.ts) once a period across all API processes (job_leases):
 * a description changed is seen within a period, a new day is stored a day before it starts.
 */
import { createHash } from 'node:crypto';
import { gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { plantExpectedDays, plantExpectedModels, powerPlants } from '../db/schema.js';
import { name, names, recordset } from '../db/sql.js';
import { readSettings } from '../domain/settings.js';
import { expectedDayHours, localDays, plantModels, type PlantModel } from './expected.js';
import { isoInZone } from './time.js';

/** Plants computed and written per transaction. */
const BATCH = 50;

/** The digest of what the stored days of a plant depend on. */
const digest = (model: PlantModel, timeZone: string) =>
  createHash('sha256').update(JSON.stringify([timeZone, model.dcWp, model.key])).digest('hex');

/** YYYY-MM-DD `n` days after `date`. */
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The first day of the month before `date`'s. */
function previousMonthStart(date: string) {
  const [y, m] = date.split('-').map(Number);
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

export interface ExpectedRefresh { plants: number; days: number }

/** Brings plant_expected_days up to date at `now` (see above); returns the plants touched and the days written. */
export async function refreshExpectedDays(db: Db, now = new Date()): Promise<ExpectedRefresh> {
  const { timeZone } = await readSettings(db);
  const today = isoInZone(now, timeZone).slice(0, 10);
  const first = previousMonthStart(today);
  const days = await localDays(db, timeZone, first, addDays(today, 1));
  await db.delete(plantExpectedDays).where(lt(plantExpectedDays.day, first));

  const plantIds = (await db.select({ id: powerPlants.id }).from(powerPlants)).map((p) => p.id);
  const storedKeys = new Map((await db.select({ plant: plantExpectedModels.plant, key: plantExpectedModels.model_key }).from(plantExpectedModels)).map((r) => [r.plant, r.key]));
  const storedDays = new Map<number, Set<string>>();
  for (const r of await db.select({ plant: plantExpectedDays.plant, day: plantExpectedDays.day }).from(plantExpectedDays).where(gte(plantExpectedDays.day, first))) {
    let set = storedDays.get(r.plant);
    if (!set) storedDays.set(r.plant, set = new Set());
    set.add(r.day);
  }

  const done: ExpectedRefresh = { plants: 0, days: 0 };
  for (let i = 0; i < plantIds.length; i += BATCH) {
    const models = await plantModels(db, plantIds.slice(i, i + BATCH));
    const changed: { plant: number; key: string; dcWp: number }[] = [];
    const written: { plant: number; day: string; energy_wh: number | null; hourly_wh: number[] | null }[] = [];
    for (const [plant, model] of models) {
      const key = digest(model, timeZone);
      const fresh = storedKeys.get(plant) !== key;
      if (fresh) changed.push({ plant, key, dcWp: model.dcWp });
      const have = fresh ? new Set<string>() : storedDays.get(plant) ?? new Set<string>();
      for (const day of days) {
        if (have.has(day.date)) continue;
        const hourly = expectedDayHours(model, day);
        written.push({ plant, day: day.date, energy_wh: hourly ? hourly[hourly.length - 1] : null, hourly_wh: hourly });
      }
    }
    if (!changed.length && !written.length) continue;
    await db.transaction(async (tx) => {
      if (changed.length) {
        await tx.delete(plantExpectedDays).where(inArray(plantExpectedDays.plant, changed.map((c) => c.plant)));
        await tx.insert(plantExpectedModels).values(changed.map((c) => ({ plant: c.plant, model_key: c.key, dc_wp: c.dcWp })))
          .onConflictDoUpdate({ target: plantExpectedModels.plant, set: { model_key: sql`excluded.${name(plantExpectedModels.model_key)}`, dc_wp: sql`excluded.${name(plantExpectedModels.dc_wp)}`, updated_at: sql`now()` } });
      }
      if (written.length) {
        const d = plantExpectedDays;
        const columns = { plant: d.plant, day: d.day, energy_wh: d.energy_wh, hourly_wh: d.hourly_wh };
        await tx.execute(sql`
          insert into ${d} (${names(Object.values(columns))})
          select ${names(Object.values(columns))} from ${recordset(alias(d, 'x'), columns, written)}
          on conflict (${names([d.plant, d.day])}) do update set ${name(d.energy_wh)} = excluded.${name(d.energy_wh)}, ${name(d.hourly_wh)} = excluded.${name(d.hourly_wh)}`);
      }
    });
    done.plants += new Set([...changed.map((c) => c.plant), ...written.map((w) => w.plant)]).size;
    done.days += written.length;
  }
  return done;
}
