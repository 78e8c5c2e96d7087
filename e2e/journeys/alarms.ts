/**
 * The alarm journey (issue 10), two sessions: the demo administrator opens the alarm list and finds
 * the demo fault's alarm (String 2 of Planta Maipú below its sibling, mppt_low, opened by the first
 * scheduled run), opens it, acknowledges it with a comment and turns it into a ticket in one click
 * (the ticket opens and links back); the demo customer of Maipú finds the alarm in the bell, opens it
 * and sees it acknowledged, without staff's buttons. Screenshots land in e2e/artifacts/alarms-*.png;
 * axe checks the alarm page of each user.
 */
import type { Page } from 'playwright-core';
import { accessibilityProblems, checkAccessibility, newSession, screenshot, signIn, type JourneyContext } from '../harness.js';

const KIND = 'MPPT o string con baja producción';
const TITLE = `${KIND}: Planta Maipú`;

/** Closes the 'Excelente' dialog once it shows `message`. */
async function expectSuccess(page: Page, message: string) {
  const dialog = page.getByRole('dialog', { name: 'Excelente' });
  await dialog.getByText(message).waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

export async function alarmsJourney({ server, browser, journey }: JourneyContext) {
  const admin = await newSession(browser);
  const customer = await newSession(browser);
  const firstProblem = accessibilityProblems.length;
  journey.begin('Alarms (the demo fault: demo administrator and demo customer, two sessions)', [admin.page, customer.page]);
  const comment = 'Técnico en camino para revisar el String 2.';
  let alarmPath = '';

  await journey.step('the administrator opens the alarm list and finds the demo fault\'s alarm on Planta Maipú', async () => {
    const { page } = admin;
    await signIn(page, server.url, 'admin@demo.cl', 'admin1234');
    // The menu's entry (react-admin's menu items are menuitems, not links).
    await page.getByRole('menuitem', { name: 'Alarmas', exact: true }).click();
    await page.waitForURL(/\/app\/alarms/);
    const row = page.getByRole('row').filter({ hasText: KIND }).filter({ hasText: 'Planta Maipú' }).first();
    await row.getByText('Abierta').waitFor();
    await row.getByText(/String 2/).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'alarms-01-admin-list');
    await row.getByText(KIND).click();
    await page.waitForURL(/\/app\/alarms\/\d+\/show/);
    alarmPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Historial' }).getByText('Se abrió').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'alarms-02-admin-alarm');
    await checkAccessibility(page, 'alarm-admin');
  });

  await journey.step('the fleet view fits a 1366 px screen beside the menu; on a narrower one it scrolls in its card, not the page sideways', async () => {
    const { page } = admin;
    await page.goto(`${server.url}/app/fleet`);
    await page.getByRole('row').filter({ hasText: 'Planta Maipú' }).first().waitFor();
    const widths = () => page.evaluate(() => {
      const table = document.querySelector('.RaDataTable-tableWrapper')!;
      return { page: document.scrollingElement!.scrollWidth, screen: window.innerWidth, table: table.scrollWidth, card: table.clientWidth };
    });
    const wide = await widths();
    if (wide.page > wide.screen) throw new Error(`the page is ${wide.page}px wide on a ${wide.screen}px screen`);
    if (wide.table > wide.card) throw new Error(`the fleet table is ${wide.table}px wide in its ${wide.card}px card on a ${wide.screen}px screen: it scrolls sideways`);
    await screenshot(page, 'alarms-02b-admin-fleet');
    // Its eight columns do not fit beside the menu on a 1024 px screen: the table scrolls in its card
    // (src/layout/Layout.tsx), so the check of the page's width is not idle.
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.waitForFunction(() => window.innerWidth === 1024);
    const narrow = await widths();
    if (narrow.page > narrow.screen) throw new Error(`the page is ${narrow.page}px wide on a ${narrow.screen}px screen`);
    if (narrow.table <= narrow.card) throw new Error(`the fleet table fits its card on a 1024 px screen (${narrow.table}px in ${narrow.card}px): nothing to scroll`);
    await screenshot(page, 'alarms-02c-admin-fleet-1024');
    await page.setViewportSize({ width: 1366, height: 900 });
    // Back to the alarm, where the next steps act.
    await page.goto(`${server.url}${alarmPath}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  });

  await journey.step('the administrator acknowledges it with a comment', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Reconocer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reconocer la alarma' });
    await dialog.getByRole('textbox', { name: 'Comentario' }).fill(comment);
    await dialog.getByRole('button', { name: 'Reconocer', exact: true }).click();
    await expectSuccess(page, 'Alarma reconocida exitosamente.');
    const history = page.getByRole('list', { name: 'Historial' });
    await history.getByText(/^Reconocida por /).waitFor();
    await history.getByText(comment).waitFor();
    await screenshot(page, 'alarms-03-admin-acknowledged');
  });

  await journey.step('the administrator turns it into a ticket in one click; the ticket opens and links back', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Convertir en ticket' }).click();
    await page.waitForURL(/\/app\/tickets\/\d+\/show/);
    await expectSuccess(page, 'Ticket creado a partir de la alarma exitosamente.');
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const back = page.getByRole('link', { name: /^Creado a partir de la alarma #\d+$/ });
    await back.waitFor();
    if (new URL(await back.evaluate((a) => (a as HTMLAnchorElement).href)).pathname !== alarmPath) throw new Error('the ticket does not link back to its alarm');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'alarms-04-admin-ticket');
  });

  await journey.step('the customer of Planta Maipú finds the alarm in the bell and opens it, acknowledged and read-only', async () => {
    const { page } = customer;
    await signIn(page, server.url, 'cliente@demo.cl', 'cliente1234');
    await page.getByRole('button', { name: /^Notificaciones: \d+ sin leer$/ }).click();
    const popover = page.getByRole('dialog', { name: 'Notificaciones' });
    await popover.getByText(TITLE).first().waitFor();
    await screenshot(page, 'alarms-05-customer-bell');
    await popover.getByText(TITLE).first().click();
    await page.waitForURL(/\/app\/alarms\/\d+\/show/);
    if (new URL(page.url()).pathname !== alarmPath) throw new Error(`the bell opened ${page.url()}, not ${alarmPath}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByText('Reconocida', { exact: true }).first().waitFor();
    await page.getByRole('list', { name: 'Historial' }).getByText(comment).waitFor();
    if (await page.getByRole('button', { name: 'Reconocer', exact: true }).count()) throw new Error('the customer is offered to acknowledge');
    if (await page.getByRole('button', { name: 'Convertir en ticket' }).count()) throw new Error('the customer is offered to make a ticket');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'alarms-06-customer-alarm');
    await checkAccessibility(page, 'alarm-customer');
  });

  await journey.step('no serious or critical accessibility violations (alarm page, administrator and customer)', async () => {
    const problems = accessibilityProblems.slice(firstProblem);
    if (problems.length) throw new Error(problems.join('\n'));
  });

  await journey.step('no script errors or CSP violations on either side (alarms)', async () => {
    const errors = [...admin.pageErrors, ...customer.pageErrors];
    if (errors.length) throw new Error(errors.join('\n'));
  });

  await admin.context.close();
  await customer.context.close();
}
