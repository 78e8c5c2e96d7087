/**
 * The monitoring page's first view (contract/first-view.ts, docs/web.md "First view"): the web app's
 * own page drawn by the server for the caller, from what the caller may read, in their language and
 * at their screen's width; who may ask and what a bad question gets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.js';
import { alarms } from '../../../server/db/schema.js';
import { storeReadings } from '../../../server/measurements/store.js';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { call, plantTree, series, type Tree } from '../../../testing/fixtures.js';
import es from '../../../src/i18n/es/common.js';
import ar from '../../../src/i18n/ar/common.js';

let ctx: TestContext;
let db: Db;
let customer: string;
let staff: string;
let mine: Tree;
let theirs: Tree;

const loadRenderer = () => import('../../../src/firstView/render.js');
const MIN = 60_000;

/** The page's markup for `token` at these query parameters. */
async function firstView(token: string, query: Record<string, string | number | boolean>) {
  const res = await call(ctx, token, 'GET', `/first-view/monitoring?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { html: string; css: string; answers: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
}

/** The texts of the markup, tags gone. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

beforeAll(async () => {
  ctx = await createTestContext({}, { firstView: loadRenderer });
  db = ctx.database.db;
  const user = await ctx.userWithToken();
  customer = user.token;
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  mine = await plantTree(db, { user: user.user.id });
  theirs = await plantTree(db, { user: (await ctx.createUser()).id });
  // The last hour of the plant's day: 2.4 kW, its counter climbing.
  const now = Math.floor(Date.now() / (5 * MIN)) * 5 * MIN;
  await storeReadings(db, series(mine.investors[0].id, new Date(now - 60 * MIN), new Date(now + MIN), (_, i) => ({
    ac_power_w: 2400, energy_total_wh: 1_000_000 + i * 200, status: 'ok',
  })));
}, 120_000);
afterAll(() => ctx?.close());

describe('the first view of the monitoring page', () => {
  it("draws the customer's plant: its figures, its day's curve and the menu a customer has", async () => {
    const { html, css, answers } = await firstView(customer, { width: 1366, chart_width: 1000 });
    const words = text(html);
    const plantName = (await call(ctx, customer, 'GET', `/power-plant-all/${mine.project}`)).body[0].name as string;
    expect(words).toContain(plantName);
    // The live figures, as the page writes them: 2,4 kW now.
    expect(words).toContain(es.app.monitoring.kpi.power);
    expect(words).toMatch(/2,4\s*kW/);
    // The day chart, drawn at the width the page measured last, with its line.
    expect(html).toMatch(/<svg viewBox="0 0 1000 \d+" class="[^"]*MuiChartsSurface-root/);
    expect(html).toMatch(/<path[^>]*\sd="M[^"]+"[^>]*class="[^"]*MuiLineElement-root/);
    // The layout around it: the page's title in the top bar, a customer's menu (no users, no brands).
    expect(html).toMatch(new RegExp(`id="react-admin-title"[^>]*><span><span>${es.app.monitoring.title}</span></span>`));
    expect(words).toContain(es.app.menu.monitoring);
    expect(words).not.toMatch(/Usuarios|Marcas/);
    // Every part in its place: nothing left behind a placeholder for a script to move (the browser runs none of it).
    expect(html).not.toMatch(/<template|<script|<div hidden/);
    // With the answers it was drawn from, for the app to start with: the plant's figures among them.
    const snapshot = answers.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(['monitoring', 'snapshot', mine.plant]));
    expect(snapshot?.state.data).toMatchObject({ plant: mine.plant, power_w: 2400 });
    // Its styles come with it, under class names of their own.
    expect(css).toMatch(/^<style data-emotion="fv/);
    expect(html).toMatch(/class="[^"]*\bfv-/);
  });

  it('draws an open fault at the top, as the app does (issue 33, item 9)', async () => {
    const [alarm] = await db.insert(alarms).values({
      plant: mine.plant, investor: mine.investors[0].id, kind: 'inverter_error', subject: `inverter:${mine.investors[0].id}`,
    }).returning();
    try {
      const { html } = await firstView(customer, { width: 1366, chart_width: 1000 });
      const words = text(html);
      expect(words).toContain('Alarma abierta: Falla del inversor');
      expect(html).toContain(`href="/app/alarms/${alarm.id}/show"`);
      expect(words.indexOf('Alarma abierta: ')).toBeLessThan(words.indexOf(es.app.monitoring.kpi.power));
    } finally {
      await db.delete(alarms).where(eq(alarms.id, alarm.id));
    }
    // The renderer's first drawing in a process is slow on a busy machine.
  }, 120_000);

  it("draws what staff see: the maintainers' whole menu", async () => {
    const words = text((await firstView(staff, { width: 1366, project: mine.project })).html);
    expect(words).toContain('Usuarios');
    expect(words).toContain('Marcas');
  });

  it('never shows a plant the caller may not read, whatever is asked', async () => {
    const other = (await call(ctx, staff, 'GET', `/power-plant-all/${theirs.project}`)).body[0].name as string;
    const words = text((await firstView(customer, { width: 1366, project: theirs.project, plant: theirs.plant })).html);
    expect(words).not.toContain(other);
  });

  it("draws in the caller's language and direction", async () => {
    const { html, css } = await firstView(customer, { width: 1366, locale: 'ar' });
    const words = text(html);
    expect(words).toContain(ar.app.monitoring.kpi.power);
    expect(words).not.toContain(es.app.monitoring.kpi.power);
    // Right to left: the menu's paper stands on the right (the stylis RTL plugin flipped the styles).
    expect(css).toMatch(/border-left|right:0|margin-right/);
  });

  it("draws a phone's layout at a phone's width: the menu folded away, the intervals in a select", async () => {
    const desk = await firstView(customer, { width: 1366 });
    const phone = await firstView(customer, { width: 390 });
    expect(desk.html).toContain('role="menu"');
    expect(phone.html).not.toContain('role="menu"');
    expect(desk.html).toMatch(/MuiToggleButtonGroup-root/);
    expect(phone.html).not.toMatch(/MuiToggleButtonGroup-root/);
    // No chart width measured at 390 px yet: drawn at its card's (390 less the padding), not a desktop's share.
    expect(phone.html).toMatch(/<svg viewBox="0 0 340 \d+" class="[^"]*MuiChartsSurface-root/);
  });

  it("labels a narrow day chart every 6 hours, a wide one every 3 (the browser drops labels that overlap; the server cannot measure them)", async () => {
    const clockLabels = (html: string) => [...html.matchAll(/MuiChartsAxis-tickLabel[^>]*>(?:<tspan[^>]*>)?(\d\d:\d\d)</g)].map((m) => m[1]);
    expect(clockLabels((await firstView(customer, { width: 390, chart_width: 340 })).html))
      .toEqual(['00:00', '06:00', '12:00', '18:00', '24:00']);
    expect(clockLabels((await firstView(customer, { width: 1366, chart_width: 1000 })).html))
      .toEqual(['00:00', '03:00', '06:00', '09:00', '12:00', '15:00', '18:00', '21:00', '24:00']);
  });

  it('answers 401 without a session and 400 to a bad question', async () => {
    expect((await call(ctx, null, 'GET', '/first-view/monitoring?width=1366')).status).toBe(401);
    const noWidth = await call(ctx, customer, 'GET', '/first-view/monitoring');
    expect(noWidth.status).toBe(400);
    expect(noWidth.body).toHaveProperty('width');
    const bad = await call(ctx, customer, 'GET', '/first-view/monitoring?width=wide&interval=week');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['interval', 'width']);
  });
});

describe('a user asking again and again', () => {
  it('gets a 429 past 30 first views a minute, and others are not held back', async () => {
    // A user without projects: each first view is quickly drawn ('no projects').
    const { token } = await ctx.userWithToken();
    for (let i = 0; i < 30; i += 1) await firstView(token, { width: 1366 });
    const refused = await ctx.request(token, { method: 'GET', url: '/api/first-view/monitoring?width=1366' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toHaveProperty('detail');
    await firstView(customer, { width: 1366 });
  });
});

describe('a server without the renderer', () => {
  it('answers 503, and the page loads without a first view', async () => {
    const bare = await createTestContext();
    try {
      const { token } = await bare.userWithToken();
      const res = await call(bare, token, 'GET', '/first-view/monitoring?width=1366');
      expect(res.status).toBe(503);
      expect(res.body).toHaveProperty('detail');
    } finally {
      await bare.close();
    }
  });
});
