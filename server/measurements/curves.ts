/**
 * A plant's day curve: the local day's 5-minute slots (288; 276 or 300 on the days clocks go forward
 * or back), nulls where nothing was read. Each inverter's readings are averaged per slot (so devices
 * reporting every minute or off the grid line up), then summed over the inverters; the battery charge
 * is their mean. Production is PV power: a hybrid's `pv_power_w` where it gives one (its AC output
 * includes its battery's discharge), the AC power otherwise.
 *
 * Stored a local hour at a time (plant_curves) as compact text, so that the first read of a day is
 * one indexed range of 23 to 25 rows, no row per slot to parse and no local time to format: its
 * text is scanned into the API's JSON and sent as it is. (Computed from the raw points, a first read
 * cost the server ~1.9 ms, 0.07x the floor read in `npm run bench`; stored as the API's JSON, the
 * hours were five times the size and no faster to serve.) The rollup worker writes the curve of
 * each hour it refreshes (refreshRollups, ./rollups.ts) and, the first time an hour of a day is
 * written, every other hour of that day: a day is stored whole or not at all. A day with no stored
 * hour has no reading (reads go through withCurrentRollups): its curve, all nulls, is computed by
 * the same statement the worker uses, so a slot has one definition.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { investors, measurements, plantCurves } from '../db/schema.js';
import { name, names, rows } from '../db/sql.js';
import type { CurvePoint } from '../../contract/measurements.js';

/** The values of a slot, in the order CurvePoint (contract/measurements.ts) lists them. */
const VALUES = ['power_w', 'consumption_w', 'battery_power_w', 'battery_soc', 'grid_import_w', 'grid_export_w'] as const satisfies readonly (keyof CurvePoint)[];

/** The local hours (k: the plant, hour: a local date-time) of the local days `days` (rows of k and day, a date). */
const hoursOfDays = (timeZone: string, days: SQL) => sql`
  select distinct d.k, date_trunc('hour', g at time zone ${timeZone}) as hour
  from (${days}) d cross join generate_series(d.day::timestamp at time zone ${timeZone},
    ((d.day + 1)::timestamp at time zone ${timeZone}) - interval '5 minutes', interval '5 minutes') g
  where (g at time zone ${timeZone})::date = d.day`;

/**
 * The slots of local hours `hours` (rows of k, the plant, and hour, a local date-time) from the raw
 * points: a row (k, hour, slots) per hour. An hour's slots are the 5-minute instants whose local hour
 * it is (24 in the hour repeated when clocks go back), in order, separated by ';', each its local
 * minute and UTC offset ('05-03:00') then its values as JSON numbers or empty for null, by commas.
 */
function hoursFromReadings(timeZone: string, hours: SQL) {
  const m = alias(measurements, 'm');
  const i = alias(investors, 'i');
  const offset = sql`s.offset_min`;
  const offsetText = sql`case when ${offset} < 0 then '-' else '+' end || to_char(abs(${offset}) / 60, 'FM00') || ':' || to_char(abs(${offset}) % 60, 'FM00')`;
  return sql`
    with w as (${hours}),
    s as (
      select w.k, w.hour, g, g at time zone ${timeZone} as local,
        (extract(epoch from (g at time zone ${timeZone}) - (g at time zone 'UTC')) / 60)::int as offset_min
      from w cross join generate_series((w.hour at time zone ${timeZone}) - interval '2 hours',
        (w.hour at time zone ${timeZone}) + interval '2 hours', interval '5 minutes') g
      where date_trunc('hour', g at time zone ${timeZone}) = w.hour
    ),
    r as (select k, min(g) as lo, max(g) + interval '5 minutes' as hi from s group by k, hour),
    v as (
      select r.k, x.slot,
        round(sum(x.ac))::float8 as power_w, round(sum(x.consumption))::float8 as consumption_w,
        round(sum(x.battery))::float8 as battery_power_w, round(avg(x.soc)::numeric, 1)::float8 as battery_soc,
        round(sum(x.import))::float8 as grid_import_w, round(sum(x.export))::float8 as grid_export_w
      from r join ${investors} ${i} on ${i.plant} = r.k
      cross join lateral (
        select date_bin('5 minutes', ${m.ts}, timestamptz '2000-01-01 00:00:00+00') as slot,
          avg(coalesce(${m.pv_power_w}, ${m.ac_power_w})) as ac, avg(${m.consumption_w}) as consumption, avg(${m.battery_power_w}) as battery,
          avg(${m.battery_soc}) as soc, avg(${m.grid_import_w}) as import, avg(${m.grid_export_w}) as export
        from ${measurements} ${m} where ${m.investor} = ${i.id} and ${m.ts} >= r.lo and ${m.ts} < r.hi
        group by 1
      ) x
      group by r.k, x.slot
    )
    select s.k, s.hour, string_agg(concat_ws(',', to_char(s.local, 'MI') || ${offsetText},
      ${sql.join(VALUES.map((value) => sql`coalesce(v.${sql.identifier(value)}::text, '')`), sql`, `)}), ';' order by s.g) as slots
    from s left join v on v.k = s.k and v.slot = s.g
    group by s.k, s.hour`;
}

/**
 * Writes the curve of the local hours holding `points` (a plant and an instant each), and of every
 * hour of their days when none of that day is stored yet; under the plants' rollup locks, as the rest
 * of refreshRollups.
 */
export async function refreshCurves(db: Db, timeZone: string, points: { plant: number; ts: Date }[]) {
  // A statement per few thousand points: a rebuild's single statement over a fleet's year (950,000
  // plant hours) spilled gigabytes of temporary files. Each sees the hours the ones before it wrote.
  const sorted = [...points].sort((a, b) => a.plant - b.plant || a.ts.getTime() - b.ts.getTime());
  for (let i = 0; i < sorted.length; i += POINTS_PER_STATEMENT) await writeCurves(db, timeZone, sorted.slice(i, i + POINTS_PER_STATEMENT));
}

/** Points whose hours one statement writes at most (the worker's batch of stale hours is one). */
const POINTS_PER_STATEMENT = 4000;

async function writeCurves(db: Db, timeZone: string, points: { plant: number; ts: Date }[]) {
  const c = plantCurves;
  const json = JSON.stringify(points.map((p) => ({ k: p.plant, t: p.ts.toISOString() })));
  await db.execute(sql`
    insert into ${c} (${names([c.plant, c.hour, c.slots])})
    select k, hour, slots from (${hoursFromReadings(timeZone, sql`
      with h as (
        select distinct x.k, date_trunc('hour', x.t at time zone ${timeZone}) as hour
        from jsonb_to_recordset(${json}::jsonb) as x(k int, t timestamptz)
      )
      select k, hour from h
      union
      ${hoursOfDays(timeZone, sql`
        select distinct h.k, h.hour::date as day from h
        where not exists (select from ${c} where ${c.plant} = h.k and ${c.hour} >= h.hour::date and ${c.hour} < h.hour::date + 1)`)}`)}) t
    on conflict (${names([c.plant, c.hour])}) do update set ${name(c.slots)} = excluded.${name(c.slots)}`);
}

/** A local hour as read back: its local date and hour ('YYYY-MM-DDTHH') and its slots. */
interface HourSlots { h: string; slots: string }

/**
 * The curve of a plant's local day as the JSON the API answers with: its stored hours, or, for a day
 * none of whose hours is stored, the same computed from the raw points.
 */
export async function curveOfDay(db: Db, plant: number, timeZone: string, date: string): Promise<string> {
  const c = plantCurves;
  const stored = await rows<HourSlots>(db, sql`
    select to_char(${c.hour}, 'YYYY-MM-DD"T"HH24') as h, ${c.slots} as slots from ${c}
    where ${c.plant} = ${plant} and ${c.hour} >= ${date}::timestamp and ${c.hour} < ${date}::timestamp + interval '1 day'
    order by ${c.hour}`);
  return curveJson(stored.length ? stored : await rows<HourSlots>(db, sql`
    select to_char(t.hour, 'YYYY-MM-DD"T"HH24') as h, t.slots
    from (${hoursFromReadings(timeZone, hoursOfDays(timeZone, sql`select ${plant}::int as k, ${date}::date as day`))}) t
    order by t.hour`));
}

/** What precedes each value of a slot in its JSON: `,"power_w":` and the others. */
const VALUE_KEYS = VALUES.map((value) => `,"${value}":`);

/**
 * The CurvePoints of hours' slots, as a JSON array. A slot is its minute and offset ('05-03:00', 8
 * characters) and its values after commas; the text is scanned in place rather than split, which
 * made this, a first read's largest cost in the process, four times cheaper (~60 µs a day).
 */
function curveJson(hours: HourSlots[]): string {
  let json = '';
  for (const { h, slots } of hours) {
    for (let start = 0; start < slots.length;) {
      const next = slots.indexOf(';', start);
      const end = next < 0 ? slots.length : next;
      json += `${json ? ',' : ''}{"ts":"${h}:${slots.slice(start, start + 2)}:00${slots.slice(start + 2, start + 8)}"`;
      let from = start + 9;
      for (const key of VALUE_KEYS) {
        const comma = slots.indexOf(',', from);
        const to = comma < 0 || comma > end ? end : comma;
        json += key + (to > from ? slots.slice(from, to) : 'null');
        from = to + 1;
      }
      json += '}';
      start = end + 1;
    }
  }
  return `[${json}]`;
}
