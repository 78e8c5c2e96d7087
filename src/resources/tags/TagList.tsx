import { DataTable } from 'react-admin';
import { SearchList } from '../../components/SearchList';

export const TagList = () => (
  <SearchList sort={{ field: 'name', order: 'ASC' }}>
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="name" />
      <DataTable.NumberCol source="users_count" disableSort />
      <DataTable.NumberCol source="projects_count" disableSort />
    </DataTable>
  </SearchList>
);
