/**
 * The demo's physics (issue 33 item 10): at every simulated instant of a year of Planta Maipú (its
 * hybrid, battery and two MPPTs as the demo seeds them, server/seed/demo.ts), with the demo fault in
 * it (server/measurements/demo-fault.ts), the energy balances and each flow has its source: the
 * battery charges only from PV left over, discharges only into a deficit, and the grid covers the
 * rest. Pure: the simulator alone, no database.
 */
import { describe, expect, it } from 'vitest';
import { simulateRange, type SimulatedInverter, type SimulatedPoint } from '../../../server/measurements/solar/index.js';
import { DEMO_FAULT, demoFaultWindow } from '../../../server/measurements/demo-fault.js';
import { intervalEnergy } from '../../../server/measurements/store.js';
import { sumTotals } from '../../../server/measurements/queries.js';

const DAY_MS = 86_400_000;
// Planta Maipú: a Primo GEN24 6.0 Plus (a hybrid: the demo gives it 7.7 kWh of battery), two MPPTs of 6 × 545 Wp.
const MAIPU: SimulatedInverter = {
  id: 'maipu', latitude: -33.5167, longitude: -70.7667, elevation: 0, nominalPowerKw: 6, hasBattery: true, batteryKwh: 7.7,
  householdKwhPerDay: 1.8 * 6,
  strings: [1, 2].map((mpptIndex) => ({ mpptIndex, tilt: 25, azimuth: 0, panelCount: 6, panelWp: 545 })),
};
// A demo created on 20 March 2026: the fault runs from 16 March for a week, inside the year simulated.
const created = Date.parse('2026-03-20T15:00:00Z');
const fault = demoFaultWindow(created);
const from = Date.parse('2025-09-01T00:00:00Z');
const to = from + 365 * DAY_MS;

const charge = (p: SimulatedPoint) => Math.max(0, p.battery_power_w);
const discharge = (p: SimulatedPoint) => Math.max(0, -p.battery_power_w);
const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' });

describe('the demo simulator over a year, its fault included', () => {
  const points = [...simulateRange(MAIPU, new Date(from), new Date(to), { seed: 'demo', initialEnergyWh: 9_000_000, fault })];

  it('simulates every 5-minute instant of the year, the fault inside it', () => {
    expect(points).toHaveLength(365 * 288);
    expect(fault.from).toBeGreaterThan(from);
    expect(fault.to).toBeLessThan(to);
  });

  it('balances at every instant: production + purchase + discharge = consumption + export + charge, each flow from its source', () => {
    const wrong: string[] = [];
    for (const p of points) {
      const at = p.ts.toISOString();
      const surplus = Math.max(0, p.ac_power_w - p.consumption_w);
      const deficit = Math.max(0, p.consumption_w - p.ac_power_w);
      if (p.ac_power_w + p.grid_import_w + discharge(p) !== p.consumption_w + p.grid_export_w + charge(p)) wrong.push(`${at}: unbalanced`);
      if (charge(p) > surplus) wrong.push(`${at}: charges ${charge(p)} W from ${surplus} W left over`);
      if (discharge(p) > deficit) wrong.push(`${at}: discharges ${discharge(p)} W into a deficit of ${deficit} W`);
      // The grid covers what neither PV nor battery does, and takes what the battery does not.
      if (p.grid_import_w !== deficit - discharge(p)) wrong.push(`${at}: buys ${p.grid_import_w} W for a deficit of ${deficit - discharge(p)} W`);
      if (p.grid_export_w !== surplus - charge(p)) wrong.push(`${at}: sells ${p.grid_export_w} W of ${surplus - charge(p)} W left over`);
      if (wrong.length > 5) break;
    }
    expect(wrong).toEqual([]);
  });

  it('the fault takes MPPT 2 to 0 A in its window and only there; the counter counts what was made', () => {
    const inside = (p: SimulatedPoint) => p.ts.getTime() >= fault.from && p.ts.getTime() < fault.to;
    const mppt = (p: SimulatedPoint, n: number) => p.dc.find((d) => d.mppt === n)!;
    const faulty = points.filter(inside);
    expect(faulty).toHaveLength(DEMO_FAULT.days * 288);
    expect(faulty.every((p) => mppt(p, 2).power_w === 0 && mppt(p, 2).current_a === 0)).toBe(true);
    expect(faulty.some((p) => mppt(p, 1).power_w > 1000)).toBe(true);
    expect(points.filter((p) => !inside(p)).some((p) => mppt(p, 2).power_w > 1000)).toBe(true);
    // Each step adds its AC energy to the counter (rounded to the Wh).
    let made = 9_000_000;
    for (const p of points) {
      made += p.ac_power_w / 12;
      if (Math.abs(p.energy_total_wh - made) > 0.5) throw new Error(`${p.ts.toISOString()}: counter ${p.energy_total_wh}, made ${made}`);
    }
  });

  it("gives each day of the fault a self-sufficiency and a self-consumption that add up, from the stored energies", () => {
    const days = new Map<string, ReturnType<typeof intervalEnergy>[]>();
    points.forEach((p, i) => {
      if (p.ts.getTime() < fault.from - DAY_MS || p.ts.getTime() >= fault.to + DAY_MS) return;
      const day = local.format(p.ts);
      days.set(day, [...(days.get(day) ?? []), intervalEnergy(points[i - 1] ?? null, p)]);
    });
    const whole = [...days].filter(([, energies]) => energies.length === 288);
    expect(whole.length).toBeGreaterThanOrEqual(DEMO_FAULT.days + 1);
    for (const [day, energies] of whole) {
      const t = sumTotals(energies);
      // What the house took from the grid is what neither the panels nor the battery gave it; what the
      // panels made went to the house, the battery or the grid.
      expect(t.energy_wh + t.import_wh + t.discharge_wh, day).toBeCloseTo(t.consumption_wh + t.export_wh + t.charge_wh, 0);
      expect(t.charge_wh, day).toBeLessThanOrEqual(t.energy_wh - t.export_wh + 0.1);
      const own = t.consumption_wh - t.import_wh;
      expect(t.autarky_pct, day).toBeCloseTo(Math.min(100, (own / t.consumption_wh) * 100), 0);
      expect(t.self_consumption_pct, day).toBeCloseTo(((t.energy_wh - t.export_wh) / t.energy_wh) * 100, 0);
    }
  });
});
