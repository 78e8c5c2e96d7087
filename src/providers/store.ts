/**
 * react-admin's store (list preferences, sidebar state, locale) in localStorage. react-admin resets
 * the store on logout; the chosen language is a preference of the browser, not of the session, so
 * it survives that reset.
 */
import { localStorageStore, type Store } from 'react-admin';

export function createStore(base: Store = localStorageStore('1', 'Solar')): Store {
  return {
    ...base,
    reset() {
      const locale = base.getItem('locale');
      base.reset();
      if (locale) base.setItem('locale', locale);
    },
  };
}
