/**
 * First-load benchmark of the web app (issue "fast first load"): the built app (`npm run build`,
 * skipped with BENCH_SKIP_BUILD=1) served by the real server (`server/main.ts` on its own data dir
 * and a free port, demo on with 2 days of backfill, e2e/harness.ts), driven in Debian's Chromium.
 * Prints, each against its target:
 * 1. the script bytes of the login page and of the monitoring page, as sent (compressed) and
 *    decoded (raw), on a cold cache;
 * 2. the monitoring page's time to ready (navigation start until the KPI cards and the day chart's
 *    line are drawn), cold cache, signed in as a user who has seen the page before, median of
 *    BENCH_RUNS (default 5); how many of those loads the server's first view drew first
 *    (src/firstView, docs/web.md "First view"), and the time until the app's own page had taken
 *    over from it (the page the user can use);
 * 3. the same time for the floor, a bare page on the same stack drawing the same cards and line from
 *    the same reads (bench/floor/: React, MUI and MUI X's chart, nothing of the app's), loaded in
 *    turn with the monitoring page; the ratio of the two medians is what the app adds over what any
 *    page of this stack costs on the machine that runs it, which the absolute target is not;
 * 4. with BENCH_VERBOSE=1, the requests of one cold monitoring load in the order they start, with
 *    when each started and ended (ms since navigation start), to see waterfalls.
 * BENCH_PORT picks the server's port (default: a free one).
 * Figures, not a test: it exits 0 whatever they are. Only 127.0.0.1 is contacted (the map's tiles
 * are refused offline). Run: `npm run bench:web`.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { compression } from 'vite-plugin-compression2';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { launchBrowser, signIn, startServer } from '../testing/browser.js';
import { fillPath } from '../contract/paths.js';
import { measurementApi } from '../contract/measurements.js';
import { country } from '../src/config/country.js';
import { localDay } from '../src/pages/monitoring/queries.js';
import { SHOWN_PLANT } from '../src/pages/monitoring/choices.js';

const LOGIN_TARGET_BYTES = 150 * 1024;
const READY_TARGET_MS = 800;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));

interface ScriptBytes { sent: number; raw: number; files: number; encodings: Set<string> }

/** Collects the scripts a page downloads; `total()` waits for their bodies. */
function watchScripts(page: Page) {
  const responses: Response[] = [];
  page.on('response', (response) => { if (response.request().resourceType() === 'script') responses.push(response); });
  return async (): Promise<ScriptBytes> => {
    const out: ScriptBytes = { sent: 0, raw: 0, files: 0, encodings: new Set() };
    for (const response of responses) {
      const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
      out.sent += sizes.responseBodySize;
      out.raw += body.length;
      out.files += 1;
      out.encodings.add((await response.headerValue('content-encoding')) ?? 'none');
    }
    return out;
  };
}

/**
 * Resolves with performance.now() (ms since navigation start) once the KPIs and the day chart's
 * line are drawn, in the whole page or (`app`) in the app's own root once the server's first view
 * has given way to it, and whether the server's first view is what drew them. Rejects, saying why,
 * when the page settles on something else: the live figures or the day chart explaining that there
 * is nothing to draw (a plant without readings for its today, as right after local midnight) or that
 * a read failed; a time measured then would not be the ready page's.
 */
const drawn = (page: Page, app = false) => page.waitForFunction((inApp) => {
  const firstView = document.getElementById('first-view');
  if (inApp && firstView) return false;
  const scope = inApp ? document.getElementById('root')! : document;
  const kpis = scope.querySelectorAll('.MuiCard-root[aria-label]').length;
  const chart = [...scope.querySelectorAll('.MuiCard-root')].find((card) => card.querySelector('h2')?.textContent === 'Historial');
  const line = chart?.querySelector('.MuiLineElement-root[d]');
  if (kpis >= 5 && line) return { at: performance.now(), byFirstView: !!firstView?.contains(line) };
  // What the page says instead: the chart's notice, or one outside the cards (the live figures', a list's).
  const notice = chart?.querySelector('.MuiAlert-root') ?? [...scope.querySelectorAll('.MuiAlert-root')].find((a) => !a.closest('.MuiCard-root'));
  return notice ? `says "${notice.textContent}"` : false;
}, app, { polling: 'raf', timeout: 60_000 }).then(async (handle) => {
  const value = await handle.jsonValue() as { at: number; byFirstView: boolean } | string;
  if (typeof value === 'string') throw new Error(`the monitoring page ${value} instead of drawing the KPI cards and the day chart's line, which the bench times`);
  return value;
});
const monitoringReady = async (page: Page) => (await drawn(page)).at;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const line = (what: string, b: ScriptBytes) =>
  `${what.padEnd(32)} ${kb(b.sent).padStart(10)} sent (${[...b.encodings].join(', ')}), ${kb(b.raw).padStart(10)} raw, ${b.files} files`;
const verdict = (ok: boolean) => (ok ? 'meets the target' : 'OVER the target');

async function coldContext(browser: Browser, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  // A new context has an empty HTTP cache: every load below is cold.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'es-CL', storageState });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return { context, page };
}

/** Where the floor is built: inside the app's build, so the server sends it as it sends the app. */
const FLOOR_DIR = path.resolve('dist/bench-floor');

if (process.env.BENCH_SKIP_BUILD !== '1') execSync('npm run build', { stdio: 'inherit' });
if (process.env.BENCH_SKIP_BUILD !== '1' || !fs.existsSync(FLOOR_DIR)) {
  // Built as the app is (React's plugin, brotli and gzip siblings), before the server lists the files.
  // Vite's build sets NODE_ENV=production for the process, which the server started below would inherit.
  const nodeEnv = process.env.NODE_ENV;
  await build({
    configFile: false, root: 'bench/floor', base: '/bench-floor/', logLevel: 'warn',
    plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
    build: { outDir: FLOOR_DIR, emptyOutDir: true },
  });
  if (nodeEnv === undefined) delete process.env.NODE_ENV; else process.env.NODE_ENV = nodeEnv;
}
// BENCH_PORT: the port to serve on (a shared machine's own), else a free one.
const server = await startServer(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {});
const browser = await launchBrowser();
try {
  console.log(`\nweb bench against ${server.url} (built app, demo data)\n`);

  // 1. The login page.
  const login = await coldContext(browser);
  const loginScripts = watchScripts(login.page);
  await login.page.goto(`${server.url}/login`);
  await login.page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
  await login.page.waitForLoadState('networkidle');
  const loginBytes = await loginScripts();
  // Printed at once: the figure stands even if the monitoring runs below fail.
  console.log(line('login page scripts', loginBytes));
  console.log(`  target <= ${kb(LOGIN_TARGET_BYTES)} compressed: ${verdict(loginBytes.sent <= LOGIN_TARGET_BYTES)}`);
  // Signing in here gives the session (tokens and profile in localStorage) the monitoring runs start
  // with: a returning user's, who has seen the page once (it remembers the plant it showed).
  await signIn(login.page, server.url, 'cliente@demo.cl', 'cliente1234');
  await monitoringReady(login.page);
  const session = await login.context.storageState();
  // The floor reads what the page read: the plant it showed (kept in react-admin's store) and its local today.
  const plant = Number(await login.page.evaluate((shown) => Object.entries(localStorage).find(([key]) => key.endsWith(`.${shown}`))?.[1], SHOWN_PLANT));
  const [year, month, day] = localDay(country.timeZone).split('-').map(Number);
  const floorUrl = `${server.url}/bench-floor/index.html?${new URLSearchParams({
    snapshot: '/api' + fillPath(measurementApi.snapshot.path, { id: plant }),
    day: `/api${fillPath(measurementApi.history.path, { id: plant })}?${new URLSearchParams({ day: String(day), month: String(month), year: String(year) })}`,
  })}`;
  await login.context.close();

  // 2. The monitoring page, cold, signed in, each load after one of the floor's (3.).
  const times: number[] = [];
  const appTimes: number[] = [];
  let byFirstView = 0;
  const floorTimes: number[] = [];
  let monitoringBytes: ScriptBytes | undefined;
  for (let run = 0; run < RUNS; run += 1) {
    const floor = await coldContext(browser, session);
    await floor.page.goto(floorUrl);
    floorTimes.push(await monitoringReady(floor.page));
    await floor.context.close();

    const { context, page } = await coldContext(browser, session);
    const scripts = watchScripts(page);
    await page.goto(`${server.url}/app/monitoring`);
    const ready = await drawn(page);
    times.push(ready.at);
    if (ready.byFirstView) byFirstView += 1;
    appTimes.push((await drawn(page, true)).at);
    await page.waitForLoadState('networkidle');
    if (run === 0) {
      monitoringBytes = await scripts();
      if (process.env.BENCH_VERBOSE === '1') {
        const timeline = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => {
          const r = e as PerformanceResourceTiming;
          return `${r.startTime.toFixed(0).padStart(6)} ${r.responseEnd.toFixed(0).padStart(6)} ms  ${r.initiatorType.padEnd(14)} ${r.name.replace(location.origin, '')}`;
        }));
        console.log(`requests of a cold monitoring load (start, end, what), ready at ${times[0].toFixed(0)} ms:\n${timeline.join('\n')}\n`);
      }
    }
    await context.close();
  }

  console.log(line('monitoring page scripts', monitoringBytes!));
  const ready = median(times);
  console.log(`${'monitoring ready (median)'.padEnd(32)} ${`${ready.toFixed(0)} ms`.padStart(10)} over ${RUNS} cold loads: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  console.log(`  target <= ${READY_TARGET_MS} ms: ${verdict(ready <= READY_TARGET_MS)}`);
  console.log(`  drawn first by the server's first view in ${byFirstView} of ${RUNS} loads`);
  console.log(`${'app ready (median)'.padEnd(32)} ${`${median(appTimes).toFixed(0)} ms`.padStart(10)} over ${RUNS} cold loads: ${appTimes.map((t) => t.toFixed(0)).join(', ')} ms (the app's own page, in use)`);
  const floorReady = median(floorTimes);
  console.log(`${'floor ready (median)'.padEnd(32)} ${`${floorReady.toFixed(0)} ms`.padStart(10)} over ${RUNS} cold loads: ${floorTimes.map((t) => t.toFixed(0)).join(', ')} ms`);
  console.log(`  monitoring ready = ${(ready / floorReady).toFixed(2)}x the floor (React, MUI and MUI X's chart alone, same reads)`);
} finally {
  await browser.close();
  await server.stop();
}
