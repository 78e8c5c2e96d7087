/**
 * What a plant's energy is worth, and the periods its figures cover. Under Chile's net billing (LGSE
 * art. 149 bis, Ley 20.571 and Ley 21.118) a kWh used on site saves the retail tariff, while a kWh
 * exported is paid at the injection price (the regulated energy price alone, about half the tariff):
 * savings = self-consumed kWh x tariff + exported kWh x injection price. Pure arithmetic, unit-tested
 * in tests/server/domain/savings.test.ts; docs/api.md "Savings" tells where the figures come from.
 */
import { dateString, pad2, wallClock } from '../measurements/time.js';

/** A plant's prices, CLP per kWh. */
export interface Prices { tariff: number; injection_price: number }

/** The value of a period's production, split: what using it on site saved, and what exporting it earned. */
export interface SavingsSplit {
  /** Produced and used on site (produced − exported, never below 0), Wh. */
  self_consumed_wh: number;
  /** Sold to the grid, Wh. */
  exported_wh: number;
  /** self_consumed_wh x tariff, whole CLP. */
  self_consumption: number;
  /** exported_wh x injection price, whole CLP. */
  export_income: number;
  /** The two together (the sum of the rounded parts, so the split adds up). */
  total: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** The savings of a period that produced `energy_wh` and exported `export_wh` of it. */
export function savingsOf({ energy_wh, export_wh }: { energy_wh: number; export_wh: number }, prices: Prices): SavingsSplit {
  const exported = Math.max(export_wh, 0);
  const selfConsumed = Math.max(energy_wh - exported, 0);
  const selfConsumption = Math.round((selfConsumed / 1000) * prices.tariff);
  const exportIncome = Math.round((exported / 1000) * prices.injection_price);
  return {
    self_consumed_wh: round1(selfConsumed), exported_wh: round1(exported),
    self_consumption: selfConsumption, export_income: exportIncome, total: selfConsumption + exportIncome,
  };
}

/** Splits added up (a project's plants, each with its own prices). */
export function addSavings(splits: SavingsSplit[]): SavingsSplit {
  const sum = (key: keyof SavingsSplit) => splits.reduce((acc, s) => acc + s[key], 0);
  return {
    self_consumed_wh: round1(sum('self_consumed_wh')), exported_wh: round1(sum('exported_wh')),
    self_consumption: sum('self_consumption'), export_income: sum('export_income'), total: sum('total'),
  };
}

/**
 * Lifetime energies when the lifetime production (`total_wh`, the inverters' counters) exceeds what
 * was recorded: the share exported over the recorded period applied to the whole.
 */
export function lifetimeSplit(total_wh: number, recorded: { energy_wh: number; export_wh: number }) {
  const share = recorded.energy_wh > 0 ? Math.min(Math.max(recorded.export_wh, 0) / recorded.energy_wh, 1) : 0;
  return { energy_wh: total_wh, export_wh: round1(total_wh * share) };
}

/** kWh produced per kWp installed (specific yield), or null when the capacity is unknown. */
export const specificYield = (energy_wh: number, capacity_kwp: number | null) =>
  (capacity_kwp && capacity_kwp > 0 ? round2(energy_wh / 1000 / capacity_kwp) : null);

/** How much `current` differs from `previous`, %, or null when there is nothing to compare with. */
export const changePct = (current: number, previous: number | null) =>
  (previous !== null && previous > 0 ? round1(((current - previous) / previous) * 100) : null);

/**
 * The local periods an instant falls in, in a time zone: its day, month and year, and the same month
 * a year earlier up to the same day (clamped to that month's length: 29 February compares with the 28th).
 */
export function localPeriods(now: Date, timeZone: string) {
  const w = wallClock(timeZone, now.getTime());
  const lastYear = w.year - 1;
  const lastYearDays = new Date(Date.UTC(lastYear, w.month, 0)).getUTCDate();
  return {
    time_zone: timeZone,
    today: dateString(w.year, w.month, w.day),
    month: `${w.year}-${pad2(w.month)}`,
    year: String(w.year),
    last_year_month: `${lastYear}-${pad2(w.month)}`,
    /** The last day of last year's month that this month's figure so far compares with. */
    last_year_same_day: dateString(lastYear, w.month, Math.min(w.day, lastYearDays)),
  };
}
export type LocalPeriods = ReturnType<typeof localPeriods>;
