/** CSV export of a chart's plotted series (RFC 4180: comma separated, quoted when needed, CRLF). */

export type Cell = string | number | null | undefined;

const cell = (value: Cell): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** A header row then one row per entry; numbers written plainly (dot decimals) so any tool reads them. */
export function buildCsv(header: string[], rows: Cell[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Hands the CSV to the browser as a download (with a BOM so spreadsheet programs read UTF-8). */
export function downloadCsv(filename: string, content: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
