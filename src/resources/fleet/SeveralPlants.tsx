import type { ReactNode } from 'react';
import { useGetList } from 'react-admin';
import { useIsStaff } from '../../components/permissions';

/** Renders `children` (the fleet's menu entry) for staff, and for a customer who sees two plants or more. */
export function SeveralPlants({ children }: { children: ReactNode }) {
  const isStaff = useIsStaff();
  const { total } = useGetList('fleet', { pagination: { page: 1, perPage: 1 }, sort: { field: 'name', order: 'ASC' } }, { enabled: !isStaff });
  return isStaff || (total ?? 0) >= 2 ? <>{children}</> : null;
}
