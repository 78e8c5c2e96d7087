/**
 * The store's name in localStorage, and one kept value read without react-admin: the monitoring
 * page's early script (src/firstView/start.ts) runs before the app's code, and reads what the user
 * chose on the page last as react-admin's localStorageStore keeps it ('RaStore<app>.<key>', JSON;
 * tests/web/providers/store.test.ts holds the two to the same format).
 */
export const STORE_APP_KEY = 'Solar';
export const STORE_VERSION = '1';

export function storedItem<T>(key: string): T | undefined {
  const raw = localStorage.getItem(`RaStore${STORE_APP_KEY}.${key}`);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}
