/** Push Service logins, unmatched devices, inverter events, kept bodies and the ways in of a plant. */
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  ingestKeys, inverterEvents, investors, measurements, pushCredentials, pushDevices, pushRejects, type PushedSite,
} from '../../db/schema.js';
import type { PushedEvent } from '../../measurements/fronius/push.js';

const credentialColumns = {
  id: pushCredentials.id, plant: pushCredentials.plant, name: pushCredentials.name, username: pushCredentials.username,
  datalogger_id: pushCredentials.datalogger_id, created_at: pushCredentials.created_at, last_used_at: pushCredentials.last_used_at,
  clock_offset_s: pushCredentials.clock_offset_s,
};

export async function insertCredential(db: Db, c: { plant: number; name: string; username: string; hash: string; dataloggerId: string; createdBy: number }) {
  const [row] = await db.insert(pushCredentials).values({
    plant: c.plant, name: c.name, username: c.username, password_hash: c.hash, datalogger_id: c.dataloggerId, created_by: c.createdBy,
  }).returning(credentialColumns);
  return row;
}

export const credentialsOf = (db: Db, plant: number) =>
  db.select(credentialColumns).from(pushCredentials).where(eq(pushCredentials.plant, plant)).orderBy(asc(pushCredentials.id));

export async function deleteCredential(db: Db, id: number) {
  return (await db.delete(pushCredentials).where(eq(pushCredentials.id, id)).returning({ id: pushCredentials.id })).length > 0;
}

/** What checking a push needs of its login: the hash, the plant, the datalogger and its site values. */
export async function credentialForPush(db: Db, id: number) {
  const [row] = await db.select({
    id: pushCredentials.id, plant: pushCredentials.plant, username: pushCredentials.username, hash: pushCredentials.password_hash,
    datalogger_id: pushCredentials.datalogger_id, site: pushCredentials.site,
  }).from(pushCredentials).where(eq(pushCredentials.id, id));
  return row ?? null;
}

export async function credentialUsed(db: Db, id: number, site: PushedSite, clockOffsetS: number) {
  await db.update(pushCredentials).set({ last_used_at: new Date(), site, clock_offset_s: clockOffsetS }).where(eq(pushCredentials.id, id));
}

/** The plant's inverters on datalogger `dataloggerId`, by device id. */
export async function invertersByDevice(db: Db, plant: number, dataloggerId: string) {
  const found = await db.select({ id: investors.id, device: investors.device_id }).from(investors)
    .where(and(eq(investors.plant, plant), sql`btrim(${investors.datalogger_id}) = ${dataloggerId.trim()}`)).orderBy(asc(investors.id));
  const map = new Map<number, number>();
  for (const i of found) if (!map.has(i.device)) map.set(i.device, i.id);
  return map;
}

/** Notes devices a push carried that match no inverter (once per device, counting its pushes). */
export async function noteUnmatched(db: Db, plant: number, dataloggerId: string, devices: number[]) {
  if (!devices.length) return;
  await db.insert(pushDevices).values(devices.map((device_id) => ({ plant, datalogger_id: dataloggerId, device_id })))
    .onConflictDoUpdate({
      target: [pushDevices.plant, pushDevices.datalogger_id, pushDevices.device_id],
      set: { last_seen_at: sql`now()`, pushes: sql`${pushDevices.pushes} + 1` },
    });
}

export const unmatchedOf = (db: Db, plant: number) =>
  db.select().from(pushDevices).where(eq(pushDevices.plant, plant)).orderBy(asc(pushDevices.datalogger_id), asc(pushDevices.device_id));

export async function pushDevice(db: Db, id: number) {
  const [row] = await db.select().from(pushDevices).where(eq(pushDevices.id, id));
  return row ?? null;
}

/**
 * Gives inverter `investor` the device's datalogger and device id, and forgets the device as
 * unmatched; null when the inverter is not of the device's plant.
 */
export async function assignDevice(db: Db, device: typeof pushDevices.$inferSelect, investor: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(investors).set({ datalogger_id: device.datalogger_id, device_id: device.device_id })
      .where(and(eq(investors.id, investor), eq(investors.plant, device.plant)))
      .returning({ investor: investors.id, datalogger_id: investors.datalogger_id, device_id: investors.device_id });
    if (!row) return null;
    await tx.delete(pushDevices).where(eq(pushDevices.id, device.id));
    return row;
  });
}

/** Keeps events (one row per inverter, instant, kind and code); returns how many were new. */
export async function insertEvents(db: Db, events: (PushedEvent & { investor: number })[]) {
  if (!events.length) return 0;
  const added = await db.insert(inverterEvents)
    .values(events.map((e) => ({ investor: e.investor, ts: e.ts, kind: e.kind, code: e.code, detail: e.detail })))
    .onConflictDoNothing().returning({ id: inverterEvents.id });
  return added.length;
}

export const eventsOf = (db: Db, investor: number) =>
  db.select({
    id: inverterEvents.id, investor: inverterEvents.investor, ts: inverterEvents.ts, kind: inverterEvents.kind,
    code: inverterEvents.code, detail: inverterEvents.detail,
  }).from(inverterEvents).where(eq(inverterEvents.investor, investor)).orderBy(desc(inverterEvents.ts), desc(inverterEvents.id)).limit(500);

/** The first 64 kB of a body kept for inspection. */
export const KEPT_CHARS = 64 * 1024;
/**
 * Kept bodies are bounded (docs/connecting-devices.md): the newest KEPT_REJECTS per source and
 * plant (what staff are shown), none older than KEPT_REJECT_DAYS; pruned as each one is stored.
 */
export const KEPT_REJECTS = 100;
export const KEPT_REJECT_DAYS = 30;

export async function insertReject(db: Db, r: { plant: number | null; source: 'fronius' | 'mqtt'; origin: string; contentType: string; body: string; error: string }) {
  const [row] = await db.insert(pushRejects).values({
    plant: r.plant, source: r.source, origin: r.origin.slice(0, 255), content_type: r.contentType.slice(0, 120),
    body: r.body.slice(0, KEPT_CHARS).replaceAll('\0', ''), error: r.error,
  }).returning({ id: pushRejects.id });
  await db.execute(sql`delete from ${pushRejects} where ${pushRejects.received_at} < now() - make_interval(days => ${KEPT_REJECT_DAYS})
    or (${pushRejects.source} = ${r.source} and ${pushRejects.plant} is not distinct from ${r.plant} and ${pushRejects.id} <= (
      select id from ${pushRejects} where ${pushRejects.source} = ${r.source} and ${pushRejects.plant} is not distinct from ${r.plant}
      order by id desc offset ${KEPT_REJECTS} limit 1))`);
  return row.id;
}

export const rejectsOf = (db: Db, plant: number) =>
  db.select().from(pushRejects).where(eq(pushRejects.plant, plant)).orderBy(desc(pushRejects.id)).limit(KEPT_REJECTS);

export const mqttRejects = (db: Db) =>
  db.select().from(pushRejects).where(eq(pushRejects.source, 'mqtt')).orderBy(desc(pushRejects.id)).limit(KEPT_REJECTS);

/** What the ways-in page lists of a plant, from the database. */
export async function waysInRows(db: Db, plant: number) {
  const polled = await db.select({
    investor: investors.id, name: investors.name, address: investors.datalogger_address, device_id: investors.device_id,
  }).from(investors).where(and(eq(investors.plant, plant), sql`btrim(${investors.datalogger_address}) <> ''`)).orderBy(asc(investors.id));
  const latest = polled.length ? await db.select({ investor: measurements.investor, ts: max(measurements.ts) }).from(measurements)
    .where(inArray(measurements.investor, polled.map((p) => p.investor))).groupBy(measurements.investor) : [];
  const keys = await db.select({
    id: ingestKeys.id, name: ingestKeys.name, prefix: ingestKeys.prefix, last_used_at: ingestKeys.last_used_at, mqtt_last_used_at: ingestKeys.mqtt_last_used_at,
    mqtt_topic_id: ingestKeys.mqtt_topic_id,
  }).from(ingestKeys).where(eq(ingestKeys.plant, plant)).orderBy(asc(ingestKeys.id));
  const [{ n: unmatched }] = await db.select({ n: count() }).from(pushDevices).where(eq(pushDevices.plant, plant));
  const [{ n: rejects }] = await db.select({ n: count() }).from(pushRejects).where(eq(pushRejects.plant, plant));
  return { polled, latest: new Map(latest.map((l) => [l.investor, l.ts])), keys, credentials: await credentialsOf(db, plant), unmatched, rejects };
}
