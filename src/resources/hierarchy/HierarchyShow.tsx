import { useState } from 'react';
import { Box, Breadcrumbs, Button, Stack, Typography } from '@mui/material';
import Edit from '@mui/icons-material/Edit';
import {
  Link, ReferenceField, Show, TextField, TopToolbar, useCreatePath, useRecordContext, useTranslate,
} from 'react-admin';
import { DeleteRecordButton } from '../../components/DeleteRecordButton';
import { useIsStaff } from '../../components/permissions';
import { LevelChildren, LevelEditDialog } from './HierarchyLevel';
import { LatestReadings } from './LatestReadings';
import type { Level } from './levels';

function Actions({ level }: { level: Level }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const isStaff = useIsStaff();
  const [editing, setEditing] = useState(false);
  if (!record || !isStaff) return null;
  return (
    <TopToolbar>
      <Button startIcon={<Edit />} size="small" onClick={() => setEditing(true)}>{translate('app.screens.actions.edit')}</Button>
      <DeleteRecordButton entity={level.entity} resource={level.resource}
        redirect={() => `/${level.parentResource}/${record[level.parent]}/show`} />
      {editing && <LevelEditDialog level={level} record={record} open onClose={() => setEditing(false)} />}
    </TopToolbar>
  );
}

/** Project > ... > parent, each a link, so the user can climb back up. */
function Trail({ level }: { level: Level }) {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record) return null;
  const parentName = record[`${level.parent}_name`];
  return (
    <Breadcrumbs sx={{ mb: 1 }}>
      {level.parent !== 'project' && (
        <ReferenceField source="project" reference="projects" link="show">
          <TextField source="name" />
        </ReferenceField>
      )}
      <Link to={createPath({ resource: level.parentResource, id: record[level.parent], type: 'show' })}>
        {parentName ?? record[level.parent]}
      </Link>
      <Typography color="text.primary">{record.name}</Typography>
    </Breadcrumbs>
  );
}

function Body({ level }: { level: Level }) {
  const record = useRecordContext();
  if (!record) return null;
  const Icon = level.icon;
  return (
    <Box sx={{ p: 2 }}>
      <Trail level={level} />
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
        <Icon color="primary" aria-hidden />
        <Typography variant="h5" component="h2">{record.name}</Typography>
      </Stack>
      <level.Fields />
      {level.readings && <LatestReadings module={level.readings} id={record.id} />}
      {level.child && <LevelChildren level={level.child} parentId={record.id} />}
    </Box>
  );
}

/** Detail page of a plant, inverter, MPPT, string or panel, with everything below it. */
export function HierarchyShow({ level }: { level: Level }) {
  return (
    <Show actions={<Actions level={level} />}>
      <Body level={level} />
    </Show>
  );
}
