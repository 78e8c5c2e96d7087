/**
 * What an end-to-end run needs beyond the server and the browser (testing/browser.ts): screenshots
 * under e2e/artifacts/, axe checks, and a step runner that prints the closing "N passed, N failed" line.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import type { RunningServer } from '../testing/browser.js';

export { launchBrowser, signIn, startServer, type RunningServer } from '../testing/browser.js';

export const ARTIFACTS = path.resolve('e2e/artifacts');

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Serious or critical axe findings of the run, asserted by the journey's last step. */
export const accessibilityProblems: string[] = [];

/** The WCAG 2.2 AA rules of axe: levels A and AA of WCAG 2.0, 2.1 and 2.2. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page and records its serious or critical violations (the journey goes on, so one
 * run shows them all); with `tags`, only those rules, plus `label-content-name-mismatch` (WCAG 2.5.3,
 * which axe ships as experimental, off unless asked for). Returns the serious or critical ones.
 */
export async function checkAccessibility(page: Page, what: string, tags?: string[]) {
  const axe = new AxeBuilder({ page });
  if (tags) axe.withTags(tags).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  const results = await axe.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, `axe-${what}.json`), JSON.stringify(results.violations, null, 2));
  for (const v of bad) {
    accessibilityProblems.push(`${what}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  }
  return bad;
}

/**
 * The tally of a whole run: named steps, grouped by journey. A failed step skips the rest of its
 * journey (later steps depend on it) but not the next journey; every journey adds to the one count.
 */
export class Journey {
  passed = 0;
  failed = 0;
  private broken = false;
  private pages: Page[] = [];
  /** Starts a journey: what to screenshot when one of its steps fails. */
  begin(title: string, pages: Page[]) {
    this.broken = false;
    this.pages = pages;
    console.log(`\n${title}`);
  }
  async step(name: string, fn: () => Promise<void>) {
    if (this.broken) { this.failed += 1; console.log(`  - skipped: ${name}`); return; }
    try {
      await fn();
      this.passed += 1;
      console.log(`  ✓ ${name}`);
    } catch (err) {
      this.failed += 1;
      this.broken = true;
      console.log(`  ✗ ${name}\n    ${String((err as Error).stack ?? err).split('\n').slice(0, 6).join('\n    ')}`);
      const base = `failed-${name.replace(/\W+/g, '-').toLowerCase()}`;
      await Promise.all(this.pages.map((page, i) => screenshot(page, this.pages.length > 1 ? `${base}-${i + 1}` : base).catch(() => {})));
    }
  }
}

/** What every journey gets from e2e/run.ts: one server, one browser, one tally. */
export interface JourneyContext { server: RunningServer; browser: Browser; journey: Journey }

/** Marks the console messages that report a Content-Security-Policy violation. */
const CSP_VIOLATION = 'CSP violation:';

/**
 * A signed-out browser session of its own (cookies and storage apart from any other), a browser set
 * to Chilean Spanish unless `locale` says otherwise, on a desktop's screen or a phone's; with `storageState`, one that starts with that storage (a
 * returning user's: signed in, their choices kept) and an empty cache.
 * `pageErrors` collects script errors and Content-Security-Policy violations (each page reports
 * them as `securitypolicyviolation` events, passed on as console errors); journeys fail on any.
 */
export async function newSession(browser: Browser, { phone = false, storageState, locale = 'es-CL' }: { phone?: boolean; storageState?: BrowserContextOptions['storageState']; locale?: string } = {}) {
  const context = await browser.newContext({
    storageState, locale,
    ...(phone
      // A 390×844 phone (an iPhone 12-14's CSS pixels), touch and all.
      ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
      : { viewport: { width: 1366, height: 900 } }),
  });
  await context.addInitScript((marker) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`${marker} ${e.effectiveDirective} refused ${e.blockedURI || 'inline code'} (${e.sourceFile || document.location.pathname}:${e.lineNumber})`);
    });
  }, CSP_VIOLATION);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  page.on('console', (message) => { if (message.text().startsWith(CSP_VIOLATION)) pageErrors.push(message.text()); });
  return { context, page, pageErrors };
}

