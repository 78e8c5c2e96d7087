import { DataTable } from 'react-admin';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { SearchList } from '../../components/SearchList';
import { useIsStaff } from '../../components/permissions';

export const TagList = () => {
  // The API tells only staff how many users a tag has (they are other customers).
  const isStaff = useIsStaff();
  return (
    <SearchList sort={{ field: 'name', order: 'ASC' }}>
      <ResponsiveTable phone={{ primary: (r) => r.name, tertiary: (r) => r.projects_count, rowClick: 'show' }}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        {isStaff && <DataTable.NumberCol source="users_count" disableSort />}
        <DataTable.NumberCol source="projects_count" disableSort />
      </DataTable>
      </ResponsiveTable>
    </SearchList>
  );
};
