/**
 * The session: login with e-mail and password (or Google), the profile kept with the tokens,
 * logout, the navigation guard (checkAuth). What each role may open (canAccess) is added by the
 * admin (src/resources/access.ts `adminAuthProvider`): the public pages do not carry the resource
 * descriptors it is derived from.
 * Token refresh on 401 lives in http.ts, under every call.
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import { request } from './http';
import { authRoutes, profileRoutes } from '../../contract/paths';
import {
  clearSession, getAccessToken, getProfile, getRefreshToken, setFlash, setProfile, setTokens,
  type Profile, type TokenPair,
} from './session';

export const LOGIN_PATH = '/login';

/** Message keys of SPEC §8 used here. */
export const SESSION_EXPIRED = 'app.messages.session_expired';
export const LOGOUT_ERROR = 'app.messages.logout_error';

/** Fetches /my-profile and keeps it; on failure the session is dropped and the login page asks to sign in again. */
export async function loadProfile(): Promise<Profile> {
  try {
    const profile = await request<Profile>(profileRoutes.me.path);
    setProfile(profile);
    return profile;
  } catch (error) {
    clearSession();
    setFlash({ type: 'info', message: SESSION_EXPIRED });
    throw error;
  }
}

/** Stores a token pair (from /auth/token or the Google return point), then the profile. */
export async function startSession(tokens: TokenPair): Promise<Profile> {
  clearSession();
  setTokens(tokens);
  return loadProfile();
}

/**
 * Ends the session: POST /auth/logout revokes the refresh token; whatever the answer, everything
 * local is cleared. Returns false when the server call failed (the caller shows SPEC §8's message).
 */
export async function endSession(): Promise<boolean> {
  if (!getRefreshToken() && !getAccessToken()) {
    clearSession();
    return true;
  }
  try {
    // A function: if the call first meets a 401, the retry sends the refresh token of the new pair.
    await request(authRoutes.logout.path, { method: 'POST', body: () => ({ refresh: getRefreshToken() }) });
    return true;
  } catch {
    return false;
  } finally {
    clearSession();
  }
}

export interface Permissions {
  is_staff: boolean;
  is_superuser: boolean;
}

export const permissionsOf = (profile: Profile | null): Permissions => ({
  is_staff: !!profile?.is_staff,
  is_superuser: !!profile?.is_superuser,
});

export const isAdmin = (p: Permissions) => p.is_staff || p.is_superuser;

const toLogin = (message: string | false = false) => ({ redirectTo: LOGIN_PATH, message });

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const tokens = await request<TokenPair>(authRoutes.token.path, { method: 'POST', body: { email, password }, auth: false });
    await startSession(tokens);
    return { redirectTo: '/app/monitoring' };
  },

  async logout() {
    if (!(await endSession())) setFlash({ type: 'error', message: LOGOUT_ERROR });
    return LOGIN_PATH;
  },

  /** The navigation guard: a token and a profile (fetched first if not known), or off to /login. */
  async checkAuth() {
    if (!getAccessToken() && !getRefreshToken()) {
      clearSession();
      throw toLogin();
    }
    if (!getProfile()) {
      try {
        await loadProfile();
      } catch {
        throw toLogin();
      }
    }
  },

  /** http.ts already refreshed and retried; a 401 reaching here means the session is over. 403 is only logged. */
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearSession();
      throw toLogin();
    }
  },

  async getPermissions(): Promise<Permissions> {
    return permissionsOf(getProfile());
  },

  async getIdentity(): Promise<UserIdentity> {
    const profile = getProfile();
    if (!profile) throw new Error('Not signed in');
    const fullName = profile.first_name?.trim()
      ? `${profile.first_name} ${profile.last_name ?? ''}`.trim()
      : 'Administrador';
    return { id: profile.id, fullName, avatar: profile.image ?? undefined };
  },
};
