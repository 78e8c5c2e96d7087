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
import { gte, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { plantExpectedDays, plantExpectedModels, plantExpectedMonths, powerPlants } from '../db/schema.js';
import { intArray, name, names, recordset } from '../db/sql.js';
import { readSettings } from '../core/settings.js';
import { expectedDayHours, localDays, plantModels, type PlantModel } from './expected.js';
import { isoInZone } from './time.js';
import { firstReadingDay } from './queries.js';

/** Plants computed and written per transaction. */
const BATCH = 50;
/**
 * Advisory lock taken before the month sums are written: a run summing every plant and a batch
 * rewriting some plants' days (two processes' runs may overlap) then sum in turn, the later one from
 * what the earlier committed, so a sum computed before a batch's new days never lands after them.
 */
const MONTHS_LOCK = 7304;

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

/**
 * The first day of the month's expectation: the month's first (`monthStart`), or the commissioning
 * date or the first reading when later (expectationStart in ./expected.ts; greatest skips nulls).
 */
export const monthFrom = (monthStart: SQLWrapper, commissionedOn: SQLWrapper, firstReading: SQLWrapper) =>
  sql`greatest(${monthStart}, ${commissionedOn}, ${firstReading})`;

/**
 * The expected energy of a plant's stored days from `from` to the day before `today` (date
 * expressions); null unless every one is stored. What plant_expected_months keeps, and what the fleet
 * sums itself when the kept row is not the request's.
 */
export function monthBefore(plant: SQL, from: SQL, today: SQL) {
  const d = alias(plantExpectedDays, 'dm');
  return sql`(select case when count(${d.energy_wh}) = greatest(${today} - ${from}, 0) then coalesce(sum(${d.energy_wh}), 0) end
    from ${plantExpectedDays} ${d} where ${d.plant} = ${plant} and ${d.day} >= ${from} and ${d.day} < ${today})`;
}

/**
 * Brings plant_expected_months up to date for `today` (YYYY-MM-DD), for `plants` or every plant; a row
 * is written only when it changes. `tx` must be a transaction (the lock above is held to its end).
 */
async function sumMonths(tx: Db, today: string, plants?: number[]) {
  const p = powerPlants;
  const e = plantExpectedMonths;
  const columns = [e.plant, e.day, e.from_day, e.energy_wh];
  await tx.execute(sql`select pg_advisory_xact_lock(${MONTHS_LOCK}::int, 0)`);
  await tx.execute(sql`
    insert into ${e} (${names(columns)})
    select ${p.id}, t.today, f.from_day, ${monthBefore(sql`${p.id}`, sql`f.from_day`, sql`t.today`)}
    from ${p}
    cross join (select ${today}::date as today, date_trunc('month', ${today}::date)::date as month_start) t
    cross join lateral (select ${monthFrom(sql`t.month_start`, p.commissioned_on, firstReadingDay(p.id))} as from_day) f
    ${plants ? sql`where ${p.id} = any(${intArray(plants)}::int[])` : sql``}
    on conflict (${name(e.plant)}) do update set ${sql.join(columns.slice(1).map((c) => sql`${name(c)} = excluded.${name(c)}`), sql`, `)}
    where (${sql.join(columns.slice(1), sql`, `)}) is distinct from (${sql.join(columns.slice(1).map((c) => sql`excluded.${name(c)}`), sql`, `)})`);
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
      // With the days, so the month's sum is never older than the days it sums.
      await sumMonths(tx, today, [...new Set([...changed.map((c) => c.plant), ...written.map((w) => w.plant)])]);
    });
    done.plants += new Set([...changed.map((c) => c.plant), ...written.map((w) => w.plant)]).size;
    done.days += written.length;
  }
  // Every plant's sum for today: a new day, a new plant, a commissioning date changed.
  await db.transaction((tx) => sumMonths(tx, today));
  return done;
}
