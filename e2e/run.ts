/**
 * `npm run e2e`: `npm start`'s server on a fresh data dir and one Chromium, then every journey of
 * e2e/journeys/ in turn (each in browser contexts of its own), one closing "N passed, N failed" line
 * and a non-zero exit on any failure. Screenshots and axe reports land in e2e/artifacts/.
 * `node --import tsx e2e/run.ts installedApp phone` runs only the journeys named (their function's
 * name without 'Journey'); E2E_PORT serves on that port instead of a free one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Journey, launchBrowser, startServer } from './harness.js';
import { administrationJourney } from './journeys/administration.js';
import { ticketsJourney } from './journeys/tickets.js';
import { alarmsJourney } from './journeys/alarms.js';
import { phoneJourney } from './journeys/phone.js';
import { firstViewJourney } from './journeys/first-view.js';
import { loadPdfReader, reportsJourney } from './journeys/reports.js';
import { accessibilityJourney } from './journeys/accessibility.js';
import { shareJourney } from './journeys/share.js';
import { installedAppJourney } from './journeys/app.js';

const JOURNEYS = [administrationJourney, ticketsJourney, alarmsJourney, reportsJourney, phoneJourney, firstViewJourney, installedAppJourney, shareJourney, accessibilityJourney];
const named = process.argv.slice(2);
const chosen = named.length ? JOURNEYS.filter((run) => named.includes(run.name.replace(/Journey$/, ''))) : JOURNEYS;

// The report journey's PDF reader loads meanwhile (a failure shows in its step, which awaits it again).
loadPdfReader().catch(() => {});
const server = await startServer(process.env.E2E_PORT ? { PORT: process.env.E2E_PORT } : {});
const journey = new Journey();
let crashed = 0;
try {
  const browser = await launchBrowser();
  try {
    console.log(`e2e against ${server.url}`);
    journey.begin('The build', []);
    await journey.step("ships libraries' production code: React Router without its development checks", async () => {
      // A warning only React Router's development build carries (vite.config.ts, productionReactRouter).
      const assets = path.resolve('dist/assets');
      const dev = fs.readdirSync(assets).filter((f) => f.endsWith('.js'))
        .filter((f) => fs.readFileSync(path.join(assets, f), 'utf8').includes('You rendered descendant <Routes>'));
      if (dev.length) throw new Error(`React Router's development build is in ${dev.join(', ')}`);
    });
    for (const run of chosen) {
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
