import { randomBytes, createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

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

/** Who an access token speaks for: its user and the session (sign-in) it was issued from. */
export async function verifyAccessToken(secret: string, token: string): Promise<{ userId: number; sessionId: number } | null> {
  const payload = await verifyToken(secret, token, 'access');
  if (!payload || !Number.isSafeInteger(payload.sid)) return null;
  return { userId: Number(payload.sub), sessionId: payload.sid as number };
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
