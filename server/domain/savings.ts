/**
 * What a plant's energy is worth. Savings are what the electricity
 * bill shows: the bill without solar less the bill with it (net billing, domain/billing/bill.ts and
 * docs/billing.md), split into the charges the self-consumed energy avoided and the injection credit
 * used. Pure arithmetic, unit-tested in tests/server/domain/savings.test.ts and billing.test.ts.
 */
import type { Db } from '../db/client.js';
import { kwhPrice, monthBill, monthEnergies, VAT_RATE, type MonthBill } from './billing/bill.js';
import { plantBills, type PricedPlant } from './billing/reads.js';

// The plant fields its savings need, for the plant's summary (domain/snapshot.ts).
export { pricedPlantColumns, type PricedPlant } from './billing/reads.js';

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** The value of a period's production, split: the charges it avoided on the bill, and the credit its injections paid. */
export interface SavingsSplit {
  /** Produced and used on site (produced − exported, never below 0), Wh. */
  self_consumed_wh: number;
  /** Sold to the grid, Wh. */
  exported_wh: number;
  /** The bill's charges (VAT as the bill applies it) the self-consumed energy avoided, whole CLP. */
  self_consumption: number;
  /** The injection credit the bill used (this period's injections and the remanente carried in), whole CLP. */
  export_income: number;
  /** The two together: the bill without solar less the bill with it. */
  total: number;
}

/** The savings of a month's bills (domain/billing/bill.ts), split. */
export function savingsOfBill(bill: MonthBill): SavingsSplit {
  const { with_solar: withSolar } = bill;
  const grossWith = withSolar.charges + (bill.vat_included ? 0 : Math.round(withSolar.charges * VAT_RATE));
  const selfConsumption = bill.without_solar.total - grossWith;
  return {
    self_consumed_wh: round1(bill.energies.self_consumed_kwh * 1000), exported_wh: round1(bill.energies.injected_kwh * 1000),
    self_consumption: selfConsumption, export_income: bill.savings - selfConsumption, total: bill.savings,
  };
}

/** What `a` has more than `b` (a month so far less the same month before today: today's part). */
export function subtractSavings(a: SavingsSplit, b: SavingsSplit): SavingsSplit {
  return {
    self_consumed_wh: round1(a.self_consumed_wh - b.self_consumed_wh), exported_wh: round1(a.exported_wh - b.exported_wh),
    self_consumption: a.self_consumption - b.self_consumption, export_income: a.export_income - b.export_income, total: a.total - b.total,
  };
}

type Energies = { energy_wh: number; import_wh: number; export_wh: number };

/**
 * A plant's savings today, this month so far, this year and since its first recorded month, from its
 * bills: this month's with the energies so far (`month`), today's the difference with the same month
 * before today, the year's and the lifetime's the sum of their months. Also this month's prices: a kWh
 * bought (VAT as billed) and a kWh injected.
 */
export async function plantSavings(db: Db, plant: PricedPlant, periods: { month: string; year: string }, f: { today: Energies; month: Energies }) {
  const current = monthEnergies(periods.month, f.month);
  const { pricing, bills } = await plantBills(db, plant, current);
  // The current month is always priced: a plant's own prices are one open period.
  const thisMonth = bills.find((b) => b.month === periods.month)!;
  const before = monthEnergies(periods.month, {
      energy_wh: f.month.energy_wh - f.today.energy_wh, import_wh: f.month.import_wh - f.today.import_wh, export_wh: f.month.export_wh - f.today.export_wh,
    });
  const { carried_in: carriedIn, assigned_in: assignedIn } = thisMonth.remanente;
  return {
    today: subtractSavings(savingsOfBill(thisMonth), savingsOfBill(monthBill(before, pricing, carriedIn, assignedIn)!)),
    month: savingsOfBill(thisMonth),
    year: addSavings(bills.filter((b) => b.month.startsWith(`${periods.year}-`)).map(savingsOfBill)),
    lifetime: addSavings(bills.map(savingsOfBill)),
    tariff_per_kwh: round2(kwhPrice(thisMonth.prices, thisMonth.vat_included)),
    injection_price_per_kwh: thisMonth.injection_price,
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

/** kWh produced per kWp installed (specific yield), or null when the capacity is unknown. */
export const specificYield = (energy_wh: number, capacity_kwp: number | null) =>
  (capacity_kwp && capacity_kwp > 0 ? round2(energy_wh / 1000 / capacity_kwp) : null);

/** How much `current` differs from `previous`, %, or null when there is nothing to compare with. */
export const changePct = (current: number, previous: number | null) =>
  (previous !== null && previous > 0 ? round1(((current - previous) / previous) * 100) : null);
