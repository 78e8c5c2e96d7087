/// <reference types="vite/client" />
/**
 * The country the portal is branded for (SPEC §9: CL, alternate CO), chosen at build time with
 * VITE_COUNTRY. Brand name and default map centre come only from here.
 */
export interface CountryConfig {
  code: 'CL' | 'CO';
  brand: string;
  /** Default map centre [latitude, longitude]. */
  mapCenter: [number, number];
  timeZone: string;
}

export const COUNTRIES: Record<CountryConfig['code'], CountryConfig> = {
  CL: { code: 'CL', brand: 'Solar Chile', mapCenter: [-33.447487, -70.673676], timeZone: 'America/Santiago' },
  CO: { code: 'CO', brand: 'Solar Colombia', mapCenter: [4.711, -74.0721], timeZone: 'America/Bogota' },
};

export function countryFor(code: string | undefined): CountryConfig {
  return COUNTRIES[(code ?? '').toUpperCase() as CountryConfig['code']] ?? COUNTRIES.CL;
}

// `env` is Vite's: the browser-run tools that import the app's tables (e2e/) run without it.
export const country = countryFor(import.meta.env?.VITE_COUNTRY);
