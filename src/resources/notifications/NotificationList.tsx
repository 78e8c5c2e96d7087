/**
 * /app/notifications: staff see the notifications they sent (newest first, SPEC §4) and send new ones;
 * ordinary users see the notifications they received. Sending is a dialog over the list at
 * /app/notifications/create, so the address can be linked to and Back closes it.
 */
import { useMatch } from 'react-router-dom';
import { Button, Typography } from '@mui/material';
import Send from '@mui/icons-material/Send';
import {
  DataTable, FunctionField, List, SearchInput, TopToolbar, useCreatePath, usePermissions, useRedirect, useRefresh, useRequireAccess,
  useTranslate, type Identifier, type RaRecord,
} from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { useIsStaff } from '../../components/permissions';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { NotificationSendDialog, useNotificationTypeName } from './NotificationSend';
import { CHOSEN_USERS } from '../../../contract/notifications';
import { isolated } from '../../i18n/format';
import { TimeField } from '../../components/TimeField';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function SentList() {
  const translate = useTranslate();
  const typeName = useNotificationTypeName();
  const redirect = useRedirect();
  const sending = Boolean(useMatch(useCreatePath()({ resource: 'notifications', type: 'create' })));
  const setSending = (open: boolean) => redirect(open ? 'create' : 'list', 'notifications');
  const type = (r: RaRecord) => typeName(r.type_notification, r.type_name);
  const target = (r: RaRecord) => r.tag_name ?? r.project_name
    ?? (r.type_notification === CHOSEN_USERS ? translate('app.screens.notifications.chosen_users') : '—');
  return (
    <>
      <List resource="notifications" filters={filters} perPage={25} sort={{ field: 'created_at', order: 'DESC' }}
        actions={(
          <TopToolbar>
            <Button variant="contained" size="small" startIcon={<Send />} onClick={() => setSending(true)}>
              {translate('app.screens.notifications.send')}
            </Button>
          </TopToolbar>
        )}
        empty={(
          <>
            <ListEmpty create={false} />
            <div style={{ textAlign: 'center' }}>
              <Button variant="contained" startIcon={<Send />} onClick={() => setSending(true)}>
                {translate('app.screens.notifications.send')}
              </Button>
            </div>
          </>
        )}>
        <ResponsiveTable phone={{
          primary: (r) => isolated(r.title),
          // The tag's or project's name is users' text: isolated, so in Arabic the '·' stays between the two.
          secondary: (r) => `${type(r)} · ${isolated(target(r))}`,
          tertiary: (r) => <TimeField source="created_at" record={r} dateOnly />,
        }}>
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="title">
              <FunctionField render={(r) => isolated(r.title)} />
            </DataTable.Col>
            <DataTable.Col source="type_name" disableSort>
              <FunctionField render={type} />
            </DataTable.Col>
            <DataTable.Col source="target" disableSort>
              <FunctionField render={target} />
            </DataTable.Col>
            <DataTable.NumberCol source="recipients_count" disableSort />
            <DataTable.Col source="created_at">
              <TimeField source="created_at" />
            </DataTable.Col>
          </DataTable>
        </ResponsiveTable>
      </List>
      <NotificationSendDialog open={sending} onClose={() => setSending(false)} />
    </>
  );
}

function ReceivedList() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const open = async (record: RaRecord) => {
    if (!record.read) {
      try { await dataProvider.call('user-notifications', 'read', { id: record.id }); } catch { /* silent */ }
      refresh();
    }
    if (record.ticket) redirect('show', 'tickets', record.ticket);
  };
  const openRow = (_id: Identifier, _resource: string, record: RaRecord) => { open(record); return false as const; };
  // A title and a message are people's text (or an alarm's, in its reader's language): isolated for
  // direction, so a Spanish one in Arabic keeps its full stop at its end.
  const title = (r: RaRecord) => <Typography variant="body2" component="span" sx={{ fontWeight: r.read ? 400 : 700 }}>{isolated(r.title)}</Typography>;
  const message = (r: RaRecord) => isolated(r.message ?? '');
  return (
    <List resource="user-notifications" title={translate('resources.notifications.name', { smart_count: 2 })} filters={filters} perPage={25} sort={{ field: 'created_at', order: 'DESC' }}
      empty={<ListEmpty create={false} message="resources.notifications.empty" />}>
      <ResponsiveTable phone={{
        primary: title,
        secondary: message,
        tertiary: (r) => <TimeField source="created_at" record={r} dateOnly />,
        rowClick: openRow,
      }}>
        <DataTable bulkActionButtons={false} rowClick={openRow}>
          <DataTable.Col source="title" label="resources.notifications.fields.title">
            <FunctionField render={title} />
          </DataTable.Col>
          <DataTable.Col source="message" label="resources.notifications.fields.message" disableSort>
            <FunctionField render={message} />
          </DataTable.Col>
          <DataTable.Col source="created_at" label="resources.notifications.fields.created_at">
            <TimeField source="created_at" />
          </DataTable.Col>
        </DataTable>
      </ResponsiveTable>
    </List>
  );
}

export const NotificationList = () => {
  const { isPending } = usePermissions();
  const isStaff = useIsStaff();
  if (isPending) return null;
  return isStaff ? <SentList /> : <ReceivedList />;
};

/** /app/notifications/create: the sent list with its send dialog open; anyone else gets the access-denied page. */
export const NotificationCreate = () => {
  const { isPending } = useRequireAccess({ resource: 'notifications', action: 'create' });
  return isPending ? null : <SentList />;
};
