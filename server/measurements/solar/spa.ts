/**
 * NREL Solar Position Algorithm (SPA): I. Reda and A. Andreas, "Solar Position Algorithm for Solar
 * Radiation Applications", NREL/TP-560-34302 (2003, revised 2008). Uncertainty ±0.0003° for years
 * -2000..6000. Section numbers below (§3.x) are the paper's; the periodic terms are its Tables A4.2
 * (Earth heliocentric L, B, R) and A4.3 (nutation).
 *
 * Split in two so callers can share work: `geocentricSun` (the costly part, ~250 trig calls) depends
 * only on the instant, `topocentricSun` (~20 trig calls) adds the observer. `solarPosition` runs both.
 * All angles are degrees.
 */

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;
const SUN_RADIUS = 0.26667;

/** One periodic term [A, B, C], summed as A·cos(B + C·JME). */
type Term = readonly [number, number, number];

// Table A4.2: Earth periodic terms for heliocentric longitude L0..L5.
const L_TERMS: readonly (readonly Term[])[] = [
  [
    [175347046, 0, 0], [3341656, 4.6692568, 6283.07585], [34894, 4.6261, 12566.1517],
    [3497, 2.7441, 5753.3849], [3418, 2.8289, 3.5231], [3136, 3.6277, 77713.7715],
    [2676, 4.4181, 7860.4194], [2343, 6.1352, 3930.2097], [1324, 0.7425, 11506.7698],
    [1273, 2.0371, 529.691], [1199, 1.1096, 1577.3435], [990, 5.233, 5884.927],
    [902, 2.045, 26.298], [857, 3.508, 398.149], [780, 1.179, 5223.694],
    [753, 2.533, 5507.553], [505, 4.583, 18849.228], [492, 4.205, 775.523],
    [357, 2.92, 0.067], [317, 5.849, 11790.629], [284, 1.899, 796.298],
    [271, 0.315, 10977.079], [243, 0.345, 5486.778], [206, 4.806, 2544.314],
    [205, 1.869, 5573.143], [202, 2.458, 6069.777], [156, 0.833, 213.299],
    [132, 3.411, 2942.463], [126, 1.083, 20.775], [115, 0.645, 0.98],
    [103, 0.636, 4694.003], [102, 0.976, 15720.839], [102, 4.267, 7.114],
    [99, 6.21, 2146.17], [98, 0.68, 155.42], [86, 5.98, 161000.69],
    [85, 1.3, 6275.96], [85, 3.67, 71430.7], [80, 1.81, 17260.15],
    [79, 3.04, 12036.46], [75, 1.76, 5088.63], [74, 3.5, 3154.69],
    [74, 4.68, 801.82], [70, 0.83, 9437.76], [62, 3.98, 8827.39],
    [61, 1.82, 7084.9], [57, 2.78, 6286.6], [56, 4.39, 14143.5],
    [56, 3.47, 6279.55], [52, 0.19, 12139.55], [52, 1.33, 1748.02],
    [51, 0.28, 5856.48], [49, 0.49, 1194.45], [41, 5.37, 8429.24],
    [41, 2.4, 19651.05], [39, 6.17, 10447.39], [37, 6.04, 10213.29],
    [37, 2.57, 1059.38], [36, 1.71, 2352.87], [36, 1.78, 6812.77],
    [33, 0.59, 17789.85], [30, 0.44, 83996.85], [30, 2.74, 1349.87],
    [25, 3.16, 4690.48],
  ],
  [
    [628331966747, 0, 0], [206059, 2.678235, 6283.07585], [4303, 2.6351, 12566.1517],
    [425, 1.59, 3.523], [119, 5.796, 26.298], [109, 2.966, 1577.344],
    [93, 2.59, 18849.23], [72, 1.14, 529.69], [68, 1.87, 398.15],
    [67, 4.41, 5507.55], [59, 2.89, 5223.69], [56, 2.17, 155.42],
    [45, 0.4, 796.3], [36, 0.47, 775.52], [29, 2.65, 7.11],
    [21, 5.34, 0.98], [19, 1.85, 5486.78], [19, 4.97, 213.3],
    [17, 2.99, 6275.96], [16, 0.03, 2544.31], [16, 1.43, 2146.17],
    [15, 1.21, 10977.08], [12, 2.83, 1748.02], [12, 3.26, 5088.63],
    [12, 5.27, 1194.45], [12, 2.08, 4694], [11, 0.77, 553.57],
    [10, 1.3, 6286.6], [10, 4.24, 1349.87], [9, 2.7, 242.73],
    [9, 5.64, 951.72], [8, 5.3, 2352.87], [6, 2.65, 9437.76],
    [6, 4.67, 4690.48],
  ],
  [
    [52919, 0, 0], [8720, 1.0721, 6283.0758], [309, 0.867, 12566.152],
    [27, 0.05, 3.52], [16, 5.19, 26.3], [16, 3.68, 155.42],
    [10, 0.76, 18849.23], [9, 2.06, 77713.77], [7, 0.83, 775.52],
    [5, 4.66, 1577.34], [4, 1.03, 7.11], [4, 3.44, 5573.14],
    [3, 5.14, 796.3], [3, 6.05, 5507.55], [3, 1.19, 242.73],
    [3, 6.12, 529.69], [3, 0.31, 398.15], [3, 2.28, 553.57],
    [2, 4.38, 5223.69], [2, 3.75, 0.98],
  ],
  [
    [289, 5.844, 6283.076], [35, 0, 0], [17, 5.49, 12566.15],
    [3, 5.2, 155.42], [1, 4.72, 3.52], [1, 5.3, 18849.23],
    [1, 5.97, 242.73],
  ],
  [[114, 3.142, 0], [8, 4.13, 6283.08], [1, 3.84, 12566.15]],
  [[1, 3.14, 0]],
];

// Table A4.2: heliocentric latitude B0..B1.
const B_TERMS: readonly (readonly Term[])[] = [
  [
    [280, 3.199, 84334.662], [102, 5.422, 5507.553], [80, 3.88, 5223.69],
    [44, 3.7, 2352.87], [32, 4, 1577.34],
  ],
  [[9, 3.9, 5507.55], [6, 1.73, 5223.69]],
];

// Table A4.2: heliocentric radius vector R0..R4.
const R_TERMS: readonly (readonly Term[])[] = [
  [
    [100013989, 0, 0], [1670700, 3.0984635, 6283.07585], [13956, 3.05525, 12566.1517],
    [3084, 5.1985, 77713.7715], [1628, 1.1739, 5753.3849], [1576, 2.8469, 7860.4194],
    [925, 5.453, 11506.77], [542, 4.564, 3930.21], [472, 3.661, 5884.927],
    [346, 0.964, 5507.553], [329, 5.9, 5223.694], [307, 0.299, 5573.143],
    [243, 4.273, 11790.629], [212, 5.847, 1577.344], [186, 5.022, 10977.079],
    [175, 3.012, 18849.228], [110, 5.055, 5486.778], [98, 0.89, 6069.78],
    [86, 5.69, 15720.84], [86, 1.27, 161000.69], [65, 0.27, 17260.15],
    [63, 0.92, 529.69], [57, 2.01, 83996.85], [56, 5.24, 71430.7],
    [49, 3.25, 2544.31], [47, 2.58, 775.52], [45, 5.54, 9437.76],
    [43, 6.01, 6275.96], [39, 5.36, 4694], [38, 2.39, 8827.39],
    [37, 0.83, 19651.05], [37, 4.9, 12139.55], [36, 1.67, 12036.46],
    [35, 1.84, 2942.46], [33, 0.24, 7084.9], [32, 0.18, 5088.63],
    [32, 1.78, 398.15], [28, 1.21, 6286.6], [28, 1.9, 6279.55],
    [26, 4.59, 10447.39],
  ],
  [
    [103019, 1.10749, 6283.07585], [1721, 1.0644, 12566.1517], [702, 3.142, 0],
    [32, 1.02, 18849.23], [31, 2.84, 5507.55], [25, 1.32, 5223.69],
    [18, 1.42, 1577.34], [10, 5.91, 10977.08], [9, 1.42, 6275.96],
    [9, 0.27, 5486.78],
  ],
  [
    [4359, 5.7846, 6283.0758], [124, 5.579, 12566.152], [12, 3.14, 0],
    [9, 3.63, 77713.77], [6, 1.87, 5573.14], [3, 5.47, 18849.23],
  ],
  [[145, 4.273, 6283.076], [7, 3.92, 12566.15]],
  [[4, 2.56, 6283.08]],
];

/**
 * Table A4.3: nutation terms. Each row: multipliers Y0..Y4 of the arguments X0..X4, then
 * a, b (Δψ = Σ (a + b·JCE)·sin(...)) and c, d (Δε = Σ (c + d·JCE)·cos(...)), in 0.0001″.
 */
const NUTATION_TERMS: readonly (readonly [number, number, number, number, number, number, number, number, number])[] = [
  [0, 0, 0, 0, 1, -171996, -174.2, 92025, 8.9],
  [-2, 0, 0, 2, 2, -13187, -1.6, 5736, -3.1],
  [0, 0, 0, 2, 2, -2274, -0.2, 977, -0.5],
  [0, 0, 0, 0, 2, 2062, 0.2, -895, 0.5],
  [0, 1, 0, 0, 0, 1426, -3.4, 54, -0.1],
  [0, 0, 1, 0, 0, 712, 0.1, -7, 0],
  [-2, 1, 0, 2, 2, -517, 1.2, 224, -0.6],
  [0, 0, 0, 2, 1, -386, -0.4, 200, 0],
  [0, 0, 1, 2, 2, -301, 0, 129, -0.1],
  [-2, -1, 0, 2, 2, 217, -0.5, -95, 0.3],
  [-2, 0, 1, 0, 0, -158, 0, 0, 0],
  [-2, 0, 0, 2, 1, 129, 0.1, -70, 0],
  [0, 0, -1, 2, 2, 123, 0, -53, 0],
  [2, 0, 0, 0, 0, 63, 0, 0, 0],
  [0, 0, 1, 0, 1, 63, 0.1, -33, 0],
  [2, 0, -1, 2, 2, -59, 0, 26, 0],
  [0, 0, -1, 0, 1, -58, -0.1, 32, 0],
  [0, 0, 1, 2, 1, -51, 0, 27, 0],
  [-2, 0, 2, 0, 0, 48, 0, 0, 0],
  [0, 0, -2, 2, 1, 46, 0, -24, 0],
  [2, 0, 0, 2, 2, -38, 0, 16, 0],
  [0, 0, 2, 2, 2, -31, 0, 13, 0],
  [0, 0, 2, 0, 0, 29, 0, 0, 0],
  [-2, 0, 1, 2, 2, 29, 0, -12, 0],
  [0, 0, 0, 2, 0, 26, 0, 0, 0],
  [-2, 0, 0, 2, 0, -22, 0, 0, 0],
  [0, 0, -1, 2, 1, 21, 0, -10, 0],
  [0, 2, 0, 0, 0, 17, -0.1, 0, 0],
  [2, 0, -1, 0, 1, 16, 0, -8, 0],
  [-2, 2, 0, 2, 2, -16, 0.1, 7, 0],
  [0, 1, 0, 0, 1, -15, 0, 9, 0],
  [-2, 0, 1, 0, 1, -13, 0, 7, 0],
  [0, -1, 0, 0, 1, -12, 0, 6, 0],
  [0, 0, 2, -2, 0, 11, 0, 0, 0],
  [2, 0, -1, 2, 1, -10, 0, 5, 0],
  [2, 0, 1, 2, 2, -8, 0, 3, 0],
  [0, 1, 0, 2, 2, 7, 0, -3, 0],
  [-2, 1, 1, 0, 0, -7, 0, 0, 0],
  [0, -1, 0, 2, 2, -7, 0, 3, 0],
  [2, 0, 0, 2, 1, -7, 0, 3, 0],
  [2, 0, 1, 0, 0, 6, 0, 0, 0],
  [-2, 0, 2, 2, 2, 6, 0, -3, 0],
  [-2, 0, 1, 2, 1, 6, 0, -3, 0],
  [2, 0, -2, 0, 1, -6, 0, 3, 0],
  [2, 0, 0, 0, 1, -6, 0, 3, 0],
  [0, -1, 1, 0, 0, 5, 0, 0, 0],
  [-2, -1, 0, 2, 1, -5, 0, 3, 0],
  [-2, 0, 0, 0, 1, -5, 0, 3, 0],
  [0, 0, 2, 2, 1, -5, 0, 3, 0],
  [-2, 0, 2, 0, 1, 4, 0, 0, 0],
  [-2, 1, 0, 2, 1, 4, 0, 0, 0],
  [0, 0, 1, -2, 0, 4, 0, 0, 0],
  [-1, 0, 1, 0, 0, -4, 0, 0, 0],
  [-2, 1, 0, 0, 0, -4, 0, 0, 0],
  [1, 0, 0, 0, 0, -4, 0, 0, 0],
  [0, 0, 1, 2, 0, 3, 0, 0, 0],
  [0, 0, -2, 2, 2, -3, 0, 0, 0],
  [-1, -1, 1, 0, 0, -3, 0, 0, 0],
  [0, 1, 1, 0, 0, -3, 0, 0, 0],
  [0, -1, 1, 2, 2, -3, 0, 0, 0],
  [2, -1, -1, 2, 2, -3, 0, 0, 0],
  [0, 0, 3, 2, 2, -3, 0, 0, 0],
  [2, -1, 0, 2, 2, -3, 0, 0, 0],
];

/** Degrees reduced to [0, 360). */
export function limitDegrees(degrees: number): number {
  const limited = degrees % 360;
  return limited < 0 ? limited + 360 : limited;
}

/** Julian Day of a UTC instant (§3.1.1; exact for the Gregorian calendar via the Unix epoch). */
export function julianDay(date: Date | number): number {
  const ms = typeof date === 'number' ? date : date.getTime();
  return ms / 86_400_000 + 2440587.5;
}

// The tables flattened once into typed arrays: the summation loops below are the hot path.
const flatSeries = (series: readonly (readonly Term[])[]) => series.map((terms) => Float64Array.from(terms.flat()));
const L_FLAT = flatSeries(L_TERMS);
const B_FLAT = flatSeries(B_TERMS);
const R_FLAT = flatSeries(R_TERMS);
const NUTATION_FLAT = Float64Array.from(NUTATION_TERMS.flat());

/** §3.2.1–3.2.6: Σ_i (Σ_j A·cos(B + C·JME))·JME^i / 1e8, in radians. */
function earthSeries(series: Float64Array[], jme: number): number {
  let total = 0;
  let power = 1;
  for (const terms of series) {
    let sum = 0;
    for (let j = 0; j < terms.length; j += 3) sum += terms[j] * Math.cos(terms[j + 1] + terms[j + 2] * jme);
    total += sum * power;
    power *= jme;
  }
  return total / 1e8;
}

const cubic = (a: number, b: number, c: number, d: number, x: number) => ((a * x + b) * x + c) * x + d;

/** Location-independent state of the sun at one instant (§3.1–3.8). */
export interface GeocentricSun {
  julianDay: number;
  julianEphemerisDay: number;
  /** Earth heliocentric longitude L, latitude B (degrees) and radius vector R (AU). */
  heliocentricLongitude: number;
  heliocentricLatitude: number;
  earthRadiusVector: number;
  /** Nutation in longitude Δψ and obliquity Δε, true obliquity of the ecliptic ε (degrees). */
  nutationLongitude: number;
  nutationObliquity: number;
  eclipticObliquity: number;
  /** Apparent sun longitude λ (degrees). */
  apparentLongitude: number;
  /** Apparent sidereal time at Greenwich ν (degrees). */
  siderealTime: number;
  /** Geocentric sun right ascension α and declination δ (degrees). */
  rightAscension: number;
  declination: number;
  /** Equation of time E (minutes, within ±20; §A.1). */
  equationOfTime: number;
}

/** The costly half of SPA: everything that does not depend on where the observer stands. */
export function geocentricSun(jd: number, deltaT: number): GeocentricSun {
  const jc = (jd - 2451545) / 36525;
  const jde = jd + deltaT / 86400;
  const jce = (jde - 2451545) / 36525;
  const jme = jce / 10;

  // §3.2: Earth heliocentric position; §3.3: geocentric longitude Θ and latitude β.
  const l = limitDegrees(earthSeries(L_FLAT, jme) * DEG);
  const b = earthSeries(B_FLAT, jme) * DEG;
  const r = earthSeries(R_FLAT, jme);
  const theta = limitDegrees(l + 180);
  const beta = -b;

  // §3.4: nutation. X0..X4: mean elongation of the moon, mean anomalies of sun and moon, the moon's
  // argument of latitude and the longitude of its ascending node.
  const x0 = cubic(1 / 189474, -0.0019142, 445267.11148, 297.85036, jce);
  const x1 = cubic(-1 / 300000, -0.0001603, 35999.05034, 357.52772, jce);
  const x2 = cubic(1 / 56250, 0.0086972, 477198.867398, 134.96298, jce);
  const x3 = cubic(1 / 327270, -0.0036825, 483202.017538, 93.27191, jce);
  const x4 = cubic(1 / 450000, 0.0020708, -1934.136261, 125.04452, jce);
  let sumPsi = 0;
  let sumEpsilon = 0;
  const n = NUTATION_FLAT;
  for (let i = 0; i < n.length; i += 9) {
    const arg = (x0 * n[i] + x1 * n[i + 1] + x2 * n[i + 2] + x3 * n[i + 3] + x4 * n[i + 4]) * RAD;
    sumPsi += (n[i + 5] + n[i + 6] * jce) * Math.sin(arg);
    sumEpsilon += (n[i + 7] + n[i + 8] * jce) * Math.cos(arg);
  }
  const deltaPsi = sumPsi / 36_000_000;
  const deltaEpsilon = sumEpsilon / 36_000_000;

  // §3.5: true obliquity of the ecliptic (mean obliquity in arc seconds, U = JME/10).
  const u = jme / 10;
  const epsilon0 = 84381.448 + u * (-4680.93 + u * (-1.55 + u * (1999.25 + u * (-51.38 + u * (-249.67
    + u * (-39.05 + u * (7.12 + u * (27.87 + u * (5.79 + u * 2.45)))))))));
  const epsilon = epsilon0 / 3600 + deltaEpsilon;

  // §3.6–3.7: aberration correction and apparent sun longitude.
  const deltaTau = -20.4898 / (3600 * r);
  const lambda = theta + deltaPsi + deltaTau;

  // §3.8: apparent sidereal time at Greenwich (uses JD, not JDE).
  const nu0 = limitDegrees(280.46061837 + 360.98564736629 * (jd - 2451545) + jc * jc * (0.000387933 - jc / 38710000));
  const nu = nu0 + deltaPsi * Math.cos(epsilon * RAD);

  // §3.9–3.10: geocentric right ascension and declination.
  const lambdaRad = lambda * RAD;
  const epsilonRad = epsilon * RAD;
  const betaRad = beta * RAD;
  const alpha = limitDegrees(Math.atan2(
    Math.sin(lambdaRad) * Math.cos(epsilonRad) - Math.tan(betaRad) * Math.sin(epsilonRad),
    Math.cos(lambdaRad)) * DEG);
  const delta = Math.asin(
    Math.sin(betaRad) * Math.cos(epsilonRad) + Math.cos(betaRad) * Math.sin(epsilonRad) * Math.sin(lambdaRad)) * DEG;

  // Appendix A.1: equation of time from the sun's mean longitude M.
  const m = limitDegrees(280.4664567 + jme * (360007.6982779 + jme * (0.03032028
    + jme * (1 / 49931 + jme * (-1 / 15300 + jme * (-1 / 2000000))))));
  let eot = 4 * (m - 0.0057183 - alpha + deltaPsi * Math.cos(epsilonRad));
  if (eot < -20) eot += 1440;
  else if (eot > 20) eot -= 1440;

  return {
    julianDay: jd,
    julianEphemerisDay: jde,
    heliocentricLongitude: l,
    heliocentricLatitude: b,
    earthRadiusVector: r,
    nutationLongitude: deltaPsi,
    nutationObliquity: deltaEpsilon,
    eclipticObliquity: epsilon,
    apparentLongitude: lambda,
    siderealTime: nu,
    rightAscension: alpha,
    declination: delta,
    equationOfTime: eot,
  };
}

/** The observer. Pressure and temperature feed the refraction correction only. */
export interface Observer {
  /** Degrees, north positive. */
  latitude: number;
  /** Degrees, east positive. */
  longitude: number;
  /** Metres above sea level (default 0). */
  elevation?: number;
  /** Annual average local pressure, mbar (default 1013.25). */
  pressure?: number;
  /** Annual average local temperature, °C (default 12). */
  temperature?: number;
  /** Atmospheric refraction at sunrise and sunset, degrees (default 0.5667). */
  atmosphericRefraction?: number;
}

export interface TopocentricSun {
  /** Observer hour angle H (degrees, 0..360). */
  hourAngle: number;
  /** Topocentric right ascension α′, declination δ′ and local hour angle H′ (degrees). */
  topocentricRightAscension: number;
  topocentricDeclination: number;
  topocentricHourAngle: number;
  /** Topocentric elevation angle without (e0) and with (e) refraction correction (degrees). */
  elevationUncorrected: number;
  elevation: number;
  /** Topocentric zenith angle θ (degrees, refraction-corrected). */
  zenith: number;
  /** Topocentric azimuth Φ, eastward from north (degrees, 0..360). */
  azimuth: number;
  /** Topocentric astronomers' azimuth Γ, westward from south (degrees, 0..360). */
  azimuthAstronomical: number;
}

/** The cheap half of SPA (§3.9–3.15): observer hour angle, parallax, refraction, zenith, azimuth. */
export function topocentricSun(sun: GeocentricSun, observer: Observer): TopocentricSun {
  const { latitude, longitude } = observer;
  const elevation = observer.elevation ?? 0;
  const pressure = observer.pressure ?? 1013.25;
  const temperature = observer.temperature ?? 12;
  const refraction = observer.atmosphericRefraction ?? 0.5667;

  const h = limitDegrees(sun.siderealTime + longitude - sun.rightAscension);
  const xi = (8.794 / (3600 * sun.earthRadiusVector)) * RAD;

  // §3.12: parallax in right ascension and topocentric declination.
  const latRad = latitude * RAD;
  const hRad = h * RAD;
  const deltaRad = sun.declination * RAD;
  const u = Math.atan(0.99664719 * Math.tan(latRad));
  const x = Math.cos(u) + (elevation / 6378140) * Math.cos(latRad);
  const y = 0.99664719 * Math.sin(u) + (elevation / 6378140) * Math.sin(latRad);
  const denominator = Math.cos(deltaRad) - x * Math.sin(xi) * Math.cos(hRad);
  const deltaAlphaRad = Math.atan2(-x * Math.sin(xi) * Math.sin(hRad), denominator);
  const deltaPrimeRad = Math.atan2((Math.sin(deltaRad) - y * Math.sin(xi)) * Math.cos(deltaAlphaRad), denominator);
  const deltaAlpha = deltaAlphaRad * DEG;
  const hPrime = h - deltaAlpha;
  const hPrimeRad = hPrime * RAD;

  // §3.14: topocentric elevation, refraction applied only while the sun is above the horizon.
  const e0 = Math.asin(Math.sin(latRad) * Math.sin(deltaPrimeRad)
    + Math.cos(latRad) * Math.cos(deltaPrimeRad) * Math.cos(hPrimeRad)) * DEG;
  const deltaE = e0 >= -(SUN_RADIUS + refraction)
    ? (pressure / 1010) * (283 / (273 + temperature)) * 1.02 / (60 * Math.tan((e0 + 10.3 / (e0 + 5.11)) * RAD))
    : 0;
  const e = e0 + deltaE;

  // §3.15: azimuth, astronomers' (from south) and navigators' (from north).
  const gamma = limitDegrees(Math.atan2(Math.sin(hPrimeRad),
    Math.cos(hPrimeRad) * Math.sin(latRad) - Math.tan(deltaPrimeRad) * Math.cos(latRad)) * DEG);

  return {
    hourAngle: h,
    topocentricRightAscension: sun.rightAscension + deltaAlpha,
    topocentricDeclination: deltaPrimeRad * DEG,
    topocentricHourAngle: hPrime,
    elevationUncorrected: e0,
    elevation: e,
    zenith: 90 - e,
    azimuth: limitDegrees(gamma + 180),
    azimuthAstronomical: gamma,
  };
}

/**
 * §3.16: incidence angle on a surface of the given slope (degrees from horizontal) and azimuth
 * rotation γ (SPA convention: from south, positive toward west; a north-facing panel is 180).
 */
export function surfaceIncidence(zenith: number, azimuthAstronomical: number, slope: number, azimuthRotation: number): number {
  const z = zenith * RAD;
  const s = slope * RAD;
  const cosine = Math.cos(z) * Math.cos(s) + Math.sin(s) * Math.sin(z) * Math.cos((azimuthAstronomical - azimuthRotation) * RAD);
  return Math.acos(Math.min(1, Math.max(-1, cosine))) * DEG;
}

export interface SolarPositionInput extends Observer {
  /** The UTC instant. */
  date: Date;
  /** TT − UT1 in seconds (default 69, about right for 2020–2030). */
  deltaT?: number;
  /** Surface slope from horizontal, degrees; with it the result carries `incidence`. */
  slope?: number;
  /** Surface azimuth rotation, SPA convention: degrees from south, west positive (default 0). */
  azimuthRotation?: number;
}

export interface SolarPosition extends GeocentricSun, TopocentricSun {
  /** Incidence angle on the surface (degrees), present when `slope` was given. */
  incidence?: number;
}

/** Full SPA for one instant and place (≈ 5–10 µs; see `interpolatedGeocentricSun` for long series). */
export function solarPosition(input: SolarPositionInput): SolarPosition {
  const sun = geocentricSun(julianDay(input.date), input.deltaT ?? 69);
  const topo = topocentricSun(sun, input);
  // Object.assign, not spread: spread of these wide objects is ~10× slower once transpiled.
  const position: SolarPosition = Object.assign({}, sun, topo);
  if (input.slope !== undefined) {
    position.incidence = surfaceIncidence(topo.zenith, topo.azimuthAstronomical, input.slope, input.azimuthRotation ?? 0);
  }
  return position;
}

const HOUR_MS = 3_600_000;
/** Full-SPA results at whole UTC hours, per ΔT; bounded (oldest dropped first), ≈ 300 bytes an hour. */
const hourlySun = new Map<number, Map<number, GeocentricSun>>();
const HOURLY_SUN_LIMIT = 20_000;

function sunAtHour(hour: number, deltaT: number): GeocentricSun {
  let cache = hourlySun.get(deltaT);
  if (!cache) hourlySun.set(deltaT, cache = new Map());
  let sun = cache.get(hour);
  if (!sun) {
    sun = geocentricSun(julianDay(hour * HOUR_MS), deltaT);
    if (cache.size >= HOURLY_SUN_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(hour, sun);
  }
  return sun;
}

const lerp = (a: number, b: number, f: number) => a + (b - a) * f;
/** Interpolates across the 360° wrap. */
const lerpAngle = (a: number, b: number, f: number) => limitDegrees(a + ((((b - a) % 360) + 540) % 360 - 180) * f);

/**
 * The geocentric sun for many instants at a fraction of the cost: full SPA at the surrounding whole
 * UTC hours (cached and shared by every location), linearly interpolated, with the mean sidereal time
 * evaluated exactly. Over one hour α, δ and R are straight lines to within 1e-6°, far inside SPA's
 * own ±0.0003° uncertainty. Cost ≈ 0.2 µs a call once the hours are cached (full SPA: ≈ 5–10 µs).
 * The result may be a cached object: treat it as read-only.
 */
export function interpolatedGeocentricSun(ms: number, deltaT = 69): GeocentricSun {
  const hour = Math.floor(ms / HOUR_MS);
  const a = sunAtHour(hour, deltaT);
  const f = ms / HOUR_MS - hour;
  if (f === 0) return a;
  const b = sunAtHour(hour + 1, deltaT);
  const jd = julianDay(ms);
  const jc = (jd - 2451545) / 36525;
  const nutationLongitude = lerp(a.nutationLongitude, b.nutationLongitude, f);
  const eclipticObliquity = lerp(a.eclipticObliquity, b.eclipticObliquity, f);
  const nu0 = limitDegrees(280.46061837 + 360.98564736629 * (jd - 2451545) + jc * jc * (0.000387933 - jc / 38710000));
  return {
    julianDay: jd,
    julianEphemerisDay: jd + deltaT / 86400,
    heliocentricLongitude: lerpAngle(a.heliocentricLongitude, b.heliocentricLongitude, f),
    heliocentricLatitude: lerp(a.heliocentricLatitude, b.heliocentricLatitude, f),
    earthRadiusVector: lerp(a.earthRadiusVector, b.earthRadiusVector, f),
    nutationLongitude,
    nutationObliquity: lerp(a.nutationObliquity, b.nutationObliquity, f),
    eclipticObliquity,
    apparentLongitude: lerpAngle(a.apparentLongitude, b.apparentLongitude, f),
    siderealTime: nu0 + nutationLongitude * Math.cos(eclipticObliquity * RAD),
    rightAscension: lerpAngle(a.rightAscension, b.rightAscension, f),
    declination: lerp(a.declination, b.declination, f),
    equationOfTime: lerp(a.equationOfTime, b.equationOfTime, f),
  };
}
