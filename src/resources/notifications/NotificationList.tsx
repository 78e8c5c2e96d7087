/**
 * /app/notifications: staff see the notifications they sent (newest first, SPEC §4) and send new ones;
 * ordinary users see the notifications they received. Sending is a dialog over the list at
 * /app/notifications/create, so the address can be linked to and Back closes it.
 */
import { Link, useMatch } from 'react-router-dom';
import { Button, Tab, Tabs, Typography } from '@mui/material';
import Send from '@mui/icons-material/Send';
import {
  DataTable, FunctionField, List, SearchInput, TopToolbar, useBasename, useCreatePath, usePermissions, useRedirect, useRefresh, useRequireAccess,
  useTranslate, type Identifier, type RaRecord,
} from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { useIsStaff } from '../../components/permissions';
import { RECEIVED_PATH, useOpenNotification } from '../../components/NotificationBell';
import type { ReceivedNotification } from '../../../contract/notifications';
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
      <StaffTabs current="sent" />
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

/**
 * Staff's two lists of notifications: those they sent (/notifications, SPEC §4) and those they
 * received (the bell's, at /notifications/received), one tab each.
 */
function StaffTabs({ current }: { current: 'sent' | 'received' }) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Tabs value={current} aria-label={translate('resources.notifications.name', { smart_count: 2 })} sx={{ mb: 1 }}>
      <Tab value="received" label={translate('app.screens.notifications_tabs.received')} component={Link} to={`${basename}${RECEIVED_PATH}`} />
      <Tab value="sent" label={translate('app.screens.notifications_tabs.sent')} component={Link} to={`${basename}/notifications`} />
    </Tabs>
  );
}

function ReceivedList() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const isStaff = useIsStaff();
  // The bell's rule: read, then to the ticket or the alarm.
  const open = useOpenNotification(refresh);
  const openRow = (_id: Identifier, _resource: string, record: RaRecord) => {
    open(record as ReceivedNotification);
    return false as const;
  };
  // A title and a message are people's text (or an alarm's, in its reader's language): isolated for
  // direction, so a Spanish one in Arabic keeps its full stop at its end.
  const title = (r: RaRecord) => <Typography variant="body2" component="span" sx={{ fontWeight: r.read ? 400 : 700 }}>{isolated(r.title)}</Typography>;
  const message = (r: RaRecord) => isolated(r.message ?? '');
  return (
    <>
      {isStaff && <StaffTabs current="received" />}
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
    </>
  );
}

/** /app/notifications/received: what the user received (the bell's 'Ver todas'); for a customer, the same as /app/notifications. */
export const ReceivedNotifications = () => {
  const { isPending } = usePermissions();
  return isPending ? null : <ReceivedList />;
};

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
