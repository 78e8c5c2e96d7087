/**
 * The real bill beside the portal's (docs/billing.md "Checking against the real bill"): each
 * difference above THRESHOLD_PCT of the real figure flags the month, with its likely causes.
 */
import type { Static } from '@sinclair/typebox';
import type { Reconciliation } from '../../../contract/billing.js';

/** A difference above this share of the bill's figure is worth a look (meters are class 1 or 2: a few % is noise). */
export const THRESHOLD_PCT = 5;

export interface Figures { bought_kwh: number; injected_kwh: number; amount: number }
/** Why a real bill may differ from the portal's: missing data, the meter against the inverters, another tariff. */
export type Cause = Static<typeof Reconciliation>['months'][number]['causes'][number];

/** Above the threshold: the portal's figure is off the real one by more than THRESHOLD_PCT of it (1 kWh or 1 peso of slack at zero). */
const off = (portal: number, real: number) => Math.abs(portal - real) > Math.max(Math.abs(real) * THRESHOLD_PCT / 100, 1);

/**
 * The month compared, `portal` null when the portal recorded no energy that month. Causes, most
 * likely first:
 * - `data_gap`: the portal has less of both energies than the meter (days the inverters did not
 *   report), or no month at all;
 * - `meter`: the energies differ otherwise (the distributor's meter reads another point than the
 *   inverters' counters, or a meter of its own);
 * - `tariff`: the energies agree but the amount does not (the distributor bills another option or
 *   prices than the portal's).
 */
export function reconcile(real: Figures, portal: Figures | null) {
  if (!portal) return { difference: null, flagged: true, causes: ['data_gap'] as Cause[] };
  const difference = {
    bought_kwh: portal.bought_kwh - real.bought_kwh,
    injected_kwh: portal.injected_kwh - real.injected_kwh,
    amount: portal.amount - real.amount,
  };
  const bought = off(portal.bought_kwh, real.bought_kwh);
  const injected = off(portal.injected_kwh, real.injected_kwh);
  const amount = off(portal.amount, real.amount);
  const causes: Cause[] = [];
  if ((bought || injected) && difference.bought_kwh <= 0 && difference.injected_kwh <= 0) causes.push('data_gap');
  else if (bought || injected) causes.push('meter');
  else if (amount) causes.push('tariff');
  return { difference, flagged: bought || injected || amount, causes };
}
