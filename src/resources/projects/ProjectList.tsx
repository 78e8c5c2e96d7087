import { DataTable, ImageField } from 'react-admin';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { SearchList } from '../../components/SearchList';
import { TimeField } from '../../components/TimeField';

export const ProjectList = () => (
  <SearchList sort={{ field: 'name', order: 'ASC' }}>
    <ResponsiveTable phone={{
      primary: (r) => r.name, tertiary: (r) => r.plants_count, avatar: (r) => r.image_project ?? undefined, rowClick: 'show',
    }}>
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="image_project" disableSort>
        <ImageField source="image_project" sx={{ '& img': { maxWidth: 56, maxHeight: 40, objectFit: 'cover', m: 0 } }} />
      </DataTable.Col>
      <DataTable.Col source="name" />
      <DataTable.NumberCol source="plants_count" disableSort />
      <DataTable.Col source="created_at"><TimeField source="created_at" dateOnly /></DataTable.Col>
    </DataTable>
    </ResponsiveTable>
  </SearchList>
);
