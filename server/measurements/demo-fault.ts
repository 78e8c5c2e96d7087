/**
 * The demo's simulated fault (issue 10): one string of Planta Maipú stops delivering current for a
 * few days around the day the demo was created, so a newcomer finds an open alarm (an MPPT below its
 * sibling) and the demo ticket about Maipú's drop tells what the data show (server/seed/demo.ts).
 *
 * Applied as a wrapper on the simulator's points (./solar stays the healthy physics): in the window,
 * the failed MPPT's input reads 0 A and 0 W, the AC output loses that input's share, the grid makes
 * up the difference (less export first, then more import; the balance stays exact), and the energy
 * counter misses what was lost, from the fault on. The loss of each step is computed from the healthy
 * simulation of the window, which depends on the instant only, so any range (backfill, live ticks
 * after a restart) gets the same counters.
 */
import { simulateRange, type SimulatedInverter, type SimulatedPoint } from './solar/index.js';

/** Which plant (by name), which MPPT input, and the window: from local midnight `daysBefore` the demo was created, for `days`. */
export const DEMO_FAULT = { plant: 'Planta Maipú', mppt: 2, daysBefore: 4, days: 7 } as const;

const STEP_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export interface FaultWindow { mppt: number; from: number; to: number }

/** The demo fault's window for a demo created at `createdAt`: from the local midnight `daysBefore` days earlier (UTC-3/-4 in Santiago: 04:00 UTC is past it all year). */
export function demoFaultWindow(createdAt: number): FaultWindow {
  const day = Math.floor((createdAt - DEMO_FAULT.daysBefore * DAY_MS) / DAY_MS) * DAY_MS;
  const from = day + 4 * 3_600_000;
  return { mppt: DEMO_FAULT.mppt, from, to: from + DEMO_FAULT.days * DAY_MS };
}

/** A point as the failed input leaves it; `lost` is the AC power it no longer gives, W. */
function faulty(point: SimulatedPoint, mppt: number): { point: SimulatedPoint; lost: number } {
  const dead = point.dc.find((d) => d.mppt === mppt);
  const dcTotal = point.dc.reduce((a, d) => a + d.power_w, 0);
  if (!dead || dcTotal <= 0 || dead.power_w <= 0) return { point, lost: 0 };
  const ac = Math.round(point.ac_power_w * (1 - dead.power_w / dcTotal));
  const lost = point.ac_power_w - ac;
  const fromExport = Math.min(point.grid_export_w, lost);
  return {
    lost,
    point: {
      ...point,
      ac_power_w: ac,
      pv_power_w: ac,
      dc: point.dc.map((d) => (d.mppt === mppt ? { ...d, current_a: 0, power_w: 0 } : d)),
      grid_export_w: point.grid_export_w - fromExport,
      grid_import_w: point.grid_import_w + lost - fromExport,
    },
  };
}

/** The fault of one simulated inverter: `apply` wraps its points of any range. */
export function createFault(inverter: SimulatedInverter, window: FaultWindow, seed: string) {
  /** Energy lost up to and including each step of the window, Wh (the counter at a point includes its step). */
  let lostBy: Map<number, number> | null = null;
  let total = 0;
  const lossTable = () => {
    if (!lostBy) {
      lostBy = new Map();
      for (const point of simulateRange(inverter, new Date(window.from), new Date(window.to), { seed })) {
        total += faulty(point, window.mppt).lost * (STEP_MS / 3_600_000);
        lostBy.set(point.ts.getTime(), total);
      }
    }
    return lostBy;
  };
  /** Wh lost from the fault's start up to `t` (inclusive). */
  const lostUpTo = (t: number) => {
    if (t < window.from) return 0;
    if (t >= window.to) return (lossTable(), total);
    return lossTable().get(Math.floor(t / STEP_MS) * STEP_MS) ?? 0;
  };
  return {
    window,
    /**
     * The points of a range simulated from `epoch`, as the fault leaves them. A range simulated from a
     * stored point's counter (live ticks) starts from a counter that already misses the loss before
     * its epoch: only the loss since is taken off.
     */
    *apply(points: Iterable<SimulatedPoint>, epoch: number): Generator<SimulatedPoint> {
      const before = lostUpTo(epoch - STEP_MS);
      for (const point of points) {
        const t = point.ts.getTime();
        const shown = t >= window.from && t < window.to ? faulty(point, window.mppt).point : point;
        const lost = lostUpTo(t) - before;
        yield lost > 0 ? { ...shown, energy_total_wh: Math.round(shown.energy_total_wh - lost) } : shown;
      }
    },
  };
}
export type Fault = ReturnType<typeof createFault>;

/** AC energy of each local day of the points (Wh), by `YYYY-MM-DD` in `timeZone`. */
export function dailyEnergyWh(points: Iterable<SimulatedPoint>, timeZone: string): Map<string, number> {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const days = new Map<string, number>();
  for (const p of points) {
    const day = format.format(p.ts);
    days.set(day, (days.get(day) ?? 0) + p.ac_power_w * (STEP_MS / 3_600_000));
  }
  return days;
}
