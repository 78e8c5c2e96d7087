/**
 * react-admin's store (list preferences, sidebar state, locale) in localStorage. react-admin resets
 * the store on logout; the chosen language is a preference of the browser, not of the session, so
 * it survives that reset.
 */
import { localStorageStore, type Store } from 'react-admin';
import { STORE_APP_KEY, STORE_VERSION } from './storedItem';

export function createStore(base: Store = localStorageStore(STORE_VERSION, STORE_APP_KEY)): Store {
  // The app shell and the admin inside it both provide this store: it is set up by the first and
  // torn down with the last, so leaving the admin keeps the shell's sync with other tabs.
  let providers = 0;
  return {
    ...base,
    setup() {
      if (providers++ === 0) base.setup();
    },
    teardown() {
      if (--providers === 0) base.teardown();
    },
    reset() {
      const locale = base.getItem('locale');
      base.reset();
      if (locale) base.setItem('locale', locale);
    },
  };
}
