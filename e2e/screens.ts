/**
 * Every screen, looked at again (issue 11: "look at every screen again the same way"): the built app
 * against `npm start`'s server on a fresh data dir (demo on), in Debian's Chromium, as the demo
 * administrator, the demo customer and the customer without projects, each in Spanish, Arabic and
 * Chinese, on a desktop (1366×900) or a 390×844 phone. Each page is screenshotted whole into
 * e2e/artifacts/screens/ (`<who>-<language>-<screen>-<route>.png`) to be opened and looked at, and
 * checked for what a script can see: a page wider than its screen (it scrolls sideways), a message
 * key shown raw instead of its text, an admin screen showing nothing (or the 404 page), a script
 * error. Prints what it found and exits 1 if anything.
 * Not part of CI (about 2.5 minutes on 2 cores): `npm run screens`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, launchBrowser, newSession, signIn, startServer } from './harness.js';
import { chooseLanguage, PUBLIC_ROUTES, RUNS, SCREEN_WIDTH } from './screenList.js';

const OUT = path.join(ARTIFACTS, 'screens');

const problems: string[] = [];

/** Waits for the page to settle, checks what a script can and screenshots it whole. */
async function look(page: Page, name: string, width: number, admin = true) {
  await page.waitForLoadState('networkidle').catch(() => {});
  const { scrollWidth, keys, blank } = await page.evaluate((admin) => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    // An admin screen that left the admin (for /404) or whose content area holds no text.
    blank: admin && !(location.pathname.startsWith('/app/') && document.querySelector<HTMLElement>('#main-content')?.innerText.trim()),
    // A key of our messages or react-admin's, shown as is: its text is missing in this language.
    keys: [...new Set([...document.body.innerText.matchAll(/\b(?:app|ra|resources)\.[a-z_]+\.[a-z_.]+/g)].map((m) => m[0]))],
  }), admin);
  if (scrollWidth > width) problems.push(`${name}: ${scrollWidth}px wide on a ${width}px screen`);
  if (keys.length) problems.push(`${name}: raw message keys ${keys.join(', ')}`);
  if (blank) problems.push(`${name}: shows nothing, or not an admin page`);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
}

fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const { viewer, locale, screen } of RUNS) {
    const { context, page, pageErrors } = await newSession(browser, { phone: screen === 'phone' });
    await signIn(page, server.url, viewer.email, viewer.password);
    await chooseLanguage(page, locale);
    for (const route of viewer.routes) {
      const name = `${viewer.who}-${locale}-${screen}-${route.replace(/\//g, '_')}`;
      try {
        await page.goto(`${server.url}/app/${route}`);
        await look(page, name, SCREEN_WIDTH[screen]);
      } catch (err) {
        problems.push(`${name}: ${(err as Error).message.split('\n')[0]}`);
      }
    }
    if (pageErrors.length) problems.push(`${viewer.who} in ${locale}: script errors ${pageErrors.join(' | ')}`);
    await context.close();
  }
  for (const screen of ['desktop', 'phone'] as const) {
    const { context, page } = await newSession(browser, { phone: screen === 'phone' });
    for (const route of PUBLIC_ROUTES) {
      await page.goto(`${server.url}/${route}`);
      await look(page, `public-es-${screen}-${route}`, SCREEN_WIDTH[screen], false);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`${fs.readdirSync(OUT).length} screens in ${path.relative(process.cwd(), OUT)}/`);
console.log(problems.length ? `found:\n  ${problems.join('\n  ')}` : 'nothing found by the script: now look at them');
process.exit(problems.length ? 1 : 0);
