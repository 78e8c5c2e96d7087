/**
 * Support tickets, their messages and their categories ("types"). Staff see and handle every ticket;
 * anyone else opens tickets for themselves and sees only those (another user's ticket, or a message of
 * it, is a 404).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Detail, endpoint } from './http.js';
import { IdParams, listOf, ListQuery, S } from './common.js';
import { crud } from './crud.js';

/** SPEC.md §4: 1 is Activo, 2 Cerrado (a stored value that is not 1 reads as Cerrado). */
export const ACTIVE = 1;
export const CLOSED = 2;
export const TicketStatus = Type.Integer({ enum: [ACTIVE, CLOSED], description: '1 Activo, 2 Cerrado' });
export type TicketStatus = typeof ACTIVE | typeof CLOSED;

export const TICKET_TITLE_MAX = 200;
export const TICKET_CONTENT_MAX = 10000;
export const TICKET_MESSAGE_MAX = 10000;
export const CATEGORY_NAME_MAX = 120;
export const CATEGORY_DESCRIPTION_MAX = 5000;

export const TicketType = Type.Object({
  id: Type.Integer(), name: Type.String(), description: Type.String(), created_at: S.timestamp(),
}, { title: 'TicketType' });
export const TicketTypeBody = Type.Object({ name: S.nonBlank(CATEGORY_NAME_MAX), description: S.nonBlank(CATEGORY_DESCRIPTION_MAX) });

/** A link that opens an attachment for the caller only (see docs/api.md "Media files"). */
const Attachment = S.nullable(Type.String({ description: 'a link to the attachment for the caller, valid for about an hour' }));

export const AssignedAdmin = Type.Object({
  id: Type.Integer(), first_name: Type.String(), last_name: Type.String(), email: Type.String(), full_name: Type.String(),
}, { title: 'AssignedAdmin' });
export type AssignedAdmin = Static<typeof AssignedAdmin>;

export const Ticket = Type.Object({
  id: Type.Integer(), title: Type.String(), content: Type.String(),
  status: Type.Integer(), status_name: Type.String(),
  type: S.nullable(Type.Integer()), type_name: S.nullable(Type.String()),
  customuser: Type.Integer(), user_fullname: Type.String(),
  media: Attachment,
  assigned_user_admin: Type.Array(AssignedAdmin, { description: 'the assigned administrator (a list; the first entry is the one used)' }),
  assigned_admin_fullname: Type.String({ description: "'Sin asignar' when none" }),
  created_at: S.timestamp(), updated_at: S.timestamp(),
  messages_count: Type.Integer(),
  alarm: S.nullable(Type.Integer({ description: 'the alarm this ticket was made of' })),
  author: Type.Integer({ description: 'who wrote the first post (content): the customer, or the staff member who made the ticket for them (of an alarm)' }),
  author_fullname: Type.String(),
  author_is_staff: Type.Boolean(),
}, { title: 'Ticket' });
export type Ticket = Static<typeof Ticket>;

export const TicketMessage = Type.Object({
  id: Type.Integer(), ticket: Type.Integer(), customuser: Type.Integer(), user_fullname: Type.String(),
  is_staff: Type.Boolean({ description: 'whether the author is an administrator' }),
  content: Type.String(), media: Attachment,
  created_at: S.timestamp(),
}, { title: 'TicketMessage' });
export type TicketMessage = Static<typeof TicketMessage>;

/** What `assigned` filters on: an administrator's id, or nobody. */
export const UNASSIGNED = 'none';
export const TicketListQuery = Type.Object({
  ...ListQuery.properties,
  status: Type.Optional(TicketStatus),
  type: Type.Optional(S.id()),
  assigned: Type.Optional(Type.String({ maxLength: 9, pattern: `^(${UNASSIGNED}|[1-9][0-9]{0,8})$`, description: `an administrator's user id, or '${UNASSIGNED}' for unassigned tickets` })),
  customuser: Type.Optional(S.id()),
});

export const TicketCreate = Type.Object({
  title: S.nonBlank(TICKET_TITLE_MAX),
  content: S.nonBlank(TICKET_CONTENT_MAX),
  customuser: Type.Optional(S.nullable(S.id())),
  type: Type.Optional(S.nullable(S.id())),
  status: Type.Optional(TicketStatus),
  media: Type.Optional(S.file()),
}, { description: 'customuser: the customer the ticket is for (staff only; anyone else always opens tickets for themselves). An empty type is none. media: an image or a PDF.' });

export const TicketUpdate = Type.Object({
  title: Type.Optional(S.nonBlank(TICKET_TITLE_MAX)),
  status: Type.Optional(TicketStatus),
  user_admin: Type.Optional(S.nullable(S.id())),
}, { description: 'Staff: title, status, and user_admin, the administrator to assign (replaces the one assigned before). The ticket owner: title only.' });

export const TicketRemoveAdmin = Type.Object({
  user_admin: Type.Optional(S.nullable(S.id())),
}, { description: 'title and status, which the web client sends along, are ignored.' });

export const TicketStatusChange = Type.Object({ status: TicketStatus });

export const TicketMessageCreate = Type.Object({
  content: S.nonBlank(TICKET_MESSAGE_MAX),
  ticket: S.id(),
  customuser: Type.Optional(S.nullable(S.id())),
  media: Type.Optional(S.file()),
}, { description: 'customuser is ignored: the author is always the signed-in user. media: an image or a PDF.' });

const multipart = ['multipart/form-data', 'application/json'];
/** The documented refusal of a signed-in user who is not allowed what staff are. */
const forbidden = { 403: Detail };

const category = crud({ tag: 'ticket', noun: 'ticket category', item: TicketType, body: TicketTypeBody });
export const ticketCategoryApi = {
  list: category.list('/ticket/type/list'),
  create: category.create('/ticket/type/create'),
  update: category.update('/ticket/type/update/:id'),
  delete: category.delete('/ticket/type/delete/:id'),
};

const tag = 'ticket';
export const ticketApi = {
  list: endpoint({
    method: 'GET', path: '/ticket/list', access: 'user', tag,
    summary: 'Tickets (staff: all; anyone else: their own), newest first. Filters: status, type, assigned, customuser',
    querystring: TicketListQuery, reply: { 200: listOf(Ticket) },
  }),
  one: endpoint({ method: 'GET', path: '/ticket/detail/:id', access: 'user', tag, summary: 'One ticket', params: IdParams, reply: { 200: Ticket } }),
  create: endpoint({
    method: 'POST', path: '/ticket/create', access: 'user', tag,
    summary: 'Open a ticket (multipart, with an optional attachment); every administrator is notified',
    body: TicketCreate, consumes: multipart, reply: { 201: Ticket },
  }),
  update: endpoint({
    method: 'PUT', path: '/ticket/update/:id', access: 'user', tag,
    summary: 'Change the title; staff also the status and the assigned administrator (who is notified)',
    params: IdParams, body: TicketUpdate, reply: { 200: Ticket, ...forbidden },
  }),
  removeAdmin: endpoint({
    method: 'PUT', path: '/ticket/remove/admin/:id', access: 'staff', tag,
    summary: 'Unassign an administrator (user_admin), or every one when user_admin is omitted',
    params: IdParams, body: TicketRemoveAdmin, reply: { 200: Ticket },
  }),
  changeStatus: endpoint({
    method: 'PUT', path: '/ticket/change/status/:id', access: 'user', tag,
    summary: 'Change the status (1 Activo, 2 Cerrado); the owner or staff. The customer is notified',
    params: IdParams, body: TicketStatusChange, reply: { 200: Ticket },
  }),
  delete: endpoint({
    method: 'DELETE', path: '/ticket/delete/:id', access: 'user', tag,
    summary: 'Delete a ticket with its messages and attachments (staff, or the owner)', params: IdParams, reply: { 204: Type.Null() },
  }),
};

const messageTag = 'ticket message';
export const ticketMessageApi = {
  listBy: endpoint({
    method: 'GET', path: '/ticket/message/of/ticket/:id', access: 'user', tag: messageTag, summary: 'Messages of a ticket, oldest first',
    params: IdParams, querystring: ListQuery, reply: { 200: listOf(TicketMessage) },
  }),
  create: endpoint({
    method: 'POST', path: '/ticket/message/create', access: 'user', tag: messageTag,
    summary: 'Reply on a ticket (multipart, with an optional attachment); the other side is notified. A closed ticket takes replies from staff only',
    body: TicketMessageCreate, consumes: multipart, reply: { 201: TicketMessage },
  }),
  delete: endpoint({
    method: 'DELETE', path: '/ticket/message/delete/:id', access: 'user', tag: messageTag,
    summary: 'Delete a message (its author, or staff)', params: IdParams, reply: { 204: Type.Null(), ...forbidden },
  }),
};
