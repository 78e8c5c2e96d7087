/**
 * The latest readings: of each inverter of a plant, of one inverter, and what an MPPT and a string get
 * of their inverter's latest reading (an MPPT its DC input; a string an equal share of its MPPT's).
 */
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { investors, lastReadings, measurements } from '../db/schema.js';
import { epochMs, name, names, rows, selectList } from '../db/sql.js';
import type { LatestOfPlant, MpptReading, Reading, StringReading } from '../../contract/measurements.js';
import { isoInZone } from './time.js';

/** A reading older than this means the inverter (or the plant) is offline. */
export const ONLINE_WINDOW_MS = 15 * 60_000;

/** What a reading holds besides its inverter and instant (columns of measurements). */
const READ = ['status', 'ac_power_w', 'pv_power_w', 'dc', 'energy_total_wh', 'grid_import_w', 'grid_export_w', 'consumption_w', 'battery_power_w', 'battery_soc'] as const satisfies readonly (keyof Reading)[];

/**
 * Recomputes last_readings (what the fleet view reads of each inverter's latest reading; storing
 * readings keeps it, ./store.ts) from the stored points: of every inverter ('all': after points were
 * written some other way, as the benchmark does), or of those whose row names a point no longer
 * stored ('gone': after a month is detached). An inverter with no point left loses its row.
 */
export async function recomputeLastReadings(db: Db, which: 'all' | 'gone') {
  const l = lastReadings;
  const m = alias(measurements, 'm');
  const i = alias(investors, 'i');
  const gone = sql`${i.id} in (select ${l.investor} from ${l} where not exists (
    select 1 from ${measurements} where ${measurements.investor} = ${l.investor} and ${measurements.ts} = ${l.ts}))`;
  await db.execute(sql`
    with found as (
      select ${i.id} as investor, ${m.ts} as ts, ${m.ac_power_w} as ac_power_w from ${investors} ${i}
      left join lateral (select ${m.ts}, ${m.ac_power_w} from ${measurements} ${m} where ${m.investor} = ${i.id} order by ${m.ts} desc limit 1) ${m} on true
      where ${which === 'gone' ? gone : sql`true`}
    ), emptied as (
      delete from ${l} using found where ${l.investor} = found.investor and found.ts is null
    )
    insert into ${l} (${names([l.investor, l.ts, l.ac_power_w])})
    select investor, ts, ac_power_w from found where ts is not null
    on conflict (${name(l.investor)}) do update set ${name(l.ts)} = excluded.${name(l.ts)}, ${name(l.ac_power_w)} = excluded.${name(l.ac_power_w)}`);
}

/** The names latestReadings' query gives the inverter and its latest reading, for a caller's extra columns. */
export const LATEST = { inverter: alias(investors, 'i'), reading: alias(measurements, 'm') };

/**
 * The latest reading of each inverter (of a plant, or one inverter), with the inverter's name; null
 * reading when it has none. `extra`: more columns of the same rows (over LATEST's names), returned
 * apart as `extra`, so a caller that needs more of each inverter pays no second query.
 */
export async function latestReadings<X extends Record<string, unknown> = Record<string, never>>(
  db: Db, timeZone: string, where: { plant: number } | { investor: number }, extra: { [K in keyof X]: SQLWrapper } = {} as never,
) {
  const { inverter: i, reading: m } = LATEST;
  const found = await rows<Omit<Reading, 'ts'> & { name: string; ts: number | null } & X>(db, sql`
    select ${selectList({ investor: i.id, name: i.name, ts: epochMs(m.ts), ...Object.fromEntries(READ.map((k) => [k, m[k]])), ...extra })}
    from ${investors} ${i}
    left join lateral (select * from ${measurements} ${m} where ${m.investor} = ${i.id} order by ${m.ts} desc limit 1) ${m} on true
    where ${'plant' in where ? eq(i.plant, where.plant) : eq(i.id, where.investor)}
    order by ${i.id}`);
  const extraKeys = Object.keys(extra);
  return found.map((row) => {
    const r = Object.fromEntries(['investor', ...READ].map((k) => [k, row[k as keyof typeof row]])) as Omit<Reading, 'ts'>;
    const at = row.ts === null ? null : new Date(row.ts);
    return {
      investor: row.investor,
      name: row.name,
      at,
      reading: at === null ? null : { ...r, ts: isoInZone(at, timeZone), dc: r.dc ?? [] } as Reading,
      extra: Object.fromEntries(extraKeys.map((k) => [k, row[k]])) as X,
    };
  });
}

/** The latest reading of each inverter of a plant, and whether each is online. */
export async function plantLatest(db: Db, timeZone: string, plantId: number, now = Date.now()): Promise<LatestOfPlant> {
  const latest = await latestReadings(db, timeZone, { plant: plantId });
  const newest = latest.reduce<(typeof latest)[number] | null>((a, l) => (l.at && (!a?.at || l.at > a.at) ? l : a), null);
  return {
    plant: plantId,
    timestamp: newest?.reading?.ts ?? null,
    inverters: latest.map((l) => ({
      investor: l.investor, name: l.name, reading: l.reading,
      online: Boolean(l.at && now - l.at.getTime() < ONLINE_WINDOW_MS),
    })),
  };
}

/** The latest reading of an inverter, or null. */
export async function investorLatest(db: Db, timeZone: string, investorId: number): Promise<Reading | null> {
  const [latest] = await latestReadings(db, timeZone, { investor: investorId });
  return latest?.reading ?? null;
}

/** An MPPT's part of its inverter's latest reading (the DC input with its number), or null. */
export async function mpptLatest(db: Db, timeZone: string, mppt: { id: number; investor: number; number: number }): Promise<MpptReading | null> {
  const reading = await investorLatest(db, timeZone, mppt.investor);
  const input = reading?.dc.find((d) => d.mppt === mppt.number);
  if (!reading || !input) return null;
  return { mppt: mppt.id, number: mppt.number, investor: mppt.investor, ts: reading.ts, voltage_v: input.voltage_v, current_a: input.current_a, power_w: input.power_w };
}

/** A string's share of its MPPT's latest reading: the strings of one MPPT share its current equally. */
export async function stringLatest(db: Db, timeZone: string, string: number, mppt: { id: number; investor: number; number: number }, siblings: number): Promise<StringReading | null> {
  const reading = await mpptLatest(db, timeZone, mppt);
  if (!reading) return null;
  const share = (x: number) => Math.round((x / siblings) * 100) / 100;
  return {
    string, mppt: mppt.id, investor: mppt.investor, ts: reading.ts,
    voltage_v: reading.voltage_v, current_a: share(reading.current_a), power_w: share(reading.power_w), strings_on_mppt: siblings,
  };
}
