/**
 * The alarms area's repository: lists and details as the API answers them (scoped to what the caller
 * sees), acknowledging, the ticket link and the thresholds. How alarms open and close is in
 * server/domain/alarms.
 */
import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  alarmEvents, alarmPlantThresholds, alarms, investors, mppts, powerPlants, projects, projectUsers, settings, strings, tagProjects,
  tagUsers, users, type User,
} from '../../db/schema.js';
import { list } from '../../core/lists.js';
import { scopes } from '../../core/visibility.js';
import { userFullName } from '../../domain/users.js';
import type { AlarmEventKind, AlarmKind, AlarmListQuery, AlarmStatus, AlarmThresholds, ThresholdName } from '../../../contract/alarms.js';
import { joining } from '../../core/crud.js';

const acknowledger = alias(users, 'acknowledger');

const alarmFields = {
  id: alarms.id, kind: alarms.kind, status: alarms.status,
  plant: alarms.plant, plant_name: powerPlants.name, project: powerPlants.project, project_name: projects.name,
  investor: alarms.investor, investor_name: investors.name, mppt: alarms.mppt, mppt_name: mppts.name,
  string: alarms.string, string_name: strings.name,
  opened_at: alarms.opened_at, closed_at: alarms.closed_at,
  acknowledged_by: alarms.acknowledged_by,
  acknowledged_by_name: sql<string | null>`case when ${acknowledger.id} is null then null else coalesce(nullif(trim(${acknowledger.first_name} || ' ' || ${acknowledger.last_name}), ''), ${acknowledger.email}) end`,
  acknowledged_at: alarms.acknowledged_at, acknowledged_comment: alarms.acknowledged_comment,
  details: alarms.details, ticket: alarms.ticket,
};
type AlarmRow = SelectResultFields<typeof alarmFields>;
const alarmJoin = joining((q) => q
  .innerJoin(powerPlants, eq(powerPlants.id, alarms.plant))
  .innerJoin(projects, eq(projects.id, powerPlants.project))
  .leftJoin(investors, eq(investors.id, alarms.investor))
  .leftJoin(mppts, eq(mppts.id, alarms.mppt))
  .leftJoin(strings, eq(strings.id, alarms.string))
  .leftJoin(acknowledger, eq(acknowledger.id, alarms.acknowledged_by)));

/** The stored kind and status are the contract's: only the rules and the routes here write them. */
const toAlarm = (row: AlarmRow) => ({ ...row, kind: row.kind as AlarmKind, status: row.status as AlarmStatus });
export type AlarmItem = ReturnType<typeof toAlarm>;

/** The alarms `viewer` may see: every one for staff, those of the plants they see for anyone else. */
const alarmScope = (db: Db, viewer: User): SQL | undefined => (viewer.is_staff ? undefined : scopes.plant(db, viewer.id));

/** The day boundaries of the filters are local days of the portal's time zone. */
const localDay = (day: string) => sql`(${day}::date::timestamp at time zone (select coalesce(min(${settings.time_zone}), 'America/Santiago') from ${settings}))`;

export function listAlarms(db: Db, request: FastifyRequest, viewer: User, filters: AlarmListQuery) {
  return list<AlarmRow, AlarmItem>(db, request, {
    table: alarms, fields: alarmFields, join: alarmJoin,
    where: and(
      alarmScope(db, viewer),
      filters.status === undefined ? undefined : eq(alarms.status, filters.status),
      filters.active === undefined ? undefined : filters.active ? ne(alarms.status, 'closed') : eq(alarms.status, 'closed'),
      filters.kind === undefined ? undefined : eq(alarms.kind, filters.kind),
      filters.plant === undefined ? undefined : eq(alarms.plant, filters.plant),
      filters.project === undefined ? undefined : eq(powerPlants.project, filters.project),
      filters.opened_from === undefined ? undefined : gte(alarms.opened_at, localDay(filters.opened_from)),
      filters.opened_to === undefined ? undefined : lt(alarms.opened_at, sql`${localDay(filters.opened_to)} + interval '1 day'`),
    ),
    ordering: {
      opened_at: alarms.opened_at, id: alarms.id, closed_at: alarms.closed_at, kind: alarms.kind, status: alarms.status,
      plant_name: powerPlants.name, project_name: projects.name, investor_name: investors.name,
    },
    search: [powerPlants.name, projects.name, investors.name, mppts.name, strings.name],
    serialize: toAlarm,
  });
}

/** One alarm `viewer` may see, or undefined. */
export async function findAlarm(db: Db, viewer: User, id: number): Promise<AlarmItem | undefined> {
  const [row] = await alarmJoin(db.select(alarmFields).from(alarms).$dynamic()).where(and(eq(alarms.id, id), alarmScope(db, viewer)));
  return row && toAlarm(row);
}

export async function alarmHistory(db: Db, id: number) {
  const rows = await db.select({
    id: alarmEvents.id, event: alarmEvents.event, at: alarmEvents.at, user: alarmEvents.user,
    user_name: sql<string | null>`case when ${users.id} is null then null else ${userFullName} end`,
    comment: alarmEvents.comment, details: alarmEvents.details,
  }).from(alarmEvents).leftJoin(users, eq(users.id, alarmEvents.user))
    .where(eq(alarmEvents.alarm, id)).orderBy(asc(alarmEvents.id));
  return rows.map((r) => ({ ...r, event: r.event as AlarmEventKind }));
}

/** Acknowledges an alarm that is open; false when it is not (acknowledged already, or closed). */
export function acknowledge(db: Db, id: number, user: number, comment: string) {
  return db.transaction(async (tx) => {
    const at = new Date();
    const done = await tx.update(alarms).set({ status: 'acknowledged', acknowledged_by: user, acknowledged_at: at, acknowledged_comment: comment })
      .where(and(eq(alarms.id, id), eq(alarms.status, 'open'))).returning({ id: alarms.id });
    if (done.length) await tx.insert(alarmEvents).values({ alarm: id, event: 'acknowledged', at, user, comment });
    return done.length > 0;
  });
}

/** Links a ticket to an alarm that has none (with its history entry); false when it had one already. */
export function linkTicket(db: Db, id: number, ticket: number, user: number) {
  return db.transaction(async (tx) => {
    const done = await tx.update(alarms).set({ ticket }).where(and(eq(alarms.id, id), sql`${alarms.ticket} is null`)).returning({ id: alarms.id });
    if (done.length) await tx.insert(alarmEvents).values({ alarm: id, event: 'ticket', user, details: { ticket } });
    return done.length > 0;
  });
}

/** The first active customer of a plant (linked directly or through a tag), who owns the ticket made of its alarm. */
export async function plantCustomer(db: Db, plant: number): Promise<number | undefined> {
  const project = db.select({ id: powerPlants.project }).from(powerPlants).where(eq(powerPlants.id, plant));
  const [first] = await db.select({ id: users.id }).from(users).where(and(
    eq(users.is_active, true), eq(users.is_staff, false),
    sql`(${inArray(users.id, db.select({ id: projectUsers.users }).from(projectUsers).where(inArray(projectUsers.user_project, project)))}
      or ${inArray(users.id, db.select({ id: tagUsers.customuser }).from(tagUsers).innerJoin(tagProjects, eq(tagProjects.tag, tagUsers.tag)).where(inArray(tagProjects.project, project)))})`,
  )).orderBy(asc(users.id)).limit(1);
  return first?.id;
}

/** Whether `user` sees `plant` (staff see all). */
export async function seesPlant(db: Db, user: User, plant: number): Promise<boolean> {
  const [row] = await db.select({ id: powerPlants.id }).from(powerPlants)
    .where(and(eq(powerPlants.id, plant), user.is_staff ? undefined : scopes.plant(db, user.id)));
  return Boolean(row);
}

// ---------- thresholds ----------

export async function updatePortalThresholds(db: Db, values: Partial<AlarmThresholds>) {
  const [first] = await db.select({ id: settings.id }).from(settings).orderBy(asc(settings.id)).limit(1);
  if (first) await db.update(settings).set({ ...values, updated_at: new Date() }).where(eq(settings.id, first.id));
  else await db.insert(settings).values({ name: 'Portal Solar', ...values });
}

export async function plantOverrides(db: Db, plant: number): Promise<Partial<Record<ThresholdName, number | null>>> {
  const [row] = await db.select().from(alarmPlantThresholds).where(eq(alarmPlantThresholds.plant, plant));
  return row ?? {};
}

export async function setPlantOverrides(db: Db, plant: number, values: Partial<Record<ThresholdName, number | null>>) {
  await db.insert(alarmPlantThresholds).values({ plant, ...values })
    .onConflictDoUpdate({ target: alarmPlantThresholds.plant, set: { ...values, updated_at: new Date() } });
}

export async function plantExists(db: Db, plant: number) {
  const [row] = await db.select({ id: powerPlants.id }).from(powerPlants).where(eq(powerPlants.id, plant));
  return Boolean(row);
}
