/**
 * The monitoring page's first view (docs/web.md, "First view"): a returning customer's cold load
 * shows the page drawn by the server, figures and day chart, before the app's code has run at all
 * (its entry script is held back here until the first view is checked), nor fetched (it would hold
 * the first view back); then the app takes over and the page is the app's, in use. The same in
 * Arabic on a phone: right to left, the phone's layout.
 * Screenshots: e2e/artifacts/first-view-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { newSession, screenshot, signIn, type JourneyContext } from '../harness.js';

/** The app's entry script and all its scripts, as the monitoring page's HTML names them for its early script. */
function appScripts() {
  const html = fs.readFileSync(path.resolve('dist/app-monitoring.html'), 'utf8');
  const entry = /data-app="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('dist/app-monitoring.html names no app entry (data-app)');
  return { entry, all: /data-preload="([^"]*)"/.exec(html)?.[1].split(' ') ?? [] };
}

/** Holds back every request for the app's entry script until the returned function is called. */
async function holdApp(page: Page, entry: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route((url) => url.pathname === entry, async (route) => { await released; await route.continue(); });
  return release;
}

/** The app's own top bar names the page (its title found its place in the app, not in the first view gone). */
async function appBarNames(page: Page, title: string) {
  await page.waitForFunction((t) => document.querySelector('#root #react-admin-title')?.textContent === t, title, { timeout: 10_000 })
    .catch(() => { throw new Error(`the app's top bar does not name the page '${title}'`); });
}

/** What the first view shows, read from its markup: the figure cards' names and whether the day chart's line is drawn. */
const firstViewShows = (page: Page) => page.evaluate(() => {
  const view = document.getElementById('first-view');
  return {
    cards: [...(view?.querySelectorAll('.MuiCard-root[aria-label]') ?? [])].map((c) => c.getAttribute('aria-label')),
    line: !!view?.querySelector('.MuiLineElement-root[d]'),
    menu: !!view?.querySelector('[role="menu"]'),
    dir: view?.getAttribute('dir'),
    // The chart's width against its box's: it fills it, at whatever width the server drew it.
    chart: (() => {
      const svg = view?.querySelector('.MuiChartsSurface-root');
      return svg ? [svg.getBoundingClientRect().width, svg.parentElement!.getBoundingClientRect().width].map(Math.round) : [];
    })(),
    appStarted: !!document.getElementById('root')?.childElementCount,
  };
});

function chartFills([chart, box]: number[]) {
  if (!box || Math.abs(chart - box) > 2) throw new Error(`the first view's day chart is ${chart} px wide in its ${box} px box`);
}

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

/** `storage` with one of react-admin's stored values set (its store keeps them as JSON under 'RaStoreSolar.'). */
const withStored = (storage: Storage, key: string, value: unknown): Storage => ({
  ...storage,
  origins: storage.origins.map((o) => ({
    ...o, localStorage: [...o.localStorage.filter((i) => i.name !== `RaStoreSolar.${key}`), { name: `RaStoreSolar.${key}`, value: JSON.stringify(value) }],
  })),
});

export async function firstViewJourney({ server, browser, journey }: JourneyContext) {
  const pages: Page[] = [];
  const contexts: BrowserContext[] = [];
  journey.begin("The monitoring page's first view (demo customer, returning)", pages);

  /**
   * A returning user's cold load of the monitoring page with the app's entry script held back, once
   * the first view has drawn the day chart: what it shows, and `release` to let the app start.
   */
  async function heldLoad(storageState: Storage, phone = false) {
    const session = await newSession(browser, { phone, storageState });
    contexts.push(session.context);
    pages.push(session.page);
    const { entry, all } = appScripts();
    const release = await holdApp(session.page, entry);
    // In the order the browser asks: the first view, and the app's scripts (none of which may go first).
    const asked: string[] = [];
    session.page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith('/api/first-view/') || all.includes(pathname)) asked.push(pathname);
    });
    session.page.on('requestfinished', (r) => { if (new URL(r.url()).pathname.startsWith('/api/first-view/')) asked.push('first view answered'); });
    await session.page.goto(`${server.url}/app/monitoring`, { waitUntil: 'domcontentloaded' });
    await session.page.waitForSelector('#first-view .MuiLineElement-root[d]', { state: 'attached' });
    const answered = asked.indexOf('first view answered');
    const early = asked.slice(0, answered < 0 ? asked.length : answered).filter((p) => all.includes(p));
    if (!all.length || early.length) {
      throw new Error(`the app's scripts are fetched before the first view has come (they would hold it back): ${early.join(', ') || 'the page names none'}`);
    }
    return { ...session, release, shows: await firstViewShows(session.page) };
  }

  // A first visit: signed in, the page drawn once (it keeps the chart's width for the next visit).
  const first = await newSession(browser);
  contexts.push(first.context);
  pages.push(first.page);
  let returning!: Storage;
  await journey.step('a customer signs in and sees the monitoring page once', async () => {
    await signIn(first.page, server.url, 'cliente@demo.cl', 'cliente1234');
    // Attached, not visible: a line flat at zero (the plant's night, as just after local midnight) has no height.
    await first.page.locator('.MuiLineElement-root[d]').first().waitFor({ state: 'attached' });
    returning = await first.context.storageState();
  });

  await journey.step('coming back, the page is drawn by the server before the app has run, and the app then takes over', async () => {
    const { page, pageErrors, release, shows } = await heldLoad(returning);
    if (shows.appStarted) throw new Error("the app's root has content while its entry script is held back");
    for (const name of ['Potencia actual', 'Energía hoy', 'Ahorro hoy']) {
      if (!shows.cards.includes(name)) throw new Error(`the first view has no '${name}' card (${shows.cards.join(', ')})`);
    }
    if (!shows.menu) throw new Error('the first view has no menu beside the page');
    chartFills(shows.chart);
    // What the user sees is the first view: the page's name and a figure, on screen.
    await page.locator('#first-view').getByText('Potencia actual').first().waitFor({ state: 'visible' });
    await screenshot(page, 'first-view-es');
    release();
    await page.waitForSelector('#first-view', { state: 'detached', timeout: 30_000 });
    // The page is the app's now: its top bar names it, its controls answer.
    await page.getByRole('region', { name: 'Potencia actual' }).waitFor();
    await appBarNames(page, 'Monitoreo');
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/v2/get/data/date/') && r.ok()),
      page.getByRole('button', { name: 'Mes', exact: true }).click(),
    ]);
    await screenshot(page, 'first-view-es-app');
    if (pageErrors.length) throw new Error(pageErrors.join('\n'));
  });

  await journey.step('in Arabic on a phone, the first view is right to left and laid out for the phone', async () => {
    const { page, pageErrors, release, shows } = await heldLoad(withStored(returning, 'locale', 'ar'), true);
    if (shows.dir !== 'rtl') throw new Error(`the first view's direction is ${shows.dir}`);
    if (shows.menu) throw new Error("the first view shows the menu beside the page on a phone (it is folded away there)");
    if (!shows.cards.includes('القدرة الحالية')) throw new Error(`the first view's cards are not in Arabic: ${shows.cards.join(', ')}`);
    chartFills(shows.chart);
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    if (width > 390) throw new Error(`the first view is ${width}px wide on a 390px screen`);
    await screenshot(page, 'first-view-ar-phone');
    release();
    await page.waitForSelector('#first-view', { state: 'detached', timeout: 30_000 });
    await appBarNames(page, 'المراقبة');
    await screenshot(page, 'first-view-ar-phone-app');
    if (pageErrors.length) throw new Error(pageErrors.join('\n'));
  });

  for (const context of contexts) await context.close();
}
