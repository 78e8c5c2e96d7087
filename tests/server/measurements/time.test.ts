import { isoInZone, localPeriods, wallClock } from '../../../server/measurements/time.js';

/** The wall clock as Intl gives it, field by field: what wallClock must equal whatever it caches. */
function reference(timeZone: string, ms: number) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  }).formatToParts(ms);
  const p = Object.fromEntries(parts.map(({ type, value }) => [type, Number(value)]));
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

describe('wallClock', () => {
  // Santiago's two changes of 2026, Lord Howe's half-hour one, Kathmandu's quarter-hour offset, and UTC.
  it.each([
    ['America/Santiago', '2026-04-04T23:00:00Z'],
    ['America/Santiago', '2026-09-05T23:00:00Z'],
    ['Australia/Lord_Howe', '2026-04-04T12:00:00Z'],
    ['Asia/Kathmandu', '2026-03-01T00:00:00Z'],
    ['UTC', '2026-06-30T20:00:00Z'],
  ])('in %s around %s, every 7 minutes 13 seconds for two days, equals Intl', (zone, from) => {
    const start = Date.parse(from);
    for (let ms = start; ms < start + 2 * 86_400_000; ms += 433_000) {
      const { offsetMs, ...fields } = wallClock(zone, ms);
      expect(fields, new Date(ms).toISOString()).toEqual(reference(zone, ms));
      expect(Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second) - offsetMs).toBe(Math.floor(ms / 1000) * 1000);
    }
  });

  it('names the offset of each side of a change', () => {
    // 2026-04-05 00:00 in Santiago (-03:00) becomes 2026-04-04 23:00 (-04:00): the hour is lived twice.
    expect(isoInZone(new Date('2026-04-05T02:59:59Z'), 'America/Santiago')).toBe('2026-04-04T23:59:59-03:00');
    expect(isoInZone(new Date('2026-04-05T03:00:00Z'), 'America/Santiago')).toBe('2026-04-04T23:00:00-04:00');
  });
});

describe('local periods', () => {
  const TZ = 'America/Santiago';

  it("takes the plant's local day, not UTC's", () => {
    // 02:30 UTC on 1 December is still 30 November in Santiago (UTC−3 in summer).
    expect(localPeriods(new Date('2026-12-01T02:30:00Z'), TZ)).toEqual({
      time_zone: TZ, today: '2026-11-30', month: '2026-11', year: '2026', last_year_month: '2025-11', last_year_same_day: '2025-11-30',
    });
    expect(localPeriods(new Date('2026-12-01T02:30:00Z'), 'UTC').today).toBe('2026-12-01');
  });

  it('crosses the year and clamps 29 February to last year\'s 28th', () => {
    expect(localPeriods(new Date('2027-01-01T04:00:00Z'), TZ)).toMatchObject({ today: '2027-01-01', month: '2027-01', year: '2027', last_year_month: '2026-01' });
    expect(localPeriods(new Date('2028-02-29T15:00:00Z'), TZ)).toMatchObject({ today: '2028-02-29', last_year_month: '2027-02', last_year_same_day: '2027-02-28' });
  });

  it('follows daylight saving time: midnight local on both sides of the change', () => {
    // Chile's clocks go back on 5 April 2026 (00:00 −03 -> 23:00 −04 of the 4th).
    expect(localPeriods(new Date('2026-04-05T03:30:00Z'), TZ).today).toBe('2026-04-04');
    expect(localPeriods(new Date('2026-04-05T04:30:00Z'), TZ).today).toBe('2026-04-05');
  });
});
