/**
 * One call to a vendor cloud (a GET, or a POST of `json`): what every client shares. A call that cannot be made (connection
 * refused, reset, timed out) or that the vendor answers with a 5xx is the vendor being down; a 2xx
 * whose body is not JSON is malformed. Other statuses are returned for the client to read, since
 * each vendor signals credentials and quota its own way. The URL, which may carry a key, is never
 * put into a message.
 */
import { SourceError } from './types.js';

export interface VendorAnswer {
  status: number;
  /** Parsed JSON, or undefined when the body was empty or not JSON. */
  body: unknown;
  text: string;
  retryAfterMs?: number;
}

/** Retry-After as seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfter(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

export async function vendorRequest(
  url: URL | string,
  opts: { fetch: typeof fetch; headers?: Record<string, string>; timeoutMs: number; now: () => Date; what: string; json?: unknown },
): Promise<VendorAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await opts.fetch(url, {
      headers: { Accept: 'application/json', ...(opts.json === undefined ? {} : { 'Content-Type': 'application/json;charset=UTF-8' }), ...opts.headers },
      ...(opts.json === undefined ? {} : { method: 'POST', body: JSON.stringify(opts.json) }),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    text = await response.text();
  } catch (err) {
    const why = (err as Error).name === 'TimeoutError' ? `no answer within ${opts.timeoutMs} ms` : ((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name);
    throw new SourceError('down', `${opts.what}: ${why}`);
  }
  const wait = retryAfter(response.headers.get('retry-after'), opts.now());
  if (response.status >= 500) throw new SourceError('down', `${opts.what}: HTTP ${response.status}`, { code: response.status, retryAfterMs: wait });
  let body: unknown;
  try {
    body = text.trim() ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (response.status < 300 && body === undefined) throw new SourceError('malformed', `${opts.what}: the answer is not JSON`);
  return { status: response.status, body, text, retryAfterMs: wait };
}

/** A vendor number: a number, or a string holding one; "", "N/A", null and the like are absent. */
export function vendorNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!text || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  return Number(text);
}

/** A value in a larger unit (kW, kWh) in the portal's (W, Wh): without binary artefacts (0.57 kW is 570 W, not 569.9999999999999). */
export const scaled = (n: number, factor: number) => (factor === 1 ? n : Number((n * factor).toPrecision(15)));

/** An energy of a day or a year in the portal's unit (0 before sunrise is true); absent when missing. */
export const vendorEnergy = (value: unknown, factor = 1) => {
  const n = vendorNumber(value);
  return n === null ? null : scaled(n, factor);
};

/** A lifetime counter: absent when missing, and 0 is no counter (a sleeping device's: store.ts, `asleep`). */
export const vendorCounter = (value: unknown, factor = 1) => vendorEnergy(value, factor) || null;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined);
