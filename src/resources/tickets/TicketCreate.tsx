/**
 * The new-ticket dialog: title, category, content and an optional image or PDF; status 1 and the
 * signed-in user as customer (staff may pick another customer and an administrator to assign —
 * SPEC §4: the ticket is created, then updated to assign the administrator).
 */
import { useRef } from 'react';
import { Dialog, DialogTitle } from '@mui/material';
import {
  AutocompleteInput, CreateBase, FileField, FileInput, ReferenceInput, SelectInput,
  SimpleForm, TextInput, useDataProvider, useGetList, useRefresh, useTranslate, type RaRecord,
} from 'react-admin';
import { DialogToolbar } from '../../components/FormToolbars';
import { useIsStaff } from '../../components/permissions';
import { showResult } from '../../components/ResultDialog';
import { attachmentAccept, useRefusedUpload } from '../../components/uploads';
import { categoryRequired, descriptionRequired, titleRequired } from '../../components/validators';
import { userChoice } from '../users/userName';
import { useMyId, useStaffUsers } from './common';
import { ACTIVE } from '../../../contract/tickets';

export function TicketCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const isStaff = useIsStaff();
  const myId = useMyId();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const admins = useStaffUsers(isStaff && open);
  const { data: categories = [] } = useGetList('ticket-categories', {
    pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' },
  }, { enabled: open });
  const adminToAssign = useRef<number | null>(null);
  const { onDropRejected } = useRefusedUpload();

  const transform = (data: RaRecord) => {
    const { user_admin, ...rest } = data;
    adminToAssign.current = isStaff && user_admin ? Number(user_admin) : null;
    return { ...rest, status: ACTIVE, customuser: (isStaff && rest.customuser) || myId };
  };
  const onSuccess = async (ticket: RaRecord) => {
    const admin = adminToAssign.current;
    try {
      if (admin) {
        await dataProvider.update('tickets', {
          id: ticket.id, data: { title: ticket.title, status: ticket.status ?? ACTIVE, user_admin: admin }, previousData: ticket,
        });
      }
      showResult({ kind: 'success', message: 'app.messages.ticket.created' });
    } catch {
      // The ticket exists; only the assignment failed.
      showResult({ kind: 'error', message: 'app.messages.ticket.update_error' });
    }
    onClose();
    refresh();
  };
  const onError = () => showResult({ kind: 'error', message: 'app.messages.ticket.create_error' });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="ticket-create-title">
      <DialogTitle id="ticket-create-title">{translate('app.screens.tickets.new')}</DialogTitle>
      {open && (
        <CreateBase resource="tickets" redirect={false} transform={transform} mutationOptions={{ onSuccess, onError }}>
          <SimpleForm toolbar={<DialogToolbar onCancel={onClose} alwaysEnable />}>
            <TextInput source="title" validate={titleRequired} fullWidth />
            <SelectInput source="type" label="resources.tickets.fields.type" validate={categoryRequired}
              choices={categories.map((c) => ({ id: c.id, name: c.name }))} translateChoice={false} fullWidth />
            <TextInput source="content" validate={descriptionRequired} multiline minRows={4} fullWidth />
            <FileInput source="media" accept={attachmentAccept} options={{ onDropRejected }} placeholder={<p>{translate('app.screens.tickets.attach_help')}</p>}
              inputProps={{ 'aria-label': translate('app.screens.tickets.attach_help') }}>
              <FileField source="src" title="title" />
            </FileInput>
            {isStaff && (
              <ReferenceInput source="customuser" reference="users">
                <AutocompleteInput label="resources.tickets.fields.customuser" optionText={userChoice}
                  helperText="app.screens.tickets.customer_help" fullWidth />
              </ReferenceInput>
            )}
            {isStaff && (
              <SelectInput source="user_admin" label="resources.tickets.fields.user_admin" choices={admins}
                translateChoice={false} emptyText="app.screens.tickets.unassigned" fullWidth />
            )}
          </SimpleForm>
        </CreateBase>
      )}
    </Dialog>
  );
}
