/**
 * Vendor local time strings to instants (server/sources/local-time.ts), across Santiago's changes of
 * time in both directions and the vendors' fixed-offset zones.
 */
import { describe, expect, it } from 'vitest';
import { localInstant, localSeries, localText, parseZone } from '../../../server/sources/local-time.js';

const iso = (text: string, zone: string, after?: string) => localInstant(text, zone, after ? new Date(after) : undefined)?.toISOString();

describe('vendor local times', () => {
  it('reads Growatt\'s "GMT+8" as 8 hours east (not POSIX\'s Etc/GMT+8), and SolarEdge\'s "GMT" as UTC', () => {
    expect(iso('2018-12-13 11:06:34', 'GMT+8')).toBe('2018-12-13T03:06:34.000Z');
    expect(iso('2018-12-13 11:06:34.0', 'GMT-3')).toBe('2018-12-13T14:06:34.000Z');
    expect(iso('2018-12-13 10:45', 'GMT+5:30')).toBe('2018-12-13T05:15:00.000Z');
    expect(iso('2015-11-21 11:00:00', 'GMT')).toBe('2015-11-21T11:00:00.000Z');
    expect(parseZone('Mars/Olympus')).toBeNull();
    expect(iso('2018-02-30 10:00:00', 'GMT')).toBeUndefined();
  });

  it('places Santiago\'s April night twice through 23:00-24:00 in order (-03:00, then -04:00)', () => {
    // 2025-04-06 00:00 -03:00 became 2025-04-05 23:00 -04:00: 23:30 happens at 02:30 and at 03:30 UTC.
    expect(iso('2025-04-05 23:30:00', 'America/Santiago')).toBe('2025-04-06T02:30:00.000Z');
    expect(iso('2025-04-05 23:30:00', 'America/Santiago', '2025-04-06T02:45:00Z')).toBe('2025-04-06T03:30:00.000Z');
    const labels = ['23:00', '23:15', '23:30', '23:45', '23:00', '23:15', '23:30', '23:45'].map((t) => `2025-04-05 ${t}:00`);
    expect(localSeries(labels, (l) => l, 'America/Santiago').map(({ ts }) => ts.toISOString().slice(11, 16)))
      .toEqual(['02:00', '02:15', '02:30', '02:45', '03:00', '03:15', '03:30', '03:45']);
  });

  it('reads Santiago\'s missing September hour with the offset before it', () => {
    // 2025-09-07 00:00 -04:00 became 01:00 -03:00: 00:30 does not exist; it is read as 04:30 UTC (01:30 -03:00).
    expect(iso('2025-09-07 00:30:00', 'America/Santiago')).toBe('2025-09-07T04:30:00.000Z');
    expect(iso('2025-09-07 01:00:00', 'America/Santiago')).toBe('2025-09-07T04:00:00.000Z');
    expect(iso('2025-09-06 23:45:00', 'America/Santiago')).toBe('2025-09-07T03:45:00.000Z');
  });

  it('writes request times in the site zone', () => {
    expect(localText(new Date('2025-01-01T15:00:00Z'), 'America/Santiago')).toBe('2025-01-01 12:00:00');
    expect(localText(new Date('2025-07-01T15:00:00Z'), 'America/Santiago')).toBe('2025-07-01 11:00:00');
    expect(localText(new Date('2018-12-13T03:06:34Z'), 'GMT+8')).toBe('2018-12-13 11:06:34');
  });
});
