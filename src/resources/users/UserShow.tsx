import { useState } from 'react';
import { Avatar, Box, Button, Chip, Stack, Typography } from '@mui/material';
import AddModerator from '@mui/icons-material/AddModerator';
import RemoveModerator from '@mui/icons-material/RemoveModerator';
import AddBusiness from '@mui/icons-material/AddBusiness';
import NewLabel from '@mui/icons-material/NewLabel';
import ForwardToInbox from '@mui/icons-material/ForwardToInbox';
import HowToReg from '@mui/icons-material/HowToReg';
import PersonOff from '@mui/icons-material/PersonOff';
import {
  AutocompleteInput, BooleanField, Confirm, DataTable, ReferenceInput, required, Show, TabbedShowLayout,
  EditButton, TextField, TopToolbar, useGetIdentity, useRecordContext, useRefresh, useTranslate,
} from 'react-admin';
import { PhoneField } from '../../components/phone';
import { DeleteRecordButton } from '../../components/DeleteRecordButton';
import { LinkList } from '../../components/LinkList';
import { useIsStaff } from '../../components/permissions';
import { errorDetails, showResult, useResultFeedback } from '../../components/ResultDialog';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { FieldGrid } from '../hierarchy/FieldGrid';
import { useUserProjects, useUserTags } from './userLinks';
import { UserNameField } from './userName';
import { TimeField } from '../../components/TimeField';

/** Grants or revokes the administrator privilege (PUT /permits-user/{id}); not offered on one's own account. */
function PermitsButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const dataProvider = useAppDataProvider();
  const refresh = useRefresh();
  const [isPending, setPending] = useState(false);
  const feedback = useResultFeedback('user', 'update', { onDone: () => { setConfirming(false); refresh(); } });
  if (!record) return null;
  const grant = !record.is_staff;
  const label = translate(grant ? 'app.screens.users.grant_admin' : 'app.screens.users.revoke_admin');
  const onConfirm = async () => {
    setPending(true);
    try {
      feedback.onSuccess(await dataProvider.call('users', 'permits', { id: record.id, data: { is_staff: grant } }));
    } catch (error) {
      setConfirming(false);
      feedback.onError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button variant="outlined" size="small" color={grant ? 'primary' : 'warning'}
        startIcon={grant ? <AddModerator /> : <RemoveModerator />} onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <Confirm isOpen={confirming} loading={isPending} title={label}
        content={translate(grant ? 'app.screens.users.grant_confirm' : 'app.screens.users.revoke_confirm', { email: record.email })}
        confirm={label} onConfirm={onConfirm} onClose={() => setConfirming(false)} />
    </>
  );
}

/**
 * For an account that is not active: resend its activation link, or activate it (staff; the server
 * says why when it refuses, e.g. a deactivated account has no link to resend).
 */
function ActivationButtons() {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const run = (action: 'resendActivation' | 'activate', success: string, failure: string) => async () => {
    setBusy(true);
    try {
      await dataProvider.call('users', action, { id: record.id });
      showResult({ kind: 'success', message: success });
      if (action === 'activate') refresh();
    } catch (error) {
      showResult({ kind: 'error', message: failure, details: errorDetails(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<ForwardToInbox />} disabled={busy}
        onClick={run('resendActivation', 'app.messages.resend_success', 'app.messages.resend_error')}>
        {translate('app.auth.resend_activation')}
      </Button>
      <Button variant="outlined" size="small" startIcon={<HowToReg />} disabled={busy}
        onClick={run('activate', 'app.messages.user.activated', 'app.messages.user.activate_error')}>
        {translate('app.screens.users.activate')}
      </Button>
    </>
  );
}

/** Deactivates another's active account (their sessions end at once; `Activar usuario` brings it back), after a confirmation. */
function DeactivateButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const label = translate('app.screens.users.deactivate');
  const onConfirm = async () => {
    setBusy(true);
    try {
      await dataProvider.call('users', 'deactivate', { id: record.id });
      showResult({ kind: 'success', message: 'app.messages.user.deactivated' });
      refresh();
    } catch (error) {
      showResult({ kind: 'error', message: 'app.messages.user.deactivate_error', details: errorDetails(error) });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button variant="outlined" size="small" color="warning" startIcon={<PersonOff />} onClick={() => setConfirming(true)}>{label}</Button>
      <Confirm isOpen={confirming} loading={busy} title={label}
        content={translate('app.screens.users.deactivate_confirm', { email: record.email })}
        confirm={label} confirmColor="warning" onConfirm={onConfirm} onClose={() => setConfirming(false)} />
    </>
  );
}

function Header() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const admin = record.is_staff || record.is_superuser;
  return (
    <Stack direction="row" spacing={2} alignItems="center" sx={{ px: 2, pt: 2 }}>
      <Avatar src={record.image ?? undefined} alt="" sx={{ width: 64, height: 64 }} />
      <Box>
        <Typography variant="h5" component="h2"><UserNameField /></Typography>
        <Typography color="text.secondary">{record.email}</Typography>
      </Box>
      <Chip label={translate(admin ? 'app.screens.users.role_admin' : 'app.screens.users.role_user')}
        color={admin ? 'primary' : 'default'} size="small" />
    </Stack>
  );
}

const pick = [required()];

function UserProjects() {
  const record = useRecordContext();
  const { data, isPending } = useUserProjects(record);
  if (!record) return null;
  return (
    <LinkList
      reference="project-users" entity="project_user" canEdit icon={<AddBusiness />}
      source={{ rows: data, isPending }} defaults={{ users: record.id }} describe={(link) => link.project_name}
      addLabel="app.screens.users.add_project" empty="app.screens.users.no_projects"
      columns={<DataTable.Col source="project_name" disableSort />} phone={{ primary: (link) => link.project_name }}
      input={(
        <ReferenceInput source="user_project" reference="projects" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput optionText="name" validate={pick} fullWidth />
        </ReferenceInput>
      )}
    />
  );
}

function UserTags() {
  const record = useRecordContext();
  const { data, isPending } = useUserTags(record);
  if (!record) return null;
  return (
    <LinkList
      reference="tag-users" entity="tag_user" canEdit icon={<NewLabel />}
      source={{ rows: data, isPending }} defaults={{ customuser: record.id }} describe={(link) => link.tag_name}
      addLabel="app.screens.users.add_tag" empty="app.screens.users.no_tags"
      columns={<DataTable.Col source="tag_name" disableSort />} phone={{ primary: (link) => link.tag_name }}
      input={(
        <ReferenceInput source="tag" reference="tags" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput optionText="name" validate={pick} fullWidth />
        </ReferenceInput>
      )}
    />
  );
}

/**
 * The page's actions, those that apply: activation for an account not active, editing, the privilege
 * and deactivation for another's; no bar at all when none does (one's own active account), not an empty one.
 */
function UserActions() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  if (!record) return null;
  const activation = !record.is_active;
  const permits = !identity || String(identity.id) !== String(record.id);
  if (!activation && !permits) return null;
  return (
    <TopToolbar>
      {/* One's own details are changed on the profile. */}
      {permits && <EditButton />}
      {activation && <ActivationButtons />}
      {permits && <PermitsButton />}
      {permits && record.is_active && <DeactivateButton />}
      {/* The server refuses an account with tickets (their conversation would go with it): deactivate it instead. */}
      {permits && <DeleteRecordButton entity="user" resource="users" redirect="list" />}
    </TopToolbar>
  );
}

/** A user's detail page (administrators): profile, privilege, activation, projects and tags. */
export const UserShow = () => {
  const translate = useTranslate();
  const isStaff = useIsStaff();
  return (
    <Show actions={isStaff ? <UserActions /> : false}>
      <Header />
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label={translate('app.screens.users.profile')}>
          <FieldGrid>
            <PhoneField source="phone" emptyText="—" />
            <TextField source="address" emptyText="—" />
            <BooleanField source="is_active" />
            <BooleanField source="is_staff" />
            <TimeField source="date_joined" />
            <TimeField source="last_login" emptyText="—" />
          </FieldGrid>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={translate('app.screens.users.projects')} path="projects">
          <UserProjects />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={translate('app.screens.users.tags')} path="tags">
          <UserTags />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
};
