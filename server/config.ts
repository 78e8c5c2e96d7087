import path from 'node:path';

/** Every setting comes from the environment; the README documents each one in one table. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
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
  mediaDir: string;
  maxUploadBytes: number;
  corsOrigins: string[];
  /** Trust X-Forwarded-* from a reverse proxy (TRUST_PROXY=1, or the proxies' addresses, comma-separated). */
  trustProxy: boolean | string;
  production: boolean;
  rateLimitMax: number;
  demo: boolean;
  /** Days of simulated history the demo plants get at first start (DEMO_BACKFILL_DAYS, default 396 = 13 months; 0 = live only). */
  demoBackfillDays: number;
}

export const DEFAULT_JWT_SECRET = 'dev-only-insecure-secret-change-me';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === 'production';
  const jwtSecret = env.JWT_SECRET ?? DEFAULT_JWT_SECRET;
  if (production && (jwtSecret === DEFAULT_JWT_SECRET || jwtSecret.length < 32)) {
    throw new Error('JWT_SECRET must be set to a random value of at least 32 characters in production');
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    accessTtlSeconds: Number(env.ACCESS_TOKEN_TTL ?? 15 * 60),
    refreshTtlSeconds: Number(env.REFRESH_TOKEN_TTL ?? 14 * 24 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Portal Solar <no-reply@localhost>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    googleIssuer: env.GOOGLE_ISSUER || undefined,
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
    weatherApiKey: env.WEATHER_API_KEY || undefined,
    weatherBaseUrl: (env.WEATHER_BASE_URL ?? 'https://api.weatherapi.com/v1').replace(/\/$/, ''),
    weatherTimeoutMs: Number(env.WEATHER_TIMEOUT_MS ?? 5000),
    collectorIntervalSeconds: Number(env.COLLECTOR_INTERVAL ?? 60),
    collectorTimeoutMs: Number(env.COLLECTOR_TIMEOUT_MS ?? 5000),
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    maxUploadBytes: Number(env.MAX_UPLOAD_BYTES ?? 10 * 1024 * 1024),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    production,
    rateLimitMax: Number(env.RATE_LIMIT_MAX ?? 10),
    demo: env.DEMO !== '0',
    demoBackfillDays: nonNegative(env.DEMO_BACKFILL_DAYS, 396),
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === '0' || value === 'false') return false;
  return value === '1' || value === 'true' ? true : value;
}

function nonNegative(value: string | undefined, fallback: number): number {
  const n = Number(value ?? fallback);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}
