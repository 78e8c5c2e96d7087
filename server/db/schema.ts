/**
 * The whole database in one module. Names follow the product (and the API field names of SPEC.md §3,
 * which the web app reads as they are). Cascades go downwards along ownership so that deleting a
 * project removes its plants, inverters, MPPTs, strings and panels, never leaving orphans; references
 * to things that are merely *used* (a brand, a commune, an assigned administrator) are SET NULL or
 * RESTRICT so nothing disappears by accident.
 */
import { sql } from 'drizzle-orm';
import { naturalKey } from './sql.js';
import type { SourceErrorKind, Vendor } from '../../contract/sources.js';
import {
  pgTable, serial, integer, text, varchar, boolean, timestamp, doublePrecision, date,
  uniqueIndex, index, primaryKey, smallint, jsonb, type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * A name's natural sort key (server/db/sql.ts naturalKey), kept by PostgreSQL on every write: the fleet
 * view orders all the plants it shows by name (the tie-break of every ordering), and computing the key
 * (two regular expressions) for each of them on each request cost more than the rest of its query.
 */
const nameKey = () => text('name_key').notNull().generatedAlwaysAs(naturalKey(sql.identifier('name')));

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------- accounts ----------

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: varchar('email', { length: 254 }).notNull(),
  password: text('password'), // argon2id hash; null for accounts that only sign in with Google
  first_name: varchar('first_name', { length: 150 }).notNull().default(''),
  last_name: varchar('last_name', { length: 150 }).notNull().default(''),
  phone: varchar('phone', { length: 40 }).notNull().default(''),
  address: varchar('address', { length: 255 }).notNull().default(''),
  image: text('image'),
  language: varchar('language', { length: 8 }).notNull().default('es'),
  is_active: boolean('is_active').notNull().default(false),
  is_staff: boolean('is_staff').notNull().default(false),
  is_superuser: boolean('is_superuser').notNull().default(false),
  google_sub: varchar('google_sub', { length: 255 }),
  /** Alarm kinds (contract/alarms.ts ALARM_KINDS) this user is not told about (issue 10: opt-out per kind). */
  alarm_opt_out: jsonb('alarm_opt_out').$type<string[]>().notNull().default([]),
  /** The monthly report (issue 10) is not mailed to this user. */
  report_opt_out: boolean('report_opt_out').notNull().default(false),
  date_joined: createdAt(),
  last_login: timestamp('last_login', { withTimezone: true }),
}, (t) => [
  uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
  uniqueIndex('users_google_sub_uq').on(t.google_sub),
]);

/**
 * A sign-in (password or Google) and everything issued from it: its refresh tokens and the access
 * tokens that carry its id (`sid`). Ending it (`revoked_at`) refuses them all at once: logout, a
 * replayed refresh token, a password reset. Migration 0004 ends every session of a user who is
 * deactivated or loses the staff privilege, however that happens (API or SQL).
 */
export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  created_at: createdAt(),
  /** The last refresh, so roughly the last activity to within an access token's lifetime. */
  last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  revoked_at: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [index('sessions_user_idx').on(t.user_id)]);

/** One row per refresh token ever issued; rotation marks it used, and presenting it again ends its session. */
export const refreshTokens = pgTable('refresh_tokens', {
  jti: varchar('jti', { length: 64 }).primaryKey(),
  session_id: integer('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: createdAt(),
}, (t) => [index('refresh_tokens_session_idx').on(t.session_id)]);

/** Single-use, expiring tokens sent by e-mail (account activation, password reset); only a hash is kept. */
export const accountTokens = pgTable('account_tokens', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: varchar('purpose', { length: 16 }).notNull(), // 'activate' | 'reset'
  token_hash: varchar('token_hash', { length: 64 }).notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: createdAt(),
}, (t) => [uniqueIndex('account_tokens_hash_uq').on(t.token_hash), index('account_tokens_user_idx').on(t.user_id)]);

// ---------- settings and reference data ----------

export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  /** kg of CO2 avoided per kWh produced (grid emission factor). */
  environnement_factor: doublePrecision('environnement_factor').notNull().default(0.4),
  time_zone: varchar('time_zone', { length: 64 }).notNull().default('America/Santiago'),
  // Alarm thresholds (docs/alarms.md); a plant may override each in alarm_plant_thresholds.
  /** Minutes of daylight without a reading before an inverter or plant is offline. */
  alarm_offline_minutes: integer('alarm_offline_minutes').notNull().default(30),
  /** An MPPT producing less than this % of its siblings (per installed Wp) is failing. */
  alarm_sibling_pct: doublePrecision('alarm_sibling_pct').notNull().default(60),
  /** Minutes of good light the sibling comparison averages over. */
  alarm_sibling_window_minutes: integer('alarm_sibling_window_minutes').notNull().default(60),
  /** A day is sunny when the plant yields at least this many kWh per installed kWp. */
  alarm_sunny_kwh_per_kwp: doublePrecision('alarm_sunny_kwh_per_kwp').notNull().default(4),
  /** On a sunny day a battery below 90 % must take at least this many kWh. */
  alarm_battery_min_kwh: doublePrecision('alarm_battery_min_kwh').notNull().default(0.5),
  /** A day's production below this % of what an overcast day would give (docs/alarms.md) is too low. */
  alarm_expected_pct: doublePrecision('alarm_expected_pct').notNull().default(50),
  updated_at: updatedAt(),
});

export const communes = pgTable('communes', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  name_key: nameKey(),
  region: varchar('region', { length: 120 }).notNull(),
}, (t) => [uniqueIndex('communes_name_region_uq').on(t.name, t.region)]);

// ---------- catalogue ----------

export const trademarks = pgTable('trademarks', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  image: text('image'),
  created_at: createdAt(),
});

export const equipment = pgTable('equipment', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  image: text('image'),
  trademark: integer('trademark_id').references(() => trademarks.id, { onDelete: 'set null' }),
  model: varchar('model', { length: 120 }).notNull().default(''),
  station_code: varchar('station_code', { length: 120 }).notNull().default(''),
  description: text('description').notNull().default(''),
  // ---- issue 11: what kind of item it is, so a panel's form offers panels only ----
  /** 'inverter' | 'panel' | 'battery' | 'meter' | 'other' (contract/catalogue.ts EQUIPMENT_KINDS). */
  kind: varchar('kind', { length: 16 }).$type<'inverter' | 'panel' | 'battery' | 'meter' | 'other'>().notNull().default('other'),
  // ---- end issue 11 ----
  /** Rated power in W (a panel's Wp): a panel added with this model takes it (issue 33). */
  power_w: doublePrecision('power_w'),
  created_at: createdAt(),
}, (t) => [index('equipment_trademark_idx').on(t.trademark)]);

// ---------- installation hierarchy: project > plant > inverter ("investor") > MPPT > string > panel ----------

export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull(),
  name_key: nameKey(),
  image_project: text('image_project'),
  created_at: createdAt(),
});

export const powerPlants = pgTable('power_plants', {
  id: serial('id').primaryKey(),
  project: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 150 }).notNull(),
  name_key: nameKey(),
  address: varchar('address', { length: 255 }).notNull().default(''),
  commune: integer('commune_id').references(() => communes.id, { onDelete: 'set null' }),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** Installed DC peak power in kWp. */
  capacity_kwp: doublePrecision('capacity_kwp'),
  /** Price of a kWh for savings, in CLP. */
  tariff: doublePrecision('tariff').notNull().default(150),
  // ---- issue 11: honest savings ----
  /**
   * What the distributor pays for a kWh exported to the grid, in CLP (Chile's net billing, LGSE art.
   * 149 bis: the regulated energy price alone, about half the retail tariff; see docs/api.md "Savings").
   */
  injection_price: doublePrecision('injection_price').notNull().default(75),
  // ---- end issue 11 ----
  commissioned_on: date('commissioned_on'),
  // ---- issue 38: net billing with the distributor's dated tariffs (docs/billing.md) ----
  /** The distributor whose bill the plant's owner pays; null: the plant is billed at its own `tariff`/`injection_price`. */
  distributor: integer('distributor_id').references((): AnyPgColumn => distributors.id, { onDelete: 'restrict' }),
  /** The tariff option of the supply (BT1a, BT2, BT4.3...: contract/billing.ts TARIFF_OPTIONS); '' with no distributor. */
  tariff_option: varchar('tariff_option', { length: 12 }).notNull().default(''),
  /** The client number printed on the bill (número de cliente). */
  client_number: varchar('client_number', { length: 40 }).notNull().default(''),
  /** kW billed for demand (contracted for BT2, the month's maximum for BT3/BT4.x, kept as one figure): options with demand charges. */
  demand_kw: doublePrecision('demand_kw'),
  /** kW billed for demand in peak hours (BT4.x with a peak-hours charge). */
  peak_demand_kw: doublePrecision('peak_demand_kw'),
  // ---- end issue 38 ----
  // --- expected production (issue 10): what the model needs beyond the above ---
  /** Metres above sea level, for the clear-sky model (null: sea level). */
  elevation_m: doublePrecision('elevation_m'),
  created_at: createdAt(),
}, (t) => [index('power_plants_project_idx').on(t.project)]);

export const investors = pgTable('investors', {
  id: serial('id').primaryKey(),
  plant: integer('plant_id').notNull().references(() => powerPlants.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 150 }).notNull(),
  equipment: integer('equipment_id').references(() => equipment.id, { onDelete: 'set null' }),
  model: varchar('model', { length: 120 }).notNull().default(''),
  serial_number: varchar('serial_number', { length: 120 }).notNull().default(''),
  /** Nominal AC power in kW. */
  nominal_power_kw: doublePrecision('nominal_power_kw'),
  /** Host or URL of the Fronius datalogger (Solar API v1); empty = not collected. */
  datalogger_address: varchar('datalogger_address', { length: 255 }).notNull().default(''),
  /** Fronius device id on that datalogger. */
  device_id: integer('device_id').notNull().default(1),
  /**
   * The Fronius datalogger's unique id (Datamanager's UniqueID, e.g. "240.123456") this inverter pushes
   * through (Push Service, issue 13): pushes are matched to inverters by it and `device_id`; empty
   * matches a push credential without a datalogger id.
   */
  datalogger_id: varchar('datalogger_id', { length: 64 }).notNull().default(''),
  created_at: createdAt(),
}, (t) => [index('investors_plant_idx').on(t.plant)]);

export const mppts = pgTable('mppts', {
  id: serial('id').primaryKey(),
  investor: integer('investor_id').notNull().references(() => investors.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 150 }).notNull(),
  /** Input number on the inverter (1, 2...). */
  number: smallint('number').notNull().default(1),
  created_at: createdAt(),
}, (t) => [index('mppts_investor_idx').on(t.investor)]);

export const strings = pgTable('strings', {
  id: serial('id').primaryKey(),
  mppt: integer('mppt_id').notNull().references(() => mppts.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 150 }).notNull(),
  /** Panel tilt from horizontal, degrees. */
  tilt: doublePrecision('tilt').notNull().default(20),
  /** Panel azimuth, degrees clockwise from north (0 = facing north, best in Chile). */
  azimuth: doublePrecision('azimuth').notNull().default(0),
  created_at: createdAt(),
}, (t) => [index('strings_mppt_idx').on(t.mppt)]);

export const panels = pgTable('panels', {
  id: serial('id').primaryKey(),
  string: integer('string_id').notNull().references(() => strings.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 150 }).notNull(),
  equipment: integer('equipment_id').references(() => equipment.id, { onDelete: 'set null' }),
  /** Rated power in Wp. */
  power_wp: doublePrecision('power_wp'),
  // --- expected production (issue 10) ---
  /** Power temperature coefficient, %/°C (datasheet, e.g. −0.35; null: −0.35). */
  temperature_coefficient_pct: doublePrecision('temperature_coefficient_pct'),
  serial_number: varchar('serial_number', { length: 120 }).notNull().default(''),
  created_at: createdAt(),
}, (t) => [index('panels_string_idx').on(t.string)]);

// ---------- who sees what: tags and project-user links ----------

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  created_at: createdAt(),
});

export const tagUsers = pgTable('tag_users', {
  id: serial('id').primaryKey(),
  tag: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
  customuser: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
}, (t) => [uniqueIndex('tag_users_uq').on(t.tag, t.customuser), index('tag_users_user_idx').on(t.customuser)]);

export const tagProjects = pgTable('tag_projects', {
  id: serial('id').primaryKey(),
  tag: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
  project: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
}, (t) => [uniqueIndex('tag_projects_uq').on(t.tag, t.project), index('tag_projects_project_idx').on(t.project)]);

/** SPEC.md calls the project side `user_project` and the user side `users`. */
export const projectUsers = pgTable('project_users', {
  id: serial('id').primaryKey(),
  user_project: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  users: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
}, (t) => [uniqueIndex('project_users_uq').on(t.user_project, t.users), index('project_users_user_idx').on(t.users)]);

// ---------- notifications ----------

export const notificationTypes = pgTable('notification_types', {
  id: integer('id').primaryKey(), // 1 tag users, 2 project users, 3 chosen users
  name: varchar('name', { length: 120 }).notNull(),
});

export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  type_notification: integer('type_id').notNull().references(() => notificationTypes.id, { onDelete: 'restrict' }),
  title: varchar('title', { length: 200 }).notNull(),
  message: text('message').notNull(),
  sender: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
  tag: integer('tag_id').references(() => tags.id, { onDelete: 'set null' }),
  project: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
  /** Set on the notifications a ticket event sends by itself (new ticket, reply, assignment, status):
   * the bell links to the ticket, and the staff's list of sent notifications leaves them out. */
  ticket: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
  /** Set on the notification of an alarm's opening: the bell links to the alarm; staff's list of sent notifications leaves it out. */
  alarm: integer('alarm_id').references((): AnyPgColumn => alarms.id, { onDelete: 'cascade' }),
  created_at: createdAt(),
}, (t) => [index('notifications_created_idx').on(t.created_at), index('notifications_ticket_idx').on(t.ticket), index('notifications_alarm_idx').on(t.alarm)]);

export const notificationRecipients = pgTable('notification_recipients', {
  id: serial('id').primaryKey(),
  notification: integer('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
  user: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  read_at: timestamp('read_at', { withTimezone: true }),
}, (t) => [uniqueIndex('notification_recipients_uq').on(t.notification, t.user), index('notification_recipients_user_idx').on(t.user)]);

// ---------- Web Push (docs/notifications.md) ----------

/** A browser's push subscription (RFC 8030): where to send a user's messages on one device, and its keys (RFC 8291). */
export const webPushSubscriptions = pgTable('web_push_subscriptions', {
  id: serial('id').primaryKey(),
  user: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The push service's URL for this device: a secret of its own (whoever knows it can push to it). */
  endpoint: text('endpoint').notNull(),
  p256dh: varchar('p256dh', { length: 128 }).notNull(),
  auth: varchar('auth', { length: 64 }).notNull(),
  /** What the user sees in their list of devices, from the browser's user agent. */
  device: varchar('device', { length: 120 }).notNull(),
  /** Also told when an alarm clears (its opening is always told). */
  alarm_closings: boolean('alarm_closings').notNull().default(false),
  created_at: createdAt(),
}, (t) => [uniqueIndex('web_push_subscriptions_endpoint_uq').on(t.endpoint), index('web_push_subscriptions_user_idx').on(t.user)]);

/**
 * Messages waiting for the push service, one per device: written with the event they tell of, sent
 * by a worker in every API process (server/domain/web-push/delivery.ts), deleted once delivered or given up.
 */
export const webPushOutbox = pgTable('web_push_outbox', {
  id: serial('id').primaryKey(),
  subscription: integer('subscription_id').notNull().references(() => webPushSubscriptions.id, { onDelete: 'cascade' }),
  /** What the service worker shows: {title, body, url, tag}. */
  payload: jsonb('payload').$type<{ title: string; body: string; url: string; tag: string }>().notNull(),
  /** Tries so far. */
  attempts: integer('attempts').notNull().default(0),
  /** Not taken before this instant: the back-off after a failure, or a worker's hold while it sends. */
  due_at: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
  created_at: createdAt(),
}, (t) => [index('web_push_outbox_due_idx').on(t.due_at)]);

// ---------- support tickets ----------

export const ticketTypes = pgTable('ticket_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  description: text('description').notNull().default(''),
  created_at: createdAt(),
});

export const tickets = pgTable('tickets', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  content: text('content').notNull(),
  status: smallint('status').notNull().default(1), // 1 Activo, 2 Cerrado
  type: integer('type_id').references(() => ticketTypes.id, { onDelete: 'set null' }),
  customuser: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Who wrote the ticket's first post when it is not its customer (staff making a ticket of an alarm); null: the customer. */
  author: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
  media: text('media'),
  created_at: createdAt(),
  updated_at: updatedAt(),
}, (t) => [index('tickets_user_idx').on(t.customuser), index('tickets_status_idx').on(t.status)]);

export const ticketAssignees = pgTable('ticket_assignees', {
  ticket: integer('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
  user: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  assigned_at: createdAt(),
}, (t) => [primaryKey({ columns: [t.ticket, t.user] })]);

export const ticketMessages = pgTable('ticket_messages', {
  id: serial('id').primaryKey(),
  ticket: integer('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
  customuser: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  content: text('content').notNull(),
  media: text('media'),
  created_at: createdAt(),
}, (t) => [index('ticket_messages_ticket_idx').on(t.ticket, t.created_at)]);

export type User = typeof users.$inferSelect;

// ---------- measurements ----------

/** One MPPT input of a reading. */
export interface DcReading { mppt: number; voltage_v: number; current_a: number; power_w: number }

/** Energies of an interval or a bucket, Wh: produced (AC), consumed on site, bought, sold, into and out of the battery. */
const energies = () => ({
  energy_wh: doublePrecision('energy_wh').notNull().default(0),
  consumption_wh: doublePrecision('consumption_wh').notNull().default(0),
  import_wh: doublePrecision('import_wh').notNull().default(0),
  export_wh: doublePrecision('export_wh').notNull().default(0),
  charge_wh: doublePrecision('charge_wh').notNull().default(0),
  discharge_wh: doublePrecision('discharge_wh').notNull().default(0),
});

/**
 * Raw readings, one row per inverter and instant: the primary key makes a repeated point a no-op
 * (ON CONFLICT DO NOTHING: the first copy stays). Powers in W, battery + charging / − discharging;
 * `dc` holds the MPPT inputs as a jsonb array (always read whole with its row, never searched, so a
 * child table would only add rows and joins). The energy columns are derived on ingest: the energy of
 * the interval that ends at this point (counter difference when the device has a counter, integrated
 * power otherwise; server/measurements/store.ts), so every rollup is a plain sum.
 */
export const measurements = pgTable('measurements', {
  investor: integer('investor_id').notNull().references(() => investors.id, { onDelete: 'cascade' }),
  ts: timestamp('ts', { withTimezone: true }).notNull(),
  status: varchar('status', { length: 32 }),
  ac_power_w: doublePrecision('ac_power_w').notNull(),
  /**
   * The PV power the inverter took from its panels, when it says (a hybrid's `P_PV`, or its DC inputs):
   * apart from its AC output, which for a hybrid includes what its battery gives.
   */
  pv_power_w: doublePrecision('pv_power_w'),
  dc: jsonb('dc').$type<DcReading[]>(),
  /** The device's lifetime energy counter, when it has one. */
  energy_total_wh: doublePrecision('energy_total_wh'),
  /** The device's own counters of the day and the year (Symo: DAY_ENERGY, YEAR_ENERGY), as it reports them. */
  energy_day_wh: doublePrecision('energy_day_wh'),
  energy_year_wh: doublePrecision('energy_year_wh'),
  grid_import_w: doublePrecision('grid_import_w'),
  grid_export_w: doublePrecision('grid_export_w'),
  consumption_w: doublePrecision('consumption_w'),
  battery_power_w: doublePrecision('battery_power_w'),
  battery_soc: doublePrecision('battery_soc'),
  ...energies(),
}, (t) => [primaryKey({ columns: [t.investor, t.ts] })]);

/**
 * The last reading of each inverter, what the fleet view needs of it (status, power now), kept by
 * storing readings in the same statement as the points (server/measurements/store.ts), so the fleet
 * reads one small row per inverter instead of probing every partition of measurements. A row is
 * replaced only by a later instant; detaching a month recomputes the rows it held
 * (server/measurements/latest.ts). No row: the inverter never read.
 */
export const lastReadings = pgTable('last_readings', {
  investor: integer('investor_id').primaryKey().references(() => investors.id, { onDelete: 'cascade' }),
  ts: timestamp('ts', { withTimezone: true }).notNull(),
  ac_power_w: doublePrecision('ac_power_w').notNull(),
});

export type EnergyPeriod = 'hour' | 'day' | 'month' | 'year';

/** A rollup bucket: its energies plus self-consumed PV energy, peak power, reading count and the counter at both ends. */
const bucketTotals = () => ({
  period: varchar('period', { length: 5 }).$type<EnergyPeriod>().notNull(),
  /** Start of the bucket as a local date-time in settings.time_zone (midnight for days, the 1st for months...). */
  bucket: timestamp('bucket', { mode: 'string' }).notNull(),
  ...energies(),
  self_consumption_wh: doublePrecision('self_consumption_wh').notNull().default(0),
  max_power_w: doublePrecision('max_power_w'),
  samples: integer('samples').notNull().default(0),
  first_counter_wh: doublePrecision('first_counter_wh'),
  last_counter_wh: doublePrecision('last_counter_wh'),
});

/** Hourly, daily, monthly and yearly totals of each inverter, kept current on ingest. */
export const investorEnergy = pgTable('investor_energy', {
  investor: integer('investor_id').notNull().references(() => investors.id, { onDelete: 'cascade' }),
  ...bucketTotals(),
}, (t) => [primaryKey({ columns: [t.investor, t.period, t.bucket] })]);

/** The same per plant (sums over its inverters; the peak is the peak of their summed power). */
export const plantEnergy = pgTable('plant_energy', {
  plant: integer('plant_id').notNull().references(() => powerPlants.id, { onDelete: 'cascade' }),
  ...bucketTotals(),
}, (t) => [primaryKey({ columns: [t.plant, t.period, t.bucket] })]);

/**
 * A plant's day curve, a local hour at a time (settings.time_zone): the hour's 5-minute slots as
 * compact text (each its local minute and offset, then its values), so that reading a day is 23 to
 * 25 rows. Kept by the rollup worker with the other rollups (server/measurements/curves.ts).
 */
export const plantCurves = pgTable('plant_curves', {
  plant: integer('plant_id').notNull().references(() => powerPlants.id, { onDelete: 'cascade' }),
  /** Start of the local hour, as the rollups' buckets. */
  hour: timestamp('hour', { mode: 'string' }).notNull(),
  slots: text('slots').notNull(),
}, (t) => [primaryKey({ columns: [t.plant, t.hour] })]);

/** Keys with which a plant's own datalogger pushes readings; only a SHA-256 of the key is kept. */
export const ingestKeys = pgTable('ingest_keys', {
  id: serial('id').primaryKey(),
  plant: integer('plant_id').notNull().references(() => powerPlants.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 120 }).notNull().default(''),
  /** The key's first characters, to tell keys apart in a list. */
  prefix: varchar('prefix', { length: 16 }).notNull(),
  key_hash: varchar('key_hash', { length: 64 }).notNull(),
  created_by: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  last_used_at: timestamp('last_used_at', { withTimezone: true }),
  /** The last MQTT message taken on this key's topic (issue 13). */
  mqtt_last_used_at: timestamp('mqtt_last_used_at', { withTimezone: true }),
  /**
   * The key's MQTT topic, `{prefix}/{mqtt_topic_id}/points` (issue 33): 122 random bits, so that a
   * topic cannot be guessed from another (the id, a small sequential number, was the topic before).
   * Drawn by the database for every key, those already there included (a volatile default).
   */
  mqtt_topic_id: varchar('mqtt_topic_id', { length: 32 }).notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
}, (t) => [uniqueIndex('ingest_keys_hash_uq').on(t.key_hash), uniqueIndex('ingest_keys_mqtt_topic_uq').on(t.mqtt_topic_id), index('ingest_keys_plant_idx').on(t.plant)]);

// ---------- ways in from devices behind a router: Fronius Push Service and MQTT (issue 13) ----------

/** The latest site-wide values a datalogger pushed (Meter, Storages, Powerflow jobs), with their instants. */
export interface PushedSite {
  grid_w?: { value: number; at: string };
  consumption_w?: { value: number; at: string };
  battery_power_w?: { value: number; at: string };
  battery_soc?: { value: number; at: string };
}

/**
 * A Fronius Push Service job's login (user and password, HTTP Basic), one per datalogger: the password
 * is kept as an argon2id hash. `datalogger_id` names the datalogger whose devices it carries.
 */
export const pushCredentials = pgTable('push_credentials', {
  id: serial('id').primaryKey(),
  plant: integer('plant_id').notNull().references(() => powerPlants.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 120 }).notNull().default(''),
  username: varchar('username', { length: 64 }).notNull(),
  password_hash: text('password_hash').notNull(),
  datalogger_id: varchar('datalogger_id', { length: 64 }).notNull().default(''),
  site: jsonb('site').$type<PushedSite>().notNull().default({}),
  created_by: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  last_used_at: timestamp('last_used_at', { withTimezone: true }),
  /** How far the datalogger's clock was behind (+) or ahead (−) of ours at its last push, seconds. */
  clock_offset_s: doublePrecision('clock_offset_s'),
}, (t) => [index('push_credentials_plant_idx').on(t.plant)]);

/** A device a site agent reads, as the agent last reported it (contract/site-agents.ts, AgentDevice). */
export interface SiteAgentDevice {
  address: string; kind: 'inverter' | 'meter' | 'other'; manufacturer: string | null; model: string | null; serial: string | null;
  rated_power_w: number | null; models: number[]; mppts: number; ok: boolean | null; last_error: string | null; last_read_at: string | null;
}

/**
 * Site agents (agent/, docs/agent.md) as they last reported, one row per plant and agent: when they
 * last called, their version, the devices they read and their backlog. Never the key they used.
 */
export const siteAgents = pgTable('site_agents', {
  id: serial('id').primaryKey(),
  plant: integer('plant_id').notNull().references(() => powerPlants.id, { onDelete: 'cascade' }),
  /** The agent's own name for itself (its host name unless configured). */
  agent: varchar('agent', { length: 120 }).notNull(),
  version: varchar('version', { length: 40 }).notNull(),
  devices: jsonb('devices').$type<SiteAgentDevice[]>().notNull().default([]),
  backlog: integer('backlog').notNull().default(0),
  oldest_waiting_at: timestamp('oldest_waiting_at', { withTimezone: true }),
  first_contact_at: createdAt(),
  last_contact_at: timestamp('last_contact_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('site_agents_uq').on(t.plant, t.agent)]);

/** Devices a datalogger pushed that match none of the plant's inverters, until staff assign them. */
export const pushDevices = pgTable('push_devices', {
  id: serial('id').primaryKey(),
  plant: integer('plant_id').notNull().references(() => powerPlants.id, { onDelete: 'cascade' }),
  datalogger_id: varchar('datalogger_id', { length: 64 }).notNull(),
  device_id: integer('device_id').notNull(),
  first_seen_at: createdAt(),
  last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  pushes: integer('pushes').notNull().default(1),
}, (t) => [uniqueIndex('push_devices_uq').on(t.plant, t.datalogger_id, t.device_id)]);

/** Errors and events an inverter reported (Fronius Logdata "Errors and Events"), each kept once. */
export const inverterEvents = pgTable('inverter_events', {
  id: serial('id').primaryKey(),
  investor: integer('investor_id').notNull().references(() => investors.id, { onDelete: 'cascade' }),
  ts: timestamp('ts', { withTimezone: true }).notNull(),
  kind: varchar('kind', { length: 8 }).$type<'error' | 'event'>().notNull(),
  code: integer('code').notNull(),
  /** What the device said besides the code (its attributes), as sent. */
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  created_at: createdAt(),
}, (t) => [uniqueIndex('inverter_events_uq').on(t.investor, t.ts, t.kind, t.code)]);

/** Pushes and MQTT messages that could not be read, kept for staff to inspect (the sender got no 5xx). */
export const pushRejects = pgTable('push_rejects', {
  id: serial('id').primaryKey(),
  plant: integer('plant_id').references(() => powerPlants.id, { onDelete: 'cascade' }),
  source: varchar('source', { length: 16 }).$type<'fronius' | 'mqtt'>().notNull(),
  /** Where it came from: the credential's URL path or the MQTT topic. */
  origin: varchar('origin', { length: 255 }).notNull(),
  content_type: varchar('content_type', { length: 120 }).notNull().default(''),
  /** The body as received (its first 64 kB). */
  body: text('body').notNull(),
  error: text('error').notNull(),
  received_at: createdAt(),
}, (t) => [index('push_rejects_plant_idx').on(t.plant, t.received_at)]);

// ---------- Several API processes on one database (issue 9; docs/scale.md) ----------

/**
 * The Fronius collector's shared schedule: one row per polled inverter, claimed by the process that
 * reads it. `due_at` is when the next read may start (its last start plus the interval, or the end of
 * a back-off); a process reads a device only after moving `due_at` forward itself, so two processes
 * never read one device in the same interval. `state` is what the reading process made of it (online,
 * last reading, failures), so every process shows the same.
 */
export const collectorLeases = pgTable('collector_leases', {
  investor: integer('investor_id').primaryKey().references(() => investors.id, { onDelete: 'cascade' }),
  address: varchar('address', { length: 255 }).notNull(),
  due_at: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
  state: jsonb('state'),
});

/**
 * Rate-limit counts shared by API processes on PostgreSQL without Redis: one row per key and window,
 * deleted once its window has passed.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [index('rate_limit_hits_expires_idx').on(t.expires_at)]);

// ---------- Rollup work queue (issue 9: ingest that appends) ----------

/**
 * Inverter hours whose rollups lag behind their raw points. Storing readings writes the points and
 * these rows in one transaction; the rollup worker (server/measurements/rollup-worker.ts) claims them
 * (FOR UPDATE SKIP LOCKED), recomputes every bucket above them and deletes them in its own. `hour` is
 * the UTC hour of the points (time-zone free, so a settings change cannot strand a row), `since` when
 * the hour first went stale (the worker's lag).
 */
export const rollupStale = pgTable('rollup_stale', {
  investor: integer('investor_id').notNull().references(() => investors.id, { onDelete: 'cascade' }),
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.investor, t.hour] })]);

/**
 * Plants whose rollups are still in the time zone before the last change of settings.time_zone: a
 * change queues every plant, and the rollup worker rebuilds them one at a time
 * (server/measurements/rebuild.ts), each in its own transaction; a read of a plant still queued
 * rebuilds it first.
 */
export const rollupRebuild = pgTable('rollup_rebuild', {
  plant: integer('plant_id').primaryKey().references(() => powerPlants.id, { onDelete: 'cascade' }),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});

// ---------- alarms (issue 10, docs/alarms.md) ----------

/**
 * A condition found on a plant's data: offline, an inverter error, an MPPT below its siblings, a
 * battery not charging. `subject` names what it is about (plant, inverter, MPPT, string ids), so one
 * condition has at most one alarm that is not closed (the partial unique index): evaluating twice, or
 * in two processes at once, opens it once. Status: open -> acknowledged (staff, with a comment) ->
 * closed (by itself, when the condition clears; an acknowledged alarm closes the same way).
 */
export const alarms = pgTable('alarms', {
  id: serial('id').primaryKey(),
  plant: integer('plant_id').notNull().references(() => powerPlants.id, { onDelete: 'cascade' }),
  investor: integer('investor_id').references(() => investors.id, { onDelete: 'cascade' }),
  mppt: integer('mppt_id').references(() => mppts.id, { onDelete: 'cascade' }),
  string: integer('string_id').references(() => strings.id, { onDelete: 'cascade' }),
  kind: varchar('kind', { length: 32 }).notNull(),
  subject: varchar('subject', { length: 80 }).notNull(),
  status: varchar('status', { length: 16 }).notNull().default('open'),
  opened_at: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  closed_at: timestamp('closed_at', { withTimezone: true }),
  acknowledged_by: integer('acknowledged_by_id').references(() => users.id, { onDelete: 'set null' }),
  acknowledged_at: timestamp('acknowledged_at', { withTimezone: true }),
  acknowledged_comment: text('acknowledged_comment'),
  /** What the rule saw when it opened (figures, codes), for the message and the detail page. */
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  ticket: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
}, (t) => [
  uniqueIndex('alarms_active_uq').on(t.kind, t.subject).where(sql`${t.status} <> 'closed'`),
  index('alarms_plant_idx').on(t.plant, t.opened_at),
  index('alarms_status_idx').on(t.status, t.opened_at),
  index('alarms_ticket_idx').on(t.ticket),
]);

/** What happened to an alarm, in order: opened, acknowledged, ticket, closed. */
export const alarmEvents = pgTable('alarm_events', {
  id: serial('id').primaryKey(),
  alarm: integer('alarm_id').notNull().references(() => alarms.id, { onDelete: 'cascade' }),
  event: varchar('event', { length: 16 }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  user: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  comment: text('comment'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
}, (t) => [index('alarm_events_alarm_idx').on(t.alarm, t.at)]);

/** A plant's own thresholds; a null column takes the settings' value. */
export const alarmPlantThresholds = pgTable('alarm_plant_thresholds', {
  plant: integer('plant_id').primaryKey().references(() => powerPlants.id, { onDelete: 'cascade' }),
  alarm_offline_minutes: integer('alarm_offline_minutes'),
  alarm_sibling_pct: doublePrecision('alarm_sibling_pct'),
  alarm_sibling_window_minutes: integer('alarm_sibling_window_minutes'),
  alarm_sunny_kwh_per_kwp: doublePrecision('alarm_sunny_kwh_per_kwp'),
  alarm_battery_min_kwh: doublePrecision('alarm_battery_min_kwh'),
  alarm_expected_pct: doublePrecision('alarm_expected_pct'),
  updated_at: updatedAt(),
});

/**
 * Scheduled jobs shared by several API processes: a process runs a job only when it moves the job's
 * `due_at` forward itself (one UPDATE ... WHERE due_at <= now()), so each period runs once in all.
 */
export const jobLeases = pgTable('job_leases', {
  name: varchar('name', { length: 64 }).primaryKey(),
  due_at: timestamp('due_at', { withTimezone: true }).notNull(),
  last_run_at: timestamp('last_run_at', { withTimezone: true }),
  last_run_by: varchar('last_run_by', { length: 120 }),
});

// ---------- expected production stored ahead, for the fleet view (issue 10, docs/expected-production.md) ----------

/**
 * The model of each plant the stored days were computed from: `model_key` is a digest of its description
 * (coordinates, strings, panels, limits) and of the time zone. When it differs from the plant's current
 * description the plant's days are recomputed (server/measurements/expected-days.ts).
 */
export const plantExpectedModels = pgTable('plant_expected_models', {
  plant: integer('plant_id').primaryKey().references(() => powerPlants.id, { onDelete: 'cascade' }),
  model_key: varchar('model_key', { length: 64 }).notNull(),
  /** The DC capacity the model sees, Wp (panels as described, or capacity_kwp): the specific yield's divisor. */
  dc_wp: doublePrecision('dc_wp').notNull(),
  updated_at: updatedAt(),
});

/**
 * Expected energy of a plant on a local day (climatology), and its running total at each hour from the
 * day's start (`hourly_wh[1]` = 0, `hourly_wh[k + 1]` after k hours), so the expectation of today so far
 * is read without the model. Null energy: the plant cannot be modelled (no place or no capacity).
 */
export const plantExpectedDays = pgTable('plant_expected_days', {
  plant: integer('plant_id').notNull().references(() => powerPlants.id, { onDelete: 'cascade' }),
  day: date('day').notNull(),
  energy_wh: doublePrecision('energy_wh'),
  hourly_wh: doublePrecision('hourly_wh').array(),
}, (t) => [primaryKey({ columns: [t.plant, t.day] })]);

/**
 * Each plant's expected energy of the current month's days before `day` (its today when summed),
 * from `from_day` (the month's first, or the commissioning date when later): the fleet's month ratio
 * reads one row instead of summing up to 30 days per plant per request. Written with the days it sums
 * (server/measurements/expected-days.ts), so it never disagrees with them; a row whose `day` or
 * `from_day` is not the request's (past midnight, a commissioning date changed) is not used until the
 * next refresh, and the days are summed then. Null energy: a day it needs is not stored, or the plant
 * cannot be modelled.
 */
export const plantExpectedMonths = pgTable('plant_expected_months', {
  plant: integer('plant_id').primaryKey().references(() => powerPlants.id, { onDelete: 'cascade' }),
  day: date('day').notNull(),
  from_day: date('from_day').notNull(),
  energy_wh: doublePrecision('energy_wh'),
});

// ---------- vendor clouds (issue 35, docs/sources.md) ----------

/**
 * An account at a vendor's cloud (Huawei FusionSolar's northbound user...), entered by staff. Its
 * credentials are kept sealed (AES-256-GCM under CREDENTIALS_KEY: server/sources/credentials.ts) and
 * never leave the server. `last_error*` say why it could not be read last (server/sources/types.ts
 * SourceErrorKind), `retry_at` until when it is left alone (a spent quota, refused credentials).
 */
export const vendorAccounts = pgTable('vendor_accounts', {
  id: serial('id').primaryKey(),
  vendor: varchar('vendor', { length: 32 }).$type<Vendor>().notNull(),
  label: varchar('label', { length: 120 }).notNull(),
  base_url: varchar('base_url', { length: 255 }).notNull(),
  credentials: text('credentials').notNull(),
  last_error: text('last_error'),
  last_error_kind: varchar('last_error_kind', { length: 16 }).$type<SourceErrorKind>(),
  last_error_at: timestamp('last_error_at', { withTimezone: true }),
  last_success_at: timestamp('last_success_at', { withTimezone: true }),
  retry_at: timestamp('retry_at', { withTimezone: true }),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * Calls an account made of one vendor interface in one window (a row per account, interface and
 * window start), shared by every API process: a call is made only after `used` was raised within
 * `call_limit` by one atomic statement (server/sources/budget.ts), so the budget is never exceeded.
 */
export const vendorCallBudgets = pgTable('vendor_call_budgets', {
  account: integer('account_id').notNull().references(() => vendorAccounts.id, { onDelete: 'cascade' }),
  api: varchar('api', { length: 64 }).notNull(),
  window_start: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  window_end: timestamp('window_end', { withTimezone: true, mode: 'date' }).notNull(),
  used: integer('used').notNull(),
  call_limit: integer('call_limit').notNull(),
}, (t) => [primaryKey({ columns: [t.account, t.api, t.window_start] }), index('vendor_call_budgets_end_idx').on(t.window_end)]);

/** A station (plant) of a vendor account as last listed, and the portal's plant it feeds once linked. */
export const vendorStations = pgTable('vendor_stations', {
  id: serial('id').primaryKey(),
  account: integer('account_id').notNull().references(() => vendorAccounts.id, { onDelete: 'cascade' }),
  code: varchar('code', { length: 64 }).notNull(),
  name: varchar('name', { length: 150 }).notNull().default(''),
  address: varchar('address', { length: 255 }).notNull().default(''),
  capacity_kwp: doublePrecision('capacity_kwp'),
  plant: integer('plant_id').references(() => powerPlants.id, { onDelete: 'set null' }),
  listed_at: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('vendor_stations_uq').on(t.account, t.code), index('vendor_stations_plant_idx').on(t.plant)]);

/**
 * A device of a linked station and the inverter its readings are filed under (a meter's and a
 * battery's go with the station's first inverter: the store keeps readings by inverter).
 */
export const vendorDevices = pgTable('vendor_devices', {
  id: serial('id').primaryKey(),
  account: integer('account_id').notNull().references(() => vendorAccounts.id, { onDelete: 'cascade' }),
  station: varchar('station_code', { length: 64 }).notNull(),
  device_id: varchar('device_id', { length: 64 }).notNull(),
  kind: varchar('kind', { length: 16 }).$type<'inverter' | 'meter' | 'battery' | 'other'>().notNull(),
  /** The vendor's device type (Huawei's devTypeId). */
  vendor_type: integer('vendor_type').notNull(),
  name: varchar('name', { length: 150 }).notNull().default(''),
  model: varchar('model', { length: 120 }).notNull().default(''),
  serial: varchar('serial', { length: 120 }).notNull().default(''),
  investor: integer('investor_id').references(() => investors.id, { onDelete: 'cascade' }),
  last_error: text('last_error'),
  last_error_kind: varchar('last_error_kind', { length: 16 }).$type<SourceErrorKind>(),
  last_reading_at: timestamp('last_reading_at', { withTimezone: true }),
}, (t) => [uniqueIndex('vendor_devices_uq').on(t.account, t.device_id), index('vendor_devices_investor_idx').on(t.investor)]);

// ---------- net billing: distributors, dated tariffs, injection prices (issue 38, docs/billing.md) ----------

/** An electricity distributor (Enel Distribución Chile, CGE, Chilquinta...). */
export const distributors = pgTable('distributors', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  created_at: createdAt(),
}, (t) => [uniqueIndex('distributors_name_uq').on(sql`lower(${t.name})`)]);

/**
 * A distributor's prices of one tariff option over a period (the published "tarifas de suministro"
 * sheet): CLP net of VAT, per month, per kWh or per kW. `valid_to` is the last day it applies (null:
 * until the next one).
 */
export const tariffs = pgTable('tariffs', {
  id: serial('id').primaryKey(),
  distributor: integer('distributor_id').notNull().references(() => distributors.id, { onDelete: 'cascade' }),
  option: varchar('option', { length: 12 }).notNull(),
  valid_from: date('valid_from').notNull(),
  valid_to: date('valid_to'),
  /** Cargo fijo mensual, CLP per month. */
  fixed_charge: doublePrecision('fixed_charge').notNull().default(0),
  /** Cargo por energía (generation and distribution of the kWh), CLP per kWh. */
  energy_charge: doublePrecision('energy_charge').notNull().default(0),
  /** Cargo por uso del sistema de transmisión, CLP per kWh. */
  transmission_charge: doublePrecision('transmission_charge').notNull().default(0),
  /** Cargo por servicio público, CLP per kWh. */
  public_service_charge: doublePrecision('public_service_charge').notNull().default(0),
  /** Cargo por energía adicional de invierno, CLP per kWh above the threshold in the winter months (BT1a). */
  winter_charge: doublePrecision('winter_charge'),
  winter_threshold_kwh: doublePrecision('winter_threshold_kwh'),
  /** First and last month (1-12) the winter charge applies to. */
  winter_from_month: smallint('winter_from_month'),
  winter_to_month: smallint('winter_to_month'),
  /** Cargo por demanda (contracted or maximum), CLP per kW per month. */
  demand_charge: doublePrecision('demand_charge'),
  /** Cargo por demanda en horas de punta, CLP per kW per month. */
  peak_demand_charge: doublePrecision('peak_demand_charge'),
  /** Where the figures come from (document and date). */
  source: text('source').notNull().default(''),
  created_at: createdAt(),
}, (t) => [uniqueIndex('tariffs_period_uq').on(t.distributor, t.option, t.valid_from)]);

/** What a distributor pays per kWh injected in a month (net billing, LGSE art. 149 bis), CLP net of VAT. */
export const injectionPrices = pgTable('injection_prices', {
  id: serial('id').primaryKey(),
  distributor: integer('distributor_id').notNull().references(() => distributors.id, { onDelete: 'cascade' }),
  /** The month's first day. */
  month: date('month').notNull(),
  price: doublePrecision('price').notNull(),
  source: text('source').notNull().default(''),
  created_at: createdAt(),
}, (t) => [uniqueIndex('injection_prices_month_uq').on(t.distributor, t.month)]);

/**
 * A plant's real bill of a month as the distributor wrote it, entered by its customer or staff to be
 * checked against the portal's (docs/billing.md "Checking against the real bill").
 */
export const realBills = pgTable('real_bills', {
  id: serial('id').primaryKey(),
  plant: integer('plant_id').notNull().references(() => powerPlants.id, { onDelete: 'cascade' }),
  /** The month's first day. */
  month: date('month').notNull(),
  bought_kwh: doublePrecision('bought_kwh').notNull(),
  injected_kwh: doublePrecision('injected_kwh').notNull(),
  /** The bill's total, CLP, VAT included. */
  amount: integer('amount').notNull(),
  /** A photo or PDF of the bill, `/media/private/<name>` (served by signed link only). */
  attachment: text('attachment'),
  created_at: createdAt(),
}, (t) => [uniqueIndex('real_bills_month_uq').on(t.plant, t.month)]);

/** From `from_month` on, the credit a plant does not use goes to another plant of the same project and distributor. */
export const remanenteAssignments = pgTable('remanente_assignments', {
  id: serial('id').primaryKey(),
  from_plant: integer('from_plant_id').notNull().references(() => powerPlants.id, { onDelete: 'cascade' }),
  to_plant: integer('to_plant_id').notNull().references(() => powerPlants.id, { onDelete: 'cascade' }),
  /** The first month whose remanente goes to `to_plant` (its first day). */
  from_month: date('from_month').notNull(),
  created_at: createdAt(),
}, (t) => [uniqueIndex('remanente_assignments_uq').on(t.from_plant, t.from_month), index('remanente_assignments_to_idx').on(t.to_plant)]);

// ---------- share links (issue 37): a plant's figures for anyone holding the link ----------

/**
 * A read-only link to a plant's live figures (docs/share-links.md). The token is shown once, at
 * creation; only its SHA-256 is kept, so the table cannot hand out working links.
 */
export const shareLinks = pgTable('share_links', {
  id: serial('id').primaryKey(),
  plant: integer('plant_id').notNull().references(() => powerPlants.id, { onDelete: 'cascade' }),
  /** SHA-256 of the token, hex. */
  token_hash: varchar('token_hash', { length: 64 }).notNull(),
  /** The name the shared page shows instead of the plant's (a plant is often named after its owner); null: the plant's. */
  title: varchar('title', { length: 150 }),
  created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  revoked_at: timestamp('revoked_at', { withTimezone: true }),
  /** Written at most once a minute per link. */
  last_opened_at: timestamp('last_opened_at', { withTimezone: true }),
}, (t) => [uniqueIndex('share_links_token_uq').on(t.token_hash), index('share_links_plant_idx').on(t.plant)]);
