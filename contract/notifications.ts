/**
 * Notifications: staff send one to the users of a tag, of a project or to chosen users (one call per
 * addressee kind, SPEC.md §7); each recipient finds it under the bell. The bell's calls (unread count,
 * mark one read, mark all read) are additions to SPEC.md §7.
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { endpoint, type EndpointSpec } from './http.js';
import { IdParams, listOf, ListQuery, S } from './common.js';

/** Addressee kinds (`type_notification`, SPEC.md §9): the users of a tag, of a project, or chosen users. */
export const TAG_USERS = 1;
export const PROJECT_USERS = 2;
export const CHOSEN_USERS = 3;
export type AddresseeKind = typeof TAG_USERS | typeof PROJECT_USERS | typeof CHOSEN_USERS;

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_MESSAGE_MAX = 5000;
/** The most users one notification may name (type 3). */
export const NOTIFICATION_USERS_MAX = 1000;

/** A notification as staff see what they sent. */
export const Notification = Type.Object({
  id: Type.Integer(), type_notification: Type.Integer(), type_name: Type.String(),
  title: Type.String(), message: Type.String(),
  tag: S.nullable(Type.Integer()), tag_name: S.nullable(Type.String()),
  project: S.nullable(Type.Integer()), project_name: S.nullable(Type.String()),
  sender: S.nullable(Type.Integer()), created_at: S.timestamp(), recipients_count: Type.Integer(),
}, { title: 'Notification' });
export type Notification = Static<typeof Notification>;

/** A notification as its recipient sees it: one delivery. */
export const ReceivedNotification = Type.Object({
  id: Type.Integer({ description: 'id of this delivery (what the read calls take)' }),
  notification: Type.Integer(), title: Type.String(), message: Type.String(), type_notification: Type.Integer(),
  ticket: S.nullable(Type.Integer({ description: 'the ticket a ticket event is about' })),
  alarm: S.nullable(Type.Integer({ description: 'the alarm an alarm notification is about' })),
  created_at: S.timestamp(), read_at: S.nullable(S.timestamp()), read: Type.Boolean(),
}, { title: 'ReceivedNotification' });
export type ReceivedNotification = Static<typeof ReceivedNotification>;

export const NotificationType = Type.Object({ id: Type.Integer(), name: Type.String() }, { title: 'NotificationType' });
export type NotificationType = Static<typeof NotificationType>;

export const Count = Type.Object({ count: Type.Integer() }, { title: 'Count' });
export type Count = Static<typeof Count>;

/** The body of a send call: its addressee kind (optional, it is the path's), the addressees, title and message. */
const sendBody = <K extends AddresseeKind, T extends TProperties>(kind: K, addressees: T) => Type.Object({
  type_notification: Type.Optional(Type.Literal(kind, { description: `always ${kind} on this path` })),
  ...addressees,
  title: S.nonBlank(NOTIFICATION_TITLE_MAX),
  message: S.nonBlank(NOTIFICATION_MESSAGE_MAX),
});
export const TagNotificationBody = sendBody(TAG_USERS, { tag: S.id() });
export const ProjectNotificationBody = sendBody(PROJECT_USERS, { project: S.id() });
export const UsersNotificationBody = sendBody(CHOSEN_USERS, {
  users: Type.Array(S.id(), { minItems: 1, maxItems: NOTIFICATION_USERS_MAX, description: 'user ids' }),
});

const tag = 'notification';
export const notificationApi = {
  list: endpoint({
    method: 'GET', path: '/notification/list', access: 'staff', tag,
    summary: 'Notifications sent by staff, newest first, with their number of recipients',
    querystring: ListQuery, reply: { 200: listOf(Notification) },
  }),
  createForTag: endpoint({
    method: 'POST', path: '/notification-tag-user/create', access: 'staff', tag,
    summary: 'Send a notification to every user of a tag (type 1)', body: TagNotificationBody, reply: { 201: Notification },
  }),
  createForProject: endpoint({
    method: 'POST', path: '/notification-project-user/create', access: 'staff', tag,
    summary: 'Send a notification to every user of a project, linked directly or through a tag (type 2)',
    body: ProjectNotificationBody, reply: { 201: Notification },
  }),
  createForUsers: endpoint({
    method: 'POST', path: '/notification-users/create', access: 'staff', tag,
    summary: 'Send a notification to chosen users (type 3)', body: UsersNotificationBody, reply: { 201: Notification },
  }),
};

/** The send call of each addressee kind (`type_notification`). */
export const sendCall: Record<number, EndpointSpec> = {
  [TAG_USERS]: notificationApi.createForTag,
  [PROJECT_USERS]: notificationApi.createForProject,
  [CHOSEN_USERS]: notificationApi.createForUsers,
};

export const notificationTypeApi = {
  list: endpoint({
    method: 'GET', path: '/type-notification/list', access: 'user', tag,
    summary: 'The notification types (1 tag users, 2 project users, 3 chosen users)', reply: { 200: Type.Array(NotificationType) },
  }),
};

/** The signed-in user's bell. */
export const userNotificationApi = {
  list: endpoint({
    method: 'GET', path: '/user-notification/list', access: 'user', tag,
    summary: 'Notifications the signed-in user received, newest first', querystring: ListQuery, reply: { 200: listOf(ReceivedNotification) },
  }),
  unreadCount: endpoint({
    method: 'GET', path: '/user-notification/unread-count', access: 'user', tag,
    summary: 'How many received notifications are unread (addition to SPEC.md, for the bell)', reply: { 200: Count },
  }),
  read: endpoint({
    method: 'PUT', path: '/user-notification/read/:id', access: 'user', tag,
    summary: 'Mark one received notification as read (addition to SPEC.md, for the bell; the id is the delivery id of /user-notification/list)',
    params: IdParams, reply: { 200: ReceivedNotification },
  }),
  readAll: endpoint({
    method: 'PUT', path: '/user-notification/read-all', access: 'user', tag,
    summary: 'Mark every received notification as read; answers how many were unread (addition to SPEC.md, for the bell)', reply: { 200: Count },
  }),
};
