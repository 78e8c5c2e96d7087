/**
 * The account actions of the public pages (SPEC §3, docs/api.md "Accounts"): register, activate,
 * resend the activation link, recover the password, Google sign-in. Paths and bodies come from the
 * contract (contract/auth.ts); every call is anonymous (no token attached, no refresh on 401).
 * Signing in with a password is the auth provider's `login`.
 */
import { fillPath, type Body, type EndpointSpec, type Reply } from '../../contract/http';
import { authApi } from '../../contract/auth';
import { startSession } from './authProvider';
import { buildUrl, request, type Query } from './http';

/** The reply of a call that succeeded. */
type Success<E extends EndpointSpec> = Reply<E, Extract<keyof E['reply'], 200 | 201>>;

/** One anonymous call of an account endpoint, its `:params` filled in. */
const call = <E extends EndpointSpec>(spec: E, { params, query, body }: { params?: Record<string, string | number>; query?: Query; body?: unknown } = {}) =>
  request<Success<E>>(params ? fillPath(spec.path, params) : spec.path, { method: spec.method, query, body, auth: false });

export interface AwaitingAccount { id: number; email: string }

export const account = {
  /** Creates an inactive account; its activation link is mailed. */
  signup: (values: Body<typeof authApi.signup>) => call(authApi.signup, { body: values }),
  /** Activates the account of a mailed link's token. */
  activate: (token: string) => call(authApi.activate, { query: { token } }),
  /** Mails the activation link again, with the account's e-mail as proof. */
  resendActivation: ({ id, email }: AwaitingAccount) => call(authApi.resendActivation, { params: { user_id: id }, query: { email } }),
  /** Mails a password-recovery link. */
  requestPasswordReset: (email: string) => call(authApi.passwordResetEmail, { body: { email } }),
  /** Rejects when the recovery link is not (or no longer) valid. */
  checkResetLink: (code: string, token: string) => call(authApi.passwordResetCheck, { params: { code, token } }),
  completePasswordReset: (body: Body<typeof authApi.passwordResetComplete>) => call(authApi.passwordResetComplete, { body }),
  /** Where the Google button sends the browser (the server answers with a redirect to Google). */
  googleStartUrl: () => buildUrl(authApi.google.path),
  /** Google's return point: trades its code and state for a session. */
  finishGoogle: async (code: string, state: string) => startSession(await call(authApi.google, { query: { code, state } })),
};
