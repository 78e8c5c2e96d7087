/**
 * Net billing over HTTP (docs/billing.md): staff keep distributors, tariffs and injection prices, by
 * hand and by CSV (all rows or none, the bad ones named by line and column); a plant's bills of a year
 * and its remanente ledger; a plant with no distributor keeps the savings it had (its own prices);
 * the savings KPI is the bills' figure; the real bills a customer enters, beside the portal's and
 * flagged with likely causes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { distributors, injectionPrices, plantEnergy, powerPlants, tariffs } from '../../../server/db/schema.js';
import { createTestContext, multipart, PDF_MIN, type TestContext } from '../../../testing/harness.js';
import { plantTree } from '../../../testing/fixtures.js';
import { isoInZone } from '../../../server/measurements/time.js';

let ctx: TestContext;
let staff: string;
let customer: Awaited<ReturnType<TestContext['userWithToken']>>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  customer = await ctx.userWithToken();
});
afterAll(() => ctx?.close());

const req = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.request(token, { method, url: `/api${url}`, ...(payload && { payload }) });
const db = () => ctx.database.db;
const rowsOf = async (table: typeof tariffs | typeof injectionPrices) => (await db().select({ n: count() }).from(table))[0].n;

/** A month's energies straight into the plant's monthly rollup (kWh). */
async function month(plant: number, ym: string, kwh: { produced: number; exported: number; bought: number }) {
  await db().insert(plantEnergy).values({
    plant, period: 'month', bucket: `${ym}-01 00:00:00`,
    energy_wh: kwh.produced * 1000, export_wh: kwh.exported * 1000, import_wh: kwh.bought * 1000, consumption_wh: (kwh.produced - kwh.exported + kwh.bought) * 1000,
  });
}

const TARIFF_CSV = [
  'distributor,option,valid_from,valid_to,fixed_charge,energy_charge,transmission_charge,public_service_charge,winter_charge,winter_threshold_kwh,winter_from_month,winter_to_month,source',
  'Distribuidora Prueba,BT1a,2025-01-01,,1000,145.5,21.3,0.9,250,350,4,9,pliego de prueba',
].join('\n');

describe('distributors, tariffs and injection prices', () => {
  it('defaults are seeded once, each naming the document to check it against', async () => {
    const seeded = await db().select().from(tariffs);
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((t) => t.source.includes('POR VERIFICAR'))).toBe(true);
  });

  it('staff write them, anyone signed in reads them; bad periods are a 400 naming the field', async () => {
    const created = await req(staff, 'POST', '/distributor/create', { name: 'Distribuidora Prueba' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await req(customer.token, 'POST', '/distributor/create', { name: 'Otra' })).statusCode).toBe(403);
    expect((await req(staff, 'POST', '/distributor/create', { name: 'distribuidora prueba' })).statusCode).toBe(400);

    const bad = await req(staff, 'POST', '/tariff/create', { distributor: id, option: 'BT1a', valid_from: '2025-06-01', valid_to: '2025-05-31', energy_charge: 100, winter_charge: 200 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      valid_to: ['El fin de vigencia es anterior a su inicio.'],
      winter_charge: ['El recargo de invierno necesita su cargo, su umbral en kWh y sus meses de inicio y fin.'],
    });
    expect((await req(staff, 'POST', '/tariff/create', { distributor: id, option: 'BT9', valid_from: '2025-06-01' })).statusCode).toBe(400);
    const price = await req(staff, 'POST', '/injection-price/create', { distributor: id, month: '2025-01-01', price: 95, source: 'prueba' });
    expect(price.statusCode, price.body).toBe(201);
    const list = await req(customer.token, 'GET', `/injection-price-all/${id}`);
    expect(list.json()).toMatchObject([{ distributor: id, distributor_name: 'Distribuidora Prueba', month: '2025-01-01', price: 95 }]);
  });

  it('imports a CSV of tariffs: new rows created, the same start replaced', async () => {
    const first = await req(staff, 'POST', '/tariff/import', { csv: TARIFF_CSV });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 1, updated: 0 });
    expect((await req(staff, 'POST', '/tariff/import', { csv: TARIFF_CSV })).json()).toEqual({ created: 0, updated: 1 });
    // A spreadsheet in Spanish: semicolons and decimal commas.
    const semicolons = 'distributor;month;price;source\nDistribuidora Prueba;2025-04;101,5;prueba';
    expect((await req(staff, 'POST', '/injection-price/import', { csv: semicolons })).json()).toEqual({ created: 1, updated: 0 });
    const [april] = await db().select().from(injectionPrices).where(eq(injectionPrices.month, '2025-04-01'));
    expect(april.price).toBe(101.5);
  });

  it('refuses a CSV with a bad row, naming its line and column, and imports none of it', async () => {
    const before = await rowsOf(tariffs);
    const csv = [
      'distributor,option,valid_from,energy_charge,winter_charge',
      'Distribuidora Prueba,BT2,2025-07-01,120,',
      'Distribuidora Prueba,BT1a,2025-07-01,abc,',
      'Distribuidora Prueba,BT7,2025-13-01,120,200',
    ].join('\n');
    const res = await req(staff, 'POST', '/tariff/import', { csv });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      energy_charge: ['Línea 3: «abc» no es un número entre 0 y 1000000000.'],
      option: ['Línea 4: «BT7» no es una opción tarifaria (BT1a, BT1b, BT2, BT3, BT4.1, BT4.2, BT4.3, TRBT2, TRBT3, TRBT4).'],
      valid_from: ['Línea 4: «2025-13-01» no es una fecha AAAA-MM-DD.'],
      winter_charge: ['Línea 4: el recargo de invierno necesita winter_charge, winter_threshold_kwh, winter_from_month y winter_to_month.'],
    });
    const unknown = await req(staff, 'POST', '/tariff/import', { csv: 'distributor,option,valid_from,energy_charge\nNadie,BT1a,2025-01-01,100' });
    expect(unknown.json()).toEqual({ distributor: ['Línea 2: no existe la distribuidora «Nadie».'] });
    expect((await req(staff, 'POST', '/tariff/import', { csv: 'distributor,opcion\nx,y' })).json().csv[0]).toMatch(/^Columnas desconocidas: opcion/);
    expect((await req(customer.token, 'POST', '/tariff/import', { csv: TARIFF_CSV })).statusCode).toBe(403);
    expect(await rowsOf(tariffs)).toBe(before);
  });
});

describe("a plant's bills", () => {
  it("a BT1a home's month from the distributor's sheet, without PV and with it, VAT included", async () => {
    const tree = await plantTree(db(), { user: customer.user.id });
    const [d] = await db().select().from(distributors).where(eq(distributors.name, 'Distribuidora Prueba'));
    const half = await req(staff, 'PUT', `/power-plant/update/${tree.plant}`, { distributor: d.id });
    expect(half.json()).toEqual({ tariff_option: ['Elige la opción tarifaria del suministro en esta distribuidora.'] });
    const set = await req(staff, 'PUT', `/power-plant/update/${tree.plant}`, { distributor: d.id, tariff_option: 'BT1a', client_number: '1234567-8' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ distributor: d.id, tariff_option: 'BT1a', client_number: '1234567-8' });
    // 310 kWh produced, 180 injected (130 used on site), 220 bought.
    await month(tree.plant, '2025-03', { produced: 310, exported: 180, bought: 220 });
    const res = await req(customer.token, 'GET', `/power-plant/${tree.plant}/bills?year=2025`);
    expect(res.statusCode, res.body).toBe(200);
    const [march] = res.json().months;
    // The sheet: 1,000 a month, 145.5 + 21.3 + 0.9 a kWh; injection 95 (January's, the latest before March).
    // Without PV 1,000 + 50,925 + 7,455 + 315 = 59,695 + VAT 11,342 = 71,037.
    // With PV 1,000 + 32,010 + 4,686 + 198 = 37,894 − 180 x 95 = 17,100 -> 20,794 + VAT 3,951 = 24,745.
    expect(march).toMatchObject({
      month: '2025-03', injection_price: 95, vat_included: false,
      without_solar: { charges: 59_695, vat: 11_342, total: 71_037 },
      with_solar: { charges: 37_894, credit: 17_100, net: 20_794, vat: 3951, total: 24_745 },
      savings: 46_292,
    });
    expect(res.json()).toMatchObject({ plant: tree.plant, year: '2025', priced_by: 'distributor', savings: 46_292 });
    const other = await plantTree(db());
    expect((await req(customer.token, 'GET', `/power-plant/${other.plant}/bills?year=2025`)).statusCode).toBe(404);
    expect((await req(customer.token, 'GET', `/power-plant/${tree.plant}/bills?year=25`)).statusCode).toBe(400);
  });

  it('a plant with no distributor keeps the savings it had at its own prices, and the KPI shows the bills', async () => {
    // Before issue 38 every plant's savings were self-consumed kWh x tariff + exported kWh x injection price;
    // the migration names no distributor, so its bills are at those prices, VAT included, and come to the same.
    const tree = await plantTree(db(), { user: customer.user.id, tariff: 200 });
    await db().update(powerPlants).set({ injection_price: 80 }).where(eq(powerPlants.id, tree.plant));
    await month(tree.plant, '2025-02', { produced: 300, exported: 100, bought: 150 });
    const now = isoInZone(new Date(), 'America/Santiago').slice(0, 7);
    await month(tree.plant, now, { produced: 40, exported: 10, bought: 100 });
    const bills = (await req(customer.token, 'GET', `/power-plant/${tree.plant}/bills?year=2025`)).json();
    expect(bills.priced_by).toBe('own');
    // 200 kWh used on site x 200 + 100 exported x 80 = 48,000.
    expect(bills.months[0]).toMatchObject({ month: '2025-02', savings: 200 * 200 + 100 * 80, with_solar: { vat: 0 } });
    // This month so far: 30 x 200 + 10 x 80 = 6,800, on the monitoring page as in the bills.
    const snapshot = (await req(customer.token, 'GET', `/v2/last/measurement/all/data/${tree.plant}`)).json();
    expect(snapshot.savings.periods.month).toMatchObject({ self_consumption: 6000, export_income: 800, total: 6800 });
    expect(snapshot.savings.total).toBe(48_000 + 6800);
    // The snapshot is kept while its readings stand still; new prices are heard at once (the
    // tables' change feed), by this process and the others.
    expect((await req(staff, 'PUT', `/power-plant/update/${tree.plant}`, { tariff: 250 })).statusCode).toBe(200);
    const repriced = (await req(customer.token, 'GET', `/v2/last/measurement/all/data/${tree.plant}`)).json();
    expect(repriced.savings.periods.month).toMatchObject({ self_consumption: 30 * 250, total: 30 * 250 + 800 });
  });

  it('the remanente ledger, with the credit a plant of the same project assigns to another', async () => {
    const tree = await plantTree(db(), { user: customer.user.id });
    const [d] = await db().select().from(distributors).where(eq(distributors.name, 'Distribuidora Prueba'));
    const [second] = await db().insert(powerPlants).values({ project: tree.project, name: 'Bodega', distributor: d.id, tariff_option: 'BT1a' }).returning();
    await db().update(powerPlants).set({ distributor: d.id, tariff_option: 'BT1a' }).where(eq(powerPlants.id, tree.plant));
    // January: 20 kWh bought (1,000 + 20 x 167.7 = 4,354 of charges), 400 injected x 95 = 38,000: 33,646 left.
    await month(tree.plant, '2025-01', { produced: 500, exported: 400, bought: 20 });
    await month(second.id, '2025-02', { produced: 0, exported: 0, bought: 300 });
    const other = await plantTree(db());
    const refused = await req(staff, 'POST', '/remanente-assignment/create', { from_plant: tree.plant, to_plant: other.plant, from_month: '2025-01-01' });
    expect(refused.json()).toEqual({ to_plant: ['El remanente solo se asigna a otra central del mismo proyecto (el mismo cliente).'] });
    expect((await req(customer.token, 'POST', '/remanente-assignment/create', { from_plant: tree.plant, to_plant: second.id, from_month: '2025-01-01' })).statusCode).toBe(403);
    const assigned = await req(staff, 'POST', '/remanente-assignment/create', { from_plant: tree.plant, to_plant: second.id, from_month: '2025-01-01' });
    expect(assigned.statusCode, assigned.body).toBe(201);

    const ledger = (await req(customer.token, 'GET', `/power-plant/${tree.plant}/remanente`)).json();
    expect(ledger.months).toEqual([{ month: '2025-01', injection_price: 95, carried_in: 0, assigned_in: 0, earned: 38_000, used: 4354, left: 33_646, assigned_to: second.id }]);
    // February at the receiving plant: 1,000 + 300 x 167.7 = 51,310 of charges, 33,646 of them covered: 17,664 + VAT 3,356.
    const received = (await req(customer.token, 'GET', `/power-plant/${second.id}/bills?year=2025`)).json().months[0];
    expect(received).toMatchObject({ month: '2025-02', remanente: { assigned_in: 33_646 }, with_solar: { charges: 51_310, credit: 33_646, net: 17_664, vat: 3356 } });
  });
});

describe('checking against the real bill', () => {
  it("the customer enters a month's bill with its PDF; a mismatch is flagged with its likely cause", async () => {
    const tree = await plantTree(db(), { user: customer.user.id });
    const [d] = await db().select().from(distributors).where(eq(distributors.name, 'Distribuidora Prueba'));
    await db().update(powerPlants).set({ distributor: d.id, tariff_option: 'BT1a' }).where(eq(powerPlants.id, tree.plant));
    // March as in the worked month above: 220 kWh bought, 180 injected, 24,745 with PV.
    await month(tree.plant, '2025-03', { produced: 310, exported: 180, bought: 220 });
    // April: the inverters missed days, the portal has less of both energies than the meter.
    await month(tree.plant, '2025-04', { produced: 200, exported: 100, bought: 150 });
    const enter = (token: string, fields: Record<string, string | number | { filename: string; data: Buffer; type?: string }>) =>
      ctx.request(token, { method: 'POST', url: '/api/real-bill/create', ...multipart(fields) });

    // The bill as the portal works it out, to the peso: nothing flagged.
    const march = await enter(customer.token, { plant: tree.plant, month: '2025-03-01', bought_kwh: 221, injected_kwh: 180, amount: 24_745, attachment: { filename: 'boleta.pdf', data: PDF_MIN, type: 'application/pdf' } });
    expect(march.statusCode, march.body).toBe(201);
    expect(march.json().attachment).toMatch(/^\/media\/private\/.+\?/);
    // Same energies, another amount: a different tariff.
    expect((await enter(customer.token, { plant: tree.plant, month: '2025-04-01', bought_kwh: 200, injected_kwh: 130, amount: 30_000 })).statusCode).toBe(201);
    // A month the portal has no energy for.
    expect((await enter(staff, { plant: tree.plant, month: '2025-05-01', bought_kwh: 100, injected_kwh: 50, amount: 20_000 })).statusCode).toBe(201);

    const res = await req(customer.token, 'GET', `/power-plant/${tree.plant}/reconciliation?year=2025`);
    expect(res.statusCode, res.body).toBe(200);
    const [m3, m4, m5] = res.json().months;
    expect(res.json().threshold_pct).toBe(5);
    expect(m3).toMatchObject({ month: '2025-03', portal: { bought_kwh: 220, injected_kwh: 180, amount: 24_745 }, difference: { bought_kwh: -1, amount: 0 }, flagged: false, causes: [] });
    expect(m4).toMatchObject({ month: '2025-04', portal: { bought_kwh: 150, injected_kwh: 100 }, difference: { bought_kwh: -50, injected_kwh: -30 }, flagged: true, causes: ['data_gap'] });
    expect(m5).toMatchObject({ month: '2025-05', portal: null, difference: null, flagged: true, causes: ['data_gap'] });

    // April's energies corrected to the meter's: the amount alone differs now, a different tariff.
    await db().update(plantEnergy).set({ import_wh: 200_000, export_wh: 130_000, energy_wh: 230_000 }).where(eq(plantEnergy.bucket, '2025-04-01 00:00:00'));
    const tariff = (await req(customer.token, 'GET', `/power-plant/${tree.plant}/reconciliation?year=2025`)).json().months[1];
    expect(tariff).toMatchObject({ flagged: true, causes: ['tariff'] });
    // More injected than the meter read, less bought: the meter and the inverters disagree.
    await db().update(plantEnergy).set({ import_wh: 150_000, export_wh: 160_000, energy_wh: 230_000 }).where(eq(plantEnergy.bucket, '2025-04-01 00:00:00'));
    const meter = (await req(customer.token, 'GET', `/power-plant/${tree.plant}/reconciliation?year=2025`)).json().months[1];
    expect(meter).toMatchObject({ flagged: true, causes: ['meter'] });
  });

  it('a customer enters and reads the bills of their plants only; bad input is a 400 naming the field', async () => {
    const mine = await plantTree(db(), { user: customer.user.id });
    const other = await plantTree(db());
    const enter = (token: string, fields: Record<string, string | number>) => ctx.request(token, { method: 'POST', url: '/api/real-bill/create', ...multipart(fields) });
    const foreign = await enter(customer.token, { plant: other.plant, month: '2025-03-01', bought_kwh: 1, injected_kwh: 1, amount: 1 });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json())).toEqual(['plant']);
    const theirs = await enter(staff, { plant: other.plant, month: '2025-03-01', bought_kwh: 1, injected_kwh: 1, amount: 1 });
    expect(theirs.statusCode).toBe(201);
    expect((await req(customer.token, 'GET', `/real-bill/${theirs.json().id}`)).statusCode).toBe(404);
    expect((await req(customer.token, 'DELETE', `/real-bill/deleted/${theirs.json().id}`)).statusCode).toBe(404);
    expect((await req(customer.token, 'GET', `/real-bill-all/${other.plant}`)).statusCode).toBe(404);
    expect((await req(customer.token, 'GET', `/power-plant/${other.plant}/reconciliation?year=2025`)).statusCode).toBe(404);

    const bad = await enter(customer.token, { plant: mine.plant, month: '2025-03-15', bought_kwh: -3, injected_kwh: 1, amount: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['bought_kwh', 'month']);
    expect((await enter(customer.token, { plant: mine.plant, month: '2025-03-01', bought_kwh: 1, injected_kwh: 1, amount: 1 })).statusCode).toBe(201);
    const twice = await enter(customer.token, { plant: mine.plant, month: '2025-03-01', bought_kwh: 2, injected_kwh: 1, amount: 1 });
    expect(twice.json()).toEqual({ non_field_errors: ['Ya ingresaste la boleta de ese mes para esta central.'] });
    const listed = await req(customer.token, 'GET', `/real-bill-all/${mine.plant}`);
    expect(listed.json()).toEqual([expect.objectContaining({ plant: mine.plant, month: '2025-03-01', amount: 1, attachment: null })]);
  });
});
