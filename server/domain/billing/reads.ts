/**
 * A plant's bills read from the database: its prices (the distributor's dated tariffs of its option
 * and the monthly injection prices, or its own flat prices), its monthly energies (the plant's monthly
 * rollups) and the remanente handed between plants (remanente_assignments). The arithmetic is bill.ts.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { injectionPrices, plantEnergy, powerPlants, remanenteAssignments, tariffs } from '../../db/schema.js';
import { assignedOut, flatPricing, ledger, monthEnergies, type MonthBill, type MonthEnergies, type PlantPricing } from './bill.js';

/** The plant fields its prices depend on. */
export type PricedPlant = Pick<typeof powerPlants.$inferSelect,
  'id' | 'tariff' | 'injection_price' | 'distributor' | 'tariff_option' | 'demand_kw' | 'peak_demand_kw'>;

export const pricedPlantColumns = {
  id: powerPlants.id, tariff: powerPlants.tariff, injection_price: powerPlants.injection_price, distributor: powerPlants.distributor,
  tariff_option: powerPlants.tariff_option, demand_kw: powerPlants.demand_kw, peak_demand_kw: powerPlants.peak_demand_kw,
};

/**
 * What prices a plant. With a distributor and an option that has tariffs: those, VAT added by the
 * bill, and the distributor's injection price of each month (the latest published before a month
 * without one; the plant's own while the distributor has none). Otherwise the plant's own flat prices.
 */
export async function plantPricing(db: Db, plant: PricedPlant): Promise<PlantPricing> {
  const own = flatPricing(plant.tariff, plant.injection_price);
  if (plant.distributor === null || !plant.tariff_option) return own;
  const [periods, prices] = await Promise.all([
    db.select().from(tariffs).where(and(eq(tariffs.distributor, plant.distributor), eq(tariffs.option, plant.tariff_option))).orderBy(asc(tariffs.valid_from)),
    db.select({ month: injectionPrices.month, price: injectionPrices.price }).from(injectionPrices)
      .where(eq(injectionPrices.distributor, plant.distributor)).orderBy(asc(injectionPrices.month)),
  ]);
  if (!periods.length) return own;
  const byMonth = prices.map((p) => ({ month: p.month.slice(0, 7), price: p.price }));
  return {
    tariffs: periods,
    injectionPrice: (month) => {
      const known = byMonth.filter((p) => p.month <= month);
      return known.length ? known[known.length - 1].price : byMonth.length ? byMonth[0].price : plant.injection_price;
    },
    vatIncluded: false, demand_kw: plant.demand_kw, peak_demand_kw: plant.peak_demand_kw,
  };
}

/** A plant's months as its monthly rollups hold them, oldest first. */
async function recordedMonths(db: Db, plantId: number): Promise<MonthEnergies[]> {
  const months = await db.select({ bucket: plantEnergy.bucket, energy_wh: plantEnergy.energy_wh, import_wh: plantEnergy.import_wh, export_wh: plantEnergy.export_wh })
    .from(plantEnergy).where(and(eq(plantEnergy.plant, plantId), eq(plantEnergy.period, 'month'))).orderBy(asc(plantEnergy.bucket));
  return months.map((m) => monthEnergies(m.bucket.slice(0, 7), m));
}

/** From which month each plant's remanente goes to which plant: the plant's assignment of a month. */
function assignmentOf(rows: { from_month: string; to_plant: number }[]) {
  return (month: string) => {
    const active = rows.filter((r) => r.from_month.slice(0, 7) <= month);
    return active.length ? active[active.length - 1].to_plant : null;
  };
}

/** A plant's ledger: every recorded month's bills (`current` replaces or adds the month it names, e.g. this month so far). */
async function ownLedger(db: Db, plant: PricedPlant, assignedIn: Map<string, number> | undefined, current?: MonthEnergies) {
  const [pricing, months, assignments] = await Promise.all([
    plantPricing(db, plant), recordedMonths(db, plant.id),
    db.select({ from_month: remanenteAssignments.from_month, to_plant: remanenteAssignments.to_plant }).from(remanenteAssignments)
      .where(eq(remanenteAssignments.from_plant, plant.id)).orderBy(asc(remanenteAssignments.from_month)),
  ]);
  const all = current ? [...months.filter((m) => m.month !== current.month), current] : months;
  return { pricing, bills: ledger(all, pricing, { assignedIn, assignTo: assignmentOf(assignments) }) };
}

/**
 * A plant's bills month by month, with the remanente other plants assigned to it (their own ledgers
 * worked out first; a plant assigning to one that assigns further is followed one step only).
 */
export async function plantBills(db: Db, plant: PricedPlant, current?: MonthEnergies): Promise<{ pricing: PlantPricing; bills: MonthBill[] }> {
  const senders = await db.selectDistinct({ id: remanenteAssignments.from_plant }).from(remanenteAssignments).where(eq(remanenteAssignments.to_plant, plant.id));
  let assignedIn: Map<string, number> | undefined;
  if (senders.length) {
    const plants = await db.select(pricedPlantColumns).from(powerPlants).where(inArray(powerPlants.id, senders.map((s) => s.id)));
    assignedIn = new Map();
    for (const sender of plants) {
      const { pricing, bills } = await ownLedger(db, sender, undefined);
      for (const [month, value] of assignedOut(bills, pricing).get(plant.id) ?? []) assignedIn.set(month, (assignedIn.get(month) ?? 0) + value);
    }
  }
  return ownLedger(db, plant, assignedIn, current);
}

/** Plant `id`'s priced fields, or null. */
export async function pricedPlant(db: Db, id: number): Promise<PricedPlant | null> {
  const [plant] = await db.select(pricedPlantColumns).from(powerPlants).where(eq(powerPlants.id, id));
  return plant ?? null;
}

/** The months of `year` (YYYY) of a ledger. */
export const billsOfYear = (bills: MonthBill[], year: string) => bills.filter((b) => b.month.startsWith(`${year}-`));
