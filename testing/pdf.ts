/**
 * The text of a PDF as a reader's copy-and-paste would give it (pdfjs-dist, Mozilla's PDF reader), for
 * the suites that check what a generated PDF says: one string per page, its pieces joined by spaces.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
// @ts-expect-error pdfjs-dist ships no types for its worker module (only WorkerMessageHandler is read, by pdfjs).
import * as worker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';

// In Node the parser runs in this thread, from the worker module pdfjs would otherwise import on the
// first read: loaded with this module, so a suite or a journey that loads it ahead (e2e/run.ts, while
// the server starts) reads its first PDF at once.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;

export async function pdfText(data: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages;
}
