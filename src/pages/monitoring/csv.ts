/**
 * CSV export of a chart's plotted series (RFC 4180 quoting, CRLF), in the separators a spreadsheet
 * of the language expects: where the decimal mark is a comma (es, fr) fields are separated by ';'.
 */
import { downloadBlob } from '../../components/download';

export type Cell = string | number | null | undefined;

export interface CsvDialect { separator: ',' | ';'; decimal: '.' | ',' }

/** The dialect of a language: ';' and ',' where Intl writes a decimal comma, else ',' and '.'. */
export function csvDialect(locale: string): CsvDialect {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return decimal === ',' ? { separator: ';', decimal: ',' } : { separator: ',', decimal: '.' };
}

const cell = (value: Cell, { separator, decimal }: CsvDialect): string => {
  if (value === null || value === undefined) return '';
  // Numbers without grouping, so a spreadsheet reads them as numbers.
  const text = typeof value === 'number' ? String(value).replace('.', decimal) : value;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** A header row then one row per entry. */
export function buildCsv(header: string[], rows: Cell[][], dialect: CsvDialect = { separator: ',', decimal: '.' }): string {
  return [header, ...rows].map((row) => row.map((value) => cell(value, dialect)).join(dialect.separator)).join('\r\n') + '\r\n';
}

/** Hands the CSV to the browser as a download (with a BOM so spreadsheet programs read UTF-8). */
export function downloadCsv(filename: string, content: string) {
  downloadBlob(filename, new Blob(['\uFEFF', content], { type: 'text/csv;charset=utf-8' }));
}
