/**
 * The arithmetic of savings as the bill shows them (the bill without solar less the bill with it, at a
 * plant's own flat prices here; distributors' tariffs in billing.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { addSavings, changePct, savingsOfBill, specificYield, subtractSavings } from '../../../server/domain/savings.js';
import { flatPricing, monthBill, monthEnergies } from '../../../server/domain/billing/bill.js';

// A plant billed at its own flat prices (VAT included, no fixed charge): what every plant was before
// distributors' tariffs (docs/billing.md), its savings the old self-consumed x tariff + exported x injection price.
const month = (energy_kwh: number, export_kwh: number, import_kwh: number, tariff: number, injection: number) =>
  savingsOfBill(monthBill(monthEnergies('2025-03', { energy_wh: energy_kwh * 1000, export_wh: export_kwh * 1000, import_wh: import_kwh * 1000 }), flatPricing(tariff, injection))!);

describe('savings: the bill without solar less the bill with it', () => {
  it('values the self-consumed part at the tariff and the exported part at the injection price', () => {
    // The house: 69.8 kWh produced, 15 kWh used on site, 54.8 kWh exported; tariff 165, injection 80;
    // 200 kWh bought. Without solar 215 x 165 = 35,475; with it 200 x 165 − 54.8 x 80 = 33,000 − 4,384 = 28,616.
    const s = month(69.8, 54.8, 200, 165, 80);
    expect(s).toEqual({ self_consumed_wh: 15_000, exported_wh: 54_800, self_consumption: 2475, export_income: 4384, total: 6859 });
    // Not 69.8 x 165 = 11,517 as if everything had been used on site.
    expect(s.total).toBeLessThan(Math.round(69.8 * 165));
  });

  it('never counts a negative self-consumption (a battery exporting more than was produced)', () => {
    expect(month(1, 1.5, 10, 100, 50)).toEqual({ self_consumed_wh: 0, exported_wh: 1500, self_consumption: 0, export_income: 75, total: 75 });
  });

  it('counts only the credit the bill could use: the rest is carried (the remanente), not saved yet', () => {
    // 10 kWh bought x 100 = 1,000 of charges; 30 kWh injected x 50 = 1,500 of credit: 1,000 used, 500 carried.
    const bill = monthBill(monthEnergies('2025-01', { energy_wh: 40_000, export_wh: 30_000, import_wh: 10_000 }), flatPricing(100, 50))!;
    expect(bill.with_solar).toMatchObject({ charges: 1000, credit: 1000, total: 0 });
    expect(bill.remanente.left).toBe(500);
    expect(savingsOfBill(bill)).toMatchObject({ self_consumption: 1000, export_income: 1000, total: 2000 });
  });

  it('makes the rounded parts add up to the total', () => {
    const s = month(1.005, 0.003, 5, 150, 75);
    expect(s.self_consumption + s.export_income).toBe(s.total);
  });

  it('adds the splits of plants with different prices, and tells a day from the month before it', () => {
    const a = month(10, 4, 20, 200, 100);
    const b = month(5, 0, 20, 150, 75);
    expect(addSavings([a, b])).toEqual({ self_consumed_wh: 11_000, exported_wh: 4000, self_consumption: 1950, export_income: 400, total: 2350 });
    expect(addSavings([])).toMatchObject({ total: 0 });
    expect(subtractSavings(a, b)).toEqual({ self_consumed_wh: 1000, exported_wh: 4000, self_consumption: 450, export_income: 400, total: 850 });
  });
});

describe('specific yield and the comparison with last year', () => {
  it('gives kWh per kWp, or null without a capacity', () => {
    expect(specificYield(43_600, 10.9)).toBe(4);
    expect(specificYield(43_600, null)).toBeNull();
    expect(specificYield(43_600, 0)).toBeNull();
  });

  it('gives the change in %, or null when last year had nothing', () => {
    expect(changePct(120, 100)).toBe(20);
    expect(changePct(90, 120)).toBe(-25);
    expect(changePct(90, 0)).toBeNull();
    expect(changePct(90, null)).toBeNull();
  });
});
