import { EditButton, TopToolbar } from 'react-admin';
import { DeleteRecordButton } from './DeleteRecordButton';
import { useIsStaff } from './permissions';

/** The Edit and Delete buttons of a detail page, for staff only; a delete returns to the list. */
export function StaffShowActions({ entity, resource }: { entity: string; resource: string }) {
  const isStaff = useIsStaff();
  if (!isStaff) return null;
  return (
    <TopToolbar>
      <EditButton />
      <DeleteRecordButton entity={entity} resource={resource} redirect="list" />
    </TopToolbar>
  );
}
