/**
 * Every screen of the app, and who looks at it: the one list `npm run screens` (e2e/screens.ts)
 * screenshots and the accessibility journey (e2e/journeys/accessibility.ts) checks with axe.
 */
import type { Page } from 'playwright-core';
import { DEFAULT_LOCALE, localeInfo } from '../src/i18n/locales.js';

export const SCREEN_WIDTH = { desktop: 1366, phone: 390 } as const;

/**
 * Every screen of the admin, a record's page or form where a list has one (plants and the levels
 * below them have no list of their own: they are listed in their parent's page).
 */
export const STAFF_ROUTES = [
  'monitoring', 'fleet', 'alarms', 'projects', 'projects/create', 'projects/1/show', 'power-plants/1/show',
  'investors/1/show', 'mppts/1/show', 'strings/1/show', 'panels/1/show', 'tags', 'tags/create', 'equipments', 'equipments/create',
  'trademarks', 'users', 'users/create', 'users/1', 'configuration', 'notifications', 'notifications/create', 'tickets/list',
  'tickets/categories', 'profile/me',
];
/** A customer's screens, and two of staff's (which must say 'access denied'). */
export const CUSTOMER_ROUTES = ['monitoring', 'alarms', 'tickets/list', 'notifications', 'profile/me', 'projects', 'users'];

export interface Viewer { who: string; email: string; password: string; routes: string[] }
export const ADMIN: Viewer = { who: 'admin', email: 'admin@demo.cl', password: 'admin1234', routes: STAFF_ROUTES };
export const CUSTOMER: Viewer = { who: 'customer', email: 'cliente@demo.cl', password: 'cliente1234', routes: CUSTOMER_ROUTES };
export const NO_PROJECTS: Viewer = { who: 'no-projects', email: 'vecina@demo.cl', password: 'vecina1234', routes: ['monitoring', 'alarms', 'tickets/list'] };

/** Who looks, in which language, on which screen: each viewer in each language, desktops and phones mixed. */
export const RUNS: { viewer: Viewer; locale: string; screen: keyof typeof SCREEN_WIDTH }[] = [
  { viewer: ADMIN, locale: 'es', screen: 'desktop' },
  { viewer: ADMIN, locale: 'ar', screen: 'phone' },
  { viewer: ADMIN, locale: 'zh', screen: 'desktop' },
  { viewer: CUSTOMER, locale: 'es', screen: 'phone' },
  { viewer: CUSTOMER, locale: 'ar', screen: 'desktop' },
  { viewer: CUSTOMER, locale: 'zh', screen: 'phone' },
  { viewer: NO_PROJECTS, locale: 'es', screen: 'desktop' },
  { viewer: NO_PROJECTS, locale: 'ar', screen: 'phone' },
];
export const PUBLIC_ROUTES = ['login', 'register', 'forgot-password'];

/** Chooses the language in the top bar's menu (or a public page's), as a user does. */
export async function chooseLanguage(page: Page, locale: string) {
  if (locale === DEFAULT_LOCALE) return;
  // The language menu names each language in itself (src/i18n/locales.ts).
  await page.getByRole('button', { name: localeInfo(DEFAULT_LOCALE).name }).first().click();
  await page.getByRole('menuitem', { name: localeInfo(locale).name, exact: true }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, localeInfo(locale).lang);
}
