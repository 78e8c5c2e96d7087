/**
 * The demo's push-fed plant (issue 13): a built-in sender plays the plant's Fronius Datamanager. Every
 * 5 minutes it simulates the plant's points since its last stored one (./solar, as the demo feed
 * does) and POSTs each instant, as a Push Service job in the "SolarAPI v1 - CurrentData - Powerflow"
 * format would, to the server's own receiver (/api/push/fronius/{login}) with that plant's login.
 * So the path a real datalogger takes is the one the demo's data takes: HTTP Basic, parsing, device
 * matching, checks, storage.
 *
 * Like a real Datamanager, it sends CurrentData only for the present: instants older than the clock
 * tolerance (after a stop) go as one "SolarAPI v1 - Logdata - Data" archive push (power and DC inputs;
 * an archive has no site flows), since the receiver files CurrentData at its Head.Timestamp only when
 * that is close to the time it is received (time.ts deviceClock).
 *
 * The login is made afresh at every start (the password lives only in this process; a login left by
 * a previous run is replaced). A plant with a Push Service login is left alone by the demo feed
 * (./demo-feed.ts) once its history is stored, so this sender is its only live writer; it continues
 * from the newest stored point, catching up at most `catchUpMs` (default a day) after a stop.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { powerPlants, pushCredentials } from '../db/schema.js';
import { hashPassword } from '../core/passwords.js';
import { demoInverters, lastPoints, lifetimeWh } from './demo-feed.js';
import { simulateRange, type SimulatedPoint } from './solar/index.js';
import { CLOCK_TOLERANCE_MS } from './time.js';

const STEP_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
/** The demo plant fed this way, and the login's user name. */
export const DEMO_PUSH_PLANT = 'Planta Las Condes';
export const DEMO_PUSH_USER = 'demo-push';

export interface DemoPushOptions {
  /** Where the server listens, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  plantName?: string;
  intervalMs?: number;
  catchUpMs?: number;
  seed?: string;
}

/**
 * A Logdata Data push (the datalogger's archive), sent at `sentAt`: per inverter its instants' AC
 * power and DC inputs, in seconds after the first.
 */
export function logdataBody(sentAt: Date, instants: [number, { deviceId: number; point: SimulatedPoint }[]][]) {
  const start = instants[0][0];
  const byDevice = new Map<number, [number, SimulatedPoint][]>();
  for (const [at, points] of instants) {
    for (const { deviceId, point } of points) byDevice.set(deviceId, [...(byDevice.get(deviceId) ?? []), [(at - start) / 1000, point]]);
  }
  const channel = (unit: string, rows: [number, SimulatedPoint][], value: (p: SimulatedPoint) => number | undefined) =>
    ({ Unit: unit, Values: Object.fromEntries(rows.flatMap(([s, p]) => { const v = value(p); return v === undefined ? [] : [[String(s), v]]; })) });
  return {
    Head: { RequestArguments: { Query: 'Logdata', Scope: 'System' }, Status: { Code: 0, Reason: '', UserMessage: '' }, Timestamp: sentAt.toISOString() },
    Body: {
      Data: Object.fromEntries([...byDevice].map(([deviceId, rows]) => {
        const mppts = [...new Set(rows.flatMap(([, p]) => p.dc.map((d) => d.mppt)))].filter((m) => m <= 8);
        return [`inverter/${deviceId}`, {
          Start: new Date(start).toISOString(), End: new Date(instants[instants.length - 1][0]).toISOString(),
          Data: {
            PowerReal_PAC_Sum: channel('W', rows, (p) => p.ac_power_w),
            ...Object.fromEntries(mppts.flatMap((m) => [
              [`Voltage_DC_String_${m}`, channel('V', rows, (p) => p.dc.find((d) => d.mppt === m)?.voltage_v)],
              [`Current_DC_String_${m}`, channel('A', rows, (p) => p.dc.find((d) => d.mppt === m)?.current_a)],
            ])),
          },
        }];
      })),
    },
  };
}

/** A Powerflow push of one instant: the site's flows and each inverter's power, counter and charge. */
export function powerflowBody(ts: Date, inverters: { deviceId: number; point: SimulatedPoint }[]) {
  const sum = (f: (p: SimulatedPoint) => number) => inverters.reduce((a, { point }) => a + f(point), 0);
  const withBattery = inverters.some(({ point }) => point.battery_soc !== null);
  return {
    Head: { RequestArguments: { Query: 'PowerFlow', Scope: 'System' }, Status: { Code: 0, Reason: '', UserMessage: '' }, Timestamp: ts.toISOString() },
    Body: {
      // Fronius signs: P_Grid + bought, P_Load − consumed, P_Akku + discharging.
      Site: {
        Mode: withBattery ? 'bidirectional' : 'meter', Meter_Location: 'grid',
        P_Grid: sum((p) => p.grid_import_w - p.grid_export_w), P_Load: 0 - sum((p) => p.consumption_w),
        P_Akku: withBattery ? 0 - sum((p) => p.battery_power_w) : null, P_PV: sum((p) => p.pv_power_w),
      },
      Inverters: Object.fromEntries(inverters.map(({ deviceId, point }) => [String(deviceId), {
        DT: 1, P: point.ac_power_w, E_Total: point.energy_total_wh, ...(point.battery_soc === null ? {} : { SOC: point.battery_soc }),
      }])),
    },
  };
}

export async function createDemoPush(db: Db, log: FastifyBaseLogger, options: DemoPushOptions) {
  const [plant] = await db.select({ id: powerPlants.id }).from(powerPlants).where(eq(powerPlants.name, options.plantName ?? DEMO_PUSH_PLANT));
  if (!plant) return null;
  const password = randomBytes(18).toString('base64url');
  const authorization = `Basic ${Buffer.from(`${DEMO_PUSH_USER}:${password}`).toString('base64')}`;
  /** The receiver's address for this run's login, made at creation or, when that failed, at the next tick. */
  let url: string | undefined;
  const makeLogin = async () => {
    const login = await db.transaction(async (tx) => {
      await tx.delete(pushCredentials).where(and(eq(pushCredentials.plant, plant.id), eq(pushCredentials.username, DEMO_PUSH_USER)));
      const [row] = await tx.insert(pushCredentials).values({
        plant: plant.id, name: 'Demo: emisor integrado', username: DEMO_PUSH_USER, password_hash: await hashPassword(password),
      }).returning({ id: pushCredentials.id });
      return row;
    });
    return `${options.baseUrl}/api/push/fronius/${login.id}`;
  };
  // A failure (the database away) does not stop the server's start: the next tick makes the login.
  url = await makeLogin().catch((err: unknown) => { log.error({ err }, 'demo push: making the login failed; trying again at the next tick'); return undefined; });
  const seed = options.seed ?? 'demo';
  const catchUpMs = options.catchUpMs ?? DAY_MS;
  let timer: NodeJS.Timeout | undefined;
  let work: Promise<void> = Promise.resolve();
  let stopped = false;

  /** Simulates each inverter from its last stored point to now, and posts the instants in order. */
  async function tick() {
    const target = url ??= await makeLogin();
    const now = Date.now();
    const inverters = await demoInverters(db, { plant: plant.id });
    const last = new Map((await lastPoints(db, inverters.map((i) => Number(i.model.id)))).map((r) => [r.investor, r]));
    const byInstant = new Map<number, { deviceId: number; point: SimulatedPoint }[]>();
    const oldest = Math.ceil((now - catchUpMs) / STEP_MS) * STEP_MS;
    for (const inverter of inverters) {
      const previous = last.get(Number(inverter.model.id));
      const from = Math.max(previous ? previous.ts + STEP_MS : oldest, oldest);
      const initialEnergyWh = previous?.energy_total_wh ?? lifetimeWh(inverter, from);
      for (const point of simulateRange(inverter.model, new Date(from), new Date(now + 1), {
        seed, epoch: new Date(from), initialEnergyWh, initialSoc: previous?.battery_soc ?? undefined, fault: inverter.fault?.window,
      })) {
        const at = point.ts.getTime();
        if (!byInstant.has(at)) byInstant.set(at, []);
        byInstant.get(at)!.push({ deviceId: inverter.deviceId, point });
      }
    }
    const instants = [...byInstant].sort((a, b) => a[0] - b[0]);
    const past = instants.filter(([at]) => now - at > CLOCK_TOLERANCE_MS);
    const bodies = [
      ...(past.length ? [logdataBody(new Date(now), past)] : []),
      ...instants.filter(([at]) => now - at <= CLOCK_TOLERANCE_MS).map(([at, points]) => powerflowBody(new Date(at), points)),
    ];
    for (const body of bodies) {
      if (stopped) return;
      const res = await fetch(target, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      // Not stored (the database away: 503): the next tick starts again from the last stored point.
      if (res.status !== 200) {
        log.warn(`demo push: the receiver answered ${res.status}; trying again at the next tick`);
        return;
      }
    }
  }

  const enqueue = () => {
    work = work.then(() => (stopped ? undefined : tick())).catch((err) => { log.error({ err }, 'demo push: sending failed'); });
    return work;
  };

  return {
    /** Posts what is missing now, then every interval. */
    start() {
      void enqueue();
      timer = setInterval(() => { void enqueue(); }, options.intervalMs ?? STEP_MS);
      timer.unref();
    },
    tick: enqueue,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await work;
    },
  };
}
