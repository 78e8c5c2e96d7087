/**
 * `npm run e2e`: `npm start`'s server on a fresh data dir and one Chromium, then every journey of
 * e2e/journeys/ in turn (each in browser contexts of its own), one closing "N passed, N failed" line
 * and a non-zero exit on any failure. Screenshots and axe reports land in e2e/artifacts/.
 */
import { Journey, launchBrowser, startServer } from './harness.js';
import { administrationJourney } from './journeys/administration.js';
import { ticketsJourney } from './journeys/tickets.js';
import { alarmsJourney } from './journeys/alarms.js';
import { phoneJourney } from './journeys/phone.js';
import { loadPdfReader, reportsJourney } from './journeys/reports.js';

// The report journey's PDF reader loads meanwhile (a failure shows in its step, which awaits it again).
loadPdfReader().catch(() => {});
const server = await startServer();
const journey = new Journey();
let crashed = 0;
try {
  const browser = await launchBrowser();
  try {
    console.log(`e2e against ${server.url}`);
    for (const run of [administrationJourney, ticketsJourney, alarmsJourney, reportsJourney, phoneJourney]) {
      try {
        await run({ server, browser, journey });
      } catch (err) {
        // A journey that breaks outside its steps (e.g. a browser context that would not open).
        crashed += 1;
        console.log(`  ✗ ${run.name} crashed: ${String((err as Error).stack ?? err)}`);
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
console.log(`\n${journey.passed} passed, ${journey.failed + crashed} failed`);
process.exit(journey.failed || crashed ? 1 : 0);
