/**
 * The bill month by month under net billing (server/domain/billing/bill.ts, docs/billing.md), every
 * amount worked out by hand in the comments: a BT1a home with and without PV, VAT included; fourteen
 * months whose summer credit exceeds the bill; a tariff change mid-month; a winter month; a business
 * option with demand charges; a remanente handed to another plant.
 */
import { describe, expect, it } from 'vitest';
import { assignedOut, ledger, monthBill, monthPrices, type PlantPricing, type TariffPeriod } from '../../../server/domain/billing/bill.js';

const tariff = (t: Partial<TariffPeriod>): TariffPeriod => ({
  valid_from: '2025-01-01', valid_to: null, fixed_charge: 0, energy_charge: 0, transmission_charge: 0, public_service_charge: 0,
  winter_charge: null, winter_threshold_kwh: null, winter_from_month: null, winter_to_month: null, demand_charge: null, peak_demand_charge: null, ...t,
});
const pricing = (tariffs: TariffPeriod[], injection: (month: string) => number, demand: Partial<PlantPricing> = {}): PlantPricing => ({
  tariffs, injectionPrice: injection, vatIncluded: false, demand_kw: null, peak_demand_kw: null, ...demand,
});

// A BT1a sheet's shape (docs/billing.md, the Enel default, figures to be checked against the published sheet):
// fixed 1,000 a month; per kWh energy 145.5, transmission 21.3, public service 0.9; winter additional energy
// 250 a kWh above 350 kWh from April to September. Injection price 95 a kWh.
const BT1A = tariff({
  fixed_charge: 1000, energy_charge: 145.5, transmission_charge: 21.3, public_service_charge: 0.9,
  winter_charge: 250, winter_threshold_kwh: 350, winter_from_month: 4, winter_to_month: 9,
});
const home = pricing([BT1A], () => 95);

describe('a BT1a home', () => {
  it('a summer month, without PV and with it, VAT included', () => {
    // 350 kWh used: 220 bought, 130 made and used on site; 180 kWh injected.
    const bill = monthBill({ month: '2025-03', bought_kwh: 220, self_consumed_kwh: 130, injected_kwh: 180 }, home)!;
    // Without PV: 1,000 + 350 x 145.5 = 50,925 + 350 x 21.3 = 7,455 + 350 x 0.9 = 315 -> 59,695; VAT 19 % 11,342 -> 71,037.
    expect(bill.without_solar).toEqual({
      fixed: 1000, energy: 50_925, transmission: 7455, public_service: 315, winter: 0, demand: 0, charges: 59_695, credit: 0, net: 59_695, vat: 11_342, total: 71_037,
    });
    // With PV: 1,000 + 220 x 145.5 = 32,010 + 220 x 21.3 = 4,686 + 220 x 0.9 = 198 -> 37,894; less 180 x 95 = 17,100
    // of credit -> 20,794; VAT 3,951 -> 24,745.
    expect(bill.with_solar).toEqual({
      fixed: 1000, energy: 32_010, transmission: 4686, public_service: 198, winter: 0, demand: 0, charges: 37_894, credit: 17_100, net: 20_794, vat: 3951, total: 24_745,
    });
    expect(bill.savings).toBe(71_037 - 24_745);
    expect(bill.remanente).toEqual({ carried_in: 0, assigned_in: 0, earned: 17_100, left: 0, assigned_to: null });
  });

  it('a winter month charges the additional energy above the threshold, with and without PV', () => {
    // July: 500 kWh used (420 bought, 80 on site), 30 injected.
    const bill = monthBill({ month: '2025-07', bought_kwh: 420, self_consumed_kwh: 80, injected_kwh: 30 }, home)!;
    // Without: 72,750 + 10,650 + 450 + (500 − 350) x 250 = 37,500 + 1,000 -> 122,350; VAT 23,246.5 -> 23,247 (rounded up).
    expect(bill.without_solar).toMatchObject({ winter: 37_500, charges: 122_350, vat: 23_247, total: 145_597 });
    // With: 61,110 + 8,946 + 378 + (420 − 350) x 250 = 17,500 + 1,000 -> 88,934; less 30 x 95 = 2,850 -> 86,084; VAT 16,356.
    expect(bill.with_solar).toMatchObject({ winter: 17_500, charges: 88_934, credit: 2850, net: 86_084, vat: 16_356, total: 102_440 });
    // Not winter in March: the same kWh carry no additional charge.
    expect(monthBill({ month: '2025-03', bought_kwh: 420, self_consumed_kwh: 80, injected_kwh: 30 }, home)!.without_solar.winter).toBe(0);
  });

  it('prorates the prices by days when the tariff changes mid-month', () => {
    // November (30 days): 10 days at the old sheet, 20 at the new one.
    const old = tariff({ valid_from: '2025-01-01', valid_to: '2025-11-10', fixed_charge: 900, energy_charge: 140, transmission_charge: 21 });
    const next = tariff({ valid_from: '2025-11-11', fixed_charge: 1200, energy_charge: 155, transmission_charge: 21 });
    const prices = monthPrices('2025-11', [next, old])!;
    expect(prices.periods).toEqual([{ from: '2025-11-01', to: '2025-11-10', days: 10 }, { from: '2025-11-11', to: '2025-11-30', days: 20 }]);
    // Energy (10 x 140 + 20 x 155) / 30 = 150; fixed (10 x 900 + 20 x 1,200) / 30 = 1,100.
    expect(prices).toMatchObject({ energy_charge: 150, fixed_charge: 1100, transmission_charge: 21 });
    const bill = monthBill({ month: '2025-11', bought_kwh: 300, self_consumed_kwh: 0, injected_kwh: 0 }, pricing([old, next], () => 95))!;
    // 1,100 + 300 x 150 = 45,000 + 300 x 21 = 6,300 -> 52,400; VAT 9,956 -> 62,356.
    expect(bill.with_solar).toMatchObject({ fixed: 1100, energy: 45_000, transmission: 6300, charges: 52_400, vat: 9956, total: 62_356 });
    // A month before any sheet takes the first one; a month after the last, the last.
    expect(monthPrices('2024-06', [old, next])!.energy_charge).toBe(140);
    expect(monthPrices('2026-06', [old, next])!.energy_charge).toBe(155);
  });
});

describe('the remanente: a summer credit larger than the bill, carried and used in winter', () => {
  // Fixed 1,000, 100 a kWh; injection price 50 until March, 60 from April 2025.
  const flat = pricing([tariff({ fixed_charge: 1000, energy_charge: 100, valid_from: '2024-01-01' })], (m) => (m >= '2025-04' ? 60 : 50));
  const summer = (month: string) => ({ month, bought_kwh: 50, self_consumed_kwh: 100, injected_kwh: 300 });
  const winter = (month: string) => ({ month, bought_kwh: 400, self_consumed_kwh: 20, injected_kwh: 10 });
  const months = [
    ...['2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03'].map(summer),
    ...['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09'].map(winter),
    ...['2025-10', '2025-11'].map(summer),
  ];
  const bills = ledger(months, flat);

  it('carries the credit the bill could not use, month after month, and pays nothing meanwhile', () => {
    expect(bills).toHaveLength(14);
    // Summer: charges 1,000 + 50 x 100 = 6,000; credit 300 x 50 = 15,000; 9,000 left each month.
    expect(bills.slice(0, 6).map((b) => [b.with_solar.total, b.remanente.carried_in, b.remanente.left]))
      .toEqual([[0, 0, 9000], [0, 9000, 18_000], [0, 18_000, 27_000], [0, 27_000, 36_000], [0, 36_000, 45_000], [0, 45_000, 54_000]]);
  });

  it('values the carried credit at the next month\'s injection price, and uses it up in winter', () => {
    const [april, may, june] = bills.slice(6, 9);
    // 54,000 of credit at 50 a kWh stands for 1,080 kWh; at April's 60: 64,800.
    expect(april.remanente.carried_in).toBe(64_800);
    // April: charges 1,000 + 400 x 100 = 41,000; credit 64,800 + 10 x 60 = 65,400: 41,000 used, 24,400 left.
    expect(april.with_solar).toMatchObject({ charges: 41_000, credit: 41_000, total: 0 });
    expect(april.remanente.left).toBe(24_400);
    // May: 24,400 + 600 = 25,000 used; 16,000 to pay + VAT 3,040.
    expect(may.with_solar).toMatchObject({ credit: 25_000, net: 16_000, vat: 3040, total: 19_040 });
    expect(may.remanente.left).toBe(0);
    // June: only the month's 600: 40,400 + VAT 7,676.
    expect(june.with_solar).toMatchObject({ credit: 600, net: 40_400, vat: 7676, total: 48_076 });
    // Next summer starts again from nothing, its injections now at 60: 300 x 60 − 6,000 = 12,000 left a month.
    expect(bills[12].remanente).toMatchObject({ carried_in: 0, earned: 18_000, left: 12_000 });
    expect(bills[13].remanente).toMatchObject({ carried_in: 12_000, left: 24_000 });
  });

  it('hands the credit to another plant from the month staff assign it', () => {
    const assigning = ledger(months.slice(0, 3), flat, { assignTo: (m) => (m >= '2024-11' ? 99 : null) });
    // October's 9,000 stays; from November the 9,000 + 15,000 − 6,000 = 18,000 goes to plant 99's December, and
    // December's own 9,000 to its January.
    expect(assigning.map((b) => [b.remanente.carried_in, b.remanente.left, b.remanente.assigned_to])).toEqual([[0, 9000, null], [9000, 18_000, 99], [0, 9000, 99]]);
    const arriving = assignedOut(assigning, flat).get(99)!;
    expect([...arriving]).toEqual([['2024-12', 18_000], ['2025-01', 9000]]);
    const receiver = ledger([winter('2024-12')], flat, { assignedIn: arriving });
    // 41,000 of charges, 18,000 + 10 x 50 of credit: 22,500 to pay + VAT 4,275.
    expect(receiver[0].remanente.assigned_in).toBe(18_000);
    expect(receiver[0].with_solar).toMatchObject({ credit: 18_500, net: 22_500, vat: 4275, total: 26_775 });
  });
});

describe('a business option with demand charges (BT4.3)', () => {
  it('adds the demand and the peak-hours demand to both bills, and discounts the credit from them too', () => {
    const bt43 = tariff({ fixed_charge: 5000, energy_charge: 90, transmission_charge: 20, demand_charge: 8000, peak_demand_charge: 12_000 });
    const shop = pricing([bt43], () => 95, { demand_kw: 20, peak_demand_kw: 15 });
    const bill = monthBill({ month: '2025-02', bought_kwh: 4000, self_consumed_kwh: 2000, injected_kwh: 500 }, shop)!;
    // Demand 20 x 8,000 + 15 x 12,000 = 340,000 in both.
    // Without: 5,000 + 6,000 x 90 = 540,000 + 6,000 x 20 = 120,000 + 340,000 -> 1,005,000; VAT 190,950 -> 1,195,950.
    expect(bill.without_solar).toMatchObject({ demand: 340_000, charges: 1_005_000, vat: 190_950, total: 1_195_950 });
    // With: 5,000 + 360,000 + 80,000 + 340,000 = 785,000; less 500 x 95 = 47,500 -> 737,500; VAT 140,125 -> 877,625.
    expect(bill.with_solar).toMatchObject({ demand: 340_000, charges: 785_000, credit: 47_500, net: 737_500, vat: 140_125, total: 877_625 });
    expect(bill.savings).toBe(318_325);
  });
});
