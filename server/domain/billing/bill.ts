/**
 * The electricity bill of a plant's month, without solar and with it, under Chile's net billing
 * (LGSE art. 149 bis, Ley 20.571, Ley 21.118, DS 57 of 2019), and the credit carried from month to
 * month (the remanente). Pure arithmetic over the month's energies and the prices that applied: the
 * rules and their sources are in docs/billing.md; tests/server/domain/billing.test.ts works examples by hand.
 */

export const VAT_RATE = 0.19;

/** A tariff's prices over a period (a row of `tariffs`, or a plant's own flat prices). CLP. */
export interface TariffPeriod {
  valid_from: string;
  /** Last day it applies; null: open. */
  valid_to: string | null;
  fixed_charge: number;
  energy_charge: number;
  transmission_charge: number;
  public_service_charge: number;
  winter_charge: number | null;
  winter_threshold_kwh: number | null;
  winter_from_month: number | null;
  winter_to_month: number | null;
  demand_charge: number | null;
  peak_demand_charge: number | null;
}

/** What prices a plant: its tariff periods, its injection price of a month, whether prices include VAT, its billed demand. */
export interface PlantPricing {
  tariffs: TariffPeriod[];
  /** CLP per kWh injected in `month` (YYYY-MM), null when none is known. */
  injectionPrice: (month: string) => number | null;
  /** A plant's own flat prices are what it pays, VAT included: the bill adds none. */
  vatIncluded: boolean;
  demand_kw: number | null;
  peak_demand_kw: number | null;
}

/** A month's energies, kWh: bought from the grid, produced and used on site, injected. */
export interface MonthEnergies { month: string; bought_kwh: number; self_consumed_kwh: number; injected_kwh: number }

/** A rollup's energies (Wh) as the bill's kWh: bought, produced and used on site, injected. */
export const monthEnergies = (month: string, e: { energy_wh: number; import_wh: number; export_wh: number }): MonthEnergies => ({
  month, bought_kwh: Math.max(e.import_wh, 0) / 1000,
  self_consumed_kwh: Math.max(e.energy_wh - Math.max(e.export_wh, 0), 0) / 1000, injected_kwh: Math.max(e.export_wh, 0) / 1000,
});

/** A month's prices, each the days-weighted mean of the tariffs that applied (a change mid-month prorates by days). */
export interface MonthPrices {
  fixed_charge: number;
  energy_charge: number;
  transmission_charge: number;
  public_service_charge: number;
  winter_charge: number;
  winter_threshold_kwh: number | null;
  demand_charge: number;
  peak_demand_charge: number;
  /** The tariffs' days in the month. */
  periods: { from: string; to: string; days: number }[];
}

/** One bill: its charges (whole CLP, net of VAT unless the prices include it), the credit, VAT, total. */
export interface Bill {
  fixed: number;
  energy: number;
  transmission: number;
  public_service: number;
  winter: number;
  demand: number;
  /** The charges above, added. */
  charges: number;
  /** The injection credit discounted from the charges (this month's and the remanente). */
  credit: number;
  net: number;
  vat: number;
  total: number;
}

/** A month of the ledger. */
export interface MonthBill {
  month: string;
  energies: MonthEnergies;
  prices: MonthPrices;
  injection_price: number;
  vat_included: boolean;
  without_solar: Bill;
  with_solar: Bill;
  remanente: {
    /** Carried in from last month (adjusted) and assigned from other plants. */
    carried_in: number; assigned_in: number;
    /** This month's injections valued: injected kWh x injection price. */
    earned: number;
    /** Credit left after this bill: carried to next month (`carried_out`), or given to `assigned_to`. */
    left: number; assigned_to: number | null;
  };
  /** without_solar.total − with_solar.total. */
  savings: number;
}

const DAY = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
export const daysInMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};
export const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/**
 * The month's prices. Days no tariff covers take the latest tariff before them (else the first after):
 * a sheet not yet loaded goes on at the last known prices.
 */
export function monthPrices(month: string, tariffs: TariffPeriod[]): MonthPrices | null {
  if (!tariffs.length) return null;
  const sorted = [...tariffs].sort((a, b) => a.valid_from.localeCompare(b.valid_from));
  const first = dayNumber(`${month}-01`);
  const n = daysInMonth(month);
  const tariffOf = (day: number) => {
    const date = dateOf(day);
    const covering = sorted.filter((t) => t.valid_from <= date && (t.valid_to === null || t.valid_to >= date));
    if (covering.length) return covering[covering.length - 1];
    const before = sorted.filter((t) => t.valid_from <= date);
    return before.length ? before[before.length - 1] : sorted[0];
  };
  const periods: { tariff: TariffPeriod; from: string; to: string; days: number }[] = [];
  for (let d = first; d < first + n; d++) {
    const tariff = tariffOf(d);
    const last = periods[periods.length - 1];
    if (last && last.tariff === tariff) { last.to = dateOf(d); last.days++; } else periods.push({ tariff, from: dateOf(d), to: dateOf(d), days: 1 });
  }
  const mean = (price: (t: TariffPeriod) => number | null) => periods.reduce((acc, p) => acc + (price(p.tariff) ?? 0) * p.days, 0) / n;
  const monthNo = Number(month.slice(5, 7));
  const inWinter = (t: TariffPeriod) => t.winter_charge !== null && t.winter_from_month !== null && t.winter_to_month !== null
    && monthNo >= t.winter_from_month && monthNo <= t.winter_to_month;
  const winterTariffs = periods.filter((p) => inWinter(p.tariff));
  return {
    fixed_charge: mean((t) => t.fixed_charge),
    energy_charge: mean((t) => t.energy_charge),
    transmission_charge: mean((t) => t.transmission_charge),
    public_service_charge: mean((t) => t.public_service_charge),
    winter_charge: mean((t) => (inWinter(t) ? t.winter_charge : 0)),
    winter_threshold_kwh: winterTariffs.length ? winterTariffs[0].tariff.winter_threshold_kwh ?? 0 : null,
    demand_charge: mean((t) => t.demand_charge),
    peak_demand_charge: mean((t) => t.peak_demand_charge),
    periods: periods.map(({ from, to, days }) => ({ from, to, days })),
  };
}

/** The charges of a month that bought `kwh`, as the bill lists them (each line in whole pesos). */
function charges(kwh: number, p: MonthPrices, pricing: PlantPricing) {
  const lines = {
    fixed: Math.round(p.fixed_charge),
    energy: Math.round(kwh * p.energy_charge),
    transmission: Math.round(kwh * p.transmission_charge),
    public_service: Math.round(kwh * p.public_service_charge),
    winter: p.winter_threshold_kwh === null ? 0 : Math.round(Math.max(kwh - p.winter_threshold_kwh, 0) * p.winter_charge),
    demand: Math.round((pricing.demand_kw ?? 0) * p.demand_charge + (pricing.peak_demand_kw ?? 0) * p.peak_demand_charge),
  };
  return { ...lines, charges: lines.fixed + lines.energy + lines.transmission + lines.public_service + lines.winter + lines.demand };
}

/** A bill of `lines` less up to `available` credit: the credit covers every charge, VAT is on what is left. */
function settle(lines: ReturnType<typeof charges>, available: number, vatIncluded: boolean): Bill {
  const credit = Math.min(available, lines.charges);
  const net = lines.charges - credit;
  const vat = vatIncluded ? 0 : Math.round(net * VAT_RATE);
  return { ...lines, credit, net, vat, total: net + vat };
}

/**
 * The remanente carried into the next month: valued at that month's injection price (the credit is
 * kept as the kWh it stands for: docs/billing.md "Remanente"). Without both prices it is kept as it is.
 */
export const carryForward = (left: number, price: number | null, nextPrice: number | null) =>
  (left > 0 && price && nextPrice ? Math.round((left * nextPrice) / price) : left);

/** One month: the two bills and what is left of the credit. */
export function monthBill(energies: MonthEnergies, pricing: PlantPricing, carriedIn = 0, assignedIn = 0): MonthBill | null {
  const prices = monthPrices(energies.month, pricing.tariffs);
  if (!prices) return null;
  const injectionPrice = pricing.injectionPrice(energies.month) ?? 0;
  const withoutSolar = settle(charges(energies.bought_kwh + energies.self_consumed_kwh, prices, pricing), 0, pricing.vatIncluded);
  const earned = Math.round(energies.injected_kwh * injectionPrice);
  const available = earned + carriedIn + assignedIn;
  const withSolar = settle(charges(energies.bought_kwh, prices, pricing), available, pricing.vatIncluded);
  return {
    month: energies.month, energies, prices, injection_price: injectionPrice, vat_included: pricing.vatIncluded,
    without_solar: withoutSolar, with_solar: withSolar,
    remanente: { carried_in: carriedIn, assigned_in: assignedIn, earned, left: available - withSolar.credit, assigned_to: null },
    savings: withoutSolar.total - withSolar.total,
  };
}

/**
 * The bills of consecutive months, the remanente of each carried to the next (or, from a month
 * `assignTo` names another plant for, handed to it: its part in `assignedIn` of that plant's ledger).
 * A gap between months carries the credit across it.
 */
export function ledger(
  months: MonthEnergies[], pricing: PlantPricing,
  opts: { assignedIn?: Map<string, number>; assignTo?: (month: string) => number | null } = {},
): MonthBill[] {
  const bills: MonthBill[] = [];
  let carried = 0;
  let previous: MonthBill | null = null;
  for (const energies of [...months].sort((a, b) => a.month.localeCompare(b.month))) {
    const carriedIn = previous ? carryForward(carried, previous.injection_price, pricing.injectionPrice(energies.month)) : 0;
    const bill = monthBill(energies, pricing, carriedIn, opts.assignedIn?.get(energies.month) ?? 0);
    if (!bill) continue;
    const to = bill.remanente.left > 0 ? opts.assignTo?.(bill.month) ?? null : null;
    bill.remanente.assigned_to = to;
    carried = to === null ? bill.remanente.left : 0;
    previous = bill;
    bills.push(bill);
  }
  return bills;
}

/** What a plant's bills hand to other plants: by receiving plant, the credit arriving in each month. */
export function assignedOut(bills: MonthBill[], pricing: PlantPricing) {
  const out = new Map<number, Map<string, number>>();
  for (const b of bills) {
    if (b.remanente.assigned_to === null) continue;
    const month = nextMonth(b.month);
    const value = carryForward(b.remanente.left, b.injection_price, pricing.injectionPrice(month));
    const byMonth = out.get(b.remanente.assigned_to) ?? new Map<string, number>();
    byMonth.set(month, (byMonth.get(month) ?? 0) + value);
    out.set(b.remanente.assigned_to, byMonth);
  }
  return out;
}

/** A plant's own flat prices (no distributor): one open period at `tariff` per kWh, VAT included, no fixed charge. */
export function flatPricing(tariff: number, injectionPrice: number): PlantPricing {
  return {
    tariffs: [{
      valid_from: '1900-01-01', valid_to: null, fixed_charge: 0, energy_charge: tariff, transmission_charge: 0, public_service_charge: 0,
      winter_charge: null, winter_threshold_kwh: null, winter_from_month: null, winter_to_month: null, demand_charge: null, peak_demand_charge: null,
    }],
    injectionPrice: () => injectionPrice,
    vatIncluded: true, demand_kw: null, peak_demand_kw: null,
  };
}

/** What a kWh bought costs in a month, VAT as the bill applies it (the winter charge aside). */
export const kwhPrice = (p: MonthPrices, vatIncluded: boolean) =>
  (p.energy_charge + p.transmission_charge + p.public_service_charge) * (vatIncluded ? 1 : 1 + VAT_RATE);
