import { DataTable } from 'react-admin';
import { SearchList } from '../../components/SearchList';

/** Minimal category list so the menu entry works; create / edit come with the tickets issue. */
export const CategoryList = () => (
  <SearchList sort={{ field: 'name', order: 'ASC' }}>
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="name" />
      <DataTable.Col source="description" disableSort />
    </DataTable>
  </SearchList>
);
