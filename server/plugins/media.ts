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
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { forbidden } from '../core/errors.js';
import { linkUser, PRIVATE_MEDIA } from '../core/attachments.js';
import { isActiveUser } from '../domain/users.js';

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

  // Not an API call (outside /api, not in the contract): the API hands these links out ready-made.
  app.withTypeProvider<TypeBoxTypeProvider>().get(`${PRIVATE_MEDIA}:name`, {
    schema: {
      hide: true,
      params: Type.Object({ name: Type.String({ maxLength: 200 }) }),
      querystring: Type.Object({ u: Type.Optional(Type.String()), exp: Type.Optional(Type.String()), sig: Type.Optional(Type.String()) }),
    },
  }, async (request, reply) => {
    const { name } = request.params;
    const user = linkUser(jwtSecret, `${PRIVATE_MEDIA}${name}`, request.query);
    if (user === null || !ATTACHMENT_NAME.test(name)) throw forbidden(LINK_REFUSED);
    // A deactivated account's links stop working at once, as its tokens do.
    if (!(await isActiveUser(app.db, user))) throw forbidden(LINK_REFUSED);
    reply.header('cache-control', 'private, max-age=600');
    return reply.sendFile(name, privateDir, { cacheControl: false });
  });
}
