/**
 * The arithmetic of honest savings (net billing: self-consumed kWh at the tariff, exported kWh at the
 * injection price) and of the local periods every KPI names.
 */
import { describe, expect, it } from 'vitest';
import { addSavings, changePct, lifetimeSplit, localPeriods, savingsOf, specificYield } from '../../../server/domain/savings.js';

describe('savings under net billing', () => {
  it('values the self-consumed part at the tariff and the exported part at the injection price', () => {
    // The house: 69.8 kWh produced, 15 kWh used on site, 54.8 kWh exported; tariff 165, injection 80.
    const s = savingsOf({ energy_wh: 69_800, export_wh: 54_800 }, { tariff: 165, injection_price: 80 });
    expect(s).toEqual({ self_consumed_wh: 15_000, exported_wh: 54_800, self_consumption: 2475, export_income: 4384, total: 6859 });
    // Not 69.8 x 165 = 11,517 as if everything had been used on site.
    expect(s.total).toBeLessThan(Math.round(69.8 * 165));
  });

  it('never counts a negative self-consumption (a battery exporting more than was produced)', () => {
    expect(savingsOf({ energy_wh: 1000, export_wh: 1500 }, { tariff: 100, injection_price: 50 }))
      .toEqual({ self_consumed_wh: 0, exported_wh: 1500, self_consumption: 0, export_income: 75, total: 75 });
  });

  it('makes the rounded parts add up to the total', () => {
    const s = savingsOf({ energy_wh: 1005, export_wh: 3 }, { tariff: 150, injection_price: 75 });
    expect(s.self_consumption + s.export_income).toBe(s.total);
  });

  it('adds the splits of plants with different prices', () => {
    const a = savingsOf({ energy_wh: 10_000, export_wh: 4000 }, { tariff: 200, injection_price: 100 });
    const b = savingsOf({ energy_wh: 5000, export_wh: 0 }, { tariff: 150, injection_price: 75 });
    expect(addSavings([a, b])).toEqual({ self_consumed_wh: 11_000, exported_wh: 4000, self_consumption: 1950, export_income: 400, total: 2350 });
    expect(addSavings([])).toMatchObject({ total: 0 });
  });

  it('applies the recorded export share to a lifetime counter larger than what was recorded', () => {
    expect(lifetimeSplit(100_000, { energy_wh: 10_000, export_wh: 2500 })).toEqual({ energy_wh: 100_000, export_wh: 25_000 });
    expect(lifetimeSplit(100_000, { energy_wh: 0, export_wh: 0 })).toEqual({ energy_wh: 100_000, export_wh: 0 });
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

describe('local periods', () => {
  const TZ = 'America/Santiago';

  it("takes the plant's local day, not UTC's", () => {
    // 02:30 UTC on 1 December is still 30 November in Santiago (UTC−3 in summer).
    expect(localPeriods(new Date('2026-12-01T02:30:00Z'), TZ)).toEqual({
      time_zone: TZ, today: '2026-11-30', month: '2026-11', year: '2026', last_year_month: '2025-11', last_year_same_day: '2025-11-30',
    });
    expect(localPeriods(new Date('2026-12-01T02:30:00Z'), 'UTC').today).toBe('2026-12-01');
  });

  it('crosses the year and clamps 29 February to last year\'s 28th', () => {
    expect(localPeriods(new Date('2027-01-01T04:00:00Z'), TZ)).toMatchObject({ today: '2027-01-01', month: '2027-01', year: '2027', last_year_month: '2026-01' });
    expect(localPeriods(new Date('2028-02-29T15:00:00Z'), TZ)).toMatchObject({ today: '2028-02-29', last_year_month: '2027-02', last_year_same_day: '2027-02-28' });
  });

  it('follows daylight saving time: midnight local on both sides of the change', () => {
    // Chile's clocks go back on 5 April 2026 (00:00 −03 -> 23:00 −04 of the 4th).
    expect(localPeriods(new Date('2026-04-05T03:30:00Z'), TZ).today).toBe('2026-04-04');
    expect(localPeriods(new Date('2026-04-05T04:30:00Z'), TZ).today).toBe('2026-04-05');
  });
});
