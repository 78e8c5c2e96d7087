/**
 * The live summary of a plant: its last readings (summed over the inverters), today's, this month's,
 * this year's and lifetime energy, self-consumption and autarky of today (from energies, not from a
 * netted instant power), specific yield, this month against the same month last year, CO2 avoided and
 * money saved (net billing: domain/savings.ts); and a project's totals over its plants. "Today", "this
 * month" and "this year" are the plant's local ones (settings.time_zone), whatever the caller's zone.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { investorEnergy, plantEnergy, powerPlants } from '../db/schema.js';
import { rows } from '../db/sql.js';
import type { PeriodTotals, ProjectSnapshot, Reading, Snapshot } from '../../contract/measurements.js';
import { LATEST, latestReadings, ONLINE_WINDOW_MS } from './latest.js';
import { sumTotals } from './queries.js';
import { withCurrentRollups } from './rollups.js';
import { EVERY_INSTANT, keptAnswer } from './read-cache.js';
import { isoInZone } from './time.js';
import { readSettings } from '../core/settings.js';
import { addSavings, changePct, localPeriods, plantSavings, pricedPlantColumns, specificYield, type LocalPeriods, type PricedPlant } from '../domain/savings.js';

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;
const kwh = (wh: number) => wh / 1000;

/** Sum of a field over readings, null when none of them has it. */
function sumOf(readings: Reading[], field: 'ac_power_w' | 'consumption_w' | 'grid_import_w' | 'grid_export_w' | 'battery_power_w') {
  const values = readings.map((r) => r[field]).filter((v): v is number => v !== null);
  return values.length ? round1(values.reduce((a, b) => a + b, 0)) : null;
}

/** The plant fields a summary reads. */
type PlantRow = PricedPlant & Pick<typeof powerPlants.$inferSelect, 'capacity_kwp'>;

/** What snapshot reads of each inverter beside its latest reading (latest.ts `extra`). */
type InverterCounters = {
  /** The latest reading's day and year counters, null for an inverter that reports its PV power. */
  counter_day: number | null; counter_year: number | null;
  /** Whether the latest reading is of the plant's today, of its year. */
  today: boolean | null; this_year: boolean | null;
  /** What is recorded for the inverter today, this year, and in all (its yearly rollups). */
  recorded_day: number; recorded_year: number; recorded_wh: number | null;
  /** The inverter's last counter (its yearly rollups'): what lifetime reads while it sleeps without one. */
  last_counter_wh: number | null;
};

/** The columns of InverterCounters, over latest.ts's names of the inverter (i) and its latest reading (m). */
function counterColumns(periods: LocalPeriods) {
  const { inverter: i, reading: m } = LATEST;
  const local = sql`(${m.ts} at time zone ${periods.time_zone})`;
  const recorded = (period: 'day' | 'year', bucket: string) => sql`coalesce((select ${investorEnergy.energy_wh} from ${investorEnergy}
    where ${investorEnergy.investor} = ${i.id} and ${investorEnergy.period} = ${period} and ${investorEnergy.bucket} = ${bucket}::timestamp), 0)::float8`;
  return {
    counter_day: sql`case when ${m.pv_power_w} is null then ${m.energy_day_wh} end`,
    counter_year: sql`case when ${m.pv_power_w} is null then ${m.energy_year_wh} end`,
    today: sql`${local}::date = ${periods.today}::date`,
    this_year: sql`extract(year from ${local}) = ${Number(periods.year)}`,
    recorded_day: recorded('day', `${periods.today} 00:00:00`),
    recorded_year: recorded('year', `${periods.year}-01-01 00:00:00`),
    recorded_wh: sql`(select sum(${investorEnergy.energy_wh}) from ${investorEnergy}
      where ${investorEnergy.investor} = ${i.id} and ${investorEnergy.period} = 'year')::float8`,
    last_counter_wh: sql`(select ${investorEnergy.last_counter_wh} from ${investorEnergy}
      where ${investorEnergy.investor} = ${i.id} and ${investorEnergy.period} = 'year' and ${investorEnergy.last_counter_wh} > 0
      order by ${investorEnergy.bucket} desc limit 1)::float8`,
  } satisfies Record<keyof InverterCounters, SQL>;
}

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
function unrecordedByCounters(inverters: InverterCounters[]) {
  let day = 0;
  let year = 0;
  for (const r of inverters) {
    const dayPart = r.today && r.counter_day !== null ? Math.max(0, r.counter_day - r.recorded_day) : 0;
    const yearPart = r.this_year && r.counter_year !== null ? Math.max(0, r.counter_year - r.recorded_year) : 0;
    day += dayPart;
    year += Math.max(dayPart, yearPart);
  }
  return { day: round1(day), month: round1(day), year: round1(year) };
}

/** A plant rollup bucket's energies, as the plant's energies query gives them. */
type BucketRow = { period: string; bucket: string } & Record<'energy_wh' | 'consumption_wh' | 'import_wh' | 'export_wh', number>;

/**
 * In one statement over the plant's rollups: the buckets of its today, this month, this year and
 * the same month last year; last year's month up to the same day; and everything recorded (the
 * yearly rows: energy, export, and whether any flow beside production was metered).
 */
async function plantEnergies(db: Db, plant: number, periods: LocalPeriods) {
  const p = plantEnergy;
  const inBuckets = sql`(${p.period}, ${p.bucket}) in (
    ('day', ${`${periods.today} 00:00:00`}::timestamp), ('month', ${`${periods.month}-01 00:00:00`}::timestamp),
    ('year', ${`${periods.year}-01-01 00:00:00`}::timestamp), ('month', ${`${periods.last_year_month}-01 00:00:00`}::timestamp))`;
  const lastYearToDate = sql`${p.period} = 'day' and ${p.bucket} between ${`${periods.last_year_month}-01 00:00:00`}::timestamp
    and ${`${periods.last_year_same_day} 00:00:00`}::timestamp`;
  const yearly = sql`${p.period} = 'year'`;
  const [found] = await rows<{ buckets: BucketRow[] | null; last_year_to_date_wh: number | null; energy_wh: number; export_wh: number; flows_wh: number }>(db, sql`
    select
      json_agg(json_build_object('period', ${p.period}, 'bucket', ${p.bucket}, 'energy_wh', ${p.energy_wh},
        'consumption_wh', ${p.consumption_wh}, 'import_wh', ${p.import_wh}, 'export_wh', ${p.export_wh})) filter (where ${inBuckets}) as buckets,
      (sum(${p.energy_wh}) filter (where ${lastYearToDate}))::float8 as last_year_to_date_wh,
      coalesce(sum(${p.energy_wh}) filter (where ${yearly}), 0)::float8 as energy_wh,
      coalesce(sum(${p.export_wh}) filter (where ${yearly}), 0)::float8 as export_wh,
      coalesce(sum(${p.import_wh} + ${p.export_wh} + ${p.consumption_wh}) filter (where ${yearly}), 0)::float8 as flows_wh
    from ${p} where ${p.plant} = ${plant} and (${yearly} or ${inBuckets} or (${lastYearToDate}))`);
  return { ...found, buckets: found.buckets ?? [] };
}

/**
 * A plant's energies of its local periods, its lifetime production and its latest readings: two
 * statements, one over its inverters (latest readings and counters), one over its rollups.
 */
async function plantFigures(db: Db, plant: PlantRow, periods: LocalPeriods) {
  const inverters = await latestReadings<InverterCounters>(db, periods.time_zone, { plant: plant.id }, counterColumns(periods));
  const energies = await plantEnergies(db, plant.id, periods);
  const unrecorded = unrecordedByCounters(inverters.map((l) => l.extra));
  const totalsOf = (period: 'day' | 'month' | 'year', day: string) =>
    sumTotals([...energies.buckets.filter((r) => r.period === period && r.bucket.startsWith(day)), { energy_wh: unrecorded[period] }]);
  const lastYearMonth = energies.buckets.find((r) => r.period === 'month' && r.bucket.startsWith(periods.last_year_month));
  // Lifetime: each inverter's own counter when it has one (its last one while it sleeps without), otherwise
  // everything recorded for it.
  const totalWh = round1(inverters.reduce((acc, l) => acc + (l.reading?.energy_total_wh || l.extra.last_counter_wh || l.extra.recorded_wh || 0), 0));
  const latest = inverters.map(({ extra: _, ...l }) => l);

  return {
    latest,
    today: totalsOf('day', periods.today), month: totalsOf('month', `${periods.month}-01`), year: totalsOf('year', `${periods.year}-01-01`),
    lifetime: { energy_wh: totalWh },
    metered: energies.flows_wh > 0,
    lastYearToDateWh: energies.last_year_to_date_wh,
    lastYearMonthWh: lastYearMonth ? lastYearMonth.energy_wh : null,
  };
}
type Figures = Awaited<ReturnType<typeof plantFigures>>;

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

/**
 * A plant's figures of its local periods and its savings (its bills, domain/billing): exact while the
 * rollup worker catches up (rollups.ts), and kept until one of its readings, its prices or the
 * tariffs change (read-cache.ts; lifetime totals depend on every one). What depends on the clock
 * (online, the current power) is worked out from them on each call.
 */
const figuresOf = (db: Db, plant: PlantRow, periods: LocalPeriods) =>
  keptAnswer(db, plant.id, `figures ${periods.today}`, EVERY_INSTANT, () => withCurrentRollups(db, plant.id, async (db) => {
    const figures = await plantFigures(db, plant, periods);
    return { ...figures, savings: await plantSavings(db, plant, periods, figures) };
  }));

/** A plant's summary. */
export async function plantSnapshot(db: Db, plant: PlantRow, now = new Date()): Promise<Omit<Snapshot, 'status' | 'fault_alarm'>> {
  const { timeZone, co2Factor } = await readSettings(db);
  const periods = localPeriods(now, timeZone);
  const figures = await figuresOf(db, plant, periods);
  const { latest } = figures;
  const last = Math.max(...latest.map((l) => l.at?.getTime() ?? -Infinity));
  const hasData = Number.isFinite(last);
  // The plant's state is its inverters' readings of the same moment: one that stopped reporting an
  // hour ago must not add its last power to the others'.
  const current = latest.filter((l) => l.at && last - l.at.getTime() < ONLINE_WINDOW_MS).map((l) => l.reading!);
  const socs = current.map((r) => r.battery_soc).filter((v): v is number => v !== null);
  const { tariff_per_kwh: tariffPerKwh, injection_price_per_kwh: injectionPerKwh, ...savings } = figures.savings;

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
      tariff_per_kwh: tariffPerKwh, injection_price_per_kwh: injectionPerKwh, metered: figures.metered, periods: savings,
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
  const plants = await db.select({ ...pricedPlantColumns, capacity_kwp: powerPlants.capacity_kwp })
    .from(powerPlants).where(eq(powerPlants.project, projectId)).orderBy(powerPlants.id);
  // One plant at a time: each read may refresh its plant's stale rollups in a transaction of its own.
  const each: { plant: PlantRow; figures: Figures & { savings: Awaited<ReturnType<typeof plantSavings>> } }[] = [];
  for (const plant of plants) each.push({ plant, figures: await figuresOf(db, plant, periods) });
  const add = (pick: (f: Figures) => PeriodTotals) => sumTotals(each.map(({ figures }) => pick(figures)));
  const lastYear = (pick: (f: Figures) => number | null) => {
    const known = each.map(({ figures }) => pick(figures)).filter((v): v is number => v !== null);
    return known.length ? known.reduce((a, b) => a + b, 0) : null;
  };
  const capacities = plants.map((p) => p.capacity_kwp).filter((c): c is number => c !== null);
  const summed = {
    today: add((f) => f.today), month: add((f) => f.month), year: add((f) => f.year),
    lifetime: { energy_wh: round1(each.reduce((a, { figures }) => a + figures.lifetime.energy_wh, 0)) },
    lastYearToDateWh: lastYear((f) => f.lastYearToDateWh), lastYearMonthWh: lastYear((f) => f.lastYearMonthWh),
  };
  const byPlant = each.map(({ figures }) => figures.savings);
  const periodsOf = (key: 'today' | 'month' | 'year' | 'lifetime') => addSavings(byPlant.map((s) => s[key]));
  const savings = { today: periodsOf('today'), month: periodsOf('month'), year: periodsOf('year'), lifetime: periodsOf('lifetime') };
  return {
    project: projectId,
    plants: plants.map((p) => p.id),
    ...kpis(periods, summed, capacities.length ? round2(capacities.reduce((a, b) => a + b, 0)) : null, co2Factor),
    savings: { currency: 'CLP', today: savings.today.total, total: savings.lifetime.total, metered: each.some(({ figures }) => figures.metered), periods: savings },
  };
}
