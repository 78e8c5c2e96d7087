/**
 * Deterministic demo-data simulator for one inverter: what its datalogger would report every five
 * minutes (PV power per MPPT, AC power, energy counter, household consumption, grid exchange and
 * battery), plausible for a plant in Santiago de Chile.
 *
 * Pipeline per 5-minute step: the physics shared with the expected-production model (./pv.ts: SPA sun
 * position → Ineichen clear sky × clear-sky index → Erbs split → Hay–Davies plane of array per string
 * → Faiman cell temperature → DC (−14 % system losses) → AC (96.5 %, clipped at nominal power)), fed
 * with this simulator's own weather: the day's clear-sky index, drawn around the place's climatology
 * (./climate.ts), and an AR(1) cloud process within the day. Then the household load, the battery
 * (charges from surplus, covers deficits) and the grid take the rest.
 *
 * Determinism and range independence: the model runs on a fixed 5-minute UTC grid grouped in
 * local-mean-solar-time days. Weather is drawn from a hash of (seed, site location, day) — inverters at
 * the same site see the same clouds — and household noise from (seed, inverter id, day), each replayed
 * from the day's first step, so weather, PV and consumption at an instant depend only on its day.
 * The energy counter and battery charge are state: they start from `initialEnergyWh`/`initialSoc` at
 * `epoch` (default `from`) and are carried forward; pass the same `epoch` to get identical points from
 * any range (the simulator fast-forwards from `epoch`, at the same cost per day as simulating it).
 *
 * Cost: SPA proper runs once per UTC hour and is shared by all sites (see
 * `interpolatedGeocentricSun`); each step adds the topocentric correction and the sky and PV models.
 * Measured for 13 months of 5-minute points (~114k) of one inverter: ≈ 0.5 s CPU on a first run in a
 * process (JIT warm-up and ~9.5k hourly SPA runs), ≈ 0.2–0.3 s once the hours are cached.
 */
import { wallClock } from '../time.js';
import { dayOfYear } from './irradiance.js';
import { ambientTemperature, climatologicalClearness, normalTemperatures, winterness } from './climate.js';
import { arrayDc, inverterAc, pvSite, sunAndSky, type PvSite } from './pv.js';

const STEP_MS = 300_000;
const STEP_HOURS = 5 / 60;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const STEPS_PER_DAY = DAY_MS / STEP_MS;

/** Maximum-power voltage of one module at 25 °C, V. */
const MODULE_VMP = 41;
const VMP_TEMPERATURE_COEFFICIENT = -0.003;
/** One-way battery efficiency (≈ 92 % round trip) and the charge kept in reserve. */
const BATTERY_EFFICIENCY = 0.96;
const BATTERY_RESERVE = 0.1;

export interface PvString {
  /** MPPT input the string is wired to; strings on one MPPT are in parallel. */
  mpptIndex: number;
  /** Degrees from horizontal. */
  tilt: number;
  /** Degrees clockwise from north (in Chile, panels face north: 0). */
  azimuth: number;
  panelCount: number;
  /** Rated power of one module, Wp. */
  panelWp: number;
  /** Power temperature coefficient of its modules, per °C (default −0.0035). */
  temperatureCoefficient?: number;
}

export interface SimulatedInverter {
  id: string | number;
  latitude: number;
  longitude: number;
  /** Metres above sea level (default 0). */
  elevation?: number;
  strings: PvString[];
  /** AC limit, kW. */
  nominalPowerKw: number;
  hasBattery?: boolean;
  /** Usable capacity, kWh (default 10 when `hasBattery`). */
  batteryKwh?: number;
  /** Charge/discharge limit, kW (default the smaller of 5 kW and 1 C). */
  batteryMaxPowerKw?: number;
  /** Average household consumption, kWh/day (default 10); more in winter, noise on top. */
  householdKwhPerDay?: number;
  /** IANA zone of the household's clock, for its daily routine (default America/Santiago). */
  timeZone?: string;
}

export interface SimulationOptions {
  seed: string;
  /** Output spacing, a multiple of 5 minutes (default 5). Points fall on multiples of it in UTC. */
  stepMinutes?: number;
  /** Instant at which the energy counter and battery state start (default `from`). */
  epoch?: Date;
  /** Energy counter just before `epoch`, Wh (default 0). */
  initialEnergyWh?: number;
  /** Battery state of charge just before `epoch`, % (default 50). */
  initialSoc?: number;
  /**
   * A failed MPPT input: from `from` to `to` (epoch ms) it delivers no current. It takes its power
   * from the AC output and nothing else: the battery charges from what is left over, the grid covers
   * what is missing, and the counter counts what was made.
   */
  fault?: MpptFault;
}

export interface MpptFault { mppt: number; from: number; to: number }

export type InverterStatus = 'ok' | 'clipping' | 'standby' | 'night';

export interface DcReading {
  mppt: number;
  voltage_v: number;
  current_a: number;
  power_w: number;
}

/**
 * One reading. Powers in whole watts, all ≥ 0 except `battery_power_w` (+ charging, − discharging).
 * Balance, exact: ac_power_w + grid_import_w = consumption_w + grid_export_w + battery_power_w.
 */
export interface SimulatedPoint {
  ts: Date;
  /** 'night': sun below the horizon; 'standby': too little light to start; 'clipping': AC at its limit. */
  status: InverterStatus;
  ac_power_w: number;
  /**
   * The PV power, as a hybrid inverter reports it apart from its AC output: here the battery is
   * charged from and discharges to the AC side, so the AC output is all PV and they are equal.
   */
  pv_power_w: number;
  dc: DcReading[];
  /** Monotonic lifetime AC energy counter, Wh (each step adds ac_power_w × 5 min). */
  energy_total_wh: number;
  consumption_w: number;
  grid_import_w: number;
  grid_export_w: number;
  battery_power_w: number;
  /** % (0..100; never below the 10 % reserve once reached), null without a battery. */
  battery_soc: number | null;
}

export type WeatherKind = 'clear' | 'partly-cloudy' | 'overcast';

export interface DayWeather {
  kind: WeatherKind;
  /** Mean clear-sky index of the day (GHI / clear-sky GHI). */
  clearness: number;
  temperatureMinC: number;
  temperatureMaxC: number;
  windSpeed: number;
}

// --- Seeded randomness: cyrb128 string hash feeding the sfc32 generator (both public domain, bryc). ---

function cyrb128(key: string): [number, number, number, number] {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < key.length; i++) {
    const k = key.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  return [h1 >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/** A deterministic uniform [0, 1) generator seeded from a string. */
export function seededRandom(key: string): () => number {
  let [a, b, c, d] = cyrb128(key);
  return () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b | 0) + d | 0;
    d = d + 1 | 0;
    a = b ^ (b >>> 9);
    b = c + (c << 3) | 0;
    c = (c << 21) | (c >>> 11);
    c = c + t | 0;
    return (t >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

// --- Days and seasons ---

/** Offset of local mean solar time from UTC, whole ms (so grid arithmetic stays exact). */
const solarOffsetMs = (longitude: number) => Math.round((longitude / 15) * HOUR_MS);
const solarDayOf = (ms: number, longitude: number) => Math.floor((ms + solarOffsetMs(longitude)) / DAY_MS);
const firstStepOf = (day: number, longitude: number) => Math.ceil((day * DAY_MS - solarOffsetMs(longitude)) / STEP_MS) * STEP_MS;

const locationKey = (latitude: number, longitude: number) => `${latitude.toFixed(3)},${longitude.toFixed(3)}`;

interface DayWeatherDraw extends DayWeather {
  /** Standard deviation, bounds and 5-minute autocorrelation of the intra-day clear-sky index. */
  sigma: number;
  min: number;
  max: number;
  phi: number;
  /** The day's generator, continued by the intra-day cloud process. */
  random: () => number;
}

/** Mean clear-sky index of each kind of day (the middle of its range below). */
const KIND_MEAN = { overcast: 0.305, partly: 0.7, clear: 0.97 };

/**
 * The day's weather, drawn around the place's climatology (./climate.ts): the shares of overcast,
 * partly cloudy and clear days grow together with a cloudiness `s` chosen so that the mean clear-sky
 * index of the days equals the climatological one (Santiago: ~90 % clear days in summer, under a third
 * in winter); temperatures follow the normals, cooler and flatter under cloud, with day-to-day noise.
 */
function drawWeather(seed: string, latitude: number, longitude: number, day: number): DayWeatherDraw {
  const random = seededRandom(`${seed}:weather:${locationKey(latitude, longitude)}:${day}`);
  const doy = dayOfYear(day * DAY_MS);
  // Mean of the mixture: pO·o + pP·p + (1 − pO − pP)·c with pO = 0.02 + 0.2 s, pP = 0.06 + 0.22 s.
  const atZero = 0.02 * KIND_MEAN.overcast + 0.06 * KIND_MEAN.partly + 0.92 * KIND_MEAN.clear;
  const slope = 0.2 * (KIND_MEAN.clear - KIND_MEAN.overcast) + 0.22 * (KIND_MEAN.clear - KIND_MEAN.partly);
  const s = clamp((atZero - climatologicalClearness(latitude, (day + 0.5) * DAY_MS)) / slope, 0, 2.19);
  const u = random();
  const pOvercast = 0.02 + 0.2 * s;
  const pPartly = 0.06 + 0.22 * s;
  let kind: WeatherKind;
  let clearness: number, sigma: number, min: number, max: number, phi: number;
  if (u < pOvercast) {
    kind = 'overcast';
    clearness = 0.18 + 0.25 * random();
    [sigma, min, max, phi] = [0.07, 0.04, 0.65, 0.95];
  } else if (u < pOvercast + pPartly) {
    kind = 'partly-cloudy';
    clearness = 0.55 + 0.3 * random();
    [sigma, min, max, phi] = [0.25, 0.1, 1.12, 0.92];
  } else {
    kind = 'clear';
    clearness = 0.94 + 0.06 * random();
    [sigma, min, max, phi] = [0.015, 0.85, 1.03, 0.9];
  }
  const normal = normalTemperatures(doy, latitude, clearness);
  const temperatureMaxC = normal.maxC + 1.5 * gaussian(random);
  const temperatureMinC = Math.min(normal.minC + 1.2 * gaussian(random), temperatureMaxC - 2);
  const windSpeed = 0.5 + 2.5 * random();
  return { kind, clearness, temperatureMinC, temperatureMaxC, windSpeed, sigma, min, max, phi, random };
}

/** The simulated weather of the (local solar) day containing `date` at a site. */
export function dayWeather(latitude: number, longitude: number, date: Date, seed: string): DayWeather {
  const { kind, clearness, temperatureMinC, temperatureMaxC, windSpeed } = drawWeather(seed, latitude, longitude, solarDayOf(date.getTime(), longitude));
  return { kind, clearness, temperatureMinC, temperatureMaxC, windSpeed };
}

// --- Household ---

/** Bump centred on `centre` (hours), wrapping around midnight. */
function bump(hour: number, centre: number, width: number): number {
  const d = ((hour - centre + 36) % 24) - 12;
  return Math.exp(-0.5 * (d / width) ** 2);
}

/**
 * Relative household load by clock hour: base (fridge, standby), a morning peak (later and broader at
 * weekends), daytime use (mostly at weekends) and the evening peak, larger in winter (light, heating).
 */
function householdShape(hour: number, weekend: boolean, w: number): number {
  const morning = weekend ? 1.2 * bump(hour, 9.5, 1.3) : 1.5 * bump(hour, 7.25, 0.8);
  const daytime = weekend ? 1.0 * bump(hour, 13.5, 2.2) : 0.35 * bump(hour, 13, 2.5);
  return 1 + 0.3 * w + morning + daytime + (2.4 + 0.8 * w) * bump(hour, 20.5, 1.7);
}

// --- One day of one inverter ---

interface Site {
  inverter: SimulatedInverter;
  seed: string;
  pv: PvSite;
  nominalW: number;
  mppts: { index: number; strings: PvString[] }[];
  householdWhPerDay: number;
  timeZone: string;
  batteryWh: number;
  batteryMaxW: number;
}

function prepareSite(inverter: SimulatedInverter, seed: string): Site {
  const elevation = inverter.elevation ?? 0;
  const mppts = [...new Set(inverter.strings.map((s) => s.mpptIndex))].sort((a, b) => a - b)
    .map((index) => ({ index, strings: inverter.strings.filter((s) => s.mpptIndex === index) }));
  const batteryKwh = inverter.hasBattery ? (inverter.batteryKwh ?? 10) : 0;
  const nominalW = inverter.nominalPowerKw * 1000;
  return {
    inverter,
    seed,
    pv: pvSite(inverter.latitude, inverter.longitude, elevation),
    nominalW,
    mppts,
    householdWhPerDay: (inverter.householdKwhPerDay ?? 10) * 1000,
    timeZone: inverter.timeZone ?? 'America/Santiago',
    batteryWh: batteryKwh * 1000,
    batteryMaxW: batteryKwh > 0 ? (inverter.batteryMaxPowerKw ?? Math.min(5, batteryKwh)) * 1000 : 0,
  };
}

const STATUS: readonly InverterStatus[] = ['night', 'standby', 'ok', 'clipping'];

/** Everything about one day that does not depend on state carried from earlier days. */
interface DayPlan {
  start: number;
  status: Uint8Array;
  ac: Float64Array;
  consumption: Float64Array;
  /** Per MPPT: DC power (W) and voltage (V). */
  dcPower: Float64Array[];
  dcVoltage: Float64Array[];
}

function planPv(site: Site, day: number, plan: DayPlan, fault?: MpptFault): void {
  const { latitude, longitude } = site.inverter;
  const weather = drawWeather(site.seed, latitude, longitude, day);
  const { random, clearness, sigma, min, max, phi } = weather;
  const innovation = Math.sqrt(1 - phi * phi);
  let cloud = gaussian(random);
  for (let i = 0; i < STEPS_PER_DAY; i++) {
    const t = plan.start + i * STEP_MS;
    cloud = phi * cloud + innovation * gaussian(random);
    const sky = sunAndSky(site.pv, t, clamp(clearness + sigma * cloud, min, max));
    if (!sky) continue; // arrays are zero-filled: night
    const ambient = ambientTemperature(weather.temperatureMinC, weather.temperatureMaxC, t, longitude);
    let dc = 0;
    for (let m = 0; m < site.mppts.length; m++) {
      const { strings } = site.mppts[m];
      let power = 0;
      let voltage = 0;
      for (const string of strings) {
        const array = { wp: string.panelCount * string.panelWp, tilt: string.tilt, azimuth: string.azimuth, temperatureCoefficient: string.temperatureCoefficient };
        const out = arrayDc(array, sky, ambient, weather.windSpeed);
        power += out.power;
        // Vmp falls with temperature and, logarithmically, at low light.
        const lightFactor = out.poa > 0 ? clamp(1 + 0.04 * Math.log(out.poa / 1000), 0.75, 1) : 0;
        voltage += string.panelCount * MODULE_VMP * (1 + VMP_TEMPERATURE_COEFFICIENT * (out.cell - 25)) * lightFactor;
      }
      // A failed input still shows its open-circuit voltage; it gives no current, so no power.
      const failed = fault && site.mppts[m].index === fault.mppt && t >= fault.from && t < fault.to;
      plan.dcPower[m][i] = failed ? 0 : power;
      plan.dcVoltage[m][i] = strings.length ? voltage / strings.length : 0;
      dc += plan.dcPower[m][i];
    }
    const inverter = inverterAc(dc, site.nominalW);
    plan.status[i] = STATUS.indexOf(inverter.state);
    for (const powers of plan.dcPower) powers[i] *= inverter.dcScale;
    if (inverter.state === 'standby') {
      for (const voltages of plan.dcVoltage) voltages[i] = 0;
      continue;
    }
    plan.ac[i] = Math.min(Math.round(inverter.acW), Math.floor(site.nominalW));
  }
}

function planConsumption(site: Site, day: number, plan: DayPlan): void {
  const { latitude, id } = site.inverter;
  if (site.householdWhPerDay <= 0) return;
  const random = seededRandom(`${site.seed}:home:${id}:${day}`);
  const w = winterness(dayOfYear(day * DAY_MS), latitude);
  const middle = plan.start + (STEPS_PER_DAY / 2) * STEP_MS;
  const clockOffset = wallClock(site.timeZone, middle).offsetMs;
  const weekday = new Date(middle + clockOffset).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  const shape = plan.consumption;
  let total = 0;
  for (let i = 0; i < STEPS_PER_DAY; i++) {
    const hour = (((plan.start + i * STEP_MS + clockOffset) % DAY_MS) + DAY_MS) % DAY_MS / HOUR_MS;
    total += shape[i] = householdShape(hour, weekend, w);
  }
  // The day's energy: seasonal (±15 %), weekends +10 %, ±12 % day to day; 85 % of it follows the
  // routine, the rest comes as appliance bursts (kettle, oven, washing machine).
  const dayWh = site.householdWhPerDay * (0.85 + 0.3 * w) * (weekend ? 1.1 : 1) * Math.exp(0.12 * gaussian(random) - 0.0072);
  const scale = (0.85 * dayWh) / (total * STEP_HOURS);
  const peak = Math.max(...shape);
  const bursts = new Float64Array(STEPS_PER_DAY);
  let burstWh = 0;
  while (burstWh < 0.15 * dayWh) {
    // Bursts land where the routine is busy (rejection sampling against the shape).
    const start = Math.floor(random() * STEPS_PER_DAY);
    if (random() * peak > shape[start]) continue;
    const power = 900 + 1300 * random();
    const steps = 1 + Math.floor(random() * 3);
    for (let s = start; s < Math.min(STEPS_PER_DAY, start + steps); s++) bursts[s] += power;
    burstWh += power * steps * STEP_HOURS;
  }
  let noise = gaussian(random);
  for (let i = 0; i < STEPS_PER_DAY; i++) {
    noise = 0.8 * noise + 0.6 * gaussian(random);
    shape[i] = Math.round(shape[i] * scale * Math.exp(0.15 * noise - 0.01125) + bursts[i]);
  }
}

function planDay(site: Site, day: number, fault?: MpptFault): DayPlan {
  const plan: DayPlan = {
    start: firstStepOf(day, site.inverter.longitude),
    status: new Uint8Array(STEPS_PER_DAY),
    ac: new Float64Array(STEPS_PER_DAY),
    consumption: new Float64Array(STEPS_PER_DAY),
    dcPower: site.mppts.map(() => new Float64Array(STEPS_PER_DAY)),
    dcVoltage: site.mppts.map(() => new Float64Array(STEPS_PER_DAY)),
  };
  planPv(site, day, plan, fault);
  planConsumption(site, day, plan);
  return plan;
}

// --- Public API ---

/**
 * Points of one inverter at every `stepMinutes` in [from, to), in order. State (energy counter,
 * battery) is carried between steps; see `SimulationOptions.epoch` for range-independent values.
 */
export function* simulateRange(inverter: SimulatedInverter, from: Date, to: Date, options: SimulationOptions): Generator<SimulatedPoint, void, undefined> {
  const stepMinutes = options.stepMinutes ?? 5;
  if (!Number.isInteger(stepMinutes) || stepMinutes <= 0 || stepMinutes % 5 !== 0) {
    throw new RangeError(`stepMinutes must be a positive multiple of 5, got ${stepMinutes}`);
  }
  const stepMs = stepMinutes * 60_000;
  const first = Math.ceil(from.getTime() / stepMs) * stepMs;
  const end = to.getTime();
  if (!(first < end)) return;
  const epoch = options.epoch ? Math.ceil(options.epoch.getTime() / STEP_MS) * STEP_MS : first;
  if (epoch > first) throw new RangeError('epoch must not be later than from');

  const site = prepareSite(inverter, options.seed);
  let energyWh = options.initialEnergyWh ?? 0;
  let soc = clamp((options.initialSoc ?? 50) / 100, 0, 1);
  const { batteryWh, batteryMaxW } = site;

  for (let day = solarDayOf(epoch, inverter.longitude); ; day++) {
    const plan = planDay(site, day, options.fault);
    for (let i = 0; i < STEPS_PER_DAY; i++) {
      const t = plan.start + i * STEP_MS;
      if (t < epoch) continue;
      if (t >= end) return;
      const pv = plan.ac[i];
      const load = plan.consumption[i];
      energyWh += pv * STEP_HOURS;
      let battery = 0;
      if (batteryWh > 0) {
        const surplus = pv - load;
        if (surplus > 0) {
          const room = ((1 - soc) * batteryWh) / (BATTERY_EFFICIENCY * STEP_HOURS);
          battery = Math.floor(Math.min(surplus, batteryMaxW, room));
          soc += (battery * STEP_HOURS * BATTERY_EFFICIENCY) / batteryWh;
        } else if (surplus < 0) {
          const available = (Math.max(0, soc - BATTERY_RESERVE) * batteryWh * BATTERY_EFFICIENCY) / STEP_HOURS;
          battery = -Math.floor(Math.min(-surplus, batteryMaxW, available)) || 0;
          soc += (battery * STEP_HOURS) / BATTERY_EFFICIENCY / batteryWh;
        }
        soc = clamp(soc, 0, 1);
      }
      if (t < first || t % stepMs !== 0) continue;
      const net = pv - load - battery;
      yield {
        ts: new Date(t),
        status: STATUS[plan.status[i]],
        ac_power_w: pv,
        pv_power_w: pv,
        dc: site.mppts.map(({ index }, m) => {
          const power = Math.round(plan.dcPower[m][i]);
          const voltage = Math.round(plan.dcVoltage[m][i] * 10) / 10;
          return { mppt: index, voltage_v: voltage, current_a: voltage > 0 ? Math.round((power / voltage) * 100) / 100 : 0, power_w: power };
        }),
        energy_total_wh: Math.round(energyWh),
        consumption_w: load,
        grid_import_w: Math.max(0, -net),
        grid_export_w: Math.max(0, net),
        battery_power_w: battery,
        battery_soc: batteryWh > 0 ? Math.round(soc * 1000) / 10 : null,
      };
    }
  }
}

/** The point at the 5-minute step at or before `at` (state from `options.epoch`, default that step). */
export function simulatePoint(inverter: SimulatedInverter, at: Date, options: Omit<SimulationOptions, 'stepMinutes'>): SimulatedPoint {
  const t = Math.floor(at.getTime() / STEP_MS) * STEP_MS;
  const [point] = simulateRange(inverter, new Date(t), new Date(t + 1), { ...options, stepMinutes: 5 });
  return point;
}
