/**
 * The live summary of a plant: its last readings (summed over the inverters), today's, this month's,
 * this year's and lifetime energy, self-consumption and autarky of today (from energies, not from a
 * netted instant power), CO2 avoided and money saved.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { investorEnergy, investors, plantEnergy } from '../db/schema.js';
import type { Reading, Snapshot } from '../../contract/measurements.js';
import { latestReadings, ONLINE_WINDOW_MS } from './latest.js';
import { sumTotals } from './queries.js';
import { isoInZone } from './time.js';
import { readSettings } from '../domain/settings.js';

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Sum of a field over readings, null when none of them has it. */
function sumOf(readings: Reading[], field: 'ac_power_w' | 'consumption_w' | 'grid_import_w' | 'grid_export_w' | 'battery_power_w') {
  const values = readings.map((r) => r[field]).filter((v): v is number => v !== null);
  return values.length ? round1(values.reduce((a, b) => a + b, 0)) : null;
}

export async function plantSnapshot(db: Db, plant: { id: number; tariff: number }, now = new Date()): Promise<Snapshot> {
  const { timeZone, co2Factor } = await readSettings(db);
  const latest = await latestReadings(db, timeZone, { plant: plant.id });
  const last = Math.max(...latest.map((l) => l.at?.getTime() ?? -Infinity));
  const hasData = Number.isFinite(last);
  // The plant's state is its inverters' readings of the same moment: one that stopped reporting an
  // hour ago must not add its last power to the others'.
  const current = latest.filter((l) => l.at && last - l.at.getTime() < ONLINE_WINDOW_MS).map((l) => l.reading!);
  const socs = current.map((r) => r.battery_soc).filter((v): v is number => v !== null);

  const periods = await db.select({
    period: plantEnergy.period, energy_wh: plantEnergy.energy_wh, consumption_wh: plantEnergy.consumption_wh,
    import_wh: plantEnergy.import_wh, export_wh: plantEnergy.export_wh,
  }).from(plantEnergy).where(and(eq(plantEnergy.plant, plant.id), or(...(['day', 'month', 'year'] as const).map((period) => and(
    eq(plantEnergy.period, period),
    eq(plantEnergy.bucket, sql`date_trunc(${period}, ${now.toISOString()}::timestamptz at time zone ${timeZone})`))))));
  const energyOf = (period: string) => periods.find((p) => p.period === period);
  const today = sumTotals(energyOf('day') ? [energyOf('day')!] : []);

  // Lifetime: each inverter's own counter when it has one, otherwise everything recorded for it.
  const recorded = new Map((await db.select({ investor: investorEnergy.investor, energy_wh: sql<number>`sum(${investorEnergy.energy_wh})::float8` })
    .from(investorEnergy).innerJoin(investors, eq(investors.id, investorEnergy.investor))
    .where(and(eq(investors.plant, plant.id), eq(investorEnergy.period, 'year'))).groupBy(investorEnergy.investor))
    .map((r) => [r.investor, r.energy_wh]));
  const totalWh = round1(latest.reduce((acc, l) => acc + (l.reading?.energy_total_wh ?? recorded.get(l.investor) ?? 0), 0));

  const kwh = (wh: number) => wh / 1000;
  return {
    plant: plant.id,
    timestamp: hasData ? isoInZone(new Date(last), timeZone) : null,
    online: hasData && now.getTime() - last < ONLINE_WINDOW_MS,
    power_w: sumOf(current, 'ac_power_w'),
    energy_today_wh: today.energy_wh,
    energy_month_wh: round1(energyOf('month')?.energy_wh ?? 0),
    energy_year_wh: round1(energyOf('year')?.energy_wh ?? 0),
    energy_total_wh: totalWh,
    consumption_w: sumOf(current, 'consumption_w'),
    grid_import_w: sumOf(current, 'grid_import_w'),
    grid_export_w: sumOf(current, 'grid_export_w'),
    battery_power_w: sumOf(current, 'battery_power_w'),
    battery_soc: socs.length ? round1(socs.reduce((a, b) => a + b, 0) / socs.length) : null,
    consumption_today_wh: today.consumption_wh,
    import_today_wh: today.import_wh,
    export_today_wh: today.export_wh,
    self_consumption_pct: today.self_consumption_pct,
    autarky_pct: today.autarky_pct,
    co2_avoided_kg: { today: round2(kwh(today.energy_wh) * co2Factor), total: round2(kwh(totalWh) * co2Factor), factor_kg_per_kwh: co2Factor },
    savings: { currency: 'CLP', today: Math.round(kwh(today.energy_wh) * plant.tariff), total: Math.round(kwh(totalWh) * plant.tariff), tariff_per_kwh: plant.tariff },
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
