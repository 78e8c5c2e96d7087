/**
 * The profile's Web Push card: turning notifications on for this device (the browser's permission,
 * then a push subscription under the server's VAPID key, sent to the server), and the list of the
 * user's devices, each removable. A browser without push, or one where the user blocked
 * notifications, is told so plainly. The service worker that shows the messages is the app's own.
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showResult } from '../../components/ResultDialog';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { useFormatters } from '../../i18n/format';
import type { WebPushDevice, WebPushKey } from '../../../contract/web-push';

type Support = 'unsupported' | 'denied' | 'ready';

/** Whether this browser can receive push messages, and whether the user let this site send them. */
function pushSupport(): Support {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'ready';
}

export function PushDevices() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { date } = useFormatters();
  const [support, setSupport] = useState<Support>(pushSupport);
  const [closings, setClosings] = useState(false);
  const [onHere, setOnHere] = useState(false);
  const devices = useQuery({ queryKey: ['web-push', 'devices'], queryFn: () => dataProvider.call<WebPushDevice[]>('profile', 'pushDevices') });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['web-push', 'devices'] });

  const turnOn = useMutation({
    mutationFn: async () => {
      if (await Notification.requestPermission() !== 'granted') {
        setSupport(pushSupport());
        return false;
      }
      const { public_key } = await dataProvider.call<WebPushKey>('profile', 'pushKey');
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(public_key) });
      const { endpoint, keys } = subscription.toJSON();
      await dataProvider.call('profile', 'pushSubscribe', { data: { endpoint, keys, alarm_closings: closings } });
      return true;
    },
    onSuccess: (done) => {
      if (!done) return;
      setOnHere(true);
      showResult({ kind: 'success', message: 'app.web_push.turned_on' });
      refresh();
    },
    onError: () => showResult({ kind: 'error', message: 'app.web_push.failed' }),
  });

  const remove = useMutation({
    mutationFn: (id: number) => dataProvider.call('profile', 'pushRemove', { id }),
    onSuccess: () => {
      showResult({ kind: 'success', message: 'app.web_push.removed' });
      refresh();
    },
    onError: () => showResult({ kind: 'error', message: 'app.web_push.remove_failed' }),
  });

  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <CardContent>
        <Typography variant="h6" component="h2">{translate('app.web_push.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('app.web_push.help')}</Typography>
        {support !== 'ready' && <Alert severity="warning" sx={{ mb: 1 }}>{translate(`app.web_push.${support}`)}</Alert>}
        {support === 'ready' && (
          <Box sx={{ mb: 1 }}>
            <FormControlLabel label={translate('app.web_push.closings')} control={<Checkbox checked={closings} onChange={(e) => setClosings(e.target.checked)} />} />
            <Box>
              <Button variant="contained" onClick={() => turnOn.mutate()} disabled={turnOn.isPending}>{translate('app.web_push.turn_on')}</Button>
            </Box>
            {onHere && <Alert severity="success" sx={{ mt: 1 }}>{translate('app.web_push.on_here')}</Alert>}
          </Box>
        )}
        <Typography variant="subtitle1" component="h3" id="push-devices-title">{translate('app.web_push.devices')}</Typography>
        {devices.data?.length === 0 && <Typography variant="body2" color="text.secondary">{translate('app.web_push.none')}</Typography>}
        <List dense aria-labelledby="push-devices-title">
          {devices.data?.map((d) => (
            <ListItem key={d.id} secondaryAction={(
              <IconButton edge="end" aria-label={`${translate('app.web_push.remove')}: ${d.device}`} onClick={() => remove.mutate(d.id)} disabled={remove.isPending} sx={{ minWidth: 44, minHeight: 44 }}>
                <DeleteIcon />
              </IconButton>
            )}>
              <ListItemText
                primary={d.device}
                secondary={[translate('app.web_push.since', { date: date(d.created_at) }), d.alarm_closings && translate('app.web_push.closings_on')].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

/** The VAPID key as the bytes PushManager.subscribe takes. */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const bytes = atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
  return Uint8Array.from(bytes, (c) => c.charCodeAt(0));
}
