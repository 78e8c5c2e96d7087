/**
 * Reading a vendor account: its linked stations' devices read through the vendor's connector, each
 * reading filed under its inverter and stored by `storeReadings` (the one store: counter rules,
 * idempotence, rollups), and what went wrong kept on the account and its devices (last error, its
 * kind, when to try again). No error of the vendor's escapes: a round that fails is recorded and
 * stores nothing wrong.
 */
import { and, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { vendorAccounts, vendorDevices, vendorStations } from '../db/schema.js';
import { storeReadings, type Reading } from '../measurements/store.js';
import { accountBudget, dropSpentWindows, type CallLimit } from './budget.js';
import type { CredentialsBox } from './credentials.js';
import { CredentialsUnreadable } from './credentials.js';
import { cloudSource } from './registry.js';
import { SourceError, type CloudConnector, type SourceDevice } from './types.js';

export type AccountRow = typeof vendorAccounts.$inferSelect;

export interface SyncOptions { box: CredentialsBox; fetch?: typeof fetch; clock?: () => number }

/**
 * The account's size as its vendor's budgets count it: its stations and its devices of each type
 * read (a dongle, never read, does not raise the budget: the budget stays on the safe side).
 */
async function inventory(db: Db, account: number) {
  const [{ stations }] = await db.select({ stations: count() }).from(vendorStations).where(eq(vendorStations.account, account));
  const types = await db.select({ type: vendorDevices.vendor_type, n: count() }).from(vendorDevices)
    .where(and(eq(vendorDevices.account, account), ne(vendorDevices.kind, 'other'))).groupBy(vendorDevices.vendor_type);
  return { stations, devicesByType: Object.fromEntries(types.map((t) => [t.type, t.n])) };
}

/**
 * Connectors kept per database handle (an API process) and account, so that a vendor session (a login
 * token) lives as long as the vendor allows rather than one round; a changed account (credentials,
 * host: its `updated_at`) or inventory makes a new one.
 */
const connectors = new WeakMap<Db, Map<number, { key: string; connector: CloudConnector }>>();

/** The connector of an account, its calls counted against the account's shared budget. */
export async function connectorOf(db: Db, account: AccountRow, opts: SyncOptions): Promise<CloudConnector> {
  const size = await inventory(db, account.id);
  const key = JSON.stringify([account.updated_at, account.base_url, size]);
  let kept = connectors.get(db);
  if (!kept) connectors.set(db, kept = new Map());
  const found = kept.get(account.id);
  if (found?.key === key) return found.connector;
  const connector = await newConnector(db, account, size, opts);
  kept.set(account.id, { key, connector });
  return connector;
}

async function newConnector(db: Db, account: AccountRow, size: Awaited<ReturnType<typeof inventory>>, opts: SyncOptions): Promise<CloudConnector> {
  const source = cloudSource(account.vendor);
  if (!source?.connect || !source.limits) throw new SourceError('refused', `Fuente desconocida: ${account.vendor}`);
  let credentials;
  try {
    credentials = opts.box.open(account.credentials);
  } catch (err) {
    if (err instanceof CredentialsUnreadable) throw new SourceError('credentials', err.message);
    throw err;
  }
  const limits: Record<string, CallLimit> = source.limits(size);
  return source.connect({ id: account.id, vendor: account.vendor, baseUrl: account.base_url, credentials }, accountBudget(db, account.id, limits, opts.clock), { fetch: opts.fetch, now: opts.clock });
}

/** Keeps on the account what its last round came to: success, or the error, its kind and when to retry. */
export async function noteOutcome(db: Db, account: number, error: SourceError | null, now = new Date()) {
  await db.update(vendorAccounts).set(error
    ? { last_error: error.message, last_error_kind: error.kind, last_error_at: now, retry_at: error.options.retryAfterMs ? new Date(now.getTime() + error.options.retryAfterMs) : null }
    : { last_error: null, last_error_kind: null, last_success_at: now, retry_at: null })
    .where(eq(vendorAccounts.id, account));
}

/** Runs `work` on the account's connector, recording its outcome; a vendor's error is recorded and thrown again. */
export async function withAccount<T>(db: Db, account: AccountRow, opts: SyncOptions, work: (c: CloudConnector) => Promise<T>): Promise<T> {
  try {
    const value = await work(await connectorOf(db, account, opts));
    await noteOutcome(db, account.id, null, new Date(opts.clock?.() ?? Date.now()));
    return value;
  } catch (err) {
    if (err instanceof SourceError) await noteOutcome(db, account.id, err, new Date(opts.clock?.() ?? Date.now()));
    throw err;
  }
}

/** Reads every device of the account's linked stations once and stores the readings; answers what was stored. */
export async function syncAccount(db: Db, account: AccountRow, opts: SyncOptions) {
  const rows = await db.select().from(vendorDevices)
    .innerJoin(vendorStations, and(eq(vendorStations.account, vendorDevices.account), eq(vendorStations.code, vendorDevices.station)))
    .where(and(eq(vendorDevices.account, account.id), isNotNull(vendorStations.plant), isNotNull(vendorDevices.investor)))
    // In the order they were linked: a station's "first inverter", which plant-wide figures go to, stays the same one.
    .orderBy(vendorDevices.id);
  await dropSpentWindows(db, new Date(opts.clock?.() ?? Date.now()));
  if (!rows.length) return { stored: 0, duplicates: 0, failed: 0 };
  const devices: SourceDevice[] = rows.map(({ vendor_devices: d }) => ({
    id: d.device_id, station: d.station, kind: d.kind, vendorType: d.vendor_type, name: d.name, model: d.model, serial: d.serial,
  }));
  const investorOf = new Map(rows.map(({ vendor_devices: d }) => [d.device_id, d.investor]));
  const results = await withAccount(db, account, opts, (c) => c.latest(devices));
  const readings: Reading[] = [];
  // Devices' outcomes are written a group at a time (one statement per reading instant, per error).
  const readAt = new Map<number, string[]>();
  const failedWith = new Map<string, { error: SourceError; devices: string[] }>();
  for (const r of results) {
    const investor = investorOf.get(r.device);
    if ('error' in r) {
      const key = `${r.error.kind}:${r.error.message}`;
      failedWith.set(key, { error: r.error, devices: [...(failedWith.get(key)?.devices ?? []), r.device] });
    } else if (investor) {
      readings.push({ ...r.reading, investor });
      readAt.set(r.reading.ts.getTime(), [...(readAt.get(r.reading.ts.getTime()) ?? []), r.device]);
    }
  }
  const ofAccount = (ids: string[]) => and(eq(vendorDevices.account, account.id), inArray(vendorDevices.device_id, ids));
  for (const [ts, ids] of readAt) await db.update(vendorDevices).set({ last_error: null, last_error_kind: null, last_reading_at: new Date(ts) }).where(ofAccount(ids));
  for (const { error, devices: ids } of failedWith.values()) await db.update(vendorDevices).set({ last_error: error.message, last_error_kind: error.kind }).where(ofAccount(ids));
  const failed = [...failedWith.values()].reduce((n, f) => n + f.devices.length, 0);
  const { stored, duplicates } = await storeReadings(db, readings);
  return { stored, duplicates, failed };
}

/** Lists the account's stations at the vendor and keeps them (name, capacity), links untouched. */
export async function refreshStations(db: Db, account: AccountRow, opts: SyncOptions) {
  const stations = await withAccount(db, account, opts, (c) => c.stations());
  for (const s of stations) {
    await db.insert(vendorStations).values({ account: account.id, code: s.code, name: s.name.slice(0, 150), address: s.address.slice(0, 255), capacity_kwp: s.capacityKwp })
      .onConflictDoUpdate({
        target: [vendorStations.account, vendorStations.code],
        set: { name: sql`excluded.name`, address: sql`excluded.address`, capacity_kwp: sql`excluded.capacity_kwp`, listed_at: sql`now()` },
      });
  }
  return stations;
}
