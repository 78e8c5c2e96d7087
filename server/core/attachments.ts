/**
 * Ticket attachments are not public: they are stored under MEDIA_DIR/private and served only through
 * short-lived signed links. An <img> or a download link cannot send the bearer token, so the ticket
 * and message items carry, for whoever may see the ticket, a link signed with the server's secret
 * over the file, an expiry and that user's id; the media route checks it (server/plugins/media.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { currentUser } from './access.js';

/** Public path prefix of stored attachments (the rows keep `/media/private/<name>`). */
export const PRIVATE_MEDIA = '/media/private/';
/** A link works for at least this long after the item was read... */
export const ATTACHMENT_LINK_SECONDS = 3600;
/**
 * ... and its expiry is rounded up to this step, so reading the thread again within a few minutes
 * gives the same link and the browser's cache keeps the image instead of fetching it once more.
 */
const EXPIRY_STEP_SECONDS = 600;

const signature = (secret: string, path: string, exp: number, user: number) =>
  createHmac('sha256', secret).update(`attachment\n${path}\n${exp}\n${user}`).digest('base64url');

/** The link the caller gets for a stored attachment path (null stays null). */
export function attachmentLink(request: FastifyRequest, stored: string | null): string | null {
  if (!stored?.startsWith(PRIVATE_MEDIA)) return stored;
  const user = currentUser(request).id;
  const exp = Math.ceil((Date.now() / 1000 + ATTACHMENT_LINK_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  const sig = signature(request.server.config.jwtSecret, stored, exp, user);
  return `${stored}?${new URLSearchParams({ u: String(user), exp: String(exp), sig })}`;
}

/** An item with its stored `media` path replaced by the caller's link. */
export const withAttachmentLink = <T extends { media: string | null }>(request: FastifyRequest, row: T): T =>
  ({ ...row, media: attachmentLink(request, row.media) });

/** The user a link was made for, when its signature holds and it has not expired; null otherwise. */
export function linkUser(secret: string, path: string, query: { u?: string; exp?: string; sig?: string }): number | null {
  const user = Number(query.u);
  const exp = Number(query.exp);
  if (!Number.isSafeInteger(user) || !Number.isSafeInteger(exp) || typeof query.sig !== 'string') return null;
  if (exp * 1000 < Date.now()) return null;
  const expected = Buffer.from(signature(secret, path, exp, user));
  const given = Buffer.from(query.sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? user : null;
}
