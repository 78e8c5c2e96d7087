/**
 * /app/tickets/{id}/show: the ticket's header, its first post, then the messages oldest first as a
 * conversation (the signed-in user's own at the end side, mirrored in RTL by logical properties),
 * the reply box, the status change and, for staff, the assignment of an administrator.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import {
  Alert, Box, Button, Card, CardContent, Chip, Divider, IconButton, MenuItem, Paper, Stack, TextField, Tooltip, Typography,
} from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Send from '@mui/icons-material/Send';
import {
  Confirm, Link, ShowBase, useBasename, Title, useCreate, useCreatePath, useDelete, useGetManyReference, useShowContext,
  useTranslate,
} from 'react-admin';
import { useIsStaff } from '../../components/permissions';
import { showResult } from '../../components/ResultDialog';
import { acceptAttribute, attachmentAccept, isAccepted, useRefusedUpload } from '../../components/uploads';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { assignedName, Attachment, StatusChip, useFormatTime, useMyId, useStaffUsers } from './common';
import { ACTIVE, CLOSED, type Ticket, type TicketMessage } from '../../../contract/tickets';

const byTime = (a: TicketMessage, b: TicketMessage) =>
  String(a.created_at ?? '').localeCompare(String(b.created_at ?? '')) || Number(a.id) - Number(b.id);

function Header({ ticket }: { ticket: Ticket }) {
  const translate = useTranslate();
  const formatTime = useFormatTime();
  const createPath = useCreatePath();
  const item = (label: string, value: React.ReactNode) => (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">{translate(label)}</Typography>
      <Typography variant="body2" component="div">{value}</Typography>
    </Box>
  );
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
        <Typography variant="h5" component="h2" dir="auto">{ticket.title}</Typography>
        <StatusChip status={ticket.status} />
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1 }}>
        {item('resources.tickets.fields.type', ticket.type_name || '—')}
        {item('resources.tickets.fields.customuser', <bdi>{ticket.user_fullname}</bdi>)}
        {item('resources.tickets.fields.created_at', formatTime(ticket.created_at))}
        {item('resources.tickets.fields.assigned_admin_fullname', assignedName(ticket, translate('app.screens.tickets.unassigned')))}
        {ticket.alarm != null && item('resources.tickets.fields.alarm', (
          // createPath adds the admin's basename (/app): a bare '/alarms/..' leaves the admin.
          <Link to={createPath({ resource: 'alarms', id: ticket.alarm, type: 'show' })}>{translate('app.alarms.from_alarm', { id: ticket.alarm })}</Link>
        ))}
      </Stack>
    </Box>
  );
}

/** Web addresses in a post; the punctuation closing a sentence after one is not part of it. */
const ADDRESS = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'»]/g;

/**
 * A post's text with its web addresses clickable (the alarm's page in a ticket made of an alarm): one
 * of this app opens in the app, any other in a new tab.
 */
function Linked({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const href = match[0];
    parts.push(text.slice(last, match.index));
    const url = new URL(href);
    parts.push(url.origin === window.location.origin
      ? <Link key={match.index} to={url.pathname + url.search + url.hash}>{href}</Link>
      : <a key={match.index} href={href} target="_blank" rel="noopener noreferrer nofollow">{href}</a>);
    last = match.index + href.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

interface PostProps {
  author: string;
  staff: boolean;
  mine: boolean;
  time?: string;
  content: string;
  media?: string | null;
  onDelete?: () => void;
}

/** One post of the conversation; own posts sit at the end side. */
function Post({ author, staff, mine, time, content, media, onDelete }: PostProps) {
  const translate = useTranslate();
  const formatTime = useFormatTime();
  return (
    <Paper component="li" variant="outlined" aria-label={author}
      sx={{
        listStyle: 'none', p: 1.5, maxWidth: { xs: '92%', md: '75%' },
        marginInlineStart: mine ? 'auto' : 0, marginInlineEnd: mine ? 0 : 'auto',
        bgcolor: mine ? 'action.selected' : 'background.paper',
      }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2" component="bdi">{author}</Typography>
        {staff && <Chip size="small" color="primary" label={translate('app.screens.tickets.support')} />}
        <Typography variant="caption" color="text.secondary" component="span" sx={{ marginInlineStart: 'auto' }}>
          {formatTime(time)}
        </Typography>
        {onDelete && (
          <Tooltip title={translate('app.screens.tickets.delete_message')}>
            <IconButton size="small" color="error" aria-label={translate('app.screens.tickets.delete_message')} onClick={onDelete}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {/* Written by a user in any language: its own direction, so a Spanish message in the Arabic thread ends with its full stop. */}
      <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}><Linked text={content} /></Typography>
      <Attachment url={media} />
    </Paper>
  );
}

function ReplyBox({ ticket, myId, disabled, onSent }: { ticket: Ticket; myId?: number; disabled: boolean; onSent: () => void }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState(false);
  const [create, { isPending }] = useCreate();
  const { refuse } = useRefusedUpload();
  const choose = (chosen: File | undefined) => {
    if (chosen && !isAccepted(attachmentAccept, chosen)) refuse([chosen]);
    else setFile(chosen ?? null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(true);
      return;
    }
    create('ticket-messages', {
      data: { content: text, ticket: ticket.id, customuser: myId, ...(file && { media: file }) },
    }, {
      onSuccess: () => {
        setText('');
        setFile(null);
        showResult({ kind: 'success', message: 'app.messages.ticket_message.sent' });
        onSent();
      },
      // SPEC §8: a failed send shows no dialog; the text stays for another try.
      onError: () => undefined,
    });
  };
  const label = translate('app.screens.tickets.reply');
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={label}>
      <TextField label={label} placeholder={translate('app.screens.tickets.reply_placeholder')} multiline minRows={3}
        fullWidth value={text} disabled={disabled}
        onChange={(e) => { setText(e.target.value); if (e.target.value.trim()) setError(false); }}
        error={error} helperText={error ? translate('app.validation.message') : ' '} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }} useFlexGap>
        <Button component="label" startIcon={<AttachFile />} disabled={disabled} size="small">
          {translate('app.screens.tickets.attach')}
          <input hidden type="file" accept={acceptAttribute(attachmentAccept)}
            onChange={(e: ChangeEvent<HTMLInputElement>) => { choose(e.target.files?.[0]); e.target.value = ''; }} />
        </Button>
        {file && <Chip size="small" label={file.name} onDelete={() => setFile(null)} />}
        <Box sx={{ flexGrow: 1 }} />
        <Button type="submit" variant="contained" endIcon={<Send />}
          disabled={disabled || isPending}>
          {translate('app.screens.tickets.send')}
        </Button>
      </Stack>
    </Box>
  );
}

function StatusControl({ ticket, onChanged }: { ticket: Ticket; onChanged: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const [busy, setBusy] = useState(false);
  const change = async (status: number) => {
    if (status === ticket.status) return;
    setBusy(true);
    try {
      await dataProvider.call('tickets', 'changeStatus', { id: ticket.id, data: { status } });
      showResult({ kind: 'success', message: 'app.messages.ticket.status_changed' });
    } catch {
      // SPEC §8: silent.
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  return (
    <TextField select size="small" label={translate('app.screens.tickets.change_status')} value={ticket.status === ACTIVE ? ACTIVE : CLOSED}
      disabled={busy} onChange={(e) => change(Number(e.target.value))} sx={{ minWidth: 180 }}>
      <MenuItem value={ACTIVE}>{translate('app.screens.tickets.status_active')}</MenuItem>
      <MenuItem value={CLOSED}>{translate('app.screens.tickets.status_closed')}</MenuItem>
    </TextField>
  );
}

/** SPEC §4: the previously assigned administrator is removed first, then the new one is assigned. */
function AssignControl({ ticket, onChanged }: { ticket: Ticket; onChanged: () => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const admins = useStaffUsers(true);
  const current = ticket.assigned_user_admin?.[0]?.id;
  const [chosen, setChosen] = useState<string>(current ? String(current) : '');
  const [busy, setBusy] = useState(false);
  const assign = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      if (current) {
        await dataProvider.call('tickets', 'removeAdmin', { id: ticket.id, data: { title: ticket.title, status: ticket.status, user_admin: current } });
      }
      await dataProvider.update('tickets', {
        id: ticket.id, data: { title: ticket.title, status: ticket.status, user_admin: Number(chosen) }, previousData: ticket,
      });
      showResult({ kind: 'success', message: 'app.messages.ticket.updated' });
    } catch {
      showResult({ kind: 'error', message: 'app.messages.ticket.update_error' });
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField select size="small" label={translate('app.screens.tickets.assign_label')} value={chosen}
        onChange={(e) => setChosen(e.target.value)} sx={{ minWidth: 220 }}>
        {admins.map((a) => <MenuItem key={a.id} value={String(a.id)}>{a.name}</MenuItem>)}
      </TextField>
      <Button variant="outlined" onClick={assign} disabled={busy || !chosen || Number(chosen) === current}>
        {translate('app.screens.tickets.assign')}
      </Button>
    </Stack>
  );
}

function Thread() {
  const { record: ticket, refetch } = useShowContext<Ticket>();
  const translate = useTranslate();
  const isStaff = useIsStaff();
  const myId = useMyId();
  const basename = useBasename();
  const [toDelete, setToDelete] = useState<TicketMessage | null>(null);
  const [deleteOne, { isPending: deleting }] = useDelete();
  const { data: messages = [], refetch: refetchMessages } = useGetManyReference<TicketMessage>('ticket-messages', {
    target: 'ticket', id: ticket?.id, pagination: { page: 1, perPage: 500 }, sort: { field: 'created_at', order: 'ASC' },
  }, { enabled: ticket?.id !== undefined });
  if (!ticket) return null;
  const closed = ticket.status !== ACTIVE;
  const reload = () => { refetch(); refetchMessages(); };
  const confirmDelete = () => {
    if (!toDelete) return;
    deleteOne('ticket-messages', { id: toDelete.id, previousData: toDelete }, {
      mutationMode: 'pessimistic',
      onSuccess: () => { setToDelete(null); showResult({ kind: 'success', message: 'app.messages.ticket_message.deleted' }); refetchMessages(); },
      onError: () => { setToDelete(null); showResult({ kind: 'error', message: 'app.messages.ticket_message.delete_error' }); },
    });
  };
  const sorted = [...messages].sort(byTime);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={ticket.title} />
      <CardContent>
        <Button component={Link} to={`${basename}/tickets/list`} size="small" sx={{ mb: 1 }}>{translate('app.screens.tickets.back')}</Button>
        <Header ticket={ticket} />
        <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }} useFlexGap>
          <StatusControl ticket={ticket} onChanged={refetch} />
          {isStaff && <AssignControl key={String(ticket.assigned_user_admin?.[0]?.id ?? '')} ticket={ticket} onChanged={refetch} />}
        </Stack>
        {closed && <Alert severity="info" sx={{ mt: 2 }}>{translate('app.screens.tickets.closed_notice')}</Alert>}
        <Divider sx={{ my: 2 }} />
        <Typography variant="h6" component="h2" gutterBottom>{translate('app.screens.tickets.conversation')}</Typography>
        <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={translate('app.screens.tickets.conversation')}>
          {/* The first post is the ticket's own: written by its customer, or by the staff member who made it of an alarm. */}
          <Post author={ticket.author_fullname ?? ticket.user_fullname} staff={!!ticket.author_is_staff}
            mine={(ticket.author ?? ticket.customuser) === myId} time={ticket.created_at}
            content={ticket.content} media={ticket.media} />
          {sorted.map((m) => (
            <Post key={m.id} author={m.user_fullname} staff={!!m.is_staff} mine={m.customuser === myId} time={m.created_at}
              content={m.content} media={m.media}
              onDelete={isStaff || m.customuser === myId ? () => setToDelete(m) : undefined} />
          ))}
        </Stack>
        {sorted.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} role="status">{translate('app.screens.tickets.no_messages')}</Typography>
        )}
        <Divider sx={{ my: 2 }} />
        {closed && !isStaff && <Alert severity="warning" sx={{ mb: 1 }}>{translate('app.screens.tickets.closed_reply')}</Alert>}
        <ReplyBox ticket={ticket} myId={myId} disabled={closed && !isStaff} onSent={reload} />
      </CardContent>
      <Confirm isOpen={!!toDelete} loading={deleting} title={translate('app.screens.tickets.delete_message')}
        content={translate('app.screens.tickets.confirm_delete_message')} confirm={translate('app.screens.actions.delete')}
        confirmColor="warning" onConfirm={confirmDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}

/** A ticket the server will not give (another user's, or deleted) leads back to the ticket list. */
const toTicketList = () => '/tickets/list';

export const TicketShow = () => (
  <ShowBase resource="tickets" redirectOnError={toTicketList}>
    <Thread />
  </ShowBase>
);
