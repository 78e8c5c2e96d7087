/**
 * The fleet view (contract/fleet.ts, server/plugins/fleet): each plant's status and figures against
 * what was stored (and against the performance call of the KPI cards), the DRF page, ordering by every
 * column both ways with ties by name, search, the four filters, who sees what, and bad input. Every
 * reply is checked against its schema (checkReplies).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { call, plantTree, type Tree } from '../../../testing/fixtures.js';
import type { Db } from '../../../server/db/client.js';
import { alarms, communes, panels, plantExpectedMonths, powerPlants, projects, tagProjects, tags } from '../../../server/db/schema.js';
import { storeReadings } from '../../../server/measurements/store.js';
import { drainRollups } from '../../../server/measurements/rollup-worker.js';
import { refreshExpectedDays } from '../../../server/measurements/expected-days.js';
import { FLEET_ORDERING, type FleetPlant } from '../../../contract/fleet.js';

/** 13:00 in Santiago (UTC−3 in summer) on 2026-01-15. */
const NOW = Date.parse('2026-01-15T16:00:00Z');
const local = (text: string) => new Date(`${text}-03:00`);

let ctx: TestContext;
let db: Db;
let staff: string;
let customer: string;
let stranger: string;
/** A customer of each plant named (the fault plant's project). */
const customerOf: Record<'fault', string> = {} as never;
const plant: Record<'online' | 'offline' | 'fault' | 'silent', Tree> = {} as never;
let commune: number;
let tag: number;

/** A plant with 10 × 500 Wp on each of its two strings (10 kWp), renamed. */
async function described(name: string, opts: Parameters<typeof plantTree>[1] = {}) {
  const tree = await plantTree(db, { ...opts, panels: 10, panelWp: 500 });
  await db.update(powerPlants).set({ name, capacity_kwp: 10 }).where(eq(powerPlants.id, tree.plant));
  return tree;
}

/** Each inverter's energy counter, Wh. */
const counters = new Map<number, number>();
/** Two counter readings of an inverter, `kwh` apart, at `from` and `to` (local; `to` is its last reading). */
function produced(investor: number, from: string, to: string, kwh: number, powerW = 3000) {
  const start = counters.get(investor) ?? 5_000_000;
  counters.set(investor, start + kwh * 1000);
  return storeReadings(db, [
    { investor, ts: local(from), ac_power_w: powerW, energy_total_wh: start },
    { investor, ts: local(to), ac_power_w: powerW, energy_total_wh: start + kwh * 1000 },
  ]);
}

const list = async (token: string, qs = '') => {
  const res = await call(ctx, token, 'GET', `/fleet/plants${qs}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as FleetPlant[];
};
const names = (rows: FleetPlant[]) => rows.map((r) => r.name);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  ctx = await createTestContext();
  db = ctx.database.db;
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  const mine = await ctx.userWithToken();
  customer = mine.token;
  stranger = (await ctx.userWithToken()).token;
  [{ id: commune }] = await db.insert(communes).values({ name: 'Comuna de Prueba', region: 'Región de Prueba' }).returning();
  [{ id: tag }] = await db.insert(tags).values({ name: 'Norte' }).returning();

  plant.online = await described('Planta 2', { user: mine.user.id });
  await db.update(powerPlants).set({ commune }).where(eq(powerPlants.id, plant.online.plant));
  await db.update(projects).set({ name: 'Proyecto Cordillera' }).where(eq(projects.id, plant.online.project));
  plant.offline = await described('Planta 10');
  const faultUser = await ctx.userWithToken();
  customerOf.fault = faultUser.token;
  plant.fault = await described('planta 3', { inverters: 2, user: faultUser.user.id });
  await db.insert(tagProjects).values({ tag, project: plant.fault.project });
  plant.silent = await described('Bodega');

  // 12 kWh on the 10th, 20 kWh this morning, read a minute ago.
  await produced(plant.online.investors[0].id, '2026-01-10T08:00:00', '2026-01-10T20:00:00', 12);
  await produced(plant.online.investors[0].id, '2026-01-15T07:00:00', '2026-01-15T12:59:00', 20);
  // Last read at 11:00 today.
  await produced(plant.offline.investors[0].id, '2026-01-15T07:00:00', '2026-01-15T11:00:00', 8);
  // Both inverters read now; an inverter error open.
  await produced(plant.fault.investors[0].id, '2026-01-15T07:00:00', '2026-01-15T12:55:00', 10, 2000);
  await produced(plant.fault.investors[1].id, '2026-01-15T07:00:00', '2026-01-15T12:58:00', 10, 1500);
  await db.insert(alarms).values([
    { plant: plant.fault.plant, investor: plant.fault.investors[0].id, kind: 'inverter_error', subject: `inverter:${plant.fault.investors[0].id}` },
    { plant: plant.online.plant, kind: 'plant_offline', subject: `plant:${plant.online.plant}`, status: 'closed', closed_at: new Date(NOW - 3_600_000) },
  ]);
  await drainRollups(db);
  await refreshExpectedDays(db, new Date(NOW));
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx?.close();
});

describe('figures', () => {
  it('gives each plant its status, last reading, power, energy, yield, performance and open alarms', async () => {
    const rows = await list(staff);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName['Planta 2']).toMatchObject({
      status: 'online', last_reading: '2026-01-15T12:59:00-03:00', offline_since: null, power_w: 3000,
      energy_today_wh: 20_000, energy_month_wh: 32_000, yield_today: 2, yield_month: 3.2, capacity_kwp: 10, open_alarms: 0,
      commune, commune_name: 'Comuna de Prueba', project_name: 'Proyecto Cordillera',
    });
    expect(byName['Planta 10']).toMatchObject({
      status: 'offline', last_reading: '2026-01-15T11:00:00-03:00', offline_since: '2026-01-15T11:00:00-03:00', power_w: null, energy_today_wh: 8000,
    });
    expect(byName['planta 3']).toMatchObject({ status: 'fault', power_w: 3500, energy_today_wh: 20_000, open_alarms: 1, capacity_kwp: 20 });
    // First read this morning: its month is expected from today, not from the 1st.
    expect(byName['Planta 10'].performance_today).toBeGreaterThan(0);
    expect(byName['Planta 10'].performance_month).toBe(byName['Planta 10'].performance_today);
    // Never read: no expectation to fall short of.
    expect(byName.Bodega).toMatchObject({
      status: 'offline', last_reading: null, offline_since: null, power_w: null, energy_today_wh: 0, yield_today: 0,
      performance_today: null, performance_month: null,
    });
  });

  it('has the performance ratio of the KPI cards, to the same rounding (issue 33, item 9)', async () => {
    const [row] = (await list(staff, '?search=Cordillera'));
    const { body } = await call(ctx, staff, 'GET', `/v2/expected/performance/${plant.online.plant}`);
    expect(row.performance_today).toBeGreaterThan(0);
    expect(body.today.ratio).toBe(row.performance_today);
    expect(body.month.ratio).toBe(row.performance_month);
  });

  it('has no ratio while the expectation is not stored, nor for a plant that cannot be modelled', async () => {
    const tree = await plantTree(db);
    await db.update(powerPlants).set({ name: 'Sin modelo', latitude: null }).where(eq(powerPlants.id, tree.plant));
    const [before] = await list(staff, '?search=Sin%20modelo');
    expect(before).toMatchObject({ performance_today: null, performance_month: null, capacity_kwp: 6 });
    await refreshExpectedDays(db, new Date(NOW));
    const [after] = await list(staff, '?search=Sin%20modelo');
    expect(after).toMatchObject({ performance_today: null, performance_month: null, capacity_kwp: 6 });
    await db.delete(powerPlants).where(eq(powerPlants.id, tree.plant));
  });
});

describe('one status, one ratio (issue 33, item 9)', () => {
  // Seven minutes into the hour: the expectation so far is then more than the hour's running total.
  beforeAll(() => { vi.setSystemTime(NOW + 7 * 60_000); });
  afterAll(() => { vi.setSystemTime(NOW); });

  it('gives a plant with an open fault alarm the same status and ratios in the fleet and on its own page', async () => {
    const [row] = await list(customerOf.fault, '?search=planta%203');
    expect(row.name).toBe('planta 3');
    expect(row.status).toBe('fault');
    const snapshot = await call(ctx, customerOf.fault, 'GET', `/v2/last/measurement/all/data/${plant.fault.plant}`);
    expect(snapshot.status).toBe(200);
    expect(snapshot.body.status).toBe(row.status);
    const [alarm] = await db.select().from(alarms).where(eq(alarms.plant, plant.fault.plant));
    expect(snapshot.body.fault_alarm).toEqual({ id: alarm.id, kind: 'inverter_error' });
    const perf = await call(ctx, customerOf.fault, 'GET', `/v2/expected/performance/${plant.fault.plant}`);
    expect(perf.status).toBe(200);
    expect(row.performance_today).toBeGreaterThan(0);
    expect(perf.body.today.ratio).toBe(row.performance_today);
    expect(perf.body.month.ratio).toBe(row.performance_month);
    expect(perf.body.today.actual_wh).toBe(row.energy_today_wh);
    // An online plant without faults says online in both, with no alarm to point at.
    const online = await call(ctx, staff, 'GET', `/v2/last/measurement/all/data/${plant.online.plant}`);
    expect(online.body).toMatchObject({ status: 'online', fault_alarm: null });
    const offline = await call(ctx, staff, 'GET', `/v2/last/measurement/all/data/${plant.offline.plant}`);
    expect(offline.body).toMatchObject({ status: 'offline', fault_alarm: null });
  });

  // The snapshot keeps a plant's open faults per process: an alarm closed outside any request (the
  // evaluator's write, here straight to the table) must still reach it, through the alarms' trigger.
  it("says online on the plant's own page as soon as its fault alarm is closed, and fault again when one opens", async () => {
    const page = () => call(ctx, customerOf.fault, 'GET', `/v2/last/measurement/all/data/${plant.fault.plant}`);
    expect((await page()).body.status).toBe('fault');
    const [alarm] = await db.update(alarms).set({ status: 'closed', closed_at: new Date(NOW) }).where(eq(alarms.plant, plant.fault.plant)).returning();
    await vi.waitFor(async () => expect((await page()).body).toMatchObject({ status: 'online', fault_alarm: null }), { timeout: 2000 });
    const [again] = await db.insert(alarms).values({ plant: alarm.plant, kind: 'inverter_offline', subject: alarm.subject, status: 'open', opened_at: new Date(NOW) }).returning();
    await vi.waitFor(async () => expect((await page()).body.fault_alarm).toEqual({ id: again.id, kind: 'inverter_offline' }), { timeout: 2000 });
    const [row] = await list(customerOf.fault, '?search=planta%203');
    expect(row.status).toBe('fault');
  });
});

describe('paging, ordering, search and filters', () => {
  it('answers the DRF page', async () => {
    const first = await call(ctx, staff, 'GET', '/fleet/plants?page=1&page_size=3');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 4, previous: null, next: '/api/fleet/plants?page=2&page_size=3' });
    expect(names(first.body.results)).toEqual(['Bodega', 'Planta 2', 'planta 3']);
    const second = await call(ctx, staff, 'GET', '/fleet/plants?page=2&page_size=3');
    expect(second.body).toMatchObject({ count: 4, next: null, previous: '/api/fleet/plants?page=1&page_size=3' });
    expect(names(second.body.results)).toEqual(['Planta 10']);
    expect((await call(ctx, staff, 'GET', '/fleet/plants?page=3&page_size=3')).status).toBe(404);
    expect((await call(ctx, stranger, 'GET', '/fleet/plants?page=1')).body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  const STATUS_RANK = { offline: 0, fault: 1, online: 2 };
  const natural = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
  const compare = (key: typeof FLEET_ORDERING[number], a: FleetPlant, b: FleetPlant) => {
    const x = a[key];
    const y = b[key];
    if (key === 'status') return STATUS_RANK[a.status] - STATUS_RANK[b.status];
    if (typeof x === 'string' && typeof y === 'string') return key === 'last_reading' ? Date.parse(x) - Date.parse(y) : natural(x, y);
    return (x as number) - (y as number);
  };

  it.each(FLEET_ORDERING.flatMap((key) => [key, `-${key}`]))('orders by %s, nulls last, ties by name', async (ordering) => {
    const key = ordering.replace('-', '') as typeof FLEET_ORDERING[number];
    const sign = ordering.startsWith('-') ? -1 : 1;
    const rows = await list(staff, `?ordering=${ordering}`);
    expect(rows).toHaveLength(4);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      const where = `${a.name} (${a[key]}) before ${b.name} (${b[key]})`;
      if (a[key] === null || b[key] === null) {
        expect(b[key] === null, where).toBe(true);
        if (a[key] === null) expect(natural(a.name, b.name), where).toBeLessThan(0);
        continue;
      }
      const c = sign * compare(key, a, b);
      expect(c, where).toBeLessThanOrEqual(0);
      if (c === 0) expect(natural(a.name, b.name), where).toBeLessThan(0);
    }
  });

  it('orders by several columns', async () => {
    expect(names(await list(staff, '?ordering=status,-energy_today_wh'))).toEqual(['Planta 10', 'Bodega', 'planta 3', 'Planta 2']);
  });

  it('searches plant, project and commune names', async () => {
    expect(names(await list(staff, '?search=planta'))).toEqual(['Planta 2', 'planta 3', 'Planta 10']);
    expect(names(await list(staff, '?search=cordillera'))).toEqual(['Planta 2']);
    expect(names(await list(staff, '?search=prueba'))).toEqual(['Planta 2']);
    expect(await list(staff, '?search=100%25')).toEqual([]);
  });

  it('filters by status, project, tag and commune', async () => {
    expect(names(await list(staff, '?status=offline'))).toEqual(['Bodega', 'Planta 10']);
    expect(names(await list(staff, '?status=fault'))).toEqual(['planta 3']);
    expect(names(await list(staff, '?status=online'))).toEqual(['Planta 2']);
    expect(names(await list(staff, `?project=${plant.offline.project}`))).toEqual(['Planta 10']);
    expect(names(await list(staff, `?tag=${tag}`))).toEqual(['planta 3']);
    expect(names(await list(staff, `?commune=${commune}&status=online`))).toEqual(['Planta 2']);
    expect(await list(staff, `?commune=${commune}&status=offline`)).toEqual([]);
  });
});

describe('access and bad input', () => {
  it('shows a customer their plants only, filters included', async () => {
    expect(names(await list(customer))).toEqual(['Planta 2']);
    expect(await list(customer, `?project=${plant.offline.project}`)).toEqual([]);
    expect(await list(stranger)).toEqual([]);
    expect((await call(ctx, null, 'GET', '/fleet/plants')).status).toBe(401);
  });

  it.each([
    ['ordering=nombre', 'ordering'], ['ordering=-__proto__', 'ordering'], ['status=broken', 'status'], ['page=0', 'page'],
    ['page_size=100000', 'page_size'], ['project=abc', 'project'], ['tag=0', 'tag'], ['commune=-1', 'commune'],
  ])('answers 400 to %s', async (qs, field) => {
    const { status, body } = await call(ctx, staff, 'GET', `/fleet/plants?${qs}`);
    expect(status).toBe(400);
    expect(Object.keys(body)).toEqual([field]);
  });
});

describe('the last reading follows what is stored', () => {
  it('moves forward with a later point, never back with a late or repeated one', async () => {
    const tree = await described('Tardía');
    const inv = tree.investors[0].id;
    const last = async () => (await list(staff, '?search=Tard%C3%ADa'))[0];
    await storeReadings(db, [{ investor: inv, ts: local('2026-01-15T12:50:00'), ac_power_w: 1200 }]);
    expect(await last()).toMatchObject({ status: 'online', last_reading: '2026-01-15T12:50:00-03:00', power_w: 1200 });
    // A point of this morning arriving now, and the same point again: the last reading stays.
    await storeReadings(db, [{ investor: inv, ts: local('2026-01-15T09:00:00'), ac_power_w: 400 }]);
    await storeReadings(db, [{ investor: inv, ts: local('2026-01-15T12:50:00'), ac_power_w: 999 }]);
    expect(await last()).toMatchObject({ last_reading: '2026-01-15T12:50:00-03:00', power_w: 1200 });
    // A batch whose newest point is later: it becomes the last reading.
    await storeReadings(db, [
      { investor: inv, ts: local('2026-01-15T12:58:00'), ac_power_w: 1500 }, { investor: inv, ts: local('2026-01-15T12:55:00'), ac_power_w: 1300 },
    ]);
    expect(await last()).toMatchObject({ last_reading: '2026-01-15T12:58:00-03:00', power_w: 1500 });
    await db.delete(powerPlants).where(eq(powerPlants.id, tree.plant));
  });
});

describe('the expectation follows the description', () => {
  it('changes once a plant\'s panels change and the store is refreshed', async () => {
    const [before] = await list(staff, '?search=Cordillera');
    await db.update(panels).set({ power_wp: 250 }).where(eq(panels.string, plant.online.investors[0].mppts[0].strings[0]));
    expect((await refreshExpectedDays(db, new Date(NOW))).plants).toBe(1);
    const [after] = await list(staff, '?search=Cordillera');
    expect(after.capacity_kwp).toBe(7.5);
    expect(after.yield_today).toBeCloseTo(20 / 7.5, 3);
    expect(after.performance_today).toBeGreaterThan(before.performance_today! * 1.1);
    await db.update(panels).set({ power_wp: 500 }).where(eq(panels.string, plant.online.investors[0].mppts[0].strings[0]));
    await refreshExpectedDays(db, new Date(NOW));
  });

  it('has the month\'s ratio of the days as stored, whether or not their sum kept ahead is the request\'s', async () => {
    let token = staff;
    const ratio = async () => (await list(token, '?search=Cordillera'))[0].performance_month;
    const kept = await ratio();
    expect(kept).toBeGreaterThan(0);
    await db.delete(plantExpectedMonths);
    expect(await ratio()).toBe(kept);
    await refreshExpectedDays(db, new Date(NOW));

    // A commissioning date this month, before any refresh: the month counts from it at once.
    await db.update(powerPlants).set({ commissioned_on: '2026-01-12' }).where(eq(powerPlants.id, plant.online.plant));
    const commissioned = await ratio();
    expect(commissioned).toBeGreaterThan(kept! * 1.5);
    await refreshExpectedDays(db, new Date(NOW));
    expect(await ratio()).toBe(commissioned);
    await db.update(powerPlants).set({ commissioned_on: null }).where(eq(powerPlants.id, plant.online.plant));
    await refreshExpectedDays(db, new Date(NOW));
    expect(await ratio()).toBe(kept);

    // Past midnight, before any refresh: yesterday is among the days before today.
    vi.setSystemTime(NOW + 12 * 3_600_000);
    token = (await ctx.userWithToken({ is_staff: true })).token;
    const tomorrow = await ratio();
    await refreshExpectedDays(db, new Date(NOW + 12 * 3_600_000));
    expect(await ratio()).toBe(tomorrow);
    vi.setSystemTime(NOW);
    token = staff;
    await refreshExpectedDays(db, new Date(NOW));
    expect(await ratio()).toBe(kept);
  });
});
