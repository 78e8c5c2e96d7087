/**
 * A push service on 127.0.0.1 speaking Web Push as browsers' push services do, for the server's tests
 * of push (tests/server/plugins/web-push). Each device it makes has its own endpoint, P-256 key pair
 * and auth secret (what a browser's PushSubscription holds). Every message is checked as a push
 * service would: the VAPID JWT (RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, ES256 under
 * k, audience the service's origin, expiring within a day, a subject) and k the key the device
 * subscribed with; then decrypted with the device's private key (RFC 8291, aes128gcm, by http_ece), a
 * real decryption that fails on any wrong key or byte. It answers 201, or what a test asks for (410,
 * 500 ...), or nothing for a while (a slow service).
 */
import http from 'node:http';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import * as ece from 'http_ece';

export interface PushDevice {
  /** What PushSubscription.toJSON() gives the page. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The messages this device received, decrypted and parsed, in order. */
  received: unknown[];
}

interface Held { ecdh: ECDH; auth: Buffer; serverKey: string; device: PushDevice }

/** A request the service refused, and why (no secret in it). */
export interface Refusal { status: number; reason: string }

export interface PushService {
  origin: string;
  /** A new device subscribed with `applicationServerKey` (the portal's VAPID public key, base64url). */
  device(applicationServerKey: string): PushDevice;
  /** The next `times` messages (to any device) are answered `status` instead of 201, received or not. */
  answer(status: number, times?: number): void;
  /** The next messages wait `ms` before their answer. */
  delay(ms: number): void;
  /** Every message that reached the service, answered or not. */
  requests: number;
  refusals: Refusal[];
  close(): Promise<void>;
}

const ONE_DAY_S = 24 * 3600;

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, Held>();
  const planned: number[] = [];
  let delayMs = 0;

  /** Checks the VAPID header; answers why it is refused, or null. */
  async function vapidProblem(header: string | undefined, origin: string, expectedKey: string): Promise<string | null> {
    const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
    if (!m) return 'no vapid authorization';
    const [, token, k] = m;
    if (k !== expectedKey) return 'k is not the key the device subscribed with';
    const raw = Buffer.from(k, 'base64url');
    if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 point';
    if (decodeProtectedHeader(token).alg !== 'ES256') return 'not ES256';
    const key = await importJWK({ kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, 'ES256');
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], audience: origin });
      if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + ONE_DAY_S) return 'exp missing or over a day away';
      if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return 'sub is no mailto: or https: contact';
    } catch (err) {
      return `jwt: ${(err as Error).message}`;
    }
    return null;
  }

  const service: PushService = {
    origin: '',
    requests: 0,
    refusals: [],
    device(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString('base64url');
      const device: PushDevice = {
        subscription: { endpoint: `${service.origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
        received: [],
      };
      devices.set(id, { ecdh, auth, serverKey: applicationServerKey, device });
      return device;
    },
    answer(status, times = 1) { planned.push(...Array(times).fill(status)); },
    delay(ms) { delayMs = ms; },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const refuse = (status: number, reason: string) => {
      service.refusals.push({ status, reason });
      res.writeHead(status).end(reason);
    };
    const held = devices.get(/^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '');
    if (req.method !== 'POST' || !held) return refuse(404, 'no such subscription');
    service.requests += 1;
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const status = planned.shift();
    if (status !== undefined && status !== 201) return res.writeHead(status).end();
    const problem = await vapidProblem(req.headers.authorization, service.origin, held.serverKey);
    if (problem) return refuse(403, problem);
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'not aes128gcm');
    if (!req.headers.ttl) return refuse(400, 'no TTL');
    let plain: Buffer;
    try {
      plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: held.ecdh, authSecret: held.auth });
    } catch (err) {
      return refuse(400, `decryption: ${(err as Error).message}`);
    }
    held.device.received.push(JSON.parse(plain.toString('utf8')));
    res.writeHead(201).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}
