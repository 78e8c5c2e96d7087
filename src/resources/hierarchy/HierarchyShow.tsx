import { useState } from 'react';
import { Box, Breadcrumbs, Button, Stack, Typography } from '@mui/material';
import Edit from '@mui/icons-material/Edit';
import {
  ReferenceField, Show, TextField, TopToolbar, useRecordContext, useTranslate,
} from 'react-admin';
import { DeleteRecordButton } from '../../components/DeleteRecordButton';
import { useIsStaff, useRefusedRecord } from '../../components/permissions';
import { LevelChildren, LevelEditDialog } from './HierarchyLevel';
import { LatestReadings } from './LatestReadings';
import { DeleteReadingsButton } from '../power-plants/DeleteReadingsButton';
import { ancestors, levels, type Level } from './levels';

function Actions({ level }: { level: Level }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const isStaff = useIsStaff();
  const [editing, setEditing] = useState(false);
  if (!record || !isStaff) return null;
  return (
    <TopToolbar>
      <Button startIcon={<Edit />} size="small" onClick={() => setEditing(true)}>{translate('app.screens.actions.edit')}</Button>
      {level.resource === 'power-plants' && <DeleteReadingsButton plant={record} />}
      <DeleteRecordButton entity={level.entity} resource={level.resource}
        redirect={() => `/${level.parentResource}/${record[level.parent]}/show`} />
      {editing && <LevelEditDialog level={level} record={record} open onClose={() => setEditing(false)} />}
    </TopToolbar>
  );
}

/**
 * The whole path above the record, each step a link: project > plant > inverter > MPPT > string
 * (a record carries the ids of all its ancestors), so the user can climb back to any level.
 */
function Trail({ level }: { level: Level }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Breadcrumbs sx={{ mb: 1 }} aria-label={translate('app.screens.hierarchy.path')}>
      {ancestors(level).map(({ field, resource }) => (
        <ReferenceField key={field} source={field} reference={resource} link="show">
          <TextField source="name" />
        </ReferenceField>
      ))}
      <Typography color="text.primary" aria-current="page">{record.name}</Typography>
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
      {level.Details && <level.Details id={record.id} />}
      {level.child && <LevelChildren level={level.child} parentId={record.id} />}
    </Box>
  );
}

/** Detail page of a plant, inverter, MPPT, string or panel, with everything below it. */
export function HierarchyShow({ level }: { level: Level }) {
  const refused = useRefusedRecord();
  return (
    <Show actions={<Actions level={level} />} {...refused}>
      <Body level={level} />
    </Show>
  );
}

/** The show screen of one level, for its resource (loaded lazily by the resource's descriptor). */
export const levelShow = (level: keyof typeof levels) => () => <HierarchyShow level={levels[level]} />;
