import { DataTable, List, SearchInput, useNotify, type ListProps } from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { ResponsiveTable } from '../../components/ResponsiveTable';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** SPEC §8: a failed read of the communes is a 3-second toast. */
export function useCommunesError() {
  const notify = useNotify();
  return () => notify('app.messages.commune.list_error', { type: 'error', autoHideDuration: 3000 });
}

/** Communes with their region, searchable; shown on the configuration page. */
export const CommuneList = (props: Partial<ListProps>) => {
  const onError = useCommunesError();
  return (
    <List resource="communes" filters={filters} perPage={10} sort={{ field: 'region', order: 'ASC' }}
      empty={<ListEmpty create={false} />} queryOptions={{ onError }} {...props}>
      <ResponsiveTable phone={{ primary: (r) => r.name, secondary: (r) => r.region }}>
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="region" />
          <DataTable.Col source="name" />
        </DataTable>
      </ResponsiveTable>
    </List>
  );
};
