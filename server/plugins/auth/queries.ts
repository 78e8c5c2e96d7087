/**
 * The queries of the auth area: sessions and their refresh tokens, the e-mailed account tokens, and
 * the accounts they act on. E-mailed tokens are stored as their SHA-256 only, so a database leak
 * reveals no live link; a token is spent by an update of an unspent row, so it works once even
 * under concurrent calls.
 */
import { and, eq, gt, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { accountTokens, refreshTokens, sessions, users, type User } from '../../db/schema.js';
import { endSessions, sessionUser } from '../../core/access.js';
import { sha256 } from '../../core/tokens.js';

// ---------- sessions ----------

/** What is recorded of a refresh token: its id and its expiry. */
export interface RefreshRecord { jti: string; expires_at: Date }

/** Opens a session of the user with the record of its first refresh token; the user's last login is now. */
export async function insertSession(db: Db, userId: number, refresh: RefreshRecord): Promise<number> {
  const [session] = await db.insert(sessions).values({ user_id: userId }).returning({ id: sessions.id });
  await db.update(users).set({ last_login: new Date() }).where(eq(users.id, userId));
  await db.insert(refreshTokens).values({ ...refresh, session_id: session.id });
  return session.id;
}

/**
 * Spends refresh token `jti` and records its successor `next` in the same session, in one
 * transaction; answers the session and its user. Null when the token is unknown, expired or spent,
 * its session ended or its user can no longer sign in; a spent token presented again (a replay)
 * ends its session. Spending is the check, so of two refreshes with one token exactly one succeeds.
 */
export function rotateRefreshToken(db: Db, jti: string, next: RefreshRecord): Promise<{ user: User; sessionId: number } | null> {
  // The transaction's handle hides the root one: nothing inside may use it (PGlite runs one query at a time).
  return db.transaction(async (db) => {
    const now = new Date();
    const [spent] = await db.update(refreshTokens).set({ used_at: now })
      .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.used_at), gt(refreshTokens.expires_at, now)))
      .returning({ session_id: refreshTokens.session_id });
    if (!spent) {
      const [replayed] = await db.select({ session_id: refreshTokens.session_id }).from(refreshTokens)
        .where(and(eq(refreshTokens.jti, jti), isNotNull(refreshTokens.used_at)));
      if (replayed) await endSessions(db, eq(sessions.id, replayed.session_id));
      return null;
    }
    const user = await sessionUser(db, spent.session_id);
    if (!user) return null;
    await db.update(sessions).set({ last_used_at: now }).where(eq(sessions.id, spent.session_id));
    await db.insert(refreshTokens).values({ ...next, session_id: spent.session_id });
    return { user, sessionId: spent.session_id };
  });
}

/** Ends the user's session `sessionId`, and the session of refresh token `jti` when it is another of theirs. */
export async function endLoggedOutSessions(db: Db, userId: number, sessionId: number, jti: string | null) {
  const ofRefreshToken = jti ? inArray(sessions.id, db.select({ id: refreshTokens.session_id }).from(refreshTokens).where(eq(refreshTokens.jti, jti))) : undefined;
  await endSessions(db, and(eq(sessions.user_id, userId), or(eq(sessions.id, sessionId), ofRefreshToken))!);
}

// ---------- e-mailed account tokens ----------

export type Purpose = 'activate' | 'reset';

/** Records a new e-mail token of the user; the user's earlier unspent tokens of that purpose stop working. */
export async function replaceAccountToken(db: Db, userId: number, purpose: Purpose, token: string, expiresAt: Date) {
  await db.delete(accountTokens).where(and(eq(accountTokens.user_id, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.used_at)));
  await db.insert(accountTokens).values({ user_id: userId, purpose, token_hash: sha256(token), expires_at: expiresAt });
}

const liveToken = (token: string, purpose: Purpose, userId?: number): SQL => and(
  eq(accountTokens.token_hash, sha256(token)), eq(accountTokens.purpose, purpose),
  isNull(accountTokens.used_at), gt(accountTokens.expires_at, new Date()),
  userId === undefined ? undefined : eq(accountTokens.user_id, userId),
)!;

/** Spends a live token; answers its user id. */
async function spendAccountToken(db: Db | Tx, token: string, purpose: Purpose, userId?: number): Promise<number | null> {
  const [row] = await db.update(accountTokens).set({ used_at: new Date() }).where(liveToken(token, purpose, userId)).returning({ user_id: accountTokens.user_id });
  return row?.user_id ?? null;
}

/**
 * Whether an inactive account is still waiting for its e-mail to be confirmed: it registered (it
 * has an activation token) and never activated (none is spent). An account an administrator
 * deactivated is not, so it cannot reactivate itself through an activation link or Google.
 */
export async function awaitsActivation(db: Db, user: User): Promise<boolean> {
  if (user.is_active) return false;
  const rows = await db.select({ used_at: accountTokens.used_at }).from(accountTokens)
    .where(and(eq(accountTokens.user_id, user.id), eq(accountTokens.purpose, 'activate')));
  return rows.length > 0 && rows.every((r) => r.used_at === null);
}

/**
 * Activates an account: its activation links are spent, so that if staff deactivate it later an old
 * link cannot bring it back (see awaitsActivation).
 */
export async function activateAccount(db: Db | Tx, userId: number): Promise<User> {
  await db.update(accountTokens).set({ used_at: new Date() })
    .where(and(eq(accountTokens.user_id, userId), eq(accountTokens.purpose, 'activate'), isNull(accountTokens.used_at)));
  const [user] = await db.update(users).set({ is_active: true }).where(eq(users.id, userId)).returning();
  return user;
}

/** Activates the account of a live activation token, spending it; false when there is none. */
export function activateWithToken(db: Db, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const userId = await spendAccountToken(tx, token, 'activate');
    if (userId === null) return false;
    await activateAccount(tx, userId);
    return true;
  });
}

/** Whether `token` is a live reset token of the user `userId`, whose account is active. */
export async function isLiveResetLink(db: Db, userId: number, token: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(accountTokens).innerJoin(users, eq(users.id, accountTokens.user_id))
    .where(and(liveToken(token, 'reset', userId), eq(users.is_active, true)));
  return Boolean(row);
}

/** Sets a new password (its hash) with a reset token, spending it, and signs the user out everywhere; false when the token is no longer live. */
export function resetPassword(db: Db, userId: number, token: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await spendAccountToken(tx, token, 'reset', userId)) === null) return false;
    await tx.update(users).set({ password: passwordHash }).where(eq(users.id, userId));
    await endSessions(tx, eq(sessions.user_id, userId));
    return true;
  });
}

// ---------- accounts ----------

export async function findUser(db: Db, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** A user as staff see it (contract/users.ts `UserItem`). */
export const deleteUser = (db: Db, id: number) => db.delete(users).where(eq(users.id, id));

/** Whether another account than `userId` has this (lower-cased) e-mail. */
export async function findUserByGoogleSub(db: Db, sub: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.google_sub, sub));
  return user;
}

export async function linkGoogleAccount(db: Db, userId: number, sub: string): Promise<User> {
  const [user] = await db.update(users).set({ google_sub: sub }).where(eq(users.id, userId)).returning();
  return user;
}
