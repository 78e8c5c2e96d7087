/**
 * The live summary of a plant: its last readings (summed over the inverters), today's, this month's,
 * this year's and lifetime energy, self-consumption and autarky of today (from energies, not from a
 * netted instant power), specific yield, this month against the same month last year, CO2 avoided and
 * money saved (net billing: domain/savings.ts); and a project's totals over its plants. "Today", "this
 * month" and "this year" are the plant's local ones (settings.time_zone), whatever the caller's zone.
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { investorEnergy, investors, measurements, plantEnergy, powerPlants } from '../db/schema.js';
import { rows } from '../db/sql.js';
import type { PeriodTotals, ProjectSnapshot, Reading, Snapshot } from '../../contract/measurements.js';
import { latestReadings, ONLINE_WINDOW_MS } from './latest.js';
import { sumTotals } from './queries.js';
import { withCurrentRollups } from './rollups.js';
import { isoInZone } from './time.js';
import { readSettings } from '../domain/settings.js';
import { addSavings, changePct, lifetimeSplit, localPeriods, savingsOf, specificYield, type LocalPeriods, type Prices } from '../domain/savings.js';

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;
const kwh = (wh: number) => wh / 1000;

/** Sum of a field over readings, null when none of them has it. */
function sumOf(readings: Reading[], field: 'ac_power_w' | 'consumption_w' | 'grid_import_w' | 'grid_export_w' | 'battery_power_w') {
  const values = readings.map((r) => r[field]).filter((v): v is number => v !== null);
  return values.length ? round1(values.reduce((a, b) => a + b, 0)) : null;
}

/** The plant fields a summary reads. */
type PlantRow = Pick<typeof powerPlants.$inferSelect, 'id' | 'tariff' | 'injection_price' | 'capacity_kwp'>;

/**
 * What the inverters' own day and year counters (Symo DAY_ENERGY, YEAR_ENERGY) say was produced that
 * the recorded points do not hold (a device added during the day or the year): per inverter whose
 * newest reading is of today (of this year), the counter less what is recorded for it in that period,
 * never negative. Today's part also belongs to the month and the year; the year takes the larger of it
 * and the year counter's part. The month has no counter: it gains today's part only.
 * An inverter that reports its PV power is left out: its counters count its AC output, battery
 * included, while what is recorded for it is PV energy (store.ts intervalEnergy), so their
 * difference is not energy it made unrecorded.
 */
async function unrecordedByCounters(db: Db, plant: number, periods: LocalPeriods) {
  const i = alias(investors, 'i');
  const m = alias(measurements, 'm');
  const d = alias(investorEnergy, 'd');
  const y = alias(investorEnergy, 'y');
  const local = sql`(${m.ts} at time zone ${periods.time_zone})`;
  const found = await rows<{ day: number | null; year: number | null; today: boolean; this_year: boolean; recorded_day: number; recorded_year: number }>(db, sql`
    select case when ${m.pv_power_w} is null then ${m.energy_day_wh} end as day, case when ${m.pv_power_w} is null then ${m.energy_year_wh} end as year,
      ${local}::date = ${periods.today}::date as today, extract(year from ${local}) = ${Number(periods.year)} as this_year,
      coalesce(${d.energy_wh}, 0)::float8 as recorded_day, coalesce(${y.energy_wh}, 0)::float8 as recorded_year
    from ${investors} ${i}
    join lateral (
      select ${m.ts}, ${m.pv_power_w}, ${m.energy_day_wh}, ${m.energy_year_wh} from ${measurements} ${m} where ${m.investor} = ${i.id} order by ${m.ts} desc limit 1
    ) ${m} on true
    left join ${investorEnergy} ${d} on ${d.investor} = ${i.id} and ${d.period} = 'day' and ${d.bucket} = ${`${periods.today} 00:00:00`}::timestamp
    left join ${investorEnergy} ${y} on ${y.investor} = ${i.id} and ${y.period} = 'year' and ${y.bucket} = ${`${periods.year}-01-01 00:00:00`}::timestamp
    where ${i.plant} = ${plant}`);
  let day = 0;
  let year = 0;
  for (const r of found) {
    const dayPart = r.today && r.day !== null ? Math.max(0, r.day - r.recorded_day) : 0;
    const yearPart = r.this_year && r.year !== null ? Math.max(0, r.year - r.recorded_year) : 0;
    day += dayPart;
    year += Math.max(dayPart, yearPart);
  }
  return { day: round1(day), month: round1(day), year: round1(year) };
}

/** A plant's energies of its local periods, its lifetime production and its latest readings. */
async function plantFigures(db: Db, plant: PlantRow, periods: LocalPeriods) {
  const latest = await latestReadings(db, periods.time_zone, { plant: plant.id });
  const energies = { energy_wh: plantEnergy.energy_wh, consumption_wh: plantEnergy.consumption_wh, import_wh: plantEnergy.import_wh, export_wh: plantEnergy.export_wh };
  const buckets = { day: `${periods.today} 00:00:00`, month: `${periods.month}-01 00:00:00`, year: `${periods.year}-01-01 00:00:00` };
  const rows = await db.select({ period: plantEnergy.period, bucket: plantEnergy.bucket, ...energies }).from(plantEnergy)
    .where(and(eq(plantEnergy.plant, plant.id), sql`(${plantEnergy.period}, ${plantEnergy.bucket}) in (
      ('day', ${buckets.day}::timestamp), ('month', ${buckets.month}::timestamp), ('year', ${buckets.year}::timestamp),
      ('month', ${`${periods.last_year_month}-01`}::timestamp))`));
  const unrecorded = await unrecordedByCounters(db, plant.id, periods);
  const totalsOf = (period: 'day' | 'month' | 'year', bucket: string) =>
    sumTotals([...rows.filter((r) => r.period === period && r.bucket.startsWith(bucket.slice(0, 10))), { energy_wh: unrecorded[period] }]);
  const lastYearMonth = rows.find((r) => r.period === 'month' && r.bucket.startsWith(periods.last_year_month));

  const [lastYearToDate] = await db.select({ energy_wh: sql<number | null>`sum(${plantEnergy.energy_wh})::float8` }).from(plantEnergy)
    .where(and(eq(plantEnergy.plant, plant.id), eq(plantEnergy.period, 'day'),
      gte(plantEnergy.bucket, `${periods.last_year_month}-01 00:00:00`), lte(plantEnergy.bucket, `${periods.last_year_same_day} 00:00:00`)));

  // Everything recorded, from the yearly rows.
  const [recorded] = await db.select({
    energy_wh: sql<number>`coalesce(sum(${plantEnergy.energy_wh}), 0)::float8`, export_wh: sql<number>`coalesce(sum(${plantEnergy.export_wh}), 0)::float8`,
    flows_wh: sql<number>`coalesce(sum(${plantEnergy.import_wh} + ${plantEnergy.export_wh} + ${plantEnergy.consumption_wh}), 0)::float8`,
  }).from(plantEnergy).where(and(eq(plantEnergy.plant, plant.id), eq(plantEnergy.period, 'year')));

  // Lifetime: each inverter's own counter when it has one, otherwise everything recorded for it.
  const perInverter = new Map((await db.select({ investor: investorEnergy.investor, energy_wh: sql<number>`sum(${investorEnergy.energy_wh})::float8` })
    .from(investorEnergy).innerJoin(investors, eq(investors.id, investorEnergy.investor))
    .where(and(eq(investors.plant, plant.id), eq(investorEnergy.period, 'year'))).groupBy(investorEnergy.investor))
    .map((r) => [r.investor, r.energy_wh]));
  const totalWh = round1(latest.reduce((acc, l) => acc + (l.reading?.energy_total_wh ?? perInverter.get(l.investor) ?? 0), 0));

  return {
    latest,
    today: totalsOf('day', buckets.day), month: totalsOf('month', buckets.month), year: totalsOf('year', buckets.year),
    lifetime: lifetimeSplit(totalWh, recorded),
    metered: recorded.flows_wh > 0,
    lastYearToDateWh: lastYearToDate?.energy_wh ?? null,
    lastYearMonthWh: lastYearMonth ? lastYearMonth.energy_wh : null,
  };
}
type Figures = Awaited<ReturnType<typeof plantFigures>>;

/** The savings of each period of one plant at its prices. */
const savingsByPeriod = (f: Figures, prices: Prices) => ({
  today: savingsOf(f.today, prices), month: savingsOf(f.month, prices), year: savingsOf(f.year, prices), lifetime: savingsOf(f.lifetime, prices),
});

/** What a plant's and a project's summaries share, from their figures (summed over plants for a project). */
function kpis(periods: LocalPeriods, f: Pick<Figures, 'today' | 'month' | 'year' | 'lifetime' | 'lastYearToDateWh' | 'lastYearMonthWh'>, capacity: number | null, co2Factor: number) {
  return {
    period: { time_zone: periods.time_zone, today: periods.today, month: periods.month, year: periods.year },
    capacity_kwp: capacity,
    energy_today_wh: f.today.energy_wh,
    energy_month_wh: f.month.energy_wh,
    energy_year_wh: f.year.energy_wh,
    energy_total_wh: f.lifetime.energy_wh,
    consumption_today_wh: f.today.consumption_wh,
    import_today_wh: f.today.import_wh,
    export_today_wh: f.today.export_wh,
    self_consumption_pct: f.today.self_consumption_pct,
    autarky_pct: f.today.autarky_pct,
    specific_yield_kwh_per_kwp: {
      today: specificYield(f.today.energy_wh, capacity), month: specificYield(f.month.energy_wh, capacity),
      year: specificYield(f.year.energy_wh, capacity), total: specificYield(f.lifetime.energy_wh, capacity),
    },
    month_vs_last_year: {
      month: periods.month, energy_wh: f.month.energy_wh, last_year_month: periods.last_year_month,
      last_year_to_date_wh: f.lastYearToDateWh === null ? null : round1(f.lastYearToDateWh),
      last_year_month_wh: f.lastYearMonthWh === null ? null : round1(f.lastYearMonthWh),
      change_pct: changePct(f.month.energy_wh, f.lastYearToDateWh),
    },
    co2_avoided_kg: { today: round2(kwh(f.today.energy_wh) * co2Factor), total: round2(kwh(f.lifetime.energy_wh) * co2Factor), factor_kg_per_kwh: co2Factor },
  };
}

/** A plant's summary, exact while the rollup worker catches up (rollups.ts). */
export const plantSnapshot = (db: Db, plant: PlantRow, now = new Date()): Promise<Snapshot> =>
  withCurrentRollups(db, plant.id, (db) => snapshotOf(db, plant, now));

async function snapshotOf(db: Db, plant: PlantRow, now: Date): Promise<Snapshot> {
  const { timeZone, co2Factor } = await readSettings(db);
  const periods = localPeriods(now, timeZone);
  const figures = await plantFigures(db, plant, periods);
  const { latest } = figures;
  const last = Math.max(...latest.map((l) => l.at?.getTime() ?? -Infinity));
  const hasData = Number.isFinite(last);
  // The plant's state is its inverters' readings of the same moment: one that stopped reporting an
  // hour ago must not add its last power to the others'.
  const current = latest.filter((l) => l.at && last - l.at.getTime() < ONLINE_WINDOW_MS).map((l) => l.reading!);
  const socs = current.map((r) => r.battery_soc).filter((v): v is number => v !== null);
  const savings = savingsByPeriod(figures, plant);

  return {
    plant: plant.id,
    timestamp: hasData ? isoInZone(new Date(last), timeZone) : null,
    online: hasData && now.getTime() - last < ONLINE_WINDOW_MS,
    power_w: sumOf(current, 'ac_power_w'),
    // A hybrid's AC output includes its battery's discharge: the sun is its PV power.
    solar_w: current.length ? current.reduce((a, r) => a + (r.pv_power_w ?? r.ac_power_w ?? 0), 0) : null,
    consumption_w: sumOf(current, 'consumption_w'),
    grid_import_w: sumOf(current, 'grid_import_w'),
    grid_export_w: sumOf(current, 'grid_export_w'),
    battery_power_w: sumOf(current, 'battery_power_w'),
    battery_soc: socs.length ? round1(socs.reduce((a, b) => a + b, 0) / socs.length) : null,
    ...kpis(periods, figures, plant.capacity_kwp, co2Factor),
    savings: {
      currency: 'CLP', today: savings.today.total, total: savings.lifetime.total,
      tariff_per_kwh: plant.tariff, injection_price_per_kwh: plant.injection_price, metered: figures.metered, periods: savings,
    },
    inverters: latest.map((l) => ({
      id: l.investor,
      name: l.name,
      timestamp: l.reading?.ts ?? null,
      online: Boolean(l.at && now.getTime() - l.at.getTime() < ONLINE_WINDOW_MS),
      power_w: l.reading?.ac_power_w ?? null,
      status: l.reading?.status ?? null,
    })),
  };
}

/** A project's totals across its plants, each plant's energy valued at its own prices. */
export async function projectSnapshot(db: Db, projectId: number, now = new Date()): Promise<ProjectSnapshot> {
  const { timeZone, co2Factor } = await readSettings(db);
  const periods = localPeriods(now, timeZone);
  const plants = await db.select({ id: powerPlants.id, tariff: powerPlants.tariff, injection_price: powerPlants.injection_price, capacity_kwp: powerPlants.capacity_kwp })
    .from(powerPlants).where(eq(powerPlants.project, projectId)).orderBy(powerPlants.id);
  // One plant at a time: each read may refresh its plant's stale rollups in a transaction of its own.
  const each: { plant: PlantRow; figures: Figures }[] = [];
  for (const plant of plants) each.push({ plant, figures: await withCurrentRollups(db, plant.id, (db) => plantFigures(db, plant, periods)) });
  const add = (pick: (f: Figures) => PeriodTotals) => sumTotals(each.map(({ figures }) => pick(figures)));
  const lastYear = (pick: (f: Figures) => number | null) => {
    const known = each.map(({ figures }) => pick(figures)).filter((v): v is number => v !== null);
    return known.length ? known.reduce((a, b) => a + b, 0) : null;
  };
  const capacities = plants.map((p) => p.capacity_kwp).filter((c): c is number => c !== null);
  const summed = {
    today: add((f) => f.today), month: add((f) => f.month), year: add((f) => f.year),
    lifetime: {
      energy_wh: round1(each.reduce((a, { figures }) => a + figures.lifetime.energy_wh, 0)),
      export_wh: round1(each.reduce((a, { figures }) => a + figures.lifetime.export_wh, 0)),
    },
    lastYearToDateWh: lastYear((f) => f.lastYearToDateWh), lastYearMonthWh: lastYear((f) => f.lastYearMonthWh),
  };
  const byPlant = each.map(({ plant, figures }) => savingsByPeriod(figures, plant));
  const periodsOf = (key: keyof ReturnType<typeof savingsByPeriod>) => addSavings(byPlant.map((s) => s[key]));
  const savings = { today: periodsOf('today'), month: periodsOf('month'), year: periodsOf('year'), lifetime: periodsOf('lifetime') };
  return {
    project: projectId,
    plants: plants.map((p) => p.id),
    ...kpis(periods, summed, capacities.length ? round2(capacities.reduce((a, b) => a + b, 0)) : null, co2Factor),
    savings: { currency: 'CLP', today: savings.today.total, total: savings.lifetime.total, metered: each.some(({ figures }) => figures.metered), periods: savings },
  };
}
