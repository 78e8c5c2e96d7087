/**
 * The monitoring page's first reads as react-query options, shared by the page and by
 * `prefetchMonitoring`: opened at /app/monitoring, the app shell starts the page's calls as soon
 * as the session is known, while the admin's code downloads, into the query cache the admin then
 * mounts with (layout/adminStart.ts). Same options, same keys: the page finds the answers there.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Identifier, RaRecord, Store } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { ChartParams } from '../../providers/monitoring';
import { country } from '../../config/country';
import { dateFormat } from '../../i18n/format';
import { CHOSEN, SHOWN_PLANT, SHOWN_PROJECT } from './choices';

/** How often the snapshot is read again (ms). */
export const REFRESH_MS = 60_000;
/** An answer this recent (the prefetch's) is not asked for again as the page mounts. */
const FRESH_MS = 10_000;

const byName = { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' as const }, filter: {} };

/** The projects the user sees, by name. */
export const projectsQuery = (dataProvider: AppDataProvider) => ({
  queryKey: ['projects', 'monitoring'],
  queryFn: ({ signal }: { signal: AbortSignal }) => dataProvider.getList('projects', { ...byName, signal }).then((r) => r.data),
  staleTime: FRESH_MS,
});

/** A project's plants, by name. */
export const plantsQuery = (dataProvider: AppDataProvider, project: Identifier) => ({
  queryKey: ['power-plants', 'monitoring', project],
  queryFn: ({ signal }: { signal: AbortSignal }) => dataProvider
    .getManyReference('power-plants', { target: 'project', id: project, ...byName, signal }).then((r) => r.data),
  staleTime: FRESH_MS,
});

/** A plant's live figures, refreshed every minute and when the tab regains focus. */
export const snapshotQuery = (dataProvider: AppDataProvider, plant: number) => ({
  queryKey: ['monitoring', 'snapshot', plant],
  queryFn: ({ signal }: { signal: AbortSignal }) => dataProvider.snapshot(plant, signal),
  refetchInterval: REFRESH_MS,
  // However fresh: the user coming back to the tab wants the figures of now.
  refetchOnWindowFocus: 'always' as const,
  retry: false,
  staleTime: FRESH_MS,
});

/**
 * A plant's production against its expectation (today, this month, this year), refreshed with the
 * snapshot. An answer this fresh, the first view's among them, is not asked for again as the page mounts.
 */
export const performanceQuery = (dataProvider: AppDataProvider, plant: number) => ({
  queryKey: ['monitoring', 'performance', plant],
  queryFn: ({ signal }: { signal: AbortSignal }) => dataProvider.performance(plant, signal),
  refetchInterval: REFRESH_MS,
  retry: false,
  staleTime: FRESH_MS,
});

/** The history chart's rows of an interval: keyed by the dates that interval reads. */
export const chartQuery = (dataProvider: AppDataProvider, params: ChartParams) => ({
  queryKey: ['monitoring', 'chart', params.plant, params.interval, ...(params.interval === 'range' ? [params.start, params.end] : [params.date])],
  queryFn: ({ signal }: { signal: AbortSignal }) => dataProvider.chart(params, signal),
  retry: false,
  staleTime: FRESH_MS,
});

/** The chosen id when it is still in the list, else the first. */
export const pick = (rows: RaRecord[] | undefined, stored: Identifier | null | undefined) =>
  rows?.find((r) => r.id === stored)?.id as number | undefined ?? rows?.[0]?.id as number | undefined;

/** Today's local date in a zone, until the plant's snapshot (which names its day) is in, or when it cannot be read. */
export const localDay = (timeZone: string) => dateFormat('en-CA', { timeZone }).format(new Date());

/**
 * The page's reads up to its first figures and day chart: the projects, the chosen project's plants,
 * then the chosen plant's snapshot and, when the chart shows a day, that day's curve. The plants of
 * the project and the plant the page showed last (or chose) are read at once, alongside the
 * projects, instead of one after the other: one round trip before the page can show its plant
 * instead of two (the plant's view mounts only once its project's plants are in). When the lists
 * pick another project or plant, that one is read then. Nothing when the page will show something
 * else (no project, no plant, a project's totals).
 */
export async function prefetchMonitoring(client: QueryClient, dataProvider: AppDataProvider, store: Store) {
  const wholeProject = store.getItem<boolean>(CHOSEN.wholeProject, false);
  const readPlant = (plant: number) => {
    const today = localDay(country.timeZone);
    return Promise.all([
      client.prefetchQuery(snapshotQuery(dataProvider, plant)),
      store.getItem<string>(CHOSEN.interval, 'day') === 'day'
        ? client.prefetchQuery(chartQuery(dataProvider, { plant, interval: 'day', date: today, start: today, end: today }))
        : undefined,
    ]);
  };
  const guess = store.getItem<number | null>(CHOSEN.plant, null) ?? store.getItem<number | null>(SHOWN_PLANT, null);
  const early = guess != null && !wholeProject ? readPlant(guess) : undefined;
  const chosenProject = store.getItem<number | null>(CHOSEN.project, null);
  const shownProject = chosenProject ?? store.getItem<number | null>(SHOWN_PROJECT, null);
  // Started now, it is the same read the lists' choice makes below (react-query shares it), or a wasted one.
  if (shownProject != null) void client.prefetchQuery(plantsQuery(dataProvider, shownProject));
  const project = pick(await client.fetchQuery(projectsQuery(dataProvider)), chosenProject);
  if (project === undefined) return;
  const plants = await client.fetchQuery(plantsQuery(dataProvider, project));
  const plant = pick(plants, store.getItem<number | null>(CHOSEN.plant, null));
  if (plant === undefined || (plants.length > 1 && wholeProject)) return;
  // The early read counts only when it was made, and for the plant the lists confirm.
  await (early && plant === guess ? early : readPlant(plant));
}
