import { usePermissions } from 'react-admin';
import { isAdmin, type Permissions } from '../providers/authProvider';

/** Administrators and superusers may change things (SPEC §6); ordinary users get read-only screens. */
export function useIsStaff(): boolean {
  const { permissions } = usePermissions<Permissions>();
  return !!permissions && isAdmin(permissions);
}
