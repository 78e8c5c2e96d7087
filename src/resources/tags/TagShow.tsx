import { Stack, Typography } from '@mui/material';
import LocalOffer from '@mui/icons-material/LocalOffer';
import AddBusiness from '@mui/icons-material/AddBusiness';
import {
  AutocompleteInput, DataTable, ReferenceInput, required, Show, TabbedShowLayout,
  useRecordContext, useTranslate,
} from 'react-admin';
import { StaffShowActions } from '../../components/StaffShowActions';
import { LinkList } from '../../components/LinkList';
import { useIsStaff, useRefusedRecord } from '../../components/permissions';
import { UserLinkList } from '../users/UserLinkList';

function Header() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ px: 2, pt: 2 }}>
      <LocalOffer color="primary" aria-hidden />
      <Typography variant="h5" component="h2">{record.name}</Typography>
    </Stack>
  );
}

const pick = [required()];

function TagProjects() {
  const record = useRecordContext();
  const isStaff = useIsStaff();
  if (!record) return null;
  return (
    <LinkList
      reference="tag-projects" entity="tag_project" canEdit={isStaff} icon={<AddBusiness />}
      source={{ target: 'tag', parentId: record.id }} defaults={{ tag: record.id }}
      addLabel="app.screens.tags.add_project" empty="resources.tag-projects.empty"
      columns={<DataTable.Col source="project_name" />} phone={{ primary: (link) => link.project_name }}
      input={(
        <ReferenceInput source="project" reference="projects" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput optionText="name" validate={pick} fullWidth />
        </ReferenceInput>
      )}
    />
  );
}

/** A tag's detail page: the projects it groups and (for administrators) its users, with add / remove. */
export const TagShow = () => {
  const translate = useTranslate();
  const isStaff = useIsStaff();
  const refused = useRefusedRecord();
  return (
    <Show actions={<StaffShowActions entity="tag" resource="tags" />} {...refused}>
      <Header />
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label={translate('app.screens.tags.projects')}>
          <TagProjects />
        </TabbedShowLayout.Tab>
        {isStaff && (
          <TabbedShowLayout.Tab label={translate('app.screens.tags.users')} path="users">
            <UserLinkList reference="tag-users" entity="tag_user" parentField="tag" userField="customuser"
              addLabel="app.screens.tags.add_user" />
          </TabbedShowLayout.Tab>
        )}
      </TabbedShowLayout>
    </Show>
  );
};
