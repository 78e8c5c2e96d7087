/** Attachments stored at public paths before they became private (server/plugins/tickets/legacy.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ticketMessages, tickets } from '../../../../server/db/schema.js';
import { buildApp } from '../../../../server/app.js';
import { PNG_1x1 } from '../../../../testing/harness.js';
import { call, ctx, customer, mediaFiles, SIGNED, useTicketSuite } from './suite.js';

useTicketSuite();

describe('attachments stored at public paths', () => {
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('are moved to private storage when the server starts', async () => {
    const legacy = `legacy-${Date.now()}.png`;
    fs.writeFileSync(path.join(ctx.config.mediaDir, legacy), PNG_1x1);
    const [row] = await ctx.database.db.insert(tickets).values({ title: 'Antiguo', content: 'Con adjunto', customuser: customer.user.id, media: `/media/${legacy}` }).returning();
    const [reply] = await ctx.database.db.insert(ticketMessages).values({ ticket: row.id, customuser: customer.user.id, content: 'Sin archivo en disco', media: '/media/missing.pdf' }).returning();
    expect((await get(`/media/${legacy}`)).statusCode).toBe(200); // public until the next start
    const restarted = await buildApp({ config: ctx.config, db: ctx.database.db, mailer: ctx.mailer });
    try {
      await restarted.ready();
      expect((await get(`/media/${legacy}`)).statusCode).toBe(404);
      expect(mediaFiles()).toContain(legacy);
      const [moved] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, row.id));
      expect(moved.media).toBe(`/media/private/${legacy}`);
      const [movedReply] = await ctx.database.db.select().from(ticketMessages).where(eq(ticketMessages.id, reply.id));
      expect(movedReply.media).toBe('/media/private/missing.pdf');
      const item = (await call(customer, 'GET', `/ticket/detail/${row.id}`)).json();
      expect(item.media).toMatch(SIGNED('png'));
      expect((await get(item.media)).rawPayload.equals(PNG_1x1)).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});
