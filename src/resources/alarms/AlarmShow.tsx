/**
 * /app/alarms/{id}/show: what the alarm is about and where, what the rule saw, its history (oldest
 * first) and, for staff, acknowledging it with a comment and turning it into a ticket in one click
 * (the ticket opens; the alarm then links to it). Customers read it only.
 */
import { useState } from 'react';
import {
  Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography,
} from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import { Form, Link, ShowBase, TextInput, Title, useBasename, useCreatePath, useShowContext, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useIsStaff } from '../../components/permissions';
import { showResult } from '../../components/ResultDialog';
import { commentRequired } from '../../components/validators';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { useFormatters } from '../../i18n/format';
import { AlarmStatusChip, alarmWhere, useAlarmDetails, useKindName } from './common';
import type { AlarmDetail, AlarmEvent } from '../../../contract/alarms';

/** Nothing of the alarm (the show page's record) goes into the acknowledge form. */
const NO_RECORD = {};

function AcknowledgeButton() {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return <Button type="submit" variant="contained" disabled={isSubmitting}>{translate('app.alarms.acknowledge')}</Button>;
}

function AcknowledgeDialog({ alarm, onClose, onDone }: { alarm: AlarmDetail; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const submit = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.call('alarms', 'acknowledge', { id: alarm.id, data: { comment: String(values.comment).trim() } });
      showResult({ kind: 'success', message: 'app.messages.alarm.acknowledged' });
      onDone();
    } catch {
      showResult({ kind: 'error', message: 'app.messages.alarm.acknowledge_error' });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="acknowledge-title">
      <Form record={NO_RECORD} onSubmit={submit} noValidate>
        <DialogTitle id="acknowledge-title">{translate('app.alarms.acknowledge_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('app.alarms.acknowledge_help')}</DialogContentText>
          <TextInput source="comment" label="app.alarms.comment" validate={commentRequired} multiline minRows={3} fullWidth autoFocus margin="none" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.screens.actions.cancel')}</Button>
          <AcknowledgeButton />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function StaffActions({ alarm, onChanged }: { alarm: AlarmDetail; onChanged: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const navigate = useNavigate();
  const basename = useBasename();
  const [acknowledging, setAcknowledging] = useState(false);
  const [busy, setBusy] = useState(false);
  const toTicket = async () => {
    setBusy(true);
    try {
      const made = await dataProvider.call<AlarmDetail>('alarms', 'ticket', { id: alarm.id, data: {} });
      showResult({ kind: 'success', message: 'app.messages.alarm.ticket_made' });
      navigate(`${basename}/tickets/${made.ticket}/show`);
    } catch {
      showResult({ kind: 'error', message: 'app.messages.alarm.ticket_error' });
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
      {alarm.status === 'open' && (
        <Button variant="contained" startIcon={<CheckCircleOutline />} onClick={() => setAcknowledging(true)}>
          {translate('app.alarms.acknowledge')}
        </Button>
      )}
      {alarm.ticket === null && (
        <Button variant="outlined" startIcon={<ConfirmationNumber />} onClick={toTicket} disabled={busy}>
          {translate('app.alarms.to_ticket')}
        </Button>
      )}
      {acknowledging && <AcknowledgeDialog alarm={alarm} onClose={() => setAcknowledging(false)} onDone={() => { setAcknowledging(false); onChanged(); }} />}
    </Stack>
  );
}

function eventText(event: AlarmEvent, translate: ReturnType<typeof useTranslate>) {
  const user = event.user_name ?? '—';
  if (event.event === 'ticket') return translate('app.alarms.events.ticket', { ticket: String(event.details.ticket ?? ''), user });
  return translate(`app.alarms.events.${event.event}`, { user });
}

function AlarmView() {
  const { record: alarm, refetch } = useShowContext<AlarmDetail>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const isStaff = useIsStaff();
  const kindName = useKindName();
  const details = useAlarmDetails();
  const f = useFormatters();
  if (!alarm) return null;
  // Opened from the list, the record is first the list's row (react-admin's placeholder), which has
  // no details or history yet: those show once the alarm itself has arrived.
  const seen = alarm.details ?? {};
  const history = alarm.events ?? [];
  const title = `${kindName(alarm.kind)}: ${alarm.plant_name}`;
  const item = (label: string, value: React.ReactNode) => (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">{translate(label)}</Typography>
      <Typography variant="body2" component="div">{value}</Typography>
    </Box>
  );
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <Title title={title} />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
            <Typography variant="h5" component="h2">{title}</Typography>
            <AlarmStatusChip status={alarm.status} />
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1, mb: 2 }}>
            {item('resources.alarms.fields.where', alarmWhere(alarm))}
            {item('resources.alarms.fields.project', alarm.project_name)}
            {item('resources.alarms.fields.opened_at', f.dateTime(alarm.opened_at))}
            {alarm.closed_at && item('resources.alarms.fields.closed_at', f.dateTime(alarm.closed_at))}
            {alarm.ticket !== null && item('resources.alarms.fields.ticket', (
              <Link to={createPath({ resource: 'tickets', id: alarm.ticket, type: 'show' })}>{translate('app.alarms.ticket_link', { id: alarm.ticket })}</Link>
            ))}
          </Stack>
          {isStaff && <StaffActions alarm={alarm} onChanged={() => refetch()} />}
        </CardContent>
      </Card>
      {Object.keys(seen).length > 0 && (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>{translate('app.alarms.seen')}</Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
              {details(seen).map((d) => (
                <Box key={d.key} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">{d.label}</Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>{d.value}</Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>{translate('app.alarms.history')}</Typography>
          <Box component="ol" aria-label={translate('app.alarms.history')} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
            {history.map((event) => (
              <Box component="li" key={event.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="caption" color="text.secondary" component="div">{f.dateTime(event.at)}</Typography>
                <Typography variant="body2" component="div">{eventText(event, translate)}</Typography>
                {event.comment && <Typography variant="body2" component="blockquote" sx={{ m: 0, mt: 0.5, fontStyle: 'italic' }}>{event.comment}</Typography>}
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Stack>
  );
}

export const AlarmShow = () => (
  <ShowBase>
    <AlarmView />
  </ShowBase>
);
