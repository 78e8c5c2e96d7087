/**
 * /app/monitoring for now: the user's projects (the server scopes them) with their power plants,
 * and a plain note that live monitoring is on its way. The real page replaces this one.
 */
import {
  Alert, Box, Button, Card, CardContent, CardHeader, CardMedia, CircularProgress, Divider, List, ListItem,
  ListItemText, Typography,
} from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useGetList, useGetManyReference, useTranslate, type RaRecord } from 'react-admin';

function Plants({ project }: { project: RaRecord }) {
  const translate = useTranslate();
  const { data, total, isPending, error } = useGetManyReference('power-plants', {
    target: 'project',
    id: project.id,
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'name', order: 'ASC' },
  });
  if (isPending) return <CircularProgress size={20} sx={{ m: 2 }} />;
  if (error) return null;
  if (!data?.length) return <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>{translate('app.monitoring.no_plants')}</Typography>;
  return (
    <>
      <Typography variant="caption" color="text.secondary" sx={{ px: 2 }}>
        {translate('app.monitoring.plants', { smart_count: total ?? data.length })}
      </Typography>
      <List dense>
        {data.map((plant) => (
          <ListItem key={plant.id}>
            <ListItemText
              primary={plant.name}
              secondary={[plant.address, plant.capacity_kwp != null && translate('app.monitoring.capacity', { value: plant.capacity_kwp })]
                .filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

export const MonitoringPage = () => {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList('projects', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <Box sx={{ py: 1 }}>
      <Title title={translate('app.monitoring.title')} />
      <Typography variant="h5" component="h1" gutterBottom>{translate('app.monitoring.title')}</Typography>
      <Alert severity="info" sx={{ mb: 2 }}>{translate('app.monitoring.soon')}</Alert>
      {isPending && <CircularProgress />}
      {error && <Alert severity="error">{translate('app.monitoring.error')}</Alert>}
      {!isPending && !error && !data?.length && <Typography color="text.secondary">{translate('app.monitoring.no_projects')}</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' }}>
        {data?.map((project) => (
          <Card key={project.id} variant="outlined">
            {project.image_project && (
              <CardMedia component="img" height="140" image={project.image_project} alt="" />
            )}
            <CardHeader title={project.name} />
            <Divider />
            <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
              <Plants project={project} />
              <Box sx={{ px: 2, pb: 2 }}>
                <Button component={Link} to={`/app/projects/${project.id}/show`} size="small">
                  {translate('app.monitoring.open_project')}
                </Button>
              </Box>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
};
