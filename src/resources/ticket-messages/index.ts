import type { AppResource } from '../types';

/** A message of a ticket's thread: listed and written on the ticket's page (tickets/TicketShow.tsx). */
export const ticketMessages: AppResource = {
  name: 'ticket-messages',
  // Customers read and write; removing a message is an administrator's job.
  customer: ['list', 'show', 'create'],
  menu: false,
};
