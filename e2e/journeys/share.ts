/**
 * The share-link journey (issue 37): the demo customer makes a link to their plant on the monitoring
 * page; signed out, the link opens on a lobby's 1920×1080 screen (Spanish, then Arabic, right to
 * left) and on a 390×844 phone, filling the screen without scrolling sideways; the list then shows
 * it opened; a revoked and an expired link each get their page. Screenshots: e2e/artifacts/share-*.png.
 */
import type { Page } from 'playwright-core';
import { newSession, screenshot, signIn, type JourneyContext } from '../harness.js';

const LOBBY = { width: 1920, height: 1080 };

/** Nothing sticks out sideways; on the lobby's screen nothing scrolls at all (no one is there to scroll). */
async function fillsScreen(page: Page, what: string, { width, height }: { width: number; height?: number }) {
  const { scrollWidth, scrollHeight } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth, scrollHeight: document.scrollingElement!.scrollHeight,
  }));
  if (scrollWidth > width) throw new Error(`${what}: ${scrollWidth}px wide on a ${width}px screen`);
  if (height && scrollHeight > height) throw new Error(`${what}: ${scrollHeight}px tall on a ${height}px screen`);
}

export async function shareJourney({ server, browser, journey }: JourneyContext) {
  const owner = await newSession(browser);
  const lobbyContext = await browser.newContext({ viewport: LOBBY, locale: 'es-CL' });
  const lobby = await lobbyContext.newPage();
  const phone = await newSession(browser, { phone: true });
  journey.begin('Share links (a lobby screen and a phone, signed out)', [owner.page, lobby, phone.page]);
  const at = (path: string) => `${server.url}${path}`;
  let link = '';
  let plant = 0;

  try {
    await journey.step('the customer makes a link to their plant on the monitoring page and copies its address', async () => {
      await signIn(owner.page, server.url, 'cliente@demo.cl', 'cliente1234');
      await owner.page.getByRole('button', { name: 'Compartir' }).click();
      const dialog = owner.page.getByRole('dialog', { name: 'Compartir la planta' });
      await dialog.getByRole('combobox', { name: 'Expira en' }).click();
      await owner.page.getByRole('option', { name: '1 semana' }).click();
      await dialog.getByRole('textbox', { name: /Nombre a mostrar/ }).fill('Colegio Los Aromos');
      const made = owner.page.waitForResponse((r) => /\/api\/share-link\/plant\/\d+$/.test(r.url()) && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Crear enlace' }).click();
      plant = Number(/plant\/(\d+)$/.exec((await made).url())![1]);
      link = await dialog.locator('input[readonly]').inputValue();
      if (!link.startsWith(`${server.url}/share/`)) throw new Error(`the address shown is ${link}`);
      await dialog.getByText('Nunca abierto').first().waitFor();
      await screenshot(owner.page, 'share-01-dialog-es');
      await dialog.getByRole('button', { name: 'Cerrar' }).click();
    });

    await journey.step("signed out, the link fills a lobby's 1920×1080 screen with the plant's live figures", async () => {
      await lobby.goto(link);
      await lobby.getByRole('heading', { level: 1, name: 'Colegio Los Aromos' }).waitFor();
      const power = lobby.getByRole('region', { name: 'Potencia ahora' });
      await power.getByText(/^[\d.,]+ kW$/).waitFor();
      await lobby.getByRole('region', { name: 'Producción de hoy' }).locator('svg path').first().waitFor();
      const size = await power.getByText(/^[\d.,]+ kW$/).evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
      if (size < 100) throw new Error(`the live power is ${size}px high on a lobby's screen`);
      const text = await lobby.locator('body').innerText();
      for (const secret of ['cliente@demo.cl', 'Planta ']) if (text.includes(secret)) throw new Error(`the shared page shows '${secret}'`);
      await fillsScreen(lobby, 'lobby (es)', LOBBY);
      await screenshot(lobby, 'share-02-lobby-es');
    });

    await journey.step('in Arabic the lobby screen reads right to left, its curve still left to right', async () => {
      await lobby.getByRole('button', { name: 'Español' }).click();
      await lobby.getByRole('menuitem', { name: 'العربية' }).click();
      await lobby.waitForFunction(() => document.documentElement.dir === 'rtl');
      await lobby.getByRole('region', { name: 'القدرة الآن' }).waitFor();
      await fillsScreen(lobby, 'lobby (ar)', LOBBY);
      await screenshot(lobby, 'share-03-lobby-ar');
    });

    await journey.step('on a 390×844 phone the same link stacks its figures and curve within the width', async () => {
      await phone.page.goto(link);
      await phone.page.getByRole('region', { name: 'Potencia ahora' }).getByText(/^[\d.,]+ kW$/).waitFor();
      await phone.page.getByRole('region', { name: 'Producción de hoy' }).locator('svg path').first().waitFor();
      await fillsScreen(phone.page, 'phone (es)', { width: 390 });
      await screenshot(phone.page, 'share-04-phone-es');
    });

    await journey.step('the list shows the link opened; revoked, the link says so', async () => {
      await owner.page.getByRole('button', { name: 'Compartir' }).click();
      const dialog = owner.page.getByRole('dialog', { name: 'Compartir la planta' });
      const row = dialog.getByRole('listitem').filter({ hasText: 'Colegio Los Aromos' });
      await row.getByText(/Última apertura/).waitFor();
      await row.getByRole('button', { name: 'Revocar' }).click();
      await row.getByText('Revocado').waitFor();
      await screenshot(owner.page, 'share-05-dialog-opened-revoked-es');
      await phone.page.goto(link);
      await phone.page.getByRole('alert').getByText('Este enlace fue revocado').waitFor();
      await screenshot(phone.page, 'share-06-revoked-phone-es');
    });

    await journey.step('an expired link gets its own page', async () => {
      const signedIn = await owner.page.request.post(at('/api/auth/token'), { data: { email: 'cliente@demo.cl', password: 'cliente1234' } });
      const auth = { Authorization: `Bearer ${(await signedIn.json() as { access: string }).access}` };
      const made = await owner.page.request.post(at(`/api/share-link/plant/${plant}`), {
        data: { expires_at: new Date(Date.now() + 2000).toISOString() }, headers: auth,
      });
      if (made.status() !== 201) throw new Error(`a short link was not made: ${made.status()} ${await made.text()}`);
      const { token: shared } = await made.json() as { token: string };
      await new Promise((r) => setTimeout(r, 2500));
      await lobby.goto(at(`/share/${shared}`));
      await lobby.getByRole('alert').getByText('انتهت صلاحية هذا الرابط').waitFor();
      await screenshot(lobby, 'share-07-expired-lobby-ar');
      await phone.page.goto(at(`/share/${shared}`));
      await phone.page.getByRole('alert').getByText('Este enlace expiró').waitFor();
      await screenshot(phone.page, 'share-08-expired-phone-es');
    });

    await journey.step('no script error or blocked resource on the shared pages', async () => {
      const errors = [...owner.pageErrors, ...phone.pageErrors];
      if (errors.length) throw new Error(errors.join('\n'));
    });
  } finally {
    await owner.context.close();
    await lobbyContext.close();
    await phone.context.close();
  }
}
