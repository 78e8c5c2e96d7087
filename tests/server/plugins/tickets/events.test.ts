/** Who hears about what happens to a ticket (server/domain/tickets/events.ts). */
import { beforeEach, describe, expect, it } from 'vitest';
import { admin, admin2, call, ctx, customer, openTicket, other, send, useTicketSuite, type Who } from './suite.js';

useTicketSuite();

describe('ticket events', () => {
  type Received = { title: string; message: string; ticket: number | null; type_notification: number };
  const about = async (who: Who, ticketId: number): Promise<Received[]> =>
    (await call(who, 'GET', '/user-notification/list')).json().filter((n: Received) => n.ticket === ticketId);
  const mailedTo = () => ctx.mailer.sent.map((m) => m.to).sort();
  const emails = (...who: Who[]) => who.map((w) => w.user.email).sort();
  beforeEach(() => { ctx.mailer.sent.length = 0; });

  it('a new ticket tells every administrator, in their language, with a link', async () => {
    const ticket = await openTicket(customer, { title: 'Sin conexión' });
    expect(mailedTo()).toEqual(emails(admin, admin2));
    expect(await about(admin, ticket.id)).toEqual([expect.objectContaining({
      type_notification: 3, title: `New ticket #${ticket.id}: Sin conexión`, message: 'Carla Cliente opened the ticket “Sin conexión”.',
    })]);
    expect((await about(admin2, ticket.id))[0].title).toBe(`Nouveau ticket n° ${ticket.id} : Sin conexión`);
    expect(await about(customer, ticket.id)).toEqual([]);
    expect(ctx.mailer.last(admin.user.email)!.text).toContain(`${ctx.config.publicUrl}/app/tickets/${ticket.id}/show`);
    expect(ctx.mailer.last(admin.user.email)!.subject).toBe(`New ticket #${ticket.id}: Sin conexión`);
    // The administrator who opens one for a customer is not told about it.
    ctx.mailer.sent.length = 0;
    const forCustomer = await openTicket(admin, { customuser: customer.user.id });
    expect(mailedTo()).toEqual(emails(admin2));
    expect(await about(admin, forCustomer.id)).toEqual([]);
  });

  it('a customer reply goes to every administrator while nobody is assigned, then to the assigned one only', async () => {
    const ticket = await openTicket(customer);
    ctx.mailer.sent.length = 0;
    await send(customer, 'POST', '/ticket/message/create', { content: 'Hola', ticket: ticket.id });
    expect(mailedTo()).toEqual(emails(admin, admin2));

    ctx.mailer.sent.length = 0;
    await call(admin2, 'PUT', `/ticket/update/${ticket.id}`, { user_admin: admin.user.id });
    expect(mailedTo()).toEqual(emails(admin));
    expect((await about(admin, ticket.id)).map((n) => n.title)).toContain(`Ticket #${ticket.id} assigned to you`);

    ctx.mailer.sent.length = 0;
    await send(customer, 'POST', '/ticket/message/create', { content: '¿Novedades?', ticket: ticket.id });
    expect(mailedTo()).toEqual(emails(admin));
    expect((await about(admin2, ticket.id)).map((n) => n.title)).toEqual([`Nouvelle réponse au ticket n° ${ticket.id}`, `Nouveau ticket n° ${ticket.id} : Inversor sin datos`]);
  });

  it('a staff reply goes to the customer, in Spanish by default', async () => {
    const ticket = await openTicket(customer);
    ctx.mailer.sent.length = 0;
    await send(admin2, 'POST', '/ticket/message/create', { content: 'Lo revisamos', ticket: ticket.id });
    expect(mailedTo()).toEqual(emails(customer));
    expect(await about(customer, ticket.id)).toEqual([expect.objectContaining({
      title: `Nueva respuesta en el ticket #${ticket.id}`, message: 'Bruno Soporte respondió en el ticket «Inversor sin datos».',
    })]);
  });

  it('a status change tells the customer, unless the customer made it', async () => {
    const ticket = await openTicket(other);
    ctx.mailer.sent.length = 0;
    await call(admin, 'PUT', `/ticket/change/status/${ticket.id}`, { status: 2 });
    expect(mailedTo()).toEqual(emails(other));
    expect((await about(other, ticket.id))[0].title).toBe(`工单 #${ticket.id}：已关闭`);
    ctx.mailer.sent.length = 0;
    await call(admin, 'PUT', `/ticket/change/status/${ticket.id}`, { status: 2 }); // no change, no news
    await call(other, 'PUT', `/ticket/change/status/${ticket.id}`, { status: 1 });
    expect(mailedTo()).toEqual([]);
    await call(admin, 'PUT', `/ticket/update/${ticket.id}`, { status: 2 });
    expect(mailedTo()).toEqual(emails(other));
  });

  it('event notifications stay out of the staff\'s list of sent notifications and go with the ticket', async () => {
    const ticket = await openTicket(customer);
    const sent = (await call(admin, 'GET', '/notification/list')).json();
    expect(sent.every((n: { title: string }) => !n.title.includes(`#${ticket.id}`))).toBe(true);
    expect(await about(admin, ticket.id)).toHaveLength(1);
    await call(customer, 'DELETE', `/ticket/delete/${ticket.id}`);
    expect(await about(admin, ticket.id)).toEqual([]);
  });

  it('a failing mail server does not fail the ticket call', async () => {
    const send = ctx.mailer.send;
    ctx.mailer.send = async () => { throw new Error('SMTP down'); };
    try {
      const ticket = await openTicket(customer);
      expect(await about(admin, ticket.id)).toHaveLength(1);
    } finally {
      ctx.mailer.send = send;
    }
  });
});
