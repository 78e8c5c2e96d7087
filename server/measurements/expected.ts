/**
 * Expected production of a plant (docs/expected-production.md): the simulator's physics
 * (./solar/pv.ts) applied to the plant as described (strings' tilt and azimuth, their panels' Wp and
 * temperature coefficient, the inverters' AC limit, the plant's place and elevation), every 5 minutes
 * of a local day, under one of two skies:
 * - the weather forecast's hourly cloud cover (Kasten–Czeplak), temperature and wind, for the days it
 *   covers entirely, when the caller passes its hours;
 * - otherwise the place's climatology (./solar/climate.ts): the monthly mean clear-sky index of its
 *   latitude band and the normal temperatures.
 * A plant not described enough gets warnings and, where possible, a fallback (capacity_kwp on default
 * orientation); without a place or any capacity it has no expectation (nulls).
 *
 * Cost: one day is 288 steps of SPA (shared hourly ephemeris), clear sky, Erbs and one plane of array
 * per string. Climatological days are deterministic, so their totals are cached per plant description
 * and local day (in memory, bounded): a month or a year is read again at the price of a map lookup.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { investors, mppts, panels, plantEnergy, powerPlants, strings } from '../db/schema.js';
import { epochMs, rows } from '../db/sql.js';
import type { ExpectedWarning, SkySource } from '../../contract/expected.js';
import { dayOfYear } from './solar/irradiance.js';
import { ambientTemperature, climatologicalClearness, clearnessFromCloudCover, normalTemperatures } from './solar/climate.js';
import { pvSite, systemAc, type InstantWeather, type PvArray, type PvInverter, type PvSite } from './solar/pv.js';
import { isoInZone, wallClock } from './time.js';
import { withCurrentRollups } from './rollups.js';
import { firstDay } from './queries.js';
import { readSettings } from '../core/settings.js';

/** One hour of a weather forecast: from `start` (epoch ms), cloud cover %, air temperature °C, wind m/s. */
export interface ForecastHour { start: number; cloudPercent: number; temperatureC: number; windSpeed: number }

const STEP_MS = 5 * 60_000;
const STEP_HOURS = 5 / 60;
const HOUR_MS = 3_600_000;
/** Orientation assumed for panels nobody described (the schema's defaults for a string). */
const DEFAULT_TILT = 20;
const DEFAULT_AZIMUTH = 0;
/** Wind assumed by the climatology, m/s (a light breeze). */
const CLIMATE_WIND = 1;
/** Panels and capacity_kwp further apart than this share is worth a warning. */
const MISMATCH = 0.1;

/** A plant as the model sees it. `inverters` is empty when it cannot be modelled (see warnings). */
export interface PlantModel {
  plant: number;
  site: PvSite | null;
  latitude: number | null;
  inverters: PvInverter[];
  dcWp: number;
  /** Sum of the nominal AC powers, W; null when one is unknown. */
  acLimitW: number | null;
  warnings: ExpectedWarning[];
  commissionedOn: string | null;
  /** Identifies the description, for the cache: it changes when anything the model reads changes. */
  key: string;
}

const modelled = (model: PlantModel): model is PlantModel & { site: PvSite; latitude: number } => model.site !== null && model.inverters.length > 0;

/** The model of each of `plantIds` that exists, from the hierarchy. */
export async function plantModels(db: Db, plantIds: number[]): Promise<Map<number, PlantModel>> {
  if (!plantIds.length) return new Map();
  const plants = await db.select({
    id: powerPlants.id, latitude: powerPlants.latitude, longitude: powerPlants.longitude, elevation: powerPlants.elevation_m,
    capacity_kwp: powerPlants.capacity_kwp, commissioned_on: powerPlants.commissioned_on,
  }).from(powerPlants).where(inArray(powerPlants.id, plantIds));
  const inverterRows = await db.select({ id: investors.id, plant: investors.plant, nominal_power_kw: investors.nominal_power_kw })
    .from(investors).where(inArray(investors.plant, plantIds)).orderBy(asc(investors.id));
  const stringRows = inverterRows.length ? await db.select({
    id: strings.id, investor: mppts.investor, tilt: strings.tilt, azimuth: strings.azimuth,
    panels: sql<number>`count(${panels.id})::int`,
    rated: sql<number>`count(${panels.power_wp})::int`,
    wp: sql<number>`coalesce(sum(${panels.power_wp}), 0)::float8`,
    coefficient: sql<number | null>`avg(${panels.temperature_coefficient_pct})::float8`,
  }).from(strings).innerJoin(mppts, eq(mppts.id, strings.mppt)).leftJoin(panels, eq(panels.string, strings.id))
    .where(inArray(mppts.investor, inverterRows.map((i) => i.id)))
    .groupBy(strings.id, mppts.investor).orderBy(asc(strings.id)) : [];

  const models = new Map<number, PlantModel>();
  for (const plant of plants) {
    const warnings: ExpectedWarning[] = [];
    const own = inverterRows.filter((i) => i.plant === plant.id);
    const stringsOf = (investor: number) => stringRows.filter((s) => s.investor === investor);
    // Arrays from the panels as described.
    const described = own.map((inverter) => ({
      inverter,
      arrays: stringsOf(inverter.id).flatMap((s): PvArray[] => {
        if (s.panels === 0) { warnings.push({ code: 'string_without_panels', string: s.id }); return []; }
        if (s.rated < s.panels) warnings.push({ code: 'panel_without_power', string: s.id });
        // Panels without a rating count as their string's others.
        const wp = s.rated ? (s.wp / s.rated) * s.panels : 0;
        return wp > 0 ? [{ wp, tilt: s.tilt, azimuth: s.azimuth, temperatureCoefficient: s.coefficient === null ? undefined : s.coefficient / 100 }] : [];
      }),
    }));
    let dcWp = described.reduce((w, d) => w + d.arrays.reduce((a, x) => a + x.wp, 0), 0);
    const capacityWp = (plant.capacity_kwp ?? 0) * 1000;
    let groups = described;
    if (dcWp === 0 && capacityWp > 0) {
      // No panels: the capacity, spread evenly over the strings (their orientation), or on one default array.
      warnings.push({ code: 'no_panels' });
      const all = own.flatMap((inverter) => stringsOf(inverter.id).map((s) => ({ inverter, s })));
      groups = all.length
        ? own.map((inverter) => ({ inverter, arrays: all.filter((x) => x.inverter === inverter).map(({ s }) => ({ wp: capacityWp / all.length, tilt: s.tilt, azimuth: s.azimuth })) }))
        : [{ inverter: { id: 0, plant: plant.id, nominal_power_kw: own.length && own.every((i) => i.nominal_power_kw !== null) ? own.reduce((kw, i) => kw + i.nominal_power_kw!, 0) : null }, arrays: [{ wp: capacityWp, tilt: DEFAULT_TILT, azimuth: DEFAULT_AZIMUTH }] }];
      dcWp = capacityWp;
    } else if (dcWp === 0) {
      warnings.push({ code: 'no_capacity' });
    } else if (capacityWp > 0 && Math.abs(dcWp - capacityWp) > MISMATCH * capacityWp) {
      warnings.push({ code: 'capacity_mismatch' });
    }
    groups = groups.filter((g) => g.arrays.length);
    for (const g of groups) if (g.inverter.nominal_power_kw === null) warnings.push({ code: 'no_inverter_power', ...(g.inverter.id ? { investor: g.inverter.id } : {}) });
    const located = plant.latitude !== null && plant.longitude !== null;
    if (!located) warnings.push({ code: 'no_location' });
    const inverters: PvInverter[] = located ? groups.map((g) => ({ nominalW: g.inverter.nominal_power_kw === null ? Infinity : g.inverter.nominal_power_kw * 1000, arrays: g.arrays })) : [];
    const site = located ? pvSite(plant.latitude!, plant.longitude!, plant.elevation ?? 0) : null;
    models.set(plant.id, {
      plant: plant.id, site, latitude: plant.latitude, inverters, dcWp: Math.round(dcWp * 10) / 10,
      acLimitW: groups.length && groups.every((g) => g.inverter.nominal_power_kw !== null) ? groups.reduce((w, g) => w + g.inverter.nominal_power_kw! * 1000, 0) : null,
      warnings, commissionedOn: plant.commissioned_on,
      key: JSON.stringify([plant.latitude, plant.longitude, plant.elevation, inverters]),
    });
  }
  return models;
}

// --- Skies ---

/** The weather at each instant of a day. */
type Sky = (ms: number) => InstantWeather;

/** The climatology at a place: the day's mean clear-sky index and the normal temperatures under it. */
function climatologySky(model: { latitude: number; site: PvSite }): Sky {
  return (ms) => {
    const clearness = climatologicalClearness(model.latitude, ms);
    const { minC, maxC } = normalTemperatures(dayOfYear(ms), model.latitude, clearness);
    return { clearness, ambientC: ambientTemperature(minC, maxC, ms, model.site.longitude), windSpeed: CLIMATE_WIND };
  };
}

/** The forecast's hour at each instant of [start, end), or null when it does not cover all of them. */
function forecastSky(hours: readonly ForecastHour[] | null | undefined, start: number, end: number): Sky | null {
  if (!hours?.length) return null;
  const covering = hours.filter((h) => h.start < end && h.start + HOUR_MS > start).sort((a, b) => a.start - b.start);
  if (!covering.length || covering[0].start > start || covering[covering.length - 1].start + HOUR_MS < end) return null;
  for (let i = 1; i < covering.length; i++) if (covering[i].start > covering[i - 1].start + HOUR_MS) return null;
  return (ms) => {
    const hour = covering.find((h) => h.start <= ms && ms < h.start + HOUR_MS) ?? covering[covering.length - 1];
    return { clearness: clearnessFromCloudCover(hour.cloudPercent), ambientC: hour.temperatureC, windSpeed: hour.windSpeed };
  };
}

/** The 5-minute steps of [start, end) (on the UTC grid) and the plant's AC power at each, W. */
function powers(model: PlantModel & { site: PvSite }, start: number, end: number, sky: Sky): { ts: number; powerW: number }[] {
  const out: { ts: number; powerW: number }[] = [];
  for (let t = Math.ceil(start / STEP_MS) * STEP_MS; t < end; t += STEP_MS) out.push({ ts: t, powerW: systemAc(model.site, model.inverters, t, sky(t)) });
  return out;
}

const energyOf = (points: { powerW: number }[]) => points.reduce((wh, p) => wh + p.powerW * STEP_HOURS, 0);

// --- Days ---

/** A local day: its date and the instants it starts and ends (from PostgreSQL, as the rollups decide days). */
export interface LocalDay { date: string; start: number; end: number }

/** The local days from `first` to `last` (YYYY-MM-DD, both included) in a zone. */
export async function localDays(db: Db, timeZone: string, first: string, last: string): Promise<LocalDay[]> {
  const found = await rows<{ date: string; start: number }>(db, sql`
    select to_char(d, 'YYYY-MM-DD') as date, ${epochMs(sql`d::timestamp at time zone ${timeZone}`)} as start
    from generate_series(${first}::date, ${last}::date + 1, interval '1 day') as d order by d`);
  return found.slice(0, -1).map((d, i) => ({ date: d.date, start: d.start, end: found[i + 1].start }));
}

/** Climatological (and overcast) day totals, Wh, by plant description and day start; bounded (oldest out first). */
const dayCache = new Map<string, number>();
const DAY_CACHE_MAX = 200_000;

export interface DayExpectation { energyWh: number; sky: SkySource }

/**
 * The expected energy of one local day (up to `until` when it falls inside it), under the forecast
 * when `hours` cover it, the climatology otherwise.
 */
export function expectedDay(model: PlantModel, day: LocalDay, hours?: readonly ForecastHour[] | null, until = Infinity): DayExpectation | null {
  if (!modelled(model)) return null;
  const end = Math.min(day.end, until);
  if (end <= day.start) return { energyWh: 0, sky: 'climatology' };
  const forecast = forecastSky(hours, day.start, day.end);
  if (forecast) return { energyWh: energyOf(powers(model, day.start, end, forecast)), sky: 'forecast' };
  const sky = climatologySky(model);
  if (end < day.end) return { energyWh: energyOf(powers(model, day.start, end, sky)), sky: 'climatology' };
  return { energyWh: cachedDay(`${model.key}|${day.start}|${day.end}`, () => energyOf(powers(model, day.start, day.end, sky))), sky: 'climatology' };
}

/** A deterministic day total from the cache, computed once. */
function cachedDay(key: string, compute: () => number): number {
  let wh = dayCache.get(key);
  if (wh === undefined) {
    wh = compute();
    if (dayCache.size >= DAY_CACHE_MAX) dayCache.delete(dayCache.keys().next().value!);
    dayCache.set(key, wh);
  }
  return wh;
}

/** Clear-sky index of a sky fully covered (Kasten–Czeplak at 100 % cloud cover): 0.25. */
export const OVERCAST_CLEARNESS = clearnessFromCloudCover(100);

/**
 * The energy of one local day under a sky overcast all day (the place's normal temperatures), Wh:
 * about the least a working plant gives in daylight, whatever the weather (a day-level alarm's floor).
 */
export function overcastDayWh(model: PlantModel, day: LocalDay): number | null {
  if (!modelled(model)) return null;
  const usual = climatologySky(model);
  return cachedDay(`overcast|${model.key}|${day.start}|${day.end}`,
    () => energyOf(powers(model, day.start, day.end, (ms) => ({ ...usual(ms), clearness: OVERCAST_CLEARNESS }))));
}

/** The expected power curve of one local day (5-minute steps), and its sky. */
export function expectedDayCurve(model: PlantModel, day: LocalDay, hours?: readonly ForecastHour[] | null) {
  if (!modelled(model)) return null;
  const forecast = forecastSky(hours, day.start, day.end);
  return { sky: (forecast ? 'forecast' : 'climatology') as SkySource, points: powers(model, day.start, day.end, forecast ?? climatologySky(model)) };
}

/**
 * The climatological expectation of one local day as running totals, Wh: element k is the energy of the
 * first k hours from the day's start (the first 0, the last the day's total); null when the plant
 * cannot be modelled. What the fleet view stores ahead (./expected-days.ts).
 */
export function expectedDayHours(model: PlantModel, day: LocalDay): number[] | null {
  if (!modelled(model)) return null;
  const totals = new Array<number>(Math.ceil((day.end - day.start) / HOUR_MS) + 1).fill(0);
  for (const p of powers(model, day.start, day.end, climatologySky(model))) totals[Math.floor((p.ts - day.start) / HOUR_MS) + 1] += p.powerW * STEP_HOURS;
  for (let k = 1; k < totals.length; k++) totals[k] += totals[k - 1];
  return totals;
}

export interface ExpectedDays {
  plant: number;
  warnings: ExpectedWarning[];
  /** kWh expected on each local day (so far, for a day that `until` cuts); null when the plant cannot be modelled. */
  days: { date: string; kwh: number | null; sky: SkySource }[];
}

/**
 * Expected energy per plant per local day, from `from` to `to` (YYYY-MM-DD, both included), in the
 * portal's time zone (settings.time_zone) unless told. For the fleet view, alarms and reports. `until` cuts the days at an
 * instant (today so far); `forecast` gives the forecast hours of some plants (else the climatology).
 */
export async function expectedEnergy(db: Db, plantIds: number[], from: string, to: string, opts: {
  timeZone?: string; until?: Date; forecast?: Map<number, readonly ForecastHour[]>;
} = {}): Promise<Map<number, ExpectedDays>> {
  const timeZone = opts.timeZone ?? (await readSettings(db)).timeZone;
  const [models, days] = await Promise.all([plantModels(db, plantIds), localDays(db, timeZone, from, to)]);
  const until = opts.until?.getTime() ?? Infinity;
  const out = new Map<number, ExpectedDays>();
  for (const [plant, model] of models) {
    out.set(plant, {
      plant, warnings: model.warnings,
      days: days.map((day) => {
        const expected = expectedDay(model, day, opts.forecast?.get(plant), until);
        return { date: day.date, kwh: expected ? expected.energyWh / 1000 : null, sky: expected?.sky ?? 'climatology' };
      }),
    });
  }
  return out;
}

// --- Replies of the API ---

const round1 = (x: number) => Math.round(x * 10) / 10;

export const modelSummary = (model: PlantModel) => ({ dc_wp: model.dcWp, ac_limit_w: model.acLimitW, warnings: model.warnings });

/** Hourly buckets of a day (the day chart's), the 5-minute curve and the total. */
export function dayBuckets(model: PlantModel, day: LocalDay, timeZone: string, hours?: readonly ForecastHour[] | null) {
  const curve = expectedDayCurve(model, day, hours);
  const sky: SkySource = curve?.sky ?? 'climatology';
  // Every local hour of the day, as the chart has them (a repeated hour is one bucket).
  const buckets = new Map<string, { bucket: string; start: string; energy_wh: number | null; sky: SkySource }>();
  for (let t = day.start; t < day.end; t += STEP_MS) {
    const w = wallClock(timeZone, t);
    const label = `${day.date}T${String(w.hour).padStart(2, '0')}:00`;
    if (!buckets.has(label)) buckets.set(label, { bucket: label, start: isoInZone(new Date(t - w.minute * 60_000 - w.second * 1000), timeZone), energy_wh: curve ? 0 : null, sky });
  }
  for (const p of curve?.points ?? []) {
    const w = wallClock(timeZone, p.ts);
    const entry = buckets.get(`${day.date}T${String(w.hour).padStart(2, '0')}:00`);
    if (entry) entry.energy_wh = entry.energy_wh! + p.powerW * STEP_HOURS;
  }
  const series = [...buckets.values()].map((b) => ({ ...b, energy_wh: b.energy_wh === null ? null : round1(b.energy_wh) }));
  return {
    series,
    total_wh: curve ? round1(energyOf(curve.points)) : null,
    curve: (curve?.points ?? []).map((p) => ({ ts: isoInZone(new Date(p.ts), timeZone), power_w: Math.round(p.powerW) })),
  };
}

/** Daily buckets from `first` to `last` (the month chart's). */
export async function dailyBuckets(db: Db, model: PlantModel, timeZone: string, first: string, last: string, hours?: readonly ForecastHour[] | null) {
  const days = await localDays(db, timeZone, first, last);
  return days.map((day) => {
    const expected = expectedDay(model, day, hours);
    return { bucket: day.date, start: isoInZone(new Date(day.start), timeZone), energy_wh: expected ? round1(expected.energyWh) : null, sky: expected?.sky ?? 'climatology' as SkySource };
  });
}

/** Monthly buckets of a year (the year chart's), each the sum of its days. */
export async function monthlyBuckets(db: Db, model: PlantModel, timeZone: string, year: number, hours?: readonly ForecastHour[] | null) {
  const days = await dailyBuckets(db, model, timeZone, `${year}-01-01`, `${year}-12-31`, hours);
  const months = new Map<string, { bucket: string; start: string; energy_wh: number | null; sky: SkySource }>();
  for (const d of days) {
    const label = d.bucket.slice(0, 7);
    const month = months.get(label);
    if (!month) months.set(label, { ...d, bucket: label });
    else {
      month.energy_wh = month.energy_wh === null || d.energy_wh === null ? null : round1(month.energy_wh + d.energy_wh);
      if (d.sky === 'forecast') month.sky = 'forecast';
    }
  }
  return [...months.values()];
}

/** Actual energy of the plant in the day, month and year buckets containing `now`, Wh (from the rollups, brought up to date). */
async function actualEnergy(db: Db, plantId: number, timeZone: string, now: Date) {
  const found = await db.select({ period: plantEnergy.period, energy_wh: plantEnergy.energy_wh }).from(plantEnergy)
    .where(and(eq(plantEnergy.plant, plantId), or(...(['day', 'month', 'year'] as const).map((period) => and(
      eq(plantEnergy.period, period),
      eq(plantEnergy.bucket, sql`date_trunc(${period}, ${now.toISOString()}::timestamptz at time zone ${timeZone})`))))));
  const of = (period: string) => found.find((f) => f.period === period)?.energy_wh ?? 0;
  return { day: of('day'), month: of('month'), year: of('year') };
}

/**
 * The first day (YYYY-MM-DD) a span starting on `spanStart` is expected to produce: that day, or the
 * plant's commissioning date or first reading when later (what the portal has no readings of is not
 * counted as lost); null before its first reading. The fleet's SQL twin is monthFrom (./expected-days.ts).
 */
export function expectationStart(model: PlantModel, firstReading: string | null, spanStart: string): string | null {
  if (firstReading === null) return null;
  return [model.commissionedOn ?? spanStart, firstReading].reduce((from, day) => (day > from ? day : from), spanStart);
}

/**
 * The performance ratio of a plant today, this month and this year up to `now`: actual energy over
 * the expectation of the same span (from its expectationStart); none before the plant's first reading.
 */
export async function performance(db: Db, plantId: number, timeZone: string, now: Date, hours?: readonly ForecastHour[] | null) {
  const model = (await plantModels(db, [plantId])).get(plantId)!;
  const today = isoInZone(now, timeZone).slice(0, 10);
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const days = await localDays(db, timeZone, yearStart, today);
  const { actual, first } = await withCurrentRollups(db, plantId, async (db) => ({
    actual: await actualEnergy(db, plantId, timeZone, now), first: await firstDay(db, plantId),
  }));
  const expectedFrom = (spanStart: string) => {
    const from = expectationStart(model, first, spanStart);
    if (!modelled(model) || from === null) return null;
    return days.filter((d) => d.date >= from).reduce((wh, d) => wh + expectedDay(model, d, hours, now.getTime())!.energyWh, 0);
  };
  const ratio = (actualWh: number, expectedWh: number | null) => ({
    actual_wh: round1(actualWh),
    expected_wh: expectedWh === null ? null : round1(expectedWh),
    ratio: expectedWh ? Math.round((actualWh / expectedWh) * 1000) / 1000 : null,
  });
  return {
    plant: plantId,
    timestamp: isoInZone(now, timeZone),
    today: ratio(actual.day, expectedFrom(today)),
    month: ratio(actual.month, expectedFrom(`${today.slice(0, 7)}-01`)),
    year: ratio(actual.year, expectedFrom(yearStart)),
    model: modelSummary(model),
  };
}

/** Today and the next two local days: energy per day and the mean power of each hour. */
export async function productionForecast(db: Db, model: PlantModel, timeZone: string, now: Date, hours: readonly ForecastHour[] | null) {
  const today = isoInZone(now, timeZone).slice(0, 10);
  const last = isoInZone(new Date(Date.parse(`${today}T12:00:00Z`) + 2 * 86_400_000), 'UTC').slice(0, 10);
  const days = await localDays(db, timeZone, today, last);
  const out = { days: [] as { date: string; energy_wh: number | null; sky: SkySource }[], hours: [] as { start: string; power_w: number | null }[] };
  for (const day of days) {
    const curve = expectedDayCurve(model, day, hours);
    out.days.push({ date: day.date, energy_wh: curve ? round1(energyOf(curve.points)) : null, sky: curve?.sky ?? 'climatology' });
    for (let h = Math.floor(day.start / HOUR_MS) * HOUR_MS; h < day.end; h += HOUR_MS) {
      const inHour = curve?.points.filter((p) => p.ts >= h && p.ts < h + HOUR_MS) ?? [];
      out.hours.push({ start: isoInZone(new Date(h), timeZone), power_w: curve ? (inHour.length ? Math.round(inHour.reduce((w, p) => w + p.powerW, 0) / inHour.length) : 0) : null });
    }
  }
  return out;
}
