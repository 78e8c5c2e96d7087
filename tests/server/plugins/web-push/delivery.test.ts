/**
 * What the portal pushes (docs/notifications.md) to a local push service that checks every message's
 * VAPID signature and decrypts it with the device's keys (testing/push-service.ts): one message per
 * event per device, in each user's language, following their opt-outs; a device the push service
 * says is gone is removed; failures are retried with back-off and given up; two API processes on one
 * database send each message once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { buildApp } from '../../../../server/app.js';
import type { Db } from '../../../../server/db/client.js';
import { storeReadings } from '../../../../server/measurements/store.js';
import { evaluateAlarms } from '../../../../server/domain/alarms/evaluate.js';
import { sendMonthlyReports } from '../../../../server/domain/reports/mailing.js';
import { deliverDue, MAX_TRIES } from '../../../../server/domain/web-push/delivery.js';
import { createTestContext, multipart, type TestContext } from '../../../../testing/harness.js';
import { call, plantTree, query, series, type Tree } from '../../../../testing/fixtures.js';
import { startPushService, type PushDevice, type PushService } from '../../../../testing/push-service.js';

type Who = { user: { id: number; email: string }; token: string };
let ctx: TestContext;
let db: Db;
let service: PushService;
let staff: Who;
/** Reads French; a phone, and a laptop that also hears of alarms clearing. */
let claire: Who;
let phone: PushDevice;
let laptop: PushDevice;
/** Reads Chinese; one phone. */
let li: Who;
let liPhone: PushDevice;
/** Opted out of offline alarms and of the monthly report. */
let quiet: Who;
let quietPhone: PushDevice;
let tree: Tree;

const RETRY_MS = 40;

beforeAll(async () => {
  ctx = await createTestContext({ WEB_PUSH_RETRY_MS: String(RETRY_MS) });
  db = ctx.database.db;
  service = await startPushService();
  staff = await ctx.userWithToken({ is_staff: true, language: 'es' });
  claire = await ctx.userWithToken({ language: 'fr', first_name: 'Claire', last_name: 'Client' });
  li = await ctx.userWithToken({ language: 'zh' });
  quiet = await ctx.userWithToken({ language: 'es', alarm_opt_out: ['plant_offline'], report_opt_out: true });
  const subscribe = async (who: Who, opts: { alarm_closings?: boolean } = {}) => {
    const device = service.device(ctx.config.vapidPublicKey);
    const res = await call(ctx, who.token, 'POST', '/web-push/devices', { payload: { ...device.subscription, ...opts } });
    expect(res.status).toBe(201);
    return device;
  };
  phone = await subscribe(claire);
  laptop = await subscribe(claire, { alarm_closings: true });
  liPhone = await subscribe(li, { alarm_closings: true });
  quietPhone = await subscribe(quiet, { alarm_closings: true });
  tree = await plantTree(db, { user: claire.user.id, panels: 10, panelWp: 500 });
  for (const who of [li, quiet]) await db.execute(sql`insert into project_users (project_id, user_id) values (${tree.project}, ${who.user.id})`);
});
afterAll(async () => {
  await ctx?.close();
  await service?.close();
});

/** What each device received since the last look. */
const allDevices = () => ({ phone, laptop, liPhone, quietPhone });
function takeReceived() {
  const out = Object.fromEntries(Object.entries(allDevices()).map(([name, d]) => [name, d.received.splice(0)]));
  return out as Record<keyof ReturnType<typeof allDevices>, any[]>;
}
const outbox = async () => (await query<{ n: number }>(db, sql`select count(*)::int as n from web_push_outbox`))[0].n;
const notify = (users: number[], title = 'Mantención programada', message = 'El lunes cortamos la luz de 9 a 11.') =>
  call(ctx, staff.token, 'POST', '/notification-users/create', { payload: { users, title, message } });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(async () => {
  await deliverDue(ctx.app);
  takeReceived();
  service.refusals.length = 0;
});

describe('what is pushed', () => {
  it('a notification sent by staff: one message per device of each recipient, opening the received notifications', async () => {
    const sent = await notify([claire.user.id, li.user.id]);
    expect(sent.status).toBe(201);
    // Written with the notification, sent by the worker.
    expect(await outbox()).toBe(3);
    expect(await deliverDue(ctx.app)).toBe(3);
    const message = { title: 'Mantención programada', body: 'El lunes cortamos la luz de 9 a 11.', url: '/app/notifications/received', tag: `notification-${sent.body.id}` };
    expect(takeReceived()).toEqual({ phone: [message], laptop: [message], liPhone: [message], quietPhone: [] });
    expect(service.refusals).toEqual([]);
    expect(await outbox()).toBe(0);
  });

  it("a reply on one's ticket, in one's language, opening the ticket; opening the ticket pushes nothing", async () => {
    const created = await ctx.request(claire.token, { method: 'POST', url: '/api/ticket/create', ...multipart({ title: 'Inversor sin datos', content: 'No veo datos' }) });
    const ticket = created.json().id;
    await ctx.request(staff.token, { method: 'POST', url: '/api/ticket/message/create', ...multipart({ content: 'Lo revisamos', ticket }) });
    await deliverDue(ctx.app);
    const message = { title: `Nouvelle réponse au ticket n° ${ticket}`, body: expect.stringMatching(/a répondu au ticket « Inversor sin datos »\.$/), url: `/app/tickets/${ticket}/show`, tag: `ticket-${ticket}` };
    expect(takeReceived()).toEqual({ phone: [message], laptop: [message], liPhone: [], quietPhone: [] });
  });

  it("an alarm opening to each device in its user's language, not to who opted out of its kind; its closing only to the devices that asked", async () => {
    const inverter = tree.investors[0].id;
    await storeReadings(db, series(inverter, '2026-01-15T14:00:00Z', '2026-01-15T15:05:00Z', () => ({ ac_power_w: 3000, status: 'running' })));
    const { opened: [alarm] } = await evaluateAlarms(ctx.app, { plants: [tree.plant], now: Date.parse('2026-01-15T15:45:00Z') });
    expect(alarm).toEqual(expect.any(Number));
    await deliverDue(ctx.app);
    const got = takeReceived();
    expect(got.phone).toHaveLength(1);
    expect(got.phone[0]).toMatchObject({ url: `/app/alarms/${alarm}/show`, tag: `alarm-${alarm}` });
    expect(got.phone[0].title).toMatch(/^Centrale hors ligne : Planta \d+$/);
    expect(got.phone[0].body).toMatch(/Dernière mesure/);
    expect(got.laptop).toEqual(got.phone);
    expect(got.liPhone).toHaveLength(1);
    expect(got.liPhone[0].title).toMatch(/^电站离线：Planta \d+$/);
    expect(got.quietPhone).toEqual([]);

    await storeReadings(db, series(inverter, '2026-01-15T16:00:00Z', '2026-01-15T16:05:00Z', () => ({ ac_power_w: 2800, status: 'running' })));
    expect((await evaluateAlarms(ctx.app, { plants: [tree.plant], now: Date.parse('2026-01-15T16:06:00Z') })).closed).toEqual([alarm]);
    await deliverDue(ctx.app);
    const closed = takeReceived();
    expect(closed.phone).toEqual([]);
    expect(closed.laptop).toEqual([{ title: expect.stringMatching(/^Alarme résolue : Centrale hors ligne : Planta \d+$/), body: expect.stringMatching(/^Centrale : Planta \d+$/), url: `/app/alarms/${alarm}/show`, tag: `alarm-${alarm}` }]);
    expect(closed.liPhone).toEqual([expect.objectContaining({ title: expect.stringMatching(/^告警已解除：/) })]);
    expect(closed.quietPhone).toEqual([]);
  });

  it('the monthly report being ready, in each language, opening the monitoring page; not to who opted out', async () => {
    await storeReadings(db, series(tree.investors[0].id, '2025-03-10T14:00:00Z', '2025-03-10T20:00:00Z', () => ({ ac_power_w: 3000 })));
    await sendMonthlyReports(ctx.app, '2025-03');
    await deliverDue(ctx.app);
    const got = takeReceived();
    expect(got.phone).toEqual([{
      title: expect.stringMatching(/^Rapport mensuel .*Planta \d+/), body: expect.stringMatching(/est prêt\. Production du mois : /),
      url: '/app/monitoring', tag: `report-${tree.plant}-2025-03`,
    }]);
    expect(got.laptop).toEqual(got.phone);
    expect(got.liPhone).toEqual([expect.objectContaining({ body: expect.stringMatching(/报告已生成/), url: '/app/monitoring' })]);
    expect(got.quietPhone).toEqual([]);
  });
});

describe('delivery', () => {
  it('removes a device the push service says is gone (410), and sends it nothing more', async () => {
    const extra = service.device(ctx.config.vapidPublicKey);
    await call(ctx, li.token, 'POST', '/web-push/devices', { payload: extra.subscription });
    expect((await call(ctx, li.token, 'GET', '/web-push/devices')).body).toHaveLength(2);
    service.answer(410);
    await notify([li.user.id]);
    await deliverDue(ctx.app);
    // One of the two messages met the 410: that device is gone, the other has its message.
    expect((await call(ctx, li.token, 'GET', '/web-push/devices')).body).toHaveLength(1);
    const [kept, gone] = liPhone.received.length ? [liPhone, extra] : [extra, liPhone];
    expect([kept.received.length, gone.received.length]).toEqual([1, 0]);
    expect(await outbox()).toBe(0);
    const before = service.requests;
    await notify([li.user.id]);
    await deliverDue(ctx.app);
    expect([kept.received.length, gone.received.length, service.requests - before]).toEqual([2, 0, 1]);
    if (gone === liPhone) liPhone = kept;
  });

  it('retries after a 500 with a growing wait, and delivers once', async () => {
    service.answer(500, 2);
    const before = service.requests;
    await notify([quiet.user.id]);
    expect(await deliverDue(ctx.app)).toBe(0);
    const [{ due }] = await query<{ due: number }>(db, sql`select (extract(epoch from due_at - now()) * 1000)::float8 as due from web_push_outbox`);
    expect(due).toBeGreaterThan(0);
    expect(due).toBeLessThanOrEqual(RETRY_MS);
    // Not due yet: nothing is sent.
    expect(await deliverDue(ctx.app)).toBe(0);
    expect(service.requests - before).toBe(1);
    await wait(RETRY_MS + 10);
    expect(await deliverDue(ctx.app)).toBe(0);
    const [{ due: second }] = await query<{ due: number }>(db, sql`select (extract(epoch from due_at - now()) * 1000)::float8 as due from web_push_outbox`);
    expect(second).toBeGreaterThan(RETRY_MS);
    await wait(2 * RETRY_MS + 10);
    expect(await deliverDue(ctx.app)).toBe(1);
    expect(service.requests - before).toBe(3);
    expect(quietPhone.received).toEqual([expect.objectContaining({ title: 'Mantención programada' })]);
  });

  it(`gives a message up after ${MAX_TRIES} failed tries`, async () => {
    service.answer(503, MAX_TRIES);
    const before = service.requests;
    await notify([quiet.user.id]);
    for (let i = 0; i < MAX_TRIES; i++) {
      await deliverDue(ctx.app);
      await wait(RETRY_MS * 2 ** i + 10);
    }
    expect(service.requests - before).toBe(MAX_TRIES);
    expect(await outbox()).toBe(0);
    expect(quietPhone.received).toEqual([]);
    // The device stays: a push service failing is no sign it is gone.
    expect((await call(ctx, quiet.token, 'GET', '/web-push/devices')).body).toHaveLength(1);
  });

  it('counts a push service slower than WEB_PUSH_TIMEOUT_MS as a failure, and tries again', async () => {
    const { config } = ctx.app;
    const timeout = config.webPushTimeoutMs;
    config.webPushTimeoutMs = 300;
    service.delay(1000);
    try {
      await notify([quiet.user.id]);
      const started = Date.now();
      expect(await deliverDue(ctx.app)).toBe(0);
      expect(Date.now() - started).toBeLessThan(900);
      service.delay(0);
      await wait(RETRY_MS + 10);
      expect(await deliverDue(ctx.app)).toBe(1);
      // The slow answer comes in the end (a push service may well deliver what timed out: at least once).
      await wait(1000);
    } finally {
      config.webPushTimeoutMs = timeout;
    }
  });

  it("is refused (403) by the push service when signed with a key other than the device's, and not retried", async () => {
    // A device subscribed under another server's key: our VAPID signature is checked, not waved through.
    const stranger = service.device(webpush.generateVAPIDKeys().publicKey);
    await call(ctx, quiet.token, 'POST', '/web-push/devices', { payload: stranger.subscription });
    await notify([quiet.user.id]);
    expect(await deliverDue(ctx.app)).toBe(1);
    expect(service.refusals).toEqual([{ status: 403, reason: 'k is not the key the device subscribed with' }]);
    expect(stranger.received).toEqual([]);
    expect(quietPhone.received).toHaveLength(1);
    expect(await outbox()).toBe(0);
    const devices = (await call(ctx, quiet.token, 'GET', '/web-push/devices')).body;
    await call(ctx, quiet.token, 'DELETE', `/web-push/devices/${devices[0].id}`);
  });

  it('sends each message once when two API processes work the outbox together', async () => {
    const second: FastifyInstance = await buildApp({ config: ctx.config, db, checkReplies: true });
    await second.ready();
    try {
      for (let i = 0; i < 15; i++) await notify([claire.user.id, li.user.id], `Aviso ${i}`);
      const before = service.requests;
      const sent = await Promise.all([deliverDue(ctx.app), deliverDue(second), deliverDue(ctx.app), deliverDue(second)]);
      expect(sent.reduce((a, b) => a + b)).toBe(45);
      expect(service.requests - before).toBe(45);
      for (const device of [phone, laptop, liPhone]) {
        expect(device.received.map((m: any) => m.title).sort()).toEqual(Array.from({ length: 15 }, (_, i) => `Aviso ${i}`).sort());
      }
    } finally {
      await second.close();
    }
  });
});
