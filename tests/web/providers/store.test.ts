import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore } from 'react-admin';
import { createStore } from '../../../src/providers/store';
import { storedItem } from '../../../src/providers/storedItem';

afterEach(() => localStorage.clear());

describe('store', () => {
  it("keeps the chosen language when react-admin resets the store on logout", () => {
    const store = createStore(memoryStore());
    store.setup();
    store.setItem('locale', 'fr');
    store.setItem('projects.listParams', { page: 3 });
    store.reset();
    expect(store.getItem('locale')).toBe('fr');
    expect(store.getItem('projects.listParams')).toBeUndefined();
  });

  it("is read without react-admin as react-admin keeps it (the monitoring page's early script)", () => {
    const store = createStore();
    store.setup();
    store.setItem('monitoring.plant', 7);
    store.setItem('monitoring.whole_project', false);
    store.setItem('locale', 'ar');
    expect(storedItem('monitoring.plant')).toBe(7);
    expect(storedItem('monitoring.whole_project')).toBe(false);
    expect(storedItem('locale')).toBe('ar');
    expect(storedItem('monitoring.interval')).toBeUndefined();
    store.teardown();
  });
});
