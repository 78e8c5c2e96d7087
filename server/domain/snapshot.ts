/**
 * The live summary of a plant: its last readings (summed over the inverters), today's, this month's,
 * this year's and lifetime energy (measurements/figures.ts), self-consumption and autarky of today
 * (from energies, not from a netted instant power), specific yield, this month against the same month
 * last year, CO2 avoided and money saved (net billing: savings.ts); and a project's totals over its
 * plants. "Today", "this month" and "this year" are the plant's local ones (settings.time_zone),
 * whatever the caller's zone.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { powerPlants } from '../db/schema.js';
import type { PeriodTotals, ProjectSnapshot, Reading, Snapshot } from '../../contract/measurements.js';
import { plantFigures, type Figures } from '../measurements/figures.js';
import { ONLINE_WINDOW_MS } from '../measurements/latest.js';
import { sumTotals } from '../measurements/queries.js';
import { withCurrentRollups } from '../measurements/rollups.js';
import { EVERY_INSTANT, keptAnswer } from '../measurements/read-cache.js';
import { isoInZone, localPeriods, type LocalPeriods } from '../measurements/time.js';
import { readSettings } from '../core/settings.js';
import { addSavings, changePct, plantSavings, pricedPlantColumns, specificYield, type PricedPlant } from './savings.js';

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
    const figures = await plantFigures(db, plant.id, periods);
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
