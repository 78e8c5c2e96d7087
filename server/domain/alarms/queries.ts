/**
 * What the alarm rules read (latest readings, the MPPTs' wiring and recent DC power, yesterday's
 * battery figures and production) and how alarms are opened, closed and told about. The API's own queries (lists,
 * acknowledge, ticket) are in server/plugins/alarms/queries.ts.
 */
import { and, asc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  alarmEvents, alarmPlantThresholds, alarms, inverterEvents, investors, measurements, mppts, panels,
  powerPlants, siteAgents, strings, ticketTypes, users,
} from '../../db/schema.js';
import { epochMs, intArray, names, rows, selectList } from '../../db/sql.js';
import { FRONIUS_ERROR_CODES } from '../../../contract/fronius-codes.js';
import { THRESHOLD_NAMES, type AlarmKind, type AlarmThresholds } from '../../../contract/alarms.js';

const onlyPlants = (column: typeof powerPlants.id | typeof investors.plant, plants?: number[]) => (plants ? inArray(column, plants) : undefined);

/** The plants to evaluate: where they are, their size and their thresholds (the settings' where a plant has none). */
export async function plantsToCheck(db: Db, defaults: AlarmThresholds, plants?: number[]) {
  const found = await db.select({
    id: powerPlants.id, name: powerPlants.name, project: powerPlants.project,
    latitude: powerPlants.latitude, longitude: powerPlants.longitude, capacity_kwp: powerPlants.capacity_kwp,
    ...Object.fromEntries(THRESHOLD_NAMES.map((k) => [k, alarmPlantThresholds[k]])) as { [K in keyof AlarmThresholds]: typeof alarmPlantThresholds[K] },
  }).from(powerPlants).leftJoin(alarmPlantThresholds, eq(alarmPlantThresholds.plant, powerPlants.id))
    .where(onlyPlants(powerPlants.id, plants)).orderBy(asc(powerPlants.id));
  return found.map(({ id, name, project, latitude, longitude, capacity_kwp, ...own }) => ({
    id, name, project, latitude, longitude, capacity_kwp,
    thresholds: Object.fromEntries(THRESHOLD_NAMES.map((k) => [k, own[k] ?? defaults[k]])) as AlarmThresholds,
  }));
}
export type PlantToCheck = Awaited<ReturnType<typeof plantsToCheck>>[number];

/** The plants' site agents and when each last reported (docs/agent.md). */
export const agentContacts = (db: Db, plants: number[]) => rows<{ id: number; plant: number; agent: string; last_contact_at: number }>(db, sql`
  select ${selectList({ id: siteAgents.id, plant: siteAgents.plant, agent: siteAgents.agent, last_contact_at: epochMs(siteAgents.last_contact_at) })}
  from ${siteAgents} where ${inArray(siteAgents.plant, plants)}`);

/** Fronius codes a healthy inverter reports (dusk, night, grid limits): never a fault. */
const BENIGN_CODES = intArray(Object.entries(FRONIUS_ERROR_CODES).filter(([, c]) => c.benign).map(([code]) => Number(code)));

/**
 * Each inverter of the plants with its newest reading's instant and status (null when it never
 * reported), and the newest error it reported (inverter_events: pushed Logdata, or read by the
 * collector) that no reading has since shown it recovered from (producing, or running): a pushed
 * error arrives apart from the readings, often after them.
 */
export async function inverterStates(db: Db, plants: number[]) {
  const i = alias(investors, 'i');
  const m = alias(measurements, 'm');
  const ok = alias(measurements, 'ok');
  const e = alias(inverterEvents, 'e');
  return rows<{
    investor: number; plant: number; name: string; ts: number | null; status: string | null; error_code: number | null; error_at: number | null;
  }>(db, sql`
    select ${selectList({ investor: i.id, plant: i.plant, name: i.name, ts: epochMs(m.ts), status: m.status, error_code: e.code, error_at: epochMs(e.ts) })}
    from ${investors} ${i}
    left join lateral (select ${m.ts}, ${m.status} from ${measurements} ${m} where ${m.investor} = ${i.id} order by ${m.ts} desc limit 1) ${m} on true
    left join lateral (
      select ${ok.ts} from ${measurements} ${ok}
      where ${ok.investor} = ${i.id} and (${ok.ac_power_w} > 0 or ${ok.status} in ('running', 'ok'))
      order by ${ok.ts} desc limit 1) ${ok} on true
    left join lateral (
      select ${e.code}, ${e.ts} from ${inverterEvents} ${e}
      where ${e.investor} = ${i.id} and ${e.kind} = 'error' and ${e.code} <> all(${BENIGN_CODES}::int[])
        and ${e.ts} > coalesce(${ok.ts}, '-infinity'::timestamptz)
      order by ${e.ts} desc limit 1) ${e} on true
    where ${inArray(i.plant, plants)} order by ${i.id}`);
}

/**
 * Keeps an error code the Fronius collector read with a fault status, once per fault: not again
 * while the inverter has not recovered (produced, or run) since the same code was kept.
 */
export async function keepCollectorFault(db: Db, investor: number, ts: Date, code: number) {
  const ok = alias(measurements, 'ok');
  const e = alias(inverterEvents, 'e');
  await db.execute(sql`
    insert into ${inverterEvents} (${names([inverterEvents.investor, inverterEvents.ts, inverterEvents.kind, inverterEvents.code, inverterEvents.detail])})
    select ${investor}, ${ts}, 'error', ${code}, ${JSON.stringify({ source: 'collector' })}::jsonb
    where not exists (
      select 1 from ${inverterEvents} ${e}
      where ${e.investor} = ${investor} and ${e.kind} = 'error' and ${e.code} = ${code} and ${e.ts} <= ${ts}
        and ${e.ts} > coalesce((
          select max(${ok.ts}) from ${measurements} ${ok}
          where ${ok.investor} = ${investor} and ${ok.ts} < ${ts} and (${ok.ac_power_w} > 0 or ${ok.status} in ('running', 'ok'))
        ), '-infinity'::timestamptz))
    on conflict do nothing`);
}

/** The MPPTs of the plants' inverters: installed Wp and their strings (with orientation). */
export async function mpptWiring(db: Db, plants: number[]) {
  return db.select({
    mppt: mppts.id, name: mppts.name, number: mppts.number, investor: mppts.investor, plant: investors.plant,
    string: strings.id, string_name: strings.name, tilt: strings.tilt, azimuth: strings.azimuth,
    wp: sql<number>`coalesce(sum(${panels.power_wp}), 0)::float8`,
  }).from(mppts).innerJoin(investors, eq(investors.id, mppts.investor))
    .innerJoin(strings, eq(strings.mppt, mppts.id)).leftJoin(panels, eq(panels.string, strings.id))
    .where(inArray(investors.plant, plants))
    .groupBy(mppts.id, mppts.name, mppts.number, mppts.investor, investors.plant, strings.id, strings.name, strings.tilt, strings.azimuth)
    .orderBy(asc(mppts.id), asc(strings.id));
}

/**
 * Mean DC power of each MPPT input over an inverter's latest `windowMinutes` of good light in the 24
 * hours before `now`: readings whose AC power is at least `goodLightWPerWp` per installed Wp of the
 * inverter (so dawn, dusk and night never count), ending at the newest such reading that has at
 * least `minSamples` of them in its window. So the first minutes of a morning, too few to judge, are
 * not the window: the afternoon before is, until the morning has enough.
 */
export async function recentMpptPower(db: Db, inverterWp: Map<number, number>, now: number, windowMinutes: number, goodLightWPerWp: number, minSamples: number) {
  if (!inverterWp.size) return [];
  const m = alias(measurements, 'm');
  const wp = JSON.stringify([...inverterWp].map(([investor, w]) => ({ investor, wp: w })));
  const since = new Date(now - 86_400_000).toISOString();
  const until = new Date(now).toISOString();
  return rows<{ investor: number; mppt: number; power_w: number; samples: number; from_ms: number; to_ms: number }>(db, sql`
    with wp as (select * from jsonb_to_recordset(${wp}::jsonb) as x(investor int, wp float8)),
    good as (
      select ${m.investor} as investor, ${m.ts} as ts, ${m.dc} as dc from ${measurements} ${m} join wp on wp.investor = ${m.investor}
      where ${m.ts} > ${since}::timestamptz and ${m.ts} <= ${until}::timestamptz and ${m.ac_power_w} >= wp.wp * ${goodLightWPerWp}
    ),
    -- Readings in the window (last - window, last] of each reading: RANGE counts from last - window
    -- included, so the window is shortened by the clock's last tick (a microsecond) to leave it out.
    counted as (
      select investor, ts, count(*) over (partition by investor order by ts
        range between make_interval(mins => ${windowMinutes}) - interval '1 microsecond' preceding and current row) as n
      from good
    ),
    newest as (select investor, max(ts) as last from counted where n >= ${minSamples} group by investor)
    select good.investor, (d->>'mppt')::int as mppt, avg((d->>'power_w')::float8)::float8 as power_w, count(*)::int as samples,
      ${epochMs(sql`min(good.ts)`)} as from_ms, ${epochMs(sql`max(good.ts)`)} as to_ms
    from good join newest on newest.investor = good.investor and good.ts > newest.last - make_interval(mins => ${windowMinutes}) and good.ts <= newest.last
    cross join lateral jsonb_array_elements(coalesce(good.dc, '[]'::jsonb)) d
    group by good.investor, (d->>'mppt')::int`);
}

/**
 * Yesterday (the local day before `now` in `timeZone`) of each inverter that reports a battery: the
 * plant's production, the energy into the battery and its lowest charge.
 */
export async function batteryYesterday(db: Db, plants: number[], now: number, timeZone: string) {
  const day = sql`(date_trunc('day', ${new Date(now).toISOString()}::timestamptz at time zone ${timeZone}) - interval '1 day')`;
  const i = alias(investors, 'i');
  const m = alias(measurements, 'm');
  const p = alias(measurements, 'p');
  const pi = alias(investors, 'pi');
  return rows<{ investor: number; plant: number; day: string; plant_wh: number | null; charge_wh: number | null; min_soc: number | null }>(db, sql`
    select ${selectList({
      investor: i.id, plant: i.plant, day: sql`to_char(${day}, 'YYYY-MM-DD')`,
      // From the day's points, not the rollups: a point that arrived seconds ago may not be rolled up yet.
      plant_wh: sql`(select sum(${p.energy_wh})::float8 from ${measurements} ${p} join ${investors} ${pi} on ${pi.id} = ${p.investor}
        where ${pi.plant} = ${i.plant} and ${p.ts} >= (${day} at time zone ${timeZone}) and ${p.ts} < ((${day} + interval '1 day') at time zone ${timeZone}))`,
      charge_wh: sql`sum(${m.charge_wh})::float8`,
      min_soc: sql`min(${m.battery_soc})`,
    })}
    from ${investors} ${i} join ${measurements} ${m} on ${m.investor} = ${i.id}
      and ${m.ts} >= (${day} at time zone ${timeZone}) and ${m.ts} < ((${day} + interval '1 day') at time zone ${timeZone})
    where ${inArray(i.plant, plants)} and ${isNotNull(m.battery_soc)}
    group by ${i.id}, ${i.plant}`);
}

/**
 * Yesterday (the local day before `now` in `timeZone`) of each plant: its date and bounds, the energy
 * its inverters reported, how many readings they sent and the first and last (from the day's points, as above).
 */
export async function productionYesterday(db: Db, plants: number[], now: number, timeZone: string) {
  const day = sql`(date_trunc('day', ${new Date(now).toISOString()}::timestamptz at time zone ${timeZone}) - interval '1 day')`;
  const start = sql`(${day} at time zone ${timeZone})`;
  const end = sql`((${day} + interval '1 day') at time zone ${timeZone})`;
  const p = alias(powerPlants, 'p');
  const m = alias(measurements, 'm');
  const i = alias(investors, 'i');
  return rows<{ plant: number; date: string; start: number; end: number; energy_wh: number; readings: number; first_ms: number | null; last_ms: number | null }>(db, sql`
    select ${selectList({
      plant: p.id, date: sql`to_char(${day}, 'YYYY-MM-DD')`, start: epochMs(start), end: epochMs(end),
      energy_wh: sql`coalesce(sum(${m.energy_wh}), 0)::float8`, readings: sql`count(${m.ts})::int`,
      first_ms: epochMs(sql`min(${m.ts})`), last_ms: epochMs(sql`max(${m.ts})`),
    })}
    from ${powerPlants} ${p} left join ${investors} ${i} on ${i.plant} = ${p.id}
      left join ${measurements} ${m} on ${m.investor} = ${i.id} and ${m.ts} >= ${start} and ${m.ts} < ${end}
    where ${inArray(p.id, plants)}
    group by ${p.id}`);
}

// ---------- lifecycle ----------

export interface AlarmSubject {
  kind: AlarmKind;
  subject: string;
  plant: number;
  investor?: number | null;
  mppt?: number | null;
  string?: number | null;
}

/** The alarms not closed of the plants, by `kind subject`. */
export async function activeAlarms(db: Db, plants: number[]) {
  return db.select({ id: alarms.id, kind: alarms.kind, subject: alarms.subject }).from(alarms)
    .where(and(inArray(alarms.plant, plants), ne(alarms.status, 'closed')));
}

/** Opens an alarm unless one is already active for the same condition (then nothing: undefined). */
export function openAlarm(db: Db, subject: AlarmSubject, details: Record<string, unknown>, at: Date) {
  return db.transaction(async (tx) => {
    const [alarm] = await tx.insert(alarms).values({ ...subject, details, opened_at: at, status: 'open' })
      .onConflictDoNothing({ target: [alarms.kind, alarms.subject], where: sql`${alarms.status} <> 'closed'` })
      .returning();
    if (alarm) await tx.insert(alarmEvents).values({ alarm: alarm.id, event: 'opened', at, details });
    return alarm;
  });
}

/** Closes an active alarm (the condition cleared); false when another evaluation closed it first. */
export function closeAlarm(db: Db, id: number, details: Record<string, unknown>, at: Date) {
  return db.transaction(async (tx) => {
    const closed = await tx.update(alarms).set({ status: 'closed', closed_at: at })
      .where(and(eq(alarms.id, id), ne(alarms.status, 'closed'))).returning({ id: alarms.id });
    if (closed.length) await tx.insert(alarmEvents).values({ alarm: id, event: 'closed', at, details });
    return closed.length > 0;
  });
}

/**
 * Who hears of an alarm of `kind` on a plant of `project`: active staff and the project's users (linked
 * directly or through a tag), minus those who opted out of the kind; with their language.
 */
export function alarmAudience(db: Db, kind: AlarmKind, projectMembers: SQL) {
  return db.select({ id: users.id, language: users.language }).from(users).where(and(
    eq(users.is_active, true),
    sql`(${users.is_staff} or ${projectMembers})`,
    sql`not (${users.alarm_opt_out} ? ${kind})`,
  )).orderBy(asc(users.id));
}

/** An alarm with the names of where it is, for its messages. */
export async function alarmFacts(db: Db, id: number) {
  const [row] = await db.select({
    id: alarms.id, kind: alarms.kind, plant: alarms.plant, project: powerPlants.project, plant_name: powerPlants.name,
    investor_name: investors.name, mppt_name: mppts.name, string_name: strings.name, details: alarms.details,
  }).from(alarms).innerJoin(powerPlants, eq(powerPlants.id, alarms.plant))
    .leftJoin(investors, eq(investors.id, alarms.investor)).leftJoin(mppts, eq(mppts.id, alarms.mppt)).leftJoin(strings, eq(strings.id, alarms.string))
    .where(eq(alarms.id, id));
  return row && { ...row, kind: row.kind as AlarmKind };
}

/** The plants of some inverters. */
export async function plantsOfInverters(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.selectDistinct({ plant: investors.plant }).from(investors).where(inArray(investors.id, ids))).map((r) => r.plant);
}

/** The name of the ticket category of the tickets made of alarms (seeded in every database, server/seed/base.ts). */
export const ALARM_TICKET_CATEGORY = 'Alarma';

/**
 * The id of the 'Alarma' ticket category (by name, case and spaces aside), created when there is none:
 * at every start (so existing databases get it) and again if staff deleted it since.
 */
export async function alarmTicketCategory(db: Db): Promise<number> {
  const byName = sql`lower(trim(${ticketTypes.name})) = ${ALARM_TICKET_CATEGORY.toLowerCase()}`;
  const [found] = await db.select({ id: ticketTypes.id }).from(ticketTypes).where(byName).orderBy(asc(ticketTypes.id)).limit(1);
  if (found) return found.id;
  const [made] = await db.insert(ticketTypes)
    .values({ name: ALARM_TICKET_CATEGORY, description: 'Tickets creados a partir de una alarma.' }).returning({ id: ticketTypes.id });
  return made.id;
}
