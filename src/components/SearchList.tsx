import { List, SearchInput, type ListProps } from 'react-admin';
import { ListEmpty } from './ListEmpty';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/**
 * Every resource list: a search box (the server's `search`), server-side paging and sorting, and the
 * resource's own empty message (SPEC §2).
 */
export function SearchList({ children, ...props }: ListProps) {
  return (
    <List filters={filters} empty={<ListEmpty />} perPage={25} {...props}>
      {children}
    </List>
  );
}
