/**
 * What the browser keeps of a session: the tokens and the user's profile, in localStorage
 * (SPEC §3: "kept in browser local storage together with the access token"), plus a one-shot
 * "flash" message the login page shows after the session ended elsewhere.
 */
import type { Profile as ProfileReply, TokenPair } from '../../contract/auth';
import { forgetKept } from './kept';

export type { TokenPair };
/**
 * The profile as /my-profile answers it, as kept in localStorage: one stored by another version of
 * the app may lack `language`, or hold one this version does not offer.
 */
export type Profile = Omit<ProfileReply, 'language'> & { language?: string | null };

const ACCESS = 'access_token';
const REFRESH = 'refresh_token';
const USER = 'user';
const FLASH = 'app.flash';

export const getAccessToken = () => localStorage.getItem(ACCESS);
export const getRefreshToken = () => localStorage.getItem(REFRESH);

export function setTokens({ access, refresh }: Partial<TokenPair>) {
  if (access) localStorage.setItem(ACCESS, access);
  if (refresh) localStorage.setItem(REFRESH, refresh);
}

export const dropAccessToken = () => localStorage.removeItem(ACCESS);

export function getProfile(): Profile | null {
  const raw = localStorage.getItem(USER);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Profile;
  } catch {
    return null;
  }
}

export const setProfile = (profile: Profile) => localStorage.setItem(USER, JSON.stringify(profile));

/** Forgets the tokens, the stored user and the monitoring reads the installed app kept for them. */
export function clearSession() {
  localStorage.removeItem(ACCESS);
  localStorage.removeItem(REFRESH);
  localStorage.removeItem(USER);
  void forgetKept();
}

export interface Flash {
  type: 'info' | 'error' | 'success';
  /** A translation key. */
  message: string;
}

/** Leaves a message for the next page that calls takeFlash() (the login page). */
export const setFlash = (flash: Flash) => sessionStorage.setItem(FLASH, JSON.stringify(flash));

export function takeFlash(): Flash | null {
  const raw = sessionStorage.getItem(FLASH);
  sessionStorage.removeItem(FLASH);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Flash;
  } catch {
    return null;
  }
}

/** Where the app navigates when the session must end; App registers the router's navigate. */
let navigator: (path: string) => void = (path) => window.location.assign(path);
export const setNavigator = (navigate: (path: string) => void) => {
  navigator = navigate;
};
export const navigateTo = (path: string) => navigator(path);
