import { DataTable, DateField, TextField, useTranslate } from 'react-admin';
import { SearchList } from '../../components/SearchList';

/** Minimal ticket list so the menu entry works; the ticket screens proper come with the tickets issue. */
export const TicketList = () => {
  const translate = useTranslate();
  return (
    <SearchList sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="status_name" disableSort />
        <DataTable.Col source="user_fullname" disableSort />
        <DataTable.Col source="assigned_admin_fullname" disableSort>
          <TextField source="assigned_admin_fullname" emptyText={translate('app.screens.tickets.unassigned')} />
        </DataTable.Col>
        <DataTable.Col source="created_at" field={DateField} />
      </DataTable>
    </SearchList>
  );
};
