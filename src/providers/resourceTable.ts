/**
 * THE table of the API (SPEC §7): for every react-admin resource, its documented endpoints and how
 * answers look; the bodies' fields are the contract's (bodies.ts). dataProvider.ts is one generic
 * translator over this table; there is no
 * per-resource fetch code anywhere else. Paths are relative to /api; `:id` is the record id (or the
 * parent id in `byParent`).
 */
import type { RaRecord } from 'react-admin';
import { setProfile, type Profile } from './session';
import { alarmApi } from '../../contract/alarms';
import { authApi, profileApi } from '../../contract/auth';
import { equipmentApi, trademarkApi } from '../../contract/catalogue';
import { collectorApi } from '../../contract/collector';
import { investorApi, mpptApi, panelApi, plantReadingsApi, powerPlantApi, stringApi } from '../../contract/hierarchy';
import { projectAccessApi, projectApi } from '../../contract/projects';
import { settingsApi } from '../../contract/settings';
import { tagApi, tagProjectApi, tagUserApi } from '../../contract/tags';
import { ticketApi, ticketCategoryApi, ticketMessageApi } from '../../contract/tickets';
import { notificationApi, notificationTypeApi, sendCall, userNotificationApi } from '../../contract/notifications';
import { projectUserApi, userApi } from '../../contract/users';
import { fleetApi } from '../../contract/fleet';
import { distributorApi, injectionPriceApi, realBillApi, tariffApi } from '../../contract/billing';
import { webPushApi } from '../../contract/web-push';
import type { EndpointSpec } from '../../contract/http';

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
  /**
   * Fields sent only when filled in (SPEC §5 payload rules). Which fields a create or update sends,
   * which hold files and whether it is multipart come from the endpoint's body in the contract
   * (bodies.ts), never from this table.
   */
  optional?: string[];
  /** Answer item -> react-admin record. */
  toRecord?: (item: Data) => Data;
  /** Called with the saved record after create/update. */
  onSaved?: (record: RaRecord) => void;
  /** Calls that are not CRUD, for dataProvider.call(resource, name, {id, data}). */
  actions?: Record<string, ActionEndpoint>;
}

/** A contract endpoint as a table action, sending `fields` of `data` as its body. */
const action = ({ method, path }: EndpointSpec, fields?: string[]): ActionEndpoint => ({ method, path, ...(fields && { fields }) });

export const resourceTable: Record<string, ResourceSpec> = {
  fleet: { list: fleetApi.plants.path },
  projects: {
    list: projectApi.list.path,
    one: projectApi.one.path,
    create: projectApi.create.path,
    update: projectApi.update.path,
    delete: projectApi.delete.path,
    optional: ['name', 'image_project'],
  },
  'power-plants': {
    byParent: { project: powerPlantApi.listBy.path },
    one: powerPlantApi.one.path,
    create: powerPlantApi.create.path,
    update: powerPlantApi.update.path,
    delete: powerPlantApi.delete.path,
    // Staff: the plant's readings, counted and deleted by their own call (docs/api.md).
    actions: { readings: action(plantReadingsApi.count), deleteReadings: action(plantReadingsApi.delete) },
  },
  investors: {
    byParent: { plant: investorApi.listBy.path },
    one: investorApi.one.path,
    create: investorApi.create.path,
    update: investorApi.update.path,
    delete: investorApi.delete.path,
    actions: { microservice: action(collectorApi.devices) },
  },
  mppts: {
    byParent: { investor: mpptApi.listBy.path },
    one: mpptApi.one.path,
    create: mpptApi.create.path,
    update: mpptApi.update.path,
    delete: mpptApi.delete.path,
  },
  strings: {
    byParent: { mppt: stringApi.listBy.path },
    one: stringApi.one.path,
    create: stringApi.create.path,
    update: stringApi.update.path,
    delete: stringApi.delete.path,
  },
  panels: {
    byParent: { string: panelApi.listBy.path },
    one: panelApi.one.path,
    create: panelApi.create.path,
    update: panelApi.update.path,
    delete: panelApi.delete.path,
    actions: { createMany: action(panelApi.createMany) },
  },
  tags: {
    list: tagApi.list.path,
    one: tagApi.one.path,
    create: tagApi.create.path,
    update: tagApi.update.path,
    delete: tagApi.delete.path,
  },
  'tag-users': {
    list: tagUserApi.list.path,
    byParent: { tag: tagUserApi.listBy.path },
    one: tagUserApi.one.path,
    create: tagUserApi.create.path,
    update: tagUserApi.update.path,
    delete: tagUserApi.delete.path,
  },
  'tag-projects': {
    // admin=True: every link for staff; the server ignores it for ordinary users (their tags' links).
    list: projectAccessApi.tagLinks.path,
    listQuery: { admin: 'True' },
    byParent: { tag: tagProjectApi.listBy.path },
    one: tagProjectApi.one.path,
    create: tagProjectApi.create.path,
    update: tagProjectApi.update.path,
    delete: tagProjectApi.delete.path,
    // The API nests the project; react-admin wants `project` to be the id.
    toRecord: ({ project, ...rest }) => (project && typeof project === 'object'
      ? { ...rest, project: project.id, project_name: project.name, project_image: project.image_project }
      : { ...rest, project }),
  },
  users: {
    list: userApi.list.path,
    // No GET of one user: found in the list.
    create: authApi.createUser.path,
    update: userApi.update.path,
    delete: userApi.delete.path,
    optional: ['phone', 'address', 'password'],
    // Staff, for an account that is not active (docs/api.md "Accounts").
    actions: {
      resendActivation: action(authApi.staffResendActivation),
      activate: action(authApi.staffActivate),
      // Staff, for another's active account; `activate` brings it back.
      deactivate: action(userApi.deactivate),
      // The administrator privilege (SPEC §7 permits call).
      permits: action(userApi.permits, ['is_staff']),
    },
  },
  'project-users': {
    byParent: { user_project: projectUserApi.members.path },
    unpaged: true,
    extract: (answer) => answer?.users_project ?? [],
    one: projectUserApi.one.path,
    create: projectUserApi.create.path,
    update: projectUserApi.update.path,
    delete: projectUserApi.delete.path,
  },
  trademarks: {
    list: trademarkApi.list.path,
    one: trademarkApi.one.path,
    create: trademarkApi.create.path,
    update: trademarkApi.update.path,
    delete: trademarkApi.delete.path,
    optional: ['name', 'image'],
  },
  equipments: {
    list: equipmentApi.list.path,
    one: equipmentApi.one.path,
    create: equipmentApi.create.path,
    update: equipmentApi.update.path,
    delete: equipmentApi.delete.path,
    optional: ['name', 'image', 'trademark', 'kind', 'model', 'station_code', 'description', 'power_w'],
  },
  communes: {
    list: settingsApi.communes.path,
  },
  // Net billing (docs/billing.md): the distributors a plant's form chooses from, their tariffs and
  // monthly injection prices (staff write; each CSV import is all rows or none).
  distributors: {
    list: distributorApi.list.path,
    one: distributorApi.one.path,
    create: distributorApi.create.path,
    update: distributorApi.update.path,
    delete: distributorApi.delete.path,
  },
  tariffs: {
    byParent: { distributor: tariffApi.listBy.path },
    one: tariffApi.one.path,
    create: tariffApi.create.path,
    update: tariffApi.update.path,
    delete: tariffApi.delete.path,
    optional: ['fixed_charge', 'transmission_charge', 'public_service_charge', 'source'],
    actions: { import: action(tariffApi.import, ['csv']) },
  },
  'injection-prices': {
    byParent: { distributor: injectionPriceApi.listBy.path },
    one: injectionPriceApi.one.path,
    create: injectionPriceApi.create.path,
    update: injectionPriceApi.update.path,
    delete: injectionPriceApi.delete.path,
    optional: ['source'],
    actions: { import: action(injectionPriceApi.import, ['csv']) },
  },
  // A plant's real bills, entered by its customer or staff (multipart: the bill's photo or PDF).
  'real-bills': {
    byParent: { plant: realBillApi.listBy.path },
    one: realBillApi.one.path,
    create: realBillApi.create.path,
    update: realBillApi.update.path,
    delete: realBillApi.delete.path,
    optional: ['attachment'],
  },
  settings: {
    list: settingsApi.list.path,
    unpaged: true,
    update: settingsApi.update.path,
  },
  tickets: {
    list: ticketApi.list.path,
    one: ticketApi.one.path,
    create: ticketApi.create.path,
    update: ticketApi.update.path,
    delete: ticketApi.delete.path,
    optional: ['media'],
    actions: {
      changeStatus: action(ticketApi.changeStatus, ['status']),
      removeAdmin: action(ticketApi.removeAdmin, ['title', 'status', 'user_admin']),
    },
  },
  'ticket-categories': {
    list: ticketCategoryApi.list.path,
    create: ticketCategoryApi.create.path,
    update: ticketCategoryApi.update.path,
    delete: ticketCategoryApi.delete.path,
  },
  'ticket-messages': {
    byParent: { ticket: ticketMessageApi.listBy.path },
    create: ticketMessageApi.create.path,
    delete: ticketMessageApi.delete.path,
    optional: ['media'],
  },
  notifications: {
    list: notificationApi.list.path,
    // One endpoint per addressee kind (SPEC §7): 1 tag users, 2 project users, 3 users.
    create: (data) => sendCall[Number(data.type_notification)]?.path ?? '',
  },
  'user-notifications': {
    list: userNotificationApi.list.path,
    // The bell (additions to SPEC §7, see docs/api.md): the id is the delivery id of the list.
    actions: {
      unreadCount: action(userNotificationApi.unreadCount),
      read: action(userNotificationApi.read, []),
      readAll: action(userNotificationApi.readAll, []),
    },
  },
  'notification-types': {
    list: notificationTypeApi.list.path,
  },
  /** Alarms (docs/alarms.md): staff see all, anyone else those of their plants; acknowledging and the ticket are staff's. */
  alarms: {
    list: alarmApi.list.path,
    byParent: { plant: alarmApi.ofPlant.path },
    one: alarmApi.one.path,
    actions: {
      acknowledge: action(alarmApi.acknowledge, ['comment']),
      ticket: action(alarmApi.ticket, ['customuser']),
      thresholds: action(alarmApi.thresholds),
      setThresholds: action(alarmApi.updateThresholds),
      plantThresholds: action(alarmApi.plantThresholds),
      setPlantThresholds: action(alarmApi.updatePlantThresholds),
    },
  },
  /** The signed-in user's own profile (id ignored): useGetOne('profile', {id: 'me'}) / useUpdate. */
  profile: {
    one: profileApi.me.path,
    update: profileApi.update.path,
    optional: ['first_name', 'last_name', 'email', 'phone', 'address', 'image'],
    // Keeps the stored user (name and avatar in the top bar) in step.
    onSaved: (record) => setProfile(record as unknown as Profile),
    // The alarm kinds not to be told about: JSON only (an array), so apart from the multipart update.
    // The language chosen in the top bar (JSON, alone): reports and mails follow it (docs/web.md).
    // This device's Web Push subscription and the list of the user's devices (docs/notifications.md).
    actions: {
      alarmOptOut: action(profileApi.update, ['alarm_opt_out']), language: action(profileApi.update, ['language']),
      pushKey: action(webPushApi.key), pushSubscribe: action(webPushApi.subscribe), pushDevices: action(webPushApi.list), pushRemove: action(webPushApi.remove),
    },
  },
};
