/**
 * Push ingest: what a plant's own datalogger sends (JSON `{points: [...]}` or CSV with a header row),
 * checked row by row. A bad row is reported with its number and the fields at fault, `{row, errors:
 * {field: [message]}}`, and the good rows are stored anyway. Row 1 is the first point of the JSON
 * list, or the first line after the CSV header.
 *
 * Keys: a random secret shown once, stored as its SHA-256 (a key is 32 random bytes, so a fast hash
 * is as safe as a slow one), identified in lists by its first characters.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MSG, type FieldErrors } from '../core/errors.js';
import type { DcReading } from '../db/schema.js';
import { MAX_DC_INPUTS } from '../../contract/ingest.js';
import type { Reading } from './store.js';
import { parseInstant } from './time.js';

/** A reading this far ahead of the server clock is refused (datalogger clocks drift a little). */
const MAX_CLOCK_AHEAD_MS = 10 * 60_000;
const OLDEST = Date.UTC(2000, 0, 1);
/** Sanity bounds: no single inverter or site reads 100 MW, no counter 10 TWh. */
const MAX_POWER_W = 1e8;
const MAX_COUNTER_WH = 1e13;

export const KEY_PREFIX = 'psk_';
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
export function newKey() {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, 12), hash: hashKey(key) };
}

export interface RejectedRow { row: number; errors: FieldErrors }

/** The inverters a key may write to, by id and by serial number. */
export interface Inverters { ids: Set<number>; bySerial: Map<string, number> }

const TS_MESSAGE = 'Fecha y hora inválidas: usa ISO 8601 con zona horaria, p. ej. 2026-01-31T14:05:00-03:00.';
const NOT_HERE = 'El inversor no existe en la planta de esta clave.';

type Numeric = { min: number; max: number; nullable: boolean };
const NUMBERS: Record<string, Numeric> = {
  ac_power_w: { min: -MAX_POWER_W, max: MAX_POWER_W, nullable: false },
  pv_power_w: { min: 0, max: MAX_POWER_W, nullable: true },
  energy_total_wh: { min: 0, max: MAX_COUNTER_WH, nullable: true },
  energy_day_wh: { min: 0, max: MAX_COUNTER_WH, nullable: true },
  energy_year_wh: { min: 0, max: MAX_COUNTER_WH, nullable: true },
  grid_import_w: { min: 0, max: MAX_POWER_W, nullable: true },
  grid_export_w: { min: 0, max: MAX_POWER_W, nullable: true },
  consumption_w: { min: 0, max: MAX_POWER_W, nullable: true },
  battery_power_w: { min: -MAX_POWER_W, max: MAX_POWER_W, nullable: true },
  battery_soc: { min: 0, max: 100, nullable: true },
};
const DC_NUMBERS: Record<string, Omit<Numeric, 'nullable'>> = {
  voltage_v: { min: 0, max: 1e5 }, current_a: { min: -1e5, max: 1e5 }, power_w: { min: -MAX_POWER_W, max: MAX_POWER_W },
};

/** A number from JSON (number or numeric text) or CSV text; `decimalComma` for ';'-separated files. */
function toNumber(value: unknown, decimalComma = false): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = decimalComma ? value.trim().replace(',', '.') : value.trim();
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : undefined;
}

function checkNumber(value: unknown, rule: Omit<Numeric, 'nullable'>, decimalComma: boolean): [number | undefined, string | undefined] {
  const n = toNumber(value, decimalComma);
  if (n === undefined) return [undefined, MSG.number];
  if (n < rule.min) return [undefined, MSG.minimum(rule.min)];
  if (n > rule.max) return [undefined, MSG.maximum(rule.max)];
  return [n, undefined];
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** One point, as an object of fields (from JSON, or a CSV row keyed by its header), checked. */
function readPoint(raw: unknown, inverters: Inverters, now: number, decimalComma: boolean): { reading?: Reading; errors?: FieldErrors } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { errors: { non_field_errors: ['Datos inválidos. Se esperaba un objeto.'] } };
  const point = raw as Record<string, unknown>;
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => { (errors[field] ??= []).push(message); };

  let investor: number | undefined;
  const ref = point.investor;
  if (blank(ref)) fail('investor', MSG.required);
  else if (typeof ref === 'number' && Number.isInteger(ref)) investor = inverters.ids.has(ref) ? ref : undefined;
  else if (typeof ref === 'string') {
    investor = inverters.bySerial.get(ref.trim()) ?? (/^[1-9][0-9]{0,8}$/.test(ref.trim()) && inverters.ids.has(Number(ref)) ? Number(ref) : undefined);
  } else fail('investor', 'Indique el id o el número de serie del inversor.');
  if (!blank(ref) && investor === undefined && !errors.investor) fail('investor', NOT_HERE);

  let ts: Date | null = null;
  if (blank(point.ts)) fail('ts', MSG.required);
  else if (typeof point.ts !== 'string' || !(ts = parseInstant(point.ts))) fail('ts', TS_MESSAGE);
  else if (ts.getTime() > now + MAX_CLOCK_AHEAD_MS) fail('ts', 'La fecha y hora está en el futuro.');
  else if (ts.getTime() < OLDEST) fail('ts', 'La fecha y hora es anterior al año 2000.');

  const values: Record<string, number | null> = {};
  for (const [field, rule] of Object.entries(NUMBERS)) {
    if (blank(point[field])) {
      if (rule.nullable) values[field] = null;
      else fail(field, MSG.required);
      continue;
    }
    const [n, error] = checkNumber(point[field], rule, decimalComma);
    if (error) fail(field, error); else values[field] = n!;
  }

  let status: string | null = null;
  if (!blank(point.status)) {
    if (typeof point.status !== 'string') fail('status', MSG.string);
    else if (point.status.length > 32) fail('status', MSG.maxLength(32));
    else if (point.status.includes('\0')) fail('status', MSG.nullCharacter);
    else status = point.status.trim();
  }

  const dc: DcReading[] = [];
  if (!blank(point.dc)) {
    if (!Array.isArray(point.dc)) fail('dc', 'Se esperaba una lista de entradas MPPT.');
    else if (point.dc.length > MAX_DC_INPUTS) fail('dc', `Asegúrate de que este campo no tenga más de ${MAX_DC_INPUTS} elementos.`);
    else {
      point.dc.forEach((input: unknown, i) => {
        if (typeof input !== 'object' || input === null) { fail(`dc.${i}`, 'Datos inválidos. Se esperaba un objeto.'); return; }
        const entry = input as Record<string, unknown>;
        const mppt = toNumber(entry.mppt);
        if (mppt === undefined || !Number.isInteger(mppt) || mppt < 1 || mppt > 1000) fail(`dc.${i}.mppt`, MSG.integer);
        const reading: Record<string, number> = { mppt: mppt ?? 0 };
        for (const [field, rule] of Object.entries(DC_NUMBERS)) {
          const [n, error] = checkNumber(entry[field], rule, decimalComma);
          if (error) fail(`dc.${i}.${field}`, blank(entry[field]) ? MSG.required : error); else reading[field] = n!;
        }
        dc.push(reading as unknown as DcReading);
      });
    }
  }

  if (Object.keys(errors).length) return { errors };
  return {
    reading: {
      investor: investor!, ts: ts!, status, dc: dc.length ? dc : null,
      ac_power_w: values.ac_power_w!, pv_power_w: values.pv_power_w, energy_total_wh: values.energy_total_wh,
      energy_day_wh: values.energy_day_wh, energy_year_wh: values.energy_year_wh, grid_import_w: values.grid_import_w,
      grid_export_w: values.grid_export_w, consumption_w: values.consumption_w, battery_power_w: values.battery_power_w,
      battery_soc: values.battery_soc,
    },
  };
}

export interface Checked { readings: Reading[]; rejected: RejectedRow[] }

/** Checks points (of a JSON body, or the rows of `parseCsv`), numbering them from 1. */
export function checkRows(points: unknown[], inverters: Inverters, { decimalComma = false, now = Date.now() } = {}): Checked {
  const out: Checked = { readings: [], rejected: [] };
  points.forEach((raw, i) => {
    const { reading, errors } = readPoint(raw, inverters, now, decimalComma);
    if (reading) out.readings.push(reading); else out.rejected.push({ row: i + 1, errors: errors! });
  });
  return out;
}

const CSV_COLUMNS = new Set(['investor', 'ts', 'status', ...Object.keys(NUMBERS)]);
const DC_COLUMN = /^mppt(\d{1,3})_(voltage_v|current_a|power_w)$/;

export class CsvError extends Error {}

/**
 * A CSV body: header row naming the columns (those of a JSON point; MPPT inputs as
 * `mppt1_voltage_v`, `mppt1_current_a`, `mppt1_power_w`, `mppt2_...`), then one point per line.
 * Separator `,`, `;` or tab, taken from the header; with `;`, a decimal comma is accepted. Fields may
 * be quoted ("...", "" for a quote). Throws CsvError when the file itself is unusable.
 */
export function parseCsv(text: string): { rows: Record<string, unknown>[]; decimalComma: boolean } {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = [',', ';', '\t'].map((s) => [s, firstLine.split(s).length] as const).sort((a, b) => b[1] - a[1])[0][0];
  const lines = splitCsv(body, separator).filter((cells) => cells.some((c) => c.trim() !== ''));
  if (!lines.length) throw new CsvError('El archivo CSV está vacío: se esperaba una fila de encabezado.');
  const header = lines[0].map((h) => h.trim().toLowerCase());
  const unknown = header.filter((h) => !CSV_COLUMNS.has(h) && !DC_COLUMN.test(h));
  if (unknown.length) throw new CsvError(`Columnas desconocidas: ${unknown.join(', ')}.`);
  const missing = ['investor', 'ts', 'ac_power_w'].filter((h) => !header.includes(h));
  if (missing.length) throw new CsvError(`Faltan columnas: ${missing.join(', ')}.`);

  const rows = lines.slice(1).map((cells) => {
    const point: Record<string, unknown> = {};
    const dc = new Map<number, Record<string, string>>();
    header.forEach((column, i) => {
      const value = cells[i] ?? '';
      const m = DC_COLUMN.exec(column);
      if (!m) { point[column] = value; return; }
      if (value.trim() === '') return;
      const mppt = Number(m[1]);
      if (!dc.has(mppt)) dc.set(mppt, { mppt: String(mppt) });
      dc.get(mppt)![m[2]] = value;
    });
    if (dc.size) point.dc = [...dc.values()];
    return point;
  });
  return { rows, decimalComma: separator === ';' };
}

/** RFC 4180 splitting (quotes, doubled quotes, separators and line breaks inside quotes). */
function splitCsv(text: string, separator: string): string[][] {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"' && cell.trim() === '') { quoted = true; cell = ''; } else if (c === separator) { cells.push(cell); cell = ''; } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell); lines.push(cells); cells = []; cell = '';
    } else cell += c;
  }
  if (quoted) throw new CsvError('CSV mal formado: falta cerrar unas comillas.');
  if (cell !== '' || cells.length) { cells.push(cell); lines.push(cells); }
  return lines;
}
