/**
 * What a ticket and a ticket message look like to the caller (contract/tickets.ts), and who may see
 * them: staff every ticket, anyone else only their own (another user's ticket, or a message of it, is a 404).
 */
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../core/errors.js';
import { currentUser } from '../../core/access.js';
import { withAttachmentLink } from '../../core/attachments.js';
import { ACTIVE } from '../../../contract/tickets.js';
import { findTicket, messageRow, ticketRow, type MessageRow, type TicketRow } from './queries.js';
import type { StoredTicket } from '../../domain/tickets/queries.js';

/** SPEC.md §4: 1 is Activo; anything else reads as Cerrado. */
const statusName = (status: number) => (status === ACTIVE ? 'Activo' : 'Cerrado');

/** One ticket the caller may see, or 404. */
export async function loadTicket(request: FastifyRequest, id: number): Promise<StoredTicket> {
  const ticket = await findTicket(request.server.db, currentUser(request), id);
  if (!ticket) throw notFound();
  return ticket;
}

/** A ticket row as the caller gets it: their own link to the attachment, the status and assignee by name. */
export const toTicket = (request: FastifyRequest) => (row: TicketRow) => ({
  ...withAttachmentLink(request, row),
  status_name: statusName(row.status),
  assigned_admin_fullname: row.assigned_user_admin[0]?.full_name ?? 'Sin asignar',
});

/** A message row as the caller gets it: their own link to the attachment. */
export const toMessage = (request: FastifyRequest) => (row: MessageRow) => withAttachmentLink(request, row);

/** One ticket as an item (the caller's right to see it is checked before). */
export const ticketItem = async (request: FastifyRequest, id: number) => toTicket(request)(await ticketRow(request.server.db, id));

export const messageItem = async (request: FastifyRequest, id: number) => toMessage(request)(await messageRow(request.server.db, id));
