/** The portal settings (one row: name, CO2 factor, time zone) and the communes of Chile. */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './http.js';
import { featuresRoute } from './paths.js';
import { IdParams, listOf, ListQuery, S } from './common.js';

/** Lengths (the database's columns) and the range of the CO2 factor (kg per kWh). */
export const SETTINGS_LIMITS = { name: 120, timeZone: 64, co2Factor: { minimum: 0, maximum: 10 } } as const;

export const Settings = Type.Object({
  id: Type.Integer(), name: Type.String(), environnement_factor: Type.Number(), time_zone: Type.String(),
  rebuild: Type.Object({
    pending: Type.Integer({ description: 'plants whose charts are still being recomputed in the new time zone' }),
    plants: Type.Integer({ description: 'all plants' }),
  }, { description: 'a change of time_zone recomputes every plant\'s charts in the background, plant by plant' }),
}, { title: 'Settings' });
export type Settings = Static<typeof Settings>;
export const Commune = Type.Object({ id: Type.Integer(), name: Type.String(), region: Type.String() }, { title: 'Commune' });
export type Commune = Static<typeof Commune>;
export const SettingsUpdate = Type.Partial(Type.Object({
  name: S.name(SETTINGS_LIMITS.name),
  environnement_factor: Type.Number(SETTINGS_LIMITS.co2Factor),
  /** An IANA zone name; the server refuses one it does not know. */
  time_zone: Type.String({ minLength: 1, maxLength: SETTINGS_LIMITS.timeZone }),
}));
export type SettingsUpdate = Static<typeof SettingsUpdate>;

/**
 * What this server has configured, for the web app to offer only what works (issue 11, "no dead
 * ends"): no Google button without Google sign-in, no weather card without a weather key.
 */
export const Features = Type.Object({
  name: Type.String({ description: "the portal's name (settings): its one brand name" }),
  time_zone: Type.String({ description: "the zone of every 'today' (settings.time_zone)" }),
  sign_in: Type.Object({
    password: Type.Boolean({ description: 'always: e-mail and password' }),
    google: Type.Boolean({ description: 'GOOGLE_ISSUER, GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set' }),
  }),
  weather: Type.Boolean({ description: 'WEATHER_API_KEY is set: the forecast calls answer' }),
  mail: Type.Boolean({ description: 'SMTP_URL is set: mails (activation links, notifications) are delivered, not written to the outbox' }),
}, { title: 'Features' });
export type Features = Static<typeof Features>;

/** The installed app's colours: the top bar's and the sidebar's dark (index.html's theme-color, src/theme). */
export const APP_COLOURS = { theme: '#2a3042', background: '#2a3042' } as const;
/** The address the installed app opens on. */
export const APP_START = '/app/monitoring';

const ManifestIcon = Type.Object({ src: Type.String(), sizes: Type.String(), type: Type.String(), purpose: Type.Optional(Type.String()) });
/** The web app manifest (W3C Web Application Manifest): what a phone installs. */
export const WebManifest = Type.Object({
  name: Type.String({ description: "the portal's name (settings)" }),
  short_name: Type.String(),
  lang: Type.String(),
  start_url: Type.String(),
  scope: Type.String(),
  display: Type.String(),
  theme_color: Type.String(),
  background_color: Type.String(),
  icons: Type.Array(ManifestIcon),
}, { title: 'WebManifest' });
export type WebManifest = Static<typeof WebManifest>;

const tag = 'settings';
export const settingsApi = {
  features: endpoint({
    ...featuresRoute, access: 'public', tag, reply: { 200: Features },
    summary: 'Which sign-in methods and features this server has configured (anyone, before signing in)',
  }),
  manifest: endpoint({
    method: 'GET', path: '/manifest.webmanifest', access: 'public', tag, reply: { 200: WebManifest },
    summary: "The installable app's manifest: the portal's name from the settings, its icons, and where it opens (anyone)",
  }),
  communes: endpoint({ method: 'GET', path: '/commune-all/list', access: 'user', tag, summary: 'Communes of Chile with their region', querystring: ListQuery, reply: { 200: listOf(Commune) } }),
  list: endpoint({ method: 'GET', path: '/list/settings', access: 'user', tag, summary: 'The settings (a list with one entry)', reply: { 200: Type.Array(Settings) } }),
  update: endpoint({ method: 'PUT', path: '/update/settings/parameters/:id', access: 'staff', tag, summary: 'Update the settings', params: IdParams, body: SettingsUpdate, reply: { 200: Settings } }),
};
