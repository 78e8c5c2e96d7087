/**
 * The installed app (issue 37, docs/web.md "Installable app"): the demo customer's browser takes the
 * service worker, which then controls the page; with the network cut, a reload opens the app on the
 * figures last seen, saying since when; a new version is announced and taken on "Recargar"; a
 * message pushed to the worker through the DevTools protocol shows a notice, whose tap opens the
 * alarm. The same offline page and announcement in Arabic on a 390×844 phone.
 * Screenshots: e2e/artifacts/app-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { newSession, screenshot, signIn, type JourneyContext } from '../harness.js';

const SW = path.resolve('dist/sw.js');

/** Waits until the service worker controls the page, with its files precached; gives the worker. */
async function controlled(context: BrowserContext, page: Page): Promise<Worker> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 120_000 })
    .catch(() => { throw new Error('no service worker controls the page'); });
  const worker = context.serviceWorkers()[0] ?? await context.waitForEvent('serviceworker');
  return worker;
}

/** The monitoring page drawn by the app with its figure cards (the first view gone). */
const figuresDrawn = (page: Page) => page.waitForFunction(
  () => !document.getElementById('first-view') && document.querySelectorAll('#root .MuiCard-root[aria-label]').length >= 5,
  null, { timeout: 60_000 },
).catch(() => { throw new Error('the monitoring page drew no figure cards'); });

/**
 * Offline, a reload opens the monitoring page on the kept figures with the "last updated" line; the
 * network is back afterwards.
 */
async function offlineReload(context: BrowserContext, page: Page, lastUpdated: RegExp, shot: string) {
  // Online once under the worker's control, so what the page reads passes through it and is kept.
  await page.reload();
  await figuresDrawn(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await figuresDrawn(page);
    await page.getByText(lastUpdated).waitFor({ timeout: 30_000 })
      .catch(() => { throw new Error('offline, the page does not say when its figures were last updated'); });
    await screenshot(page, shot);
  } finally {
    await context.setOffline(false);
  }
}

/**
 * A new version published (the worker's file changed, as a new build changes it): the page's update
 * check finds it waiting and announces it; returns how to put the file back.
 */
async function publishNewVersion(page: Page, announcement: string) {
  const original = fs.readFileSync(SW, 'utf8');
  fs.writeFileSync(SW, `${original}\n// ${Date.now()}`);
  await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration())!.update(); });
  await page.getByText(announcement).waitFor({ timeout: 60_000 })
    .catch(() => { throw new Error(`the new version is not announced ('${announcement}')`); });
  return () => fs.writeFileSync(SW, original);
}

export async function installedAppJourney({ server, browser, journey }: JourneyContext) {
  const pages: Page[] = [];
  const contexts: BrowserContext[] = [];
  journey.begin('The installed app (demo customer): the shell and figures offline, a new version, a pushed notice', pages);
  try {
    const { context, page, pageErrors } = await newSession(browser);
    contexts.push(context);
    pages.push(page);

    await journey.step('the page links the manifest, which names the portal and opens on the monitoring page', async () => {
      await signIn(page, server.url, 'cliente@demo.cl', 'cliente1234');
      const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel="manifest"]')!.getAttribute('href')!)).json());
      if (manifest.name !== 'Solar Chile' || manifest.start_url !== '/app/monitoring' || manifest.display !== 'standalone') {
        throw new Error(`manifest: ${JSON.stringify(manifest)}`);
      }
    });

    await journey.step('the service worker is registered and controls the page', async () => {
      const worker = await controlled(context, page);
      if (!worker.url().endsWith('/sw.js')) throw new Error(`the worker is ${worker.url()}`);
    });

    await journey.step("offline, a reload opens the app on the figures last seen, with when they were last updated", async () => {
      await offlineReload(context, page, /Última actualización/, 'app-offline-es');
      if (pageErrors.length) throw new Error(`script errors: ${pageErrors.join('; ')}`);
    });

    await journey.step('a new version is announced, and on "Recargar" the page reloads on it', async () => {
      const restore = await publishNewVersion(page, 'Hay una nueva versión de la aplicación.');
      try {
        await screenshot(page, 'app-update-es');
        const before = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL && performance.timeOrigin);
        await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), page.getByRole('button', { name: 'Recargar' }).click()]);
        await figuresDrawn(page);
        const after = await page.evaluate(() => performance.timeOrigin);
        if (after === before) throw new Error('the page did not reload');
        const waiting = await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);
        if (waiting) throw new Error('the new version still waits');
      } finally {
        restore();
      }
    });

    await journey.step("a pushed message shows a notice; tapping it opens the alarm's page", async () => {
      await context.grantPermissions(['notifications'], { origin: server.url });
      const alarm = await page.evaluate(async () => {
        const answer = await fetch('/api/alarm/list', { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } });
        const body = await answer.json() as { id: number }[] | { results: { id: number }[] };
        return (Array.isArray(body) ? body : body.results)[0]?.id;
      });
      if (!alarm) throw new Error('the demo customer has no alarm to be told about');
      const url = `/app/alarms/${alarm}/show`;
      // Pushed through the DevTools protocol, as the push service would deliver it.
      const cdp = await context.newCDPSession(page);
      const registration = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const found = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${server.url}/` && !r.isDeleted);
          if (found) resolve(found.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url, registrationId: await registration,
        data: JSON.stringify({ title: 'Alarma abierta', body: 'Planta demo: falla del inversor', url, tag: `alarm-${alarm}` }),
      });
      const notices = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications())
        .map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url })));
      let shown = await notices();
      for (const until = Date.now() + 30_000; !shown.length && Date.now() < until;) {
        await page.waitForTimeout(250);
        shown = await notices();
      }
      if (shown[0]?.title !== 'Alarma abierta' || shown[0].url !== url) throw new Error(`the notices shown: ${JSON.stringify(shown)}`);
      // A tap cannot be made through the DevTools protocol: the worker's own notice is clicked in the
      // worker (a notificationclick event on it), which takes the open window to the alarm.
      await page.goto(`${server.url}/app/monitoring`);
      await figuresDrawn(page);
      await Promise.all([
        page.waitForURL(`**${url}`, { timeout: 30_000 }),
        (async () => {
          // The worker of the version now active (the one registered first was replaced by the new version).
          const states = await Promise.all(context.serviceWorkers().map((w) => w.evaluate(() => (self as unknown as ServiceWorkerGlobalScope).serviceWorker.state).catch(() => 'gone')));
          const active = context.serviceWorkers()[states.indexOf('activated')];
          if (!active) throw new Error(`no active service worker (${states.join(', ')})`);
          // A click on the notice shown, dispatched in the worker (its waitUntil refuses an event made by a
          // script, after the handler has started the navigation).
          await active.evaluate(async () => {
            const scope = self as unknown as ServiceWorkerGlobalScope;
            const [notification] = await scope.registration.getNotifications();
            try { scope.dispatchEvent(new NotificationEvent('notificationclick', { notification })); } catch { /* waitUntil, above */ }
          });
        })(),
      ]);
      // The alarm's page: what its rule saw.
      await page.getByText('Lo que vio la regla').waitFor({ timeout: 30_000 })
        .catch(() => { throw new Error("the alarm's page does not show the alarm"); });
    });

    const phone = await newSession(browser, { phone: true });
    contexts.push(phone.context);
    pages.push(phone.page);
    await journey.step('in Arabic on a phone: the figures offline with when they were last updated, and a new version announced', async () => {
      await signIn(phone.page, server.url, 'cliente@demo.cl', 'cliente1234', 'ar');
      await controlled(phone.context, phone.page);
      await offlineReload(phone.context, phone.page, /آخر تحديث/, 'app-offline-ar-phone');
      const restore = await publishNewVersion(phone.page, 'يتوفر إصدار جديد من التطبيق.');
      try {
        await screenshot(phone.page, 'app-update-ar-phone');
      } finally {
        restore();
      }
      const wide = await phone.page.evaluate(() => document.scrollingElement!.scrollWidth);
      if (wide > 390) throw new Error(`the page is ${wide} px wide on a 390 px phone`);
    });
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
}
