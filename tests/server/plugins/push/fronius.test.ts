/**
 * The Fronius Push Service receiver (server/plugins/push): each format posted as a Datamanager job
 * posts it (HTTP Basic, JSON body), checked field by field against what the monitoring calls then
 * return; logins staff create and revoke; unknown devices listed and assigned; malformed bodies kept
 * (never a 5xx); the same push twice stored once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../../testing/harness.js';
import { call, plantTree, query } from '../../../../testing/fixtures.js';
import { DAY } from '../../../../testing/fronius-replay.js';
import { eventsPush, inverterPush, logdataPush, meterPush, powerflowPush, storagesPush } from '../../../../testing/fronius-push.js';
import type { Db } from '../../../../server/db/client.js';
import { ingestKeys } from '../../../../server/db/schema.js';
import { hashPassword } from '../../../../server/core/passwords.js';
import { plantSnapshot } from '../../../../server/domain/snapshot.js';
import { DATAMANAGER_DAY } from '../../fixtures/fronius-datamanager-day.js';

let ctx: TestContext;
let db: Db;
let staff: string;
let customer: { user: { id: number }; token: string };

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.cl' });
  db = ctx.database.db;
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  customer = await ctx.userWithToken();
});
afterAll(() => ctx?.close());

/** A plant whose inverters are devices 1.. of datalogger `logger`, and a Push Service login for it. */
async function pushPlant(opts: { inverters?: number; logger?: string } = {}) {
  const tree = await plantTree(db, { inverters: opts.inverters ?? 1, user: customer.user.id });
  for (const [i, inv] of tree.investors.entries()) {
    await db.execute(sql`update investors set device_id = ${i + 1}, datalogger_id = ${opts.logger ?? ''} where id = ${inv.id}`);
  }
  const res = await call(ctx, staff, 'POST', `/power-plant/${tree.plant}/push-credentials`, { payload: { name: 'Techo', datalogger_id: opts.logger ?? '' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { tree, login: res.body as { id: number; username: string; password: string; url: string } };
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
/**
 * A POST as the Datamanager makes it: the job's path, Basic auth, the JSON as text; received 20 s
 * after its Head.Timestamp (a datalogger whose clock is right), or at `receivedAt`.
 */
async function post(login: { id: number; username: string; password: string }, body: unknown, headers: Record<string, string> = {}, receivedAt?: string) {
  const stamp = (body as { Head?: { Timestamp?: string } } | null)?.Head?.Timestamp;
  const at = receivedAt ? Date.parse(receivedAt) : stamp ? Date.parse(stamp) + 20_000 : undefined;
  if (at !== undefined) vi.useFakeTimers({ toFake: ['Date'], now: at });
  try {
    const res = await call(ctx, null, 'POST', `/push/fronius/${login.id}`, {
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', authorization: basic(login.username, login.password), ...headers },
    });
    // The push only queues its plant's alarm rules; they are judged here, at the instant it arrived.
    await ctx.app.alarms.drain();
    return res;
  } finally {
    vi.useRealTimers();
  }
}
const latest = async (investor: number) => {
  const res = await call(ctx, customer.token, 'GET', `/investor/measurements/${investor}`);
  expect(res.status).toBe(200);
  return res.body.flat()[0];
};
const alarmsOf = (plant: number) => query<{ kind: string; investor: number; status: string; details: unknown }>(db,
  sql`select kind, investor_id as investor, status, details from alarms where plant_id = ${plant} order by id`);
const count = async (investor: number) => (await query(db, sql`select count(*)::int as n from measurements where investor_id = ${investor}`))[0].n;

describe('Push Service logins', () => {
  it('are created by staff (password shown once, kept as an argon2 hash), listed without it, and revoked', async () => {
    const { tree, login } = await pushPlant({ logger: '240.123456' });
    expect(login).toMatchObject({
      plant: tree.plant, name: 'Techo', datalogger_id: '240.123456', username: expect.stringMatching(/^fronius-/),
      password: expect.any(String), url: `https://portal.example.cl/api/push/fronius/${login.id}`, last_used_at: null,
    });
    const [row] = await query(db, sql`select password_hash from push_credentials where id = ${login.id}`);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const list = await call(ctx, staff, 'GET', `/power-plant/${tree.plant}/push-credentials`);
    expect(list.body).toEqual([expect.objectContaining({ id: login.id, username: login.username })]);
    expect(JSON.stringify(list.body)).not.toContain(login.password);

    expect((await post(login, inverterPush('2026-01-10T12:00:00-03:00'))).status).toBe(200);
    expect((await call(ctx, staff, 'DELETE', `/power-plant/push-credentials/${login.id}`)).status).toBe(204);
    const refused = await post(login, inverterPush('2026-01-10T12:05:00-03:00'));
    expect(refused.status).toBe(401);
    expect(await count(tree.investors[0].id)).toBe(1);
  });

  it('are checked on every push: a changed password is refused at once, though the old one was accepted a moment ago', async () => {
    const { tree, login } = await pushPlant();
    for (const at of ['12:00', '12:05']) expect((await post(login, inverterPush(`2026-01-10T${at}:00-03:00`))).status).toBe(200);
    await db.execute(sql`update push_credentials set password_hash = ${await hashPassword('la clave nueva')} where id = ${login.id}`);
    expect((await post(login, inverterPush('2026-01-10T12:10:00-03:00'))).status).toBe(401);
    expect((await post({ ...login, password: 'la clave nueva' }, inverterPush('2026-01-10T12:15:00-03:00'))).status).toBe(200);
    expect(await count(tree.investors[0].id)).toBe(3);
  });

  it('take a chosen user and password; bad ones are a 400', async () => {
    const tree = await plantTree(db);
    const ok = await call(ctx, staff, 'POST', `/power-plant/${tree.plant}/push-credentials`, { payload: { username: 'techo-1', password: 'una clave larga' } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ username: 'techo-1', password: 'una clave larga' });
    const bad = await call(ctx, staff, 'POST', `/power-plant/${tree.plant}/push-credentials`, { payload: { username: 'con:dos puntos', password: 'corta' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['password', 'username']);
  });

  it('are for staff only', async () => {
    const { tree, login } = await pushPlant();
    expect((await call(ctx, customer.token, 'POST', `/power-plant/${tree.plant}/push-credentials`, { payload: {} })).status).toBe(403);
    expect((await call(ctx, customer.token, 'GET', `/power-plant/${tree.plant}/push-credentials`)).status).toBe(403);
    expect((await call(ctx, customer.token, 'DELETE', `/power-plant/push-credentials/${login.id}`)).status).toBe(403);
    expect((await call(ctx, staff, 'GET', '/power-plant/987654/push-credentials')).status).toBe(404);
  });
});

describe('the receiver', () => {
  it('refuses a wrong password, another login\'s id, or no login, with 401 and a Basic challenge; nothing is stored', async () => {
    const { tree, login } = await pushPlant();
    const other = await pushPlant();
    const body = inverterPush('2026-01-10T12:00:00-03:00');
    for (const res of [
      await post({ ...login, password: 'wrong' }, body),
      await post({ ...other.login, id: login.id }, body),
      await call(ctx, null, 'POST', `/push/fronius/${login.id}`, { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      await post({ ...login, id: 999999 }, body),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
    const raw = await ctx.app.inject({ method: 'POST', url: `/api/push/fronius/${login.id}`, payload: '{}' });
    expect(raw.headers['www-authenticate']).toMatch(/^Basic realm=/);
    expect(await count(tree.investors[0].id)).toBe(0);
  });

  it('stores CurrentData Inverter: power and counter per device; the counter gives the energy', async () => {
    const { tree, login } = await pushPlant({ inverters: 2 });
    const [a, b] = tree.investors;
    const first = await post(login, inverterPush('2026-01-10T12:00:00-03:00', { 1: { pac: 3120, total: 26_213_502 }, 2: { pac: 1500, total: 1_000_000 } }));
    expect(first).toEqual({
      status: 200, body: { format: 'inverter', stored: 2, duplicates: 0, events: 0, rejected: [], unmatched: [], clock_offset_s: 20, clock_off: false },
    });
    await post(login, inverterPush('2026-01-10T12:05:00-03:00', { 1: { pac: 3000, total: 26_213_762 }, 2: { pac: 1400, total: 1_000_120 } }));
    const ra = await latest(a.id);
    expect(Date.parse(ra.ts)).toBe(Date.parse('2026-01-10T12:05:00-03:00'));
    expect(ra).toMatchObject({ investor: a.id, ac_power_w: 3000, energy_total_wh: 26_213_762, grid_import_w: null, battery_soc: null });
    expect(await latest(b.id)).toMatchObject({ investor: b.id, ac_power_w: 1400, energy_total_wh: 1_000_120 });
    const [energy] = await query(db, sql`select energy_wh from measurements where investor_id = ${a.id} order by ts desc limit 1`);
    expect(energy.energy_wh).toBe(260);
  });

  it('stores CurrentData Powerflow: inverter power, counter and charge, the site flows with their signs', async () => {
    const { tree, login } = await pushPlant();
    const res = await post(login, powerflowPush('2026-01-11T13:00:00-03:00'));
    expect(res.body).toMatchObject({ format: 'powerflow', stored: 1 });
    expect(await latest(tree.investors[0].id)).toMatchObject({
      ac_power_w: DAY.pac, pv_power_w: DAY.pPv, energy_total_wh: 26213502, battery_soc: DAY.flowSoc,
      grid_import_w: 0, grid_export_w: -DAY.pGrid, consumption_w: -DAY.pLoad, battery_power_w: -DAY.pAkku,
    });
    const snapshot = await call(ctx, customer.token, 'GET', `/v2/last/measurement/all/data/${tree.plant}`);
    expect(snapshot.status).toBe(200);
    expect(snapshot.body).toMatchObject({ power_w: DAY.pac, solar_w: DAY.pPv });
  });

  it("keeps a hybrid's PV power apart from its AC output: at night its battery's discharge is not solar", async () => {
    const { tree, login } = await pushPlant();
    // 23:00: no PV; the battery gives 1500 W (P_Akku +), which the inverter outputs to the house.
    await post(login, powerflowPush('2026-01-11T23:00:00-03:00', { pPv: 0, pac: 1500, pAkku: 1500, pGrid: 0, pLoad: -1500 }));
    expect(await latest(tree.investors[0].id)).toMatchObject({ ac_power_w: 1500, pv_power_w: 0, battery_power_w: -1500 });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-01-11T23:01:00-03:00') });
    try {
      const snapshot = await call(ctx, customer.token, 'GET', `/v2/last/measurement/all/data/${tree.plant}`);
      expect(snapshot.body).toMatchObject({ power_w: 1500, solar_w: 0, battery_power_w: -1500 });
    } finally {
      vi.useRealTimers();
    }
    const day = await call(ctx, customer.token, 'GET', `/v2/measurement/${tree.plant}?day=11&month=1&year=2026`);
    expect(day.status).toBe(200);
    // The day curve: its 23:00 slot produced nothing; the battery fed the house.
    const read = (day.body as { ts: string; power_w: number | null }[]).filter((p) => p.power_w !== null);
    expect(read).toEqual([expect.objectContaining({ power_w: 0, battery_power_w: -1500, consumption_w: 1500 })]);
    expect(Date.parse(read[0].ts)).toBe(Date.parse('2026-01-11T23:00:00-03:00'));
  });

  it('keeps Meter and Storages values and adds them to the next Inverter reading (within 10 minutes)', async () => {
    const { tree, login } = await pushPlant();
    expect((await post(login, meterPush('2026-01-12T12:00:00-03:00', 450.5))).body).toMatchObject({ format: 'meter', stored: 0 });
    expect((await post(login, storagesPush('2026-01-12T12:01:00-03:00'))).body).toMatchObject({ format: 'storages', stored: 0 });
    await post(login, inverterPush('2026-01-12T12:02:00-03:00'));
    expect(await latest(tree.investors[0].id)).toMatchObject({ ac_power_w: DAY.pac, grid_import_w: 450.5, grid_export_w: 0, battery_soc: 7.9 });
    // Half an hour later the meter's value is stale: not added.
    await post(login, inverterPush('2026-01-12T12:32:00-03:00'));
    expect(await latest(tree.investors[0].id)).toMatchObject({ grid_import_w: null, battery_soc: null });
  });

  it('stores Logdata Data: a reading per archived instant, DC string values as MPPT inputs', async () => {
    const { tree, login } = await pushPlant();
    const res = await post(login, logdataPush('2026-01-13T10:00:00-03:00', { power: [1000, 1200, 1400], udc: 400, idc: 3.5 }));
    expect(res.body).toMatchObject({ format: 'logdata', stored: 3, unmatched: [] });
    const r = await latest(tree.investors[0].id);
    expect(Date.parse(r.ts)).toBe(Date.parse('2026-01-13T10:10:00-03:00'));
    expect(r).toMatchObject({ ac_power_w: 1400, dc: [{ mppt: 1, voltage_v: 400, current_a: 3.5, power_w: 1400 }] });
  });

  it('keeps Logdata errors and events per inverter, once each, readable on the inverter', async () => {
    const { tree, login } = await pushPlant();
    const body = eventsPush('2026-01-14T00:00:00-03:00');
    expect((await post(login, body)).body).toMatchObject({ format: 'logdata', stored: 0, events: 2 });
    expect((await post(login, body)).body).toMatchObject({ events: 0 });
    const events = await call(ctx, customer.token, 'GET', `/investor/${tree.investors[0].id}/events`);
    expect(events.status).toBe(200);
    expect(events.body).toEqual([
      expect.objectContaining({ kind: 'event', code: 1, detail: { attr: {} } }),
      expect.objectContaining({ kind: 'error', code: 523, detail: { attr: { StateToReset: true } } }),
    ]);
    expect(Date.parse(events.body[1].ts)).toBe(Date.parse('2026-01-14T01:00:00-03:00'));
    const stranger = await ctx.userWithToken();
    expect((await call(ctx, stranger.token, 'GET', `/investor/${tree.investors[0].id}/events`)).status).toBe(404);
    // 523 (DC low on string 2) is what a Symo says at night: no alarm.
    expect(await alarmsOf(tree.plant)).toEqual([]);
  });

  it('opens the inverter_error alarm on a pushed error, naming its code, until a reading shows the inverter producing again', async () => {
    const { tree, login } = await pushPlant();
    const inverter = tree.investors[0].id;
    await post(login, inverterPush('2026-01-15T10:55:00-03:00', { 1: { pac: 2500, total: 1_000_000 } }));
    expect((await post(login, eventsPush('2026-01-15T10:00:00-03:00', 1, 475))).body).toMatchObject({ events: 2 });
    expect(await alarmsOf(tree.plant)).toEqual([{
      kind: 'inverter_error', investor: inverter, status: 'open',
      details: { status: null, error_code: 475, error_at: new Date('2026-01-15T11:00:00-03:00').toISOString() },
    }]);
    // Still no production: it stays open.
    await post(login, inverterPush('2026-01-15T11:30:00-03:00', { 1: { pac: 0, total: 1_000_050 } }));
    expect((await alarmsOf(tree.plant))[0].status).toBe('open');
    await post(login, inverterPush('2026-01-15T11:35:00-03:00', { 1: { pac: 1800, total: 1_000_150 } }));
    expect((await alarmsOf(tree.plant))[0].status).toBe('closed');
  });

  it("files the data of a datalogger whose clock is more than 10 minutes off at the time it was received, and flags it for staff", async () => {
    const { tree, login } = await pushPlant();
    const inverter = tree.investors[0].id;
    // Its clock says 12:00 while it is 12:40: 40 minutes behind.
    const res = await post(login, inverterPush('2026-01-16T12:00:00-03:00', { 1: { pac: 2000, total: 5_000_000 } }), {}, '2026-01-16T12:40:00-03:00');
    expect(res.body).toMatchObject({ stored: 1, clock_offset_s: 2400, clock_off: true });
    expect(Date.parse((await latest(inverter)).ts)).toBe(Date.parse('2026-01-16T12:40:00-03:00'));
    // Its Logdata archive moves by the same offset: an error at its 13:00 is filed at 13:40.
    await post(login, eventsPush('2026-01-16T12:00:00-03:00', 1, 475), {}, '2026-01-16T12:40:00-03:00');
    const [, error] = (await call(ctx, customer.token, 'GET', `/investor/${inverter}/events`)).body;
    expect(Date.parse(error.ts)).toBe(Date.parse('2026-01-16T13:40:00-03:00'));
    const ways = await call(ctx, staff, 'GET', `/power-plant/${tree.plant}/ways-in`);
    expect(ways.body.push_service).toEqual([expect.objectContaining({ id: login.id, clock_offset_s: 2400, clock_off: true })]);
    // Set right again: the flag goes.
    await post(login, inverterPush('2026-01-16T12:45:00-03:00', { 1: { pac: 2000, total: 5_000_100 } }));
    expect((await call(ctx, staff, 'GET', `/power-plant/${tree.plant}/ways-in`)).body.push_service[0]).toMatchObject({ clock_offset_s: 20, clock_off: false });
  });

  it("uses a Symo's day and year counters, so today's, this month's and this year's energy are right from its first day", async () => {
    const { tree, login } = await pushPlant();
    const snapshot = async (at: string) => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(at) });
      try {
        return (await call(ctx, customer.token, 'GET', `/v2/last/measurement/all/data/${tree.plant}`)).body;
      } finally {
        vi.useRealTimers();
      }
    };
    // Added on 20 May at 14:00: it made 8 kWh that morning and 1,200 kWh since 1 January.
    await post(login, inverterPush('2026-05-20T14:00:00-04:00', { 1: { pac: 3000, total: 9_000_000, day: 8_000, year: 1_200_000 } }));
    expect(await snapshot('2026-05-20T14:01:00-04:00')).toMatchObject({ energy_today_wh: 8_000, energy_month_wh: 8_000, energy_year_wh: 1_200_000 });
    // Five minutes later: 250 Wh recorded (the lifetime counter) and the counters moved on with it.
    await post(login, inverterPush('2026-05-20T14:05:00-04:00', { 1: { pac: 3000, total: 9_000_250, day: 8_250, year: 1_200_250 } }));
    expect(await snapshot('2026-05-20T14:06:00-04:00')).toMatchObject({ energy_today_wh: 8_250, energy_month_wh: 8_250, energy_year_wh: 1_200_250 });
    // Its last reading of the day, then the next morning: the day counter starts again, and yesterday's
    // unrecorded morning stays out of today's figure (and in the year's).
    await post(login, inverterPush('2026-05-20T20:00:00-04:00', { 1: { pac: 0, total: 9_030_150, day: 38_150, year: 1_230_150 } }));
    await post(login, inverterPush('2026-05-21T09:00:00-04:00', { 1: { pac: 500, total: 9_030_250, day: 100, year: 1_230_250 } }));
    expect(await snapshot('2026-05-21T09:01:00-04:00')).toMatchObject({ energy_today_wh: 100, energy_year_wh: 1_230_250 });
  });

  it('stores the same push twice once', async () => {
    const { tree, login } = await pushPlant();
    const body = inverterPush('2026-01-15T12:00:00-03:00');
    expect((await post(login, body)).body).toMatchObject({ stored: 1, duplicates: 0 });
    expect((await post(login, body)).body).toMatchObject({ stored: 0, duplicates: 1 });
    expect(await count(tree.investors[0].id)).toBe(1);
  });

  it('lists devices of no inverter as unmatched; once staff assign one, its pushes are stored', async () => {
    const { tree, login } = await pushPlant({ logger: '240.123456' });
    const [inv] = tree.investors;
    const spare = (await query(db, sql`insert into investors (plant_id, name) values (${tree.plant}, 'Nuevo') returning id`))[0].id as number;
    const body = inverterPush('2026-01-16T12:00:00-03:00', { 1: { pac: 100, total: 5 }, 7: { pac: 200, total: 9 } });
    expect((await post(login, body)).body).toMatchObject({ stored: 1, unmatched: [{ datalogger_id: '240.123456', device_id: 7 }] });
    await post(login, body);
    const devices = await call(ctx, staff, 'GET', `/power-plant/${tree.plant}/push-devices`);
    expect(devices.body).toEqual([expect.objectContaining({ datalogger_id: '240.123456', device_id: 7, pushes: 2 })]);

    const other = await plantTree(db);
    const wrong = await call(ctx, staff, 'POST', `/power-plant/push-devices/${devices.body[0].id}/assign`, { payload: { investor: other.investors[0].id } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ investor: [expect.any(String)] });
    expect((await call(ctx, customer.token, 'POST', `/power-plant/push-devices/${devices.body[0].id}/assign`, { payload: { investor: spare } })).status).toBe(403);
    const assigned = await call(ctx, staff, 'POST', `/power-plant/push-devices/${devices.body[0].id}/assign`, { payload: { investor: spare } });
    expect(assigned).toEqual({ status: 200, body: { investor: spare, datalogger_id: '240.123456', device_id: 7 } });
    expect((await call(ctx, staff, 'GET', `/investor/${spare}`)).body).toMatchObject({ datalogger_id: '240.123456', device_id: 7 });
    expect((await call(ctx, staff, 'GET', `/power-plant/${tree.plant}/push-devices`)).body).toEqual([]);

    const later = await post(login, inverterPush('2026-01-16T12:05:00-03:00', { 1: { pac: 110, total: 6 }, 7: { pac: 210, total: 10 } }));
    expect(later.body).toMatchObject({ stored: 2, unmatched: [] });
    expect(await latest(spare)).toMatchObject({ ac_power_w: 210 });
    expect(await count(inv.id)).toBe(2);
  });

  it('keeps a body it cannot read (not JSON, wrong shape, any content type) and answers 202, never a 5xx', async () => {
    const { tree, login } = await pushPlant();
    const bodies: [string, string][] = [
      ['{"Head": {"Status": {"Code": 0}}, "Body": {"PAC": {"Val', 'application/json'],
      [JSON.stringify({ Head: { Timestamp: 'yesterday' }, Body: {} }), 'application/json'],
      [JSON.stringify({ Head: { Timestamp: '2026-01-17T12:00:00-03:00' }, Body: { Something: 1 } }), 'text/plain'],
      ['', 'application/octet-stream'],
    ];
    for (const [payload, type] of bodies) {
      const res = await post(login, payload, { 'content-type': type });
      expect(res.status, payload).toBe(202);
      expect(res.body).toEqual({ detail: expect.any(String), reject: expect.any(Number) });
    }
    const kept = await call(ctx, staff, 'GET', `/power-plant/${tree.plant}/push-rejects`);
    expect(kept.status).toBe(200);
    expect(kept.body.map((r: { body: string }) => r.body)).toEqual(bodies.map(([b]) => b).reverse());
    expect(kept.body[1]).toMatchObject({ source: 'fronius', origin: `/api/push/fronius/${login.id}`, content_type: 'text/plain', error: expect.any(String) });
    expect((await call(ctx, customer.token, 'GET', `/power-plant/${tree.plant}/push-rejects`)).status).toBe(403);
  });

  it('reports points out of bounds like the push ingest does, storing the others', async () => {
    const { tree, login } = await pushPlant({ inverters: 2 });
    const res = await post(login, inverterPush('2026-01-18T12:00:00-03:00', { 1: { pac: 1e12, total: 5 }, 2: { pac: 100, total: 5 } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stored: 1, rejected: [{ row: 1, errors: { ac_power_w: [expect.any(String)] } }] });
    expect(await count(tree.investors[1].id)).toBe(1);
  });
});

describe('ways in of a plant', () => {
  it('lists polling, Push Service logins, ingest keys and MQTT topics with their setup values and last deliveries', async () => {
    const { tree, login } = await pushPlant();
    await db.execute(sql`update investors set datalogger_address = '192.168.1.50' where id = ${tree.investors[0].id}`);
    const key = (await call(ctx, staff, 'POST', `/power-plant/${tree.plant}/api-keys`, { payload: { name: 'Gateway' } })).body;
    await post(login, inverterPush('2026-01-19T12:00:00-03:00'));
    const [{ topicId }] = await db.select({ topicId: ingestKeys.mqtt_topic_id }).from(ingestKeys).where(eq(ingestKeys.id, key.id));
    const res = await call(ctx, staff, 'GET', `/power-plant/${tree.plant}/ways-in`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      plant: tree.plant,
      polling: [{ investor: tree.investors[0].id, name: 'Inversor 1', address: '192.168.1.50', device_id: 1, last_delivered_at: expect.any(String) }],
      push_service: [expect.objectContaining({ id: login.id, username: login.username, url: `https://portal.example.cl/api/push/fronius/${login.id}`, last_delivered_at: expect.any(String) })],
      ingest_keys: [{ id: key.id, name: 'Gateway', prefix: key.prefix, url: 'https://portal.example.cl/api/ingest/points', header: 'X-Api-Key', last_delivered_at: null }],
      mqtt: [{ key: key.id, name: 'Gateway', broker: null, topic: `solar/${topicId}/points`, last_delivered_at: null }],
      unmatched_devices: 0,
      rejects: 0,
    });
    expect((await call(ctx, customer.token, 'GET', `/power-plant/${tree.plant}/ways-in`)).status).toBe(403);
  });
});

describe('a Datamanager whose inverter sleeps (its recorded pushes)', () => {
  /** A recorded body moved to local day `day` of March 2026 in Santiago, at the same wall-clock time. */
  const moved = (name: keyof typeof DATAMANAGER_DAY, day: number) => {
    const body = structuredClone(DATAMANAGER_DAY[name]) as { Head: { Timestamp: string } };
    body.Head.Timestamp = body.Head.Timestamp.replace(/^2023-03-02T(.*)-08:00$/, `2026-03-${String(day).padStart(2, '0')}T$1-03:00`);
    return body;
  };
  // Day 1 before the counter's step, the night, day 2 after it, the night: 40,580,000 then 40,581,000 Wh.
  const pushes = [
    ...(['1118', '1227', '1759', '2000', '2359'] as const).map((n) => moved(n, 9)),
    ...(['1228', '1317', '1739', '1759', '2359'] as const).map((n) => moved(n, 10)),
  ];

  it("neither wipes the lifetime at night nor counts it as the next day's energy: today's energy is the counter's difference", async () => {
    const { tree, login } = await pushPlant();
    const [plant] = await query<Parameters<typeof plantSnapshot>[1]>(db,
      sql`select id, tariff, injection_price, capacity_kwp, distributor_id as distributor, tariff_option, demand_kw, peak_demand_kw from power_plants where id = ${tree.plant}`);
    const lifetimes: number[] = [];
    for (const body of pushes) {
      expect((await post(login, body)).status).toBe(200);
      const snapshot = await plantSnapshot(db, plant, new Date(Date.parse(body.Head.Timestamp) + 30_000));
      lifetimes.push(snapshot.energy_total_wh);
    }
    // The lifetime is the last counter given, asleep or not: it never drops, and CO2 and savings with it.
    expect(lifetimes).toEqual([...Array(5).fill(40_580_000), ...Array(5).fill(40_581_000)]);
    const night = await plantSnapshot(db, plant, new Date('2026-03-10T23:59:30-03:00'));
    expect(night).toMatchObject({ energy_today_wh: 1000, energy_month_wh: 1000, energy_total_wh: 40_581_000 });
    expect(night.co2_avoided_kg.total).toBeGreaterThan(0);
    // No 0 is stored as the counter; the days' charts hold the counter's difference, day by day.
    const stored = await query(db, sql`select count(*)::int as n from measurements where investor_id = ${tree.investors[0].id} and energy_total_wh = 0`);
    expect(stored).toEqual([{ n: 0 }]);
    const month = await call(ctx, customer.token, 'GET', `/v2/get/data/date/${tree.plant}?type=month&date=2026-03-10`);
    expect(month.status).toBe(200);
    expect(month.body.totals.energy_wh).toBe(1000);
    const day = await call(ctx, customer.token, 'GET', `/v2/get/data/date/${tree.plant}?type=day&date=2026-03-10`);
    expect(day.body.totals.energy_wh).toBe(1000);
  });

  it('the same pushes in another order (the nights first) leave the same energies', async () => {
    const { tree, login } = await pushPlant();
    const night = (b: { Head: { Timestamp: string } }) => /T(17:59|20:00|23:59)/.test(b.Head.Timestamp);
    for (const body of [...pushes.filter(night), ...pushes.filter((b) => !night(b)).reverse()]) expect((await post(login, body)).status).toBe(200);
    const days = await query(db, sql`select (ts at time zone 'America/Santiago')::date::text as day, sum(energy_wh)::float8 as wh
      from measurements where investor_id = ${tree.investors[0].id} group by 1 order by 1`);
    expect(days).toEqual([{ day: '2026-03-09', wh: 0 }, { day: '2026-03-10', wh: 1000 }]);
  });
});
