/**
 * The site agent: every interval it reads each device (SunSpec over Modbus TCP, Fronius Solar API),
 * appends the readings to its buffer, and apart from that a sender forwards the buffer to the portal.
 *
 * - Devices are read in parallel, each under its own timeout, and each reading is buffered as soon
 *   as it is in: a device that does not answer delays no other. A device still being read when its
 *   next turn comes is skipped that turn.
 * - Reading never waits for the portal: the sender runs on its own, drains a backlog batch after
 *   batch, and backs off (1 s, doubling to a minute) while the portal is away.
 * - A meter that is a device of its own (a Fronius Smart Meter at unit 200) gives its figures to the
 *   inverter readings that follow it (its last reading, at most two intervals old).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { AgentDevice, AgentStatus } from '../contract/site-agents.js';
import { readFronius } from '../server/measurements/fronius/client.js';
import { ReadingBuffer } from './buffer/buffer.js';
import { Forwarder, systemClock, type Clock, type Entry, type Log } from './buffer/forward.js';
import type { AgentConfig, FroniusSource } from './config.js';
import { formatAddress, readSunSpec, type SunSpecAddress } from './sunspec/reader.js';
import { deviceReading, withMeter, type MeterReading, type Point } from './sunspec/reading.js';
import { BUILD_DATE, VERSION } from './version.js';

type Source = { kind: 'sunspec'; address: SunSpecAddress; name: string } | { kind: 'fronius'; source: FroniusSource; name: string };

export interface DeviceState {
  name: string; ok: boolean | null; lastError: string | null; lastReadAt: number | null; busy: boolean;
  /** What the device said it is at its last good read (reported to the portal: docs/agent.md, "Status"). */
  seen: Omit<AgentDevice, 'address' | 'ok' | 'last_error' | 'last_read_at'> | null;
}

export const consoleLog: Log = {
  info: (msg) => console.log(`${new Date().toISOString()} ${msg}`),
  warn: (msg) => console.warn(`${new Date().toISOString()} ${msg}`),
};

export class Agent {
  readonly buffer: ReadingBuffer<Entry>;
  readonly forwarder: Forwarder;
  readonly devices: DeviceState[];
  private sources: Source[];
  private meter: { reading: MeterReading; at: number } | null = null;
  private boot = randomUUID();
  private timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private config: AgentConfig, private clock: Clock = systemClock, private log: Log = consoleLog) {
    this.buffer = new ReadingBuffer<Entry>(config.buffer, config.bufferBudgetMb * 1024 * 1024, (count) =>
      log.warn(`buffer over its budget of ${config.bufferBudgetMb} MB: the oldest ${count} readings, never sent, were dropped`));
    this.forwarder = new Forwarder(this.buffer, {
      portal: config.portal, key: config.key, batch: config.batch, clockSetAfter: Date.parse(BUILD_DATE), boot: this.boot,
      clock, log, timeoutMs: config.timeoutMs * 4,
    });
    this.sources = [
      ...config.sunspec.map((address): Source => ({ kind: 'sunspec', address, name: `sunspec ${formatAddress(address)}` })),
      ...config.fronius.map((source): Source => ({ kind: 'fronius', source, name: `fronius ${source.url} #${source.device}` })),
    ];
    this.devices = this.sources.map((s) => ({ name: s.name, ok: null, lastError: null, lastReadAt: null, busy: false, seen: null }));
  }

  /** One turn: every device not still busy is read; resolves when all of them are done (buffered or failed). */
  async readRound(): Promise<void> {
    await Promise.all(this.sources.map(async (source, i) => {
      const state = this.devices[i];
      if (state.busy) return;
      state.busy = true;
      try {
        const point = await this.readSource(source, state);
        if (point) this.record(point);
        if (!state.ok) this.log.info(`${state.name}: reading`);
        Object.assign(state, { ok: true, lastError: null, lastReadAt: this.clock.now() });
      } catch (err) {
        const message = (err as Error).message;
        if (state.lastError !== message) this.log.warn(`${state.name}: ${message}`);
        Object.assign(state, { ok: false, lastError: message });
      } finally {
        state.busy = false;
      }
    }));
  }

  private async readSource(source: Source, state: DeviceState): Promise<Point | null> {
    const at = this.clock.now();
    if (source.kind === 'sunspec') {
      const device = await readSunSpec(source.address, this.config.timeoutMs);
      const { point, meter, info } = deviceReading(device, new Date(at));
      state.seen = { ...info, models: device.chain.map((c) => c.id), mppts: point?.dc?.length ?? 0 };
      if (!point) {
        if (meter && info.kind === 'meter') this.meter = { reading: meter, at };
        else if (info.kind === 'inverter' && !info.serial) throw new Error('the device has no serial number (common model SN)');
        return null;
      }
      if (!meter && this.meter && at - this.meter.at <= 2 * this.config.interval * 1000) withMeter(point, this.meter.reading);
      return point;
    }
    const { source: fronius } = source;
    const r = await readFronius(fronius.url, fronius.device, { timeoutMs: this.config.timeoutMs });
    const investor = fronius.investor ?? r.device.serial;
    if (!investor) throw new Error('the datalogger gives no serial number for this inverter: set "investor" in the config');
    state.seen = { kind: 'inverter', manufacturer: 'Fronius', model: null, serial: investor, rated_power_w: null, models: [], mppts: r.dc.length };
    const point: Point = {
      investor, ts: new Date(at).toISOString(), ac_power_w: r.ac_power_w ?? 0, status: r.status,
      energy_total_wh: r.energy_total_wh, energy_day_wh: r.energy_day_wh, energy_year_wh: r.energy_year_wh,
      pv_power_w: r.pv_power_w, grid_import_w: r.grid_import_w, grid_export_w: r.grid_export_w,
      consumption_w: r.consumption_w, battery_power_w: r.battery_power_w, battery_soc: r.battery_soc,
    };
    if (r.dc.length) point.dc = r.dc;
    return point;
  }

  /** What the agent tells the portal about itself: version, devices, backlog (contract/site-agents.ts). */
  status(): AgentStatus {
    const iso = (ms: number | null) => (ms === null || !this.forwarder.clockSet ? null : new Date(ms).toISOString());
    const [oldest] = this.buffer.peek(1).entries;
    return {
      agent: this.config.name ?? os.hostname(), version: VERSION,
      devices: this.sources.map((source, i) => {
        const d = this.devices[i];
        const address = source.kind === 'sunspec' ? formatAddress(source.address) : `${source.source.url}#${source.source.device}`;
        const seen = d.seen ?? { kind: 'other' as const, manufacturer: null, model: null, serial: null, rated_power_w: null, models: [], mppts: 0 };
        return { address, ...seen, ok: d.ok, last_error: d.lastError?.slice(0, 500) ?? null, last_read_at: iso(d.lastReadAt) };
      }),
      backlog: { readings: this.buffer.backlog, oldest_at: oldest?.point.ts || null },
    };
  }

  /** Sends the status; a failure is only logged (the readings' sender reports the portal away). */
  async reportStatus(): Promise<boolean> {
    try {
      const res = await fetch(`${this.config.portal.replace(/\/+$/, '')}/api/ingest/agent`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': this.config.key },
        body: JSON.stringify(this.status()), signal: AbortSignal.timeout(this.config.timeoutMs * 4),
      });
      await res.text();
      if (!res.ok) this.log.warn(`the portal refused the agent's status: HTTP ${res.status}`);
      return res.ok;
    } catch {
      return false;
    }
  }

  /** Buffers a reading: with its instant, or held while the clock is unset. */
  private record(point: Point) {
    if (this.forwarder.clockSet) this.buffer.append([{ point }]);
    else this.buffer.append([{ point: { ...point, ts: '' }, held: { boot: this.boot, mono: this.clock.mono() } }]);
  }

  /** Runs until stop(): reads every interval, sends in the background. */
  start() {
    this.log.info(`agent started: ${this.sources.length} devices every ${this.config.interval} s, buffer ${this.config.buffer} (${this.buffer.backlog} waiting)`);
    const tick = () => {
      if (this.stopped) return;
      const started = performance.now();
      void this.readRound().finally(() => this.later(tick, Math.max(0, this.config.interval * 1000 - (performance.now() - started))));
    };
    tick();
    void this.sendLoop();
  }

  private later(fn: () => void, ms: number) {
    const timer = setTimeout(() => { this.timers.delete(timer); fn(); }, ms);
    this.timers.add(timer);
  }
  private sleep(ms: number) { return new Promise<void>((resolve) => this.later(resolve, ms)); }

  private async sendLoop() {
    let backoff = 1000;
    let reported = -Infinity;
    while (!this.stopped) {
      const appended = this.buffer.appended();
      const result = await this.forwarder.drain();
      if (this.stopped) return;
      // The status at least once an interval, whenever the portal can be reached.
      if (result !== 'failed' && this.clock.mono() - reported >= this.config.interval * 1000 && await this.reportStatus()) reported = this.clock.mono();
      if (result === 'failed') {
        await this.sleep(backoff);
        backoff = Math.min(backoff * 2, 60_000);
        continue;
      }
      backoff = 1000;
      // Everything sent: wait for the next reading. Held readings: look at the clock again in a second.
      await (result === 'held' ? this.sleep(1000) : Promise.race([appended, this.sleep(this.config.interval * 1000)]));
    }
  }

  stop() {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.buffer.close();
  }
}
