import { useBasename, useNavigate, usePermissions } from 'react-admin';
import { isAdmin, type Permissions } from '../providers/authProvider';

/** Administrators and superusers may change things (SPEC §6); ordinary users get read-only screens. */
export function useIsStaff(): boolean {
  const { permissions } = usePermissions<Permissions>();
  return !!permissions && isAdmin(permissions);
}

/**
 * Options of a detail page (Show) for a record the server will not give: to a customer another
 * customer's project, tag or plant is a 404, and the answer is the same access-denied page as for a
 * screen of staff work (react-admin's /access-denied), not a 'not found' toast. Staff keep
 * react-admin's default (the toast, then the list).
 */
export function useRefusedRecord() {
  const isStaff = useIsStaff();
  const navigate = useNavigate();
  const basename = useBasename();
  return isStaff ? {} : { queryOptions: { onError: () => navigate(`${basename}/access-denied`, { replace: true }) } };
}
