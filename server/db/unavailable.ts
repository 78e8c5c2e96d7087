/** node-postgres's own words when a connection dies or cannot be had (it gives these errors no code). */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;
/** Node socket errors of a server that is down, restarting or out of reach. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * Whether an error means the database is out of reach (not that the query was wrong): a dropped
 * or refused connection, a server shutting down or starting (SQLSTATE 57P01-57P03), a connection
 * exception (class 08), a pool that could not get a connection in time. Drizzle wraps driver
 * errors (`cause`), and a refused connection to a host with several addresses is an AggregateError.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || /^57P0[123]$/.test(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  return isDatabaseUnavailable(cause, depth + 1)
    || (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1)));
}

/** The SQLSTATE of a failed statement, whether the driver's error or drizzle's wrapping of it (`cause`). */
export function sqlState(err: unknown): string | undefined {
  const { code, cause } = (err ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const found = typeof code === 'string' ? code : cause?.code;
  return typeof found === 'string' ? found : undefined;
}
