/**
 * What the admin starts with besides its screens: its query cache, and the first reads of the page
 * it opens. The app shell loads this small chunk as soon as the session is known (App.tsx), so at
 * /app/monitoring the page's calls run while the admin's code downloads and starts, not after it.
 */
import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import type { Store } from 'react-admin';
import { dataProvider } from '../providers/dataProvider';
import { prefetchMonitoring } from '../pages/monitoring/queries';
import { preloadChart } from '../pages/monitoring/chunks';
import { firstViewAnswers } from '../firstView/page';

let client: QueryClient | undefined;

/**
 * A new query cache for the admin about to mount, with the first reads of the page at `pathname`
 * under way in it (the monitoring page's, and its chart's chunk; other pages read as they mount).
 * The monitoring page's first view, when one is shown, gives the answers it was drawn from: those
 * are in the cache at once (src/firstView), and the reads find them.
 */
export function prefetchAdminPage(pathname: string, store: Store) {
  client = new QueryClient();
  if (!pathname.startsWith('/app/monitoring')) return;
  const answers = firstViewAnswers();
  if (answers) hydrate(client, answers as DehydratedState);
  // A failed read is left in the cache as failed: the page asks again as it mounts.
  prefetchMonitoring(client, dataProvider, store).catch(() => undefined);
  preloadChart();
}

/**
 * The admin's query cache: the same one for every render of the admin until it unmounts (a render
 * that suspends mounts it again), then let go (`releaseQueryClient`): the next admin starts anew.
 */
export const adminQueryClient = () => (client ??= new QueryClient());

export const releaseQueryClient = () => { client = undefined; };
