/**
 * Attachments stored before they became private sat among the public media, at `/media/<name>`,
 * where anyone who knew the name could open them. At every start they are moved to private storage
 * (file and row), so from then on only signed links open them. Running it again finds nothing to do.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ticketMessages, tickets } from '../../db/schema.js';
import { PRIVATE_MEDIA } from '../../core/attachments.js';
import { mediaFile } from '../../core/uploads.js';
import { publicAttachments, setAttachment } from './queries.js';

export async function moveLegacyAttachments(app: FastifyInstance) {
  const { db, config } = app;
  for (const table of [tickets, ticketMessages]) {
    const rows = await publicAttachments(db, table);
    for (const row of rows) {
      const from = mediaFile(config.mediaDir, row.media!);
      if (!from) continue; // not a path this server wrote
      const moved = `${PRIVATE_MEDIA}${path.basename(from)}`;
      const to = mediaFile(config.mediaDir, moved)!;
      await fs.mkdir(path.dirname(to), { recursive: true });
      // A file already gone (deleted by hand) still gets its row moved: nothing public refers to it.
      await fs.rename(from, to).catch((err: NodeJS.ErrnoException) => { if (err.code !== 'ENOENT') throw err; });
      await setAttachment(db, table, row.id, moved);
    }
    if (rows.length) app.log.info({ table: table === tickets ? 'tickets' : 'ticket_messages', moved: rows.length }, 'ticket attachments moved to private storage');
  }
}
