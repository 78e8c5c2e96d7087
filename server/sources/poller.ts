/**
 * Reading every vendor account on a schedule: each interval, each account is read by one process in
 * all (its period claimed in `job_leases` by core/jobs.ts claimJob, so API processes sharing a
 * database take turns instead of competing for the budget), and an account left alone after a
 * failure (`retry_at`: a spent quota, refused credentials) is skipped until then. A vendor's error is
 * kept on the account by the sync and does not stop the others.
 */
import { isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { vendorAccounts } from '../db/schema.js';
import { claimJob } from '../core/jobs.js';
import { syncAccount, type SyncOptions } from './sync.js';
import { SourceError, type SourceErrorKind } from './types.js';

export type PollResult = { account: number; stored: number; failed: number } | { account: number; error: SourceErrorKind };

export async function pollAccounts(db: Db, opts: SyncOptions & { intervalMs: number; worker: string }): Promise<PollResult[]> {
  const now = new Date(opts.clock?.() ?? Date.now());
  const due = await db.select().from(vendorAccounts).where(or(isNull(vendorAccounts.retry_at), lte(vendorAccounts.retry_at, now)));
  const results: PollResult[] = [];
  for (const account of due) {
    if (!await claimJob(db, `vendor-account:${account.id}`, now, new Date(now.getTime() + opts.intervalMs), opts.worker)) continue;
    try {
      const { stored, failed } = await syncAccount(db, account, opts);
      results.push({ account: account.id, stored, failed });
    } catch (err) {
      if (!(err instanceof SourceError)) throw err;
      results.push({ account: account.id, error: err.kind });
    }
  }
  return results;
}
