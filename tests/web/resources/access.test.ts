/**
 * Who may open what (src/resources/access.ts): staff everything; a customer what the contract opens
 * to a signed-in user, narrowed by the resource descriptors.
 */
import { describe, expect, it } from 'vitest';
import { resourceTable } from '../../../src/providers/resourceTable';
import { canAccessWith } from '../../../src/resources/access';
import { resources } from '../../../src/resources';

describe('access', () => {
  it('canAccess: staff everything; ordinary users their reduced, mostly read-only set', async () => {
    const staff = { is_staff: true, is_superuser: false };
    const superuser = { is_staff: false, is_superuser: true };
    const user = { is_staff: false, is_superuser: false };
    for (const resource of [...Object.keys(resourceTable), 'monitoring', 'configuration']) {
      for (const action of ['list', 'show', 'create', 'edit', 'delete']) {
        expect(canAccessWith(staff, resource, action)).toBe(true);
        expect(canAccessWith(superuser, resource, action)).toBe(true);
      }
    }
    for (const resource of ['projects', 'power-plants', 'investors', 'mppts', 'strings', 'panels', 'tags']) {
      expect(canAccessWith(user, resource, 'list')).toBe(true);
      expect(canAccessWith(user, resource, 'show')).toBe(true);
      expect(canAccessWith(user, resource, 'create')).toBe(false);
      expect(canAccessWith(user, resource, 'edit')).toBe(false);
      expect(canAccessWith(user, resource, 'delete')).toBe(false);
    }
    for (const resource of ['users', 'project-users', 'tag-users', 'trademarks', 'equipments', 'settings', 'notifications', 'ticket-categories']) {
      expect(canAccessWith(user, resource, 'list')).toBe(false);
    }
    expect(canAccessWith(user, 'tickets', 'create')).toBe(true);
    expect(canAccessWith(user, 'tickets', 'delete')).toBe(false);
    expect(canAccessWith(user, 'ticket-messages', 'create')).toBe(true);
    expect(canAccessWith(user, 'user-notifications', 'list')).toBe(true);
    expect(canAccessWith(user, 'monitoring', 'anything')).toBe(true);
    expect(canAccessWith(user, 'profile', 'edit')).toBe(true);
    expect(resources.every((r) => r.name in resourceTable)).toBe(true);
  });
});
