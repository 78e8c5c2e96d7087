/** The part of http_ece (Encrypted Content-Encoding for HTTP, RFC 8188) the local push service uses; it ships no types. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface Params { version: 'aes128gcm'; privateKey?: ECDH; dh?: string | Buffer; authSecret?: string | Buffer; keyid?: string | Buffer }
  export function decrypt(buffer: Buffer, params: Params): Buffer;
  export function encrypt(buffer: Buffer, params: Params): Buffer;
}
