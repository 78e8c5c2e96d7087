/**
 * Monthly reports (docs/reports.md): the PDF's text (extracted with pdfjs-dist) against the month's
 * figures as the API answers them; who may download which month (400, 404); the mails of the 1st
 * caught by a real SMTP server, with the PDF attached, in each user's language, opt-out honoured; and
 * the mailing running once across two API processes on one database.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.js';
import type { Db } from '../../../server/db/client.js';
import { users } from '../../../server/db/schema.js';
import { storeReadings } from '../../../server/measurements/store.js';
import { runMonthlyReports } from '../../../server/domain/reports/mailing.js';
import { savingsOfBill } from '../../../server/domain/savings.js';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { call, plantTree, series, type Tree } from '../../../testing/fixtures.js';
import { startSmtpServer } from '../../../testing/smtp.js';
import { pdfText } from '../../../testing/pdf.js';

let ctx: TestContext;
let db: Db;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let customer: { user: typeof users.$inferSelect; token: string };
let french: { user: typeof users.$inferSelect; token: string };
let quiet: { user: typeof users.$inferSelect; token: string };
let stranger: { user: typeof users.$inferSelect; token: string };
let tree: Tree;

const MONTH = '2025-03';
/** Intl as a Chilean reader writes it (what the report promises for Spanish). */
const es = {
  kwh: (wh: number) => `${new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 }).format(wh / 1000)} kWh`,
  pct: (v: number) => `${new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 }).format(v)} %`,
  clp: (v: number) => new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' }).format(v),
  day: (date: string) => new Intl.DateTimeFormat('es-CL', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`)),
};
/** Spaces as pdfjs gives them back: any run of them, one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Afternoon readings of a day (Santiago is UTC-3 in March): `kw` produced, half of it exported, a household of 1 kW. */
const afternoon = (day: string, kw: number) => series(tree.investors[0].id, `${day}T14:00:00Z`, `${day}T20:00:00Z`, () => ({
  ac_power_w: kw * 1000, grid_export_w: kw * 500, consumption_w: 1000, grid_import_w: kw < 2 ? 1000 - kw * 500 : 0,
}));

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.cl' }, { realMailer: true });
  db = ctx.database.db;
  customer = await ctx.userWithToken({ language: 'es' });
  french = await ctx.userWithToken({ language: 'fr' });
  quiet = await ctx.userWithToken({ language: 'es', report_opt_out: true });
  stranger = await ctx.userWithToken({ language: 'es' });
  tree = await plantTree(db, { user: customer.user.id, panels: 10, panelWp: 500 });
  for (const u of [french, quiet]) await db.execute(sql`insert into project_users (project_id, user_id) values (${tree.project}, ${u.user.id})`);
  await storeReadings(db, [
    ...afternoon('2025-03-03', 3), ...afternoon('2025-03-10', 4.5), ...afternoon('2025-03-20', 1.5),
    ...afternoon('2024-03-12', 2),
  ]);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const download = (token: string | null, plant: number | string, month: string) =>
  ctx.request(token, { method: 'GET', url: `/api/report/plant/${plant}/${month}.pdf` });

describe('GET /report/plant/{id}/{yyyy-mm}.pdf', () => {
  it("says the month's figures as the monitoring answers give them", async () => {
    const res = await download(customer.token, tree.plant, MONTH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?informe-planta-\d+-2025-03\.pdf"?$/);
    const text = flat((await pdfText(res.rawPayload)).join(' '));

    const month = (await call(ctx, customer.token, 'GET', `/v2/get/data/date/${tree.plant}?type=month&date=2025-03-01`)).body;
    const lastYear = (await call(ctx, customer.token, 'GET', `/v2/get/data/date/${tree.plant}?type=month&date=2024-03-01`)).body;
    const expected = (await call(ctx, customer.token, 'GET', `/v2/expected/${tree.plant}?type=month&date=2025-03-01`)).body;
    const plant = (await call(ctx, customer.token, 'GET', `/power-plant/${tree.plant}`)).body;
    const { totals } = month;
    expect(totals.energy_wh).toBeGreaterThan(0);

    expect(text).toContain('Informe mensual: marzo de 2025');
    expect(text).toContain(`Producción ${es.kwh(totals.energy_wh)}`);
    expect(text).toContain(`Consumo ${es.kwh(totals.consumption_wh)}`);
    expect(text).toContain(`Autoconsumo ${es.pct(totals.self_consumption_pct)}`);
    expect(text).toContain(`Autarquía ${es.pct(totals.autarky_pct)}`);
    // Savings: the month's bills (GET /power-plant/{id}/bills), split into the charges avoided and the credit used.
    const bill = (await call(ctx, customer.token, 'GET', `/power-plant/${tree.plant}/bills?year=2025`)).body.months.find((b: { month: string }) => b.month === '2025-03');
    const savings = savingsOfBill(bill);
    expect(savings.export_income).toBeGreaterThan(0);
    // At the plant's own prices (no distributor), VAT included, with the credit the bill could not use carried
    // (the remanente): what was the old self-consumed x tariff + exported x injection price.
    expect(bill.remanente.left).toBeGreaterThan(0);
    expect(savings.total + bill.remanente.left - bill.remanente.carried_in).toBe(Math.round((totals.energy_wh - totals.export_wh) / 1000 * plant.tariff + totals.export_wh / 1000 * plant.injection_price));
    expect(text).toContain(`Ahorro ${es.clp(savings.total)}`);
    expect(text).toContain(`Energía autoconsumida: ${es.clp(savings.self_consumption)}`);
    expect(text).toContain(`Energía inyectada a la red: ${es.clp(savings.export_income)} (${es.kwh(savings.exported_wh)})`);
    expect(text).toContain(`CO₂ evitado ${new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 }).format((totals.energy_wh / 1000) * 0.4)} kg`);
    // Expected against actual.
    expect(text).toContain(`Producción esperada ${es.kwh(expected.total_wh)}`);
    expect(text).toContain(`Real / esperado: ${es.pct(Math.round((totals.energy_wh / expected.total_wh) * 1000) / 10)}`);
    // The same month a year earlier.
    expect(text).toContain(`Mismo mes del año anterior (marzo de 2024) ${es.kwh(lastYear.totals.energy_wh)}`);
    const change = Math.round(((totals.energy_wh - lastYear.totals.energy_wh) / lastYear.totals.energy_wh) * 1000) / 10;
    expect(text).toContain(`Variación: +${es.pct(change)}`);
    // Best and worst day among the days with readings.
    const days = month.series.filter((d: { energy_wh: number | null }) => d.energy_wh !== null);
    expect(days.map((d: { bucket: string }) => d.bucket)).toEqual(['2025-03-03', '2025-03-10', '2025-03-20']);
    expect(text).toContain(`Mejor día ${es.kwh(days[1].energy_wh)} ${es.day('2025-03-10')}`);
    expect(text).toContain(`Peor día ${es.kwh(days[2].energy_wh)} ${es.day('2025-03-20')}`);
    // The chart: its title, a label per day of the month and the legend.
    expect(text).toContain('Producción diaria (kWh)');
    expect(text).toContain(Array.from({ length: 31 }, (_, i) => i + 1).join(' '));
    expect(text).toContain('Real Esperada');
  });

  it('expects the month of its first reading from that day, not from the 1st', async () => {
    // March 2024: first read on the 12th.
    const text = flat((await pdfText((await download(customer.token, tree.plant, '2024-03')).rawPayload)).join(' '));
    const expected = (await call(ctx, customer.token, 'GET', `/v2/expected/${tree.plant}?type=month&date=2024-03-01`)).body;
    const fromThe12th = expected.series.filter((d: { bucket: string }) => d.bucket >= '2024-03-12')
      .reduce((wh: number, d: { energy_wh: number }) => wh + d.energy_wh, 0);
    expect(fromThe12th).toBeLessThan(expected.total_wh * 0.7);
    expect(text).toContain(`Producción esperada ${es.kwh(Math.round(fromThe12th * 10) / 10)}`);
  });

  it("is written in the caller's language", async () => {
    // The language as a user changes it (the profile call), so the session cache follows at once.
    const speak = async (language: string) => {
      const res = await ctx.request(french.token, { method: 'PUT', url: '/api/my-profile/update', payload: { language } });
      expect(res.statusCode).toBe(200);
    };
    const fr = flat((await pdfText((await download(french.token, tree.plant, MONTH)).rawPayload)).join(' '));
    expect(fr).toContain('Rapport mensuel : mars 2025');
    expect(fr).toContain('Production journalière (kWh)');
    await speak('zh');
    const zh = flat((await pdfText((await download(french.token, tree.plant, MONTH)).rawPayload)).join(' '));
    expect(zh).toContain('月度报告：2025年3月');
    expect(zh).toContain('每日发电量（kWh）');
    await speak('ar');
    const ar = await download(french.token, tree.plant, MONTH);
    expect(ar.statusCode).toBe(200);
    // The Arabic font is embedded (its glyphs are drawn shaped, so their extracted text is not compared).
    expect(ar.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic/);
    // Its words are Arabic letters (their order is not compared) and none of the Spanish report's.
    const arText = flat((await pdfText(ar.rawPayload)).join(' '));
    expect(arText).toMatch(/[\u0600-\u06ff]{3}/);
    expect(arText).not.toContain('Informe mensual');
    expect(arText).not.toContain('Producción');
    await speak('fr');
  });

  it('refuses a malformed month, the month under way and later ones with a 400', async () => {
    const now = new Date();
    const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    for (const month of ['2025-13', '2025-3', 'marzo', `${now.getUTCFullYear() + 1}-01`]) {
      const res = await download(customer.token, tree.plant, month);
      expect(res.statusCode, month).toBe(400);
      expect(Object.keys(res.json())).toEqual(['month']);
    }
    // The month under way in the portal's zone (a few hours either side of midnight UTC may differ).
    const res = await download(customer.token, tree.plant, current);
    if (now.getUTCDate() > 1 && now.getUTCDate() < 28) expect(res.statusCode).toBe(400);
  });

  it('is a 404 for a plant the caller does not see, and needs a signed-in user', async () => {
    expect((await download(stranger.token, tree.plant, MONTH)).statusCode).toBe(404);
    expect((await download(customer.token, 999999, MONTH)).statusCode).toBe(404);
    expect((await download(null, tree.plant, MONTH)).statusCode).toBe(401);
  });
});

describe('the mailing of the 1st', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    // Its own mailer to the same SMTP server (from ctx.config's SMTP_URL): either process may win the claim.
    second = await buildApp({ config: ctx.config, db, checkReplies: true });
    await second.ready();
  });
  afterAll(() => second?.close());

  const reportMails = () => smtp.received.filter((m) => m.attachments.length > 0);

  it('mails nothing when a portal first checks in the middle of a month', async () => {
    const mid = Date.parse('2025-04-15T15:00:00Z');
    expect(await Promise.all([runMonthlyReports(ctx.app, mid, 'api-1'), runMonthlyReports(second, mid, 'api-2')])).toEqual([false, false]);
    expect(reportMails()).toEqual([]);
  });

  it("mails last month's report once across two API processes, to each user in their language, except who opted out", async () => {
    // 1 May 2025, 09:00 in Santiago.
    const first = Date.parse('2025-05-01T13:00:00Z');
    const runs = await Promise.all([runMonthlyReports(ctx.app, first, 'api-1'), runMonthlyReports(second, first, 'api-2')]);
    expect(runs.filter((r) => r !== false)).toEqual([{ month: '2025-04', plants: 1, sent: 2 }]);
    const mails = reportMails();
    expect(mails.map((m) => m.to).sort()).toEqual([customer.user.email, french.user.email].sort());
    expect(mails.some((m) => m.to === quiet.user.email)).toBe(false);

    const toCustomer = mails.find((m) => m.to === customer.user.email)!;
    const name = (await call(ctx, customer.token, 'GET', `/power-plant/${tree.plant}`)).body.name;
    expect(toCustomer.subject).toBe(`Informe mensual de ${name}: abril de 2025`);
    expect(toCustomer.text).toContain('https://portal.example.cl/app/profile/me');
    expect(toCustomer.attachments[0].contentType).toBe('application/pdf');
    expect(flat((await pdfText(toCustomer.attachments[0].content)).join(' '))).toContain('Informe mensual: abril de 2025');

    const toFrench = mails.find((m) => m.to === french.user.email)!;
    expect(toFrench.subject).toBe(`Rapport mensuel de ${name} : avril 2025`);
    expect(toFrench.attachments[0].filename).toMatch(/^rapport-planta-\d+-2025-04\.pdf$/);
    expect(flat((await pdfText(toFrench.attachments[0].content)).join(' '))).toContain('Rapport mensuel : avril 2025');

    // Later the same month nobody sends again; on the next 1st one process does.
    const later = first + 5 * 86_400_000;
    expect(await Promise.all([runMonthlyReports(ctx.app, later, 'api-1'), runMonthlyReports(second, later, 'api-2')])).toEqual([false, false]);
    const june = Date.parse('2025-06-01T13:00:00Z');
    const next = await Promise.all([runMonthlyReports(ctx.app, june, 'api-1'), runMonthlyReports(second, june, 'api-2')]);
    expect(next.filter((r) => r !== false)).toEqual([{ month: '2025-05', plants: 1, sent: 2 }]);
  });

  it('honours the opt-out set on the profile', async () => {
    const off = await ctx.request(customer.token, { method: 'PUT', url: '/api/my-profile/update', payload: { report_opt_out: true } });
    expect(off.statusCode).toBe(200);
    expect(off.json().report_opt_out).toBe(true);
    const before = reportMails().length;
    const july = Date.parse('2025-07-01T13:00:00Z');
    expect(await runMonthlyReports(ctx.app, july, 'api-1')).toEqual({ month: '2025-06', plants: 1, sent: 1 });
    expect(reportMails().slice(before).map((m) => m.to)).toEqual([french.user.email]);
  });
});
