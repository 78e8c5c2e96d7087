/**
 * The accessibility journey (issue 33, item 12): axe's WCAG 2.2 AA rules (wcag2a, wcag2aa, wcag21a,
 * wcag21aa, wcag22aa, and label-content-name-mismatch) on every screen of e2e/screenList.ts (the
 * administrator's and the public pages), in Spanish and Arabic, on a desktop and a 390×844 phone,
 * under the server's own Content-Security-Policy; and on the states a page load does not show: the
 * bell open with notifications, the monitoring page with its open alarms, its chart and its map.
 * No serious or critical violation; each screen has exactly one h1, its title, and the tab says
 * "<title> · <portal name>". Reports: e2e/artifacts/axe-a11y-*.json.
 */
import type { Page } from 'playwright-core';
import { checkAccessibility, newSession, WCAG_AA, type JourneyContext } from '../harness.js';
import { ADMIN, chooseLanguage, PUBLIC_ROUTES, SCREEN_WIDTH } from '../screenList.js';

type Screen = keyof typeof SCREEN_WIDTH;
/** Each language on each screen (a run on one of them alone: `accessibilityJourney(context, [['ar', 'phone']])`). */
const EVERY: [string, Screen][] = (['desktop', 'phone'] as const).flatMap((screen) => ['es', 'ar'].map((language): [string, Screen] => [language, screen]));
/** The portal's name in a fresh demo (the settings' name, GET /features). */
const BRAND = 'Solar Chile';
/** The demo plant with a failed string, whose monitoring page lists an open alarm. */
const FAULT_PLANT = 'Planta Maipú';

/**
 * The page's one h1 names it, and the tab carries it: `null` when so, else what is wrong. Waits a
 * little for it (a record's title comes with the record).
 */
async function titleProblem(page: Page): Promise<string | null> {
  const ok = (brand: string) => {
    const h1 = [...document.querySelectorAll('h1')];
    const text = h1[0]?.textContent?.trim();
    return h1.length === 1 && !!text && document.title === `${text} · ${brand}`;
  };
  if (await page.waitForFunction(ok, BRAND, { timeout: 1500 }).then(() => true, () => false)) return null;
  const { h1, title } = await page.evaluate(() => ({
    h1: [...document.querySelectorAll('h1')].map((h) => h.textContent?.trim()), title: document.title,
  }));
  return h1.length === 1 ? `the tab says '${title}' (h1 '${h1[0]}')` : `${h1.length} h1 (${h1.join(' | ')}), tab '${title}'`;
}

export async function accessibilityJourney({ server, browser, journey }: JourneyContext, runs = EVERY) {
  journey.begin('Accessibility (axe, WCAG 2.2 AA: every screen in Spanish and Arabic, desktop and phone)', []);
  const problems: string[] = [];
  let checked = 0;
  let clean = 0;
  /** Runs axe and the title check on what the page shows now. */
  const check = async (page: Page, name: string, titled = true) => {
    await page.waitForLoadState('networkidle').catch(() => {});
    // Settled: a spinner of a read still under way (the top bar's, a card's) is not the page.
    await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'), undefined, { timeout: 10_000 }).catch(() => {});
    const bad = await checkAccessibility(page, `a11y-${name}`, WCAG_AA);
    const title = titled ? await titleProblem(page) : null;
    checked += 1;
    if (!bad.length) clean += 1;
    for (const v of bad) problems.push(`${name}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`);
    if (title) problems.push(`${name}: ${title}`);
  };

  for (const [language, screen] of runs) {
    await journey.step(`every screen, the bell open and the monitoring page's alarms, chart and map: ${language}, ${screen} (${SCREEN_WIDTH[screen]} px)`, async () => {
      const { context, page, pageErrors } = await newSession(browser, { phone: screen === 'phone' });
      try {
        const response = await page.goto(`${server.url}/${PUBLIC_ROUTES[0]}`);
        // axe runs under the app's own policy (playwright injects it through the DevTools protocol).
        if (!/script-src/.test(response?.headers()['content-security-policy'] ?? '')) throw new Error('the page came without its Content-Security-Policy');
        await chooseLanguage(page, language);
        for (const route of PUBLIC_ROUTES) {
          await page.goto(`${server.url}/${route}`);
          await page.locator('h1').waitFor();
          await check(page, `${language}-${screen}-${route}`);
        }
        // Signs in in the chosen language (the harness's signIn reads the Spanish labels).
        await page.goto(`${server.url}/login`);
        await page.locator('input[name="email"]').fill(ADMIN.email);
        await page.locator('input[name="password"]').fill(ADMIN.password);
        await page.locator('button[type="submit"]').click();
        await page.waitForURL(/\/app\/monitoring/);
        // The monitoring page of the demo fault's plant (the fleet view's row opens it) with what
        // loads late: its open alarm (opened by the alarm rules' first scheduled run, a minute after
        // the server starts), the chart, the map (drawn as it nears the screen) and its markers.
        await page.goto(`${server.url}/app/fleet`);
        await page.getByText(FAULT_PLANT).first().click();
        await page.waitForURL(/\/app\/monitoring/);
        await page.locator('#main-content a[href^="/app/alarms/"][href$="/show"]').first().waitFor({ timeout: 120_000 });
        await page.locator('.MuiChartsSurface-root').first().waitFor();
        await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
        await page.locator('.leaflet-container').scrollIntoViewIfNeeded();
        await page.locator('path.leaflet-interactive').first().waitFor();
        await check(page, `${language}-${screen}-monitoring-alarms-chart-map`);
        // The bell, open with its latest notifications (the demo fault's alarm among them); the top
        // bar hides while the page scrolls down.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.locator('header button[aria-haspopup="dialog"]').click();
        await page.getByRole('dialog').locator('.MuiListItemButton-root').first().waitFor();
        await check(page, `${language}-${screen}-bell-open`, false);
        await page.keyboard.press('Escape');
        for (const route of ADMIN.routes) {
          await page.goto(`${server.url}/app/${route}`);
          await page.locator('#main-content').waitFor();
          await check(page, `${language}-${screen}-${route.replace(/\//g, '_')}`);
        }
        if (pageErrors.length) problems.push(`${language}-${screen}: script errors or CSP violations ${pageErrors.join(' | ')}`);
      } finally {
        await context.close();
      }
    });
  }

  await journey.step('no serious or critical axe violation, one h1 per screen and its title in the tab', async () => {
    console.log(`    ${clean} of ${checked} pages without a serious or critical axe violation`);
    if (problems.length) throw new Error(`${problems.length} problems:\n${problems.join('\n')}`);
  });
}
