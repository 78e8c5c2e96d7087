/**
 * The bell in the top bar, for everyone: the unread count (polled every 60 s and after marking), a
 * popover with the latest received notifications (unread ones in bold, with a dot and, for screen
 * readers, the words 'no leída': not by weight alone, WCAG 1.4.1); opening one marks it read and,
 * for a ticket event, goes to the ticket, for an alarm's opening to the alarm; 'mark all as read'.
 */
import { useState, type MouseEvent } from 'react';
import {
  Badge, Box, Button, Divider, IconButton, List, ListItem, ListItemButton, ListItemText, Popover, Tooltip, Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useBasename, useGetList, useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import type { Count, ReceivedNotification } from '../../contract/notifications';
import { isolated, useFormatters } from '../i18n/format';
import { VisuallyHidden } from './VisuallyHidden';

export const BELL_POLL_MS = 60_000;
/** Every notification received (the bell's 'Ver todas'), for staff too, whose /notifications lists what they sent. */
export const RECEIVED_PATH = '/notifications/received';

/**
 * Opening a received notification, in the bell and in the list alike: marks it read (then
 * `onMarked`), and goes to its ticket, or for an alarm's opening to the alarm.
 */
export function useOpenNotification(onMarked: () => void) {
  const dataProvider = useAppDataProvider();
  const navigate = useNavigate();
  const basename = useBasename();
  return async (item: Pick<ReceivedNotification, 'id' | 'read' | 'ticket' | 'alarm'>) => {
    if (!item.read) {
      try { await dataProvider.call('user-notifications', 'read', { id: item.id }); } catch { /* silent */ }
      onMarked();
    }
    if (item.ticket) navigate(`${basename}/tickets/${item.ticket}/show`);
    else if (item.alarm) navigate(`${basename}/alarms/${item.alarm}/show`);
  };
}
const LATEST = 10;
const excerpt = (text: string, max = 90) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The mark of an unread notification: a dot, and its words for screen readers, before its title. */
function UnreadDot({ label }: { label: string }) {
  return (
    <Box component="span" sx={{ flexShrink: 0, width: 8, height: 8, mt: 1, mr: 1, borderRadius: '50%', bgcolor: 'primary.main' }}>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Box>
  );
}

export function NotificationBell() {
  const translate = useTranslate();
  const f = useFormatters();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const basename = useBasename();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const { data: unread = 0, refetch: refetchCount } = useQuery({
    queryKey: ['user-notifications', 'unreadCount'],
    queryFn: async () => (await dataProvider.call<Count>('user-notifications', 'unreadCount'))?.count ?? 0,
    refetchInterval: BELL_POLL_MS,
  });
  const { data: latest = [], refetch: refetchLatest } = useGetList<ReceivedNotification>('user-notifications', {
    pagination: { page: 1, perPage: LATEST }, sort: { field: 'created_at', order: 'DESC' },
  }, { enabled: anchor !== null });

  const afterMarking = () => {
    refetchCount();
    refetchLatest();
    queryClient.invalidateQueries({ queryKey: ['user-notifications', 'getList'] });
  };
  const openNotification = useOpenNotification(afterMarking);
  const open = (item: ReceivedNotification) => {
    setAnchor(null);
    return openNotification(item);
  };
  const readAll = async () => {
    try { await dataProvider.call('user-notifications', 'readAll'); } catch { /* silent */ }
    afterMarking();
  };

  const label = translate('app.screens.bell.label', { count: unread });
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="dialog"
          onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}>
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': translate('app.screens.bell.title'), sx: { width: 360, maxWidth: '95vw' } } as object }}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>{translate('app.screens.bell.title')}</Typography>
          <Button size="small" onClick={readAll} disabled={unread === 0}>{translate('app.screens.bell.mark_all')}</Button>
        </Box>
        <Divider />
        {latest.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} role="status">{translate('app.screens.bell.empty')}</Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }}>
            {latest.map((item) => (
              // A list holds list items (the button inside): a button straight in the list broke it for screen readers.
              <ListItem key={item.id} disablePadding divider>
              <ListItemButton onClick={() => open(item)} sx={{ alignItems: 'flex-start' }}>
                {!item.read && <UnreadDot label={translate('app.screens.bell.unread')} />}
                <ListItemText
                  // Titles and messages are people's text (or an alarm's, in its reader's language): isolated
                  // for direction, so a Spanish one in Arabic keeps its full stop at its end.
                  primary={isolated(item.title)}
                  secondary={(
                    <>
                      <Box component="span" sx={{ display: 'block' }}>{isolated(excerpt(String(item.message ?? '')))}</Box>
                      <Box component="span" sx={{ display: 'block', fontSize: '0.75rem' }}>
                        {item.created_at ? f.dateTime(item.created_at) : ''}
                      </Box>
                    </>
                  )}
                  slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 700 } } }}
                  sx={{ ml: item.read ? 2 : 0 }}
                />
              </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        <Divider />
        <Box sx={{ textAlign: 'center', py: 0.5 }}>
          <Button size="small" onClick={() => { setAnchor(null); navigate(`${basename}${RECEIVED_PATH}`); }}>
            {translate('app.screens.bell.see_all')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
