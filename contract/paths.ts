/**
 * The method and path of the endpoints the web app's first script calls (signing in, the session,
 * the public account calls, the server's features), with no schema: the areas' modules build their
 * TypeBox schemas as they load, and the login page should not carry TypeBox (docs/web.md, "Code
 * split"). contract/auth.ts and contract/settings.ts declare these endpoints on these entries.
 */

/** Where every endpoint's path lies (server/app.ts registers the areas' routes under it). */
export const API_PREFIX = '/api';

export const authRoutes = {
  token: { method: 'POST', path: '/auth/token' },
  refresh: { method: 'POST', path: '/auth/token/refresh' },
  logout: { method: 'POST', path: '/auth/logout' },
  google: { method: 'GET', path: '/auth/login/google' },
  signup: { method: 'POST', path: '/auth/signup' },
  activate: { method: 'GET', path: '/auth/account-activate' },
  resendActivation: { method: 'GET', path: '/auth/account-check/:user_id' },
  passwordResetEmail: { method: 'POST', path: '/password-reset-email/' },
  passwordResetCheck: { method: 'GET', path: '/password-reset/:code/:token' },
  passwordResetComplete: { method: 'PATCH', path: '/password-reset-complete/' },
  createUser: { method: 'POST', path: '/auth/create/user' },
  staffResendActivation: { method: 'POST', path: '/auth/account-check/:user_id/resend' },
  staffActivate: { method: 'PUT', path: '/auth/account-activate/:user_id' },
} as const;

export const profileRoutes = {
  me: { method: 'GET', path: '/my-profile' },
  update: { method: 'PUT', path: '/my-profile/update' },
} as const;

export const featuresRoute = { method: 'GET', path: '/features' } as const;

/** A path with its `:name` parameters filled in (URL-encoded). */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`${path}: missing :${name}`);
    return encodeURIComponent(String(values[name]));
  });
}

/** The monitoring page's first view, asked for by the page's early script (contract/first-view.ts). */
export const firstViewRoute = { method: 'GET', path: '/first-view/monitoring' } as const;
