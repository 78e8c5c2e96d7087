import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/limits.js';

// OWASP's argon2id baseline (19 MiB, 2 passes).
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which isolated modules cannot import)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** SPEC.md §5's words for a password outside the limits, wherever one is set (the API, the create-admin command). */
export const PASSWORD_LENGTH = `Debe tener entre ${PASSWORD_MIN} y ${PASSWORD_MAX} caracteres`;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// The hash of a random password nobody knows, made once, on first need.
let throwaway: Promise<string> | undefined;

/**
 * Whether `password` matches the stored hash. Without one (no such account, or a Google-only
 * account) the password is checked against a throwaway hash anyway, so that the answer takes as long
 * as for a real account and its timing does not tell which e-mails are registered.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  throwaway ??= hashPassword(randomBytes(16).toString('hex'));
  try {
    if (!stored) {
      await verify(await throwaway, password);
      return false;
    }
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * Successful verifications remembered for `ttlMs`, per account or login id, so that a device which
 * sends its password with every request (a Fronius Push Service job, every few minutes) does not pay
 * argon2's tens of milliseconds each time. An entry holds an HMAC (with a key of this process) of
 * the stored hash and the password that matched it: a changed password or user, a new hash, or a
 * wrong password never match it and are verified (and refused) as usual. The caller still reads the
 * account each time, so a revoked one is refused whatever is remembered; `forget` drops its entry.
 */
export function createVerificationCache(ttlMs: number, maxEntries = 10_000) {
  const key = randomBytes(32);
  const remembered = new Map<number, { digest: Buffer; until: number }>();
  const digestOf = (stored: string, user: string, password: string) =>
    createHmac('sha256', key).update(stored).update('\0').update(user).update('\0').update(password).digest();
  return {
    /** Whether `password` (given with `user`) matches `stored`, the hash of account `id` whose user is `user`. */
    async verify(id: number, stored: string, user: string, password: string, now = Date.now()): Promise<boolean> {
      const digest = digestOf(stored, user, password);
      const entry = remembered.get(id);
      if (entry && entry.until > now && timingSafeEqual(entry.digest, digest)) return true;
      if (!await verifyPassword(stored, password)) return false;
      // Oldest first out when full: a Map iterates in insertion order.
      remembered.delete(id);
      if (remembered.size >= maxEntries) remembered.delete(remembered.keys().next().value!);
      remembered.set(id, { digest, until: now + ttlMs });
      return true;
    },
    forget(id: number) { remembered.delete(id); },
  };
}
