/**
 * The physics of a PV system, one instant at a time, shared by the demo simulator (./simulator.ts,
 * which adds its random weather and household on top) and the expected-production model
 * (../expected.ts, which feeds it the forecast's clouds or the climatology): one chain, so the demo's
 * output and its expectation differ only by the weather drawn (and any fault simulated).
 *
 * Chain: SPA sun position → Ineichen clear sky × clear-sky index → Erbs split → Hay–Davies plane of
 * array per array (string) → Faiman cell temperature → DC with the module's temperature coefficient
 * and the system losses → inverter efficiency, start threshold and AC limit.
 */
import { interpolatedGeocentricSun, topocentricSun, type Observer } from './spa.js';
import {
  cellTemperatureFaiman, clearSkyIneichen, dayOfYear, erbsDecomposition, extraterrestrialIrradiance,
  planeOfArrayIrradiance, pressureAtElevation, temperatureFactor,
} from './irradiance.js';

/** Wiring, soiling, mismatch and other DC-side losses. */
export const SYSTEM_LOSSES = 0.14;
export const INVERTER_EFFICIENCY = 0.965;
/** Power temperature coefficient of a crystalline module, per °C (−0.35 %/°C), when its own is not known. */
export const DEFAULT_TEMPERATURE_COEFFICIENT = -0.0035;
/** Below this DC power (W, or 0.4 % of nominal) the inverter does not start. */
const INVERTER_START_W = 20;

/** A group of identical modules on one plane: a string. */
export interface PvArray {
  /** Rated power of all its modules, Wp. */
  wp: number;
  /** Degrees from horizontal. */
  tilt: number;
  /** Degrees clockwise from north (in Chile, panels face north: 0). */
  azimuth: number;
  /** Power temperature coefficient, per °C (default −0.0035). */
  temperatureCoefficient?: number;
}

/** Where a system stands: the SPA observer, with the site's standard pressure for refraction. */
export interface PvSite { observer: Observer; elevation: number; longitude: number }

export function pvSite(latitude: number, longitude: number, elevation = 0): PvSite {
  // Standard pressure at the site and a mild mean temperature for the refraction correction.
  return { observer: { latitude, longitude, elevation, pressure: pressureAtElevation(elevation) / 100, temperature: 15 }, elevation, longitude };
}

/** The sun and the sky at an instant: position, irradiance components and E0. */
export interface SunSky { zenith: number; azimuth: number; ghi: number; dni: number; dhi: number; dniExtra: number }

/** The sun and the all-sky irradiance at an instant for a clear-sky index; null with the sun down. */
export function sunAndSky(site: PvSite, ms: number, clearness: number): SunSky | null {
  const sun = topocentricSun(interpolatedGeocentricSun(ms), site.observer);
  if (sun.zenith >= 90) return null;
  const dniExtra = extraterrestrialIrradiance(dayOfYear(ms));
  const clear = clearSkyIneichen({ zenith: sun.zenith, dniExtra, elevation: site.elevation });
  const sky = erbsDecomposition(Math.max(0, clearness) * clear.ghi, sun.zenith, dniExtra);
  return { zenith: sun.zenith, azimuth: sun.azimuth, ghi: sky.ghi, dni: sky.dni, dhi: sky.dhi, dniExtra };
}

/** One array's DC output (after system losses), W, with its plane-of-array irradiance and cell temperature. */
export function arrayDc(array: PvArray, sky: SunSky, ambientC: number, windSpeed: number) {
  const { poa } = planeOfArrayIrradiance({
    ghi: sky.ghi, dni: sky.dni, dhi: sky.dhi, zenith: sky.zenith, azimuth: sky.azimuth,
    tilt: array.tilt, surfaceAzimuth: array.azimuth, dniExtra: sky.dniExtra,
  });
  const cell = cellTemperatureFaiman(poa, ambientC, windSpeed);
  const power = array.wp * (poa / 1000) * temperatureFactor(cell, array.temperatureCoefficient ?? DEFAULT_TEMPERATURE_COEFFICIENT) * (1 - SYSTEM_LOSSES);
  return { poa, cell, power };
}

export type InverterState = 'standby' | 'ok' | 'clipping';

/**
 * What an inverter makes of its DC input: nothing below its start threshold, then 96.5 % of it up to
 * its AC limit (`nominalW`, Infinity when unknown). `dcScale` is the share of the DC input it draws
 * (below 1 when clipping: it leaves the maximum power point).
 */
export function inverterAc(dcW: number, nominalW: number): { acW: number; state: InverterState; dcScale: number } {
  const startW = Math.max(INVERTER_START_W, Number.isFinite(nominalW) ? 0.004 * nominalW : 0);
  if (dcW < startW) return { acW: 0, state: 'standby', dcScale: 0 };
  const ac = dcW * INVERTER_EFFICIENCY;
  if (ac > nominalW) return { acW: nominalW, state: 'clipping', dcScale: nominalW / ac };
  return { acW: ac, state: 'ok', dcScale: 1 };
}

/** An inverter with its arrays, for `systemAc`. */
export interface PvInverter { nominalW: number; arrays: PvArray[] }

/** The weather at an instant: clear-sky index, ambient temperature (°C) and wind speed (m/s). */
export interface InstantWeather { clearness: number; ambientC: number; windSpeed: number }

/** AC power (W) of a whole system at an instant: the sum over its inverters; 0 with the sun down. */
export function systemAc(site: PvSite, inverters: readonly PvInverter[], ms: number, weather: InstantWeather): number {
  const sky = sunAndSky(site, ms, weather.clearness);
  if (!sky) return 0;
  let total = 0;
  for (const inverter of inverters) {
    let dc = 0;
    for (const array of inverter.arrays) dc += arrayDc(array, sky, weather.ambientC, weather.windSpeed).power;
    total += inverterAc(dc, inverter.nominalW).acW;
  }
  return total;
}
