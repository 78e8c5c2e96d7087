/**
 * The phone journey (issue 11): the demo administrator on a 390×844 phone. The monitoring page, a
 * list, a form, a project's page and the ticket thread each fit the screen's width (nothing scrolls
 * sideways), their actions are on screen and tappable, and a dialog's buttons are inside the dialog;
 * the top bar names each page whole (a customer's access-denied page too); then the same pages in
 * Arabic (right to left) with axe (no serious or critical violation). Screenshots:
 * e2e/artifacts/phone-*.png.
 */
import type { Locator, Page } from 'playwright-core';
import { accessibilityProblems, checkAccessibility, newSession, screenshot, signIn, type JourneyContext } from '../harness.js';

const WIDTH = 390;

/** Nothing on the page is wider than the phone's screen. */
async function fitsWidth(page: Page, what: string) {
  const { scrollWidth, wide } = await page.evaluate((width) => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    // What sticks out, to say where the overflow comes from.
    wide: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > width + 1 && e.getClientRects().length)
      .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 2).join('.')}`),
  }), WIDTH);
  if (scrollWidth > WIDTH) throw new Error(`${what}: the page is ${scrollWidth}px wide on a ${WIDTH}px screen (${wide.join(', ')})`);
}

/** The element is shown inside the screen (not cut by its edges), so a thumb can reach it. */
async function onScreen(element: Locator, what: string) {
  await element.waitFor();
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (!box || box.x < 0 || box.x + box.width > WIDTH + 1 || box.width < 24 || box.height < 24) {
    throw new Error(`${what} is not on screen or too small to tap: ${JSON.stringify(box)}`);
  }
}

/** `inner` lies within `outer` (a dialog's button inside the dialog, a row's icons inside the row). */
async function inside(inner: Locator, outer: Locator, what: string) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b || a.x < b.x || a.y < b.y || a.x + a.width > b.x + b.width + 1 || a.y + a.height > b.y + b.height + 1) {
    throw new Error(`${what} is outside: ${JSON.stringify(a)} in ${JSON.stringify(b)}`);
  }
}

/**
 * A simple list's row whose title fills its first line: the end text (a date, a status), which
 * floats at the end of that line, then goes under the title, and must not run into the row's second
 * line ('Inversor 129-11-2026' on a customer's notification). The first row's title is lengthened
 * word by word in the page until its end text no longer fits beside it.
 */
async function longTitleEndClear(page: Page, what: string) {
  const problem = await page.evaluate(() => {
    const end = document.querySelector<HTMLElement>('.RaSimpleList-tertiary');
    const title = end?.parentElement;
    const second = end?.closest('.MuiListItemText-root')?.querySelector('.MuiListItemText-secondary');
    if (!end || !title || !second) return 'no row with an end text and a second line';
    const top = end.getBoundingClientRect().top;
    const text = document.createTextNode('');
    title.insertBefore(text, end);
    for (let words = 0; end.getBoundingClientRect().top <= top + 1; words += 1) {
      if (words > 200) return 'the end text never left the first line';
      text.data += ' producción';
    }
    const [a, b] = [end.getBoundingClientRect(), second.getBoundingClientRect()];
    return a.bottom > b.top + 1 && a.top < b.bottom ? `'${end.textContent}' runs into '${second.textContent?.slice(0, 40)}'` : '';
  });
  if (problem) throw new Error(`${what}: ${problem}`);
}

/** The elements start at the same place on their lines (a wrapped row's items are not indented). */
async function sameStart(elements: Locator[], what: string) {
  const boxes = await Promise.all(elements.map((e) => e.boundingBox()));
  const starts = boxes.map((b) => Math.round(b?.x ?? -1));
  if (starts.some((x) => Math.abs(x - starts[0]) > 1)) throw new Error(`${what} start at ${starts.join(', ')} px`);
}

/**
 * The top bar names the page, whole and inside the screen: on a phone the menu that would show where
 * the user is lies folded away (it showed the brand instead, on every page).
 */
async function namesThePage(page: Page, title: string) {
  const bar = page.locator('#react-admin-title');
  await bar.getByText(title, { exact: true }).waitFor();
  const box = await bar.boundingBox();
  if (!box || !(await bar.isVisible()) || box.x < 0 || box.x + box.width > WIDTH + 1) {
    throw new Error(`the top bar does not show the page's title '${title}' on screen: ${JSON.stringify(box)}`);
  }
  // Cut at the bar's edge, or shortened to an ellipsis by the title's own box.
  if (await bar.evaluate((e) => [e, ...e.children].some((t) => t.scrollWidth > t.clientWidth + 1))) {
    throw new Error(`the top bar cuts the page's title '${title}'`);
  }
}

/**
 * A title longer than the top bar ends in an ellipsis inside it, instead of running past its edge to
 * be cut there, and it is its end that goes: its first letter is shown (a Spanish name in Arabic too).
 */
async function longTitleEllipsis(page: Page) {
  const { text, inner, outer, ellipsis, startShown } = await page.locator('#react-admin-title').evaluate((bar) => {
    const title = bar.firstElementChild as HTMLElement;
    const box = title.getBoundingClientRect();
    const first = document.createRange();
    const node = document.createTreeWalker(title, NodeFilter.SHOW_TEXT).nextNode()!;
    first.setStart(node, 0);
    first.setEnd(node, 1);
    const letter = first.getBoundingClientRect();
    return {
      text: bar.textContent,
      inner: box.right, outer: bar.getBoundingClientRect().right,
      ellipsis: title.scrollWidth > title.clientWidth && getComputedStyle(title).textOverflow === 'ellipsis',
      startShown: letter.left >= box.left - 1 && letter.right <= box.right + 1,
    };
  });
  if (inner > outer + 1 || !ellipsis) throw new Error(`the title '${text}' runs past the top bar's edge (${inner} > ${outer}) instead of ending in an ellipsis`);
  if (!startShown) throw new Error(`the title '${text}' is shortened at its start instead of its end`);
}

/** Each plant row of a project's page holds its icon, name and expand chevron (a long address is cut short). */
async function plantRowsFit(page: Page, what: string) {
  const rows = page.locator('[id^="power-plants-"][id$="-header"]');
  await rows.first().waitFor();
  for (const row of await rows.all()) {
    const name = (await row.innerText()).split('\n')[0];
    for (const icon of await row.locator('svg').all()) await inside(icon, row, `${what}: an icon of '${name}'`);
  }
}

export async function phoneJourney({ server, browser, journey }: JourneyContext) {
  const { context, page, pageErrors } = await newSession(browser, { phone: true });
  const at = (path: string) => `${server.url}${path}`;
  const firstProblem = accessibilityProblems.length;
  journey.begin('On a phone, 390×844 (demo administrator)', [page]);

  await journey.step('the login page fits the phone and signs in', async () => {
    await page.goto(at('/login'));
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    await fitsWidth(page, 'login');
    await screenshot(page, 'phone-01-login-es');
    await signIn(page, server.url, 'admin@demo.cl', 'admin1234');
  });

  await journey.step('the monitoring page fits, with its cards and the day chart', async () => {
    await page.locator('.MuiChartsSurface-root').first().waitFor();
    await page.waitForLoadState('networkidle');
    await fitsWidth(page, 'monitoring');
    await screenshot(page, 'phone-02-monitoring-es');
  });

  await journey.step("the ticket list is a simple list, named in the top bar, and 'Nuevo ticket' is on screen", async () => {
    await page.goto(at('/app/tickets/list'));
    await page.getByText('Baja producción en Planta Maipú').first().waitFor();
    if (await page.locator('table').count()) throw new Error('the ticket list is still a table');
    await onScreen(page.getByRole('button', { name: 'Nuevo ticket' }), "'Nuevo ticket'");
    await namesThePage(page, 'Tickets');
    await fitsWidth(page, 'ticket list');
    await screenshot(page, 'phone-03-tickets-es');
  });

  await journey.step("a row whose title fills its line keeps its status off the row's second line", async () => {
    await longTitleEndClear(page, 'ticket list');
    await screenshot(page, 'phone-03b-tickets-long-title-es');
    // The lengthened title was the page's own doing: the list as the server has it again.
    await page.reload();
    await page.getByText('Baja producción en Planta Maipú').first().waitFor();
  });

  await journey.step("the new-ticket dialog keeps its buttons inside and says what is missing", async () => {
    await page.getByRole('button', { name: 'Nuevo ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo ticket' });
    const save = dialog.getByRole('button', { name: 'Guardar' });
    await onScreen(save, "the dialog's 'Guardar'");
    await inside(save, dialog, "'Guardar'");
    await save.click();
    await dialog.getByText('El título es requerido').waitFor();
    await fitsWidth(page, 'new-ticket dialog');
    await screenshot(page, 'phone-04-new-ticket-es');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  await journey.step('a form fits the width, named whole in the top bar, its save button on screen', async () => {
    await page.goto(at('/app/projects/create'));
    await page.getByLabel('Nombre').first().waitFor();
    await namesThePage(page, 'Crear Proyecto');
    await onScreen(page.getByRole('button', { name: 'Guardar' }), "the form's 'Guardar'");
    await fitsWidth(page, 'project form');
    await screenshot(page, 'phone-05-project-form-es');
  });

  await journey.step("a project's plants fit their rows, icon and chevron inside", async () => {
    await page.goto(at('/app/projects/1/show'));
    await plantRowsFit(page, 'project page');
    await fitsWidth(page, 'project page');
    await screenshot(page, 'phone-06-project-es');
  });

  let threadPath = '';
  await journey.step('the ticket thread fits, its long title ends in an ellipsis, the reply box and its send button on screen', async () => {
    await page.goto(at('/app/tickets/list'));
    await page.getByText('Baja producción en Planta Maipú').first().click();
    await page.waitForURL(/\/app\/tickets\/\d+\/show/);
    threadPath = new URL(page.url()).pathname;
    await page.getByRole('textbox', { name: 'Respuesta' }).waitFor();
    // The ticket's controls wrap one under the other on a phone, each from the card's start.
    await sameStart([page.getByRole('combobox', { name: 'Estado del ticket' }), page.getByRole('combobox', { name: 'Administrador asignado' })],
      "the ticket's status and assignment");
    await onScreen(page.getByRole('button', { name: 'Enviar', exact: true }), "the thread's 'Enviar'");
    await longTitleEllipsis(page);
    await page.waitForLoadState('networkidle');
    await fitsWidth(page, 'ticket thread');
    await screenshot(page, 'phone-07-thread-es');
  });

  await journey.step("a customer opening a project that is not theirs reads 'Acceso denegado', whole, in the top bar", async () => {
    const customer = await newSession(browser, { phone: true });
    try {
      await signIn(customer.page, server.url, 'cliente@demo.cl', 'cliente1234');
      await customer.page.goto(at('/app/projects/2/show'));
      await namesThePage(customer.page, 'Acceso denegado');
      await fitsWidth(customer.page, 'access denied');
      await screenshot(customer.page, 'phone-07b-access-denied-es');
      if (customer.pageErrors.length) throw new Error(customer.pageErrors.join('\n'));
    } finally {
      await customer.context.close();
    }
  });

  await journey.step('the skip link shows when focused, dark on light', async () => {
    await page.goto(at('/app/projects'));
    await page.getByText('Proyecto Demo Santiago').first().waitFor();
    await page.keyboard.press('Tab');
    // It slides in from above the screen on focus (a transition of a fraction of a second).
    await page.waitForFunction(() => (document.activeElement?.getBoundingClientRect().top ?? -1) >= 0, null, { timeout: 2000 }).catch(() => {});
    const colours = await page.evaluate(() => {
      const link = document.activeElement as HTMLElement;
      const style = getComputedStyle(link);
      // On a phone react-admin makes it an icon button: its words are the theme's ::after.
      const words = `${link.innerText} ${getComputedStyle(link, '::after').content.replace(/^none$/, '')}`.trim();
      return { words, color: style.color, background: style.backgroundColor, top: link.getBoundingClientRect().top };
    });
    if (!/Saltar al contenido/.test(colours.words) || colours.color === colours.background || colours.top < 0) {
      throw new Error(`the skip link does not show: ${JSON.stringify(colours)}`);
    }
    await screenshot(page, 'phone-08-skip-link-es');
  });

  await journey.step('in Arabic the same pages fit the phone, right to left, and are accessible', async () => {
    await page.goto(at('/app/projects'));
    await page.getByRole('button', { name: 'Español' }).first().click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByText('Proyecto Demo Santiago').first().waitFor();
    await namesThePage(page, 'مشاريع');
    await fitsWidth(page, 'project list (ar)');
    await screenshot(page, 'phone-09-projects-ar');
    await checkAccessibility(page, 'phone-list-ar');

    await page.goto(at('/app/monitoring'));
    await page.locator('.MuiChartsSurface-root').first().waitFor();
    await page.waitForLoadState('networkidle');
    await fitsWidth(page, 'monitoring (ar)');
    await screenshot(page, 'phone-10-monitoring-ar');
    await checkAccessibility(page, 'phone-monitoring-ar');

    await page.goto(at('/app/projects/create'));
    await page.locator('form').first().waitFor();
    await fitsWidth(page, 'project form (ar)');
    await screenshot(page, 'phone-11-project-form-ar');
    await checkAccessibility(page, 'phone-form-ar');

    await page.goto(at('/app/projects/1/show'));
    await plantRowsFit(page, 'project page (ar)');
    await longTitleEllipsis(page);
    await fitsWidth(page, 'project page (ar)');
    await screenshot(page, 'phone-12-project-ar');

    await page.goto(at(threadPath));
    await page.getByRole('textbox').first().waitFor();
    await page.waitForLoadState('networkidle');
    await fitsWidth(page, 'ticket thread (ar)');
    await screenshot(page, 'phone-13-thread-ar');
    await checkAccessibility(page, 'phone-thread-ar');
  });

  await journey.step('no serious or critical accessibility violations on the phone in Arabic (list, monitoring, form, thread)', async () => {
    const problems = accessibilityProblems.slice(firstProblem);
    if (problems.length) throw new Error(problems.join('\n'));
  });

  await journey.step('no script errors or CSP violations on the phone', async () => {
    if (pageErrors.length) throw new Error(pageErrors.join('\n'));
  });

  await context.close();
}
