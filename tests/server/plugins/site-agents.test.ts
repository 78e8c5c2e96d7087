/**
 * Site agents (contract/site-agents.ts): an agent's status kept with the plant's ingest key, read back
 * by staff and the plant's users, its silence raising the plant's offline alarm, and the inverters it
 * found taken into the hierarchy.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import type { Db } from '../../../server/db/client.js';
import { call, plantTree, query, type Tree } from '../../../testing/fixtures.js';
import { evaluateAlarms } from '../../../server/domain/alarms/evaluate.js';
import { alarmMessage } from '../../../server/domain/alarms/messages.js';
import type { AgentStatus } from '../../../contract/site-agents.js';

let ctx: TestContext;
let db: Db;
let staff: string;
let customer: string;
let stranger: string;
let tree: Tree;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  const owner = await ctx.userWithToken();
  customer = owner.token;
  stranger = (await ctx.userWithToken()).token;
  tree = await plantTree(db, { user: owner.user.id });
});
afterAll(() => ctx?.close());

const issueKey = async (plant: number) => (await call(ctx, staff, 'POST', `/power-plant/${plant}/api-keys`, { payload: { name: 'agente' } })).body.key as string;
const report = (key: string | null, status: unknown) => call(ctx, null, 'POST', '/ingest/agent', { payload: status as object, headers: key ? { 'x-api-key': key } : {} });

const device = (over: Partial<AgentStatus['devices'][number]> = {}): AgentStatus['devices'][number] => ({
  address: '192.168.1.20:502/1', kind: 'inverter', manufacturer: 'Fronius', model: 'Symo GEN24 10.0', serial: '34180512',
  rated_power_w: 10_000, models: [1, 103, 120, 160, 124], mppts: 2, ok: true, last_error: null, last_read_at: '2026-12-04T15:00:00.000Z', ...over,
});
const status = (over: Partial<AgentStatus> = {}): AgentStatus => ({
  agent: 'rpi-techo', version: '0.1.0',
  devices: [device(), device({ address: '192.168.1.20:502/200', kind: 'meter', model: 'Smart Meter TS 65A-3', serial: 'M-77', rated_power_w: null, models: [1, 213], mppts: 0 })],
  backlog: { readings: 12, oldest_at: '2026-12-04T14:50:00.000Z' }, ...over,
});

describe('an agent reports', () => {
  it('with the plant ingest key: kept as the plant agent, read back by staff and the owner without the key', async () => {
    const key = await issueKey(tree.plant);
    expect(await report(key, status())).toMatchObject({ status: 204 });
    const list = await call(ctx, staff, 'GET', `/power-plant/${tree.plant}/site-agents`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{
      id: expect.any(Number), plant: tree.plant, agent: 'rpi-techo', version: '0.1.0', devices: status().devices,
      backlog: { readings: 12, oldest_at: '2026-12-04T14:50:00.000Z' }, first_contact_at: expect.any(String), last_contact_at: expect.any(String),
    }]);
    expect(JSON.stringify(list.body)).not.toContain(key);
    const [row] = await query(db, sql`select * from site_agents where plant_id = ${tree.plant}`);
    expect(JSON.stringify(row)).not.toContain(key);

    // A second report of the same agent updates its row.
    expect((await report(key, status({ version: '0.2.0', backlog: { readings: 0, oldest_at: null } }))).status).toBe(204);
    const again = await call(ctx, customer, 'GET', `/power-plant/${tree.plant}/site-agents`);
    expect(again.body).toEqual([expect.objectContaining({ version: '0.2.0', backlog: { readings: 0, oldest_at: null } })]);
  });

  it('is refused without a key or with a wrong one (401), and a bad status is a 400', async () => {
    expect((await report(null, status())).status).toBe(401);
    const wrong = await report('psk_not-a-key', status());
    expect(wrong).toEqual({ status: 401, body: { detail: expect.any(String) } });
    const key = await issueKey(tree.plant);
    const bad = await report(key, { ...status(), backlog: { readings: -1, oldest_at: null } });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty(['backlog.readings']);
  });

  it('is read by staff and the plant users only', async () => {
    expect((await call(ctx, stranger, 'GET', `/power-plant/${tree.plant}/site-agents`)).status).toBe(404);
    expect((await call(ctx, null, 'GET', `/power-plant/${tree.plant}/site-agents`)).status).toBe(401);
    expect((await call(ctx, customer, 'POST', `/power-plant/${tree.plant}/site-agents/adopt`)).status).toBe(403);
  });
});

describe('the devices an agent found', () => {
  it('become the plant inverters with their MPPTs in one step; serials already there are skipped', async () => {
    const plant = await plantTree(db);
    const key = await issueKey(plant.plant);
    await report(key, status({ devices: [...status().devices, device({ serial: plant.investors[0].serial, address: '192.168.1.21:502/1' })] }));
    const adopted = await call(ctx, staff, 'POST', `/power-plant/${plant.plant}/site-agents/adopt`);
    expect(adopted.status).toBe(200);
    expect(adopted.body).toEqual({
      created: [{ id: expect.any(Number), name: 'Symo GEN24 10.0 34180512', serial_number: '34180512', mppts: 2 }],
      skipped: [plant.investors[0].serial],
    });
    const [inverter] = await query(db, sql`select model, serial_number, nominal_power_kw from investors where id = ${adopted.body.created[0].id}`);
    expect(inverter).toEqual({ model: 'Fronius Symo GEN24 10.0', serial_number: '34180512', nominal_power_kw: 10 });
    expect(await query(db, sql`select name, number from mppts where investor_id = ${adopted.body.created[0].id} order by number`))
      .toEqual([{ name: 'MPPT 1', number: 1 }, { name: 'MPPT 2', number: 2 }]);
    // Again: nothing new.
    expect((await call(ctx, staff, 'POST', `/power-plant/${plant.plant}/site-agents/adopt`)).body.created).toEqual([]);
  });
});

describe('an agent that stops reporting', () => {
  /** A summer afternoon in Santiago (UTC-3): the sun is high. */
  const at = (time: string) => Date.parse(`2026-01-15T${time}:00Z`);
  const alarms = (plant: number) => query<{ id: number; kind: string; status: string; details: any }>(db,
    sql`select id, kind, status, details from alarms where plant_id = ${plant} order by id`);

  it('raises the plant offline alarm after N minutes of daylight, saying the agent stopped, and its next report closes it', async () => {
    const plant = await plantTree(db);
    const key = await issueKey(plant.plant);
    await report(key, status());
    const contact = (time: string) => db.execute(sql`update site_agents set last_contact_at = ${new Date(at(time)).toISOString()} where plant_id = ${plant.plant}`);
    await contact('15:00');

    expect(await evaluateAlarms(ctx.app, { plants: [plant.plant], now: at('15:25') })).toEqual({ opened: [], closed: [] });
    const { opened } = await evaluateAlarms(ctx.app, { plants: [plant.plant], now: at('15:45') });
    expect(opened).toHaveLength(1);
    const [alarm] = await alarms(plant.plant);
    expect(alarm).toMatchObject({
      kind: 'plant_offline', status: 'open', details: { site_agent: 'rpi-techo', last_contact_at: '2026-01-15T15:00:00.000Z', threshold_minutes: 30 },
    });
    const { message } = alarmMessage({ id: alarm.id, kind: 'plant_offline', plant_name: 'Planta', investor_name: null, mppt_name: null, string_name: null, details: alarm.details }, 'es', 'America/Santiago');
    expect(message).toContain('El agente del sitio «rpi-techo» dejó de informar');

    await report(key, status());
    await contact('16:00');
    expect(await evaluateAlarms(ctx.app, { plants: [plant.plant], now: at('16:01') })).toEqual({ opened: [], closed: [alarm.id] });
  });
});
