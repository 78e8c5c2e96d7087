/**
 * /media/: uploaded files. Public pictures (projects, brands, equipment, profiles) by their name;
 * ticket attachments, kept in MEDIA_DIR/private, only through a signed link (core/attachments.ts):
 * 403 without a valid one, whatever bearer token comes along. Every file is sent as a file, never as
 * a page of this site: a Content-Disposition with its name (pictures inline, anything else as a
 * download), a sandboxing CSP (a PDF or an image opened directly can run nothing), and nosniff (helmet).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { forbidden } from '../core/errors.js';
import { linkUser, PRIVATE_MEDIA } from '../core/attachments.js';
import { users } from '../db/schema.js';
import { eq } from 'drizzle-orm';

export const MEDIA_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";
const INLINE = /\.(png|jpe?g|gif|webp)$/i;
const ATTACHMENT_NAME = /^[\w-]+\.(png|jpe?g|gif|webp|pdf)$/;
const LINK_REFUSED = 'El enlace del archivo no es válido o ha caducado.';

function fileHeaders(reply: FastifyReply, file: string) {
  const name = path.basename(file);
  reply.header('content-disposition', contentDisposition(name, { type: INLINE.test(name) ? 'inline' : 'attachment' }));
}

export default async function mediaRoutes(app: FastifyInstance) {
  const { mediaDir, jwtSecret } = app.config;
  const privateDir = path.join(mediaDir, 'private');
  fs.mkdirSync(privateDir, { recursive: true });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', MEDIA_CSP);
    return payload;
  });

  // One static server over MEDIA_DIR; its private/ part is never reachable by name.
  await app.register(fastifyStatic, {
    root: mediaDir, prefix: '/media/', index: false,
    allowedPath: (pathname) => !/^\/*private(\/|$)/.test(pathname),
    setHeaders: fileHeaders,
  });

  app.get(`${PRIVATE_MEDIA}:name`, {
    schema: { hide: true },
  }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const user = linkUser(jwtSecret, `${PRIVATE_MEDIA}${name}`, request.query as Record<string, string>);
    if (user === null || !ATTACHMENT_NAME.test(name)) throw forbidden(LINK_REFUSED);
    // A deactivated account's links stop working at once, as its tokens do.
    const [owner] = await app.db.select({ active: users.is_active }).from(users).where(eq(users.id, user));
    if (!owner?.active) throw forbidden(LINK_REFUSED);
    reply.header('cache-control', 'private, max-age=600');
    return reply.sendFile(name, privateDir, { cacheControl: false });
  });
}
