/**
 * The send form (staff): the type (1 users of a tag, 2 users of a project, 3 chosen users, from
 * GET /type-notification/list), then the tag / the project / the users, then title and message.
 * The dataProvider posts to the call of that type (resourceTable: notifications.create).
 */
import { Dialog, DialogTitle } from '@mui/material';
import {
  AutocompleteArrayInput, AutocompleteInput, CreateBase, FormDataConsumer, ReferenceArrayInput, ReferenceInput, required,
  SelectInput, SimpleForm, TextInput, useGetList, useRefresh, useTranslate, type RaRecord,
} from 'react-admin';
import { DialogToolbar } from '../../components/FormToolbars';
import { showResult, errorDetails } from '../../components/ResultDialog';
import { messageRequired, titleRequired } from '../../components/validators';
import { userChoice } from '../users/userName';
import { CHOSEN_USERS, PROJECT_USERS, TAG_USERS } from '../../../contract/notifications';

/** Only the target field of the chosen type leaves the browser. */
export function sendBody(data: RaRecord) {
  const type = Number(data.type_notification);
  return {
    type_notification: type,
    ...(type === TAG_USERS && { tag: data.tag }),
    ...(type === PROJECT_USERS && { project: data.project }),
    ...(type === CHOSEN_USERS && { users: data.users ?? [] }),
    title: data.title,
    message: data.message,
  };
}

/** A notification type's name in the chosen language (the server's Spanish name otherwise): the same in the form and the list. */
export function useNotificationTypeName() {
  const translate = useTranslate();
  return (id: unknown, name: string) => translate(`app.screens.notifications.types.${id}`, { _: name });
}

export function NotificationSendDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { data: types = [] } = useGetList('notification-types', {
    pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' },
  }, { enabled: open });
  const onSuccess = () => {
    showResult({ kind: 'success', message: 'app.messages.notification.sent' });
    onClose();
    refresh();
  };
  const onError = (error: unknown) =>
    showResult({ kind: 'error', message: 'app.messages.notification.send_error', details: errorDetails(error) });
  const typeName = useNotificationTypeName();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="notification-send-title">
      <DialogTitle id="notification-send-title">{translate('app.screens.notifications.send')}</DialogTitle>
      {open && (
        <CreateBase resource="notifications" redirect={false} transform={sendBody} mutationOptions={{ onSuccess, onError }}>
          <SimpleForm toolbar={<DialogToolbar onCancel={onClose} alwaysEnable saveLabel="app.screens.notifications.submit" />}>
            <SelectInput source="type_notification" label="resources.notifications.fields.type_notification" validate={required()}
              choices={types.map((t) => ({ id: t.id, name: typeName(t.id, t.name) }))} translateChoice={false} fullWidth />
            <FormDataConsumer>
              {({ formData }) => {
                const type = Number(formData.type_notification);
                if (type === TAG_USERS) {
                  return (
                    <ReferenceInput source="tag" reference="tags" sort={{ field: 'name', order: 'ASC' }}>
                      <AutocompleteInput label="resources.notifications.fields.tag" optionText="name" validate={required()} fullWidth />
                    </ReferenceInput>
                  );
                }
                if (type === PROJECT_USERS) {
                  return (
                    <ReferenceInput source="project" reference="projects" sort={{ field: 'name', order: 'ASC' }}>
                      <AutocompleteInput label="resources.notifications.fields.project" optionText="name" validate={required()} fullWidth />
                    </ReferenceInput>
                  );
                }
                if (type === CHOSEN_USERS) {
                  return (
                    <ReferenceArrayInput source="users" reference="users" sort={{ field: 'first_name', order: 'ASC' }}>
                      <AutocompleteArrayInput label="resources.notifications.fields.users" optionText={userChoice} validate={required()} fullWidth />
                    </ReferenceArrayInput>
                  );
                }
                return null;
              }}
            </FormDataConsumer>
            <TextInput source="title" validate={titleRequired} fullWidth />
            <TextInput source="message" validate={messageRequired} multiline minRows={4} fullWidth />
          </SimpleForm>
        </CreateBase>
      )}
    </Dialog>
  );
}
