/**
 * Ticket attachments (server/core/attachments.ts, served by server/plugins/media.ts): a ticket's or a
 * message's file opens only through a link signed for someone who may see the ticket.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../../server/db/schema.js';
import { PDF_MIN, PNG_1x1 } from '../../../../testing/harness.js';
import { admin, call, ctx, customer, fileOf, openTicket, other, send, SIGNED, useTicketSuite } from './suite.js';

useTicketSuite();

describe('attachments are seen only by who may see the ticket', () => {
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const withParam = (url: string, name: string, value: string) => {
    const u = new URL(url, 'http://x');
    u.searchParams.set(name, value);
    return u.pathname + u.search;
  };
  let ticket: { id: number; media: string };
  let message: { media: string };
  beforeAll(async () => {
    ticket = await openTicket(customer, { media: { filename: 'captura.png', data: PNG_1x1 } });
    message = (await send(customer, 'POST', '/ticket/message/create', { content: 'La boleta', ticket: ticket.id, media: { filename: 'Boleta marzo.pdf', data: PDF_MIN } })).json();
  });

  it('the owner and staff get a signed link of their own, and the file through it', async () => {
    const staffView = (await call(admin, 'GET', `/ticket/detail/${ticket.id}`)).json();
    expect(staffView.media).toMatch(SIGNED('png'));
    expect(new URL(staffView.media, 'http://x').searchParams.get('u')).toBe(String(admin.user.id));
    const staffThread = (await call(admin, 'GET', `/ticket/message/of/ticket/${ticket.id}`)).json();
    expect(staffThread[0].media).toMatch(SIGNED('pdf'));
    const ownerList = (await call(customer, 'GET', '/ticket/list')).json().find((t: { id: number }) => t.id === ticket.id);
    expect(new URL(ownerList.media, 'http://x').searchParams.get('u')).toBe(String(customer.user.id));

    for (const url of [ticket.media, ownerList.media, staffView.media]) {
      const image = await get(url);
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(PNG_1x1)).toBe(true);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['content-disposition']).toMatch(/^inline; filename="?[\w-]+\.png"?$/);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      expect(image.headers['cache-control']).toMatch(/^private/);
    }
    const pdf = await get(staffThread[0].media);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="?[\w-]+\.pdf"?$/);
    expect(pdf.headers['content-security-policy']).toMatch(/^sandbox;/);
  });

  it('another customer and an anonymous client get no file', async () => {
    // They cannot read the ticket, so no link is ever made for them...
    expect((await call(other, 'GET', `/ticket/detail/${ticket.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/ticket/message/of/ticket/${ticket.id}`)).statusCode).toBe(404);
    // ... and the file's name alone opens nothing, with or without a bearer token.
    const bare = new URL(message.media, 'http://x').pathname;
    for (const headers of [{}, { authorization: `Bearer ${other.token}` }, { authorization: `Bearer ${customer.token}` }] as Record<string, string>[]) {
      const res = await get(bare, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    }
    // Nor through the public media path, however it is spelled.
    const name = fileOf(message.media);
    for (const url of [`/media/${name}`, `/media/private%2F${name}`, `/media/private/../private/${name}`, `/media/./private/${name}`]) {
      expect((await get(url)).statusCode, url).toBeGreaterThanOrEqual(403);
      expect((await get(url)).rawPayload.equals(PDF_MIN), url).toBe(false);
    }
  });

  it('a tampered link is refused: other signature, other user, other file, later expiry', async () => {
    const url = message.media;
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    const otherFile = new URL(ticket.media, 'http://x').pathname + new URL(url, 'http://x').search;
    for (const bad of [
      withParam(url, 'sig', `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`),
      withParam(url, 'sig', ''),
      withParam(url, 'u', String(other.user.id)),
      withParam(url, 'exp', String(exp + 3600)),
      withParam(url, 'exp', 'x'),
      otherFile,
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    }
    expect((await get(url)).statusCode).toBe(200);
  });

  it('a link stops working once it expires, and when its user is deactivated', async () => {
    const url = message.media;
    expect((await get(url)).statusCode).toBe(200);
    vi.useFakeTimers({ now: Date.now() + 2 * 3600 * 1000, toFake: ['Date'] });
    try {
      expect((await get(url)).statusCode).toBe(403);
    } finally {
      vi.useRealTimers();
    }
    const customer2 = await ctx.userWithToken();
    const own = await openTicket(customer2, { media: { filename: 'x.png', data: PNG_1x1 } });
    expect((await get(own.media)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ is_active: false }).where(eq(users.id, customer2.user.id));
    await ctx.changesHeard();
    expect((await get(own.media)).statusCode).toBe(403);
  });
});
