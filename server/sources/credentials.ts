/**
 * A vendor account's credentials at rest: AES-256-GCM (node:crypto) under a key of their own
 * (CREDENTIALS_KEY, server/config.ts), never the token key. Stored as `v1.<key id>.<iv>.<tag>.<data>`
 * (base64url): the key id (the first bytes of the key's SHA-256) says which key sealed them, so that
 * while the key is rotated (CREDENTIALS_KEY_PREVIOUS holds the old one) both can be read and the old
 * ones re-sealed under the new key (`resealAll`). GCM's tag makes a tampered or foreign value fail
 * instead of decrypting to garbage.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** What a vendor's account signs in with: each connector reads its own fields (Huawei: userName, systemCode). */
export type Credentials = Record<string, string>;

export class CredentialsUnreadable extends Error {
  constructor() { super('Las credenciales no se pueden descifrar con CREDENTIALS_KEY (¿se cambió la clave sin CREDENTIALS_KEY_PREVIOUS?)'); }
}

interface Key { id: string; bytes: Buffer }

const keyOf = (secret: string): Key => {
  // Any string of 32+ characters is a key: its SHA-256 gives the cipher's 32 bytes.
  const bytes = createHash('sha256').update(secret).digest();
  return { id: createHash('sha256').update(bytes).digest('base64url').slice(0, 8), bytes };
};

export interface CredentialsBox {
  seal(credentials: Credentials): string;
  open(sealed: string): Credentials;
  /** Whether `sealed` is under an older key than the current one. */
  stale(sealed: string): boolean;
}

export function credentialsBox(current: string, previous?: string): CredentialsBox {
  const key = keyOf(current);
  const keys = new Map([key, ...(previous ? [keyOf(previous)] : [])].map((k) => [k.id, k]));
  return {
    seal(credentials) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
      const data = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
      return ['v1', key.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, id, iv, tag, data] = sealed.split('.');
      const k = keys.get(id);
      if (version !== 'v1' || !k) throw new CredentialsUnreadable();
      try {
        const decipher = createDecipheriv('aes-256-gcm', k.bytes, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return JSON.parse(Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8'));
      } catch {
        throw new CredentialsUnreadable();
      }
    },
    stale: (sealed) => sealed.split('.')[1] !== key.id,
  };
}
