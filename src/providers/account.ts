/**
 * The account actions of the public pages (SPEC §3, docs/api.md "Accounts"): register, activate,
 * resend the activation link, recover the password, Google sign-in. Paths come from
 * contract/paths.ts, bodies and replies from the contract's types (contract/auth.ts, types only: the
 * login page's script carries no schema); every call is anonymous (no token attached, no refresh on
 * 401). Signing in with a password is the auth provider's `login`.
 */
import { fillPath, authRoutes } from '../../contract/paths';
import type { Body, Reply } from '../../contract/http';
import type { authApi } from '../../contract/auth';
import { startSession } from './authProvider';
import { buildUrl, request, type Query } from './http';

type AuthCall = keyof typeof authRoutes;
/** The reply of a call that succeeded. */
type Success<K extends AuthCall> = Reply<typeof authApi[K], Extract<keyof typeof authApi[K]['reply'], 200 | 201>>;

/** One anonymous call of an account endpoint, its `:params` filled in. */
const call = <K extends AuthCall>(name: K, { params, query, body }: { params?: Record<string, string | number>; query?: Query; body?: unknown } = {}) => {
  const { method, path } = authRoutes[name];
  return request<Success<K>>(params ? fillPath(path, params) : path, { method, query, body, auth: false });
};

export interface AwaitingAccount { id: number; email: string }

export const account = {
  /** Creates an inactive account; its activation link is mailed. */
  signup: (values: Body<typeof authApi.signup>) => call('signup', { body: values }),
  /** Activates the account of a mailed link's token. */
  activate: (token: string) => call('activate', { query: { token } }),
  /** Mails the activation link again, with the account's e-mail as proof. */
  resendActivation: ({ id, email }: AwaitingAccount) => call('resendActivation', { params: { user_id: id }, query: { email } }),
  /** Mails a password-recovery link. */
  requestPasswordReset: (email: string) => call('passwordResetEmail', { body: { email } }),
  /** Rejects when the recovery link is not (or no longer) valid. */
  checkResetLink: (code: string, token: string) => call('passwordResetCheck', { params: { code, token } }),
  completePasswordReset: (body: Body<typeof authApi.passwordResetComplete>) => call('passwordResetComplete', { body }),
  /** Where the Google button sends the browser (the server answers with a redirect to Google). */
  googleStartUrl: () => buildUrl(authRoutes.google.path),
  /** Google's return point: trades its code and state for a session. */
  finishGoogle: async (code: string, state: string) => startSession(await call('google', { query: { code, state } })),
};
