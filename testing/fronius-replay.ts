/**
 * A Fronius datalogger on 127.0.0.1: a real HTTP server answering /solar_api/v1/... from the recorded
 * device answers in ../shared/fixtures/fronius (file names encode the query: `?` is written `___`).
 *
 * Modes, all derived in code from the recordings:
 * - 'recorded': the files as they are. Note that the inverter answer was recorded at 23:33 local time:
 *   no PAC, no DC values, DeviceStatus.StatusCode 3 (startup) with ErrorCode 523.
 * - 'day': the inverter producing, GEN24-style (no DAY_ENERGY/YEAR_ENERGY): PAC, two MPPTs, status 7;
 *   power flow exporting to the grid and charging the battery.
 * - 'night': no PAC and no DeviceStatus (the inverter sleeps), Head.Status.Code 0.
 * - 'error': StatusCode 10 with ErrorCode 307, no AC power.
 * - 'malformed': bodies that are not JSON; 'wrong-shape': JSON of the wrong shape.
 * - 'offline': nothing listens on the port any more (connection refused); another mode listens again.
 * - 'slow': every answer delayed by `slowMs`.
 * - 'stall': a link that drops halfway through an answer: the headers (with the full Content-Length)
 *   and the first half of the 'day' body, then silence with the socket left open.
 * - 'trickle': the same first half, then the rest one byte every `trickleMs`: never idle for long,
 *   yet the answer takes minutes.
 * - 'oversized': the 'day' answers padded with 2 MB of spaces (still valid JSON).
 * - 'redirect': every answer is a 302 to the same path on `redirectTo` (an address).
 * `without` makes endpoints answer 404, as on a datalogger without that device class.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { releasePort, reservePort } from './ports.js';

export const FRONIUS_FIXTURES = path.resolve('..', 'shared', 'fixtures', 'fronius', 'pyfronius');

export type FroniusMode = 'recorded' | 'day' | 'night' | 'error' | 'malformed' | 'wrong-shape' | 'offline' | 'slow' | 'stall' | 'trickle' | 'oversized' | 'redirect';
export type FroniusEndpoint = 'inverter' | 'power_flow' | 'meter' | 'storage' | 'inverter_info';

const FILES: Record<FroniusEndpoint, string> = {
  inverter: 'GetInverterRealtimeData.cgi___Scope=Device&DeviceId=1&DataCollection=CommonInverterData',
  power_flow: 'GetPowerFlowRealtimeData.fcgi',
  meter: 'GetMeterRealtimeData.cgi___Scope=System',
  storage: 'GetStorageRealtimeData.cgi___Scope=System',
  inverter_info: 'GetInverterInfo.cgi',
};

/** A recorded answer, parsed (a fresh copy each time, so modes can edit it). */
export function recording(nameOrEndpoint: string): any {
  const file = FILES[nameOrEndpoint as FroniusEndpoint] ?? nameOrEndpoint;
  return JSON.parse(fs.readFileSync(path.join(FRONIUS_FIXTURES, file), 'utf8'));
}

/** The values the 'day' mode adds to the recordings, for tests to assert against. */
export const DAY = {
  timestamp: '2019-01-10T12:33:15+01:00',
  pac: 3120, udc: 412.3, idc: 4.52, udc2: 398.7, idc2: 3.41,
  pPv: 3240, pGrid: -1200.5, pAkku: -800, pLoad: -1119.5, flowSoc: 55.5,
};

function dayInverter() {
  const json = recording('inverter');
  const data = json.Body.Data;
  json.Head.Timestamp = DAY.timestamp;
  delete data.DAY_ENERGY;
  delete data.YEAR_ENERGY;
  data.PAC = { Value: DAY.pac, Unit: 'W' };
  data.UDC = { Value: DAY.udc, Unit: 'V' };
  data.IDC = { Value: DAY.idc, Unit: 'A' };
  data.UDC_2 = { Value: DAY.udc2, Unit: 'V' };
  data.IDC_2 = { Value: DAY.idc2, Unit: 'A' };
  data.DeviceStatus = { ...data.DeviceStatus, StatusCode: 7, ErrorCode: 0 };
  return json;
}

function dayPowerFlow() {
  const json = recording('power_flow');
  Object.assign(json.Body.Data.Site, { P_PV: DAY.pPv, P_Grid: DAY.pGrid, P_Akku: DAY.pAkku, P_Load: DAY.pLoad });
  json.Body.Data.Inverters['1'] = { ...json.Body.Data.Inverters['1'], P: DAY.pac, SOC: DAY.flowSoc };
  return json;
}

/** The JSON body (or raw text) served for an endpoint in a mode. */
function answer(mode: FroniusMode, endpoint: FroniusEndpoint): unknown {
  if (mode === 'malformed') return '{"Head": {"Status": {"Code": 0, "Reason": ""}, "Body": {"Data": {"PAC": {"Val';
  if (mode === 'wrong-shape') {
    return endpoint === 'inverter'
      ? { ...recording('inverter'), Body: { Data: { PAC: { Value: '3120 W', Unit: 'W' } } } }
      : [1, 2, 3];
  }
  if (mode === 'recorded' || mode === 'slow') return recording(endpoint);
  if (mode === 'stall' || mode === 'trickle') return answer('day', endpoint);
  if (mode === 'oversized') return JSON.stringify(answer('day', endpoint)) + ' '.repeat(2 * 1024 * 1024);
  if (mode === 'night') {
    if (endpoint !== 'inverter') return recording(endpoint);
    const json = recording('inverter');
    delete json.Body.Data.DeviceStatus;
    return json;
  }
  // 'day' and 'error'
  if (endpoint === 'inverter') {
    const json = dayInverter();
    if (mode === 'error') {
      json.Body.Data.PAC.Value = 0;
      json.Body.Data.DeviceStatus = { ...json.Body.Data.DeviceStatus, StatusCode: 10, ErrorCode: 307 };
    }
    return json;
  }
  if (endpoint === 'power_flow') {
    const json = dayPowerFlow();
    if (mode === 'error') Object.assign(json.Body.Data.Site, { P_PV: 0, P_Akku: 0, P_Grid: -DAY.pLoad });
    return json;
  }
  return recording(endpoint);
}

export interface ReplayOptions { without?: FroniusEndpoint[]; slowMs?: number; trickleMs?: number; redirectTo?: string }

export interface FroniusReplay {
  /** `127.0.0.1:port`, as staff would type a datalogger address. */
  address: string;
  mode: FroniusMode;
  setMode(mode: FroniusMode, opts?: ReplayOptions): Promise<void>;
  /** Requests received, per endpoint. */
  hits: Record<FroniusEndpoint | 'other', number>;
  /** Bytes sent one at a time in 'trickle' mode. */
  trickled: number;
  /** Requests for the inverter's realtime data: one per poll of this device. */
  polls(): number;
  close(): Promise<void>;
}

export async function startFroniusReplay(mode: FroniusMode = 'day', opts: ReplayOptions = {}): Promise<FroniusReplay> {
  let without = new Set(opts.without ?? []);
  let slowMs = opts.slowMs ?? 2000;
  let trickleMs = opts.trickleMs ?? 200;
  let redirectTo = opts.redirectTo;
  const pending = new Set<NodeJS.Timeout>();
  const byFile = new Map(Object.entries(FILES).map(([endpoint, file]) => [file, endpoint as FroniusEndpoint]));

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = url.pathname.replace(/^\/solar_api\/v1\//, '') + (url.search ? `___${url.search.slice(1)}` : '');
    const endpoint = url.pathname.startsWith('/solar_api/v1/') ? byFile.get(file) : undefined;
    replay.hits[endpoint ?? 'other'] += 1;
    const send = () => {
      if (!endpoint || without.has(endpoint)) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>404 Not Found</body></html>');
        return;
      }
      if (replay.mode === 'redirect') {
        res.writeHead(302, { location: `http://${redirectTo}${req.url}` }).end();
        return;
      }
      const answered = answer(replay.mode, endpoint);
      const body = Buffer.from(typeof answered === 'string' ? answered : JSON.stringify(answered));
      if (replay.mode !== 'stall' && replay.mode !== 'trickle') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      let sent = body.length >> 1;
      res.write(body.subarray(0, sent));
      if (replay.mode === 'stall') return;
      const drip = setInterval(() => {
        replay.trickled += 1;
        res.write(body.subarray(sent, ++sent));
        if (sent === body.length) res.end();
      }, trickleMs);
      res.on('close', () => clearInterval(drip));
    };
    if (replay.mode !== 'slow') return send();
    const timer = setTimeout(() => { pending.delete(timer); if (!res.destroyed) send(); }, slowMs);
    pending.add(timer);
  });

  const listen = (port = 0) => new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => { server.off('error', reject); resolve((server.address() as AddressInfo).port); });
  });
  const stop = () => new Promise<void>((resolve) => {
    for (const t of pending) clearTimeout(t);
    pending.clear();
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });

  // Its own port (see ./ports.ts), kept while it is offline; taken elsewhere, another one.
  let port = reservePort();
  for (;;) {
    try { await listen(port); break; } catch (err) {
      releasePort(port);
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      port = reservePort();
    }
  }
  const replay: FroniusReplay = {
    address: `127.0.0.1:${port}`,
    mode,
    hits: { inverter: 0, power_flow: 0, meter: 0, storage: 0, inverter_info: 0, other: 0 },
    trickled: 0,
    polls: () => replay.hits.inverter,
    async setMode(next, o = {}) {
      without = new Set(o.without ?? []);
      if (o.slowMs !== undefined) slowMs = o.slowMs;
      if (o.trickleMs !== undefined) trickleMs = o.trickleMs;
      if (o.redirectTo !== undefined) redirectTo = o.redirectTo;
      if (next === 'offline' && server.listening) await stop();
      if (next !== 'offline' && !server.listening) await listen(port);
      replay.mode = next;
    },
    async close() { await stop(); releasePort(port); },
  };
  if (mode === 'offline') await stop();
  return replay;
}

/** A datalogger address where nothing listens (connection refused), for as long as the suite runs. */
export async function unusedAddress(): Promise<string> {
  return `127.0.0.1:${reservePort()}`;
}

/** The replays a suite starts, closed together at its end: `const replays = replaySet(); afterAll(replays.closeAll)`. */
export function replaySet() {
  const started: FroniusReplay[] = [];
  return {
    async start(...args: Parameters<typeof startFroniusReplay>) {
      const replay = await startFroniusReplay(...args);
      started.push(replay);
      return replay;
    },
    closeAll: async () => { await Promise.all(started.map((r) => r.close())); },
  };
}

/**
 * Full garbage collections until the returned function is called, a few milliseconds apart (one takes
 * 20-200 ms, so a fixed interval would leave the event loop no time for anything else). Node 20's
 * fetch could lose its abort when a collection ran during a body read (nodejs/node#56917,
 * nodejs/undici#4089): the stalled-datalogger tests force collections all along. Needs --expose-gc.
 */
export function collectGarbageOften() {
  const { gc } = globalThis;
  if (typeof gc !== 'function') throw new Error('the server tests run with --expose-gc (vite.config.ts)');
  let timer: NodeJS.Timeout;
  const collect = () => {
    gc();
    timer = setTimeout(collect, 50);
  };
  timer = setTimeout(collect, 0);
  return () => clearTimeout(timer);
}
