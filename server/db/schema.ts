/**
 * The whole database in one module. Names follow the product (and the API field names of SPEC.md §3,
 * which the web app reads as they are). Cascades go downwards along ownership so that deleting a
 * project removes its plants, inverters, MPPTs, strings and panels, never leaving orphans; references
 * to things that are merely *used* (a brand, a commune, an assigned administrator) are SET NULL or
 * RESTRICT so nothing disappears by accident.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable, serial, integer, text, varchar, boolean, timestamp, doublePrecision, date,
  uniqueIndex, index, primaryKey, smallint, jsonb,
} from 'drizzle-orm/pg-core';

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
  updated_at: updatedAt(),
});

export const communes = pgTable('communes', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
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
  created_at: createdAt(),
}, (t) => [index('equipment_trademark_idx').on(t.trademark)]);

// ---------- installation hierarchy: project > plant > inverter ("investor") > MPPT > string > panel ----------

export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull(),
  image_project: text('image_project'),
  created_at: createdAt(),
});

export const powerPlants = pgTable('power_plants', {
  id: serial('id').primaryKey(),
  project: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 150 }).notNull(),
  address: varchar('address', { length: 255 }).notNull().default(''),
  commune: integer('commune_id').references(() => communes.id, { onDelete: 'set null' }),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** Installed DC peak power in kWp. */
  capacity_kwp: doublePrecision('capacity_kwp'),
  /** Price of a kWh for savings, in CLP. */
  tariff: doublePrecision('tariff').notNull().default(150),
  commissioned_on: date('commissioned_on'),
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
  created_at: createdAt(),
}, (t) => [index('notifications_created_idx').on(t.created_at), index('notifications_ticket_idx').on(t.ticket)]);

export const notificationRecipients = pgTable('notification_recipients', {
  id: serial('id').primaryKey(),
  notification: integer('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
  user: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  read_at: timestamp('read_at', { withTimezone: true }),
}, (t) => [uniqueIndex('notification_recipients_uq').on(t.notification, t.user), index('notification_recipients_user_idx').on(t.user)]);

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
  dc: jsonb('dc').$type<DcReading[]>(),
  /** The device's lifetime energy counter, when it has one. */
  energy_total_wh: doublePrecision('energy_total_wh'),
  grid_import_w: doublePrecision('grid_import_w'),
  grid_export_w: doublePrecision('grid_export_w'),
  consumption_w: doublePrecision('consumption_w'),
  battery_power_w: doublePrecision('battery_power_w'),
  battery_soc: doublePrecision('battery_soc'),
  ...energies(),
}, (t) => [primaryKey({ columns: [t.investor, t.ts] })]);

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
}, (t) => [uniqueIndex('ingest_keys_hash_uq').on(t.key_hash), index('ingest_keys_plant_idx').on(t.plant)]);
