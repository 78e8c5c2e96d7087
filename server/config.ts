import fs from 'node:fs';
import path from 'node:path';
import { createECDH, randomBytes } from 'node:crypto';

/** Every setting comes from the environment; the README documents each one in one table. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  /**
   * Key the vendor accounts' credentials are encrypted under (CREDENTIALS_KEY; unset, made at first start
   * into DATA_DIR/credentials-key like the token key), and the one before it while rotating
   * (CREDENTIALS_KEY_PREVIOUS): credentials still under it are read and re-encrypted under the new one.
   */
  credentialsKey: string;
  credentialsKeyPrevious?: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  googleIssuer?: string;
  googleClientId?: string;
  googleClientSecret?: string;
  weatherApiKey?: string;
  weatherBaseUrl: string;
  /** Time allowed to the weather service, ms (WEATHER_TIMEOUT_MS, default 5000). */
  weatherTimeoutMs: number;
  /** Seconds between two reads of each Fronius datalogger (COLLECTOR_INTERVAL, default 60; 0 disables the timer). */
  collectorIntervalSeconds: number;
  /** Hard deadline of a datalogger reading, ms (COLLECTOR_TIMEOUT_MS, default 5000): the connection is cut then. */
  collectorTimeoutMs: number;
  /** Seconds between two readings of each vendor cloud account, once across all processes (SOURCES_INTERVAL, default 300; 0 disables the timer). */
  sourcesIntervalSeconds: number;
  /** Seconds between two scheduled evaluations of the alarm rules, once across all processes (ALARM_INTERVAL, default 60; 0 disables the timer). */
  alarmIntervalSeconds: number;
  /** Seconds between two checks whether the monthly reports are due (REPORT_CHECK_INTERVAL, default 3600; 0 disables the timer). */
  reportCheckIntervalSeconds: number;
  mediaDir: string;
  maxUploadBytes: number;
  corsOrigins: string[];
  /** Trust X-Forwarded-* from a reverse proxy (TRUST_PROXY=1, or the proxies' addresses, comma-separated). */
  trustProxy: boolean | string;
  production: boolean;
  rateLimitMax: number;
  /** Redis shared by the API processes (REDIS_URL): the rate limits count there when set. */
  redisUrl?: string;
  /** Prefix of every Redis key this portal writes (REDIS_PREFIX, default `portal:`), so portals can share one Redis. */
  redisPrefix: string;
  demo: boolean;
  /** MQTT broker to take readings from (MQTT_URL, e.g. mqtt://user:pass@broker:1883); unset, no subscriber. */
  mqttUrl?: string;
  /** First level of the topics subscribed to: `{prefix}/{ingest key id}/points` (MQTT_TOPIC_PREFIX, default solar). */
  mqttTopicPrefix: string;
  /** Client id of the persistent MQTT session (MQTT_CLIENT_ID, default portal-solar): one subscriber per id. */
  mqttClientId: string;
  /** Days of simulated history the demo plants get at first start (DEMO_BACKFILL_DAYS, default 396 = 13 months; 0 = live only). */
  demoBackfillDays: number;
  /** Pause of the rollup worker between two rounds, ms (ROLLUP_INTERVAL_MS, default 2000; 0 = no worker in this process). */
  rollupIntervalMs: number;
  /**
   * Web Push's VAPID key pair (RFC 8292), base64url: VAPID_PRIVATE_KEY (unset, made at first start into
   * DATA_DIR/vapid-private-key like the token key) and the public key it gives (VAPID_PUBLIC_KEY, when
   * set, must be that one); VAPID_SUBJECT (default mailto:MAIL_FROM) tells push services whom to contact.
   */
  vapidPrivateKey: string;
  vapidPublicKey: string;
  vapidSubject: string;
  /** Pause of the Web Push worker between two looks at the outbox, ms (WEB_PUSH_INTERVAL_MS, default 1000; 0 = no worker in this process). */
  webPushIntervalMs: number;
  /** Time allowed to a push service per message, ms (WEB_PUSH_TIMEOUT_MS, default 10000). */
  webPushTimeoutMs: number;
  /** Wait before the first retry of a failed message, ms, doubled at each try (WEB_PUSH_RETRY_MS, default 30000). */
  webPushRetryMs: number;
}

const SECRET_MIN = 32;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === 'production';
  // Production names its key: API processes behind one database may not share a DATA_DIR, and a key
  // each made up for itself would make every token a lottery of 401s.
  if (production && (env.JWT_SECRET ?? '').length < SECRET_MIN) {
    throw new Error(`JWT_SECRET must be set to a random value of at least ${SECRET_MIN} characters in production`);
  }
  const jwtSecret = env.JWT_SECRET || storedSecret(path.join(dataDir, 'jwt-secret'), 'JWT_SECRET');
  if (env.CREDENTIALS_KEY && env.CREDENTIALS_KEY.length < SECRET_MIN) throw new Error(`CREDENTIALS_KEY must be at least ${SECRET_MIN} characters`);
  const credentialsKey = env.CREDENTIALS_KEY || storedSecret(path.join(dataDir, 'credentials-key'), 'CREDENTIALS_KEY');
  // A P-256 private key is 32 bytes below the curve's order: 32 random bytes, as the token key is made.
  const vapidPrivateKey = env.VAPID_PRIVATE_KEY || storedSecret(path.join(dataDir, 'vapid-private-key'), 'VAPID_PRIVATE_KEY');
  const vapidPublicKey = vapidPublicKeyOf(vapidPrivateKey);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PUBLIC_KEY !== vapidPublicKey) throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  const mailFrom = env.MAIL_FROM ?? 'no-reply@localhost';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    credentialsKey,
    credentialsKeyPrevious: env.CREDENTIALS_KEY_PREVIOUS || undefined,
    accessTtlSeconds: Number(env.ACCESS_TOKEN_TTL ?? 15 * 60),
    refreshTtlSeconds: Number(env.REFRESH_TOKEN_TTL ?? 14 * 24 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    googleIssuer: env.GOOGLE_ISSUER || undefined,
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
    weatherApiKey: env.WEATHER_API_KEY || undefined,
    weatherBaseUrl: (env.WEATHER_BASE_URL ?? 'https://api.weatherapi.com/v1').replace(/\/$/, ''),
    weatherTimeoutMs: Number(env.WEATHER_TIMEOUT_MS ?? 5000),
    collectorIntervalSeconds: Number(env.COLLECTOR_INTERVAL ?? 60),
    collectorTimeoutMs: Number(env.COLLECTOR_TIMEOUT_MS ?? 5000),
    alarmIntervalSeconds: nonNegative(env.ALARM_INTERVAL, 60),
    sourcesIntervalSeconds: nonNegative(env.SOURCES_INTERVAL, 300),
    reportCheckIntervalSeconds: nonNegative(env.REPORT_CHECK_INTERVAL, 3600),
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    maxUploadBytes: Number(env.MAX_UPLOAD_BYTES ?? 10 * 1024 * 1024),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    production,
    rateLimitMax: Number(env.RATE_LIMIT_MAX ?? 10),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'portal:',
    demo: env.DEMO !== '0',
    demoBackfillDays: nonNegative(env.DEMO_BACKFILL_DAYS, 396),
    mqttUrl: env.MQTT_URL || undefined,
    mqttTopicPrefix: (env.MQTT_TOPIC_PREFIX || 'solar').replace(/^\/+|\/+$/g, ''),
    mqttClientId: env.MQTT_CLIENT_ID || 'portal-solar',
    rollupIntervalMs: nonNegative(env.ROLLUP_INTERVAL_MS, 2000),
    vapidPrivateKey,
    vapidPublicKey,
    vapidSubject: env.VAPID_SUBJECT || `mailto:${mailFrom}`,
    webPushIntervalMs: nonNegative(env.WEB_PUSH_INTERVAL_MS, 1000),
    webPushTimeoutMs: nonNegative(env.WEB_PUSH_TIMEOUT_MS, 10_000),
    webPushRetryMs: nonNegative(env.WEB_PUSH_RETRY_MS, 30_000),
  };
}

/**
 * The key kept in `file`, made (32 random bytes, base64url, mode 0600) when there is none yet.
 * It is written to a file of its own name first and then hard-linked into place, which fails when
 * the file already exists: processes starting together on one DATA_DIR all end up reading the
 * one complete key that won, never a half-written one nor each their own.
 */
function storedSecret(file: string, variable: string): string {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    fs.writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < SECRET_MIN) throw new Error(`${file} holds no key of ${SECRET_MIN}+ characters: delete it (a new one is made) or set ${variable}`);
  return secret;
}

/** The uncompressed P-256 public key (base64url) of a VAPID private key; throws on one that is no key. */
function vapidPublicKeyOf(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  } catch {
    throw new Error('VAPID_PRIVATE_KEY is not a P-256 private key (32 bytes, base64url)');
  }
  return ecdh.getPublicKey().toString('base64url');
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === '0' || value === 'false') return false;
  return value === '1' || value === 'true' ? true : value;
}

function nonNegative(value: string | undefined, fallback: number): number {
  const n = Number(value ?? fallback);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}
