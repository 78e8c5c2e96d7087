/**
 * Tariffs and injection prices from CSV (docs/billing.md "CSV"): a header row naming the columns,
 * comma-separated with decimal points, or semicolon-separated with decimal commas (as a spreadsheet
 * in Spanish saves it). Every row is checked before anything is stored; the errors name the column
 * and the line (the header is line 1), in the API's shape {field: [message]}.
 */
import { parse } from 'csv-parse/sync';
import type { FieldErrors } from '../../core/errors.js';
import { TARIFF_OPTIONS } from '../../../contract/billing.js';

const TARIFF_COLUMNS = [
  'distributor', 'option', 'valid_from', 'valid_to', 'fixed_charge', 'energy_charge', 'transmission_charge', 'public_service_charge',
  'winter_charge', 'winter_threshold_kwh', 'winter_from_month', 'winter_to_month', 'demand_charge', 'peak_demand_charge', 'source',
] as const;
const TARIFF_REQUIRED = ['distributor', 'option', 'valid_from', 'energy_charge'];
const PRICE_COLUMNS = ['distributor', 'month', 'price', 'source'] as const;

export interface TariffRow {
  line: number; distributor: string; option: string; valid_from: string; valid_to: string | null;
  fixed_charge: number; energy_charge: number; transmission_charge: number; public_service_charge: number;
  winter_charge: number | null; winter_threshold_kwh: number | null; winter_from_month: number | null; winter_to_month: number | null;
  demand_charge: number | null; peak_demand_charge: number | null; source: string;
}
export interface PriceRow { line: number; distributor: string; month: string; price: number; source: string }

const isDate = (v: string) => /^[12]\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))
  && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** The records of `text` by line, with the header's columns; or the errors of a header it cannot use. */
function records(text: string, columns: readonly string[], required: string[]) {
  const firstLine = text.split(/\r?\n/, 1)[0];
  const semicolon = firstLine.includes(';');
  let rows: string[][];
  try {
    rows = parse(text, { delimiter: semicolon ? ';' : ',', skip_empty_lines: true, trim: true, relax_column_count: false, bom: true });
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    return { errors: { csv: [`${line ? `Línea ${line}: ` : ''}el CSV no se puede leer (${(err as Error).message}).`] } as FieldErrors };
  }
  const header = (rows.shift() ?? []).map((h) => h.toLowerCase());
  const errors: FieldErrors = {};
  const unknown = header.filter((h) => !columns.includes(h));
  if (unknown.length) errors.csv = [`Columnas desconocidas: ${unknown.join(', ')}. Las columnas son: ${columns.join(', ')}.`];
  const missing = required.filter((c) => !header.includes(c));
  if (missing.length) (errors.csv ??= []).push(`Faltan columnas: ${missing.join(', ')}.`);
  if (!rows.length) (errors.csv ??= []).push('El CSV no tiene filas.');
  if (Object.keys(errors).length) return { errors };
  return { rows: rows.map((cells, i) => ({ line: i + 2, get: (c: string) => { const at = header.indexOf(c); return at < 0 ? '' : cells[at]; } })), semicolon };
}

/** A reader of one record's cells that notes each bad one in `errors`. */
function cellReader(errors: FieldErrors, line: number, get: (c: string) => string, semicolon: boolean) {
  const fail = (field: string, message: string) => { (errors[field] ??= []).push(`Línea ${line}: ${message}`); };
  const number = (field: string, { required = false, integer = false, min = 0, max = 1e9 } = {}) => {
    const raw = get(field);
    if (raw === '') {
      if (required) fail(field, 'es obligatorio.');
      return null;
    }
    const value = Number(semicolon ? raw.replace(/\./g, '').replace(',', '.') : raw);
    if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
      fail(field, `«${raw}» no es ${integer ? 'un entero' : 'un número'} entre ${min} y ${max}.`);
      return null;
    }
    return value;
  };
  const text = (field: string, required = false) => {
    const raw = get(field);
    if (required && raw === '') fail(field, 'es obligatorio.');
    return raw;
  };
  return { fail, number, text };
}

/** Tariff rows of a CSV, or the errors of its bad rows. */
export function parseTariffs(csv: string): { rows: TariffRow[] } | { errors: FieldErrors } {
  const read = records(csv, TARIFF_COLUMNS, TARIFF_REQUIRED);
  if ('errors' in read) return { errors: read.errors! };
  const errors: FieldErrors = {};
  const rows: TariffRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, get } of read.rows) {
    const { fail, number, text } = cellReader(errors, line, get, read.semicolon);
    const distributor = text('distributor', true);
    const option = text('option', true);
    if (option && !(TARIFF_OPTIONS as readonly string[]).includes(option)) fail('option', `«${option}» no es una opción tarifaria (${TARIFF_OPTIONS.join(', ')}).`);
    const validFrom = text('valid_from', true);
    if (validFrom && !isDate(validFrom)) fail('valid_from', `«${validFrom}» no es una fecha AAAA-MM-DD.`);
    const validTo = text('valid_to') || null;
    if (validTo && !isDate(validTo)) fail('valid_to', `«${validTo}» no es una fecha AAAA-MM-DD.`);
    else if (validTo && isDate(validFrom) && validTo < validFrom) fail('valid_to', 'es anterior a valid_from.');
    const row: TariffRow = {
      line, distributor, option, valid_from: validFrom, valid_to: validTo,
      fixed_charge: number('fixed_charge') ?? 0, energy_charge: number('energy_charge', { required: true }) ?? 0,
      transmission_charge: number('transmission_charge') ?? 0, public_service_charge: number('public_service_charge') ?? 0,
      winter_charge: number('winter_charge'), winter_threshold_kwh: number('winter_threshold_kwh', { max: 1e6 }),
      winter_from_month: number('winter_from_month', { integer: true, min: 1, max: 12 }), winter_to_month: number('winter_to_month', { integer: true, min: 1, max: 12 }),
      demand_charge: number('demand_charge'), peak_demand_charge: number('peak_demand_charge'), source: text('source'),
    };
    const winter = [row.winter_charge, row.winter_threshold_kwh, row.winter_from_month, row.winter_to_month];
    if (winter.some((v) => v !== null) && winter.some((v) => v === null)) {
      fail('winter_charge', 'el recargo de invierno necesita winter_charge, winter_threshold_kwh, winter_from_month y winter_to_month.');
    }
    const key = `${distributor.toLowerCase()}|${option}|${validFrom}`;
    if (seen.has(key)) fail('valid_from', `repite la tarifa de la línea ${seen.get(key)} (misma distribuidora, opción y fecha).`);
    seen.set(key, line);
    rows.push(row);
  }
  return Object.keys(errors).length ? { errors } : { rows };
}

/** Injection price rows of a CSV (month as YYYY-MM), or the errors of its bad rows. */
export function parseInjectionPrices(csv: string): { rows: PriceRow[] } | { errors: FieldErrors } {
  const read = records(csv, PRICE_COLUMNS, ['distributor', 'month', 'price']);
  if ('errors' in read) return { errors: read.errors! };
  const errors: FieldErrors = {};
  const rows: PriceRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, get } of read.rows) {
    const { fail, number, text } = cellReader(errors, line, get, read.semicolon);
    const distributor = text('distributor', true);
    const month = text('month', true);
    if (month && !/^[12]\d{3}-(0[1-9]|1[0-2])$/.test(month)) fail('month', `«${month}» no es un mes AAAA-MM.`);
    const price = number('price', { required: true });
    const key = `${distributor.toLowerCase()}|${month}`;
    if (seen.has(key)) fail('month', `repite el precio de la línea ${seen.get(key)}.`);
    seen.set(key, line);
    rows.push({ line, distributor, month: `${month}-01`, price: price ?? 0, source: text('source') });
  }
  return Object.keys(errors).length ? { errors } : { rows };
}
