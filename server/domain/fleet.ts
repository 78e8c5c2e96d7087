/**
 * The fleet view's one query (docs/api.md "Fleet"), and the one rule of a plant's status and
 * performance ratio today and this month: the fleet asks it for every plant the caller sees, the
 * plant's own calls for that plant (./plant-status.ts), so every screen says the same. Each plant with
 *  - its inverters' last readings (last_readings, which storing readings keeps: one small row per
 *    inverter, no probe into measurements): last reading, power now (inverters read within the online
 *    window), status;
 *  - today's and this month's plant rollups (two primary-key probes; the rollup worker keeps them a few
 *    seconds behind ingest);
 *  - the expected energy stored ahead (server/measurements/expected-days.ts): today so far from the
 *    day's hourly running totals (plant_expected_days), the month's earlier days from their sum kept
 *    per plant (plant_expected_months) when it is the request's day and first day, else summed here;
 *    both from the commissioning date when later; null while a day it needs is not stored yet;
 *  - its alarms not closed (counted once for all plants);
 * then filtered, ordered, paged and counted (count(*) over ()) in the same statement, in two steps:
 * the page's plants are chosen from what the ordering and the status filter need of every plant (f is
 * not materialized, so PostgreSQL computes only those columns and skips the probes of the others),
 * and only the page's plants get every column.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import {
  alarms, communes, investors, lastReadings, plantEnergy, plantExpectedDays, plantExpectedModels, plantExpectedMonths, powerPlants, projects, tagProjects,
} from '../db/schema.js';
import { epochMs, rows } from '../db/sql.js';
import { containing } from '../core/lists.js';
import { ONLINE_WINDOW_MS } from '../measurements/latest.js';
import { monthBefore, monthFrom } from '../measurements/expected-days.js';
import { firstReadingDay } from '../measurements/queries.js';
import type { FleetQuery, FleetStatus } from '../../contract/fleet.js';
import type { AlarmKind } from '../../contract/alarms.js';

/** Alarms that make an online plant's status 'fault' (a plant offline is 'offline', whatever its alarms). */
export const FAULT_KINDS: AlarmKind[] = ['inverter_offline', 'inverter_error', 'mppt_low', 'battery_not_charging'];

const ONLINE_WINDOW = sql`${`${ONLINE_WINDOW_MS} milliseconds`}::interval`;

/**
 * The one rule of a plant's status: offline when its newest reading is older than the online window
 * (or there is none), else fault while a fault alarm is open, else online. Written twice, in SQL for
 * the fleet view (which orders and filters 1,000 plants by it) and in TypeScript for one plant's own
 * calls (./plant-status.ts, from what the snapshot already holds); tests/server/plugins/fleet.test.ts
 * checks both say the same of each kind of plant.
 */
export const statusRule = (lastTs: SQL, faults: SQL, at: SQL) => sql`case
  when ${lastTs} is null or ${lastTs} <= ${at} - ${ONLINE_WINDOW} then 'offline'
  when ${faults} > 0 then 'fault'
  else 'online'
end`;

/** `statusRule` for one plant: `online` is its newest reading within the online window (ONLINE_WINDOW_MS). */
export const statusOf = (online: boolean, faults: number): FleetStatus => (!online ? 'offline' : faults > 0 ? 'fault' : 'online');

/** Open alarms per plant (those `where` keeps): how many, how many faults, and the oldest fault's id and kind. */
export function openAlarmsByPlant(where: SQL) {
  const isFault = sql`${alarms.kind} in (${sql.join(FAULT_KINDS.map((k) => sql`${k}`), sql`, `)})`;
  return sql`
    select ${alarms.plant} as plant, count(*) filter (where ${isFault})::int as faults, count(*)::int as open,
      (array_agg(${alarms.id} order by ${alarms.opened_at}, ${alarms.id}) filter (where ${isFault}))[1] as fault_alarm,
      (array_agg(${alarms.kind} order by ${alarms.opened_at}, ${alarms.id}) filter (where ${isFault}))[1] as fault_kind
    from ${alarms} where ${alarms.status} <> 'closed' and ${where}
    group by 1`;
}

export interface FleetRow {
  id: number; name: string; project: number; project_name: string; commune: number | null; commune_name: string | null;
  capacity_kwp: number | null; status: FleetStatus; last_reading: number | null; power_w: number | null;
  energy_today_wh: number; energy_month_wh: number; yield_today: number | null; yield_month: number | null;
  performance_today: number | null; performance_month: number | null; open_alarms: number; total: number;
  /** The expectations the ratios divide by (Wh; null: not stored yet, or none), for the plant's own calls. */
  expected_today_wh: number | null; expected_month_wh: number | null;
  /** The oldest open fault alarm (its id and kind), null when none. */
  fault_alarm: number | null; fault_kind: AlarmKind | null;
}

/** What each ordering key sorts by (a column of the query's rows), or its natural key for names. */
const SORT_KEYS: Record<string, SQL> = {
  // Names by their natural keys as stored (schema.ts nameKey), not computed for every plant per request.
  name: sql`f.name_key`, project_name: sql`f.project_key`, commune_name: sql`f.commune_key`,
  // Worst first ascending: offline, fault, online.
  status: sql`case f.status when 'offline' then 0 when 'fault' then 1 else 2 end`,
};

export interface FleetPage { rows: FleetRow[]; total: number }

/** Ratios and yields to 3 decimals, powers and energies to 0.1: as every call gives them. */
export const roundTo = (x: number | null, digits: number) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);

/**
 * The page of the fleet `scope` limits (a condition on power_plants; none for staff): `order` the
 * ordering keys (FLEET_ORDERING), `limit`/`offset` the page (none: all).
 */
export async function fleetPlants(db: Db, opts: {
  scope: SQL | undefined; filters: FleetQuery; order: { key: string; descending: boolean }[];
  timeZone: string; now: Date; limit?: number; offset?: number;
}): Promise<FleetPage> {
  const { filters, timeZone } = opts;
  const now = opts.now.toISOString();
  const p = powerPlants;
  const term = filters.search?.trim();
  const where = sql.join([
    sql`true`,
    ...(opts.scope ? [opts.scope] : []),
    ...(filters.project ? [sql`${p.project} = ${filters.project}`] : []),
    ...(filters.commune ? [sql`${p.commune} = ${filters.commune}`] : []),
    ...(filters.tag ? [sql`${p.project} in (select ${tagProjects.project} from ${tagProjects} where ${tagProjects.tag} = ${filters.tag})`] : []),
    ...(term ? [sql`(${p.name} ilike ${containing(term)} or ${projects.name} ilike ${containing(term)} or coalesce(${communes.name}, '') ilike ${containing(term)})`] : []),
  ], sql` and `);
  const order = sql.join([
    ...opts.order.map(({ key, descending }) => sql`${SORT_KEYS[key] ?? sql.identifier(key)} ${sql.raw(descending ? 'desc' : 'asc')} nulls last`),
    SORT_KEYS.name, sql`f.id`,
  ], sql`, `);
  const i = alias(investors, 'i');
  const l = alias(lastReadings, 'l');
  const ed = alias(plantEnergy, 'ed');
  const em = alias(plantEnergy, 'em');
  const dd = alias(plantExpectedDays, 'dd');
  const sm = alias(plantExpectedMonths, 'sm');
  const window = ONLINE_WINDOW;
  // Today's running totals at index k + 1 after k hours (1-based arrays).
  const runningTotal = (k: SQL) => sql`${dd.hourly_wh}[${k}]`;
  const from = monthFrom(sql`t.month_start`, sql`p.commissioned_on`, sql`fd.first_day`);
  const found = await rows<FleetRow & { name_key: string; project_key: string; commune_key: string | null }>(db, sql`
    with t as (
      select ${now}::timestamptz as at,
        (${now}::timestamptz at time zone ${timeZone})::date as today,
        date_trunc('month', ${now}::timestamptz at time zone ${timeZone})::date as month_start,
        (extract(epoch from ${now}::timestamptz - ((${now}::timestamptz at time zone ${timeZone})::date::timestamp at time zone ${timeZone})) / 3600)::float8 as hours
    ),
    p as (
      select ${p.id} as id, ${p.name} as name, ${p.project} as project, ${projects.name} as project_name,
        ${p.commune} as commune, ${communes.name} as commune_name, ${p.commissioned_on} as commissioned_on,
        ${p.name_key} as name_key, ${projects.name_key} as project_key, ${communes.name_key} as commune_key,
        coalesce(${plantExpectedModels.dc_wp} / 1000, ${p.capacity_kwp}) as kwp
      from ${p}
      join ${projects} on ${projects.id} = ${p.project}
      left join ${communes} on ${communes.id} = ${p.commune}
      left join ${plantExpectedModels} on ${plantExpectedModels.plant} = ${p.id}
      where ${where}
    ),
    r as (
      select ${i.plant} as plant, max(${l.ts}) as last_ts, sum(${l.ac_power_w}) filter (where ${l.ts} > t.at - ${window}) as power_w
      from t cross join p join ${investors} ${i} on ${i.plant} = p.id join ${lastReadings} ${l} on ${l.investor} = ${i.id}
      group by 1
    ),
    a as (${openAlarmsByPlant(sql`true`)}),
    f as not materialized (
      select p.id, p.name, p.project, p.project_name, p.commune, p.commune_name, p.name_key, p.project_key, p.commune_key,
        case when p.kwp > 0 then p.kwp end as capacity_kwp,
        ${statusRule(sql`r.last_ts`, sql`a.faults`, sql`t.at`)} as status,
        ${epochMs(sql`r.last_ts`)} as last_reading,
        r.power_w,
        e.today_wh as energy_today_wh,
        e.month_wh as energy_month_wh,
        case when p.kwp > 0 then e.today_wh / 1000 / p.kwp end as yield_today,
        case when p.kwp > 0 then e.month_wh / 1000 / p.kwp end as yield_month,
        -- Before its first reading a plant has no expectation to fall short of.
        case when fd.first_day is not null then e.today_wh / nullif(e.expected_today_wh, 0) end as performance_today,
        case when fd.first_day is not null then e.month_wh / nullif(e.expected_today_wh + e.expected_before_wh, 0) end as performance_month,
        coalesce(a.open, 0) as open_alarms,
        case when fd.first_day is not null then e.expected_today_wh end as expected_today_wh,
        case when fd.first_day is not null then e.expected_today_wh + e.expected_before_wh end as expected_month_wh,
        a.fault_alarm, a.fault_kind
      from t cross join p
      left join r on r.plant = p.id
      left join a on a.plant = p.id
      left join ${plantExpectedMonths} ${sm} on ${sm.plant} = p.id
      -- The first reading's day, probed only for the plants whose ratios the request needs (offset 0).
      cross join lateral (select ${firstReadingDay(sql`p.id`)} as first_day offset 0) fd
      -- Primary-key probes per plant (offset 0: each computed once, however often f uses it).
      cross join lateral (
        select
          coalesce((select ${ed.energy_wh} from ${plantEnergy} ${ed} where ${ed.plant} = p.id and ${ed.period} = 'day' and ${ed.bucket} = t.today::timestamp), 0) as today_wh,
          coalesce((select ${em.energy_wh} from ${plantEnergy} ${em} where ${em.plant} = p.id and ${em.period} = 'month' and ${em.bucket} = t.month_start::timestamp), 0) as month_wh,
          -- Today so far: the running total at the hour begun, plus the elapsed share of that hour.
          case when p.commissioned_on > t.today then 0 else (
            select ${runningTotal(sql`floor(t.hours)::int + 1`)}
              + (t.hours - floor(t.hours)) * (coalesce(${runningTotal(sql`floor(t.hours)::int + 2`)}, ${runningTotal(sql`floor(t.hours)::int + 1`)}) - ${runningTotal(sql`floor(t.hours)::int + 1`)})
            from ${plantExpectedDays} ${dd} where ${dd.plant} = p.id and ${dd.day} = t.today
          ) end as expected_today_wh,
          -- The month's days before today: the kept sum when it is today's from the same first day, else summed.
          case when ${sm.day} = t.today and ${sm.from_day} = ${from} then ${sm.energy_wh} else ${monthBefore(sql`p.id`, from, sql`t.today`)} end as expected_before_wh
        offset 0
      ) e
    ),
    page as (
      select f.id, count(*) over ()::int as total, row_number() over (order by ${order}) as place from f
      where ${filters.status ? sql`f.status = ${filters.status}` : sql`true`}
      order by place
      ${opts.limit === undefined ? sql`` : sql`limit ${opts.limit} offset ${opts.offset ?? 0}`}
    )
    select f.*, page.total from page join f on f.id = page.id order by page.place`);
  return { rows: found.map(({ name_key: _n, project_key: _p, commune_key: _c, ...row }) => row), total: found[0]?.total ?? 0 };
}
