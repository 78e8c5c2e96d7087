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

export async function verifyAccessToken(secret: string, token: string): Promise<number | null> {
  const payload = await verifyToken(secret, token, 'access');
  return payload ? Number(payload.sub) : null;
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
