/**
 * THE table of the API (SPEC §7): for every react-admin resource, its documented endpoints and how
 * bodies and answers look. dataProvider.ts is one generic translator over this table; there is no
 * per-resource fetch code anywhere else. Paths are relative to /api; `:id` is the record id (or the
 * parent id in `byParent`).
 */
import type { RaRecord } from 'react-admin';
import { setProfile, type Profile } from './session';

type Data = Record<string, any>;

export interface ActionEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Body fields taken from `data` (all of `data` when absent; GET sends none). */
  fields?: string[];
}

export interface ResourceSpec {
  /** GET: every visible row (an array, or a page when `page` is sent). */
  list?: string;
  /** Fixed query parameters of `list`. */
  listQuery?: Record<string, string>;
  /** The endpoint takes no paging/ordering/search parameters: those are applied in the browser. */
  unpaged?: boolean;
  /** getManyReference targets (and list filters) served by a by-parent endpoint: target -> GET path. */
  byParent?: Record<string, string>;
  /** How to get the rows out of an answer that is not a list (e.g. `{users_project: [...]}`). */
  extract?: (answer: any) => Data[];
  /** GET one record; absent: the record is looked up in `list`. */
  one?: string;
  /** A function when the endpoint depends on the body; '' = no endpoint for that body. */
  create?: string | ((data: Data) => string);
  update?: string;
  updateMethod?: 'PUT' | 'PATCH';
  delete?: string;
  /** Body fields of create, and of update unless `updateFields` says otherwise. Read-only fields never leave. */
  fields?: string[];
  updateFields?: string[];
  /** Which bodies are multipart/form-data. */
  multipart?: 'create' | 'always';
  /** Fields holding files: react-admin's `{rawFile, src}`; only a new File is sent (SPEC §5). */
  files?: string[];
  /** Fields sent only when filled in (SPEC §5 payload rules). */
  optional?: string[];
  /** Answer item -> react-admin record. */
  toRecord?: (item: Data) => Data;
  /** Called with the saved record after create/update. */
  onSaved?: (record: RaRecord) => void;
  /** Calls that are not CRUD, for dataProvider.call(resource, name, {id, data}). */
  actions?: Record<string, ActionEndpoint>;
}

export const resourceTable: Record<string, ResourceSpec> = {
  projects: {
    list: '/project-all/',
    one: '/project/:id',
    create: '/project/create',
    update: '/project/update/:id',
    delete: '/project/deleted/:id',
    fields: ['name', 'image_project'],
    multipart: 'always',
    files: ['image_project'],
    optional: ['name', 'image_project'],
  },
  'power-plants': {
    byParent: { project: '/power-plant-all/:id' },
    one: '/power-plant/:id',
    create: '/power-plant/create',
    update: '/power-plant/update/:id',
    delete: '/power-plant/deleted/:id',
    fields: ['project', 'name', 'address', 'commune', 'latitude', 'longitude', 'capacity_kwp', 'tariff', 'commissioned_on'],
  },
  investors: {
    byParent: { plant: '/investor-all/:id' },
    one: '/investor/:id',
    create: '/investor/create',
    update: '/investor/update/:id',
    delete: '/investor/deleted/:id',
    fields: ['plant', 'name', 'equipment', 'model', 'serial_number', 'nominal_power_kw', 'datalogger_address', 'device_id'],
    actions: { microservice: { method: 'GET', path: '/investor-all/microservice' } },
  },
  mppts: {
    byParent: { investor: '/mppt/list/investor/:id' },
    one: '/mppt/list/:id',
    create: '/mppt/create',
    update: '/mppt/update/:id',
    delete: '/mppt/delete/:id',
    fields: ['investor', 'name', 'number'],
  },
  strings: {
    byParent: { mppt: '/string/list/mppt/:id' },
    one: '/string/list/:id',
    create: '/string/create',
    update: '/string/update/:id',
    delete: '/string/deleted/:id',
    fields: ['mppt', 'name', 'tilt', 'azimuth'],
  },
  panels: {
    byParent: { string: '/panel/list/string/:id' },
    one: '/panel/list/:id',
    create: '/panel/create',
    update: '/panel/update/:id',
    delete: '/panel/deleted/:id',
    fields: ['string', 'name', 'equipment', 'power_wp', 'serial_number'],
  },
  tags: {
    list: '/tag-all/list',
    one: '/tag/list/:id',
    create: '/tag/create',
    update: '/tag/update/:id',
    delete: '/tag/deleted/:id',
    fields: ['name'],
  },
  'tag-users': {
    list: '/tag-user-all/list',
    byParent: { tag: '/tag-user-tag/list/:id' },
    one: '/tag-user/list/:id',
    create: '/tag-user/create',
    update: '/tag-user/update/:id',
    delete: '/tag-user/deleted/:id',
    fields: ['tag', 'customuser'],
  },
  'tag-projects': {
    // admin=True: every link for staff; the server ignores it for ordinary users (their tags' links).
    list: '/tag-project-all/list',
    listQuery: { admin: 'True' },
    byParent: { tag: '/tag-project-tag/list/:id' },
    one: '/tag-project/list/:id',
    create: '/tag-project/create',
    update: '/tag-project/update/:id',
    delete: '/tag-project/deleted/:id',
    fields: ['tag', 'project'],
    // The API nests the project; react-admin wants `project` to be the id.
    toRecord: ({ project, ...rest }) => (project && typeof project === 'object'
      ? { ...rest, project: project.id, project_name: project.name, project_image: project.image_project }
      : { ...rest, project }),
  },
  users: {
    list: '/get-users/',
    // No GET of one user: found in the list. Update = the administrator privilege (SPEC §7 permits call).
    create: '/auth/create/user',
    update: '/permits-user/:id',
    fields: ['first_name', 'last_name', 'email', 'phone', 'address', 'password', 'is_staff'],
    updateFields: ['is_staff'],
    optional: ['phone', 'address'],
    // Staff, for an account that is not active (docs/api.md "Accounts").
    actions: {
      resendActivation: { method: 'POST', path: '/auth/account-check/:id/resend' },
      activate: { method: 'PUT', path: '/auth/account-activate/:id' },
    },
  },
  'project-users': {
    byParent: { user_project: '/associate-project-user/:id' },
    unpaged: true,
    extract: (answer) => answer?.users_project ?? [],
    one: '/associate-user-project/:id',
    create: '/associate-user-project/create',
    update: '/associate-user-project/update/:id',
    delete: '/associate-user-project/deleted/:id',
    fields: ['user_project', 'users'],
  },
  trademarks: {
    list: '/trademark-all/',
    one: '/trademark/:id',
    create: '/trademark/create',
    update: '/trademark/update/:id',
    delete: '/trademark/deleted/:id',
    fields: ['name', 'image'],
    multipart: 'always',
    files: ['image'],
    optional: ['name', 'image'],
  },
  equipments: {
    list: '/equipment-all/',
    one: '/equipment/:id',
    create: '/equipment/create',
    update: '/equipment/update/:id',
    delete: '/equipment/deleted/:id',
    fields: ['name', 'image', 'trademark', 'model', 'station_code', 'description'],
    multipart: 'always',
    files: ['image'],
    optional: ['name', 'image', 'trademark', 'model', 'station_code', 'description'],
  },
  communes: {
    list: '/commune-all/list',
  },
  settings: {
    list: '/list/settings',
    unpaged: true,
    update: '/update/settings/parameters/:id',
    fields: ['name', 'environnement_factor', 'time_zone'],
  },
  tickets: {
    list: '/ticket/list',
    one: '/ticket/detail/:id',
    create: '/ticket/create',
    update: '/ticket/update/:id',
    delete: '/ticket/delete/:id',
    fields: ['title', 'content', 'customuser', 'type', 'status', 'media'],
    updateFields: ['title', 'status', 'user_admin'],
    multipart: 'create',
    files: ['media'],
    optional: ['media'],
    actions: {
      changeStatus: { method: 'PUT', path: '/ticket/change/status/:id', fields: ['status'] },
      removeAdmin: { method: 'PUT', path: '/ticket/remove/admin/:id', fields: ['title', 'status', 'user_admin'] },
    },
  },
  'ticket-categories': {
    list: '/ticket/type/list',
    create: '/ticket/type/create',
    update: '/ticket/type/update/:id',
    delete: '/ticket/type/delete/:id',
    fields: ['name', 'description'],
  },
  'ticket-messages': {
    byParent: { ticket: '/ticket/message/of/ticket/:id' },
    create: '/ticket/message/create',
    delete: '/ticket/message/delete/:id',
    fields: ['content', 'ticket', 'customuser', 'media'],
    multipart: 'create',
    files: ['media'],
    optional: ['media'],
  },
  notifications: {
    list: '/notification/list',
    // One endpoint per addressee kind (SPEC §7): 1 tag users, 2 project users, 3 users.
    create: (data) => ({
      1: '/notification-tag-user/create',
      2: '/notification-project-user/create',
      3: '/notification-users/create',
    } as Record<string, string>)[String(data.type_notification)] ?? '',
  },
  'user-notifications': {
    list: '/user-notification/list',
    // The bell (additions to SPEC §7, see docs/api.md): the id is the delivery id of the list.
    actions: {
      unreadCount: { method: 'GET', path: '/user-notification/unread-count' },
      read: { method: 'PUT', path: '/user-notification/read/:id', fields: [] },
      readAll: { method: 'PUT', path: '/user-notification/read-all', fields: [] },
    },
  },
  'notification-types': {
    list: '/type-notification/list',
  },
  /** The signed-in user's own profile (id ignored): useGetOne('profile', {id: 'me'}) / useUpdate. */
  profile: {
    one: '/my-profile',
    update: '/my-profile/update',
    fields: ['first_name', 'last_name', 'email', 'phone', 'address', 'image'],
    multipart: 'always',
    files: ['image'],
    optional: ['first_name', 'last_name', 'email', 'phone', 'address', 'image'],
    // Keeps the stored user (name and avatar in the top bar) in step.
    onSaved: (record) => setProfile(record as unknown as Profile),
  },
};
