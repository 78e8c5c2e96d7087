/** The plant's open (and acknowledged) alarms on its monitoring page, each a link to its page, and a link to all of them. */
import { Card, CardContent, CardHeader, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { Link, useCreatePath, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { AlarmStatusChip, alarmWhere, useKindName } from '../../resources/alarms/common';
import type { Alarm } from '../../../contract/alarms';
import { useFormatters } from '../../i18n/format';

const SHOWN = 10;

export function PlantAlarms({ plantId, timeZone }: { plantId: number; timeZone: string }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const kindName = useKindName();
  const f = useFormatters(timeZone);
  const { data = [], isPending } = useGetList<Alarm>('alarms', {
    filter: { plant: plantId, active: true }, pagination: { page: 1, perPage: SHOWN }, sort: { field: 'opened_at', order: 'DESC' },
  });
  if (isPending) return null;
  const all = `${createPath({ resource: 'alarms', type: 'list' })}?filter=${encodeURIComponent(JSON.stringify({ plant: plantId }))}`;
  return (
    <Card variant="outlined" component="section" aria-label={translate('app.alarms.plant_panel.title')}>
      <CardHeader title={translate('app.alarms.plant_panel.title')} titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        action={<Link to={all} sx={{ display: 'inline-block', mt: 1, mr: 1 }}>{translate('app.alarms.plant_panel.all')}</Link>} />
      <CardContent sx={{ pt: 0 }}>
        {data.length === 0 ? <Typography color="text.secondary">{translate('app.alarms.plant_panel.none')}</Typography> : (
          <List dense disablePadding>
            {data.map((alarm) => (
              // A list holds list items (the link inside): a link straight in the list broke it for screen readers.
              <ListItem key={alarm.id} disablePadding>
              <ListItemButton component={RouterLink} to={createPath({ resource: 'alarms', id: alarm.id, type: 'show' })}>
                <ListItemText primary={(
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{kindName(alarm.kind)}</span>
                    <AlarmStatusChip status={alarm.status} />
                  </Stack>
                )} secondary={`${alarmWhere(alarm)} · ${f.dateTime(alarm.opened_at)}`} />
              </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
