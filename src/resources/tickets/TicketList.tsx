/**
 * /app/tickets/list: the tickets (staff: all; a customer: their own), filtered by status, category,
 * assigned administrator and text, paged on the server; a new ticket is created in a dialog.
 */
import { useMemo, useState } from 'react';
import { Button } from '@mui/material';
import Add from '@mui/icons-material/Add';
import {
  DataTable, FilterButton, FunctionField, List, SearchInput, SelectInput, TopToolbar, useGetList,
  useRecordContext, useTranslate,
} from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { useIsStaff } from '../../components/permissions';
import { assignedName, statusChoices, StatusChip, useStaffUsers } from './common';
import { TicketCreateDialog } from './TicketCreate';
import { UNASSIGNED, type Ticket } from '../../../contract/tickets';
import { TimeField } from '../../components/TimeField';
import { isolated, namesLine } from '../../i18n/format';

const StatusCell = () => {
  const record = useRecordContext<Ticket>();
  return record ? <StatusChip status={record.status} /> : null;
};

const AssignedCell = () => {
  const record = useRecordContext<Ticket>();
  const translate = useTranslate();
  return record ? <>{assignedName(record, translate('app.screens.tickets.unassigned'))}</> : null;
};

function useFilters(isStaff: boolean) {
  const translate = useTranslate();
  const { data: categories = [] } = useGetList('ticket-categories', {
    pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' },
  });
  const admins = useStaffUsers(isStaff);
  return useMemo(() => [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" label="resources.tickets.fields.status" choices={statusChoices} alwaysOn />,
    <SelectInput key="type" source="type" label="resources.tickets.fields.type" optionText="name" translateChoice={false}
      choices={categories.map((c) => ({ id: c.id, name: c.name }))} />,
    ...(isStaff ? [
      <SelectInput key="assigned" source="assigned" label="resources.tickets.fields.assigned"
        choices={[{ id: UNASSIGNED, name: translate('app.screens.tickets.unassigned') }, ...admins]} translateChoice={false} />,
    ] : []),
  ], [categories, admins, isStaff, translate]);
}

function NewTicketButton({ onClick }: { onClick: () => void }) {
  const translate = useTranslate();
  return <Button variant="contained" size="small" startIcon={<Add />} onClick={onClick}>{translate('app.screens.tickets.new')}</Button>;
}

export const TicketList = () => {
  const isStaff = useIsStaff();
  const filters = useFilters(isStaff);
  const [creating, setCreating] = useState(false);
  const open = () => setCreating(true);
  return (
    <>
      <List resource="tickets" filters={filters} perPage={25} sort={{ field: 'created_at', order: 'DESC' }}
        actions={<TopToolbar><FilterButton /><NewTicketButton onClick={open} /></TopToolbar>}
        empty={<><ListEmpty create={false} /><div style={{ textAlign: 'center' }}><NewTicketButton onClick={open} /></div></>}>
        <ResponsiveTable<Ticket> phone={{
          // A title is its author's text: isolated for direction ('¿...?' keeps its ends in Arabic).
          primary: (r) => isolated(r.title),
          secondary: (r) => namesLine([r.type_name, isStaff && r.user_fullname]),
          tertiary: (r) => <StatusChip status={r.status} />,
          rowClick: 'show',
        }}>
          <DataTable bulkActionButtons={false} rowClick="show">
            <DataTable.Col source="title">
              <FunctionField<Ticket> render={(r) => isolated(r.title)} />
            </DataTable.Col>
            <DataTable.Col source="type_name" disableSort />
            {isStaff && <DataTable.Col source="user_fullname" disableSort />}
            <DataTable.Col source="status" label="resources.tickets.fields.status_name">
              <StatusCell />
            </DataTable.Col>
            <DataTable.Col source="assigned_admin_fullname" disableSort>
              <AssignedCell />
            </DataTable.Col>
            <DataTable.Col source="created_at">
              <TimeField source="created_at" />
            </DataTable.Col>
          </DataTable>
        </ResponsiveTable>
      </List>
      <TicketCreateDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
};

/** The page of /app/tickets/list (a custom route, SPEC §2). */
export const TicketListPage = () => <TicketList />;
