/**
 * Storing readings (server/measurements/store.ts) and the rollups it keeps (./rollups.ts): a point is
 * stored once whatever the batches, the energy rules (device counter, integrated power, resets, gaps,
 * late points), every bucket equal to its raw points, DST days, and a rebuild on a new time zone.
 * The rollups are read from their tables here, so each store is followed by the worker's drain
 * (tests/server/measurements/rollup-worker.test.ts reads them before it).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import type { Db } from '../../../server/db/client.js';
import { repairSleepingCounters, storeReadings, type Reading } from '../../../server/measurements/store.js';
import { drainRollups } from '../../../server/measurements/rollup-worker.js';
import { simulateRange } from '../../../server/measurements/solar/index.js';
import { isoInZone } from '../../../server/measurements/time.js';
import { plantSnapshot } from '../../../server/domain/snapshot.js';
import { call, plantTree, query, series, type Tree } from '../../../testing/fixtures.js';
import { rebuildAll } from '../../../server/measurements/rebuild.js';

let ctx: TestContext;
let db: Db;
let staff: string;
const TZ = 'America/Santiago';
const MIN = 60_000;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  staff = (await ctx.userWithToken({ is_staff: true })).token;
});
afterAll(() => ctx?.close());

/** Stores readings and lets the rollup worker bring their buckets up to date. */
async function store(readings: Reading[]) {
  const result = await storeReadings(db, readings);
  await drainRollups(db);
  return result;
}

const ENERGY_COLUMNS = 'energy_wh, consumption_wh, import_wh, export_wh, charge_wh, discharge_wh, self_consumption_wh, max_power_w, samples, first_counter_wh, last_counter_wh';
/** Every rollup row of a plant and of its inverters, keyed without ids, values rounded (sums may add up in another order). */
async function rollups(tree: Tree) {
  const round = (row: Record<string, any>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v]));
  const plant = await query(db, sql`select period, bucket::text as bucket, ${sql.raw(ENERGY_COLUMNS)} from plant_energy where plant_id = ${tree.plant} order by period, bucket`);
  const inverters = [];
  for (const inv of tree.investors) {
    inverters.push((await query(db, sql`select period, bucket::text as bucket, ${sql.raw(ENERGY_COLUMNS)} from investor_energy where investor_id = ${inv.id} order by period, bucket`)).map(round));
  }
  return { plant: plant.map(round), inverters };
}

/** Simulated readings of a Santiago inverter, every 15 minutes (the same for any inverter id). */
function simulated(investor: number, from: string, to: string, withCounter = true): Reading[] {
  const model = { id: 'test', latitude: -33.45, longitude: -70.66, nominalPowerKw: 5, hasBattery: true, strings: [
    { mpptIndex: 1, tilt: 20, azimuth: 0, panelCount: 6, panelWp: 545 }, { mpptIndex: 2, tilt: 20, azimuth: 0, panelCount: 6, panelWp: 545 }] };
  // An inverter with a history (a counter of 0 is none: store.ts `asleep`).
  return Array.from(simulateRange(model, new Date(from), new Date(to), { seed: 'test', stepMinutes: 15, initialEnergyWh: 1_000_000 }), (p) => ({
    investor, ...p, energy_total_wh: withCounter ? p.energy_total_wh : null,
  }));
}

describe('storing readings', () => {
  it('stores a point once: the same batch twice (or a point twice in one batch) leaves the same rows and rollups', async () => {
    const tree = await plantTree(db, { inverters: 2 });
    const batch = [
      ...simulated(tree.investors[0].id, '2026-02-01T00:00:00-03:00', '2026-02-04T00:00:00-03:00'),
      ...simulated(tree.investors[1].id, '2026-02-01T00:00:00-03:00', '2026-02-04T00:00:00-03:00', false),
    ];
    const first = await store(batch);
    expect(first).toMatchObject({ stored: batch.length, duplicates: 0 });
    // What was written, point by point (group commit splits its counts by it).
    const key = (p: { investor: number; ts: Date }) => `${p.investor} ${p.ts.toISOString()}`;
    expect(first.inserted.map(key).sort()).toEqual(batch.map(key).sort());
    const before = await rollups(tree);
    const points = await query(db, sql`select count(*)::int as n, sum(energy_wh)::float8 as e from measurements where investor_id in (${tree.investors[0].id}, ${tree.investors[1].id})`);

    expect(await store(batch)).toEqual({ stored: 0, duplicates: batch.length, inserted: [] });
    expect(await store([batch[10], batch[10]])).toEqual({ stored: 0, duplicates: 2, inserted: [] });
    expect(await rollups(tree)).toEqual(before);
    expect(await query(db, sql`select count(*)::int as n, sum(energy_wh)::float8 as e from measurements where investor_id in (${tree.investors[0].id}, ${tree.investors[1].id})`)).toEqual(points);
    expect(before.plant.filter((r) => r.period === 'day').map((r) => r.bucket)).toEqual(['2026-02-01 00:00:00', '2026-02-02 00:00:00', '2026-02-03 00:00:00']);
  });

  it('gives the same energies and rollups whatever the order and the split of the batches', async () => {
    const a = await plantTree(db, { inverters: 2 });
    const b = await plantTree(db, { inverters: 2 });
    const make = (tree: Tree) => [
      ...simulated(tree.investors[0].id, '2026-03-01T00:00:00-03:00', '2026-03-03T00:00:00-03:00'),
      ...simulated(tree.investors[1].id, '2026-03-01T00:00:00-03:00', '2026-03-03T00:00:00-03:00', false),
    ];
    await store(make(a));
    // b: odd points first, newest first, in chunks of 37, then the even ones: every interval gets split late.
    const scrambled = make(b).map((r, i) => ({ r, i })).sort((x, y) => (x.i % 2) - (y.i % 2) || y.i - x.i).map(({ r }) => r);
    for (let i = 0; i < scrambled.length; i += 37) await store(scrambled.slice(i, i + 37));
    expect(await rollups(b)).toEqual(await rollups(a));
  });

  it('takes production from the device counter when there is one, otherwise integrates the power', async () => {
    const tree = await plantTree(db, { inverters: 2 });
    const [counted, integrated] = tree.investors.map((i) => i.id);
    const from = '2026-03-10T10:00:00-03:00';
    const to = '2026-03-10T11:05:00-03:00'; // 13 points, 12 intervals
    await store([
      // The counter says 200 Wh per 5 minutes, the power says 83 Wh: the counter wins.
      ...series(counted, from, to, (_, i) => ({ ac_power_w: 1000, energy_total_wh: 1_000_000 + 200 * i })),
      ...series(integrated, from, to, () => ({ ac_power_w: 1000 })),
    ]);
    const day = await query(db, sql`select investor_id, energy_wh, first_counter_wh, last_counter_wh, samples from investor_energy
      where investor_id in (${counted}, ${integrated}) and period = 'day' and bucket = '2026-03-10' order by investor_id`);
    expect(day).toEqual([
      { investor_id: counted, energy_wh: 2400, first_counter_wh: 1_000_000, last_counter_wh: 1_002_400, samples: 13 },
      { investor_id: integrated, energy_wh: expect.closeTo(1000, 6), first_counter_wh: null, last_counter_wh: null, samples: 13 },
    ]);
    const hours = await query(db, sql`select bucket::text as bucket, energy_wh from investor_energy where investor_id = ${counted} and period = 'hour' order by bucket`);
    expect(hours).toEqual([{ bucket: '2026-03-10 10:00:00', energy_wh: 2200 }, { bucket: '2026-03-10 11:00:00', energy_wh: 200 }]);
    const [plant] = await query(db, sql`select energy_wh, first_counter_wh, max_power_w from plant_energy where plant_id = ${tree.plant} and period = 'day' and bucket = '2026-03-10'`);
    expect(plant).toEqual({ energy_wh: expect.closeTo(3400, 6), first_counter_wh: 1_000_000, max_power_w: 2000 });
  });

  it('survives a counter reset and a gap: integrated power after the reset, the counter across the gap, a capped interval without counter', async () => {
    const tree = await plantTree(db, { inverters: 2 });
    const [counted, integrated] = tree.investors.map((i) => i.id);
    const t0 = Date.parse('2026-03-12T10:00:00-03:00');
    const at = (minutes: number) => new Date(t0 + minutes * MIN);
    await store([
      { investor: counted, ts: at(0), ac_power_w: 1000, energy_total_wh: 5000 },
      { investor: counted, ts: at(5), ac_power_w: 1000, energy_total_wh: 5100 },
      { investor: counted, ts: at(10), ac_power_w: 1200, energy_total_wh: 50 }, // reset
      { investor: counted, ts: at(15), ac_power_w: 1200, energy_total_wh: 150 },
      { investor: counted, ts: at(75), ac_power_w: 1200, energy_total_wh: 1150 }, // an hour without readings
      { investor: integrated, ts: at(0), ac_power_w: 1000 },
      { investor: integrated, ts: at(5), ac_power_w: 1000 },
      { investor: integrated, ts: at(65), ac_power_w: 600 }, // an hour without readings, no counter
    ]);
    const energies = await query(db, sql`select investor_id, energy_wh from measurements where investor_id in (${counted}, ${integrated}) order by investor_id, ts`);
    expect(energies.map((e) => Math.round(e.energy_wh * 100) / 100)).toEqual([0, 100, 91.67, 100, 1000, 0, 83.33, 150]);
  });

  it('repairs counters of 0 stored before they were known to be none: energies and rollups as a fresh store gives them', async () => {
    const tree = await plantTree(db, { inverters: 2 });
    const [clean, old] = tree.investors.map((i) => i.id);
    const t0 = Date.parse('2026-03-16T17:00:00-03:00');
    const day = (investor: number): Reading[] => [
      { investor, ts: new Date(t0), ac_power_w: 500, energy_total_wh: 9_000_000 },
      ...[60, 120, 420, 780].map((m) => ({ investor, ts: new Date(t0 + m * MIN), ac_power_w: 0, energy_total_wh: 0, energy_day_wh: 0 })),
      { investor, ts: new Date(t0 + 900 * MIN), ac_power_w: 300, energy_total_wh: 9_000_400 },
      { investor, ts: new Date(t0 + 905 * MIN), ac_power_w: 600, energy_total_wh: 9_000_450 },
    ];
    await store([...day(clean), ...day(old)]);
    const fresh = await rollups(tree);
    // What a store before the rule left: the zeros kept, and the morning's interval counted from 0
    // (the whole lifetime, 9 MWh, as the morning's energy).
    await db.execute(sql`update measurements set energy_total_wh = 0, energy_day_wh = 0 where investor_id = ${old} and energy_total_wh is null`);
    await db.execute(sql`update measurements set energy_wh = energy_total_wh where investor_id = ${old} and ts = ${new Date(t0 + 900 * MIN).toISOString()}`);
    await db.execute(sql`insert into rollup_stale (investor_id, hour) select ${old}, date_trunc('hour', ts) from measurements where investor_id = ${old} on conflict do nothing`);
    await drainRollups(db);
    const wrong = await rollups(tree);
    expect(wrong.inverters[1]).not.toEqual(fresh.inverters[1]);

    const repaired: [number, number][] = [];
    expect(await repairSleepingCounters(db, (investor, points) => repaired.push([investor, points]))).toEqual({ inverters: 1, points: 1 });
    expect(repaired).toEqual([[old, 1]]);
    await drainRollups(db);
    expect(await rollups(tree)).toEqual(fresh);
    expect(await query(db, sql`select count(*)::int as n from measurements where investor_id = ${old} and (energy_total_wh = 0 or energy_day_wh = 0)`)).toEqual([{ n: 0 }]);
    // Nothing left to repair.
    expect(await repairSleepingCounters(db)).toEqual({ inverters: 0, points: 0 });
  });

  it('takes a counter of 0 for none: asleep it runs on from the last counter, a 0 between two counters is no reset, a smaller one after it is', async () => {
    const tree = await plantTree(db, { inverters: 3 });
    const [sleeper, glitch, replaced] = tree.investors.map((i) => i.id);
    const t0 = Date.parse('2026-03-15T17:00:00-03:00');
    const at = (minutes: number) => new Date(t0 + minutes * MIN);
    await store([
      // Asleep from dusk (0 W, counter 0), awake in the morning with 600 Wh more on its counter.
      { investor: sleeper, ts: at(0), ac_power_w: 50, energy_total_wh: 9_000_000 },
      ...[5, 60, 600].map((m) => ({ investor: sleeper, ts: at(m), ac_power_w: 0, energy_total_wh: 0, energy_day_wh: 0, energy_year_wh: 0 })),
      { investor: sleeper, ts: at(900), ac_power_w: 100, energy_total_wh: 9_000_600 },
      // Producing, the counter reads 0 once and comes back.
      { investor: glitch, ts: at(0), ac_power_w: 1200, energy_total_wh: 5000 },
      { investor: glitch, ts: at(5), ac_power_w: 1200, energy_total_wh: 0 },
      { investor: glitch, ts: at(10), ac_power_w: 1200, energy_total_wh: 5200 },
      // A new inverter in its place: 0 asleep, then its own counter from 3 Wh.
      { investor: replaced, ts: at(0), ac_power_w: 0, energy_total_wh: 40_000_000 },
      { investor: replaced, ts: at(5), ac_power_w: 0, energy_total_wh: 0 },
      { investor: replaced, ts: at(10), ac_power_w: 1200, energy_total_wh: 3 },
      { investor: replaced, ts: at(15), ac_power_w: 1200, energy_total_wh: 103 },
    ]);
    const points = await query(db, sql`select investor_id, energy_total_wh, energy_day_wh, round(energy_wh::numeric, 2)::float8 as wh
      from measurements where investor_id in (${sleeper}, ${glitch}, ${replaced}) order by investor_id, ts`);
    expect(points.map((p) => [p.energy_total_wh, p.wh])).toEqual([
      [9_000_000, 0], [null, 0], [null, 0], [null, 0], [9_000_600, 600],
      [5000, 0], [null, 100], [5200, 100],
      [40_000_000, 0], [null, 0], [3, 50], [103, 100],
    ]);
    expect(points.filter((p) => p.energy_day_wh === 0)).toEqual([]);
    // A late push of the night leaves the morning's interval as the counter says.
    await store([{ investor: sleeper, ts: at(300), ac_power_w: 0, energy_total_wh: 0 }]);
    expect(await query(db, sql`select round(energy_wh::numeric, 2)::float8 as wh from measurements where investor_id = ${sleeper} order by ts`))
      .toEqual([0, 0, 0, 0, 0, 600].map((wh) => ({ wh })));
    // The lifetime at night is the last counter, not 0 (nor what was recorded).
    const [plant] = await query<Parameters<typeof plantSnapshot>[1]>(db,
      sql`select id, tariff, injection_price, capacity_kwp, distributor_id as distributor, tariff_option, demand_kw, peak_demand_kw from power_plants where id = ${tree.plant}`);
    await storeReadings(db, [{ investor: sleeper, ts: at(905), ac_power_w: 0, energy_total_wh: 0 }]);
    const snapshot = await plantSnapshot(db, plant, at(906));
    expect(snapshot.energy_total_wh).toBe(9_000_600 + 5200 + 103);
  });

  it('splits the interval of the next point when a late point arrives in between', async () => {
    const tree = await plantTree(db);
    const inv = tree.investors[0].id;
    const t0 = Date.parse('2026-03-13T10:00:00-03:00');
    await store([{ investor: inv, ts: new Date(t0), ac_power_w: 1200 }, { investor: inv, ts: new Date(t0 + 10 * MIN), ac_power_w: 1200 }]);
    const hour = () => query(db, sql`select energy_wh, samples from investor_energy where investor_id = ${inv} and period = 'hour'`);
    expect(await hour()).toEqual([{ energy_wh: 200, samples: 2 }]);
    await store([{ investor: inv, ts: new Date(t0 + 5 * MIN), ac_power_w: 0 }]);
    expect(await hour()).toEqual([{ energy_wh: 100, samples: 3 }]);
  });

  it('keeps every rollup equal to the sum of its raw points, across a month and a year boundary', async () => {
    const tree = await plantTree(db, { inverters: 2 });
    const [withCounter, without] = tree.investors.map((i) => i.id);
    const readings = [
      // A Symo: AC power and its counter, no PV power of its own; then a hybrid without a counter.
      ...simulated(withCounter, '2025-12-27T00:00:00-03:00', '2026-01-04T00:00:00-03:00').map((r) => ({ ...r, pv_power_w: null })),
      ...simulated(without, '2025-12-27T00:00:00-03:00', '2026-01-04T00:00:00-03:00', false),
    ];
    for (let i = 0; i < readings.length; i += 500) await store(readings.slice(i, i + 500));

    // The energies the rules give, computed here from the readings alone, by local day: the PV power
    // where a reading gives it, else the counter, else the AC power.
    const expected = new Map<string, number>();
    const trapezoid = (a: number, b: number) => ((a + b) / 2) * 0.25;
    for (const inv of [withCounter, without]) {
      const own = readings.filter((r) => r.investor === inv);
      own.forEach((r, i) => {
        if (!i) return;
        const prev = own[i - 1];
        const wh = r.pv_power_w != null ? trapezoid(prev.pv_power_w!, r.pv_power_w)
          : r.energy_total_wh != null ? r.energy_total_wh - prev.energy_total_wh! : trapezoid(prev.ac_power_w, r.ac_power_w);
        const day = isoInZone(r.ts, TZ).slice(0, 10);
        expected.set(day, (expected.get(day) ?? 0) + wh);
      });
    }
    const days = await query(db, sql`select to_char(bucket, 'YYYY-MM-DD') as day, energy_wh from plant_energy where plant_id = ${tree.plant} and period = 'day' order by bucket`);
    expect(days.map((d) => d.day)).toEqual([...expected.keys()]);
    for (const d of days) expect(d.energy_wh, d.day).toBeCloseTo(expected.get(d.day)!, 6);

    const raw = (unit: string) => query(db, sql`
      select to_char(date_trunc(${unit}, m.ts at time zone ${TZ}), 'YYYY-MM-DD') as bucket, sum(m.energy_wh)::float8 as energy_wh,
        sum(m.consumption_wh)::float8 as consumption_wh, sum(m.import_wh)::float8 as import_wh, sum(m.export_wh)::float8 as export_wh,
        sum(m.charge_wh)::float8 as charge_wh, sum(m.discharge_wh)::float8 as discharge_wh, count(*)::int as samples
      from measurements m join investors i on i.id = m.investor_id where i.plant_id = ${tree.plant} group by 1 order by 1`);
    const rolled = (period: string) => query(db, sql`
      select to_char(bucket, 'YYYY-MM-DD') as bucket, energy_wh, consumption_wh, import_wh, export_wh, charge_wh, discharge_wh, samples
      from plant_energy where plant_id = ${tree.plant} and period = ${period} order by bucket`);
    for (const period of ['day', 'month', 'year']) {
      const [want, got] = [await raw(period), await rolled(period)];
      expect(got.map((g) => g.bucket)).toEqual(want.map((w) => w.bucket));
      got.forEach((g, i) => { for (const [k, v] of Object.entries(want[i])) if (typeof v === 'number') expect(g[k], `${period} ${g.bucket} ${k}`).toBeCloseTo(v, 6); });
    }
    expect((await rolled('year')).map((y) => y.bucket)).toEqual(['2025-01-01', '2026-01-01']);

    // The charts read those rollups.
    const year = await call(ctx, staff, 'GET', `/v2/get/data/date/${tree.plant}?type=year&date=2026-01-15`);
    expect(year.status).toBe(200);
    expect(year.body.series).toHaveLength(12);
    expect(year.body.series[0]).toMatchObject({ bucket: '2026-01', start: '2026-01-01T00:00:00-03:00' });
    expect(year.body.series[0].energy_wh).toBeCloseTo((await rolled('month'))[1].energy_wh, 1);
    expect(year.body.series[1].energy_wh).toBeNull();
    const annual = await call(ctx, staff, 'GET', `/v2/get/data/date/${tree.plant}?type=annual&date=2026-01-15`);
    expect(annual.body.series.map((s: any) => s.bucket)).toEqual(['2025', '2026']);
    expect(annual.body.totals.energy_wh).toBeCloseTo([...expected.values()].reduce((a, b) => a + b, 0), 0);
    const month = await call(ctx, staff, 'GET', `/v2/measurement/${tree.plant}?month=12&year=2025`);
    expect(month.body).toHaveLength(31);
    expect(month.body[26]).toMatchObject({ date: '2025-12-27' });
    expect(month.body[26].energy_wh).toBeCloseTo(expected.get('2025-12-27')!, 0);
    expect(month.body[0].energy_wh).toBeNull();
    const range = await call(ctx, staff, 'GET', `/v2/measurement/range/${tree.plant}?date_start=2025-12-30&date_end=2026-01-02`);
    expect(range.body.map((d: any) => d.date)).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(range.body[2].energy_wh).toBeCloseTo(expected.get('2026-01-01')!, 0);
  });

  it('counts a 25-hour day (clocks back) and a 23-hour day (clocks forward) in Santiago', async () => {
    const tree = await plantTree(db);
    const inv = tree.investors[0].id;
    // A steady 1200 W, every 5 minutes: 100 Wh per interval.
    await store([
      ...series(inv, '2026-04-03T23:00:00-03:00', '2026-04-06T01:00:00-04:00', () => ({ ac_power_w: 1200 })),
      ...series(inv, '2026-09-05T23:00:00-04:00', '2026-09-07T01:00:00-03:00', () => ({ ac_power_w: 1200 })),
    ]);
    const day = async (d: string) => (await query(db, sql`select energy_wh, samples from plant_energy where plant_id = ${tree.plant} and period = 'day' and bucket = ${d}`))[0];
    expect(await day('2026-04-04')).toEqual({ energy_wh: 30_000, samples: 300 });
    expect(await day('2026-04-05')).toEqual({ energy_wh: 28_800, samples: 288 });
    expect(await day('2026-09-06')).toEqual({ energy_wh: 27_600, samples: 276 });

    const back = await call(ctx, staff, 'GET', `/v2/get/data/date/${tree.plant}?type=day&date=2026-04-04`);
    expect(back.status).toBe(200);
    expect(back.body.series).toHaveLength(24);
    expect(back.body.series[23]).toMatchObject({ bucket: '2026-04-04T23:00', start: '2026-04-04T23:00:00-03:00', energy_wh: 2400 });
    expect(back.body.totals.energy_wh).toBe(30_000);
    const forward = await call(ctx, staff, 'GET', `/v2/get/data/date/${tree.plant}?type=day&date=2026-09-06`);
    expect(forward.body.series).toHaveLength(23);
    expect(forward.body.series[0]).toMatchObject({ bucket: '2026-09-06T01:00', start: '2026-09-06T01:00:00-03:00', energy_wh: 1200 });
    expect(forward.body.totals.energy_wh).toBe(27_600);

    const curve = await call(ctx, staff, 'GET', `/v2/measurement/${tree.plant}?day=4&month=4&year=2026`);
    expect(curve.body).toHaveLength(300);
    expect(curve.body[0]).toEqual({ ts: '2026-04-04T00:00:00-03:00', power_w: 1200, consumption_w: null, battery_power_w: null, battery_soc: null, grid_import_w: null, grid_export_w: null });
    expect(curve.body[299].ts).toBe('2026-04-04T23:55:00-04:00');
    expect((await call(ctx, staff, 'GET', `/v2/measurement/${tree.plant}?day=6&month=9&year=2026`)).body).toHaveLength(276);
  });
});

describe('a change of time zone', () => {
  it('rebuilds every rollup on the new local dates, and back', async () => {
    const tree = await plantTree(db);
    await store(series(tree.investors[0].id, '2026-06-10T00:00:00Z', '2026-06-12T00:00:00Z', () => ({ ac_power_w: 1200 })));
    const all = () => query(db, sql`select 'plant' as level, plant_id as k, period, bucket::text as bucket, round(energy_wh::numeric, 3)::float8 as e, samples
      from plant_energy union all select 'investor', investor_id, period, bucket::text, round(energy_wh::numeric, 3)::float8, samples from investor_energy order by 1, 2, 3, 4`);
    const days = () => query(db, sql`select bucket::text as bucket, energy_wh, samples from plant_energy where plant_id = ${tree.plant} and period = 'day' order by bucket`);
    const before = await all();
    expect(await days()).toEqual([
      { bucket: '2026-06-09 00:00:00', energy_wh: 4700, samples: 48 },
      { bucket: '2026-06-10 00:00:00', energy_wh: 28_800, samples: 288 },
      { bucket: '2026-06-11 00:00:00', energy_wh: 24_000, samples: 240 },
    ]);
    try {
      await db.execute(sql`update settings set time_zone = 'UTC'`);
      await rebuildAll(db);
      expect(await days()).toEqual([
        { bucket: '2026-06-10 00:00:00', energy_wh: 28_700, samples: 288 },
        { bucket: '2026-06-11 00:00:00', energy_wh: 28_800, samples: 288 },
      ]);
    } finally {
      await db.execute(sql`update settings set time_zone = ${TZ}`);
      await rebuildAll(db);
    }
    expect(await all()).toEqual(before);
  });
});

describe('a hybrid inverter (PV power apart from its AC output)', () => {
  /**
   * One local day of a GEN24 with its battery: a sunny hour in which the panels give 5000 W, 3000 W
   * of it out of the inverter and 2000 W into the battery; in the evening an hour of the battery
   * giving the house 1500 W through the inverter with no sun. The AC counter counts both; the day
   * counter also holds 3000 Wh the battery gave before dawn, before the inverter's first reading.
   */
  async function hybridDay() {
    const tree = await plantTree(db);
    const inv = tree.investors[0].id;
    let counter = 1_000_000;
    const sunny = series(inv, '2026-03-14T12:00:00-03:00', '2026-03-14T13:05:00-03:00', (_, i) => ({
      status: 'ok', pv_power_w: 5000, ac_power_w: 3000, battery_power_w: 2000, consumption_w: 1000, grid_export_w: 2000, grid_import_w: 0,
      energy_total_wh: counter += i ? 250 : 0, energy_day_wh: 3000 + 250 * i,
    }));
    const night = series(inv, '2026-03-14T20:00:00-03:00', '2026-03-14T21:05:00-03:00', (_, i) => ({
      status: 'ok', pv_power_w: 0, ac_power_w: 1500, battery_power_w: -1500, consumption_w: 1500, grid_export_w: 0, grid_import_w: 0,
      energy_total_wh: counter += 125, energy_day_wh: 6125 + 125 * i,
    }));
    await store([...sunny, ...night]);
    return tree;
  }
  const hours = (tree: Tree) => query(db, sql`select to_char(bucket, 'HH24') as hour, energy_wh, charge_wh, discharge_wh from plant_energy
    where plant_id = ${tree.plant} and period = 'hour' order by bucket`);

  it('a night of battery discharge produces no solar energy, a sunny hour of charging counts all its PV energy', async () => {
    const tree = await hybridDay();
    const byHour = Object.fromEntries((await hours(tree)).map((h) => [h.hour, h]));
    // The panels' 5000 W for an hour, though only 3000 W left the inverter: 5000 Wh, 2000 of them charged.
    expect(byHour['12'].energy_wh + byHour['13'].energy_wh).toBeCloseTo(5000, 6);
    expect(byHour['12'].charge_wh + byHour['13'].charge_wh).toBeCloseTo(2000, 6);
    // The evening: the inverter gave 1500 W for an hour, all of it from the battery.
    expect(byHour['20'].energy_wh).toBe(0);
    expect(byHour['21'].energy_wh).toBe(0);
    expect(byHour['20'].discharge_wh + byHour['21'].discharge_wh).toBeGreaterThanOrEqual(1500);

    const day = await call(ctx, staff, 'GET', `/v2/get/data/date/${tree.plant}?type=day&date=2026-03-14`);
    expect(day.status).toBe(200);
    expect(day.body.totals.energy_wh).toBeCloseTo(5000, 1);
    const month = await call(ctx, staff, 'GET', `/v2/get/data/date/${tree.plant}?type=month&date=2026-03-14`);
    expect(month.body.totals.energy_wh).toBeCloseTo(5000, 1);
    // Self-consumption is of that solar energy: what was not exported.
    expect(month.body.totals.self_consumption_pct).toBe(60);
  });

  it("today's figure is its PV energy: the AC day counter, which holds the battery's night, adds nothing", async () => {
    const tree = await hybridDay();
    const [plant] = await query<Parameters<typeof plantSnapshot>[1]>(db,
      sql`select id, tariff, injection_price, capacity_kwp, distributor_id as distributor, tariff_option, demand_kw, peak_demand_kw from power_plants where id = ${tree.plant}`);
    const snapshot = await plantSnapshot(db, plant, new Date('2026-03-14T21:01:00-03:00'));
    expect(snapshot).toMatchObject({ power_w: 1500, solar_w: 0 });
    // The day counter ends at 7625 Wh of AC output (3000 before dawn, 3000 by day, the evening's battery):
    // more than the 5000 Wh recorded, but the difference is battery, not sun made while unrecorded.
    expect(snapshot.energy_today_wh).toBeCloseTo(5000, 1);
    expect(snapshot.energy_month_wh).toBeCloseTo(5000, 1);
    expect(snapshot.energy_year_wh).toBeCloseTo(5000, 1);
  });
});
