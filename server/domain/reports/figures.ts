/**
 * The figures of a plant's monthly report, read as the monitoring page reads them: the month's chart
 * (daily totals and their sums from the rollups, server/measurements/queries.ts `chart`, the answer
 * of GET v2/get/data/date?type=month), the same month a year earlier, the expected production of each
 * day (server/measurements/expected.ts, the month overlay's buckets), savings as the month's bills
 * show them (../billing/, ../savings.ts) and CO2 at the portal's factor.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { powerPlants, projects } from '../../db/schema.js';
import { chart, firstDay } from '../../measurements/queries.js';
import { withCurrentRollups } from '../../measurements/rollups.js';
import { dailyBuckets, expectationStart, plantModels } from '../../measurements/expected.js';
import { wallClock } from '../../measurements/time.js';
import { readSettings } from '../../core/settings.js';
import { changePct, savingsOfBill, specificYield, type SavingsSplit } from '../savings.js';
import { kwhPrice, monthEnergies } from '../billing/bill.js';
import { plantBills, pricedPlantColumns } from '../billing/reads.js';
import type { PeriodTotals } from '../../../contract/measurements.js';

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** One day of the month: what was produced (null: nothing recorded) and what was expected (null: no model). */
export interface ReportDay { date: string; energy_wh: number | null; expected_wh: number | null }

export interface MonthReport {
  plant: { id: number; name: string; project: string; capacity_kwp: number | null };
  /** YYYY-MM. */
  month: string;
  timeZone: string;
  portalName: string;
  /** The month's sums with self-consumption and autarky, as the month chart gives them. */
  totals: PeriodTotals;
  days: ReportDay[];
  /** The whole month's expectation, Wh; null when the plant cannot be modelled. */
  expected_wh: number | null;
  /** actual / expected, %; null without an expectation. */
  performance_pct: number | null;
  specific_yield: number | null;
  /** The month's bills' difference; `tariff` is a kWh bought (VAT as billed), `injection_price` a kWh injected. */
  savings: SavingsSplit & { tariff: number; injection_price: number; currency: 'CLP' };
  co2: { kg: number; factor_kg_per_kwh: number };
  /** The same month a year earlier: its production (null when nothing was recorded then) and the change, %. */
  last_year: { month: string; energy_wh: number | null; change_pct: number | null };
  /** The days of most and least production among those with readings; null when none has any. */
  best: ReportDay | null;
  worst: ReportDay | null;
}

/** The month `YYYY-MM` that precedes `month`. */
export const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

/** The local month (YYYY-MM) an instant falls in. */
export const monthOf = (now: Date, timeZone: string) => {
  const w = wallClock(timeZone, now.getTime());
  return `${w.year}-${String(w.month).padStart(2, '0')}`;
};

/** The plant's name and project, or null when it does not exist. */
async function plantFacts(db: Db, id: number) {
  const [row] = await db.select({
    ...pricedPlantColumns, name: powerPlants.name, project: projects.name, capacity_kwp: powerPlants.capacity_kwp,
  }).from(powerPlants).innerJoin(projects, eq(projects.id, powerPlants.project)).where(eq(powerPlants.id, id));
  return row ?? null;
}

/** The report's figures of plant `plantId` for `month` (YYYY-MM); null when the plant does not exist. */
export async function monthReport(db: Db, plantId: number, month: string): Promise<MonthReport | null> {
  const plant = await plantFacts(db, plantId);
  if (!plant) return null;
  const { timeZone, co2Factor, name: portalName } = await readSettings(db);
  const [year, m] = month.split('-').map(Number);
  const [current, before, models, first] = await Promise.all([
    chart(db, plantId, timeZone, 'month', { year, month: m, day: 1 }),
    chart(db, plantId, timeZone, 'month', { year: year - 1, month: m, day: 1 }),
    plantModels(db, [plantId]),
    withCurrentRollups(db, plantId, (db) => firstDay(db, plantId)),
  ]);
  const series = current.series;
  const model = models.get(plantId)!;
  const expected = await dailyBuckets(db, model, timeZone, series[0].bucket, series[series.length - 1].bucket);
  // No expectation before the plant was commissioned or first read: those days are not lost production.
  const from = expectationStart(model, first, series[0].bucket);
  const expectedOf = new Map(expected.map((e) => [e.bucket, e.energy_wh]));
  const counts = (date: string) => from !== null && date >= from;
  const days: ReportDay[] = series.map((s) => ({ date: s.bucket, energy_wh: s.energy_wh, expected_wh: counts(s.bucket) ? expectedOf.get(s.bucket) ?? null : null }));
  const counted = days.filter((d) => counts(d.date));
  const expectedWh = counted.length && counted.every((d) => d.expected_wh !== null) ? round1(counted.reduce((wh, d) => wh + d.expected_wh!, 0)) : null;
  const recorded = days.filter((d) => d.energy_wh !== null);
  const byEnergy = [...recorded].sort((a, b) => b.energy_wh! - a.energy_wh! || a.date.localeCompare(b.date));
  const lastYearWh = before.series.some((s) => s.energy_wh !== null) ? before.totals.energy_wh : null;
  const { totals } = current;
  // The month's bills, the chart's totals standing for the month (they hold what the counters add).
  const { bills } = await plantBills(db, plant, monthEnergies(month, totals));
  const bill = bills.find((b) => b.month === month)!;
  return {
    plant: { id: plant.id, name: plant.name, project: plant.project, capacity_kwp: plant.capacity_kwp },
    month, timeZone, portalName, totals, days,
    expected_wh: expectedWh,
    performance_pct: expectedWh ? round1((totals.energy_wh / expectedWh) * 100) : null,
    specific_yield: specificYield(totals.energy_wh, plant.capacity_kwp),
    savings: {
      ...savingsOfBill(bill), tariff: Math.round(kwhPrice(bill.prices, bill.vat_included) * 100) / 100, injection_price: bill.injection_price, currency: 'CLP',
    },
    co2: { kg: round2((totals.energy_wh / 1000) * co2Factor), factor_kg_per_kwh: co2Factor },
    last_year: { month: `${year - 1}-${String(m).padStart(2, '0')}`, energy_wh: lastYearWh, change_pct: changePct(totals.energy_wh, lastYearWh) },
    best: byEnergy[0] ?? null,
    worst: byEnergy.length > 1 ? byEnergy[byEnergy.length - 1] : null,
  };
}
