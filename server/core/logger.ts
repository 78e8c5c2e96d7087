/**
 * The server's log, one path for every line it prints (server/serve.ts, hence `npm start`, `npm run
 * dev` and each cluster worker): pino through Fastify, as readable lines (pino-pretty) when the
 * output is a terminal, one JSON object a line when it is not (a supervisor, a container, a file),
 * for a log collector to parse. Either way the same fields are hidden (`redact`).
 */
import type { Writable } from 'node:stream';
import pretty from 'pino-pretty';

/**
 * Fields that may hold a secret, hidden in every line: the headers that carry a credential (should a
 * request's headers ever be logged) and the values named like one in any logged object.
 */
export const REDACTED = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'req.headers["proxy-authorization"]',
  'headers.authorization', 'headers.cookie', 'headers["x-api-key"]',
  'password', '*.password', 'token', '*.token', 'access', '*.access', 'refresh', '*.refresh', 'secret', '*.secret',
  'api_key', '*.api_key',
];

/** Whether the log is written for a person: the output is a terminal. */
export const forPeople = (output: { isTTY?: boolean } = process.stdout) => output.isTTY === true;

/**
 * The logger options of Fastify (pino's): `level`, the redaction, and on a terminal the pretty
 * printer as the destination (written synchronously, so its lines stay in order with anything else
 * the process prints); `destination` only for tests.
 */
export function loggerOptions({ level, tty, destination }: { level: string; tty: boolean; destination?: Writable }) {
  const options = { level, redact: { paths: REDACTED, censor: '[oculto]' } };
  if (!tty) return destination ? { ...options, stream: destination } : options;
  return {
    ...options,
    stream: pretty({
      colorize: !destination, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname',
      ...(destination ? { destination } : {}),
    }),
  };
}
