/**
 * The alarm rules (docs/alarms.md), as pure functions of what ./queries.ts reads: each gives a verdict
 * for every condition it could judge (active or not); a condition it could not judge (no light, no
 * data, no coordinates) gets none, so its alarm stays as it is.
 */
import { interpolatedGeocentricSun, topocentricSun } from '../../measurements/solar/spa.js';
import { FAULT_STATUS } from '../../../contract/fronius-codes.js';
import type { AlarmSubject, PlantToCheck } from './queries.js';

export interface Verdict extends AlarmSubject {
  active: boolean;
  /** What the rule saw, kept with the alarm when it opens or closes. */
  details: Record<string, unknown>;
}

const MINUTE_MS = 60_000;
const STEP_MS = 5 * MINUTE_MS;
/** Below this elevation (degrees) a plant is not expected to report production. */
export const DAYLIGHT_ELEVATION = 5;
/** AC power per installed Wp from which a reading counts as good light for the sibling comparison. */
export const GOOD_LIGHT_W_PER_WP = 0.1;
/** Fewest good-light readings that make a comparison. */
export const MIN_SAMPLES = 3;
/** Lowest battery charge (%) under which a sunny day should have charged it. */
export const BATTERY_FULL_PCT = 90;

export const sunElevation = (latitude: number, longitude: number, ms: number) =>
  topocentricSun(interpolatedGeocentricSun(ms), { latitude, longitude }).elevation;

/** Minutes of daylight at the place between `from` and `to` (5-minute steps), counting no further than `enough`. */
export function daylightMinutes(latitude: number, longitude: number, from: number, to: number, enough: number): number {
  let minutes = 0;
  for (let t = to; t > from && minutes <= enough; t -= STEP_MS) {
    if (sunElevation(latitude, longitude, t) > DAYLIGHT_ELEVATION) minutes += Math.min(STEP_MS, t - from) / MINUTE_MS;
  }
  return minutes;
}

const subjectOf = {
  plant: (plant: number) => `plant:${plant}`,
  investor: (investor: number) => `investor:${investor}`,
  siteAgent: (agent: number) => `site-agent:${agent}`,
  mppt: (mppt: number) => `mppt:${mppt}`,
};

interface InverterState {
  investor: number; plant: number; name: string; ts: number | null; status: string | null;
  /** The newest error the inverter reported that it has not recovered from since (queries.ts inverterStates). */
  error_code?: number | null; error_at?: number | null;
}

/**
 * Offline: an inverter whose newest reading is older than N minutes of daylight. When every inverter
 * of the plant that ever reported is offline, the plant is (one alarm, not one per inverter).
 */
export function offlineVerdicts(plant: PlantToCheck, inverters: InverterState[], now: number): Verdict[] {
  if (plant.latitude === null || plant.longitude === null) return [];
  const reported = inverters.filter((i) => i.ts !== null);
  if (!reported.length) return [];
  const limit = plant.thresholds.alarm_offline_minutes;
  const silent = reported.map((i) => ({ ...i, minutes: daylightMinutes(plant.latitude!, plant.longitude!, i.ts!, now, limit) }));
  const offline = silent.filter((i) => i.minutes > limit);
  const whole = offline.length === reported.length;
  const since = (i: { ts: number | null }) => new Date(i.ts!).toISOString();
  return [
    {
      kind: 'plant_offline', subject: subjectOf.plant(plant.id), plant: plant.id, active: whole,
      details: whole ? { last_reading_at: since(reported.reduce((a, b) => (a.ts! > b.ts! ? a : b))), threshold_minutes: limit } : {},
    },
    ...silent.map((i): Verdict => ({
      kind: 'inverter_offline', subject: subjectOf.investor(i.investor), plant: plant.id, investor: i.investor,
      active: !whole && i.minutes > limit,
      details: !whole && i.minutes > limit ? { last_reading_at: since(i), threshold_minutes: limit } : {},
    })),
  ];
}

export interface AgentContact { id: number; plant: number; agent: string; last_contact_at: number }

/**
 * A site agent silent for more than N minutes of daylight (the offline rule's count) raises the
 * plant's offline alarm, one per agent, saying the agent stopped reporting; its next report closes it.
 */
export function agentVerdicts(plant: PlantToCheck, agents: AgentContact[], now: number): Verdict[] {
  if (plant.latitude === null || plant.longitude === null) return [];
  const limit = plant.thresholds.alarm_offline_minutes;
  return agents.map((a) => {
    const active = daylightMinutes(plant.latitude!, plant.longitude!, a.last_contact_at, now, limit) > limit;
    return {
      kind: 'plant_offline', subject: subjectOf.siteAgent(a.id), plant: plant.id, active,
      details: active ? { site_agent: a.agent, last_contact_at: new Date(a.last_contact_at).toISOString(), threshold_minutes: limit } : {},
    };
  });
}

/**
 * An inverter error: its newest reading's status is a fault, or it reported an error (not a benign
 * code) that no reading has shown it recover from since; the error code by name when known.
 */
export function errorVerdicts(plant: PlantToCheck, inverters: InverterState[], errorCodes: Map<number, number | null>): Verdict[] {
  return inverters.filter((i) => i.ts !== null || i.error_code != null).map((i) => {
    const reported = i.error_code ?? null;
    const active = i.status === FAULT_STATUS || reported !== null;
    const code = errorCodes.get(i.investor) ?? reported;
    const since = reported !== null && i.error_at != null ? { error_at: new Date(i.error_at).toISOString() } : {};
    return {
      kind: 'inverter_error', subject: subjectOf.investor(i.investor), plant: plant.id, investor: i.investor, active,
      details: active ? { status: i.status, ...(code != null ? { error_code: code } : {}), ...since } : { status: i.status },
    };
  });
}

export interface MpptWiring { mppt: number; name: string; number: number; investor: number; wp: number; strings: { id: number; name: string; tilt: number; azimuth: number }[] }
export interface MpptPower { investor: number; mppt: number; power_w: number; samples: number; from_ms: number; to_ms: number }

/** Strings of one orientation make an MPPT comparable; mixed orientations are not. */
const orientation = (m: MpptWiring) => {
  const keys = new Set(m.strings.map((s) => `${Math.round(s.tilt)}/${Math.round(s.azimuth)}`));
  return keys.size === 1 ? [...keys][0] : null;
};

/**
 * An MPPT (a string, when the MPPT has one) producing less than Y % of its siblings per installed Wp:
 * its mean DC power per Wp over the inverter's latest window of good light, against the mean of the
 * other MPPTs of the same inverter facing the same way.
 */
export function siblingVerdicts(plant: PlantToCheck, wiring: MpptWiring[], power: MpptPower[]): Verdict[] {
  const verdicts: Verdict[] = [];
  const byInverter = new Map<number, MpptWiring[]>();
  for (const m of wiring) if (m.wp > 0 && orientation(m) !== null) byInverter.set(m.investor, [...(byInverter.get(m.investor) ?? []), m]);
  for (const [investor, inputs] of byInverter) {
    const measured = inputs.map((m) => ({ m, p: power.find((p) => p.investor === investor && p.mppt === m.number) }))
      .filter((x): x is { m: MpptWiring; p: MpptPower } => x.p !== undefined && x.p.samples >= MIN_SAMPLES);
    for (const { m, p } of measured) {
      const siblings = measured.filter((x) => x.m.mppt !== m.mppt && orientation(x.m) === orientation(m));
      if (!siblings.length) continue;
      const siblingsPerWp = siblings.reduce((a, x) => a + x.p.power_w / x.m.wp, 0) / siblings.length;
      if (siblingsPerWp <= 0) continue;
      const pct = Math.round(((p.power_w / m.wp) / siblingsPerWp) * 1000) / 10;
      const active = pct < plant.thresholds.alarm_sibling_pct;
      const single = m.strings.length === 1 ? m.strings[0] : null;
      verdicts.push({
        kind: 'mppt_low', subject: subjectOf.mppt(m.mppt), plant: plant.id, investor, mppt: m.mppt, string: single?.id ?? null, active,
        details: {
          pct_of_siblings: pct, threshold_pct: plant.thresholds.alarm_sibling_pct,
          power_w: Math.round(p.power_w), installed_wp: m.wp, siblings_w_per_wp: Math.round(siblingsPerWp * 1000) / 1000,
          window_from: new Date(p.from_ms).toISOString(), window_to: new Date(p.to_ms).toISOString(),
        },
      });
    }
  }
  return verdicts;
}

export interface BatteryDay { investor: number; plant: number; day: string; plant_wh: number | null; charge_wh: number | null; min_soc: number | null }

/**
 * Battery not charging on a sunny day: yesterday the plant yielded at least the sunny kWh/kWp, the
 * battery was below 90 % at some point, and it took less than the minimum. A day that was not sunny
 * judges nothing (the alarm stays as it is).
 */
export function batteryVerdicts(plant: PlantToCheck, installedKwp: number | null, days: BatteryDay[]): Verdict[] {
  if (!installedKwp) return [];
  const { alarm_sunny_kwh_per_kwp: sunny, alarm_battery_min_kwh: minimum } = plant.thresholds;
  return days.filter((d) => d.plant === plant.id).flatMap((d): Verdict[] => {
    const yieldKwhPerKwp = (d.plant_wh ?? 0) / 1000 / installedKwp;
    if (yieldKwhPerKwp < sunny) return [];
    const chargedKwh = (d.charge_wh ?? 0) / 1000;
    const active = chargedKwh < minimum && d.min_soc !== null && d.min_soc < BATTERY_FULL_PCT;
    return [{
      kind: 'battery_not_charging', subject: subjectOf.investor(d.investor), plant: plant.id, investor: d.investor, active,
      details: {
        day: d.day, yield_kwh_per_kwp: Math.round(yieldKwhPerKwp * 100) / 100, charged_kwh: Math.round(chargedKwh * 100) / 100,
        min_soc: d.min_soc, threshold_kwh: minimum,
      },
    }];
  });
}

export interface ProductionDay { plant: number; date: string; start: number; end: number; energy_wh: number; readings: number; first_ms: number | null; last_ms: number | null }

/** Minutes of daylight a day's readings may miss at each end and still tell the day's production. */
const COVERAGE_SLACK_MS = 60 * MINUTE_MS;
const QUARTER_MS = 15 * MINUTE_MS;
/** First and last daylight instant (sun above 5°) of a day at a place, by quarter hours; kept per place and day. */
const daylightSpans = new Map<string, { from: number; to: number } | null>();
function daylightSpan(latitude: number, longitude: number, start: number, end: number) {
  const key = `${latitude},${longitude},${start}`;
  if (!daylightSpans.has(key)) {
    let from: number | null = null;
    let to: number | null = null;
    for (let t = start; t < end; t += QUARTER_MS) {
      if (sunElevation(latitude, longitude, t) > DAYLIGHT_ELEVATION) { from ??= t; to = t; }
    }
    if (daylightSpans.size >= 10_000) daylightSpans.delete(daylightSpans.keys().next().value!);
    daylightSpans.set(key, from === null ? null : { from, to: to! });
  }
  return daylightSpans.get(key)!;
}

/**
 * Production below X % of expected over a day (yesterday): the day's reported energy against what
 * the model expects of the plant under an overcast sky all day (`overcastWh`), so a cloudy day, however
 * dark, is no fault; `expectedWh` (the place's usual sky) is told beside it. Only a day whose readings
 * span its daylight (within an hour at each end) is judged: a plant silent part of the day is the
 * offline rules' business, and a day it half reported says nothing of its production. A plant the
 * model cannot describe judges nothing either.
 */
export function productionVerdicts(plant: PlantToCheck, day: ProductionDay | undefined, expectedWh: number | null, overcastWh: number | null): Verdict[] {
  if (!day || day.first_ms === null || day.last_ms === null || !expectedWh || !overcastWh) return [];
  if (plant.latitude === null || plant.longitude === null) return [];
  const daylight = daylightSpan(plant.latitude, plant.longitude, day.start, day.end);
  if (!daylight || day.first_ms > daylight.from + COVERAGE_SLACK_MS || day.last_ms < daylight.to - COVERAGE_SLACK_MS) return [];
  const threshold = plant.thresholds.alarm_expected_pct;
  const kwh = (wh: number) => Math.round(wh / 10) / 100;
  return [{
    kind: 'production_low', subject: subjectOf.plant(plant.id), plant: plant.id, active: day.energy_wh < (threshold / 100) * overcastWh,
    details: {
      day: day.date, actual_kwh: kwh(day.energy_wh), expected_kwh: kwh(expectedWh), overcast_kwh: kwh(overcastWh),
      pct_of_expected: Math.round((day.energy_wh / expectedWh) * 1000) / 10, threshold_pct: threshold,
    },
  }];
}
