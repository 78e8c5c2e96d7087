/**
 * The site agent end to end: fake SunSpec devices (modbus-serial's server, testing/sunspec-device.ts)
 * → the agent and its buffer → the site's link (testing/ingest-link.ts) → the real portal (the test
 * harness's app, listening), whose push ingest stores each reading once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reservePort } from '../../testing/ports.js';
import { createTestContext, type TestContext } from '../../testing/harness.js';
import { call, plantTree, query } from '../../testing/fixtures.js';
import { hybridImage, meterImage, recordedImage, serveDevices, type FakeDevices } from '../../testing/sunspec-device.js';
import { ingestLink, type IngestLink } from '../../testing/ingest-link.js';
import { DAY, startFroniusReplay } from '../../testing/fronius-replay.js';
import { Agent } from '../../agent/agent.js';
import type { AgentConfig } from '../../agent/config.js';
import type { Clock, Log } from '../../agent/buffer/forward.js';
import { VERSION } from '../../agent/version.js';

// A port of its own (testing/ports.ts): no other suite's server takes it meanwhile.
const PORT = reservePort();
let ctx: TestContext;
let devices: FakeDevices;
let link: IngestLink;
let key: string;
let serials: Record<string, number>;
const dirs: string[] = [];
const quiet: Log = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = (await ctx.userWithToken({ is_staff: true })).token;
  const tree = await plantTree(ctx.database.db, { inverters: 2 });
  serials = { 'HYB-0001': tree.investors[0].id, 3000000001: tree.investors[1].id };
  for (const [serial, id] of Object.entries(serials)) await query(ctx.database.db, sql`update investors set serial_number = ${serial} where id = ${id}`);
  key = (await call(ctx, staff, 'POST', `/power-plant/${tree.plant}/api-keys`, { payload: { name: 'Agente' } })).body.key;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  link = await ingestLink(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
  const sma = recordedImage();
  devices = await serveDevices(PORT, { 1: hybridImage('HYB-0001'), [sma.unit]: sma, 5: hybridImage('HYB-SILENT'), 200: meterImage() });
  devices.silent.add(5);
});
afterAll(async () => {
  await link?.close();
  await devices?.close();
  await ctx?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  link.up = true;
  link.onAnswer = null;
  link.pushes.length = 0;
  link.statuses.length = 0;
});

const bufferDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-test-'));
  dirs.push(dir);
  return dir;
};
const config = (over: Partial<AgentConfig> = {}): AgentConfig => ({
  portal: link.url, key, fronius: [], interval: 60, buffer: bufferDir(), bufferBudgetMb: 10, timeoutMs: 1500, batch: 500,
  sunspec: [1, 126].map((unit) => ({ host: '127.0.0.1', port: PORT, unit })), ...over,
});
/** A clock the test moves: wall time from `start`, monotonic time from 0. */
const fakeClock = (start: number) => {
  let elapsed = 0;
  const clock: Clock & { advance(ms: number): void; set(now: number): void } = {
    now: () => start + elapsed, mono: () => elapsed,
    advance: (ms) => { elapsed += ms; },
    set: (now) => { start = now - elapsed; },
  };
  return clock;
};
const storedAt = (from: Date) => query<{ investor: number; ts: Date; ac_power_w: number }>(ctx.database.db, sql`
  select investor_id as investor, ts, ac_power_w from measurements where ts >= ${from.toISOString()} order by investor_id, ts`);

describe('site agent', () => {
  it('reads every device on time when one of them stops answering', async () => {
    const agent = new Agent(config({ sunspec: [1, 126, 5].map((unit) => ({ host: '127.0.0.1', port: PORT, unit })) }), undefined, quiet);
    const started = performance.now();
    let done = false;
    const round = agent.readRound().then(() => { done = true; });
    while (agent.buffer.backlog < 2) await new Promise((r) => setTimeout(r, 10));
    // Both answering devices are in the buffer long before the silent one's 1.5 s timeout.
    expect(performance.now() - started).toBeLessThan(700);
    expect(done).toBe(false);
    await round;
    expect(agent.devices.map((d) => [d.ok, d.lastError])).toEqual([[true, null], [true, null], [false, `no answer from 127.0.0.1:${PORT}/5 in 1500 ms`]]);
    expect(agent.buffer.peek(10).entries.map((e) => e.point.investor).sort()).toEqual(['3000000001', 'HYB-0001']);
    agent.stop();
  });

  it('reports its version, the devices it reads and its backlog to the portal, which keeps them for the plant', async () => {
    const agent = new Agent(config({ name: 'rpi-test', sunspec: [1, 126, 5].map((unit) => ({ host: '127.0.0.1', port: PORT, unit })) }), undefined, quiet);
    await agent.readRound();
    expect(await agent.reportStatus()).toBe(true);
    const [sent] = link.statuses;
    expect(sent.status).toBe(204);
    expect(sent.body).toMatchObject({
      agent: 'rpi-test', version: VERSION,
      devices: [
        { address: `127.0.0.1:${PORT}/1`, kind: 'inverter', manufacturer: 'Fronius', model: 'Symo GEN24 6.0 Plus', serial: 'HYB-0001', rated_power_w: 6000, mppts: 2, ok: true, last_error: null },
        { address: `127.0.0.1:${PORT}/126`, kind: 'inverter', manufacturer: 'SMA', serial: '3000000001', ok: true },
        { address: `127.0.0.1:${PORT}/5`, kind: 'other', serial: null, ok: false, last_error: `no answer from 127.0.0.1:${PORT}/5 in 1500 ms` },
      ],
      backlog: { readings: 2, oldest_at: expect.any(String) },
    });
    expect((sent.body as { devices: { models: number[] }[] }).devices[0].models).toEqual(expect.arrayContaining([1, 103, 120, 124, 160]));
    const [row] = await query(ctx.database.db, sql`select version, backlog from site_agents where agent = 'rpi-test'`);
    expect(row).toEqual({ version: VERSION, backlog: 2 });

    agent.stop();

    // Running, it reports by itself (a device that never answers: no reading reaches the other tests' plant).
    const running = new Agent(config({ name: 'rpi-test', sunspec: [{ host: '127.0.0.1', port: PORT, unit: 5 }] }), undefined, quiet);
    link.statuses.length = 0;
    running.start();
    const end = Date.now() + 10_000;
    while (!link.statuses.length && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    running.stop();
    expect(link.statuses[0]?.status).toBe(204);
  });

  it("gives a meter's figures, when the meter is a device of its own, to the inverter's readings", async () => {
    const agent = new Agent(config({ sunspec: [126, 200].map((unit) => ({ host: '127.0.0.1', port: PORT, unit })) }), undefined, quiet);
    await agent.readRound();
    await agent.readRound();
    const points = agent.buffer.peek(10).entries.map((e) => e.point);
    // Only the inverter makes readings; the second has the meter's last figures (float model 213).
    expect(points).toHaveLength(2);
    expect(points[1]).toMatchObject({ investor: '3000000001', ac_power_w: 830, grid_import_w: 2340, grid_export_w: 0, consumption_w: 3170 });
    agent.stop();
  });

  it('keeps reading while the portal is away for 10 minutes, then sends it all, in order, stored once', async () => {
    const start = Date.now() - 3 * 3600_000;
    const clock = fakeClock(start);
    const agent = new Agent(config({ batch: 5 }), clock, quiet);
    link.up = false;
    for (let minute = 0; minute <= 10; minute++) {
      await agent.readRound();
      expect(await agent.forwarder.drain()).toBe('failed');
      clock.advance(60_000);
    }
    expect(agent.buffer.backlog).toBe(22);
    expect(await storedAt(new Date(start))).toEqual([]);

    link.up = true;
    expect(await agent.forwarder.drain()).toBe('empty');
    expect(agent.buffer.backlog).toBe(0);
    const sent = link.pushes.flatMap((p) => p.points.map((point) => Date.parse(point.ts)));
    expect(sent).toHaveLength(22);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(link.pushes.every((p) => p.points.length <= 5)).toBe(true);
    const rows = await storedAt(new Date(start));
    const minutes = Array.from({ length: 11 }, (_, m) => new Date(start + m * 60_000).toISOString());
    expect(rows.map((r) => [r.investor, new Date(r.ts).toISOString()])).toEqual([
      ...minutes.map((ts) => [serials['HYB-0001'], ts]), ...minutes.map((ts) => [serials['3000000001'], ts]),
    ].sort((a, b) => Number(a[0]) - Number(b[0])));
    expect(agent.forwarder.stats).toMatchObject({ stored: 22, duplicates: 0, rejected: 0 });
    agent.stop();
  });

  it('holds the readings of an unset clock and files them at their right instant once it is set', async () => {
    const clock = fakeClock(Date.parse('1970-01-01T00:00:10Z'));
    const agent = new Agent(config(), clock, quiet);
    await agent.readRound();
    expect(agent.buffer.peek(10).entries.every((e) => e.held && e.point.ts === '')).toBe(true);
    expect(await agent.forwarder.drain()).toBe('held');
    clock.advance(90_000);
    // NTP answers: the reading was taken 90 s before this instant.
    const now = Date.now() - 3600_000;
    clock.set(now);
    expect(await agent.forwarder.drain()).toBe('empty');
    const rows = await storedAt(new Date(now - 100_000));
    expect(rows.map((r) => new Date(r.ts).getTime())).toEqual([now - 90_000, now - 90_000]);
    agent.stop();
  });

  it("reads a Fronius datalogger on the site's network with the portal's own client", async () => {
    const datalogger = await startFroniusReplay('day');
    try {
      const clock = fakeClock(Date.now() - 5 * 3600_000);
      const agent = new Agent(config({ sunspec: [], fronius: [{ url: datalogger.address, device: 1, investor: 'HYB-0001' }] }), clock, quiet);
      await agent.readRound();
      expect(await agent.forwarder.drain()).toBe('empty');
      const [row] = await query(ctx.database.db, sql`select * from measurements where investor_id = ${serials['HYB-0001']} and ts = ${new Date(clock.now()).toISOString()}`);
      expect(row).toMatchObject({
        ac_power_w: DAY.pac, pv_power_w: DAY.pPv, grid_import_w: 0, grid_export_w: -DAY.pGrid, consumption_w: -DAY.pLoad, battery_power_w: -DAY.pAkku,
      });
      expect(row.dc).toEqual([expect.objectContaining({ mppt: 1, voltage_v: DAY.udc, current_a: DAY.idc }), expect.objectContaining({ mppt: 2, voltage_v: DAY.udc2, current_a: DAY.idc2 })]);
      agent.stop();
    } finally {
      await datalogger.close();
    }
  });

  it('loses nothing and stores nothing twice when killed (-9) in the middle of a batch', async () => {
    const dir = bufferDir();
    const args = ['--import', 'tsx', 'agent/main.ts', '--portal', link.url, '--key', key, '--buffer', dir, '--interval', '0.1',
      '--sunspec', `127.0.0.1:${PORT}/1`, '--sunspec', `127.0.0.1:${PORT}/126`];
    let output = '';
    const run = () => {
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout!.on('data', (c) => { output += c; });
      child.stderr!.on('data', (c) => { output += c; });
      return { child, exited: new Promise<void>((resolve) => child.once('exit', () => resolve())) };
    };
    const until = async (what: () => boolean, ms = 8000) => {
      const end = Date.now() + ms;
      while (!what()) {
        if (Date.now() > end) throw new Error(`timed out; agent said:\n${output}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    // The link is down while a backlog builds; the first batch to get through is stored by the
    // portal, and the agent is killed before it hears so.
    link.up = false;
    const first = run();
    // tsx compiles the agent at start: seconds on a loaded machine.
    await until(() => /agent started/.test(output), 30_000);
    await new Promise((r) => setTimeout(r, 600));
    let killed: ChildProcess | null = null;
    link.onAnswer = async () => {
      killed = first.child;
      first.child.kill('SIGKILL');
      await first.exited;
      link.onAnswer = null;
      return false;
    };
    link.up = true;
    await until(() => killed !== null);
    await first.exited;
    const batch = link.pushes[0];
    expect(batch.points.length).toBeGreaterThan(4);
    expect(batch.answer).toMatchObject({ stored: batch.points.length, duplicates: 0 });

    // Started again: the unacknowledged batch goes again, and the portal counts it as duplicates.
    const second = run();
    await until(() => link.pushes.length >= 3, 30_000);
    second.child.kill('SIGTERM');
    await second.exited;
    const again = link.pushes[1];
    expect(again.points.slice(0, batch.points.length)).toEqual(batch.points);
    expect(again.answer!.duplicates).toBe(batch.points.length);

    const keyOf = (p: { investor: string | number; ts: string }) => `${serials[p.investor]}@${Date.parse(p.ts)}`;
    const pushed = new Set(link.pushes.flatMap((p) => p.points.map(keyOf)));
    const from = new Date(Math.min(...link.pushes.flatMap((p) => p.points.map((point) => Date.parse(point.ts)))));
    const rows = await storedAt(from);
    expect(rows.map((r) => `${r.investor}@${new Date(r.ts).getTime()}`).sort()).toEqual([...pushed].sort());
    expect(rows.length).toBe(link.pushes.reduce((n, p) => n + (p.answer?.stored ?? 0), 0));
  }, 60_000);
});
