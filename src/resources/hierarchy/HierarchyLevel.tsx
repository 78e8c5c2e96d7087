import { useState } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Add from '@mui/icons-material/Add';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Edit from '@mui/icons-material/Edit';
import Visibility from '@mui/icons-material/Visibility';
import {
  Link, RecordContextProvider, ResourceContextProvider, useCreatePath, useGetManyReference, useTranslate,
  type Identifier, type RaRecord,
} from 'react-admin';
import { DeleteRecordButton } from '../../components/DeleteRecordButton';
import { FormDialog } from '../../components/FormDialog';
import { InlineEmpty } from '../../components/ListEmpty';
import { useIsStaff } from '../../components/permissions';
import type { Level } from './levels';
import { namesLine, useFormatters } from '../../i18n/format';

/** Dialog that edits one record of a level. */
export function LevelEditDialog({ level, record, open, onClose }: { level: Level; record: RaRecord; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <FormDialog resource={level.resource} entity={level.entity} open={open} onClose={onClose}
      title={translate(`app.screens.hierarchy.edit.${level.resource}`)} record={record}>
      <level.Inputs />
    </FormDialog>
  );
}

/** The children of a level's record, e.g. its inverters, each one expandable down to the panels. */
export function LevelChildren({ level, parentId }: { level: Level; parentId: Identifier }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 2 }} aria-label={translate(`resources.${level.resource}.name`, { smart_count: 2 })}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(`resources.${level.resource}.name`, { smart_count: 2 })}
      </Typography>
      <HierarchyLevel level={level} parentId={parentId} />
    </Box>
  );
}

function HierarchyItem({ level, record }: { level: Level; record: RaRecord }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const isStaff = useIsStaff();
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  const Icon = level.icon;
  const f = useFormatters();
  const facts = namesLine(level.summary(record, f));
  const id = `${level.resource}-${record.id}`;
  return (
    <RecordContextProvider value={record}>
      <Accordion expanded={expanded} onChange={(_, open) => setExpanded(open)} variant="outlined" disableGutters
        slotProps={{ transition: { unmountOnExit: true } }}>
        {/* The summary's content may shrink (flex items do not below their text's width by default), so a
            long address is cut short instead of pushing the icon and the chevron out of the row; on a
            phone the facts go under the name. */}
        <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-content`} id={`${id}-header`}
          sx={{ '& .MuiAccordionSummary-content': { minWidth: 0 } }}>
          <Stack direction="row" spacing={1.5} alignItems="center" sx={{ minWidth: 0 }}>
            <Icon color="primary" fontSize="small" aria-hidden />
            <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={1.5} alignItems={{ sm: 'baseline' }} sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500 }}>{record.name}</Typography>
              {facts && <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>{facts}</Typography>}
            </Stack>
          </Stack>
        </AccordionSummary>
        <AccordionDetails>
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
            <Button component={Link} to={createPath({ resource: level.resource, id: record.id, type: 'show' })}
              startIcon={<Visibility />} size="small">
              {translate('app.screens.actions.details')}
            </Button>
            {isStaff && (
              <Button startIcon={<Edit />} size="small" onClick={() => setEditing(true)}>
                {translate('app.screens.actions.edit')}
              </Button>
            )}
            {isStaff && <DeleteRecordButton entity={level.entity} resource={level.resource} record={record} />}
          </Stack>
          <level.Fields />
          {level.child && (
            <Box sx={{ pl: { xs: 0, sm: 2 }, borderLeft: { sm: 2 }, borderColor: { sm: 'divider' } }}>
              <LevelChildren level={level.child} parentId={record.id} />
            </Box>
          )}
        </AccordionDetails>
      </Accordion>
      {isStaff && editing && <LevelEditDialog level={level} record={record} open onClose={() => setEditing(false)} />}
    </RecordContextProvider>
  );
}

/**
 * The records of one level under a parent (e.g. the plants of a project), as expandable rows that
 * walk down the hierarchy. Administrators get add / edit / delete at every level; others read only.
 */
export function HierarchyLevel({ level, parentId }: { level: Level; parentId: Identifier }) {
  const translate = useTranslate();
  const isStaff = useIsStaff();
  const [adding, setAdding] = useState(false);
  const [addingMany, setAddingMany] = useState(false);
  const { data = [], isPending, error } = useGetManyReference(level.resource, {
    target: level.parent, id: parentId, pagination: { page: 1, perPage: 500 }, sort: level.sort, filter: {},
  });
  return (
    <ResourceContextProvider value={level.resource}>
      <Stack spacing={1}>
        {isPending ? <LinearProgress aria-label={translate('ra.page.loading')} />
          : error ? <Alert severity="error">{translate('ra.notification.http_error')}</Alert>
            : data.length === 0 ? <InlineEmpty message={`resources.${level.resource}.empty`} />
              : data.map((record) => <HierarchyItem key={record.id} level={level} record={record} />)}
        {isStaff && (
          <Box>
            <Button startIcon={<Add />} variant="outlined" size="small" onClick={() => setAdding(true)}>
              {translate(`app.screens.hierarchy.add.${level.resource}`)}
            </Button>
            {level.AddMany && (
              <Button startIcon={<PlaylistAdd />} variant="outlined" size="small" sx={{ ml: 1 }} onClick={() => setAddingMany(true)}>
                {translate(level.AddMany.label)}
              </Button>
            )}
          </Box>
        )}
      </Stack>
      {isStaff && adding && (
        <FormDialog resource={level.resource} entity={level.entity} open onClose={() => setAdding(false)}
          title={translate(`app.screens.hierarchy.add.${level.resource}`)} defaults={{ [level.parent]: parentId }}>
          <level.Inputs />
        </FormDialog>
      )}
      {isStaff && addingMany && level.AddMany && <level.AddMany.Dialog parentId={parentId} onClose={() => setAddingMany(false)} />}
    </ResourceContextProvider>
  );
}
