/**
 * Net billing (issue 38, docs/billing.md): distributors, their dated tariffs by option and their
 * monthly injection prices (staff write, anyone signed in reads: they are published figures), the
 * CSV import of tariffs and prices, a plant's bills month by month and its remanente ledger, and the
 * staff's assignment of a plant's remanente to another plant of the same project.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdParams, S } from './common.js';
import { crud } from './crud.js';
import { endpoint, FieldErrors } from './http.js';

const tag = 'billing';

/** The tariff options of Chile's regulated supply (DFL 4/2006 art. 181; the options' decree), low voltage. */
export const TARIFF_OPTIONS = ['BT1a', 'BT1b', 'BT2', 'BT3', 'BT4.1', 'BT4.2', 'BT4.3', 'TRBT2', 'TRBT3', 'TRBT4'] as const;
export type TariffOption = (typeof TARIFF_OPTIONS)[number];

const DATE = { format: 'date', maxLength: 10, pattern: '^[12][0-9]{3}-', description: 'YYYY-MM-DD' } as const;
const MONTH = { pattern: '^[12]\\d{3}-(0[1-9]|1[0-2])-01$', maxLength: 10, description: "the month's first day, YYYY-MM-01" } as const;
const clp = (description: string) => Type.Number({ minimum: 0, maximum: 1e9, description });
const maybeClp = (description: string) => S.nullable(clp(description));

export const Distributor = Type.Object({ id: Type.Integer(), name: Type.String(), created_at: S.timestamp() }, { title: 'Distributor' });
export const DistributorBody = Type.Object({ name: S.nonBlank(120) });

const tariffFields = {
  option: Type.Union(TARIFF_OPTIONS.map((o) => Type.Literal(o)), { description: 'tariff option' }),
  valid_from: Type.String(DATE),
  valid_to: S.nullable(Type.String({ ...DATE, description: 'last day it applies; null: until the next one' })),
  fixed_charge: clp('cargo fijo mensual, CLP a month, net of VAT'),
  energy_charge: clp('cargo por energía, CLP per kWh, net of VAT'),
  transmission_charge: clp('cargo por uso del sistema de transmisión, CLP per kWh'),
  public_service_charge: clp('cargo por servicio público, CLP per kWh'),
  winter_charge: maybeClp('cargo por energía adicional de invierno, CLP per kWh above the threshold'),
  winter_threshold_kwh: S.nullable(Type.Number({ minimum: 0, maximum: 1e6 })),
  winter_from_month: S.nullable(Type.Integer({ minimum: 1, maximum: 12 })),
  winter_to_month: S.nullable(Type.Integer({ minimum: 1, maximum: 12 })),
  demand_charge: maybeClp('cargo por demanda, CLP per kW a month'),
  peak_demand_charge: maybeClp('cargo por demanda en horas de punta, CLP per kW a month'),
  source: Type.String({ maxLength: 500, description: 'the published document and its date' }),
};
export const Tariff = Type.Object({
  id: Type.Integer(), distributor: Type.Integer(), distributor_name: Type.String(), ...tariffFields, created_at: S.timestamp(),
}, { title: 'Tariff' });
export type Tariff = Static<typeof Tariff>;
const { option, valid_from: validFrom, ...optionalTariffFields } = tariffFields;
export const TariffBody = Type.Object({ distributor: S.id(), option, valid_from: validFrom, ...Type.Partial(Type.Object(optionalTariffFields)).properties });

export const InjectionPrice = Type.Object({
  id: Type.Integer(), distributor: Type.Integer(), distributor_name: Type.String(),
  month: Type.String({ description: 'the month\'s first day, YYYY-MM-01' }), price: Type.Number({ description: 'CLP per kWh injected, net of VAT' }),
  source: Type.String(), created_at: S.timestamp(),
}, { title: 'InjectionPrice' });
export const InjectionPriceBody = Type.Object({
  distributor: S.id(), month: Type.String(MONTH), price: clp('CLP per kWh injected, net of VAT'),
  source: Type.Optional(Type.String({ maxLength: 500 })),
});

export const RemanenteAssignment = Type.Object({
  id: Type.Integer(), from_plant: Type.Integer(), to_plant: Type.Integer(),
  from_month: Type.String({ description: 'the first month whose remanente goes to to_plant, YYYY-MM-01' }), created_at: S.timestamp(),
}, { title: 'RemanenteAssignment' });
export const RemanenteAssignmentBody = Type.Object({ from_plant: S.id(), to_plant: S.id(), from_month: Type.String(MONTH) });

/** A CSV of tariffs or injection prices (docs/billing.md "CSV"): all rows or none. */
export const CsvImportBody = Type.Object({ csv: Type.String({ minLength: 1, maxLength: 2_000_000, description: 'the file\'s text, header row first' }) });
export const CsvImportReply = Type.Object({ created: Type.Integer(), updated: Type.Integer() }, { title: 'CsvImport' });

const bill = Type.Object({
  fixed: Type.Integer(), energy: Type.Integer(), transmission: Type.Integer(), public_service: Type.Integer(), winter: Type.Integer(), demand: Type.Integer(),
  charges: Type.Integer({ description: 'the charges added, CLP' }),
  credit: Type.Integer({ description: 'injection credit discounted from the charges (this month\'s and the remanente)' }),
  net: Type.Integer(), vat: Type.Integer({ description: '19 % of net; 0 when the plant\'s own prices include it' }), total: Type.Integer(),
}, { title: 'Bill' });
const remanente = Type.Object({
  carried_in: Type.Integer({ description: 'from last month, valued at this month\'s injection price' }),
  assigned_in: Type.Integer({ description: 'given by other plants of the project' }),
  earned: Type.Integer({ description: 'this month\'s injections x injection price' }),
  left: Type.Integer({ description: 'credit not used by this bill' }),
  assigned_to: S.nullable(Type.Integer({ description: 'the plant `left` goes to; null: carried to next month' })),
});
export const MonthBill = Type.Object({
  month: Type.String({ description: 'YYYY-MM' }),
  energies: Type.Object({ bought_kwh: Type.Number(), self_consumed_kwh: Type.Number(), injected_kwh: Type.Number() }),
  prices: Type.Object({
    fixed_charge: Type.Number(), energy_charge: Type.Number(), transmission_charge: Type.Number(), public_service_charge: Type.Number(),
    winter_charge: Type.Number(), winter_threshold_kwh: S.nullable(Type.Number()), demand_charge: Type.Number(), peak_demand_charge: Type.Number(),
    periods: Type.Array(Type.Object({ from: Type.String(), to: Type.String(), days: Type.Integer() }), { description: 'the tariffs\' days: prices are their days-weighted mean' }),
  }),
  injection_price: Type.Number(),
  vat_included: Type.Boolean({ description: 'the plant\'s own flat prices (no distributor): VAT included, none added' }),
  without_solar: bill, with_solar: bill, remanente,
  savings: Type.Integer({ description: 'without_solar.total − with_solar.total, CLP' }),
}, { title: 'MonthBill' });

export const PlantBills = Type.Object({
  plant: Type.Integer(), year: Type.String(),
  priced_by: Type.Union([Type.Literal('distributor'), Type.Literal('own')], { description: "the distributor's tariffs, or the plant's own flat prices" }),
  months: Type.Array(MonthBill, { description: 'the year\'s months with recorded energy; the month under way so far' }),
  savings: Type.Integer({ description: 'the months\' savings added' }),
}, { title: 'PlantBills' });

export const RemanenteLedger = Type.Object({
  plant: Type.Integer(),
  months: Type.Array(Type.Object({ month: Type.String(), injection_price: Type.Number(), used: Type.Integer({ description: 'credit the bill used' }), ...remanente.properties })),
}, { title: 'RemanenteLedger' });

const distributor = crud({ tag, noun: 'distributor', item: Distributor, body: DistributorBody });
export const distributorApi = {
  list: distributor.list('/distributor-all/'),
  one: distributor.one('/distributor/:id'),
  create: distributor.create('/distributor/create'),
  update: distributor.update('/distributor/update/:id'),
  delete: distributor.delete('/distributor/deleted/:id'),
};

const tariff = crud({ tag, noun: 'tariff', item: Tariff, body: TariffBody });
export const tariffApi = {
  listBy: tariff.listBy('/tariff-all/:distributorId', 'distributorId'),
  one: tariff.one('/tariff/:id'),
  create: tariff.create('/tariff/create'),
  update: tariff.update('/tariff/update/:id'),
  delete: tariff.delete('/tariff/deleted/:id'),
  import: endpoint({
    method: 'POST', path: '/tariff/import', access: 'staff', tag, body: CsvImportBody,
    summary: 'Import tariffs from CSV: a row per distributor, option and valid_from (an existing one is replaced); any bad row is a 400 naming its line and field, and nothing is imported',
    reply: { 200: CsvImportReply, 400: FieldErrors },
  }),
};

const injectionPrice = crud({ tag, noun: 'injection price', item: InjectionPrice, body: InjectionPriceBody });
export const injectionPriceApi = {
  listBy: injectionPrice.listBy('/injection-price-all/:distributorId', 'distributorId'),
  one: injectionPrice.one('/injection-price/:id'),
  create: injectionPrice.create('/injection-price/create'),
  update: injectionPrice.update('/injection-price/update/:id'),
  delete: injectionPrice.delete('/injection-price/deleted/:id'),
  import: endpoint({
    method: 'POST', path: '/injection-price/import', access: 'staff', tag, body: CsvImportBody,
    summary: 'Import injection prices from CSV (distributor, month, price, source); all rows or none',
    reply: { 200: CsvImportReply, 400: FieldErrors },
  }),
};

const assignment = crud({ tag, noun: 'remanente assignment', item: RemanenteAssignment, body: RemanenteAssignmentBody, read: 'staff' });
export const remanenteAssignmentApi = {
  listBy: assignment.listBy('/remanente-assignment-all/:plantId', 'plantId'),
  create: assignment.create('/remanente-assignment/create'),
  delete: assignment.delete('/remanente-assignment/deleted/:id'),
};

export const billingApi = {
  bills: endpoint({
    method: 'GET', path: '/power-plant/:id/bills', access: 'user', tag, params: IdParams,
    querystring: Type.Object({ year: Type.String({ pattern: '^[12]\\d{3}$', maxLength: 4, description: 'YYYY' }) }),
    summary: "A plant's bills of a year, month by month: without solar and with it, the credit, VAT, the remanente and the savings",
    reply: { 200: PlantBills },
  }),
  remanente: endpoint({
    method: 'GET', path: '/power-plant/:id/remanente', access: 'user', tag, params: IdParams,
    summary: "A plant's remanente ledger: each month's credit carried in, earned, used, left and where it went",
    reply: { 200: RemanenteLedger },
  }),
};

/** A plant's real bill of a month (docs/billing.md "Checking against the real bill"): its customer or staff enter it. */
export const RealBill = Type.Object({
  id: Type.Integer(), plant: Type.Integer(), month: Type.String({ description: "the month's first day, YYYY-MM-01" }),
  bought_kwh: Type.Number(), injected_kwh: Type.Number(), amount: Type.Integer({ description: 'the bill\'s total, CLP, VAT included' }),
  attachment: S.nullable(Type.String({ description: 'a link to the photo or PDF of the bill for the caller, valid for about an hour' })),
  created_at: S.timestamp(),
}, { title: 'RealBill' });
export const RealBillBody = Type.Object({
  plant: S.id(), month: Type.String(MONTH),
  bought_kwh: Type.Number({ minimum: 0, maximum: 1e7, description: 'kWh bought, as the bill reads' }),
  injected_kwh: Type.Number({ minimum: 0, maximum: 1e7, description: 'kWh injected, as the bill reads' }),
  amount: Type.Integer({ minimum: 0, maximum: 1e9, description: "the bill's total, CLP, VAT included" }),
  attachment: Type.Optional(S.file()),
}, { description: 'attachment: a photo (PNG, JPEG, GIF, WebP) or a PDF of the bill' });

const realBill = crud({ tag, noun: 'real bill', item: RealBill, body: RealBillBody, write: 'user', multipart: true });
export const realBillApi = {
  listBy: realBill.listBy('/real-bill-all/:plantId', 'plantId'),
  one: realBill.one('/real-bill/:id'),
  create: realBill.create('/real-bill/create'),
  update: realBill.update('/real-bill/update/:id'),
  delete: realBill.delete('/real-bill/deleted/:id'),
};

const figures = Type.Object({ bought_kwh: Type.Number(), injected_kwh: Type.Number(), amount: Type.Integer() });
export const Reconciliation = Type.Object({
  plant: Type.Integer(), year: Type.String(),
  threshold_pct: Type.Number({ description: 'a difference above this share of the real figure is flagged' }),
  months: Type.Array(Type.Object({
    month: Type.String({ description: 'YYYY-MM' }),
    real: RealBill,
    // portal: the portal's bill with solar (null: no energy recorded that month); difference: portal − real.
    portal: S.nullable(figures),
    difference: S.nullable(figures),
    flagged: Type.Boolean(),
    causes: Type.Array(Type.Union([Type.Literal('data_gap'), Type.Literal('meter'), Type.Literal('tariff')]), { description: 'likely causes, most likely first' }),
  })),
}, { title: 'Reconciliation' });

export const reconciliationApi = {
  year: endpoint({
    method: 'GET', path: '/power-plant/:id/reconciliation', access: 'user', tag, params: IdParams,
    querystring: Type.Object({ year: Type.String({ pattern: '^[12]\\d{3}$', maxLength: 4, description: 'YYYY' }) }),
    summary: "The real bills entered for a plant's year beside the portal's, each difference above the threshold flagged with its likely causes",
    reply: { 200: Reconciliation },
  }),
};
