import { DataTable, DateField } from 'react-admin';
import { SearchList } from '../../components/SearchList';

/** Minimal notification list (newest first, SPEC §4) so the menu entry works; sending comes with its issue. */
export const NotificationList = () => (
  <SearchList sort={{ field: 'created_at', order: 'DESC' }}>
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="title" />
      <DataTable.Col source="created_at">
        <DateField source="created_at" showTime />
      </DataTable.Col>
    </DataTable>
  </SearchList>
);
