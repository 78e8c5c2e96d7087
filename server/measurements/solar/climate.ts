/**
 * The climate a plant can expect when nothing better is known: the monthly mean clear-sky index (how
 * much of the clear-sky irradiance reaches the ground, cloud and haze included) by latitude band in
 * Chile, and the normal daily temperatures. Both the expected-production model (../expected.ts, for
 * any day outside the weather forecast) and the demo simulator (./simulator.ts, whose random weather
 * is drawn around these means) read them, so a demo month and its expectation agree on average.
 *
 * Sources and their limits:
 * - The pattern (a clear, dry north all year; a central zone with clear summers and cloudy winters; a
 *   south cloudy most of the year) is that of the Explorador Solar of the Ministry of Energy and the
 *   University of Chile: A. Molina, M. Falvey, R. Rondanelli (2017), "A solar radiation database for
 *   Chile", Scientific Reports 7:14823 (hourly irradiance 2004–2016, validated on 140 ground stations).
 * - The values are rounded estimates of the monthly mean clear-sky index, kc = GHI / clear-sky GHI,
 *   made for this portal from that pattern; they are NOT read cell by cell from the database. Expect
 *   ±0.05 per month; for a site that matters, replace a band's row with the Explorador Solar's monthly
 *   GHI divided by the clear-sky model's (./irradiance.ts `clearSkyIneichen`) for the same month.
 * - Temperatures: Santiago's climatological normals (Dirección Meteorológica de Chile, Quinta Normal,
 *   1991–2020: January ≈ 13–30 °C, July ≈ 3–15 °C), used for every band: panel losses depend on them
 *   weakly (0.35 %/°C), and cell heating from irradiance dominates.
 */
import { dayOfYear } from './irradiance.js';

/** Southern limit of each band (degrees latitude, north positive) and its monthly kc, January first. */
export const CLEARNESS_BANDS: readonly { name: string; south: number; kc: readonly number[] }[] = [
  // Arica to Copiapó: the Atacama desert; coastal low cloud (camanchaca) trims winter mornings.
  { name: 'norte', south: -27, kc: [0.95, 0.95, 0.95, 0.94, 0.92, 0.9, 0.9, 0.91, 0.93, 0.94, 0.95, 0.95] },
  // Copiapó to La Ligua: semi-arid, some frontal cloud in winter.
  { name: 'norte chico', south: -32, kc: [0.94, 0.94, 0.92, 0.88, 0.8, 0.74, 0.76, 0.8, 0.86, 0.9, 0.93, 0.94] },
  // Valparaíso, Santiago to Talca: Mediterranean; clear summers, frontal systems May–August.
  { name: 'centro', south: -36, kc: [0.93, 0.93, 0.9, 0.83, 0.7, 0.62, 0.65, 0.72, 0.8, 0.86, 0.9, 0.92] },
  // Chillán to Temuco: wetter, cloudier winters.
  { name: 'centro sur', south: -40, kc: [0.88, 0.87, 0.82, 0.72, 0.58, 0.48, 0.52, 0.6, 0.7, 0.78, 0.84, 0.87] },
  // Valdivia to Chiloé: oceanic, cloudy most of the year.
  { name: 'sur', south: -44, kc: [0.74, 0.73, 0.68, 0.58, 0.48, 0.42, 0.45, 0.5, 0.57, 0.63, 0.68, 0.72] },
  // Aysén and Magallanes.
  { name: 'austral', south: -90, kc: [0.62, 0.6, 0.56, 0.5, 0.45, 0.42, 0.43, 0.47, 0.52, 0.56, 0.6, 0.62] },
];

/** Mid-month days of the year, where the table's values hold exactly; in between they are interpolated. */
const MID_MONTH = [15.5, 45, 74.5, 105, 135.5, 166, 196.5, 227.5, 258, 288.5, 319, 349.5];

function bandOf(latitude: number) {
  return CLEARNESS_BANDS.find((band) => latitude >= band.south) ?? CLEARNESS_BANDS[CLEARNESS_BANDS.length - 1];
}

/**
 * The climatological clear-sky index of a place at an instant: its band's monthly values, linearly
 * interpolated between mid-months so consecutive days do not jump at the 1st. North of Chile's
 * northern tip the first band holds; the table is for the southern hemisphere's seasons.
 */
export function climatologicalClearness(latitude: number, at: Date | number): number {
  const { kc } = bandOf(latitude);
  const doy = dayOfYear(at);
  let next = MID_MONTH.findIndex((d) => d > doy);
  if (next === -1) next = 12;
  const prev = next - 1;
  const fromDay = prev < 0 ? MID_MONTH[11] - 365 : MID_MONTH[prev];
  const toDay = next > 11 ? MID_MONTH[0] + 365 : MID_MONTH[next];
  const a = kc[(prev + 12) % 12];
  const b = kc[next % 12];
  return a + ((b - a) * (doy - fromDay)) / (toDay - fromDay);
}

/** 0 at the summer solstice, 1 at the winter solstice of the site's hemisphere. */
export function winterness(doy: number, latitude: number): number {
  const winterSolstice = latitude < 0 ? 172 : 355;
  return (1 + Math.cos((2 * Math.PI * (doy - winterSolstice)) / 365.25)) / 2;
}

/**
 * Normal daily minimum and maximum temperatures (°C) for a day of the year, cooler and flatter under
 * cloud: a day of clear-sky index `clearness` loses (1 − kc)·6 °C of its maximum and gains a third of
 * that at night.
 */
export function normalTemperatures(doy: number, latitude: number, clearness = 1): { minC: number; maxC: number } {
  const w = winterness(doy, latitude);
  const cloudCooling = (1 - clearness) * 6;
  return { maxC: 29.5 - 14.5 * w - cloudCooling, minC: 12.5 - 9.5 * w + cloudCooling / 3 };
}

/** Diurnal temperature shape: 0 at 06:00 solar time, 1 at 15:00, cosine in between. */
export function diurnalShape(solarHour: number): number {
  if (solarHour >= 6 && solarHour <= 15) return (1 - Math.cos((Math.PI * (solarHour - 6)) / 9)) / 2;
  const sinceMax = solarHour > 15 ? solarHour - 15 : solarHour + 9;
  return (1 + Math.cos((Math.PI * sinceMax) / 15)) / 2;
}

/** Local mean solar hour (0..24) of an instant at a longitude. */
export function solarHour(ms: number, longitude: number): number {
  const day = 86_400_000;
  const offset = Math.round((longitude / 15) * 3_600_000);
  return ((((ms + offset) % day) + day) % day) / 3_600_000;
}

/** Ambient temperature at an instant between a day's minimum and maximum. */
export function ambientTemperature(minC: number, maxC: number, ms: number, longitude: number): number {
  return minC + (maxC - minC) * diurnalShape(solarHour(ms, longitude));
}

/**
 * Clear-sky index under a cloud cover (0..100 %): Kasten & Czeplak (1980), "Solar and terrestrial
 * radiation dependent on the amount and type of cloud", Solar Energy 24(2):177–189,
 * GHI / GHI_clear = 1 − 0.75·(N/8)^3.4 with N the cover in octas.
 */
export function clearnessFromCloudCover(cloudPercent: number): number {
  const cover = Math.min(1, Math.max(0, cloudPercent / 100));
  return 1 - 0.75 * cover ** 3.4;
}
