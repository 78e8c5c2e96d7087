import { randomBytes, createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(secret: string, claims: Record<string, unknown>, subject: number, ttlSeconds: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(subject))
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key(secret));
}

export async function verifyToken(secret: string, token: string, type: 'access' | 'refresh') {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    if (payload.token_type !== type || !payload.sub) return null;
    return payload;
  } catch {
    return null;
  }
}

export interface AccessClaims { userId: number; sessionId: number }

/**
 * Access tokens this process has verified, by secret and token, until they expire: a signed-in
 * client sends the same token with every request, and verifying it (a key import and an HMAC through
 * WebCrypto) was a sixth of a small read's time. Whether its session is still open is not kept here
 * (core/access.ts asks that of its own cache, dropped when sessions change).
 */
const verified = new Map<string, LRUCache<string, AccessClaims & { expiresMs: number }>>();

/** Who an access token speaks for: its user and the session (sign-in) it was issued from. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  let known = verified.get(secret);
  if (!known) verified.set(secret, known = new LRUCache({ max: 10_000 }));
  const hit = known.get(token);
  if (hit && Date.now() < hit.expiresMs) return { userId: hit.userId, sessionId: hit.sessionId };
  const payload = await verifyToken(secret, token, 'access');
  if (!payload || !Number.isSafeInteger(payload.sid)) return null;
  const claims = { userId: Number(payload.sub), sessionId: payload.sid as number };
  // jose checked `exp`; a token without one (never issued here) is simply not kept.
  if (typeof payload.exp === 'number') known.set(token, { ...claims, expiresMs: payload.exp * 1000 });
  return claims;
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
