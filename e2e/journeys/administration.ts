/**
 * The administrator's journey in Chromium: sign in, look at a list, create a project and a plant,
 * open the demo ticket, switch to Arabic (right-to-left), sign out. Screenshots land in
 * e2e/artifacts/; axe checks the login page, a list, a form and a detail page in Spanish and Arabic
 * (no serious or critical violations).
 */
import { accessibilityProblems, checkAccessibility, newSession, screenshot, type JourneyContext } from '../harness.js';

export async function administrationJourney({ server, browser, journey }: JourneyContext) {
  // A browser set to English with the portal in Spanish: what is typed follows the portal's language.
  const { context, page, pageErrors } = await newSession(browser, { locale: 'en-US' });
  const at = (path: string) => `${server.url}${path}`;
  const firstProblem = accessibilityProblems.length;
  journey.begin('Administration (demo administrator)', [page]);

  await journey.step('the login page is accessible, in Spanish', async () => {
    await page.goto(at('/'));
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    // The guard's redirect replaces the history entry once; it used to push /login hundreds of times.
    const entries = await page.evaluate(() => history.length);
    if (entries > 3) throw new Error(`the redirect to /login left ${entries} history entries`);
    await screenshot(page, '01-login-es');
    await checkAccessibility(page, 'login-es');
  });

  await journey.step('the administrator signs in and lands on monitoring', async () => {
    await page.getByLabel('Correo Electrónico').fill('admin@demo.cl');
    await page.getByLabel('Contraseña').fill('admin1234');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(/\/app\/monitoring/);
    // The map and the chart are lazy chunks: wait until both are drawn (the CSP check covers them).
    // The map, below the fold, is drawn as the user scrolls near it.
    await page.locator('.MuiChartsSurface-root').first().waitFor();
    await page.getByRole('heading', { name: 'Mapa de centrales' }).scrollIntoViewIfNeeded();
    await page.locator('.leaflet-container').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, '02-monitoring-es');
  });

  await journey.step('the projects list shows the demo projects', async () => {
    await page.goto(at('/app/projects'));
    await page.getByText('Proyecto Demo Santiago').first().waitFor();
    await screenshot(page, '03-projects-es');
    await checkAccessibility(page, 'list-es');
  });

  await journey.step('the administrator creates a project', async () => {
    await page.goto(at('/app/projects/create'));
    await page.getByLabel('Nombre').first().waitFor();
    await checkAccessibility(page, 'form-es');
    await page.getByLabel('Nombre').first().fill('Proyecto E2E Pudahuel');
    await screenshot(page, '04-project-form-es');
    await page.getByRole('button', { name: 'Guardar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excelente' });
    await dialog.getByText('Proyecto creado exitosamente.').waitFor();
    await screenshot(page, '05-project-created-es');
    await dialog.getByRole('button').last().click();
    await page.getByRole('heading', { name: 'Proyecto E2E Pudahuel' }).first().waitFor();
  });

  await journey.step('the administrator adds a power plant to it', async () => {
    await page.getByRole('button', { name: 'Agregar central eléctrica' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Nombre').fill('Planta E2E Pudahuel');
    // A decimal comma and a date typed as digits (DD MM YYYY), as a Chilean types them.
    await form.getByLabel('Capacidad (kWp)').fill('5,45');
    await form.getByRole('group', { name: 'Fecha de puesta en marcha' }).click();
    await page.keyboard.type('15112026');
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && /power-plant/.test(r.url()));
    await form.getByRole('button', { name: 'Guardar' }).click();
    const plant = await (await created).json() as { capacity_kwp: number; commissioned_on: string };
    if (plant.capacity_kwp !== 5.45 || plant.commissioned_on !== '2026-11-15') throw new Error(`the plant was saved with ${JSON.stringify(plant)}`);
    await page.getByRole('dialog', { name: 'Excelente' }).getByText('Central eléctrica creada exitosamente.').waitFor();
    await page.getByRole('dialog', { name: 'Excelente' }).getByRole('button').last().click();
    await page.getByText('Planta E2E Pudahuel').first().waitFor();
    await screenshot(page, '06-project-detail-es');
    await checkAccessibility(page, 'detail-es');
  });

  await journey.step('staff open the demo ticket from the ticket list and see its thread', async () => {
    await page.goto(at('/app/tickets/list'));
    await page.getByText('Baja producción en Planta Maipú').first().click();
    await page.waitForURL(/\/app\/tickets\/\d+\/show/);
    await page.getByRole('textbox').first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, '06b-ticket-thread-es');
  });

  await journey.step('Arabic turns the whole layout right-to-left', async () => {
    await page.goto(at('/app/projects'));
    await page.getByRole('button', { name: 'Español' }).first().click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
    await page.getByText('Proyecto Demo Santiago').first().waitFor();
    await screenshot(page, '07-projects-ar');
    await checkAccessibility(page, 'list-ar');
  });

  await journey.step('Arabic form and detail pages are accessible', async () => {
    await page.goto(at('/app/projects/create'));
    await page.locator('form').first().waitFor();
    await screenshot(page, '08-project-form-ar');
    await checkAccessibility(page, 'form-ar');
    await page.goto(at('/app/projects'));
    await page.getByText('Proyecto E2E Pudahuel').first().click();
    await page.getByText('Planta E2E Pudahuel').first().waitFor();
    await screenshot(page, '09-project-detail-ar');
    await checkAccessibility(page, 'detail-ar');
  });

  await journey.step('signing out returns to the login page, in Arabic', async () => {
    await page.goto(at('/logout'));
    await page.waitForURL(/\/login$/);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await screenshot(page, '10-login-ar');
    await checkAccessibility(page, 'login-ar');
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => /token|profile|user/i.test(k)));
    if (stored.length) throw new Error(`still stored after logout: ${stored.join(', ')}`);
  });

  await journey.step('no serious or critical accessibility violations (login, list, form, detail; es and ar)', async () => {
    const problems = accessibilityProblems.slice(firstProblem);
    if (problems.length) throw new Error(problems.join('\n'));
  });

  await journey.step('no script errors or CSP violations on any page (login, monitoring with its map and chart, ticket thread)', async () => {
    if (pageErrors.length) throw new Error(pageErrors.join('\n'));
  });

  await context.close();
}
