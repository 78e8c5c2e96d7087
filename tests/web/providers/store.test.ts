import { describe, expect, it } from 'vitest';
import { memoryStore } from 'react-admin';
import { createStore } from '../../../src/providers/store';

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
});
