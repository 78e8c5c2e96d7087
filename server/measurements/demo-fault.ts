/**
 * The demo's simulated fault (issue 10): one string of Planta Maipú stops delivering current for a
 * few days around the day the demo was created, so a newcomer finds an open alarm (an MPPT below its
 * sibling) and the demo ticket about Maipú's drop tells what the data show (server/seed/demo.ts).
 *
 * The simulator does it (./solar, SimulationOptions.fault): the failed MPPT's input reads 0 A and 0 W
 * in the window, and the rest follows from the physics, not patched on the points afterwards (until
 * issue 33 the grid made up what was lost while the battery went on charging from PV that was not
 * there): less AC output, the battery charging only from what is left over, the grid covering the
 * rest, the counter counting what was made. The fault depends on the instant only, so any range
 * (backfill, live ticks after a restart) gets the same points.
 */
import type { MpptFault, SimulatedPoint } from './solar/index.js';

/** Which plant (by name), which MPPT input, and the window: from local midnight `daysBefore` the demo was created, for `days`. */
export const DEMO_FAULT = { plant: 'Planta Maipú', mppt: 2, daysBefore: 4, days: 7 } as const;

const STEP_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export type FaultWindow = MpptFault;

/** The demo fault's window for a demo created at `createdAt`: from the local midnight `daysBefore` days earlier (UTC-3/-4 in Santiago: 04:00 UTC is past it all year). */
export function demoFaultWindow(createdAt: number): FaultWindow {
  const day = Math.floor((createdAt - DEMO_FAULT.daysBefore * DAY_MS) / DAY_MS) * DAY_MS;
  const from = day + 4 * 3_600_000;
  return { mppt: DEMO_FAULT.mppt, from, to: from + DEMO_FAULT.days * DAY_MS };
}

/** The fault of one simulated inverter: its window, passed to every simulation of it. */
export const createFault = (window: FaultWindow) => ({ window });
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
