/**
 * Each vendor account's call budget, shared by every API process on the database: before a call of
 * interface `api`, `spend` raises the row of (account, api, window) by the calls wanted, in one
 * statement that only raises it while it stays within the limit (INSERT ... ON CONFLICT DO UPDATE
 * ... WHERE used + n <= limit RETURNING). PostgreSQL locks the row for that statement, so of two
 * processes wanting the last call one gets it and the other gets no row: the budget is never
 * exceeded, however many processes share the account. Windows are aligned on the epoch (a 5-minute
 * interface's windows start at :00, :05 ...; a daily one's at 00:00 UTC). Spent windows are deleted
 * by each reading of an account (server/sources/sync.ts).
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { vendorCallBudgets } from '../db/schema.js';
import { name, rows } from '../db/sql.js';
import type { SpendCalls } from './types.js';

/** A published budget: at most `calls` calls in each window of `windowMs`. */
export interface CallLimit { calls: number; windowMs: number }

export const windowOf = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

/** Takes `calls` calls of `api` from the account's budget now; false (nothing taken) when that would exceed `limit`. */
export async function spendCalls(db: Db, account: number, api: string, calls: number, limit: CallLimit, now = Date.now()): Promise<boolean> {
  if (calls <= 0) return true;
  if (calls > limit.calls) return false;
  const start = new Date(windowOf(now, limit.windowMs));
  const end = new Date(start.getTime() + limit.windowMs);
  const b = vendorCallBudgets;
  const taken = await rows<{ used: number }>(db, sql`
    insert into ${b} (${name(b.account)}, ${name(b.api)}, ${name(b.window_start)}, ${name(b.window_end)}, ${name(b.used)}, ${name(b.call_limit)})
    values (${account}, ${api}, ${start.toISOString()}, ${end.toISOString()}, ${calls}, ${limit.calls})
    on conflict (${name(b.account)}, ${name(b.api)}, ${name(b.window_start)}) do update
      set ${name(b.used)} = ${b}.${name(b.used)} + excluded.${name(b.used)}, ${name(b.call_limit)} = excluded.${name(b.call_limit)}
      where ${b}.${name(b.used)} + excluded.${name(b.used)} <= excluded.${name(b.call_limit)}
    returning ${name(b.used)} as used`);
  return taken.length === 1;
}

/** The budget of one account under the limits of its vendor's interfaces (an interface without a limit is not counted). */
export function accountBudget(db: Db, account: number, limits: Record<string, CallLimit>, clock: () => number = Date.now): SpendCalls {
  return async (api, calls) => {
    const limit = limits[api];
    return limit ? spendCalls(db, account, api, calls, limit, clock()) : true;
  };
}

/** Forgets windows that ended more than a day before `now` (they count nothing any more; a day is kept for `calls_today`). */
export async function dropSpentWindows(db: Db, now = new Date()) {
  await db.delete(vendorCallBudgets).where(lt(vendorCallBudgets.window_end, new Date(now.getTime() - 86_400_000)));
}
