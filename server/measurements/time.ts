/**
 * Dates and times of measurements. Instants travel as ISO 8601 with an explicit offset; buckets and
 * days are local dates in settings.time_zone (America/Santiago unless configured otherwise). Which
 * local hour or day an instant belongs to is always decided by PostgreSQL (`AT TIME ZONE`), so ingest,
 * rollups and queries agree on DST days; the helpers here only parse input and format output.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A device clock further than this from the time its data was received is off (a datalogger without
 * time sync, a wrong zone): its data is filed at the time it was received, and staff see the offset.
 */
export const CLOCK_TOLERANCE_MS = 10 * 60_000;

/**
 * How far a device's clock (the instant it said it sent) is behind our receipt time (positive) or
 * ahead of it (negative), and whether that is off: more than CLOCK_TOLERANCE_MS either way.
 */
export function deviceClock(deviceTime: Date, receivedAt: Date) {
  const offsetMs = receivedAt.getTime() - deviceTime.getTime();
  return { offsetMs, offset_s: Math.round(offsetMs / 1000), off: clockOff(offsetMs / 1000) };
}

/** Whether a clock offset kept in seconds (null: never measured) is off. */
export const clockOff = (offsetS: number | null) => offsetS !== null && Math.abs(offsetS) * 1000 > CLOCK_TOLERANCE_MS;

/** The zone's UTC offset at an instant (ms), as Intl computes it: exact, but some microseconds a call. */
function intlOffset(timeZone: string, ms: number) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const p: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(ms)) p[type] = Number(value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * Offsets per zone and UTC day, and per quarter hour on the days a zone changes offset: null for a
 * span whose two ends disagree. A day curve formats 288 instants and a month's days as many: Intl's
 * formatToParts for each was most of the day curve's time, and a pair of calls per quarter hour still
 * made a day not formatted before cost 0.77 ms (0.19 ms per day, a pair of calls per day; 0.09 ms for
 * a day seen before). A zone changes its offset at most once a day, and only at whole quarter hours
 * since 1970; a quarter hour whose ends disagree is computed exactly, instant by instant.
 */
const DAY_MS = 86_400_000;
const QUARTER_MS = 900_000;
const MAX_SPANS = 200_000;
/** Per span length (a day, a quarter hour), per zone, per span since 1970. */
type SpanOffsets = Map<string, Map<number, number | null>>;
const dayOffsets: SpanOffsets = new Map();
const quarterOffsets: SpanOffsets = new Map();

/** The zone's offset throughout the span of `spanMs` holding `ms`, or null where it changes. */
function spanOffset(offsets: SpanOffsets, spanMs: number, timeZone: string, ms: number) {
  let known = offsets.get(timeZone);
  if (!known) offsets.set(timeZone, known = new Map());
  const span = Math.floor(ms / spanMs);
  let offset = known.get(span);
  if (offset === undefined) {
    const start = intlOffset(timeZone, span * spanMs);
    offset = start === intlOffset(timeZone, (span + 1) * spanMs - 1000) ? start : null;
    if (known.size >= MAX_SPANS) known.clear();
    known.set(span, offset);
  }
  return offset;
}

const offsetAt = (timeZone: string, ms: number) =>
  spanOffset(dayOffsets, DAY_MS, timeZone, ms) ?? spanOffset(quarterOffsets, QUARTER_MS, timeZone, ms) ?? intlOffset(timeZone, ms);

/** The wall-clock date and time of an instant (epoch ms) in a zone, and the zone's UTC offset then, ms. */
export function wallClock(timeZone: string, ms: number) {
  const offsetMs = offsetAt(timeZone, ms);
  const local = new Date(Math.floor(ms / 1000) * 1000 + offsetMs);
  return {
    year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(),
    hour: local.getUTCHours(), minute: local.getUTCMinutes(), second: local.getUTCSeconds(), offsetMs,
  };
}

/** An instant as ISO 8601 in a zone, with its offset: 2026-01-31T14:05:00-03:00. */
export function isoInZone(instant: Date, timeZone: string): string {
  const w = wallClock(timeZone, instant.getTime());
  const offsetMinutes = Math.round(w.offsetMs / 60_000);
  const abs = Math.abs(offsetMinutes);
  const offset = `${offsetMinutes < 0 ? '-' : '+'}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
  return `${w.year}-${pad2(w.month)}-${pad2(w.day)}T${pad2(w.hour)}:${pad2(w.minute)}:${pad2(w.second)}${offset}`;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * An ISO 8601 date-time that names its offset (`Z` or ±hh:mm), checked against the calendar
 * (2026-02-30 is refused, not rolled over to March); null when it is not one. Milliseconds are kept,
 * finer digits dropped.
 */
export function parseInstant(text: string): Date | null {
  const m = ISO_INSTANT.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second = 0] = m.slice(1, 7).map((v) => Number(v ?? 0));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  let offset = 0;
  if (m[8].toUpperCase() !== 'Z') {
    const digits = m[8].slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || 0);
    if (hours > 14 || minutes > 59) return null;
    offset = (m[8][0] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 60_000);
}

/** A calendar date YYYY-MM-DD that exists, or null. */
export function parseLocalDate(text: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day] = m.slice(1).map(Number);
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export const isValidDate = (year: number, month: number, day: number) =>
  month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);

export const pad2 = (n: number) => String(n).padStart(2, '0');
export const dateString = (year: number, month: number, day: number) => `${year}-${pad2(month)}-${pad2(day)}`;

/** Whole days from one calendar date to another (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The local periods an instant falls in, in a time zone: its day, month and year, and the same month
 * a year earlier up to the same day (clamped to that month's length: 29 February compares with the 28th).
 */
export function localPeriods(now: Date, timeZone: string) {
  const w = wallClock(timeZone, now.getTime());
  const lastYear = w.year - 1;
  const lastYearDays = new Date(Date.UTC(lastYear, w.month, 0)).getUTCDate();
  return {
    time_zone: timeZone,
    today: dateString(w.year, w.month, w.day),
    month: `${w.year}-${pad2(w.month)}`,
    year: String(w.year),
    last_year_month: `${lastYear}-${pad2(w.month)}`,
    /** The last day of last year's month that this month's figure so far compares with. */
    last_year_same_day: dateString(lastYear, w.month, Math.min(w.day, lastYearDays)),
  };
}
export type LocalPeriods = ReturnType<typeof localPeriods>;
