/**
 * Vendor clouds as staff see them (issue 35): the accounts at each vendor (its credentials go in and
 * never come out), the stations of an account, and linking a station to a plant, or making the plant
 * with its inverters from the station's devices. Staff only: accounts span every plant and hold
 * credentials. Reading an account now is staff's "read now" (the scheduler is to come).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Detail, endpoint } from './http.js';
import { IdParams, S } from './common.js';
import { oneOf } from './literals.js';

/** The vendor clouds the portal reads (server/sources/registry.ts has their connectors). */
export const VENDORS = ['huawei', 'solaredge', 'growatt', 'sungrow'] as const;
export type Vendor = typeof VENDORS[number];

/** Why an account or a device could not be read (server/sources/types.ts SourceError). */
export const SOURCE_ERROR_KINDS = ['credentials', 'session', 'quota', 'down', 'malformed', 'refused'] as const;
export type SourceErrorKind = typeof SOURCE_ERROR_KINDS[number];

export const VENDOR_LIMITS = { label: 120, baseUrl: 255, credential: 200 } as const;

export const VendorAccount = Type.Object({
  id: Type.Integer(),
  vendor: oneOf(VENDORS),
  label: Type.String(),
  base_url: Type.String(),
  has_credentials: Type.Boolean({ description: 'credentials are stored (they are never returned)' }),
  last_error: S.nullable(Type.String()),
  last_error_kind: S.nullable(oneOf(SOURCE_ERROR_KINDS)),
  last_error_at: S.nullable(S.timestamp()),
  last_success_at: S.nullable(S.timestamp()),
  /** Left alone until then (a spent quota). */
  retry_at: S.nullable(S.timestamp()),
  calls_today: Type.Integer({ description: 'calls made to the vendor since 00:00 UTC, every interface' }),
  created_at: S.timestamp(),
  updated_at: S.timestamp(),
}, { title: 'VendorAccount' });
export type VendorAccount = Static<typeof VendorAccount>;

const secret = () => Type.String({ minLength: 1, maxLength: VENDOR_LIMITS.credential });
/** What each vendor's account signs in with (server/sources/<vendor>/client.ts). */
export const VENDOR_CREDENTIALS = {
  huawei: Type.Object({ userName: secret(), systemCode: secret() }, { description: "Huawei: the northbound user's userName and systemCode (its password)", additionalProperties: false }),
  solaredge: Type.Object({ api_key: secret() }, { description: "SolarEdge: the account's API key (an account-level key: it lists the sites)", additionalProperties: false }),
  growatt: Type.Object({ token: secret() }, { description: "Growatt: the OpenAPI token of the account's user", additionalProperties: false }),
  sungrow: Type.Object({ app_key: secret(), secret_key: secret(), user_account: secret(), user_password: secret() }, {
    description: "Sungrow: the developer app's key and secret, and the iSolarCloud account's user and password", additionalProperties: false,
  }),
} satisfies Record<Vendor, unknown>;

/** Any vendor's credentials; the plugin checks they are the account's vendor's (`credentialsFit`). */
const Credentials = Type.Union(Object.values(VENDOR_CREDENTIALS), { description: "the vendor's credentials (never returned)" });

/** Whether `credentials` carry exactly the fields `vendor` signs in with. */
export const credentialsFit = (vendor: Vendor, credentials: Record<string, unknown>) => {
  const fields = Object.keys(VENDOR_CREDENTIALS[vendor].properties).sort();
  return JSON.stringify(Object.keys(credentials).sort()) === JSON.stringify(fields);
};

const baseUrl = Type.String({ minLength: 1, maxLength: VENDOR_LIMITS.baseUrl, pattern: '^https?://', description: "the vendor's host for this account (a region, a proxy, a test server), e.g. https://la5.fusionsolar.huawei.com" });

export const VendorAccountCreate = Type.Object({
  vendor: oneOf(VENDORS),
  label: S.nonBlank(VENDOR_LIMITS.label),
  base_url: baseUrl,
  credentials: Credentials,
});
export const VendorAccountUpdate = Type.Object({
  label: Type.Optional(S.nonBlank(VENDOR_LIMITS.label)),
  base_url: Type.Optional(baseUrl),
  credentials: Type.Optional(Credentials),
});

export const VendorStation = Type.Object({
  code: Type.String(),
  name: Type.String(),
  address: Type.String(),
  capacity_kwp: S.nullable(Type.Number({ description: 'kWp (the vendor gives MW)' })),
  plant: S.nullable(Type.Integer({ description: 'the plant it feeds, once linked' })),
  linked: Type.Boolean(),
}, { title: 'VendorStation' });
export type VendorStation = Static<typeof VendorStation>;

const StationParams = Type.Object({ id: S.id(), code: Type.String({ minLength: 1, maxLength: 64 }) });
export const StationLink = Type.Union([
  Type.Object({ plant: S.id() }, { additionalProperties: false, description: 'link to this existing plant: its inverters are matched to the devices by serial number' }),
  Type.Object({ project: S.id(), name: Type.Optional(S.nonBlank(150)) }, { additionalProperties: false, description: "make the plant in this project, with an inverter per inverter of the station's inventory" }),
]);
export const LinkedStation = Type.Object({
  ...VendorStation.properties,
  inverters: Type.Array(Type.Object({ device: Type.String(), investor: S.nullable(Type.Integer()) })),
}, { title: 'LinkedStation' });

export const AccountRead = Type.Object({
  stored: Type.Integer(), duplicates: Type.Integer(), failed: Type.Integer({ description: 'devices that gave no reading' }),
  account: VendorAccount,
}, { title: 'VendorAccountRead' });

const tag = 'sources';
export const sourcesApi = {
  list: endpoint({ method: 'GET', path: '/vendor-accounts/', access: 'staff', tag, summary: 'Vendor cloud accounts (without their credentials)', reply: { 200: Type.Array(VendorAccount) } }),
  create: endpoint({ method: 'POST', path: '/vendor-accounts/', access: 'staff', tag, body: VendorAccountCreate, summary: 'Enter a vendor cloud account (its credentials are kept encrypted)', reply: { 201: VendorAccount } }),
  update: endpoint({ method: 'PATCH', path: '/vendor-accounts/:id/', access: 'staff', tag, params: IdParams, body: VendorAccountUpdate, summary: 'Change an account (credentials replaced only when sent)', reply: { 200: VendorAccount } }),
  remove: endpoint({ method: 'DELETE', path: '/vendor-accounts/:id/', access: 'staff', tag, params: IdParams, summary: 'Delete an account (its plants stay, no longer fed)', reply: { 204: Type.Null() } }),
  stations: endpoint({ method: 'GET', path: '/vendor-accounts/:id/stations', access: 'staff', tag, params: IdParams, summary: "The account's stations at the vendor, with whether each is linked to a plant", reply: { 200: Type.Array(VendorStation), 502: Detail } }),
  link: endpoint({ method: 'POST', path: '/vendor-accounts/:id/stations/:code/link', access: 'staff', tag, params: StationParams, body: StationLink, summary: 'Link a station to a plant, or make the plant with its inverters from the station', reply: { 200: LinkedStation, 502: Detail } }),
  read: endpoint({ method: 'POST', path: '/vendor-accounts/:id/read', access: 'staff', tag, params: IdParams, summary: "Read the account's linked stations now and store the readings", reply: { 200: AccountRead, 502: Detail } }),
};
