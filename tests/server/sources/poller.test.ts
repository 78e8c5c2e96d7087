/**
 * The vendor accounts' schedule (server/sources/poller.ts): each interval every account is read once
 * in all, even by two processes polling at once; an account whose credentials were refused is left
 * alone until its retry time, and its failure does not stop the others.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { investors, powerPlants, projects, vendorAccounts, vendorDevices, vendorStations } from '../../../server/db/schema.js';
import { credentialsBox } from '../../../server/sources/credentials.js';
import { pollAccounts } from '../../../server/sources/poller.js';
import { openTestDatabase } from '../../../testing/harness.js';
import { startHuaweiFake, type HuaweiFake } from '../../../testing/vendors/huawei-fake.js';

const INTERVAL = 300_000;
let database: Database;
let fake: HuaweiFake;
let now = Date.now();
const clock = () => now;
const box = credentialsBox('p'.repeat(40));
const poll = (worker = 'a') => pollAccounts(database.db, { box, clock, intervalMs: INTERVAL, worker });

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startHuaweiFake({ now: clock });
});
afterAll(async () => {
  await fake?.close();
  await database?.close();
});

async function account(systemCode: string) {
  const db = database.db;
  const [row] = await db.insert(vendorAccounts).values({ vendor: 'huawei', label: systemCode, base_url: fake.baseUrl, credentials: box.seal({ userName: fake.userName, systemCode }) }).returning();
  const [project] = await db.insert(projects).values({ name: `P ${row.id}` }).returning();
  const [plant] = await db.insert(powerPlants).values({ project: project.id, name: `Planta ${row.id}` }).returning();
  const [inv] = await db.insert(investors).values({ plant: plant.id, name: 'SUN2000', serial_number: 'ensCode2' }).returning();
  await db.insert(vendorStations).values({ account: row.id, code: 'StationCode', plant: plant.id });
  await db.insert(vendorDevices).values({ account: row.id, station: 'StationCode', device_id: '1000000000000002', kind: 'inverter', vendor_type: 1, investor: inv.id });
  return row.id;
}

describe('the vendor accounts schedule', () => {
  it('reads each account once an interval, leaves a refused one alone until its retry time, and goes on with the others', async () => {
    const refused = await account('equivocada');
    const good = await account(fake.systemCode);
    const first = await Promise.all([poll('a'), poll('b')]);
    expect(first.flat().sort((x, y) => x.account - y.account)).toEqual([
      { account: refused, error: 'credentials' }, { account: good, stored: 1, failed: 0 },
    ]);
    expect(await poll('a')).toEqual([]);

    const [row] = await database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, refused));
    expect(row.last_error_kind).toBe('credentials');
    // Refused credentials are not tried again for an hour (Huawei locks a user after 5 wrong passwords in 10 minutes).
    expect(row.retry_at!.getTime()).toBe(now + 3_600_000);
    now += INTERVAL;
    fake.resetQuota();
    expect((await poll('b')).map((r) => r.account)).toEqual([good]);

    // A spent quota is left alone until its retry time.
    now += INTERVAL;
    fake.gateway403 = true;
    expect(await poll('a')).toEqual(expect.arrayContaining([{ account: good, error: 'quota' }]));
    fake.gateway403 = false;
    now += INTERVAL / 2;
    expect((await poll('a')).map((r) => r.account)).not.toContain(good);
    now += INTERVAL;
    expect(await poll('a')).toEqual(expect.arrayContaining([{ account: good, stored: 1, failed: 0 }]));
  });
});
