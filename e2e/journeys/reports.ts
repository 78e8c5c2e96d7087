/**
 * The monthly report (issue 10, docs/reports.md): the demo customer, on the monitoring page, downloads
 * last month's report of the plant shown; the file is a PDF whose text (pdfjs-dist, as a reader's copy
 * would give it) names that plant and that month. One session, one download: a few seconds.
 */
import fs from 'node:fs/promises';
import { newSession, signIn, type JourneyContext } from '../harness.js';

/** The demo portal's zone (settings.time_zone): its "last month" is the report's. */
const TIME_ZONE = 'America/Santiago';

/** The month before the current one in the portal's zone, as YYYY-MM and as a Chilean reader writes it. */
function lastMonth(now = new Date()) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit' }).format(now).split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 2, 15));
  return {
    iso: first.toISOString().slice(0, 7),
    words: new Intl.DateTimeFormat('es-CL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first),
  };
}

let reader: Promise<typeof import('../../testing/pdf.js')> | undefined;
/**
 * pdfjs-dist takes seconds to load on a busy machine: e2e/run.ts starts loading it while the server
 * starts, so the step itself only waits for the download and reads it.
 */
export const loadPdfReader = () => (reader ??= import('../../testing/pdf.js'));

export async function reportsJourney({ server, browser, journey }: JourneyContext) {
  const { context, page, pageErrors } = await newSession(browser);
  journey.begin('Monthly report (demo customer)', [page]);

  await journey.step("the customer downloads last month's report: a PDF naming the plant and the month", async () => {
    await signIn(page, server.url, 'cliente@demo.cl', 'cliente1234');
    const card = page.getByRole('region', { name: 'Informe mensual' });
    const month = lastMonth();
    // The picker offers the newest finished month first; the card shows once a plant is (the plant select's).
    await card.getByRole('combobox', { name: /^Mes/ }).filter({ hasText: month.words }).waitFor();
    const plant = (await page.getByRole('combobox', { name: /^Central eléctrica/ }).innerText()).trim();
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Descargar PDF' }).click()]);
    if (download.suggestedFilename() !== `informe-${month.iso}.pdf`) throw new Error(`downloaded as ${download.suggestedFilename()}`);
    const file = await fs.readFile(await download.path());
    if (file.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`not a PDF: ${file.subarray(0, 16).toString('latin1')}`);
    const text = (await (await loadPdfReader()).pdfText(file)).join(' ').replace(/\s+/g, ' ');
    for (const expected of [`Informe mensual: ${month.words}`, plant]) {
      if (!text.includes(expected)) throw new Error(`the report does not say "${expected}": ${text.slice(0, 300)}`);
    }
  });

  await journey.step('no script errors or CSP violations (monthly report)', async () => {
    if (pageErrors.length) throw new Error(pageErrors.join('\n'));
  });

  await context.close();
}
