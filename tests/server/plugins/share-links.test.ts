/**
 * Share links: who may make, list and revoke them; the token kept only as its hash; what the public
 * page reads with it (the plant's own figures, nothing of its owner, nothing of another plant); its
 * expired, revoked and unknown answers; the rate limit; and an access test over every endpoint of
 * the contract: the token opens nothing else.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { call, plantTree, type Tree } from '../../../testing/fixtures.js';
import type { Db } from '../../../server/db/client.js';
import { communes, powerPlants, shareLinks } from '../../../server/db/schema.js';
import { storeReadings } from '../../../server/measurements/store.js';
import { allEndpoints } from '../../../contract/index.js';
import { SHARE_READS_PER_MINUTE } from '../../../server/plugins/share-links/index.js';

let ctx: TestContext;
let db: Db;
let staff: string;
let owner: { user: { id: number; first_name: string; last_name: string }; token: string };
let neighbour: string;
let plantA: Tree;
let plantB: Tree;
const MIN = 60_000;
const DAY = 86_400_000;

const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const create = (token: string, plant: number, payload: object) => call(ctx, token, 'POST', `/share-link/plant/${plant}`, { payload });
const shared = (token: string, path = '') => call(ctx, null, 'GET', `/share/${token}${path}`);

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  owner = await ctx.userWithToken({ first_name: 'Marta', last_name: 'Rojas' });
  neighbour = (await ctx.userWithToken()).token;
  plantA = await plantTree(db, { user: owner.user.id });
  plantB = await plantTree(db, { user: owner.user.id });
  const [maipu] = await db.select().from(communes).where(eq(communes.name, 'Maipú'));
  await db.update(powerPlants).set({ commune: maipu.id, address: 'Pasaje Los Aromos 1234', name: 'Casa Rojas' }).where(eq(powerPlants.id, plantA.plant));
  // Two readings of today on A, 10 kWh apart; B produced 2 kWh.
  const t = Math.floor((Date.now() - MIN) / (5 * MIN)) * 5 * MIN;
  await storeReadings(db, [
    { investor: plantA.investors[0].id, ts: new Date(t - 10 * MIN), ac_power_w: 5000, energy_total_wh: 1_000_000 },
    { investor: plantA.investors[0].id, ts: new Date(t), ac_power_w: 6000, energy_total_wh: 1_010_000 },
    { investor: plantB.investors[0].id, ts: new Date(t - 10 * MIN), ac_power_w: 700, energy_total_wh: 50_000 },
    { investor: plantB.investors[0].id, ts: new Date(t), ac_power_w: 800, energy_total_wh: 52_000 },
  ]);
});
afterAll(() => ctx?.close());

describe('making and listing links', () => {
  it("lets the plant's owner make a link whose token is shown once and kept only as its SHA-256", async () => {
    const res = await create(owner.token, plantA.plant, { expires_at: inDays(30) });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).toMatchObject({ plant: plantA.plant, state: 'active', revoked_at: null, last_opened_at: null, title: null,
      created_by: { id: owner.user.id, name: 'Marta Rojas' } });
    const [row] = await db.select().from(shareLinks).where(eq(shareLinks.id, res.body.id));
    expect(row.token_hash).toBe(createHash('sha256').update(res.body.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(res.body.token);

    const list = await call(ctx, owner.token, 'GET', `/share-link/plant/${plantA.plant}`);
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ id: res.body.id, state: 'active', created_by: { name: 'Marta Rojas' } });
    expect(list.body[0]).not.toHaveProperty('token');
  });

  it('lets staff make and list links of any plant', async () => {
    expect((await create(staff, plantB.plant, { expires_at: inDays(1) })).status).toBe(201);
    expect((await call(ctx, staff, 'GET', `/share-link/plant/${plantB.plant}`)).body.length).toBeGreaterThan(0);
  });

  it('refuses an expiry missing, past or beyond a year', async () => {
    expect(await create(owner.token, plantA.plant, {})).toMatchObject({ status: 400, body: { expires_at: [expect.any(String)] } });
    expect(await create(owner.token, plantA.plant, { expires_at: inDays(-1) })).toMatchObject({ status: 400, body: { expires_at: [expect.any(String)] } });
    expect(await create(owner.token, plantA.plant, { expires_at: inDays(367) })).toMatchObject({ status: 400, body: { expires_at: [expect.any(String)] } });
    expect(await create(owner.token, plantA.plant, { expires_at: 'mañana' })).toMatchObject({ status: 400, body: { expires_at: [expect.any(String)] } });
    expect((await create(owner.token, plantA.plant, { expires_at: inDays(365) })).status).toBe(201);
  });

  it("gives another customer neither the plant's links nor a way to make or revoke one", async () => {
    const link = (await create(owner.token, plantA.plant, { expires_at: inDays(3) })).body;
    expect((await call(ctx, neighbour, 'GET', `/share-link/plant/${plantA.plant}`)).status).toBe(404);
    expect((await create(neighbour, plantA.plant, { expires_at: inDays(3) })).status).toBe(404);
    expect((await call(ctx, neighbour, 'POST', `/share-link/${link.id}/revoke`)).status).toBe(404);
    expect((await shared(link.token)).status).toBe(200);
    expect((await call(ctx, null, 'GET', `/share-link/plant/${plantA.plant}`)).status).toBe(401);
  });
});

describe('the shared page', () => {
  it("answers the plant's figures as its monitoring page has them, and nothing of its owner", async () => {
    const { token } = (await create(owner.token, plantA.plant, { expires_at: inDays(7) })).body;
    const res = await shared(token);
    expect(res.status).toBe(200);
    const snapshot = (await call(ctx, owner.token, 'GET', `/v2/last/measurement/all/data/${plantA.plant}`)).body;
    expect(res.body).toEqual({
      name: 'Casa Rojas', commune: 'Maipú', capacity_kwp: 6,
      timestamp: snapshot.timestamp, online: true, power_w: 6000,
      energy_today_wh: snapshot.energy_today_wh, energy_month_wh: snapshot.energy_month_wh,
      co2_avoided_kg: { today: snapshot.co2_avoided_kg.today, total: snapshot.co2_avoided_kg.total },
      period: { time_zone: snapshot.period.time_zone, today: snapshot.period.today, month: snapshot.period.month },
      expires_at: expect.any(String),
    });
    expect(res.body.energy_today_wh).toBe(10_000);
    const text = JSON.stringify(res.body);
    for (const secret of ['Aromos', 'Marta', 'Rojas@', owner.user.last_name + ' ']) expect(text).not.toContain(secret);

    const [y, m, d] = snapshot.period.today.split('-').map(Number);
    const history = (await call(ctx, owner.token, 'GET', `/v2/measurement/${plantA.plant}?year=${y}&month=${m}&day=${d}`)).body;
    const curve = await shared(token, '/curve');
    expect(curve.status).toBe(200);
    expect(curve.body).toEqual(history.map((p: { ts: string; power_w: number | null }) => ({ ts: p.ts, power_w: p.power_w })));
    expect(curve.body.some((p: { power_w: number | null }) => p.power_w === 6000)).toBe(true);
  });

  it('shows the title chosen instead of the plant name', async () => {
    const { token } = (await create(owner.token, plantA.plant, { expires_at: inDays(7), title: ' Escuela Los Aromos ' })).body;
    expect((await shared(token)).body.name).toBe('Escuela Los Aromos');
  });

  it("never shows another plant with a link's token", async () => {
    const a = (await create(owner.token, plantA.plant, { expires_at: inDays(7) })).body.token;
    const b = (await create(owner.token, plantB.plant, { expires_at: inDays(7) })).body.token;
    const [ra, rb] = [await shared(a), await shared(b)];
    expect(ra.body).toMatchObject({ name: 'Casa Rojas', power_w: 6000, energy_today_wh: 10_000 });
    expect(rb.body).toMatchObject({ name: expect.not.stringMatching('Casa Rojas'), power_w: 800, energy_today_wh: 2000 });
    const curveA = (await shared(a, '/curve')).body.map((p: { power_w: number | null }) => p.power_w);
    expect(curveA).not.toContain(800);
  });

  it('notes when a link was last opened, at most once a minute', async () => {
    const link = (await create(owner.token, plantA.plant, { expires_at: inDays(7) })).body;
    await shared(link.token);
    const opened = (await call(ctx, owner.token, 'GET', `/share-link/plant/${plantA.plant}`)).body.find((l: { id: number }) => l.id === link.id);
    expect(Date.now() - Date.parse(opened.last_opened_at)).toBeLessThan(MIN);
    await db.update(shareLinks).set({ last_opened_at: sql`now() - interval '30 seconds'` }).where(eq(shareLinks.id, link.id));
    const [before] = await db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    await shared(link.token, '/curve');
    const [after] = await db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(after.last_opened_at).toEqual(before.last_opened_at);
  });

  it('says a revoked, an expired and an unknown link apart', async () => {
    const link = (await create(owner.token, plantA.plant, { expires_at: inDays(7) })).body;
    const revoked = await call(ctx, owner.token, 'POST', `/share-link/${link.id}/revoke`);
    expect(revoked).toMatchObject({ status: 200, body: { state: 'revoked', revoked_at: expect.any(String) } });
    for (const path of ['', '/curve']) {
      expect(await shared(link.token, path)).toMatchObject({ status: 410, body: { code: 'revoked', detail: expect.any(String) } });
    }
    // Revoking again keeps the first time.
    expect((await call(ctx, staff, 'POST', `/share-link/${link.id}/revoke`)).body.revoked_at).toBe(revoked.body.revoked_at);

    const old = (await create(owner.token, plantA.plant, { expires_at: inDays(1) })).body;
    await db.update(shareLinks).set({ expires_at: new Date(Date.now() - MIN) }).where(eq(shareLinks.id, old.id));
    expect(await shared(old.token)).toMatchObject({ status: 410, body: { code: 'expired' } });
    const listed = (await call(ctx, owner.token, 'GET', `/share-link/plant/${plantA.plant}`)).body;
    expect(listed.find((l: { id: number }) => l.id === old.id).state).toBe('expired');

    expect(await shared('A'.repeat(43))).toMatchObject({ status: 404, body: { code: 'unknown' } });
    expect((await call(ctx, owner.token, 'POST', '/share-link/999999/revoke')).status).toBe(404);
  });
});

describe('what the token opens', () => {
  it('opens no endpoint but the shared page, as a bearer token or as a query parameter', async () => {
    const { token } = (await create(owner.token, plantA.plant, { expires_at: inDays(7) })).body;
    const endpoints = allEndpoints().filter((e) => e.access !== 'public');
    expect(endpoints.length).toBeGreaterThan(100);
    for (const e of endpoints) {
      // Every parameter is the shared plant's id (a plant, its project...), or the token where a text is taken.
      const path = e.path.replace(/:(\w+)/g, (_, name: string) => (/id$|^pk$|plant|project/i.test(name) ? String(plantA.plant) : token));
      for (const [bearer, url] of [[token, path], [null, `${path}${path.includes('?') ? '&' : '?'}token=${token}&share=${token}`]] as const) {
        const res = await ctx.request(bearer, { method: e.method, url: `/api${url}`, payload: ['GET', 'DELETE'].includes(e.method) ? undefined : {} });
        expect([401, 403], `${e.method} ${url} (${bearer ? 'bearer' : 'query'})`).toContain(res.statusCode);
      }
    }
  });
});

describe('the rate limit', () => {
  it('answers 429 past the reads an address may make in a minute, unknown tokens included', async () => {
    const statuses: number[] = [];
    // An address of its own: the other tests' reads came from the default one.
    const read = () => ctx.request(null, { method: 'GET', url: '/api/share/unknown-token/curve', remoteAddress: '203.0.113.9' });
    for (let i = 0; i <= SHARE_READS_PER_MINUTE; i++) statuses.push((await read()).statusCode);
    expect(statuses.slice(0, SHARE_READS_PER_MINUTE).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
