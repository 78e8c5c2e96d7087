/**
 * Vendor clouds write times as local wall-clock strings without an offset ("2015-11-21 11:15:00",
 * "2018-12-13 10:45", "2018-12-13 11:06:34.0") in the station's zone: an IANA name (SolarEdge's
 * location.timeZone, "GMT" included) or a fixed offset written "GMT+8" (Growatt: east of Greenwich
 * is +, unlike POSIX's Etc/GMT-8). This turns them into instants.
 *
 * Around a change of offset a wall time can be missing (spring: 02:30 does not exist) or repeated
 * (autumn: 02:30 happens twice). A missing time is read with the offset before the change (02:30
 * becomes 03:30 of the new offset, as the vendors' own clocks jump); a repeated one is the first of
 * the two, unless the series it belongs to has already passed it (`after`): a quarter-hour series
 * through the repeated hour then runs on in order instead of folding back.
 */
import { wallClock } from '../measurements/time.js';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const FIXED = /^(?:GMT|UTC)\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;
const HOUR_MS = 3_600_000;

/** A zone as written by a vendor: its fixed offset (minutes east), or an IANA name Intl knows; null if neither. */
export function parseZone(zone: string): { fixedMinutes: number } | { iana: string } | null {
  const z = zone.trim();
  const m = FIXED.exec(z);
  if (m) {
    const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
    return minutes > 14 * 60 ? null : { fixedMinutes: (m[1] === '-' ? -1 : 1) * minutes };
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: z });
    return { iana: z };
  } catch {
    return null;
  }
}

/**
 * The instant a local time string names in a zone; null when the text is not a local time or the
 * zone is unknown. `after`: the previous instant of the same series, to place a repeated wall time.
 */
export function localInstant(text: string, zone: string, after?: Date): Date | null {
  const m = LOCAL.exec(text.trim());
  const z = parseZone(zone);
  if (!m || !z) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((v) => Number(v ?? 0));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  if ('fixedMinutes' in z) return new Date(wall - z.fixedMinutes * 60_000);
  const offset = (ms: number) => wallClock(z.iana, ms).offsetMs;
  // The offsets in force a day either side: any change near this wall time lies between them.
  const before = offset(wall - 24 * HOUR_MS);
  const later = offset(wall + 24 * HOUR_MS);
  const fits = [...new Set([before, later])].map((o) => wall - o).filter((t) => offset(t) === wall - t).sort((a, b) => a - b);
  if (fits.length === 0) return new Date(wall - before);
  const first = fits[0];
  return new Date(after && first <= after.getTime() && fits.length > 1 ? fits[1] : first);
}

/** A vendor's local date-time series (in order) as instants: entries whose time does not parse are dropped. */
export function localSeries<T>(items: T[], timeOf: (item: T) => unknown, zone: string): { item: T; ts: Date }[] {
  const out: { item: T; ts: Date }[] = [];
  let previous: Date | undefined;
  for (const item of items) {
    const text = timeOf(item);
    const ts = typeof text === 'string' ? localInstant(text, zone, previous) : null;
    if (!ts) continue;
    out.push({ item, ts });
    previous = ts;
  }
  return out;
}

/** An instant as the vendor's local "YYYY-MM-DD hh:mm:ss" in a zone (for request parameters); null if the zone is unknown. */
export function localText(instant: Date, zone: string): string | null {
  const z = parseZone(zone);
  if (!z) return null;
  const ms = instant.getTime();
  const local = new Date(Math.floor(ms / 1000) * 1000 + ('fixedMinutes' in z ? z.fixedMinutes * 60_000 : wallClock(z.iana, ms).offsetMs));
  return local.toISOString().slice(0, 19).replace('T', ' ');
}
