/**
 * MQTT ingest (server/plugins/push/mqtt.ts) against real Mosquitto brokers: the shared one on
 * 127.0.0.1:1883 (a random topic prefix and client id per suite), and one of this suite's own on
 * port 3169, with persistence, restarted mid-stream.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../testing/harness.js';
import { call, plantTree, query, type Tree } from '../../../../testing/fixtures.js';
import { INGEST_BODY_LIMIT } from '../../../../server/domain/ingest.js';

const OWN_PORT = 3169;

/** Waits (polling) until `check` returns something truthy; fails with `what` after `ms`. */
async function until<T>(what: string, check: () => Promise<T>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function publisher(url: string): Promise<MqttClient> {
  const client = mqtt.connect(url, { clientId: `pub-${randomBytes(4).toString('hex')}`, reconnectPeriod: 200 });
  await new Promise<void>((resolve, reject) => { client.once('connect', () => resolve()); client.once('error', reject); });
  return client;
}

interface Suite { ctx: TestContext; staff: string; tree: Tree; key: { id: number; key: string }; prefix: string; topic: string }

async function suite(url: string): Promise<Suite> {
  const prefix = `test-i13-${randomBytes(4).toString('hex')}`;
  const ctx = await createTestContext({ MQTT_URL: url, MQTT_TOPIC_PREFIX: prefix, MQTT_CLIENT_ID: `portal-${prefix}` });
  const staff = (await ctx.userWithToken({ is_staff: true })).token;
  const tree = await plantTree(ctx.database.db);
  const key = (await call(ctx, staff, 'POST', `/power-plant/${tree.plant}/api-keys`, { payload: { name: 'Gateway' } })).body;
  await until('the subscriber to connect', async () => (await call(ctx, staff, 'GET', '/push/mqtt')).body.connected);
  // The key's topic, as staff see it on the plant's ways in.
  const { topic } = (await call(ctx, staff, 'GET', `/power-plant/${tree.plant}/ways-in`)).body.mqtt[0];
  return { ctx, staff, tree, key, prefix, topic };
}

const stored = async (s: Suite) =>
  (await query(s.ctx.database.db, sql`select count(*)::int as n from measurements where investor_id = ${s.tree.investors[0].id}`))[0].n as number;
const point = (s: Suite, i: number) => ({ investor: s.tree.investors[0].id, ts: new Date(Date.now() - 3 * 3_600_000 + i * 60_000).toISOString(), ac_power_w: 100 + i });
const publish = (client: MqttClient, topic: string, body: unknown) =>
  client.publishAsync(topic, typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });

describe('MQTT on the shared broker', () => {
  let s: Suite;
  let pub: MqttClient;
  beforeAll(async () => {
    s = await suite('mqtt://127.0.0.1:1883');
    pub = await publisher('mqtt://127.0.0.1:1883');
  }, 180_000);
  afterAll(async () => { await pub?.endAsync(); await s?.ctx.close(); });

  it('stores the points of a message on a key\'s topic: {points}, a list, or one point', async () => {
    const topic = s.topic;
    await publish(pub, topic, { points: [point(s, 0), point(s, 1)] });
    await publish(pub, topic, [point(s, 2)]);
    await publish(pub, topic, point(s, 3));
    await until('4 points stored', async () => (await stored(s)) === 4);
    const latest = await call(s.ctx, s.staff, 'GET', `/investor/measurements/${s.tree.investors[0].id}`);
    expect(latest.body.flat()[0]).toMatchObject({ ac_power_w: 103 });
    const status = (await call(s.ctx, s.staff, 'GET', '/push/mqtt')).body;
    expect(status).toMatchObject({ enabled: true, connected: true, broker: 'mqtt://127.0.0.1:1883', topic: `${s.prefix}/+/points`, received: 3, stored: 4, bad: 0 });
    const ways = (await call(s.ctx, s.staff, 'GET', `/power-plant/${s.tree.plant}/ways-in`)).body;
    expect(ways.mqtt).toEqual([{ key: s.key.id, name: 'Gateway', broker: 'mqtt://127.0.0.1:1883', topic: s.topic, last_delivered_at: expect.any(String) }]);
    // Named by 122 random bits (32 hex digits), not by the key's id.
    expect(s.topic).toMatch(new RegExp(`^${s.prefix}/[0-9a-f]{32}/points$`));
  });

  it('counts a bad message, shows its error to staff, and takes the next good one', async () => {
    const topic = s.topic;
    const before = await stored(s);
    await publish(pub, topic, '{"points": [');
    await publish(pub, topic, { points: [{ ...point(s, 10), ac_power_w: 'mucho' }] });
    await publish(pub, `${s.prefix}/999999/points`, { points: [point(s, 11)] });
    await publish(pub, topic, { points: [point(s, 12)] });
    await until('the good point stored', async () => (await stored(s)) === before + 1);
    const status = (await call(s.ctx, s.staff, 'GET', '/push/mqtt')).body;
    expect(status).toMatchObject({ connected: true, bad: 3, last_error: expect.stringMatching(/999999/) });
    const rejects = await call(s.ctx, s.staff, 'GET', '/push/mqtt/rejects');
    expect(rejects.status).toBe(200);
    expect(rejects.body.map((r: { error: string }) => r.error)).toEqual([
      expect.stringMatching(/999999/), expect.stringMatching(/ac_power_w/), expect.stringMatching(/JSON/),
    ]);
    expect(rejects.body[2]).toMatchObject({ source: 'mqtt', origin: topic, body: '{"points": [', plant: null });
    expect(rejects.body[1].plant).toBe(s.tree.plant);
    expect((await call(s.ctx, s.staff, 'GET', `/power-plant/${s.tree.plant}/push-rejects`)).body).toHaveLength(1);
  });

  it("does not take the key's id as its topic: a topic cannot be guessed", async () => {
    const before = await stored(s);
    const bad = (await call(s.ctx, s.staff, 'GET', '/push/mqtt')).body.bad;
    await publish(pub, `${s.prefix}/${s.key.id}/points`, { points: [point(s, 40)] });
    await publish(pub, `${s.prefix}/${'0'.repeat(32)}/points`, { points: [point(s, 41)] });
    await until('both refused', async () => (await call(s.ctx, s.staff, 'GET', '/push/mqtt')).body.bad === bad + 2);
    expect(await stored(s)).toBe(before);
  });

  it('refuses a message over the HTTP push limit before reading it, and keeps only its first 64 kB', async () => {
    const topic = s.topic;
    const before = await stored(s);
    const bad = (await call(s.ctx, s.staff, 'GET', '/push/mqtt')).body.bad;
    // A good point, padded past the limit: read, it would be stored.
    const body = JSON.stringify({ points: [point(s, 30)] }).replace(/}$/, `${' '.repeat(INGEST_BODY_LIMIT)}}`);
    await publish(pub, topic, body);
    await until('the message refused', async () => (await call(s.ctx, s.staff, 'GET', '/push/mqtt')).body.bad === bad + 1);
    expect(await stored(s)).toBe(before);
    const [kept] = (await call(s.ctx, s.staff, 'GET', '/push/mqtt/rejects')).body;
    expect(kept).toMatchObject({ plant: s.tree.plant, error: `Mensaje demasiado grande: ${body.length} bytes (máximo ${INGEST_BODY_LIMIT}).` });
    expect(kept.body.length).toBe(64 * 1024);
  }, 60_000);

  it('keeps the newest 100 refused messages of a plant (or of none), none older than 30 days', async () => {
    const topic = s.topic;
    // Messages that are not JSON are kept with no plant (as those of unknown topics): bounded the same.
    const kept = async () => (await query(s.ctx.database.db, sql`select id, body from push_rejects where plant_id is null and source = 'mqtt' order by id`));
    for (let i = 0; i < 105; i++) await publish(pub, topic, `no es JSON ${i}`);
    await until('105 refused', async () => (await kept()).some((r) => r.body === 'no es JSON 104'), 90_000);
    const rows = await kept();
    expect(rows).toHaveLength(100);
    expect(rows[0].body).toBe('no es JSON 5');
    // One grown old: gone as the next one is kept.
    await s.ctx.database.db.execute(sql`update push_rejects set created_at = now() - interval '31 days' where id = ${rows[50].id}`);
    await publish(pub, topic, 'no es JSON 105');
    await until('106 refused', async () => (await kept()).some((r) => r.body === 'no es JSON 105'));
    const after = (await kept()).map((r) => r.body);
    expect(after).toHaveLength(99);
    expect(after).not.toContain(rows[50].body);
    expect(after).not.toContain('no es JSON 5');
  }, 150_000);

  it('closes a revoked key\'s topic', async () => {
    const topic = s.topic;
    const before = await stored(s);
    expect((await call(s.ctx, s.staff, 'DELETE', `/power-plant/api-keys/${s.key.id}`)).status).toBe(204);
    const bad = (await call(s.ctx, s.staff, 'GET', '/push/mqtt')).body.bad;
    await publish(pub, topic, { points: [point(s, 20)] });
    await until('the message refused', async () => (await call(s.ctx, s.staff, 'GET', '/push/mqtt')).body.bad === bad + 1);
    expect(await stored(s)).toBe(before);
  });
});

describe('MQTT across a broker restart', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'i13-push-mosquitto-'));
  let broker: ChildProcess | null = null;
  const url = `mqtt://127.0.0.1:${OWN_PORT}`;

  // Mosquitto started as root drops to its own user, which must be able to write its database here.
  fs.chmodSync(dir, 0o777);
  async function startBroker() {
    fs.writeFileSync(path.join(dir, 'mosquitto.conf'), [
      `listener ${OWN_PORT} 127.0.0.1`, 'allow_anonymous true', 'persistence true', `persistence_location ${dir}/`,
    ].join('\n') + '\n');
    broker = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    await until('mosquitto to listen', () => new Promise<boolean>((resolve) => {
      const socket = net.connect(OWN_PORT, '127.0.0.1', () => { socket.destroy(); resolve(true); });
      socket.on('error', () => resolve(false));
    }));
  }
  async function stopBroker() {
    const b = broker;
    broker = null;
    if (!b || b.exitCode !== null) return;
    const exited = new Promise((resolve) => b.once('exit', resolve));
    b.kill('SIGTERM');
    await exited;
  }

  let s: Suite;
  let pub: MqttClient;
  beforeAll(async () => {
    await startBroker();
    s = await suite(url);
    pub = await publisher(url);
  }, 180_000);
  afterAll(async () => {
    await pub?.endAsync(true);
    await s?.ctx.close();
    await stopBroker();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loses no acknowledged point when the broker restarts mid-stream', async () => {
    const topic = s.topic;
    const acknowledged: number[] = [];
    const sending: Promise<void>[] = [];
    for (let i = 0; i < 60; i++) {
      if (i === 20) await stopBroker();
      if (i === 35) await startBroker();
      sending.push(publish(pub, topic, { points: [point(s, i)] }).then(() => { acknowledged.push(i); }, () => {}));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await until('every message acknowledged to the publisher', async () => acknowledged.length === 60, 40_000);
    await Promise.all(sending);
    await until('every acknowledged point stored', async () => (await stored(s)) === acknowledged.length, 40_000);
    const rows = await query(s.ctx.database.db, sql`select ac_power_w from measurements where investor_id = ${s.tree.investors[0].id} order by ts`);
    expect(rows.map((r) => r.ac_power_w)).toEqual(acknowledged.sort((a, b) => a - b).map((i) => 100 + i));
    expect((await call(s.ctx, s.staff, 'GET', '/push/mqtt')).body).toMatchObject({ connected: true, bad: 0 });
  }, 120_000);
});
