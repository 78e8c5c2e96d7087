/** Pieces shared by the ticket list and the ticket thread. */
import { Box, Chip, Link as MuiLink } from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import { useGetIdentity, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { getProfile } from '../../providers/session';
import { fullName } from '../users/userName';
import { ACTIVE, CLOSED, type Ticket } from '../../../contract/tickets';
import { useFormatters } from '../../i18n/format';

/** The signed-in user's id: the stored profile (SPEC §3), else react-admin's identity. */
export function useMyId(): number | undefined {
  const { identity } = useGetIdentity();
  const stored = getProfile()?.id;
  return stored ?? (identity?.id === undefined ? undefined : Number(identity.id));
}

/** SPEC §4: 1 is Activo, anything else reads as Cerrado. */
export function StatusChip({ status }: { status?: number }) {
  const translate = useTranslate();
  const active = status === ACTIVE;
  return (
    <Chip size="small" color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'}
      label={translate(active ? 'app.screens.tickets.status_active' : 'app.screens.tickets.status_closed')} />
  );
}

export const statusChoices = [
  { id: ACTIVE, name: 'app.screens.tickets.status_active' },
  { id: CLOSED, name: 'app.screens.tickets.status_closed' },
];

/** The administrators that can be assigned a ticket (staff only: the users list is theirs). */
export function useStaffUsers(enabled: boolean) {
  const { data = [] } = useGetList('users', {
    filter: { is_staff: true }, pagination: { page: 1, perPage: 500 }, sort: { field: 'first_name', order: 'ASC' },
  }, { enabled });
  return data.map((u: RaRecord) => ({ id: u.id, name: fullName(u) || String(u.email ?? u.id) }));
}

/** The name of the assigned administrator, or 'Sin asignar'. */
export function assignedName(ticket: Pick<Ticket, 'assigned_user_admin' | 'assigned_admin_fullname'> | undefined, unassigned: string): string {
  const first = ticket?.assigned_user_admin?.[0];
  if (!first) return unassigned;
  const name = first.full_name || fullName(first) || ticket?.assigned_admin_fullname;
  return name && name !== 'Sin asignar' ? name : unassigned;
}

export const isPdf = (url: string) => /\.pdf($|\?)/i.test(url);
const fileName = (url: string) => decodeURIComponent(url.split('?')[0].split('/').pop() || url);

/** An attachment: images are previewed, anything else (PDF) is a download link. */
export function Attachment({ url }: { url?: string | null }) {
  const translate = useTranslate();
  if (!url) return null;
  if (isPdf(url)) {
    return (
      <MuiLink href={url} target="_blank" rel="noopener noreferrer" download
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1 }}>
        <AttachFile fontSize="small" aria-hidden />
        {translate('app.screens.tickets.download', { name: fileName(url) })}
      </MuiLink>
    );
  }
  return (
    <Box component="a" href={url} target="_blank" rel="noopener noreferrer" sx={{ display: 'block', mt: 1 }}>
      <Box component="img" src={url} alt={translate('app.screens.tickets.attachment')}
        sx={{ maxWidth: '100%', maxHeight: 240, borderRadius: 1, display: 'block' }} />
    </Box>
  );
}

/** Formats a timestamp in the chosen language. */
export function useFormatTime() {
  const f = useFormatters();
  return (value?: string | null) => (value ? f.dateTime(value) : '');
}
