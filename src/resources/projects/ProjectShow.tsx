import { Avatar, Stack, Typography } from '@mui/material';
import Business from '@mui/icons-material/Business';
import { Show, TabbedShowLayout, useRecordContext, useTranslate } from 'react-admin';
import { StaffShowActions } from '../../components/StaffShowActions';
import { useIsStaff, useRefusedRecord } from '../../components/permissions';
import { HierarchyLevel } from '../hierarchy/HierarchyLevel';
import { levels } from '../hierarchy/levels';
import { UserLinkList } from '../users/UserLinkList';

function Header() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={2} alignItems="center" sx={{ px: 2, pt: 2 }}>
      <Avatar variant="rounded" src={record.image_project ?? undefined} alt="" sx={{ width: 72, height: 72 }}>
        <Business />
      </Avatar>
      <Typography variant="h5" component="h2">{record.name}</Typography>
    </Stack>
  );
}

function Plants() {
  const record = useRecordContext();
  if (!record) return null;
  return <HierarchyLevel level={levels.plants} parentId={record.id} />;
}

/** Who may be added to a project: customers (staff see every project anyway) not in it yet. */
const projectUserChoices = (projectId: unknown) => ({ is_staff: false, not_in_project: projectId });

/**
 * A project's detail page: the installations below it (plants > inverters > MPPTs > strings > panels),
 * and for administrators the users associated with it.
 */
export const ProjectShow = () => {
  const translate = useTranslate();
  const isStaff = useIsStaff();
  const refused = useRefusedRecord();
  return (
    <Show actions={<StaffShowActions entity="project" resource="projects" />} {...refused}>
      <Header />
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label={translate('app.screens.projects.plants')}>
          <Plants />
        </TabbedShowLayout.Tab>
        {isStaff && (
          <TabbedShowLayout.Tab label={translate('app.screens.projects.users')} path="users">
            <UserLinkList reference="project-users" entity="project_user" parentField="user_project" userField="users"
              addLabel="app.screens.projects.add_user" sortable={false} choices={projectUserChoices} />
          </TabbedShowLayout.Tab>
        )}
      </TabbedShowLayout>
    </Show>
  );
};
