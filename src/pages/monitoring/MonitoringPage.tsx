/**
 * /app/monitoring (SPEC §1): pick a project and one of its plants (remembered in the store), then
 * the plant's live snapshot as figures and a power flow (refreshed every 60 s and when the tab
 * regains focus), its history chart, the 3-day forecast and the project's plants on a map.
 */
import { lazy, Suspense, useEffect, type ComponentProps, type ReactNode } from 'react';
import {
  Alert, Box, Button, Card, CardContent, CardHeader, CircularProgress, FormControl, InputLabel, MenuItem, Select, Stack, Typography,
} from '@mui/material';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Title, useGetList, useGetManyReference, useStore, useTranslate, type RaRecord } from 'react-admin';
import { fetchSnapshot, type Snapshot } from './api';
import { KpiCards, StatusLine } from './KpiCards';
import { PowerFlow } from './PowerFlow';
import { WeatherCard } from './WeatherCard';
import type { MapPlant } from './PlantsMap';

// The chart (MUI X charts and date pickers) and the map (Leaflet) are chunks of their own, so no
// other page loads them. This page fetches both ahead of rendering them: as soon as the admin's code
// runs when the browser opens this address, else as the page mounts, while its first calls are under way.
let chartModule: typeof import('./ChartPanel') | undefined;
let mapModule: typeof import('./PlantsMap') | undefined;
const loadChart = () => import('./ChartPanel').then((m) => (chartModule = m));
const loadMap = () => import('./PlantsMap').then((m) => (mapModule = m));
const LazyChartPanel = lazy(() => loadChart().then((m) => ({ default: m.ChartPanel })));
const LazyPlantsMap = lazy(() => loadMap());
// Once fetched, a chunk is rendered directly: suspending on it anyway would hold the chart's first
// call back by React's fallback throttle (300 ms).
const ChartPanel = (props: ComponentProps<typeof LazyChartPanel>) =>
  (chartModule ? <chartModule.ChartPanel {...props} /> : <LazyChartPanel {...props} />);
const PlantsMap = (props: ComponentProps<typeof LazyPlantsMap>) =>
  (mapModule ? <mapModule.default {...props} /> : <LazyPlantsMap {...props} />);
const preloadChunks = () => {
  void loadChart().catch(() => undefined);
  void loadMap().catch(() => undefined);
};
if (typeof window !== 'undefined' && window.location.pathname.startsWith('/app/monitoring')) preloadChunks();

/** How often the snapshot is read again (ms). */
export const REFRESH_MS = 60_000;

const snapshotQuery = (plant: number) => ({
  queryKey: ['monitoring', 'snapshot', plant],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSnapshot(plant, signal),
  refetchInterval: REFRESH_MS,
  refetchOnWindowFocus: true,
  retry: false,
});

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardHeader title={title} titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
    <CardContent>{children}</CardContent>
  </Card>
);

const Loading = () => <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}><CircularProgress /></Box>;

/** The chosen id when it is still in the list, else the first. */
const pick = (rows: RaRecord[] | undefined, stored: number | null) =>
  rows?.find((r) => r.id === stored)?.id as number | undefined ?? rows?.[0]?.id as number | undefined;

function PlantView({ plant, plants }: { plant: RaRecord; plants: RaRecord[] }) {
  const translate = useTranslate();
  const [, setPlant] = useStore<number | null>('monitoring.plant', null);
  const { data: snapshot, error, isPending, refetch } = useQuery(snapshotQuery(plant.id as number));
  // The map's colours come from each plant's own snapshot (the selected one shares its query).
  const located = plants.filter((p) => typeof p.latitude === 'number' && typeof p.longitude === 'number');
  // The other plants' snapshots only colour the map: asked once this plant's figures are in, so the
  // server answers the figures first.
  const statuses = useQueries({ queries: located.map((p) => snapshotQuery(p.id as number)) });
  const mapPlants: MapPlant[] = located.map((p, i) => ({
    id: p.id as number, name: p.name, latitude: p.latitude, longitude: p.longitude,
    online: (statuses[i]?.data as Snapshot | undefined)?.online ?? null,
  }));
  const statusLabel = (online: boolean | null) => translate(online === null ? 'app.monitoring.unknown' : online ? 'app.monitoring.online' : 'app.monitoring.offline');

  let live: ReactNode;
  if (isPending) live = <Loading />;
  else if (error) {
    live = (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>{translate('app.monitoring.retry')}</Button>}>
        {translate('app.monitoring.snapshot_error')}
      </Alert>
    );
  } else if (!snapshot.timestamp) live = <Alert severity="info">{translate('app.monitoring.no_data')}</Alert>;
  else {
    live = (
      <Stack spacing={2}>
        <StatusLine snapshot={snapshot} />
        <KpiCards snapshot={snapshot} />
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      {live}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
        <Section title={translate('app.monitoring.flow.title')}>
          {snapshot?.timestamp ? <PowerFlow snapshot={snapshot} />
            : <Typography color="text.secondary">{translate(error ? 'app.monitoring.snapshot_error' : 'app.monitoring.no_data')}</Typography>}
        </Section>
        <WeatherCard plantId={plant.id as number} />
      </Box>
      <Suspense fallback={<Loading />}>
        <ChartPanel plantId={plant.id as number} plantName={plant.name} />
      </Suspense>
      <Section title={translate('app.monitoring.map.title')}>
        {!located.length && <Alert severity="info" sx={{ mb: 2 }}>{translate('app.monitoring.map.no_coordinates')}</Alert>}
        <Suspense fallback={<Loading />}>
          <PlantsMap plants={mapPlants} selected={plant.id as number} onSelect={setPlant} statusLabel={statusLabel} />
        </Suspense>
      </Section>
    </Stack>
  );
}

function ProjectView({ project, selector }: { project: RaRecord; selector: (plants: ReactNode) => ReactNode }) {
  const translate = useTranslate();
  const [storedPlant, setPlant] = useStore<number | null>('monitoring.plant', null);
  const { data, isPending, error } = useGetManyReference('power-plants', {
    target: 'project', id: project.id, pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' },
  });
  const plantId = pick(data, storedPlant);
  const plant = data?.find((p) => p.id === plantId);
  const plantSelect = (
    <FormControl size="small" sx={{ minWidth: 220 }} disabled={!data?.length}>
      <InputLabel id="monitoring-plant">{translate('app.monitoring.plant')}</InputLabel>
      <Select labelId="monitoring-plant" label={translate('app.monitoring.plant')} value={plantId ?? ''}
        onChange={(e) => setPlant(Number(e.target.value))}>
        {data?.map((p) => <MenuItem key={p.id} value={p.id}>{p.name}</MenuItem>)}
      </Select>
    </FormControl>
  );
  let body: ReactNode;
  if (isPending) body = <Loading />;
  else if (error) body = <Alert severity="error">{translate('app.monitoring.plants_error')}</Alert>;
  else if (!plant) body = <Alert severity="info">{translate('app.monitoring.no_plants')}</Alert>;
  else body = <PlantView key={plant.id} plant={plant} plants={data ?? []} />;
  return <>{selector(plantSelect)}{body}</>;
}

export const MonitoringPage = () => {
  const translate = useTranslate();
  useEffect(preloadChunks, []);
  const [storedProject, setProject] = useStore<number | null>('monitoring.project', null);
  const [, setPlant] = useStore<number | null>('monitoring.plant', null);
  const { data, isPending, error } = useGetList('projects', {
    pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' },
  });
  const projectId = pick(data, storedProject);
  const project = data?.find((p) => p.id === projectId);
  const selector = (plantSelect: ReactNode) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <FormControl size="small" sx={{ minWidth: 220 }}>
        <InputLabel id="monitoring-project">{translate('app.monitoring.project')}</InputLabel>
        <Select labelId="monitoring-project" label={translate('app.monitoring.project')} value={projectId ?? ''}
          onChange={(e) => { setProject(Number(e.target.value)); setPlant(null); }}>
          {data?.map((p) => <MenuItem key={p.id} value={p.id}>{p.name}</MenuItem>)}
        </Select>
      </FormControl>
      {plantSelect}
    </Stack>
  );
  return (
    <Box sx={{ py: 1 }}>
      <Title title={translate('app.monitoring.title')} />
      <Typography variant="h5" component="h1">{translate('app.monitoring.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.monitoring.subtitle')}</Typography>
      {isPending && <Loading />}
      {error && <Alert severity="error">{translate('app.monitoring.projects_error')}</Alert>}
      {!isPending && !error && !project && <Alert severity="info">{translate('app.monitoring.no_projects')}</Alert>}
      {project && <ProjectView key={project.id} project={project} selector={selector} />}
    </Box>
  );
};
