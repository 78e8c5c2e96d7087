/**
 * Huawei FusionSolar's Northbound interface (SmartPVMS "thirdData"), as documented in the manual V6
 * and recorded in ../shared/fixtures/vendors/huawei: every call a POST of JSON to `/thirdData/<name>`;
 * `login` with `{userName, systemCode}` answers the session's token in its `xsrf-token` header, sent
 * back as `XSRF-TOKEN` on each call. Errors come with HTTP 200 in the envelope's `failCode`; the
 * gateway in front answers its own quota with an HTTP 403 that is no envelope. Each call is taken
 * from the account's shared budget first (`spend`): a call the budget refuses is not made.
 */
import { SourceError, type SpendCalls } from '../types.js';

export interface Envelope { success?: boolean; failCode?: number; data?: unknown; params?: { currentTime?: number } | null; message?: string | null }

/** A back-off after a quota answer: the shortest of Huawei's windows (5 minutes). */
export const QUOTA_BACKOFF_MS = 5 * 60_000;
/**
 * A back-off after refused credentials: Huawei locks a user for 30 minutes after 5 wrong passwords in
 * 10, so an account is not tried again for an hour (new credentials from staff clear it at once).
 */
export const CREDENTIALS_BACKOFF_MS = 60 * 60_000;

/** failCodes that mean the account itself is refused: no such northbound user, wrong password, system expired. */
const CREDENTIAL_CODES = new Set([20001, 20003, 20400]);
const SESSION_ENDED = 305;
const TOO_OFTEN = 407;

export interface HuaweiClientOptions {
  baseUrl: string;
  userName: string;
  systemCode: string;
  spend: SpendCalls;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function huaweiClient(opts: HuaweiClientOptions) {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  let token: string | null = null;
  // Calls waiting for a session share one login.
  let loggingIn: Promise<void> | null = null;

  /** Takes `calls` calls of `api` from the budget, or fails with a quota error (nothing taken). */
  async function reserve(api: string, calls: number) {
    if (!await opts.spend(api, calls)) throw new SourceError('quota', `Cuota de ${api} agotada en esta ventana`, { retryAfterMs: QUOTA_BACKOFF_MS });
  }

  async function send(api: string, body: unknown, withToken: boolean, prepaid = false): Promise<{ envelope: Envelope; headers: Headers }> {
    if (!prepaid) await reserve(api, 1);
    let res: Response;
    try {
      res = await doFetch(`${base}/thirdData/${api}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(withToken && token ? { 'XSRF-TOKEN': token } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new SourceError('down', `FusionSolar no responde (${(err as Error).name})`);
    }
    const text = await res.text().catch(() => '');
    // The gateway's own quota: HTTP 403 with a body that is no envelope.
    if (res.status === 403) throw new SourceError('quota', 'FusionSolar rechaza por cuota (HTTP 403 del gateway)', { code: 403, retryAfterMs: QUOTA_BACKOFF_MS });
    if (res.status >= 500 || res.status === 429) throw new SourceError(res.status === 429 ? 'quota' : 'down', `FusionSolar respondió HTTP ${res.status}`, { code: res.status, retryAfterMs: QUOTA_BACKOFF_MS });
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      throw new SourceError('malformed', `FusionSolar respondió HTTP ${res.status} sin JSON`, { code: res.status });
    }
    if (typeof envelope !== 'object' || envelope === null || typeof envelope.failCode !== 'number') {
      throw new SourceError('malformed', `FusionSolar respondió HTTP ${res.status} sin failCode`, { code: res.status });
    }
    return { envelope, headers: res.headers };
  }

  function failure(api: string, envelope: Envelope): SourceError {
    const code = envelope.failCode!;
    if (code === TOO_OFTEN) {
      // The 407's message travels in `data` (ACCESS_FREQUENCY_IS_TOO_HIGH).
      return new SourceError('quota', `${api}: ${typeof envelope.data === 'string' ? envelope.data : 'ACCESS_FREQUENCY_IS_TOO_HIGH'} (407)`, { code, retryAfterMs: QUOTA_BACKOFF_MS });
    }
    if (CREDENTIAL_CODES.has(code)) return new SourceError('credentials', `${api}: FusionSolar rechaza la cuenta (failCode ${code})`, { code, retryAfterMs: CREDENTIALS_BACKOFF_MS });
    if (code === SESSION_ENDED) return new SourceError('session', `${api}: la sesión terminó y no se pudo renovar (failCode 305)`, { code });
    return new SourceError('refused', `${api}: FusionSolar rechaza la consulta (failCode ${code}${envelope.message ? `, ${envelope.message}` : ''})`, { code });
  }

  function login() {
    loggingIn ??= signIn().finally(() => { loggingIn = null; });
    return loggingIn;
  }

  async function signIn() {
    token = null;
    const { envelope, headers } = await send('login', { userName: opts.userName, systemCode: opts.systemCode }, false);
    if (envelope.failCode !== 0 || envelope.success === false) throw failure('login', envelope);
    token = headers.get('xsrf-token') ?? /XSRF-TOKEN=([^;]+)/.exec(headers.get('set-cookie') ?? '')?.[1] ?? null;
    if (!token) throw new SourceError('malformed', 'login: FusionSolar no envió el encabezado xsrf-token');
  }

  /**
   * Calls `api` and answers its envelope (`data` and `currentTime`), logging in first and once again
   * when the session ended (that second call is taken from the budget again). `prepaid`: the call was
   * reserved with the others of its round (`reserve`), so that a round is budgeted whole or not at all.
   */
  async function call(api: string, body: Record<string, unknown>, prepaid = false): Promise<{ data: unknown; currentTime: number | null }> {
    if (!token) await login();
    let { envelope } = await send(api, body, true, prepaid);
    if (envelope.failCode === SESSION_ENDED) {
      await login();
      ({ envelope } = await send(api, body, true));
    }
    if (envelope.failCode !== 0 || envelope.success === false) throw failure(api, envelope);
    const currentTime = typeof envelope.params?.currentTime === 'number' ? envelope.params.currentTime : null;
    return { data: envelope.data, currentTime };
  }

  return { call, reserve, login };
}
export type HuaweiClient = ReturnType<typeof huaweiClient>;
