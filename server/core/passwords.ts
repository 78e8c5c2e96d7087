import { randomBytes } from 'node:crypto';
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
