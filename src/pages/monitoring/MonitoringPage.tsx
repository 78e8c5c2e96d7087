/**
 * /app/monitoring (SPEC §1): pick a project and one of its plants (remembered in the store), then
 * the plant's live snapshot as figures and a power flow (refreshed every 60 s and when the tab
 * regains focus), its 3-day weather and production forecasts, its history chart, its electricity
 * bill with and without solar, and the project's plants on a map; or, for the whole project, its
 * totals across its plants.
 */
import { Suspense, useEffect, type ReactNode } from 'react';
import {
  Alert, Box, Button, Card, CardContent, CardHeader, CircularProgress, FormControl, InputLabel, MenuItem, Select, Stack, Typography,
} from '@mui/material';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Title, useStore, useTranslate, type RaRecord } from 'react-admin';
import type { Snapshot } from '../../providers/monitoring';
import type { FleetStatus } from '../../../contract/fleet';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { useNearViewport } from '../../components/useNearViewport';
import { country } from '../../config/country';
import { KpiCards, StatusLine } from './KpiCards';
import { ProductionForecastCard } from './ProductionForecastCard';
import { ReportDownload } from './ReportDownload';
import { BillCard } from './BillCard';
import { PlantAlarms } from './PlantAlarms';
import { PowerFlow } from './PowerFlow';
import { useWeatherShown, WeatherCard } from './WeatherCard';
import type { MapPlant } from './PlantsMap';
import { ChartPanel, PlantsMap, preloadChart } from './chunks';
import { useFirstViewRelease, useHoldFirstView } from '../../firstView/useRelease';
import { localDay, performanceQuery, pick, plantsQuery, projectsQuery, REFRESH_MS, snapshotQuery } from './queries';
import { CHOSEN, SHOWN_PLANT, SHOWN_PROJECT } from './choices';
import { ShareButton } from '../../components/ShareLinks';
import { KeptNotice } from './KeptNotice';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardHeader title={title} titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
    <CardContent>{children}</CardContent>
  </Card>
);

/** A failed read, said, with a button to try again. */
const RetryAlert = ({ message, retry }: { message: string; retry: () => unknown }) => {
  const translate = useTranslate();
  return (
    <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => retry()}>{translate('app.monitoring.retry')}</Button>}>
      {translate(message)}
    </Alert>
  );
};

/** The map's height (px): its area keeps it before the map is drawn, so the page does not jump. */
const MAP_HEIGHT = 320;

/** A part still loading: while one shows, the page's first view stays in front of it. */
const Loading = () => {
  useHoldFirstView();
  return <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}><CircularProgress /></Box>;
};

/**
 * The project's plants on a map, coloured by each one's status in its own snapshot (the fleet's); a click chooses that plant.
 * Below the fold, it loads, reads the other plants' snapshots and draws once the user scrolls near it.
 */
function PlantsMapSection({ plants, selected, onSelect }: { plants: RaRecord[]; selected: number | null; onSelect: (id: number) => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const [mapArea, near] = useNearViewport<HTMLDivElement>();
  const located = plants.filter((p) => typeof p.latitude === 'number' && typeof p.longitude === 'number');
  // The selected plant shares its snapshot query with the cards.
  const statuses = useQueries({ queries: located.map((p) => ({ ...snapshotQuery(dataProvider, p.id as number), enabled: near })) });
  const mapPlants: MapPlant[] = located.map((p, i) => ({
    id: p.id as number, name: p.name, latitude: p.latitude, longitude: p.longitude,
    status: (statuses[i]?.data as Snapshot | undefined)?.status ?? null,
  }));
  const statusLabel = (status: FleetStatus | null) => translate(status === null ? 'app.monitoring.unknown' : `app.monitoring.${status}`);
  return (
    <Section title={translate('app.monitoring.map.title')}>
      {!located.length && <Alert severity="info" sx={{ mb: 2 }}>{translate('app.monitoring.map.no_coordinates')}</Alert>}
      <Box ref={mapArea} sx={{ minHeight: MAP_HEIGHT }}>
        {near && (
          <Suspense fallback={<Loading />}>
            <PlantsMap height={MAP_HEIGHT} plants={mapPlants} selected={selected} onSelect={onSelect} statusLabel={statusLabel} />
          </Suspense>
        )}
      </Box>
    </Section>
  );
}

/**
 * The plant's state and figure cards. The snapshot and the performance ratio are read here, not by
 * the plant's view: their refresh every minute redraws these cards and not the whole page. The
 * ratio only adds to the cards: without it they still show.
 */
function LiveFigures({ plantId }: { plantId: number }) {
  const dataProvider = useAppDataProvider();
  const { data: snapshot } = useQuery(snapshotQuery(dataProvider, plantId));
  const { data: performance } = useQuery(performanceQuery(dataProvider, plantId));
  if (!snapshot) return null;
  return (
    <Stack spacing={2}>
      <StatusLine snapshot={snapshot} />
      <KpiCards figures={snapshot} performance={performance} />
    </Stack>
  );
}

/** Where the power goes now, redrawn with the snapshot alone. */
function LiveFlow({ plantId }: { plantId: number }) {
  const { data: snapshot } = useQuery(snapshotQuery(useAppDataProvider(), plantId));
  return snapshot ? <PowerFlow snapshot={snapshot} /> : null;
}

/** What the plant's view itself needs of its snapshot: a new reading that changes none of it draws nothing here. */
const viewOf = (s: Snapshot) => ({ timeZone: s.period.time_zone, today: s.period.today, hasReading: Boolean(s.timestamp) });

/**
 * One plant: its live figures, power flow, weather and production forecasts, history chart and the
 * project's map. Each part is one line of the stack below, so a new panel is one more line.
 */
function PlantView({ plant, plants, onSelect }: { plant: RaRecord; plants: RaRecord[]; onSelect: (id: number) => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const plantId = plant.id as number;
  // The parts that show the snapshot read it themselves (one request: each read restarts every
  // reader's timer) and redraw on their own.
  const { data: view, error, isPending, refetch } = useQuery({ ...snapshotQuery(dataProvider, plantId), select: viewOf });
  const [, setShown] = useStore<number | null>(SHOWN_PLANT, null);
  useEffect(() => setShown(plantId), [plantId, setShown]);
  const weatherShown = useWeatherShown();
  // Every date and time of the page is the plant's, in the zone the API uses (settings.time_zone).
  const timeZone = view?.timeZone ?? country.timeZone;
  const today = view?.today ?? localDay(timeZone);

  let live: ReactNode;
  if (isPending) live = <Loading />;
  else if (error) {
    live = <RetryAlert message="app.monitoring.snapshot_error" retry={refetch} />;
  } else if (!view.hasReading) live = <Alert severity="info">{translate('app.monitoring.no_data')}</Alert>;
  else live = <LiveFigures plantId={plantId} />;

  return (
    <Stack spacing={2}>
      {live}
      <PlantAlarms plantId={plantId} timeZone={timeZone} />
      <Section title={translate('app.monitoring.flow.title')}>
        {view?.hasReading ? <LiveFlow plantId={plantId} />
          : <Typography color="text.secondary">{translate(error ? 'app.monitoring.snapshot_error' : 'app.monitoring.no_data')}</Typography>}
      </Section>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: weatherShown ? '1fr 1fr' : '1fr' } }}>
        {weatherShown && <WeatherCard plantId={plantId} />}
        <ProductionForecastCard plantId={plantId} timeZone={timeZone} />
      </Box>
      {/* The chart starts on the plant's local day, which its snapshot names; until the snapshot is in,
          the day in the portal's zone (the usual settings.time_zone), so both calls start together. */}
      <Suspense fallback={<Loading />}>
        <ChartPanel key={today} plantId={plantId} plantName={plant.name} today={today} timeZone={timeZone} />
      </Suspense>
      <BillCard plantId={plantId} today={today} timeZone={timeZone} plants={plants} />
      <ReportDownload plantId={plantId} today={today} timeZone={timeZone} />
      <ShareButton plant={plantId} plantName={plant.name} />
      <PlantsMapSection plants={plants} selected={plantId} onSelect={onSelect} />
    </Stack>
  );
}

/** The whole project: its totals across its plants (GET v2/last/measurement/project/{id}) and its map. */
function ProjectTotalsView({ project, plants, onSelect }: { project: RaRecord; plants: RaRecord[]; onSelect: (id: number) => void }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['monitoring', 'project', project.id],
    queryFn: ({ signal }) => dataProvider.projectSnapshot(project.id as number, signal),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
  let body: ReactNode;
  if (isPending) body = <Loading />;
  else if (error) {
    body = <RetryAlert message="app.monitoring.figures.project.error" retry={refetch} />;
  } else body = <KpiCards figures={data} />;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">{translate('app.monitoring.figures.project.hint')}</Typography>
      {body}
      <PlantsMapSection plants={plants} selected={null} onSelect={onSelect} />
    </Stack>
  );
}

/** The plant select's entry for the whole project. */
const WHOLE_PROJECT = 'project';

function ProjectView({ project, selector }: { project: RaRecord; selector: (plants: ReactNode) => ReactNode }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const [storedPlant, setPlant] = useStore<number | null>(CHOSEN.plant, null);
  const [wholeProject, setWholeProject] = useStore<boolean>(CHOSEN.wholeProject, false);
  const { data, isPending, error } = useQuery(plantsQuery(dataProvider, project.id));
  const [, setShown] = useStore<number | null>(SHOWN_PROJECT, null);
  useEffect(() => setShown(project.id as number), [project.id, setShown]);
  const plantId = pick(data, storedPlant);
  const plant = data?.find((p) => p.id === plantId);
  // Totals across plants mean something only with two or more.
  const several = (data?.length ?? 0) > 1;
  const showProject = several && wholeProject;
  const choosePlant = (id: number) => { setWholeProject(false); setPlant(id); };
  const plantSelect = (
    <FormControl size="small" sx={{ minWidth: 220 }} disabled={!data?.length}>
      <InputLabel id="monitoring-plant">{translate('app.monitoring.plant')}</InputLabel>
      <Select labelId="monitoring-plant" label={translate('app.monitoring.plant')} value={showProject ? WHOLE_PROJECT : plantId ?? ''}
        onChange={(e) => (e.target.value === WHOLE_PROJECT ? setWholeProject(true) : choosePlant(Number(e.target.value)))}>
        {several && <MenuItem value={WHOLE_PROJECT}>{translate('app.monitoring.figures.project.option')}</MenuItem>}
        {data?.map((p) => <MenuItem key={p.id} value={p.id}>{p.name}</MenuItem>)}
      </Select>
    </FormControl>
  );
  let body: ReactNode;
  if (isPending) body = <Loading />;
  else if (error) body = <Alert severity="error">{translate('app.monitoring.plants_error')}</Alert>;
  else if (!plant) body = <Alert severity="info">{translate('app.monitoring.no_plants')}</Alert>;
  else if (showProject) body = <ProjectTotalsView project={project} plants={data ?? []} onSelect={choosePlant} />;
  else body = <PlantView key={plant.id} plant={plant} plants={data ?? []} onSelect={choosePlant} />;
  return <>{selector(plantSelect)}{body}</>;
}

export const MonitoringPage = () => {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  useEffect(preloadChart, []);
  useFirstViewRelease();
  const [storedProject, setProject] = useStore<number | null>(CHOSEN.project, null);
  const [, setPlant] = useStore<number | null>(CHOSEN.plant, null);
  const { data, isPending, error } = useQuery(projectsQuery(dataProvider));
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
      {/* The page's h1 is its title in the top bar (AppBar.tsx). */}
      <Typography variant="h5" component="h2">{translate('app.monitoring.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.monitoring.subtitle')}</Typography>
      <KeptNotice />
      {isPending && <Loading />}
      {error && <Alert severity="error">{translate('app.monitoring.projects_error')}</Alert>}
      {!isPending && !error && !project && <Alert severity="info">{translate('app.monitoring.no_projects')}</Alert>}
      {project && <ProjectView key={project.id} project={project} selector={selector} />}
    </Box>
  );
};
