/**
 * What the ticket suites share: an app on a fresh database with two customers and two administrators
 * (events are written in each recipient's language, so they read different ones), and their calls.
 * The people are live bindings, set once `useTicketSuite()`'s beforeAll has run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ticketMessages, tickets, users } from '../../../../server/db/schema.js';
import { createTestContext, multipart, type TestContext } from '../../../../testing/harness.js';

export type Who = { user: typeof users.$inferSelect; token: string };
export let ctx: TestContext;
export let customer: Who;
export let other: Who; // a second customer, reads Chinese
export let admin: Who; // reads English
export let admin2: Who; // reads French

/** Registers the suite's set-up and tear-down: call it once, at the top of a test file. */
export function useTicketSuite() {
  beforeAll(async () => {
    ctx = await createTestContext();
    customer = await ctx.userWithToken({ first_name: 'Carla', last_name: 'Cliente' });
    other = await ctx.userWithToken({ first_name: 'Otto', last_name: 'Otro', language: 'zh' });
    admin = await ctx.userWithToken({ is_staff: true, first_name: 'Ana', last_name: 'Admin', language: 'en' });
    admin2 = await ctx.userWithToken({ is_staff: true, first_name: 'Bruno', last_name: 'Soporte', language: 'fr' });
  });
  afterAll(() => ctx?.close());
}

export const call = (who: Who | null, method: InjectOptions['method'], url: string, payload?: object) =>
  ctx.request(who?.token ?? null, { method, url: `/api${url}`, ...(payload && { payload }) });
export const send = (who: Who, method: InjectOptions['method'], url: string, fields: Parameters<typeof multipart>[0]) =>
  ctx.request(who.token, { method, url: `/api${url}`, ...multipart(fields) });
export const openTicket = async (who: Who, fields: Parameters<typeof multipart>[0] = {}) => {
  const res = await send(who, 'POST', '/ticket/create', { title: 'Inversor sin datos', content: 'No veo datos desde ayer', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
/** Attachments are kept apart from the public media, under MEDIA_DIR/private. */
const privateDir = () => path.join(ctx.config.mediaDir, 'private');
export const mediaFiles = () => (fs.existsSync(privateDir()) ? fs.readdirSync(privateDir()) : []);
/** The stored file of an attachment URL (`/media/private/<name>?u=..&exp=..&sig=..`). */
export const fileOf = (url: string) => path.basename(new URL(url, 'http://x').pathname);
export const SIGNED = (ext: string) => new RegExp(`^/media/private/[\\w-]+\\.${ext}\\?u=\\d+&exp=\\d+&sig=[\\w-]+$`);
export const countRows = async (table: typeof tickets | typeof ticketMessages) => (await ctx.database.db.select().from(table)).length;
