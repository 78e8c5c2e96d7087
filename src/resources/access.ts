/**
 * Who may open what (react-admin's canAccess, the menu, the mounted `<Resource>`s): staff and
 * superusers everything; a customer, per resource, the actions the contract opens to every
 * signed-in user (src/providers/access.ts) narrowed by the descriptor's `customer`. The server
 * scopes the data itself (SPEC §6); this keeps screens and buttons a customer cannot use out of sight.
 */
import { contractActions, type Action } from '../providers/access';
import type { AuthProvider } from 'react-admin';
import { authProvider, isAdmin, permissionsOf, type Permissions } from '../providers/authProvider';
import { getProfile } from '../providers/session';
import { resources } from './index';
import type { AppRoute } from './types';

/** Pages outside the resource table that every signed-in user opens. */
const OPEN_PAGES = new Set(['monitoring']);

const byName = new Map(resources.map((r) => [r.name, r]));

/** The actions a customer may take on `resource`. */
export function customerActions(resource: string): Action[] {
  const narrowed = byName.get(resource)?.customer;
  const granted = contractActions(resource);
  return narrowed ? granted.filter((a) => narrowed.includes(a)) : granted;
}

export function canAccessWith(permissions: Permissions, resource: string, action: string): boolean {
  if (isAdmin(permissions) || OPEN_PAGES.has(resource)) return true;
  return (customerActions(resource) as string[]).includes(action);
}

/**
 * The custom pages (`routes`) mounted for these permissions: those of the entries the user may list.
 * Every `<Resource>` is mounted for everyone (other entries' records are shown by reference); its
 * screens ask canAccess themselves and answer react-admin's access-denied page.
 */
export const pagesFor = (permissions: Permissions): (AppRoute & { resource: string })[] => resources
  .filter((r) => canAccessWith(permissions, r.name, 'list'))
  .flatMap((r) => (r.routes ?? []).map((route) => ({ ...route, resource: r.name })));

/** The admin's auth provider: the shell's (src/providers/authProvider.ts) with canAccess from these rules, for the stored profile. */
export const adminAuthProvider: AuthProvider = {
  ...authProvider,
  canAccess: async ({ resource, action }) => canAccessWith(permissionsOf(getProfile()), resource, action),
};
