/**
 * Irradiance models for the demo simulator. All angles in degrees, irradiance in W/m², azimuths
 * clockwise from north (the SPA `azimuth`): in Chile panels face north, azimuth 0.
 *
 * - Extraterrestrial irradiance: Spencer (1971), "Fourier series representation of the position of
 *   the sun", Search 2(5), scaled to the solar constant of Kopp & Lean (2011), 1361 W/m².
 * - Air mass: Kasten & Young (1989), "Revised optical air mass tables and approximation formula",
 *   Applied Optics 28(22).
 * - Clear sky: Ineichen & Perez (2002), "A new airmass independent formulation for the Linke
 *   turbidity coefficient", Solar Energy 73(3), as implemented in pvlib `clearsky.ineichen`.
 * - All-sky GHI split into DNI/DHI: Erbs, Klein & Duffie (1982), "Estimation of the diffuse
 *   radiation fraction for hourly, daily and monthly-average global radiation", Solar Energy 28(4).
 * - Transposition to the plane of array: Hay & Davies (1980) anisotropic sky plus isotropic ground
 *   reflection (albedo 0.2).
 * - Cell temperature: Faiman (2008), "Assessing the outdoor operating temperature of photovoltaic
 *   modules", Prog. Photovolt. 16(4) (U0 = 25 W/m²K, U1 = 6.84 W·s/m³K, the IEC 61853 defaults).
 */

const RAD = Math.PI / 180;

/** W/m² at 1 AU (Kopp & Lean 2011). */
export const SOLAR_CONSTANT = 1361;

export interface SkyIrradiance {
  /** Global horizontal irradiance. */
  ghi: number;
  /** Direct normal irradiance. */
  dni: number;
  /** Diffuse horizontal irradiance. */
  dhi: number;
}

/** Irradiance on a plane normal to the sun outside the atmosphere for a day of the year (1..366). */
export function extraterrestrialIrradiance(dayOfYear: number): number {
  const b = (2 * Math.PI * (dayOfYear - 1)) / 365;
  return SOLAR_CONSTANT * (1.00011 + 0.034221 * Math.cos(b) + 0.00128 * Math.sin(b)
    + 0.000719 * Math.cos(2 * b) + 0.000077 * Math.sin(2 * b));
}

/** Day of the year (1..366) of a UTC instant. */
export function dayOfYear(date: Date | number): number {
  const ms = typeof date === 'number' ? date : date.getTime();
  const year = new Date(ms).getUTCFullYear();
  return Math.floor((ms - Date.UTC(year, 0, 1)) / 86_400_000) + 1;
}

/** Relative optical air mass (Kasten & Young 1989) at an apparent zenith angle; NaN below the horizon. */
export function relativeAirMass(zenith: number): number {
  if (!(zenith <= 90)) return NaN;
  return 1 / (Math.cos(zenith * RAD) + 0.50572 * (96.07995 - zenith) ** -1.6364);
}

/** Standard-atmosphere pressure (Pa) at an elevation in metres. */
export function pressureAtElevation(elevation: number): number {
  return 101325 * (1 - 2.25577e-5 * elevation) ** 5.25588;
}

/** Absolute (pressure-corrected) air mass. */
export function absoluteAirMass(relative: number, pressurePa = 101325): number {
  return (relative * pressurePa) / 101325;
}

export interface ClearSkyInput {
  /** Apparent (refraction-corrected) solar zenith angle. */
  zenith: number;
  /** Extraterrestrial normal irradiance (see `extraterrestrialIrradiance`). */
  dniExtra: number;
  /** Site elevation, metres (default 0). */
  elevation?: number;
  /** Linke turbidity at air mass 2 (default 3: a fairly clean atmosphere). */
  linkeTurbidity?: number;
}

/** Ineichen–Perez clear-sky GHI, DNI and DHI; all zero with the sun at or below the horizon. */
export function clearSkyIneichen({ zenith, dniExtra, elevation = 0, linkeTurbidity = 3 }: ClearSkyInput): SkyIrradiance {
  const cosZenith = Math.cos(zenith * RAD);
  if (!(zenith < 90) || cosZenith <= 0) return { ghi: 0, dni: 0, dhi: 0 };
  const am = absoluteAirMass(relativeAirMass(zenith), pressureAtElevation(elevation));
  const tl = linkeTurbidity;
  const fh1 = Math.exp(-elevation / 8000);
  const fh2 = Math.exp(-elevation / 1250);
  const cg1 = 5.09e-5 * elevation + 0.868;
  const cg2 = 3.92e-5 * elevation + 0.0387;
  const ghi = cg1 * dniExtra * cosZenith * Math.max(0, Math.exp(-cg2 * am * (fh1 + fh2 * (tl - 1))));
  const b = 0.664 + 0.163 / fh1;
  const bnci = dniExtra * Math.max(0, b * Math.exp(-0.09 * am * (tl - 1)));
  // Empirical cap so that DNI·cos z never exceeds GHI (Ineichen & Perez 2002).
  const bnci2 = ghi * Math.max(0, (1 - (0.1 - 0.2 * Math.exp(-tl)) / (0.1 + 0.882 / fh1)) / cosZenith);
  const dni = Math.min(bnci, bnci2);
  return { ghi, dni, dhi: Math.max(0, ghi - dni * cosZenith) };
}

/**
 * Erbs decomposition of a measured or simulated GHI into DNI and DHI from the clearness index
 * kt = GHI / (E0·cos z). Near the horizon (z > 87°) all of it is treated as diffuse.
 */
export function erbsDecomposition(ghi: number, zenith: number, dniExtra: number): SkyIrradiance & { kt: number } {
  const cosZenith = Math.cos(zenith * RAD);
  if (!(ghi > 0) || !(zenith < 90)) return { ghi: 0, dni: 0, dhi: 0, kt: 0 };
  const kt = Math.min(1, Math.max(0, ghi / (dniExtra * Math.max(cosZenith, 0.065))));
  const fraction = kt <= 0.22 ? 1 - 0.09 * kt
    : kt <= 0.8 ? 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4
      : 0.165;
  const dhi = ghi * fraction;
  const dni = zenith > 87 ? 0 : (ghi - dhi) / cosZenith;
  return { ghi, dni, dhi: zenith > 87 ? ghi : dhi, kt };
}

/** Angle between the sun and the normal of a surface (tilt from horizontal, azimuth from north). */
export function incidenceAngle(zenith: number, azimuth: number, tilt: number, surfaceAzimuth: number): number {
  const z = zenith * RAD;
  const t = tilt * RAD;
  const cosine = Math.cos(z) * Math.cos(t) + Math.sin(z) * Math.sin(t) * Math.cos((azimuth - surfaceAzimuth) * RAD);
  return Math.acos(Math.min(1, Math.max(-1, cosine))) / RAD;
}

export interface PlaneOfArrayInput extends SkyIrradiance {
  zenith: number;
  /** Solar azimuth, clockwise from north. */
  azimuth: number;
  /** Surface tilt from horizontal. */
  tilt: number;
  /** Surface azimuth, clockwise from north (0 = facing north). */
  surfaceAzimuth: number;
  dniExtra: number;
  /** Ground reflectance (default 0.2). */
  albedo?: number;
}

export interface PlaneOfArrayIrradiance {
  poa: number;
  beam: number;
  skyDiffuse: number;
  groundReflected: number;
  /** Angle of incidence on the surface, degrees. */
  incidence: number;
}

/** Hay–Davies plane-of-array irradiance: beam + anisotropic sky diffuse + ground-reflected. */
export function planeOfArrayIrradiance(input: PlaneOfArrayInput): PlaneOfArrayIrradiance {
  const { zenith, azimuth, tilt, surfaceAzimuth, ghi, dni, dhi, dniExtra, albedo = 0.2 } = input;
  const incidence = incidenceAngle(zenith, azimuth, tilt, surfaceAzimuth);
  if (!(zenith < 90) || !(ghi > 0)) return { poa: 0, beam: 0, skyDiffuse: 0, groundReflected: 0, incidence };
  const cosIncidence = Math.max(0, Math.cos(incidence * RAD));
  const cosTilt = Math.cos(tilt * RAD);
  // Anisotropy index: the share of diffuse light coming from the circumsolar region.
  const anisotropy = Math.min(1, Math.max(0, dni / dniExtra));
  const rb = cosIncidence / Math.max(Math.cos(zenith * RAD), 0.01745);
  const beam = Math.max(0, dni * cosIncidence);
  const skyDiffuse = Math.max(0, dhi * (anisotropy * rb + (1 - anisotropy) * (1 + cosTilt) / 2));
  const groundReflected = Math.max(0, ghi * albedo * (1 - cosTilt) / 2);
  return { poa: beam + skyDiffuse + groundReflected, beam, skyDiffuse, groundReflected, incidence };
}

/** Faiman module temperature (°C) from plane-of-array irradiance, ambient temperature and wind speed (m/s). */
export function cellTemperatureFaiman(poa: number, ambient: number, windSpeed = 1, u0 = 25, u1 = 6.84): number {
  return ambient + Math.max(0, poa) / (u0 + u1 * Math.max(0, windSpeed));
}

/**
 * Power factor for module temperature: −0.35 %/°C above the 25 °C rating temperature (no gain
 * below it, a deliberately conservative simplification).
 */
export function temperatureFactor(cellTemperature: number, coefficient = -0.0035): number {
  return 1 + coefficient * Math.max(0, cellTemperature - 25);
}
