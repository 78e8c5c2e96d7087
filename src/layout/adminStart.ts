/**
 * What the admin starts with besides its screens: its query cache, and the first reads of the page
 * it opens. The app shell loads this small chunk as soon as the session is known (App.tsx), so at
 * /app/monitoring the page's calls run while the admin's code downloads and starts, not after it.
 */
import { QueryClient } from '@tanstack/react-query';
import type { Store } from 'react-admin';
import { dataProvider } from '../providers/dataProvider';
import { prefetchMonitoring } from '../pages/monitoring/queries';

let prefetched: QueryClient | undefined;

/** Starts the first reads of the admin page at `pathname`, into the query cache the admin mounts with next. */
export function prefetchAdminPage(pathname: string, store: Store) {
  if (!pathname.startsWith('/app/monitoring')) return;
  prefetched = new QueryClient();
  // A failed read is left in the cache as failed: the page asks again as it mounts.
  prefetchMonitoring(prefetched, dataProvider, store).catch(() => undefined);
}

/** The admin's query cache: the one the prefetch filled, taken once (a later admin starts empty), else a new one. */
export function adoptQueryClient(): QueryClient {
  const client = prefetched ?? new QueryClient();
  prefetched = undefined;
  return client;
}
