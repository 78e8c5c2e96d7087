/** Vendor accounts (credentials kept sealed, never selected for a reply), their stations and links. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { investors, powerPlants, projects, vendorAccounts, vendorCallBudgets, vendorDevices, vendorStations } from '../../db/schema.js';
import type { CredentialsBox } from '../../sources/credentials.js';
import type { SourceDevice } from '../../sources/types.js';
import type { Vendor } from '../../../contract/sources.js';

/** Every column but the credentials, and today's calls. */
const accountColumns = {
  id: vendorAccounts.id, vendor: vendorAccounts.vendor, label: vendorAccounts.label, base_url: vendorAccounts.base_url,
  has_credentials: sql<boolean>`${vendorAccounts.credentials} <> ''`,
  last_error: vendorAccounts.last_error, last_error_kind: vendorAccounts.last_error_kind, last_error_at: vendorAccounts.last_error_at,
  last_success_at: vendorAccounts.last_success_at, retry_at: vendorAccounts.retry_at,
  calls_today: sql<number>`(select coalesce(sum(${vendorCallBudgets.used}), 0)::int from ${vendorCallBudgets}
    where ${vendorCallBudgets.account} = ${vendorAccounts.id} and ${vendorCallBudgets.window_start} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`,
  created_at: vendorAccounts.created_at, updated_at: vendorAccounts.updated_at,
};

export const accounts = (db: Db) => db.select(accountColumns).from(vendorAccounts).orderBy(asc(vendorAccounts.label), asc(vendorAccounts.id));

export async function account(db: Db, id: number) {
  const [row] = await db.select(accountColumns).from(vendorAccounts).where(eq(vendorAccounts.id, id));
  return row;
}

/** The account as its connector needs it, credentials sealed. */
export async function accountForReading(db: Db, id: number) {
  const [row] = await db.select().from(vendorAccounts).where(eq(vendorAccounts.id, id));
  return row;
}

export async function insertAccount(db: Db, a: { vendor: Vendor; label: string; base_url: string; credentials: string }) {
  const [{ id }] = await db.insert(vendorAccounts).values(a).returning({ id: vendorAccounts.id });
  return id;
}

export async function updateAccount(db: Db, id: number, changes: Partial<{ label: string; base_url: string; credentials: string }>) {
  // New credentials or a new host: the last error said nothing about them any more.
  const fresh = changes.credentials || changes.base_url ? { last_error: null, last_error_kind: null, retry_at: null } : {};
  const done = await db.update(vendorAccounts).set({ ...changes, ...fresh, updated_at: new Date() }).where(eq(vendorAccounts.id, id)).returning({ id: vendorAccounts.id });
  return done.length > 0;
}

export async function deleteAccount(db: Db, id: number) {
  return (await db.delete(vendorAccounts).where(eq(vendorAccounts.id, id)).returning({ id: vendorAccounts.id })).length > 0;
}

export const stationsOf = (db: Db, account: number) => db.select({
  code: vendorStations.code, name: vendorStations.name, address: vendorStations.address, capacity_kwp: vendorStations.capacity_kwp,
  plant: vendorStations.plant, linked: sql<boolean>`${vendorStations.plant} is not null`,
}).from(vendorStations).where(eq(vendorStations.account, account)).orderBy(asc(vendorStations.name), asc(vendorStations.code));

export const station = async (db: Db, account: number, code: string) => (await stationsOf(db, account)).find((s) => s.code === code);

export const plantExists = async (db: Db, id: number) => (await db.select({ id: powerPlants.id }).from(powerPlants).where(eq(powerPlants.id, id))).length > 0;
export const projectExists = async (db: Db, id: number) => (await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id))).length > 0;

/**
 * Links a station to a plant: to `plant` (its inverters matched to the station's inverters by serial
 * number), or to a plant made in `project` with an inverter per inverter of the station. A meter's
 * and a battery's readings go with the station's first inverter. One transaction.
 */
export async function linkStation(db: Db, accountId: number, code: string, devices: SourceDevice[], to: { plant: number } | { project: number; name: string; capacityKwp: number | null; address: string }) {
  return db.transaction(async (tx) => {
    const inverters = devices.filter((d) => d.kind === 'inverter');
    const investorOf = new Map<string, number | null>();
    let plant: number;
    if ('plant' in to) {
      plant = to.plant;
      const serials = inverters.map((d) => d.serial).filter(Boolean);
      const found = serials.length ? await tx.select({ id: investors.id, serial: investors.serial_number }).from(investors)
        .where(and(eq(investors.plant, plant), inArray(investors.serial_number, serials))) : [];
      for (const d of inverters) investorOf.set(d.id, found.find((f) => f.serial === d.serial)?.id ?? null);
    } else {
      [{ id: plant }] = await tx.insert(powerPlants).values({ project: to.project, name: to.name, capacity_kwp: to.capacityKwp, address: to.address })
        .returning({ id: powerPlants.id });
      for (const d of inverters) {
        const [{ id }] = await tx.insert(investors).values({ plant, name: (d.name || d.serial || d.id).slice(0, 150), model: d.model.slice(0, 120), serial_number: d.serial.slice(0, 120) })
          .returning({ id: investors.id });
        investorOf.set(d.id, id);
      }
    }
    const first = inverters.map((d) => investorOf.get(d.id)).find((id) => id != null) ?? null;
    for (const d of devices) {
      const investor = d.kind === 'inverter' ? investorOf.get(d.id) ?? null : d.kind === 'other' ? null : first;
      await tx.insert(vendorDevices).values({
        account: accountId, station: code, device_id: d.id, kind: d.kind, vendor_type: d.vendorType,
        name: d.name.slice(0, 150), model: d.model.slice(0, 120), serial: d.serial.slice(0, 120), investor,
      }).onConflictDoUpdate({
        target: [vendorDevices.account, vendorDevices.device_id],
        set: { station: code, kind: d.kind, vendor_type: d.vendorType, name: sql`excluded.name`, model: sql`excluded.model`, serial: sql`excluded.serial`, investor },
      });
    }
    await tx.update(vendorStations).set({ plant }).where(and(eq(vendorStations.account, accountId), eq(vendorStations.code, code)));
    return inverters.map((d) => ({ device: d.id, investor: investorOf.get(d.id) ?? null }));
  });
}

/** Re-seals under the current key the credentials still sealed under the previous one (key rotation). */
export async function resealCredentials(db: Db, box: CredentialsBox) {
  const rows = await db.select({ id: vendorAccounts.id, credentials: vendorAccounts.credentials }).from(vendorAccounts);
  let resealed = 0;
  for (const row of rows.filter((r) => box.stale(r.credentials))) {
    try {
      await db.update(vendorAccounts).set({ credentials: box.seal(box.open(row.credentials)) }).where(eq(vendorAccounts.id, row.id));
      resealed += 1;
    } catch {
      // Sealed under neither key: left as it is; reading the account says so (a credentials error).
    }
  }
  return resealed;
}
