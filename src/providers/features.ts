/**
 * What this server has configured (GET /features, contract/settings.ts): the sign-in methods, the
 * weather forecast, mail. Screens offer only what works (issue 11, "no dead ends"): no Google
 * button without Google sign-in, no weather card for a customer without a weather key.
 * Asked once per query cache (the shell's for the public pages, the admin's inside the admin).
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { country } from '../config/country';
import { settingsApi, type Features } from '../../contract/settings';
import { request } from './http';

export type { Features };

export const fetchFeatures = (signal?: AbortSignal) =>
  request<Features>(settingsApi.features.path, { method: settingsApi.features.method, auth: false, signal });

/** The server's features; `data` stays undefined while they load or when they cannot be read. */
export const useFeatures = () => useQuery({
  queryKey: ['features'],
  queryFn: ({ signal }) => fetchFeatures(signal),
  // A server's configuration changes with a restart, not while a page is open.
  staleTime: Infinity,
  retry: false,
});

/**
 * The portal's one brand name: the settings' name (GET /features), the country's until it is read.
 * The top bars show it, and the browser tab carries it.
 */
export function useBrandName(): string {
  const name = useFeatures().data?.name || country.brand;
  useEffect(() => { document.title = name; }, [name]);
  return name;
}
