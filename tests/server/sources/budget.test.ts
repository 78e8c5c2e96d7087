/**
 * The call budget of a vendor account, shared by API processes on one PostgreSQL database
 * (server/sources/budget.ts): two processes (two pools on one database) spending at once never
 * take more than the limit between them, and a simulated interval of an account with 250 stations
 * stays within Huawei's published budget however often it is read, by one process or two.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client.js';
import { investors, powerPlants, projects, vendorAccounts, vendorDevices, vendorStations } from '../../../server/db/schema.js';
import { spendCalls, windowOf } from '../../../server/sources/budget.js';
import { credentialsBox } from '../../../server/sources/credentials.js';
import { syncAccount } from '../../../server/sources/sync.js';
import { rows } from '../../../server/db/sql.js';
import { openTestDatabase } from '../../../testing/harness.js';
import { recordedStation, startHuaweiFake, type HuaweiFake } from '../../../testing/vendors/huawei-fake.js';

const FIVE_MINUTES = 300_000;
let first: Database & { url?: string };
let second: Database;
let fake: HuaweiFake;
let now = windowOf(Date.now(), FIVE_MINUTES) - 3 * FIVE_MINUTES;
const clock = () => now;
const box = credentialsBox('k'.repeat(40));

beforeAll(async () => {
  first = await openTestDatabase('postgres');
  second = await openDatabase({ databaseUrl: first.url! });
  fake = await startHuaweiFake({ now: clock });
});
afterAll(async () => {
  await fake?.close();
  await second?.close();
  await first?.close();
});

const newAccount = async (db = first.db) => {
  const [row] = await db.insert(vendorAccounts).values({
    vendor: 'huawei', label: 'Cuenta', base_url: fake.baseUrl, credentials: box.seal({ userName: fake.userName, systemCode: fake.systemCode }),
  }).returning();
  return row;
};

describe('the call budget', () => {
  it('is never exceeded by two processes spending at once: of 40 calls wanted, 7 are taken', async () => {
    const account = await newAccount();
    const limit = { calls: 7, windowMs: FIVE_MINUTES };
    const at = Date.now();
    const wants = Array.from({ length: 40 }, (_, i) => spendCalls((i % 2 ? second : first).db, account.id, 'getDevRealKpi', 1, limit, at));
    const taken = (await Promise.all(wants)).filter(Boolean).length;
    expect(taken).toBe(7);
    const [row] = await rows<{ used: number }>(first.db, sql`select used from vendor_call_budgets where account_id = ${account.id}`);
    expect(row.used).toBe(7);
    // The next window has its own.
    expect(await spendCalls(second.db, account.id, 'getDevRealKpi', 1, limit, at + FIVE_MINUTES)).toBe(true);
    // A batch larger than what is left takes nothing.
    expect(await spendCalls(first.db, account.id, 'getDevRealKpi', 7, limit, at + FIVE_MINUTES)).toBe(false);
  });

  it('keeps 250 stations within Huawei budget through a simulated interval, read by two processes as often as they like', async () => {
    fake.stations = Array.from({ length: 250 }, (_, i) => {
      const s = recordedStation();
      return { ...s, stationCode: `ST${i}`, devices: s.devices.filter((d) => d.devTypeId === 1).map((d) => ({ ...d, id: String(2_000_000_000 + i), esnCode: `ESN${i}` })) };
    });
    const account = await newAccount();
    const [project] = await first.db.insert(projects).values({ name: 'Flota Huawei' }).returning();
    const plants = await first.db.insert(powerPlants).values(fake.stations.map((s) => ({ project: project.id, name: s.stationCode }))).returning();
    const invs = await first.db.insert(investors).values(fake.stations.map((s, i) => ({ plant: plants[i].id, name: s.devices[0].devName, serial_number: s.devices[0].esnCode }))).returning();
    await first.db.insert(vendorStations).values(fake.stations.map((s, i) => ({ account: account.id, code: s.stationCode, plant: plants[i].id })));
    await first.db.insert(vendorDevices).values(fake.stations.map((s, i) => ({ account: account.id, station: s.stationCode, device_id: s.devices[0].id, kind: 'inverter' as const, vendor_type: 1, investor: invs[i].id })));
    fake.calls.length = 0;
    fake.resetQuota();

    const perWindow = new Map<number, number>();
    let stored = 0;
    for (let round = 0; round < 3; round++) {
      // Both processes read the account twice in each 5-minute window.
      const results = await Promise.allSettled([first, second, first, second].map((d) => syncAccount(d.db, account, { box, clock })));
      for (const r of results) if (r.status === 'fulfilled') stored += r.value.stored;
      now += FIVE_MINUTES;
    }
    for (const c of fake.calls.filter((x) => x.api === 'getDevRealKpi')) {
      const w = windowOf(c.at, FIVE_MINUTES);
      perWindow.set(w, (perWindow.get(w) ?? 0) + 1);
    }
    // 250 inverters: roundup(250/100) = 3 calls of getDevRealKpi per 5 minutes, no more, and never a 407.
    expect([...perWindow.values()]).toEqual([3, 3, 3]);
    expect(fake.overQuota).toBe(0);
    expect(fake.calls.filter((x) => x.api === 'getDevRealKpi').every((x) => String(x.body.devIds).split(',').length <= 100)).toBe(true);
    expect(stored).toBe(750);
    const [row] = await first.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, account.id));
    expect(row.last_success_at).not.toBeNull();
    const [{ n }] = await rows<{ n: number }>(first.db, sql`select count(*)::int as n from measurements m
      join vendor_devices d on d.investor_id = m.investor_id where d.account_id = ${account.id} and m.energy_total_wh = 767040`);
    expect(n).toBe(750);
  });
});
