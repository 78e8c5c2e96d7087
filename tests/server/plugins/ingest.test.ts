import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import type { Db } from '../../../server/db/client.js';
import { MAX_POINTS } from '../../../contract/ingest.js';
import { call, plantTree, query, type Tree } from '../../../testing/fixtures.js';

let ctx: TestContext;
let db: Db;
let staff: string;
let customer: { user: { id: number }; token: string };
let tree: Tree;
let other: Tree;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  customer = await ctx.userWithToken();
  tree = await plantTree(db, { inverters: 2, user: customer.user.id });
  other = await plantTree(db);
});
afterAll(() => ctx?.close());

const issue = async (plant: number, name = 'Datalogger techo') => {
  const res = await call(ctx, staff, 'POST', `/power-plant/${plant}/api-keys`, { payload: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; key: string; prefix: string };
};
const push = (key: string | null, payload: unknown, type = 'application/json') => call(ctx, null, 'POST', '/ingest/points', {
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  headers: { 'content-type': type, ...(key ? { 'x-api-key': key } : {}) },
});
const stored = async (investor: number) => (await query(db, sql`select count(*)::int as n from measurements where investor_id = ${investor}`))[0].n;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('ingest keys', () => {
  it('are issued, listed without the key and revoked by staff; a revoked key is refused', async () => {
    const issued = await issue(tree.plant);
    expect(issued).toMatchObject({ plant: tree.plant, name: 'Datalogger techo', key: expect.stringMatching(/^psk_[\w-]{43}$/), created_at: expect.any(String), last_used_at: null });
    expect(issued.key.startsWith(issued.prefix)).toBe(true);
    const [row] = await query(db, sql`select key_hash from ingest_keys where id = ${issued.id}`);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(issued.key);

    const list = await call(ctx, staff, 'GET', `/power-plant/${tree.plant}/api-keys`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: issued.id, prefix: issued.prefix })]);
    expect(JSON.stringify(list.body)).not.toContain(issued.key);

    const point = { investor: tree.investors[0].id, ts: ago(30), ac_power_w: 1500 };
    expect(await push(issued.key, { points: [point] })).toEqual({ status: 200, body: { stored: 1, duplicates: 0, rejected: [] } });
    expect((await call(ctx, staff, 'GET', `/power-plant/${tree.plant}/api-keys`)).body[0].last_used_at).toEqual(expect.any(String));

    expect((await call(ctx, staff, 'DELETE', `/power-plant/api-keys/${issued.id}`)).status).toBe(204);
    const refused = await push(issued.key, { points: [{ ...point, ts: ago(25) }] });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ detail: expect.any(String) });
    expect((await call(ctx, staff, 'DELETE', `/power-plant/api-keys/${issued.id}`)).status).toBe(404);
  });

  it('are managed by staff only; ordinary users get 403, even for their own plant', async () => {
    expect((await call(ctx, customer.token, 'POST', `/power-plant/${tree.plant}/api-keys`, { payload: {} })).status).toBe(403);
    expect((await call(ctx, customer.token, 'GET', `/power-plant/${tree.plant}/api-keys`)).status).toBe(403);
    const issued = await issue(tree.plant);
    expect((await call(ctx, customer.token, 'DELETE', `/power-plant/api-keys/${issued.id}`)).status).toBe(403);
    expect((await call(ctx, null, 'GET', `/power-plant/${tree.plant}/api-keys`)).status).toBe(401);
    expect((await call(ctx, staff, 'GET', '/power-plant/987654/api-keys')).status).toBe(404);
  });

  it('are required to push: no key or an unknown key is a 401, and a user token is no substitute', async () => {
    const point = { points: [{ investor: tree.investors[0].id, ts: ago(5), ac_power_w: 1 }] };
    expect((await push(null, point)).status).toBe(401);
    expect((await push('psk_not-a-real-key', point)).status).toBe(401);
    const res = await call(ctx, staff, 'POST', '/ingest/points', { payload: point });
    expect(res.status).toBe(401);
  });
});

describe('pushing points', () => {
  it('stores the good rows of a JSON batch and reports each bad one by number and field; a repeat is a duplicate', async () => {
    const { key } = await issue(tree.plant);
    const [a, b] = tree.investors;
    const before = await stored(a.id);
    const later = ago(55);
    const points = [
      { investor: a.id, ts: ago(60), ac_power_w: 1000, energy_total_wh: 5000, dc: [{ mppt: 1, voltage_v: 300, current_a: 3.5, power_w: 1050 }] },
      { investor: b.serial, ts: ago(60), ac_power_w: '800', status: 'ok' },
      { investor: other.investors[0].id, ts: ago(60), ac_power_w: 1 },
      { investor: a.id, ts: '2026-01-31 14:05', ac_power_w: 1 },
      { investor: a.id, ts: ago(55), ac_power_w: 'mucho', battery_soc: 120 },
      { ts: '2026-02-30T10:00:00-03:00' },
      { investor: a.id, ts: new Date(Date.now() + 3600_000).toISOString(), ac_power_w: 1 },
      'not a point',
      { investor: a.id, ts: ago(50), ac_power_w: 1200, dc: [{ mppt: 0, voltage_v: 'x' }] },
      { investor: a.id, ts: later, ac_power_w: 1100, energy_total_wh: 5090 },
    ];
    const res = await push(key, { points });
    expect(res.status).toBe(200);
    expect(res.body.stored).toBe(3);
    expect(res.body.duplicates).toBe(0);
    expect(res.body.rejected).toEqual([
      { row: 3, errors: { investor: [expect.stringContaining('planta')] } },
      { row: 4, errors: { ts: [expect.stringContaining('ISO 8601')] } },
      { row: 5, errors: { ac_power_w: [expect.any(String)], battery_soc: [expect.stringContaining('100')] } },
      { row: 6, errors: { investor: [expect.any(String)], ts: [expect.any(String)], ac_power_w: [expect.any(String)] } },
      { row: 7, errors: { ts: [expect.stringContaining('futuro')] } },
      { row: 8, errors: { non_field_errors: [expect.any(String)] } },
      { row: 9, errors: { 'dc.0.mppt': [expect.any(String)], 'dc.0.voltage_v': [expect.any(String)], 'dc.0.current_a': [expect.any(String)], 'dc.0.power_w': [expect.any(String)] } },
    ]);
    expect(await stored(a.id)).toBe(before + 2);
    expect(await stored(other.investors[0].id)).toBe(0);
    // Production between the two points of inverter a: the counter difference.
    const [last] = await query(db, sql`select energy_wh from measurements where investor_id = ${a.id} and ts = ${later}::timestamptz`);
    expect(last.energy_wh).toBe(90);

    const again = await push(key, { points: points.filter((_, i) => [0, 1, 9].includes(i)) });
    expect(again.body).toEqual({ stored: 0, duplicates: 3, rejected: [] });
  });

  it('takes CSV with a header row: good rows stored, bad rows numbered from the first line after the header', async () => {
    const { key } = await issue(tree.plant, 'CSV');
    const [a, b] = tree.investors;
    const before = await stored(b.id);
    const csv = [
      'investor,ts,ac_power_w,energy_total_wh,mppt1_voltage_v,mppt1_current_a,mppt1_power_w,status',
      `${b.serial},${ago(120)},2000,100000,350,5.5,1925,ok`,
      `${b.serial},${ago(115)},2100,100175,,,,ok`,
      `${b.serial},ayer,2100,,,,,`,
      `${b.id},${ago(110)},abc,,,,,`,
      `"${a.serial}",${ago(110)},"1,5",,,,,"dice ""hola"""`,
      `SN-nadie,${ago(110)},1,,,,,`,
    ].join('\n');
    const res = await push(key, csv, 'text/csv; charset=utf-8');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.stored).toBe(2);
    expect(res.body.rejected).toEqual([
      { row: 3, errors: { ts: [expect.any(String)] } },
      { row: 4, errors: { ac_power_w: [expect.any(String)] } },
      { row: 5, errors: { ac_power_w: [expect.any(String)] } },
      { row: 6, errors: { investor: [expect.any(String)] } },
    ]);
    expect(await stored(b.id)).toBe(before + 2);
    const [first] = await query(db, sql`select dc, status, energy_total_wh from measurements where investor_id = ${b.id} order by ts limit 1`);
    expect(first).toEqual({ dc: [{ mppt: 1, voltage_v: 350, current_a: 5.5, power_w: 1925 }], status: 'ok', energy_total_wh: 100000 });

    // Semicolons, with a decimal comma.
    const at = ago(100);
    const semi = await push(key, `investor;ts;ac_power_w\n${a.serial};${at};1234,5\n`, 'text/csv');
    expect(semi.body).toEqual({ stored: 1, duplicates: 0, rejected: [] });
    expect((await query(db, sql`select ac_power_w from measurements where investor_id = ${a.id} and ts = ${at}::timestamptz`))[0].ac_power_w).toBe(1234.5);
  });

  it('rejects a row whose text holds a NUL character or whose id is not plain decimal, and stores the others', async () => {
    const { key } = await issue(tree.plant, 'NUL');
    const a = tree.investors[0];
    const before = await stored(a.id);
    const json = await push(key, { points: [
      { investor: a.id, ts: ago(200), ac_power_w: 10, status: 'o\u0000k' },
      { investor: `0${a.id}`, ts: ago(199), ac_power_w: 10 },
      { investor: true, ts: ago(198), ac_power_w: 10 },
      { investor: String(a.id), ts: ago(197), ac_power_w: 10, status: 'ok' },
    ] });
    expect(json.status, JSON.stringify(json.body)).toBe(200);
    expect(json.body).toEqual({ stored: 1, duplicates: 0, rejected: [
      { row: 1, errors: { status: ['No se permiten caracteres nulos.'] } },
      { row: 2, errors: { investor: [expect.any(String)] } },
      { row: 3, errors: { investor: [expect.any(String)] } },
    ] });
    const csv = await push(key, `investor,ts,ac_power_w,status\n${a.serial},${ago(196)},10,o\u0000k\n${a.serial},${ago(195)},10,ok\n`, 'text/csv');
    expect(csv.body).toEqual({ stored: 1, duplicates: 0, rejected: [{ row: 1, errors: { status: ['No se permiten caracteres nulos.'] } }] });
    expect(await stored(a.id)).toBe(before + 2);
  });

  it('refuses an unusable body with a 400 and an oversize batch with a 413, storing nothing', async () => {
    const { key } = await issue(tree.plant, 'Límites');
    const inv = tree.investors[0].id;
    const before = await stored(inv);
    const cases: [unknown, string][] = [
      [[1, 2], 'application/json'],
      [{ puntos: [] }, 'application/json'],
      ['{"points": [', 'application/json'],
      ['investor,ts,potencia\n1,2,3', 'text/csv'],
      ['investor,ts\n1,2', 'text/csv'],
      ['investor,ts,ac_power_w\n"1,2,3', 'text/csv'],
      ['', 'text/csv'],
    ];
    for (const [payload, type] of cases) {
      const res = await push(key, payload, type);
      expect(res.status, String(payload)).toBe(400);
    }
    const many = Array.from({ length: MAX_POINTS + 1 }, (_, i) => ({ investor: inv, ts: new Date(Date.parse('2026-01-01T00:00:00Z') + i * 60_000).toISOString(), ac_power_w: 1 }));
    const tooMany = await push(key, { points: many });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toEqual({ detail: expect.stringContaining(String(MAX_POINTS)) });
    expect(await stored(inv)).toBe(before);
  });
});
