/**
 * What this server has configured (GET /features, contract/settings.ts): the sign-in methods, the
 * weather forecast, mail. Screens offer only what works (issue 11, "no dead ends"): no Google
 * button without Google sign-in, no weather card for a customer without a weather key.
 * Read once per page load by <FeaturesProvider> (the app shell's, which the admin inside shares),
 * with no query library: the public pages do without one (docs/web.md, "Code split").
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { country } from '../config/country';
import { featuresRoute } from '../../contract/paths';
import type { Features } from '../../contract/settings';
import { request } from './http';

export type { Features };

const FeaturesContext = createContext<Features | undefined>(undefined);

/**
 * Asks the server once as it mounts; until the answer (or when it cannot be read) the features are
 * unknown. Given them (`known`: the server drawing the monitoring page's first view), asks nothing.
 */
export function FeaturesProvider({ children, known }: { children: ReactNode; known?: Features }) {
  const [features, setFeatures] = useState<Features | undefined>(known);
  useEffect(() => {
    if (known) return undefined;
    const controller = new AbortController();
    request<Features>(featuresRoute.path, { method: featuresRoute.method, auth: false, signal: controller.signal })
      .then(setFeatures, () => undefined);
    return () => controller.abort();
  }, [known]);
  return <FeaturesContext.Provider value={features}>{children}</FeaturesContext.Provider>;
}

/** The server's features; undefined while they load or when they cannot be read. */
export const useFeatures = () => useContext(FeaturesContext);

/**
 * The portal's one brand name: the settings' name (GET /features), the country's until it is read.
 * The top bars show it, and the browser tab carries it after the page's title (layout/documentTitle.ts).
 */
export function useBrandName(): string {
  return useFeatures()?.name || country.brand;
}
