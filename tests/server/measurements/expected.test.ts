/**
 * The expected-production model (server/measurements/expected.ts): a described plant's clear-sky
 * power at an instant against the documented formulas worked out here, the warnings and fallbacks of
 * plants not described enough, the climatology and the forecast skies, and the demo feed's actual
 * production against its expectation.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import type { Db } from '../../../server/db/client.js';
import { investors, mppts, panels, powerPlants, projects, strings } from '../../../server/db/schema.js';
import {
  expectedDay, expectedDayCurve, expectedEnergy, localDays, plantModels, type ForecastHour, type PlantModel,
} from '../../../server/measurements/expected.js';
import { climatologicalClearness, dayWeather, solarPosition } from '../../../server/measurements/solar/index.js';
import { createDemoFeed } from '../../../server/measurements/demo-feed.js';
import { drainRollups } from '../../../server/measurements/rollup-worker.js';
import { query } from '../../../testing/fixtures.js';

let ctx: TestContext;
let db: Db;
const TZ = 'America/Santiago';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(() => ctx?.close());

interface StringPlan { tilt: number; azimuth: number; panels: (number | null)[]; coefficient?: number }
interface PlantPlan {
  latitude?: number | null; longitude?: number | null; elevation_m?: number | null; capacity_kwp?: number | null;
  inverters?: { nominal_power_kw: number | null; strings: StringPlan[] }[];
}

/** A plant > inverters > one MPPT each > strings > panels, written straight to the database. */
async function plant(plan: PlantPlan) {
  const [project] = await db.insert(projects).values({ name: 'Proyecto' }).returning();
  const [p] = await db.insert(powerPlants).values({
    project: project.id, name: 'Planta', latitude: plan.latitude === undefined ? -33.45 : plan.latitude,
    longitude: plan.longitude === undefined ? -70.66 : plan.longitude, elevation_m: plan.elevation_m ?? null,
    capacity_kwp: plan.capacity_kwp ?? null,
  }).returning();
  const ids = { plant: p.id, investors: [] as number[], strings: [] as number[] };
  for (const [i, inv] of (plan.inverters ?? []).entries()) {
    const [row] = await db.insert(investors).values({ plant: p.id, name: `Inversor ${i + 1}`, nominal_power_kw: inv.nominal_power_kw }).returning();
    ids.investors.push(row.id);
    const [m] = await db.insert(mppts).values({ investor: row.id, name: 'MPPT 1', number: 1 }).returning();
    for (const s of inv.strings) {
      const [str] = await db.insert(strings).values({ mppt: m.id, name: 'String', tilt: s.tilt, azimuth: s.azimuth }).returning();
      ids.strings.push(str.id);
      if (s.panels.length) {
        await db.insert(panels).values(s.panels.map((wp, k) => ({ string: str.id, name: `Panel ${k + 1}`, power_wp: wp, temperature_coefficient_pct: s.coefficient ?? null })));
      }
    }
  }
  return ids;
}

const modelOf = async (id: number) => (await plantModels(db, [id])).get(id)!;

/** A forecast of a fixed sky for every hour around an instant. */
const steadySky = (around: number, cloudPercent: number, temperatureC: number, windSpeed: number): ForecastHour[] =>
  Array.from({ length: 96 }, (_, h) => ({ start: Math.floor(around / HOUR) * HOUR + (h - 48) * HOUR, cloudPercent, temperatureC, windSpeed }));

// --- The documented formulas, worked out independently of the server's code. ---
const RAD = Math.PI / 180;
/** Clear-sky AC power of one string at an instant, by the formulas cited in solar/irradiance.ts and solar/pv.ts. */
function referencePower(at: Date, site: { latitude: number; longitude: number }, array: { wp: number; tilt: number; azimuth: number; coefficient: number },
  ambientC: number, windSpeed: number, nominalW: number) {
  const sun = solarPosition({ date: at, latitude: site.latitude, longitude: site.longitude, elevation: 0, pressure: 1013.25, temperature: 15 });
  const z = sun.zenith;
  const doy = Math.floor((at.getTime() - Date.UTC(at.getUTCFullYear(), 0, 1)) / DAY) + 1;
  // Spencer (1971), scaled to 1361 W/m².
  const b = (2 * Math.PI * (doy - 1)) / 365;
  const e0 = 1361 * (1.00011 + 0.034221 * Math.cos(b) + 0.00128 * Math.sin(b) + 0.000719 * Math.cos(2 * b) + 0.000077 * Math.sin(2 * b));
  // Kasten & Young (1989) air mass; Ineichen & Perez (2002) GHI at sea level, Linke turbidity 3.
  const am = 1 / (Math.cos(z * RAD) + 0.50572 * (96.07995 - z) ** -1.6364);
  const ghi = 0.868 * e0 * Math.cos(z * RAD) * Math.exp(-0.0387 * am * (1 + 1 * (3 - 1)));
  // Erbs et al. (1982).
  const kt = ghi / (e0 * Math.cos(z * RAD));
  const fd = kt <= 0.22 ? 1 - 0.09 * kt : kt <= 0.8 ? 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4 : 0.165;
  const dhi = ghi * fd;
  const dni = (ghi - dhi) / Math.cos(z * RAD);
  // Hay & Davies (1980) with ground reflection (albedo 0.2).
  const cosAoi = Math.cos(z * RAD) * Math.cos(array.tilt * RAD) + Math.sin(z * RAD) * Math.sin(array.tilt * RAD) * Math.cos((sun.azimuth - array.azimuth) * RAD);
  const ai = dni / e0;
  const poa = dni * cosAoi + dhi * (ai * cosAoi / Math.cos(z * RAD) + (1 - ai) * (1 + Math.cos(array.tilt * RAD)) / 2) + ghi * 0.2 * (1 - Math.cos(array.tilt * RAD)) / 2;
  // Faiman (2008), U0 = 25, U1 = 6.84; the module's coefficient above 25 °C; 14 % system losses; 96.5 % inverter.
  const cell = ambientC + poa / (25 + 6.84 * windSpeed);
  const dc = array.wp * (poa / 1000) * (1 + array.coefficient * Math.max(0, cell - 25)) * (1 - 0.14);
  return { ghi, poa, cell, ac: Math.min(nominalW, dc * 0.965) };
}

describe('a described plant under a clear sky', () => {
  it('gives at an instant the power the documented formulas give, string by string, within 0.5 %', async () => {
    const ids = await plant({
      capacity_kwp: 8.1,
      inverters: [{ nominal_power_kw: 10, strings: [
        { tilt: 30, azimuth: 0, panels: Array(10).fill(450), coefficient: -0.29 },
        { tilt: 15, azimuth: 270, panels: Array(8).fill(450) },
      ] }],
    });
    const model = await modelOf(ids.plant);
    expect(model.warnings).toEqual([]);
    expect(model.dcWp).toBe(8100);
    // 2025-01-15 13:00 local (16:00 UTC): summer, sun high over Santiago; clear sky, 25 °C, 1 m/s.
    const at = new Date('2025-01-15T16:00:00Z');
    const site = { latitude: -33.45, longitude: -70.66 };
    const north = referencePower(at, site, { wp: 4500, tilt: 30, azimuth: 0, coefficient: -0.0029 }, 25, 1, Infinity);
    const west = referencePower(at, site, { wp: 3600, tilt: 15, azimuth: 270, coefficient: -0.0035 }, 25, 1, Infinity);
    // Plausibility of the reference itself: a clear summer noon near Santiago, GHI about 1000–1100 W/m².
    expect(north.ghi).toBeGreaterThan(950);
    expect(north.ghi).toBeLessThan(1150);
    expect(north.cell).toBeGreaterThan(50);

    const [day] = await localDays(db, TZ, '2025-01-15', '2025-01-15');
    const curve = expectedDayCurve(model, day, steadySky(at.getTime(), 0, 25, 1))!;
    expect(curve.sky).toBe('forecast');
    const point = curve.points.find((p) => p.ts === at.getTime())!;
    const reference = north.ac + west.ac;
    expect(reference).toBeGreaterThan(5500);
    expect(Math.abs(point.powerW - reference) / reference).toBeLessThan(0.005);
    // Night: nothing.
    expect(curve.points.find((p) => p.ts === Date.parse('2025-01-15T06:00:00Z'))!.powerW).toBe(0);
  });

  it('clips at the inverter limit, and gives more at altitude (thinner air)', async () => {
    const strings = [{ tilt: 30, azimuth: 0, panels: Array(12).fill(500) }];
    const small = await modelOf((await plant({ inverters: [{ nominal_power_kw: 3, strings }] })).plant);
    const low = await modelOf((await plant({ inverters: [{ nominal_power_kw: 10, strings }] })).plant);
    const high = await modelOf((await plant({ elevation_m: 2500, inverters: [{ nominal_power_kw: 10, strings }] })).plant);
    const [day] = await localDays(db, TZ, '2025-01-15', '2025-01-15');
    const sky = steadySky(Date.parse('2025-01-15T16:00:00Z'), 0, 25, 1);
    const peak = (m: PlantModel) => Math.max(...expectedDayCurve(m, day, sky)!.points.map((p) => p.powerW));
    expect(peak(small)).toBe(3000);
    expect(peak(low)).toBeGreaterThan(4500);
    expect(peak(high)).toBeGreaterThan(peak(low) * 1.02);
  });
});

describe('skies', () => {
  it('uses the climatology outside the forecast: Santiago yields more in January than in June, in line with its clear-sky index', async () => {
    const ids = await plant({ inverters: [{ nominal_power_kw: 5, strings: [{ tilt: 25, azimuth: 0, panels: Array(10).fill(500) }] }] });
    const result = (await expectedEnergy(db, [ids.plant], '2025-01-01', '2025-12-31', { timeZone: TZ })).get(ids.plant)!;
    expect(result.days).toHaveLength(365);
    expect(result.days.every((d) => d.sky === 'climatology' && d.kwh! > 0)).toBe(true);
    const monthKwh = (m: string) => result.days.filter((d) => d.date.startsWith(m)).reduce((kwh, d) => kwh + d.kwh!, 0);
    const yearKwh = result.days.reduce((kwh, d) => kwh + d.kwh!, 0);
    // 5 kWp in Santiago: about 1,300–1,700 kWh per kWp and year (the demo feed's own rule of thumb is 1,500).
    expect(yearKwh / 5).toBeGreaterThan(1300);
    expect(yearKwh / 5).toBeLessThan(1700);
    expect(monthKwh('2025-01')).toBeGreaterThan(2 * monthKwh('2025-06'));
    expect(climatologicalClearness(-33.45, Date.parse('2025-06-15T12:00:00Z'))).toBeLessThan(climatologicalClearness(-33.45, Date.parse('2025-01-15T12:00:00Z')));
  });

  it("takes a day's clouds from the forecast when it covers the whole day: more cloud, less energy", async () => {
    const ids = await plant({ inverters: [{ nominal_power_kw: 5, strings: [{ tilt: 25, azimuth: 0, panels: Array(10).fill(500) }] }] });
    const model = await modelOf(ids.plant);
    const [day] = await localDays(db, TZ, '2025-03-10', '2025-03-10');
    const noon = Date.parse('2025-03-10T16:00:00Z');
    const clear = expectedDay(model, day, steadySky(noon, 0, 20, 1))!;
    const cloudy = expectedDay(model, day, steadySky(noon, 80, 20, 1))!;
    const overcast = expectedDay(model, day, steadySky(noon, 100, 20, 1))!;
    expect([clear.sky, cloudy.sky, overcast.sky]).toEqual(['forecast', 'forecast', 'forecast']);
    expect(cloudy.energyWh).toBeLessThan(clear.energyWh);
    // Kasten–Czeplak: full cover leaves a quarter of the clear-sky irradiance, and diffuse light only.
    expect(overcast.energyWh / clear.energyWh).toBeGreaterThan(0.18);
    expect(overcast.energyWh / clear.energyWh).toBeLessThan(0.3);
    // A forecast that stops before the day ends is not used for it.
    const partial = steadySky(noon, 0, 20, 1).filter((h) => h.start < noon);
    expect(expectedDay(model, day, partial)!.sky).toBe('climatology');
    // Up to an instant: the morning only.
    const morning = expectedDay(model, day, steadySky(noon, 0, 20, 1), noon)!;
    expect(morning.energyWh).toBeGreaterThan(0.2 * clear.energyWh);
    expect(morning.energyWh).toBeLessThan(0.8 * clear.energyWh);
  });
});

describe('plants not described enough', () => {
  it('falls back on capacity_kwp, spread over the strings, when there are no panels', async () => {
    const ids = await plant({ capacity_kwp: 5, inverters: [{ nominal_power_kw: 5, strings: [{ tilt: 25, azimuth: 0, panels: [] }, { tilt: 25, azimuth: 0, panels: [] }] }] });
    const described = await plant({ capacity_kwp: 5, inverters: [{ nominal_power_kw: 5, strings: [{ tilt: 25, azimuth: 0, panels: Array(10).fill(500) }] }] });
    const model = await modelOf(ids.plant);
    expect(model.warnings).toEqual([
      { code: 'string_without_panels', string: ids.strings[0] },
      { code: 'string_without_panels', string: ids.strings[1] },
      { code: 'no_panels' },
    ]);
    expect(model.dcWp).toBe(5000);
    const both = await expectedEnergy(db, [ids.plant, described.plant], '2025-02-01', '2025-02-03', { timeZone: TZ });
    const total = (id: number) => both.get(id)!.days.reduce((kwh, d) => kwh + d.kwh!, 0);
    expect(total(ids.plant)).toBeCloseTo(total(described.plant), 6);
  });

  it('puts capacity_kwp on one array at 20° facing north when the plant has no strings, with no AC limit if no inverter says it', async () => {
    const ids = await plant({ capacity_kwp: 4 });
    const model = await modelOf(ids.plant);
    expect(model.warnings).toEqual([{ code: 'no_panels' }, { code: 'no_inverter_power' }]);
    expect(model.inverters).toEqual([{ nominalW: Infinity, arrays: [{ wp: 4000, tilt: 20, azimuth: 0 }] }]);
    expect(model.acLimitW).toBeNull();
  });

  it('counts unrated panels as their string mates, and says so; warns when panels and capacity disagree', async () => {
    const ids = await plant({ capacity_kwp: 10, inverters: [{ nominal_power_kw: null, strings: [{ tilt: 25, azimuth: 0, panels: [500, 500, null, 500] }] }] });
    const model = await modelOf(ids.plant);
    expect(model.dcWp).toBe(2000);
    expect(model.warnings).toEqual([
      { code: 'panel_without_power', string: ids.strings[0] },
      { code: 'capacity_mismatch' },
      { code: 'no_inverter_power', investor: ids.investors[0] },
    ]);
  });

  it('has no expectation without a place or without any capacity', async () => {
    const nowhere = await plant({ latitude: null, longitude: null, capacity_kwp: 5 });
    const nothing = await plant({ inverters: [{ nominal_power_kw: 5, strings: [{ tilt: 25, azimuth: 0, panels: [] }] }] });
    // The portal's time zone by default (America/Santiago).
    const result = await expectedEnergy(db, [nowhere.plant, nothing.plant], '2025-02-01', '2025-02-02');
    expect(result.get(nowhere.plant)).toEqual({
      plant: nowhere.plant, warnings: [{ code: 'no_panels' }, { code: 'no_inverter_power' }, { code: 'no_location' }],
      days: [{ date: '2025-02-01', kwh: null, sky: 'climatology' }, { date: '2025-02-02', kwh: null, sky: 'climatology' }],
    });
    expect(result.get(nothing.plant)!.warnings).toEqual([{ code: 'string_without_panels', string: nothing.strings[0] }, { code: 'no_capacity' }]);
    expect(result.get(nothing.plant)!.days.every((d) => d.kwh === null)).toBe(true);
  });
});

describe('the demo feed against its expectation', () => {
  const silent = { level: 'silent', silent() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {}, child() { return silent; } } as unknown as FastifyBaseLogger;
  // Maipú of the demo: 2 MPPTs × 6 × 545 Wp at 25° facing north on a 6 kW inverter, without a battery.
  const NOW = Date.parse('2026-02-15T12:00:00Z');
  let ids: Awaited<ReturnType<typeof plant>>;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    ids = await plant({
      latitude: -33.5167, longitude: -70.7667, capacity_kwp: 6.54,
      inverters: [{ nominal_power_kw: 6, strings: [{ tilt: 25, azimuth: 0, panels: Array(6).fill(545) }, { tilt: 25, azimuth: 0, panels: Array(6).fill(545) }] }],
    });
    try {
      const feed = createDemoFeed(db, silent, { backfillDays: 35, firstDays: 35 });
      await feed.start();
      await feed.stop();
      await drainRollups(db); // the rollup tables, read below, are the worker's to fill
    } finally {
      vi.useRealTimers();
    }
  }, 180_000);

  const actualDays = async () => new Map((await query<{ date: string; wh: number }>(db, sql`
    select to_char(bucket, 'YYYY-MM-DD') as date, energy_wh as wh from plant_energy
    where plant_id = ${ids.plant} and period = 'day' order by bucket`)).map((r) => [r.date, r.wh]));

  it("produces on clear days what the same physics expects under a clear sky, within a few percent", async () => {
    const actual = await actualDays();
    const model = await modelOf(ids.plant);
    const days = (await localDays(db, TZ, '2026-01-12', '2026-02-13'))
      .filter((d) => dayWeather(-33.5167, -70.7667, new Date(d.start + 14 * HOUR), 'demo').kind === 'clear');
    expect(days.length).toBeGreaterThan(15);
    for (const day of days) {
      const expected = expectedDay(model, day, steadySky(day.start + 12 * HOUR, 0, 22, 1.5))!.energyWh;
      // A clear demo day has a clear-sky index of 0.94–1 and its own temperatures and wind.
      expect(actual.get(day.date)! / expected, day.date).toBeGreaterThan(0.9);
      expect(actual.get(day.date)! / expected, day.date).toBeLessThan(1.03);
    }
  });

  it('matches the climatological expectation over weeks, its weather being drawn around the same climatology', async () => {
    const actual = await actualDays();
    const expected = (await expectedEnergy(db, [ids.plant], '2026-01-12', '2026-02-13', { timeZone: TZ })).get(ids.plant)!;
    const actualKwh = expected.days.reduce((kwh, d) => kwh + actual.get(d.date)! / 1000, 0);
    const expectedKwh = expected.days.reduce((kwh, d) => kwh + d.kwh!, 0);
    expect(actualKwh / expectedKwh).toBeGreaterThan(0.93);
    expect(actualKwh / expectedKwh).toBeLessThan(1.07);
  });
});
