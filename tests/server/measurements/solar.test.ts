import { beforeAll, describe, expect, it } from 'vitest';
import {
  cellTemperatureFaiman,
  clearSkyIneichen,
  dayOfYear,
  dayWeather,
  erbsDecomposition,
  extraterrestrialIrradiance,
  geocentricSun,
  incidenceAngle,
  interpolatedGeocentricSun,
  julianDay,
  planeOfArrayIrradiance,
  relativeAirMass,
  simulatePoint,
  simulateRange,
  solarPosition,
  temperatureFactor,
  topocentricSun,
  type SimulatedInverter,
  type SimulatedPoint,
} from '../../../server/measurements/solar/index.js';

const SANTIAGO = { latitude: -33.45, longitude: -70.66, elevation: 570 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The instant of the lowest zenith (to the minute) between two UTC instants. */
function transit(fromIso: string, toIso: string) {
  let best = solarPosition({ date: new Date(fromIso), ...SANTIAGO });
  for (let t = Date.parse(fromIso); t <= Date.parse(toIso); t += 60_000) {
    const p = solarPosition({ date: new Date(t), ...SANTIAGO });
    if (p.zenith < best.zenith) best = p;
  }
  return best;
}

/** Angular distance of an azimuth from north. */
const offNorth = (azimuth: number) => Math.min(azimuth, 360 - azimuth);

describe('SPA (Reda & Andreas)', () => {
  // The paper's worked example: 2003-10-17 12:30:30 at UTC−7, Golden, Colorado.
  const example = solarPosition({
    date: new Date('2003-10-17T19:30:30Z'),
    latitude: 39.742476,
    longitude: -105.1786,
    elevation: 1830.14,
    pressure: 820,
    temperature: 11,
    deltaT: 67,
    slope: 30,
    azimuthRotation: -10,
    atmosphericRefraction: 0.5667,
  });

  it('reproduces the paper example: zenith, azimuth, incidence and julian day', () => {
    expect(example.julianDay).toBeCloseTo(2452930.312847, 6);
    expect(example.zenith).toBeCloseTo(50.11162, 5);
    expect(example.azimuth).toBeCloseTo(194.34024, 5);
    expect(example.incidence).toBeCloseTo(25.187, 5);
  });

  it.each([
    ['heliocentricLongitude', 24.0182616917, 9],
    ['heliocentricLatitude', -0.0001011219, 10],
    ['earthRadiusVector', 0.9965422974, 9],
    ['nutationLongitude', -0.00399840, 8],
    ['nutationObliquity', 0.00166657, 8],
    ['eclipticObliquity', 23.440465, 6],
    ['apparentLongitude', 204.0085519281, 9],
    ['rightAscension', 202.22741, 5],
    ['declination', -9.31434, 5],
    ['hourAngle', 11.1059, 5],
    ['topocentricDeclination', -9.316179, 6],
    ['elevationUncorrected', 39.872046, 6],
    ['equationOfTime', 14.6415, 3],
  ] as const)('reproduces the paper example intermediate %s (periodic terms and nutation tables)', (field, value, digits) => {
    expect(example[field]).toBeCloseTo(value, digits);
  });

  it('omits incidence without a slope', () => {
    expect(solarPosition({ date: new Date('2003-10-17T19:30:30Z'), latitude: 0, longitude: 0 }).incidence).toBeUndefined();
  });

  it('Santiago: sun ~10° from the zenith, to the north, at December-solstice noon; ~56.9° in June', () => {
    const december = transit('2024-12-21T16:10:00Z', '2024-12-21T17:10:00Z');
    expect(december.zenith).toBeCloseTo(33.45 - 23.44, 0);
    expect(Math.abs(december.zenith - 10.01)).toBeLessThan(0.15);
    expect(offNorth(december.azimuth)).toBeLessThan(3);
    const june = transit('2024-06-21T16:10:00Z', '2024-06-21T17:10:00Z');
    expect(Math.abs(june.zenith - (33.45 + 23.44))).toBeLessThan(0.15);
    expect(offNorth(june.azimuth)).toBeLessThan(1);
  });

  it('Santiago: the sun is below the horizon at local midnight', () => {
    for (const iso of ['2024-12-21T04:42:00Z', '2024-06-21T04:42:00Z', '2025-03-20T04:42:00Z']) {
      expect(solarPosition({ date: new Date(iso), ...SANTIAGO }).zenith).toBeGreaterThan(90);
    }
  });

  it('the hourly-interpolated ephemeris matches full SPA to 1e-5°', () => {
    for (let t = Date.parse('2024-01-01T00:00:00Z'); t < Date.parse('2026-01-01T00:00:00Z'); t += 7 * DAY + 37 * 60_000 + 13_000) {
      const exact = geocentricSun(julianDay(t), 69);
      const fast = interpolatedGeocentricSun(t, 69);
      expect(Math.abs(fast.declination - exact.declination)).toBeLessThan(1e-5);
      expect(Math.abs(((fast.rightAscension - exact.rightAscension + 540) % 360) - 180)).toBeLessThan(1e-5);
      const a = topocentricSun(exact, SANTIAGO);
      const b = topocentricSun(fast, SANTIAGO);
      expect(Math.abs(a.zenith - b.zenith)).toBeLessThan(1e-5);
    }
  });
});

describe('irradiance', () => {
  it('clear-sky GHI with the sun at the zenith is about 1000–1100 W/m², zero below the horizon', () => {
    const overhead = clearSkyIneichen({ zenith: 0, dniExtra: 1361 });
    expect(overhead.ghi).toBeGreaterThan(1000);
    expect(overhead.ghi).toBeLessThan(1100);
    expect(overhead.dni).toBeGreaterThan(800);
    expect(overhead.ghi).toBeCloseTo(overhead.dni + overhead.dhi, 6);
    for (const zenith of [90, 95, 120, 180]) expect(clearSkyIneichen({ zenith, dniExtra: 1361 })).toEqual({ ghi: 0, dni: 0, dhi: 0 });
  });

  it('extraterrestrial irradiance peaks at perihelion (January) and air mass follows Kasten–Young', () => {
    expect(extraterrestrialIrradiance(3)).toBeCloseTo(1361 * 1.0342, -1);
    expect(extraterrestrialIrradiance(185)).toBeLessThan(1320);
    expect(dayOfYear(new Date('2024-12-31T12:00:00Z'))).toBe(366);
    expect(relativeAirMass(0)).toBeCloseTo(1, 2);
    expect(relativeAirMass(60)).toBeCloseTo(1.99, 1);
    expect(relativeAirMass(90)).toBeGreaterThan(30);
    expect(relativeAirMass(91)).toBeNaN();
  });

  it('incidence uses the SPA azimuth convention (clockwise from north)', () => {
    // The paper's surface (slope 30°, 10° east of south) is azimuth 170° clockwise from north.
    expect(incidenceAngle(50.11162, 194.34024, 30, 170)).toBeCloseTo(25.187, 3);
  });

  it('a north-facing 30° panel at Santiago noon in June receives more than the horizontal; a south-facing one less', () => {
    const sun = transit('2024-06-21T16:10:00Z', '2024-06-21T17:10:00Z');
    const dniExtra = extraterrestrialIrradiance(173);
    const sky = clearSkyIneichen({ zenith: sun.zenith, dniExtra, elevation: SANTIAGO.elevation });
    const poa = (surfaceAzimuth: number) => planeOfArrayIrradiance({ ...sky, zenith: sun.zenith, azimuth: sun.azimuth, tilt: 30, surfaceAzimuth, dniExtra });
    const north = poa(0);
    expect(north.poa).toBeGreaterThan(sky.ghi * 1.3);
    expect(north.incidence).toBeCloseTo(sun.zenith - 30, 0);
    expect(poa(180).poa).toBeLessThan(sky.ghi);
  });

  it('never gives negative or non-finite irradiance', () => {
    const bad: unknown[] = [];
    const check = (values: number[], where: unknown) => {
      if (!values.every((value) => Number.isFinite(value) && value >= 0)) bad.push(where);
    };
    for (let zenith = 0; zenith <= 100; zenith += 2.5) {
      const dniExtra = 1361;
      const clear = clearSkyIneichen({ zenith, dniExtra, elevation: 570, linkeTurbidity: 3 });
      for (const index of [0, 0.2, 0.5, 0.8, 1, 1.1]) {
        const sky = erbsDecomposition(clear.ghi * index, zenith, dniExtra);
        check([clear.ghi, clear.dni, clear.dhi, sky.ghi, sky.dni, sky.dhi], { zenith, index });
        for (let tilt = 0; tilt <= 90; tilt += 30) {
          for (let azimuth = 0; azimuth < 360; azimuth += 45) {
            const r = planeOfArrayIrradiance({ ...sky, zenith, azimuth: (azimuth * 7) % 360, tilt, surfaceAzimuth: azimuth, dniExtra });
            check([r.poa, r.beam, r.skyDiffuse, r.groundReflected], { zenith, index, tilt, azimuth });
          }
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('cells run hot in the sun and lose 0.35 %/°C above 25 °C', () => {
    const cell = cellTemperatureFaiman(1000, 25, 1);
    expect(cell).toBeCloseTo(25 + 1000 / 31.84, 6);
    expect(temperatureFactor(cell)).toBeCloseTo(1 - 0.0035 * (cell - 25), 9);
    expect(temperatureFactor(10)).toBe(1);
  });
});

// A 6.5 kWp Santiago home on a 5 kW hybrid inverter: two north-facing strings, 10 kWh battery.
const HOME: SimulatedInverter = {
  id: 'inv-1',
  ...SANTIAGO,
  nominalPowerKw: 5,
  strings: [
    { mpptIndex: 1, tilt: 30, azimuth: 0, panelCount: 8, panelWp: 410 },
    { mpptIndex: 2, tilt: 30, azimuth: 0, panelCount: 8, panelWp: 402.5 },
  ],
  hasBattery: true,
  batteryKwh: 10,
  householdKwhPerDay: 12,
};

const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), -Infinity);
const min = (values: number[]) => values.reduce((a, b) => Math.min(a, b), Infinity);

const range = (inverter: SimulatedInverter, from: string, to: string, options: Parameters<typeof simulateRange>[3]) =>
  [...simulateRange(inverter, new Date(from), new Date(to), options)];

/** Local mean solar date of a point (the simulator's day). */
const solarDate = (point: SimulatedPoint) => new Date(point.ts.getTime() + (SANTIAGO.longitude / 15) * HOUR).toISOString().slice(0, 10);

describe('simulator: thirteen months of one inverter', () => {
  let points: SimulatedPoint[];
  let elapsedMs: number;
  let cpuMs: number;
  /** Energy produced per solar day (kWh), from the counter, and the day's points. */
  const daily = new Map<string, number>();
  const byDay = new Map<string, SimulatedPoint[]>();

  beforeAll(() => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    points = range(HOME, '2024-06-01T04:42:00Z', '2025-07-01T04:42:00Z', { seed: 'demo' });
    const used = process.cpuUsage(cpu);
    cpuMs = (used.user + used.system) / 1000;
    elapsedMs = performance.now() - started;
    let previous = 0;
    for (const point of points) {
      const date = solarDate(point);
      daily.set(date, (daily.get(date) ?? 0) + (point.energy_total_wh - previous) / 1000);
      previous = point.energy_total_wh;
      if (!byDay.has(date)) byDay.set(date, []);
      byDay.get(date)!.push(point);
    }
  });

  it('runs in well under a few seconds (~114k points)', () => {
    expect(points.length).toBe(395 * 288);
    console.info(`simulated ${points.length} points in ${elapsedMs.toFixed(0)} ms (${cpuMs.toFixed(0)} ms CPU)`);
    // CPU time, not wall time: other test files share the machine.
    expect(cpuMs).toBeLessThan(3000);
  });

  it('produces no PV at night', () => {
    let nights = 0;
    for (const point of points.filter((_, i) => i % 7 === 0)) {
      if (solarPosition({ date: point.ts, ...SANTIAGO }).zenith < 90) continue;
      nights++;
      expect(point.status).toBe('night');
      expect(point.ac_power_w).toBe(0);
      expect(point.dc.every((dc) => dc.power_w === 0 && dc.current_a === 0)).toBe(true);
    }
    expect(nights).toBeGreaterThan(5000);
  });

  it('never exceeds the nominal AC power, and reaches near it at midday on clear summer days', () => {
    expect(max(points.map((p) => p.ac_power_w))).toBeLessThanOrEqual(5000);
    const clearSummerDays = [...daily.keys()].filter((date) => /^2025-01/.test(date)
      && dayWeather(SANTIAGO.latitude, SANTIAGO.longitude, new Date(`${date}T16:42:00Z`), 'demo').kind === 'clear');
    expect(clearSummerDays.length).toBeGreaterThan(15);
    for (const date of clearSummerDays) {
      const peak = max(byDay.get(date)!.map((p) => p.ac_power_w));
      expect(peak).toBeGreaterThan(0.85 * 5000);
      expect(peak).toBeLessThanOrEqual(5000);
    }
    expect(points.some((p) => p.status === 'clipping' && p.ac_power_w === 5000)).toBe(true);
  });

  it('keeps a monotonic energy counter with plausible daily yields', () => {
    expect(points.findIndex((p, i) => i > 0 && p.energy_total_wh < points[i - 1].energy_total_wh)).toBe(-1);
    const weather = (date: string) => dayWeather(SANTIAGO.latitude, SANTIAGO.longitude, new Date(`${date}T16:42:00Z`), 'demo').kind;
    const summerClear = [...daily].filter(([date]) => /^(2024-12|2025-01)/.test(date) && weather(date) === 'clear');
    expect(summerClear.length).toBeGreaterThan(40);
    for (const [, kwh] of summerClear) {
      expect(kwh).toBeGreaterThan(20);
      expect(kwh).toBeLessThan(45);
    }
    // Winter: cloudy days pull the average into the 6–22 kWh range; a clear June day makes ~23–26 kWh.
    const june = [...daily].filter(([date]) => /^2024-06/.test(date)).map(([, kwh]) => kwh);
    const juneMean = june.reduce((a, b) => a + b, 0) / june.length;
    expect(juneMean).toBeGreaterThan(6);
    expect(juneMean).toBeLessThan(22);
    expect(max(june)).toBeLessThan(28);
    expect(max(june)).toBeLessThan(min(summerClear.map(([, kwh]) => kwh)));
  });

  it('balances energy at every point: pv + import + discharge = consumption + export + charge', () => {
    const unbalanced = points.filter((p) => {
      const charge = Math.max(0, p.battery_power_w);
      const discharge = Math.max(0, -p.battery_power_w);
      return p.ac_power_w + p.grid_import_w + discharge !== p.consumption_w + p.grid_export_w + charge
        || Math.min(p.ac_power_w, p.grid_import_w, p.grid_export_w, p.consumption_w) < 0
        || (p.grid_import_w > 0 && p.grid_export_w > 0);
    });
    expect(unbalanced).toEqual([]);
  });

  it('keeps the battery within its bounds and uses it', () => {
    const socs = points.map((p) => p.battery_soc!);
    expect(min(socs)).toBeGreaterThanOrEqual(0);
    expect(max(socs)).toBe(100);
    expect(min(socs)).toBeLessThanOrEqual(10.5);
    expect(max(points.map((p) => Math.abs(p.battery_power_w)))).toBeLessThanOrEqual(5000);
    // Full battery: surplus goes to the grid; empty one: the deficit comes from it.
    expect(points.some((p) => p.battery_soc === 100 && p.grid_export_w > 0)).toBe(true);
    expect(points.some((p) => p.battery_power_w < 0 && p.grid_import_w === 0)).toBe(true);
  });

  it('reports plausible MPPT voltages and currents', () => {
    const producing = points.filter((p) => p.ac_power_w > 1000);
    for (const p of producing.filter((_, i) => i % 50 === 0)) {
      for (const dc of p.dc) {
        expect(dc.voltage_v).toBeGreaterThan(8 * 41 * 0.8);
        expect(dc.voltage_v).toBeLessThan(8 * 41 * 1.1);
        expect(Math.abs(dc.current_a * dc.voltage_v - dc.power_w)).toBeLessThan(dc.voltage_v * 0.01);
      }
      const dc = p.dc.reduce((sum, d) => sum + d.power_w, 0);
      expect(p.ac_power_w).toBeLessThanOrEqual(dc);
      expect(p.ac_power_w).toBeGreaterThan(dc * 0.95);
    }
  });
});

describe('simulator: determinism', () => {
  const DAY_RANGE = ['2024-07-10T03:00:00Z', '2024-07-11T03:00:00Z'] as const;

  it('gives identical output for the same seed and different output for another', () => {
    const a = range(HOME, ...DAY_RANGE, { seed: 's1' });
    const b = range(HOME, ...DAY_RANGE, { seed: 's1' });
    const c = range(HOME, ...DAY_RANGE, { seed: 's2' });
    expect(b).toEqual(a);
    expect(c.map((p) => p.consumption_w)).not.toEqual(a.map((p) => p.consumption_w));
    expect(c.map((p) => p.ac_power_w)).not.toEqual(a.map((p) => p.ac_power_w));
    expect(range({ ...HOME, id: 'inv-2' }, ...DAY_RANGE, { seed: 's1' }).map((p) => p.consumption_w)).not.toEqual(a.map((p) => p.consumption_w));
  });

  it('gives the same point for an instant whether simulated in a day, a month or alone', () => {
    const epoch = new Date('2024-07-01T00:00:00Z');
    const options = { seed: 'same', epoch, initialEnergyWh: 1_000_000, initialSoc: 80 };
    const month = range(HOME, '2024-07-01T00:00:00Z', '2024-08-01T00:00:00Z', options);
    const day = range(HOME, '2024-07-15T10:00:00Z', '2024-07-16T10:00:00Z', options);
    const monthSlice = month.filter((p) => p.ts >= day[0].ts && p.ts <= day[day.length - 1].ts);
    expect(day).toHaveLength(288);
    expect(day).toEqual(monthSlice);
    const quarterHours = range(HOME, '2024-07-15T10:00:00Z', '2024-07-16T10:00:00Z', { ...options, stepMinutes: 15 });
    expect(quarterHours).toEqual(day.filter((p) => p.ts.getUTCMinutes() % 15 === 0));
    const noon = new Date('2024-07-15T16:42:00Z');
    expect(simulatePoint(HOME, noon, options)).toEqual(day.find((p) => p.ts.getTime() === Date.parse('2024-07-15T16:40:00Z')));
  });

  it('keeps weather and PV independent of the state epoch', () => {
    const late = range(HOME, ...DAY_RANGE, { seed: 'same' });
    const early = range(HOME, ...DAY_RANGE, { seed: 'same', epoch: new Date('2024-07-01T00:00:00Z') });
    expect(late.map((p) => [p.ac_power_w, p.consumption_w, p.dc])).toEqual(early.map((p) => [p.ac_power_w, p.consumption_w, p.dc]));
    expect(late[0].energy_total_wh).toBeLessThan(early[0].energy_total_wh);
  });

  it('continues from a supplied counter', () => {
    const [first] = range(HOME, ...DAY_RANGE, { seed: 'x', initialEnergyWh: 5000 });
    expect(first.energy_total_wh).toBe(Math.round(5000 + first.ac_power_w / 12));
  });

  it('has more overcast days in winter than in summer', () => {
    const count = (months: number[]) => {
      const kinds = { clear: 0, 'partly-cloudy': 0, overcast: 0 };
      for (let t = Date.parse('2020-01-01T16:42:00Z'); t < Date.parse('2025-01-01T00:00:00Z'); t += DAY) {
        if (months.includes(new Date(t).getUTCMonth())) kinds[dayWeather(SANTIAGO.latitude, SANTIAGO.longitude, new Date(t), 'w').kind]++;
      }
      const total = kinds.clear + kinds['partly-cloudy'] + kinds.overcast;
      return { clear: kinds.clear / total, overcast: kinds.overcast / total };
    };
    const summer = count([11, 0, 1]);
    const winter = count([5, 6, 7]);
    expect(summer.clear).toBeGreaterThan(0.8);
    expect(winter.clear).toBeLessThan(0.7);
    expect(winter.overcast).toBeGreaterThan(summer.overcast + 0.1);
  });
});

describe('simulator: configurations and inputs', () => {
  it('without a battery reports no battery flow and settles everything with the grid', () => {
    const points = range({ ...HOME, hasBattery: false }, '2025-01-10T04:00:00Z', '2025-01-11T04:00:00Z', { seed: 'nb' });
    for (const p of points) {
      expect(p.battery_soc).toBeNull();
      expect(p.battery_power_w).toBe(0);
      expect(p.ac_power_w + p.grid_import_w).toBe(p.consumption_w + p.grid_export_w);
    }
    expect(points.some((p) => p.grid_export_w > 0)).toBe(true);
    expect(points.some((p) => p.grid_import_w > 0)).toBe(true);
  });

  it('has one DC entry per MPPT, with strings on one MPPT summed', () => {
    const inverter: SimulatedInverter = {
      ...HOME,
      strings: [
        { mpptIndex: 2, tilt: 30, azimuth: 0, panelCount: 10, panelWp: 400 },
        { mpptIndex: 1, tilt: 20, azimuth: 90, panelCount: 6, panelWp: 400 },
        { mpptIndex: 1, tilt: 20, azimuth: 90, panelCount: 6, panelWp: 400 },
      ],
      nominalPowerKw: 10,
    };
    const noon = simulatePoint(inverter, new Date('2025-01-10T16:40:00Z'), { seed: 'm' });
    expect(noon.dc.map((d) => d.mppt)).toEqual([1, 2]);
    expect(noon.dc[0].voltage_v).toBeLessThan(noon.dc[1].voltage_v);
    expect(noon.dc[0].power_w).toBeGreaterThan(0);
  });

  it('rejects steps that are not multiples of 5 minutes and an epoch after the start', () => {
    expect(() => range(HOME, '2025-01-10T00:00:00Z', '2025-01-11T00:00:00Z', { seed: 'x', stepMinutes: 7 })).toThrow(RangeError);
    expect(() => range(HOME, '2025-01-10T00:00:00Z', '2025-01-11T00:00:00Z', { seed: 'x', epoch: new Date('2025-01-10T01:00:00Z') })).toThrow(RangeError);
    expect(range(HOME, '2025-01-10T00:00:00Z', '2025-01-10T00:00:00Z', { seed: 'x' })).toEqual([]);
  });
});
