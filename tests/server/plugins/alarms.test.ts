/**
 * Alarms (docs/alarms.md): every rule opening and closing on crafted readings, what the people
 * concerned receive (bell, and mail through a real SMTP server, in their language; opt-out honoured),
 * acknowledging, the ticket made of an alarm, who sees what, and the schedule running once across two
 * API processes on one database. Replies are checked against the contract by the harness.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.js';
import type { Db } from '../../../server/db/client.js';
import { alarms, users } from '../../../server/db/schema.js';
import { storeReadings, type Reading } from '../../../server/measurements/store.js';
import { evaluateAlarms, runScheduledAlarms } from '../../../server/domain/alarms/evaluate.js';
import { createTestContext, MemoryMailer, type TestContext } from '../../../testing/harness.js';
import { call, plantTree, query, series, type Tree } from '../../../testing/fixtures.js';
import { startSmtpServer } from '../../../testing/smtp.js';

let ctx: TestContext;
let db: Db;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let staff: { user: typeof users.$inferSelect; token: string };
let customer: { user: typeof users.$inferSelect; token: string };
let quiet: { user: typeof users.$inferSelect; token: string };
let other: { user: typeof users.$inferSelect; token: string };

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.cl' }, { realMailer: true });
  db = ctx.database.db;
  staff = await ctx.userWithToken({ is_staff: true, language: 'en', first_name: 'Sam', last_name: 'Staff' });
  customer = await ctx.userWithToken({ language: 'fr', first_name: 'Claire', last_name: 'Client' });
  // Hears of every alarm but an underperforming MPPT.
  quiet = await ctx.userWithToken({ language: 'es', alarm_opt_out: ['mppt_low'] });
  other = await ctx.userWithToken({ language: 'es' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** A plant the customer and the quiet user see: 1 inverter (unless said), 2 MPPTs of one string of 10 x 500 Wp. */
async function customerPlant(opts: { inverters?: number } = {}) {
  const tree = await plantTree(db, { user: customer.user.id, panels: 10, panelWp: 500, ...opts });
  await db.execute(sql`insert into project_users (project_id, user_id) values (${tree.project}, ${quiet.user.id})`);
  return tree;
}

const at = (iso: string) => Date.parse(iso);
const minutes = (n: number) => n * 60_000;
/** A summer afternoon in Santiago (UTC-3): the sun is high from 12:00 to 21:00 UTC. */
const DAY = '2026-01-15';
const utc = (time: string, day = DAY) => `${day}T${time}:00Z`;

const store = (readings: Reading[]) => storeReadings(db, readings);
const evaluate = (tree: Tree, now: number, errorCodes?: Map<number, number | null>) => evaluateAlarms(ctx.app, { plants: [tree.plant], now, errorCodes });
const alarmsOf = (tree: Tree) => query<{ id: number; kind: string; status: string; investor: number | null; mppt: number | null; string: number | null; details: any }>(db,
  sql`select id, kind, status, investor_id as investor, mppt_id as mppt, string_id as string, details from alarms where plant_id = ${tree.plant} order by id`);
/** Who received the bell notification of an alarm. */
const recipientsOf = async (alarm: number) => (await query<{ user: number }>(db,
  sql`select r.user_id as user from notification_recipients r join notifications n on n.id = r.notification_id where n.alarm_id = ${alarm} order by r.user_id`)).map((r) => r.user);
const mailsTo = (email: string) => smtp.received.filter((m) => m.to === email);
/** Mail is sent after the bell is stored: wait for the SMTP server to have it. */
async function mailArrives(email: string, subject: string | RegExp) {
  for (let i = 0; i < 100; i++) {
    const mail = mailsTo(email).find((m) => (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail "${subject}" to ${email}: ${mailsTo(email).map((m) => m.subject).join(' | ')}`);
}

describe('offline during daylight', () => {
  it('opens after N minutes of daylight without readings, once, tells staff and the plant users in their language, and closes when readings return', async () => {
    const tree = await customerPlant();
    const inverter = tree.investors[0].id;
    await store(series(inverter, utc('14:00'), utc('15:05'), () => ({ ac_power_w: 3000, status: 'running' })));

    expect(await evaluate(tree, at(utc('15:00')) + minutes(25))).toEqual({ opened: [], closed: [] });
    const { opened } = await evaluate(tree, at(utc('15:00')) + minutes(45));
    expect(opened).toHaveLength(1);
    const [alarm] = await alarmsOf(tree);
    expect(alarm).toMatchObject({ id: opened[0], kind: 'plant_offline', status: 'open', investor: null, details: { last_reading_at: '2026-01-15T15:00:00.000Z', threshold_minutes: 30 } });

    // Once: the next evaluations find it open.
    expect(await evaluate(tree, at(utc('15:00')) + minutes(50))).toEqual({ opened: [], closed: [] });
    expect(await recipientsOf(alarm.id)).toEqual([staff.user.id, customer.user.id, quiet.user.id].sort((a, b) => a - b));
    const toStaff = await mailArrives(staff.user.email, /^Plant offline: Planta \d+$/);
    expect(toStaff.text).toContain('Last reading:');
    expect(toStaff.text).toContain(`https://portal.example.cl/app/alarms/${alarm.id}/show`);
    expect((await mailArrives(customer.user.email, /^Centrale hors ligne : Planta \d+$/)).text).toContain('Dernière mesure');
    await mailArrives(quiet.user.email, /^Planta sin conexión: Planta \d+$/);
    expect(mailsTo(other.user.email)).toEqual([]);

    // The bell links to the alarm; staff's list of sent notifications leaves it out.
    const bell = await call(ctx, customer.token, 'GET', '/user-notification/list');
    expect(bell.body[0]).toMatchObject({ alarm: alarm.id, ticket: null, title: expect.stringContaining('Centrale hors ligne') });
    expect((await call(ctx, staff.token, 'GET', '/notification/list')).body.map((n: any) => n.title)).not.toContain(toStaff.subject);

    await store(series(inverter, utc('16:00'), utc('16:05'), () => ({ ac_power_w: 2800, status: 'running' })));
    expect(await evaluate(tree, at(utc('16:06')))).toEqual({ opened: [], closed: [alarm.id] });
    expect((await alarmsOf(tree))[0].status).toBe('closed');
  });

  it('counts daylight only: a plant silent since the evening is not offline at night, and is in the morning', async () => {
    const tree = await customerPlant();
    await store(series(tree.investors[0].id, utc('22:00'), utc('23:05'), () => ({ ac_power_w: 100 })));
    // 06:00 UTC is 03:00 in Santiago.
    expect((await evaluate(tree, at(utc('06:00', '2026-01-16')))).opened).toEqual([]);
    // 11:30 UTC: the sun has been up (above 5°) for well over half an hour.
    expect((await evaluate(tree, at(utc('11:30', '2026-01-16')))).opened).toHaveLength(1);
  });

  it('names the inverter when only one of several is silent, and follows the plant thresholds', async () => {
    const tree = await customerPlant({ inverters: 2 });
    const [a, b] = tree.investors.map((i) => i.id);
    await store([
      ...series(a, utc('14:00'), utc('16:05'), () => ({ ac_power_w: 3000 })),
      ...series(b, utc('14:00'), utc('15:05'), () => ({ ac_power_w: 3000 })),
    ]);
    // The plant waits 90 minutes.
    const override = await call(ctx, staff.token, 'PUT', `/alarm/thresholds/plant/${tree.plant}`, { payload: { alarm_offline_minutes: 90 } });
    expect(override.status).toBe(200);
    expect(override.body).toMatchObject({ plant: tree.plant, overrides: { alarm_offline_minutes: 90, alarm_sibling_pct: null }, effective: { alarm_offline_minutes: 90, alarm_sibling_pct: 60 } });
    expect((await evaluate(tree, at(utc('16:00')))).opened).toEqual([]);
    expect((await evaluate(tree, at(utc('16:40')))).opened).toHaveLength(1);
    expect(await alarmsOf(tree)).toEqual([expect.objectContaining({ kind: 'inverter_offline', investor: b })]);
  });
});

describe('inverter error status', () => {
  it('opens on a fault, names the Fronius code, never on night/standby, and closes when the inverter runs again', async () => {
    const tree = await customerPlant();
    const inverter = tree.investors[0].id;
    await store(series(inverter, utc('02:00'), utc('02:10'), () => ({ ac_power_w: 0, status: 'night' })));
    expect((await evaluate(tree, at(utc('02:10')))).opened).toEqual([]);

    await store(series(inverter, utc('13:00'), utc('13:05'), () => ({ ac_power_w: 0, status: 'error' })));
    const { opened } = await evaluate(tree, at(utc('13:02')), new Map([[inverter, 475]]));
    expect(opened).toHaveLength(1);
    expect((await alarmsOf(tree))[0]).toMatchObject({ kind: 'inverter_error', investor: inverter, details: { status: 'error', error_code: 475 } });
    const mail = await mailArrives(staff.user.email, /^Inverter fault: /);
    expect(mail.text).toContain('Code 475: PV insulation fault.');
    expect((await mailArrives(customer.user.email, /^Défaut de l’onduleur/)).text).toContain('Défaut d’isolement du générateur PV');

    await store(series(inverter, utc('13:05'), utc('13:10'), () => ({ ac_power_w: 2000, status: 'running' })));
    expect((await evaluate(tree, at(utc('13:06')))).closed).toEqual(opened);
  });

  it('is evaluated as a pushed reading arrives (ingest), opening and closing', async () => {
    const tree = await customerPlant();
    const inverter = tree.investors[0].id;
    const key = (await call(ctx, staff.token, 'POST', `/power-plant/${tree.plant}/api-keys`, { payload: { name: 'logger' } })).body.key;
    const push = (status: string, minutesAgo: number) => call(ctx, null, 'POST', '/ingest/points', {
      payload: { points: [{ investor: inverter, ts: new Date(Date.now() - minutes(minutesAgo)).toISOString(), ac_power_w: 0, status }] },
      headers: { 'x-api-key': key },
    });
    expect((await push('error', 2)).status).toBe(200);
    await ctx.app.alarms.drain();
    expect(await alarmsOf(tree)).toEqual([expect.objectContaining({ kind: 'inverter_error', status: 'open' })]);
    expect((await push('running', 1)).status).toBe(200);
    await ctx.app.alarms.drain();
    expect(await alarmsOf(tree)).toEqual([expect.objectContaining({ kind: 'inverter_error', status: 'closed' })]);
  });
});

describe('an MPPT below its siblings', () => {
  it('opens on the weak MPPT (naming its single string), not for users who opted out, and closes when it recovers', async () => {
    const tree = await customerPlant();
    const inverter = tree.investors[0];
    const [m1, m2] = inverter.mppts;
    const dc = (p1: number, p2: number) => [{ mppt: 1, voltage_v: 400, current_a: p1 / 400, power_w: p1 }, { mppt: 2, voltage_v: 400, current_a: p2 / 400, power_w: p2 }];
    await store(series(inverter.id, utc('14:00'), utc('15:05'), () => ({ ac_power_w: 3300, dc: dc(2500, 900) })));
    const { opened } = await evaluate(tree, at(utc('15:05')));
    expect(opened).toHaveLength(1);
    const [alarm] = await alarmsOf(tree);
    expect(alarm).toMatchObject({ kind: 'mppt_low', investor: inverter.id, mppt: m2.id, string: m2.strings[0], details: { pct_of_siblings: 36, threshold_pct: 60, installed_wp: 5000 } });
    expect(await recipientsOf(alarm.id)).toEqual([staff.user.id, customer.user.id]);
    await mailArrives(staff.user.email, /^MPPT or string underperforming: /);
    await mailArrives(customer.user.email, /^MPPT ou chaîne sous-productive/);
    // Opted out: no bell (above) and no mail either.
    expect(mailsTo(quiet.user.email).filter((m) => m.subject.startsWith('MPPT o string'))).toEqual([]);

    // The night after judges nothing (no good light in the readings): it stays open.
    await store(series(inverter.id, utc('23:55'), utc('04:00', '2026-01-16'), () => ({ ac_power_w: 0, dc: dc(0, 0) })));
    expect(await evaluate(tree, at(utc('03:00', '2026-01-16')))).toEqual({ opened: [], closed: [] });

    await store(series(inverter.id, utc('14:00', '2026-01-16'), utc('15:05', '2026-01-16'), () => ({ ac_power_w: 4800, dc: dc(2500, 2450) })));
    expect((await evaluate(tree, at(utc('15:05', '2026-01-16')))).closed).toEqual([alarm.id]);
    expect(m1.id).not.toBe(m2.id);
  });

  it("judges in a morning's first minutes of good light on the afternoon before: two readings are too few", async () => {
    const tree = await customerPlant();
    const inverter = tree.investors[0];
    const dc = (p1: number, p2: number) => [{ mppt: 1, voltage_v: 400, current_a: p1 / 400, power_w: p1 }, { mppt: 2, voltage_v: 400, current_a: p2 / 400, power_w: p2 }];
    await store(series(inverter.id, utc('14:00'), utc('15:05'), () => ({ ac_power_w: 3300, dc: dc(2500, 900) })));
    await store(series(inverter.id, utc('15:05'), utc('09:55', '2026-01-16'), () => ({ ac_power_w: 0, dc: dc(0, 0) })));
    // 09:55 and 10:00: 1 kW on 10 kWp, just good light.
    await store(series(inverter.id, utc('09:55', '2026-01-16'), utc('10:05', '2026-01-16'), () => ({ ac_power_w: 1000, dc: dc(500, 480) })));
    await evaluate(tree, at(utc('10:00', '2026-01-16')));
    expect((await alarmsOf(tree)).filter((a) => a.kind === 'mppt_low')).toEqual([expect.objectContaining({
      status: 'open', mppt: inverter.mppts[1].id, details: expect.objectContaining({ pct_of_siblings: 36, window_to: new Date(utc('15:00')).toISOString() }),
    })]);
  });
});

describe('battery not charging on a sunny day', () => {
  it('opens when a sunny yesterday left the battery uncharged, and closes after a sunny day that charged it', async () => {
    const tree = await customerPlant();
    const inverter = tree.investors[0].id;
    // Jan 15 (local): 11 h 55 min at 3 kW = 35.75 kWh on 6 kWp (5.96 kWh/kWp), battery at 40 %, never charging.
    await store(series(inverter, utc('11:00'), utc('23:00'), () => ({ ac_power_w: 3000, battery_power_w: 0, battery_soc: 40 })));
    await evaluate(tree, at(utc('15:00', '2026-01-16')));
    const battery = async () => (await alarmsOf(tree)).filter((a) => a.kind === 'battery_not_charging');
    expect(await battery()).toEqual([expect.objectContaining({ status: 'open', investor: inverter, details: { day: DAY, charged_kwh: 0, min_soc: 40, yield_kwh_per_kwp: 5.96, threshold_kwh: 0.5 } })]);

    // Jan 16: as sunny, and 1.5 kW into the battery for 4 hours.
    await store(series(inverter, utc('11:00', '2026-01-16'), utc('23:00', '2026-01-16'), (ts) => ({
      ac_power_w: 3000, battery_power_w: ts.getUTCHours() < 15 ? 1500 : 0, battery_soc: 60,
    })));
    await evaluate(tree, at(utc('15:00', '2026-01-17')));
    expect((await battery()).map((a) => a.status)).toEqual(['closed']);
  });
});

describe('production below expected over a day', () => {
  // The fixture's plant: 10 kWp facing north at 20° in Santiago, a 6 kW inverter. On Jan 15 the model
  // expects about 55.6 kWh under the usual sky and about 17.3 kWh under a sky overcast all day.
  const production = async (tree: Tree) => (await alarmsOf(tree)).filter((a) => a.kind === 'production_low');

  it('opens when yesterday gave less than X % of an overcast day, tells why in the reader\'s language, and closes after a day that did not', async () => {
    const tree = await customerPlant();
    const inverter = tree.investors[0].id;
    // Jan 15 (local): 11 h 55 min at 500 W = 5.96 kWh (the first reading starts the counter).
    await store(series(inverter, utc('11:00'), utc('23:00'), () => ({ ac_power_w: 500 })));
    // Judged the next day, at any hour; the day before has no readings and judges nothing.
    await evaluate(tree, at(utc('14:00')));
    expect(await production(tree)).toEqual([]);
    const { opened } = await evaluate(tree, at(utc('12:00', '2026-01-16')));
    const [alarm] = await production(tree);
    expect(opened).toContain(alarm.id);
    expect(alarm).toMatchObject({ status: 'open', investor: null, details: { day: DAY, actual_kwh: 5.96, threshold_pct: 50 } });
    expect(alarm.details.expected_kwh).toBeGreaterThan(50);
    expect(alarm.details.expected_kwh).toBeLessThan(65);
    expect(alarm.details.overcast_kwh).toBeGreaterThan(14);
    expect(alarm.details.overcast_kwh).toBeLessThan(24);
    expect(alarm.details.pct_of_expected).toBeCloseTo((5.96 / alarm.details.expected_kwh) * 100, 0);
    expect(await recipientsOf(alarm.id)).toEqual([staff.user.id, customer.user.id, quiet.user.id].sort((a, b) => a - b));
    const mail = await mailArrives(staff.user.email, /^Daily production below expected: Planta \d+$/);
    expect(mail.text).toContain(`On ${DAY} it produced 6 kWh`); // 5.96, to one decimal
    expect((await mailArrives(quiet.user.email, /^Producción diaria bajo lo esperado: /)).text).toContain('menos del 50 % de lo que da un día nublado');

    // Jan 16: a dark day (17.88 kWh, under a third of the usual) is no fault: it closes.
    await store(series(inverter, utc('11:00', '2026-01-16'), utc('23:00', '2026-01-16'), () => ({ ac_power_w: 1500 })));
    expect((await evaluate(tree, at(utc('12:00', '2026-01-17')))).closed).toContain(alarm.id);
    expect((await production(tree)).map((a) => a.status)).toEqual(['closed']);
  });

  it('follows the portal\'s threshold and the plant\'s own', async () => {
    const tree = await customerPlant();
    // 11 h 55 min at 1.2 kW = 14.3 kWh: above half an overcast day, below all of it.
    await store(series(tree.investors[0].id, utc('11:00', '2026-01-20'), utc('23:00', '2026-01-20'), () => ({ ac_power_w: 1200 })));
    const judge = async () => { await evaluate(tree, at(utc('12:00', '2026-01-21'))); return production(tree); };
    expect(await judge()).toEqual([]);
    // The plant's own threshold (99 % of an overcast day) opens it.
    const own = await call(ctx, staff.token, 'PUT', `/alarm/thresholds/plant/${tree.plant}`, { payload: { alarm_expected_pct: 99 } });
    expect(own.body).toMatchObject({ overrides: { alarm_expected_pct: 99 }, effective: { alarm_expected_pct: 99 } });
    expect(await judge()).toEqual([expect.objectContaining({ status: 'open', details: expect.objectContaining({ actual_kwh: 14.3, threshold_pct: 99 }) })]);
    expect((await call(ctx, staff.token, 'PUT', '/alarm/thresholds', { payload: { alarm_expected_pct: 0 } })).body).toEqual({ alarm_expected_pct: [expect.any(String)] });
  });

  it('judges nothing for a day without readings, a day its readings do not span, or a plant without a place', async () => {
    const tree = await customerPlant();
    await evaluate(tree, at(utc('12:00', '2026-01-16')));
    // Readings of the morning only: the afternoon may have been anything.
    await store(series(tree.investors[0].id, utc('11:00'), utc('15:00'), () => ({ ac_power_w: 100 })));
    await evaluate(tree, at(utc('12:00', '2026-01-16')));
    expect(await production(tree)).toEqual([]);
    await store(series(tree.investors[0].id, utc('15:00'), utc('23:00'), () => ({ ac_power_w: 100 })));
    await db.execute(sql`update power_plants set latitude = null, longitude = null where id = ${tree.plant}`);
    await evaluate(tree, at(utc('12:00', '2026-01-16')));
    expect(await production(tree)).toEqual([]);
  });
});

describe('the API', () => {
  let tree: Tree;
  let otherTree: Tree;
  let alarmId: number;

  beforeAll(async () => {
    tree = await customerPlant();
    otherTree = await plantTree(db, { user: other.user.id });
    await store(series(tree.investors[0].id, utc('13:00', '2026-02-01'), utc('13:05', '2026-02-01'), () => ({ ac_power_w: 0, status: 'error' })));
    await store(series(otherTree.investors[0].id, utc('13:00', '2026-02-01'), utc('13:05', '2026-02-01'), () => ({ ac_power_w: 0, status: 'error' })));
    [alarmId] = (await evaluate(tree, at(utc('13:01', '2026-02-01')))).opened;
    await evaluate(otherTree, at(utc('13:01', '2026-02-01')));
  });

  it('lists with filters, paging and ordering on the server; a customer sees the alarms of their plants only', async () => {
    const mine = await call(ctx, staff.token, 'GET', `/alarm/list?plant=${tree.plant}&kind=inverter_error&status=open&page=1&page_size=1`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ count: 1, next: null, previous: null, results: [{ id: alarmId, plant: tree.plant, project: tree.project, investor_name: 'Inversor 1', status: 'open', ticket: null }] });
    const all = await call(ctx, staff.token, 'GET', '/alarm/list?kind=inverter_error&active=true&opened_from=2026-02-01&opened_to=2026-02-01&ordering=plant_name');
    expect(all.body.map((a: any) => a.plant)).toEqual([tree.plant, otherTree.plant].sort((a, b) => a - b));
    expect((await call(ctx, staff.token, 'GET', '/alarm/list?opened_from=2026-02-02')).body.map((a: any) => a.id)).not.toContain(alarmId);
    expect((await call(ctx, staff.token, 'GET', `/alarm/list?project=${otherTree.project}`)).body).toHaveLength(1);

    const theirs = await call(ctx, customer.token, 'GET', '/alarm/list?active=true');
    expect(theirs.body.map((a: any) => a.plant)).not.toContain(otherTree.plant);
    expect(theirs.body.map((a: any) => a.id)).toContain(alarmId);
    expect((await call(ctx, customer.token, 'GET', `/alarm/of/plant/${tree.plant}`)).body.map((a: any) => a.id)).toContain(alarmId);

    expect((await call(ctx, staff.token, 'GET', '/alarm/list?ordering=password')).status).toBe(400);
    expect((await call(ctx, staff.token, 'GET', '/alarm/list?kind=weather')).status).toBe(400);
    expect((await call(ctx, staff.token, 'GET', '/alarm/list?opened_from=yesterday')).status).toBe(400);
  });

  it('another customer\'s alarm, or plant, is a 404', async () => {
    expect((await call(ctx, other.token, 'GET', `/alarm/detail/${alarmId}`)).status).toBe(404);
    expect((await call(ctx, other.token, 'GET', `/alarm/of/plant/${tree.plant}`)).status).toBe(404);
    expect((await call(ctx, customer.token, 'GET', `/alarm/detail/${alarmId}`)).status).toBe(200);
    expect((await call(ctx, staff.token, 'GET', '/alarm/detail/999999')).status).toBe(404);
  });

  it('staff acknowledge an open alarm with a comment; customers cannot; it still closes by itself, with its history', async () => {
    expect((await call(ctx, customer.token, 'POST', `/alarm/acknowledge/${alarmId}`, { payload: { comment: 'visto' } })).status).toBe(403);
    expect((await call(ctx, staff.token, 'POST', `/alarm/acknowledge/${alarmId}`, { payload: { comment: '   ' } })).body).toEqual({ comment: [expect.any(String)] });
    const done = await call(ctx, staff.token, 'POST', `/alarm/acknowledge/${alarmId}`, { payload: { comment: 'Técnico en camino' } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'acknowledged', acknowledged_by: staff.user.id, acknowledged_by_name: 'Sam Staff', acknowledged_comment: 'Técnico en camino',
      events: [{ event: 'opened' }, { event: 'acknowledged', user: staff.user.id, user_name: 'Sam Staff', comment: 'Técnico en camino' }],
    });
    expect((await call(ctx, staff.token, 'POST', `/alarm/acknowledge/${alarmId}`, { payload: { comment: 'otra vez' } })).body).toEqual({ non_field_errors: ['La alarma ya fue reconocida.'] });

    await store(series(tree.investors[0].id, utc('13:05', '2026-02-01'), utc('13:10', '2026-02-01'), () => ({ ac_power_w: 1000, status: 'running' })));
    expect((await evaluate(tree, at(utc('13:06', '2026-02-01')))).closed).toEqual([alarmId]);
    const closed = (await call(ctx, customer.token, 'GET', `/alarm/detail/${alarmId}`)).body;
    expect(closed).toMatchObject({ status: 'closed', closed_at: expect.any(String), acknowledged_comment: 'Técnico en camino' });
    expect(closed.events.map((e: any) => e.event)).toEqual(['opened', 'acknowledged', 'closed']);
  });

  it('staff turn an alarm into a ticket of the plant\'s customer, linked both ways, once', async () => {
    const [otherAlarm] = await alarmsOf(otherTree);
    expect((await call(ctx, customer.token, 'POST', `/alarm/ticket/${alarmId}`, { payload: {} })).status).toBe(403);
    const made = await call(ctx, staff.token, 'POST', `/alarm/ticket/${alarmId}`, { payload: {} });
    expect(made.status).toBe(201);
    expect(made.body.ticket).toEqual(expect.any(Number));
    expect(made.body.events.at(-1)).toMatchObject({ event: 'ticket', user: staff.user.id, details: { ticket: made.body.ticket } });

    const ticket = await call(ctx, customer.token, 'GET', `/ticket/detail/${made.body.ticket}`);
    expect(ticket.status).toBe(200);
    expect(ticket.body).toMatchObject({ alarm: alarmId, customuser: customer.user.id, title: expect.stringMatching(/^Inverter fault: Planta \d+$/) });
    expect(ticket.body.content).toContain(`Ticket made from the alarm #${alarmId}`);
    expect(ticket.body.content).toContain(`/app/alarms/${alarmId}/show`);
    // Written by the staff member who made it, not signed by the customer, in the 'Alarma' category.
    expect(ticket.body).toMatchObject({ author: staff.user.id, author_fullname: 'Sam Staff', author_is_staff: true, type_name: 'Alarma', type: expect.any(Number) });
    // A ticket a customer writes is theirs.
    const asked = await call(ctx, customer.token, 'POST', '/ticket/create', { payload: { title: 'Duda', content: 'Hola', customuser: customer.user.id, status: 1 } });
    expect((await call(ctx, customer.token, 'GET', `/ticket/detail/${asked.body.id}`)).body).toMatchObject({ author: customer.user.id, author_is_staff: false });

    const again = await call(ctx, staff.token, 'POST', `/alarm/ticket/${alarmId}`, { payload: {} });
    expect(again.status).toBe(200);
    expect(again.body.ticket).toBe(made.body.ticket);
    expect((await query(db, sql`select count(*)::int as n from alarms where ticket_id is not null and id = ${alarmId}`))[0].n).toBe(1);

    // A plant without customers: the ticket is the caller's.
    const lonely = await plantTree(db);
    await store(series(lonely.investors[0].id, utc('13:00', '2026-02-01'), utc('13:05', '2026-02-01'), () => ({ ac_power_w: 0, status: 'error' })));
    const [lonelyAlarm] = (await evaluate(lonely, at(utc('13:01', '2026-02-01')))).opened;
    const own = await call(ctx, staff.token, 'POST', `/alarm/ticket/${lonelyAlarm}`, { payload: {} });
    expect((await call(ctx, staff.token, 'GET', `/ticket/detail/${own.body.ticket}`)).body.customuser).toBe(staff.user.id);
    expect((await call(ctx, staff.token, 'POST', `/alarm/ticket/${otherAlarm.id}`, { payload: { customuser: 999999 } })).status).toBe(400);
  });

  it('thresholds: staff read and change the portal\'s; customers cannot; out of range is a 400', async () => {
    expect((await call(ctx, customer.token, 'GET', '/alarm/thresholds')).status).toBe(403);
    const before = await call(ctx, staff.token, 'GET', '/alarm/thresholds');
    expect(before.body).toEqual({ alarm_offline_minutes: 30, alarm_sibling_pct: 60, alarm_sibling_window_minutes: 60, alarm_sunny_kwh_per_kwp: 4, alarm_battery_min_kwh: 0.5, alarm_expected_pct: 50 });
    expect((await call(ctx, staff.token, 'PUT', '/alarm/thresholds', { payload: { alarm_sibling_pct: 150 } })).status).toBe(400);
    expect((await call(ctx, staff.token, 'PUT', `/alarm/thresholds/plant/999999`, { payload: {} })).status).toBe(404);
  });

  it('portal thresholds: a staff write is kept and read back; customers and strangers cannot write; bad values are 400s by field', async () => {
    const before = (await call(ctx, staff.token, 'GET', '/alarm/thresholds')).body;
    expect((await call(ctx, customer.token, 'PUT', '/alarm/thresholds', { payload: { alarm_offline_minutes: 45 } })).status).toBe(403);
    expect((await call(ctx, null, 'PUT', '/alarm/thresholds', { payload: { alarm_offline_minutes: 45 } })).status).toBe(401);
    for (const payload of [{ alarm_offline_minutes: 30.5 }, { alarm_offline_minutes: 4 }, { alarm_battery_min_kwh: 0 }, { alarm_sunny_kwh_per_kwp: 'mucho' }]) {
      const res = await call(ctx, staff.token, 'PUT', '/alarm/thresholds', { payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body).toEqual({ [Object.keys(payload)[0]]: [expect.any(String)] });
    }
    expect((await call(ctx, staff.token, 'GET', '/alarm/thresholds')).body).toEqual(before);

    const saved = await call(ctx, staff.token, 'PUT', '/alarm/thresholds', { payload: { alarm_offline_minutes: 45, alarm_battery_min_kwh: 0.75 } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...before, alarm_offline_minutes: 45, alarm_battery_min_kwh: 0.75 });
    expect((await call(ctx, staff.token, 'GET', '/alarm/thresholds')).body).toEqual(saved.body);
    // A plant without its own value takes the new one.
    const tree = await customerPlant();
    expect((await call(ctx, staff.token, 'GET', `/alarm/thresholds/plant/${tree.plant}`)).body.effective).toMatchObject({ alarm_offline_minutes: 45 });
    await call(ctx, staff.token, 'PUT', '/alarm/thresholds', { payload: before });
  });
});

describe('the schedule', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await buildApp({ config: ctx.config, db, mailer: new MemoryMailer(), checkReplies: true });
    await second.ready();
  });
  afterAll(() => second?.close());

  it('runs once a period across two API processes on one database, opening each alarm once', async () => {
    const tree = await customerPlant();
    await store(series(tree.investors[0].id, utc('13:00', '2026-03-01'), utc('13:05', '2026-03-01'), () => ({ ac_power_w: 0, status: 'error' })));
    const now = at(utc('13:02', '2026-03-01'));
    const runs = await Promise.all([runScheduledAlarms(ctx.app, 60_000, now, 'api-1'), runScheduledAlarms(second, 60_000, now, 'api-2')]);
    expect(runs.filter((r) => r !== false)).toHaveLength(1);
    const opened = await db.select().from(alarms).where(eq(alarms.plant, tree.plant));
    expect(opened).toHaveLength(1);
    expect(await recipientsOf(opened[0].id)).toHaveLength(3);

    // Within the period nobody runs; after it, one does.
    expect(await Promise.all([runScheduledAlarms(ctx.app, 60_000, now + 30_000, 'api-1'), runScheduledAlarms(second, 60_000, now + 30_000, 'api-2')])).toEqual([false, false]);
    const later = await Promise.all([runScheduledAlarms(ctx.app, 60_000, now + 60_000, 'api-1'), runScheduledAlarms(second, 60_000, now + 60_000, 'api-2')]);
    expect(later.filter((r) => r !== false)).toHaveLength(1);
    expect(await db.select().from(alarms).where(eq(alarms.plant, tree.plant))).toHaveLength(1);
  });
});
