/**
 * The demo's live data: every inverter without a datalogger address, in a plant that has no ingest
 * key and no Push Service login (either means the plant's own datalogger pushes its readings; the
 * demo's push-fed plant gets its live points through the Push Service, ./demo-push.ts), is fed
 * by the simulator (./solar), as if its datalogger reported every 5 minutes. The push-fed plant's
 * history is stored here like the others', so its monitoring page has data from the first start.
 *
 * - History: on the first start, DEMO_BACKFILL_DAYS (default 396, 13 months) of 5-minute points per
 *   inverter, back to the plant's commissioning date at most. The newest FIRST_DAYS are stored before
 *   `start()` returns, so the monitoring page has data at once; the rest follows in the background,
 *   with the progress in the log. An interrupted backfill resumes where it stopped on the next start
 *   or, when a write failed (the database went away), at the next live tick.
 * - Consistency: the first point stored (the "anchor", written before anything else) fixes the
 *   simulator's epoch, and its energy counter starts from the plant's estimated lifetime production
 *   at that instant; every historical range is simulated from that epoch, so counters and battery
 *   charge agree across ranges, restarts and interruptions. Live points continue from the state of
 *   the last stored point (counter, battery charge), which costs one step instead of a replay.
 * - Live: every 5 minutes the points up to now are added (a timer that does not keep the process
 *   alive; `stop()` ends it and waits for the write under way). New eligible inverters get their
 *   history on the next tick.
 * - Several API processes on one PostgreSQL: each runs the feed, but its work (the start, each tick,
 *   the backfill) is done by one at a time (`runAlone`); the others skip it, since every tick computes
 *   from what is stored. A process that skipped the start checks for holes at its first tick that
 *   runs, so a backfill cut short by a dead process is finished by another.
 */
import { and, asc, count, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { ingestKeys, investorEnergy, investors, measurements, mppts, panels, plantEnergy, powerPlants, pushCredentials, strings } from '../db/schema.js';
import { epochMs, rows, selectList } from '../db/sql.js';
import { runAlone } from '../db/locks.js';
import { simulateRange, type PvString, type SimulatedInverter, type SimulatedPoint } from './solar/index.js';
import { storeReadings, type Reading } from './store.js';
import { createFault, DEMO_FAULT, demoFaultWindow, type Fault } from './demo-fault.js';
import { nextTurn, type GiveWay } from '../core/give-way.js';

const STEP_MS = 5 * 60_000;
/** The name under which one process at a time feeds the demo plants. */
const LOCK = 'demo-feed';
const DAY_MS = 86_400_000;
/** kWh a kWp of panels yields in a year around Santiago, for the counter's starting value. */
const YIELD_KWH_PER_KWP = 1500;
/** The demo's hybrid inverter (Fronius GEN24 Plus) has the catalogue's BYD battery, 7.7 kWh. */
const HYBRID = /GEN24/i;
const BATTERY_KWH = 7.7;
/** Statistics target of the analyze after the backfill (PostgreSQL's default: 100, a sample 10 times larger). */
const QUICK_STATISTICS_TARGET = 10;

export interface DemoFeedOptions {
  backfillDays: number;
  /** Days of history stored before `start()` returns (default 7). */
  firstDays?: number;
  seed?: string;
  /** Points per transaction before the server listens (default 2000: the fewer transactions, the sooner it listens). */
  batchSize?: number;
  /**
   * Points per transaction of the history made in the background (default 200: on PGlite a
   * transaction holds the event loop, a few hundredths of a second for 200 points).
   */
  backgroundBatchSize?: number;
  /** Waited for between two background transactions: by the server, until its requests in flight have ended (server/core/give-way.ts). */
  giveWay?: GiveWay;
  /** Live period (default 5 minutes). */
  intervalMs?: number;
}

export interface DemoInverter {
  model: SimulatedInverter;
  /** Its device id on its datalogger (what a push names it by). */
  deviceId: number;
  /** Where its history starts when it has none: the backfill horizon or the commissioning date. */
  commissioned: number | null;
  dcWp: number;
  /** The demo's simulated fault (./demo-fault.ts), on the inverter it concerns. */
  fault?: Fault;
}

/** Points to simulate: [from, to) of an inverter, from the state at `epoch`. */
interface Range { inverter: DemoInverter; from: number; to: number; epoch: number; initialEnergyWh: number; initialSoc?: number }

export function createDemoFeed(db: Db, log: FastifyBaseLogger, options: DemoFeedOptions) {
  const seed = options.seed ?? 'demo';
  const firstDays = options.firstDays ?? 7;
  const batchSize = options.batchSize ?? 2000;
  const backgroundBatchSize = options.backgroundBatchSize ?? 200;
  const giveWay = options.giveWay ?? nextTurn;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The background backfill did not finish (the database went away): the next tick fills the holes. */
  let historyPending = false;
  /** `start()` has returned: what is stored from now on is stored beside the requests. */
  let listening = false;
  /** Feed work runs one job at a time, in order. */
  let work: Promise<void> = Promise.resolve();
  const enqueue = (job: () => Promise<void>) => {
    work = work.then(() => (stopped ? undefined : job())).catch((err) => { log.error({ err }, 'demo feed: writing simulated points failed'); });
    return work;
  };

  /** The feed's work, done by one process at a time when several share the database (server/db/locks.ts). */
  const shared = (job: () => Promise<void>) => async () => { await runAlone(db, LOCK, job); };

  const toReadings = (inverter: DemoInverter, points: Iterable<SimulatedPoint>): Reading[] =>
    Array.from(points, (point) => ({ investor: Number(inverter.model.id), ...point }));

  /**
   * Stores the simulated points of `ranges` in batches, logging the progress of more than a day's
   * worth as a percentage. Once `start()` has returned (the server listens), in small batches giving
   * way to requests between them.
   */
  async function fill(ranges: Range[], label: string) {
    const background = listening;
    const size = background ? backgroundBatchSize : batchSize;
    const total = ranges.reduce((n, r) => n + Math.ceil((r.to - r.from) / STEP_MS), 0);
    if (!total) return;
    const verbose = total > DAY_MS / STEP_MS;
    const started = Date.now();
    if (verbose) log.info(`Demo: generando ${label} (${total} puntos simulados)...`);
    let done = 0;
    let reported = 0;
    for (const range of ranges) {
      const points = simulateRange(range.inverter.model, new Date(range.from), new Date(range.to), {
        seed, epoch: new Date(range.epoch), initialEnergyWh: range.initialEnergyWh, initialSoc: range.initialSoc, fault: range.inverter.fault?.window,
      });
      let batch: Reading[] = [];
      const flush = async () => {
        await storeReadings(db, batch);
        // PGlite answers through promises alone: without a turn of the event loop, requests and
        // timers would wait for the whole backfill; in the background, requests go first.
        await (background ? giveWay() : nextTurn());
        done += batch.length;
        batch = [];
        const percent = Math.floor((done / total) * 10) * 10;
        if (verbose && percent > reported) { reported = percent; log.info(`Demo: ${label} ${percent}%`); }
      };
      for (const point of points) {
        if (stopped) return;
        batch.push({ investor: Number(range.inverter.model.id), ...point });
        if (batch.length >= size) await flush();
      }
      if (batch.length) await flush();
    }
    if (verbose) log.info(`Demo: ${label} listo en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }

  /**
   * What each inverter lacks between its first point (storing the anchor when it has none) and its
   * last one, or `now` for a new series; split at `recentFrom` into recent and older ranges.
   */
  async function missing(inverters: DemoInverter[], now: number, recentFrom: number) {
    const recent: Range[] = [];
    const older: Range[] = [];
    for (const inverter of inverters) {
      const id = Number(inverter.model.id);
      let [span] = await db.select({
        first: sql<number | null>`${epochMs(sql`min(${measurements.ts})`)}`, last: sql<number | null>`${epochMs(sql`max(${measurements.ts})`)}`, n: count(),
      }).from(measurements).where(eq(measurements.investor, id));
      if (span.first === null) {
        const horizon = Math.ceil((now - options.backfillDays * DAY_MS) / STEP_MS) * STEP_MS;
        const anchor = Math.max(horizon, inverter.commissioned ?? horizon);
        if (anchor > now) continue;
        const point = simulateRange(inverter.model, new Date(anchor), new Date(anchor + 1), { seed, initialEnergyWh: lifetimeWh(inverter, anchor), fault: inverter.fault?.window });
        await storeReadings(db, toReadings(inverter, point));
        span = { first: anchor, last: anchor, n: 1 };
      }
      const first = span.first!;
      const holes: [number, number][] = [];
      if (span.n < (span.last! - first) / STEP_MS + 1) {
        holes.push(...(await rows<{ a: number; b: number }>(db, sql`
          select ${epochMs(sql`ts`)} as a, ${epochMs(sql`next`)} as b from (
            select ${measurements.ts} as ts, lead(${measurements.ts}) over (order by ${measurements.ts}) as next
            from ${measurements} where ${eq(measurements.investor, id)}
          ) s where next - ts > interval '5 minutes' order by ts`)).map(({ a, b }): [number, number] => [a + STEP_MS, b]));
      }
      // A new series (the anchor alone) is simulated from its epoch up to now; an existing one gets its
      // newest points from `tick()`, which continues from its last point instead of replaying a year.
      if (span.n === 1) holes.push([span.last! + STEP_MS, now + 1]);
      const state = { inverter, epoch: first, initialEnergyWh: lifetimeWh(inverter, first) };
      for (const [from, to] of holes) {
        if (from >= to) continue;
        if (to > recentFrom) recent.push({ ...state, from: Math.max(from, recentFrom), to });
        if (from < recentFrom) older.push({ ...state, from, to: Math.min(to, recentFrom) });
      }
    }
    return { recent, older };
  }

  /** Live: each inverter's points from its last one up to now, continuing from that point's state. */
  async function tick() {
    const now = Date.now();
    const inverters = await demoInverters(db);
    const last = new Map((await lastPoints(db, inverters.map((i) => Number(i.model.id)))).map((r) => [r.investor, r]));
    const live: Range[] = [];
    const fresh: DemoInverter[] = [];
    for (const inverter of inverters) {
      const previous = last.get(Number(inverter.model.id));
      if (!previous) { fresh.push(inverter); continue; }
      const from = previous.ts + STEP_MS;
      live.push({
        inverter, from, to: now + 1, epoch: from,
        initialEnergyWh: previous.energy_total_wh ?? 0, initialSoc: previous.battery_soc ?? undefined,
      });
    }
    await fill(live, 'lecturas pendientes desde la última detención');
    if (fresh.length) {
      const { recent, older } = await missing(fresh, now, now);
      await fill([...recent, ...older], 'historial de inversores nuevos');
    }
    if (historyPending) {
      const { recent, older } = await missing(await demoInverters(db, { withPushed: true }), now, now);
      await backfill([...recent, ...older]);
    }
  }

  /**
   * Stores the older history (in the background), then refreshes the planner's statistics: a table at
   * a time, giving way between them, on a small sample (on PGlite the three at once, at the default
   * sample, held the event loop for seconds). The full statistics follow: PostgreSQL's autovacuum, and
   * on PGlite the partition check (./partitions.ts) that moves this history out of the default
   * partition, at the next start or within a day.
   */
  async function backfill(ranges: Range[]) {
    historyPending = true;
    await fill(ranges, `historial de ${options.backfillDays} días`);
    for (const table of [measurements, investorEnergy, plantEnergy]) {
      await giveWay();
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local default_statistics_target = ${sql.raw(String(QUICK_STATISTICS_TARGET))}`);
        await tx.execute(sql`analyze ${table}`);
      });
    }
    historyPending = false;
  }

  return {
    /** Stores the newest history and the points missed while stopped (awaited; a failure is retried at the next tick), queues the rest and starts the live timer. */
    async start() {
      // A failure of the first fill (the database away, a deadlock with another process) does not stop
      // the server: it is logged and the next tick fills the holes.
      const begun = await runAlone(db, LOCK, async () => {
        const now = Date.now();
        // The push-fed plant's history too: its sender then only continues from the newest point.
        const inverters = await demoInverters(db, { withPushed: true });
        const { recent, older } = await missing(inverters, now, now - firstDays * DAY_MS);
        await fill(recent, `historial de los últimos ${Math.min(firstDays, options.backfillDays)} días`);
        await tick();
        return older;
      }).catch((err: unknown) => {
        log.error({ err }, 'demo feed: the first fill failed; the next tick fills the holes');
        return { ran: false as const };
      });
      listening = true;
      // Another process is feeding, or the first fill failed: this one's first tick that gets the work checks for holes.
      if (!begun.ran) historyPending = true;
      else if (begun.value.length) {
        log.info('Demo: el resto del historial se genera en segundo plano; la página ya muestra los últimos días.');
        const older = begun.value;
        // Pending until the backfill has stored it all: a failure anywhere, even in taking the lock,
        // leaves it to the next tick that runs.
        historyPending = true;
        void enqueue(async () => { await runAlone(db, LOCK, () => backfill(older)); });
      }
      timer = setInterval(() => { void enqueue(shared(tick)); }, options.intervalMs ?? STEP_MS);
      timer.unref();
    },
    /** Adds the live points up to now (what the timer does), unless another process is doing the feed's work. */
    tick: () => enqueue(shared(tick)),
    /** Stops the timer and any backfill, after the write under way. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await work;
    },
  };
}

export type DemoFeed = ReturnType<typeof createDemoFeed>;

/** Lifetime production of an inverter's panels from commissioning to `at`, Wh (where a new series' counter starts). */
export const lifetimeWh = (inverter: DemoInverter, at: number) =>
  // Wp × kWh/kWp = Wh.
  inverter.commissioned === null ? 0 : Math.round(Math.max(0, at - inverter.commissioned) / (365.25 * DAY_MS) * inverter.dcWp * YIELD_KWH_PER_KWP);


/** The last stored point of each of `inverters` that has one: its instant, counter and battery charge. */
export async function lastPoints(db: Db, inverters: number[]) {
  const i = alias(investors, 'i');
  const m = alias(measurements, 'm');
  return rows<{ investor: number; ts: number; energy_total_wh: number | null; battery_soc: number | null }>(db, sql`
    select ${selectList({ investor: i.id, ts: epochMs(m.ts), energy_total_wh: m.energy_total_wh, battery_soc: m.battery_soc })}
    from ${investors} ${i} cross join lateral (select * from ${measurements} ${m} where ${m.investor} = ${i.id} order by ${m.ts} desc limit 1) ${m}
    where ${inArray(i.id, inverters)}`);
}

/**
 * The simulated inverters, built from the hierarchy: plant location, MPPTs, strings and their panels;
 * the demo fault on the plant it concerns, from the day that plant was created (the demo's seeding).
 * Those the feed writes (no datalogger of their own; `withPushed`: the push-fed demo plant's too, for
 * its history), or those of one plant (`plant`: the push sender's).
 */
export async function demoInverters(db: Db, { plant, withPushed = false }: { plant?: number; withPushed?: boolean } = {}): Promise<(DemoInverter & { plant: string })[]> {
  const inverters = await db.select({
    id: investors.id, model: investors.model, nominal_power_kw: investors.nominal_power_kw, device_id: investors.device_id,
    plant: powerPlants.name, plant_created_at: powerPlants.created_at,
    latitude: powerPlants.latitude, longitude: powerPlants.longitude, elevation: powerPlants.elevation_m, commissioned_on: powerPlants.commissioned_on,
  }).from(investors).innerJoin(powerPlants, eq(powerPlants.id, investors.plant))
    .where(and(
      isNotNull(powerPlants.latitude), isNotNull(powerPlants.longitude),
      plant !== undefined ? eq(powerPlants.id, plant) : and(
        eq(investors.datalogger_address, ''),
        notExists(db.select({ plant: ingestKeys.plant }).from(ingestKeys).where(eq(ingestKeys.plant, powerPlants.id))),
        withPushed ? undefined : notExists(db.select({ plant: pushCredentials.plant }).from(pushCredentials).where(eq(pushCredentials.plant, powerPlants.id))),
      ),
    )).orderBy(asc(investors.id));
  const found = await db.select({
    investor: mppts.investor, number: mppts.number, tilt: strings.tilt, azimuth: strings.azimuth,
    panels: count(panels.id), wp: sql<number>`coalesce(avg(${panels.power_wp}), 0)::float8`,
    coefficient: sql<number | null>`avg(${panels.temperature_coefficient_pct})::float8`,
  }).from(mppts).innerJoin(strings, eq(strings.mppt, mppts.id)).innerJoin(panels, eq(panels.string, strings.id))
    .groupBy(mppts.investor, mppts.number, strings.id, strings.tilt, strings.azimuth);
  return inverters.map((i) => {
    const own: PvString[] = found.filter((s) => s.investor === i.id && s.wp > 0)
      .map((s) => ({
        mpptIndex: s.number, tilt: s.tilt, azimuth: s.azimuth, panelCount: s.panels, panelWp: s.wp,
        ...(s.coefficient === null ? {} : { temperatureCoefficient: s.coefficient / 100 }),
      }));
    const dcWp = own.reduce((w, s) => w + s.panelCount * s.panelWp, 0);
    const nominalPowerKw = i.nominal_power_kw ?? Math.max(1, dcWp / 1000);
    const model: SimulatedInverter = {
      // Both are set: the query keeps plants with coordinates only.
      id: i.id, latitude: i.latitude!, longitude: i.longitude!, elevation: i.elevation ?? 0, strings: own, nominalPowerKw,
      hasBattery: HYBRID.test(i.model), batteryKwh: BATTERY_KWH,
      householdKwhPerDay: 1.8 * nominalPowerKw,
    };
    return {
      model,
      deviceId: i.device_id,
      plant: i.plant,
      fault: i.plant === DEMO_FAULT.plant ? createFault(demoFaultWindow(i.plant_created_at.getTime())) : undefined,
      commissioned: i.commissioned_on ? Date.parse(`${i.commissioned_on}T00:00:00Z`) : null,
      dcWp,
    };
  });
}
