/**
 * Sending a notification: one notification row and one recipient row per user, and, when it is to be
 * pushed, one Web Push message per device of theirs (../web-push/outbox.ts), stored in one
 * transaction, then one e-mail per recipient. Mail is best effort: a mail that fails is logged and
 * the stored notification stays (the recipient still finds it under the bell).
 */
import type { FastifyInstance } from 'fastify';
import type { Mail } from '../../core/mailer.js';
import type { AddresseeKind } from '../../../contract/notifications.js';
import { emailsOf, insertNotification } from './queries.js';
import { readSettings } from '../../core/settings.js';
import { enqueuePush } from '../web-push/outbox.js';

/** How many mails go to the mail server at the same time. */
const MAIL_CONCURRENCY = 4;

export interface Outgoing {
  type_notification: AddresseeKind;
  title: string;
  message: string;
  sender: number | null;
  tag?: number;
  project?: number;
  /** Set when a ticket event sends it. */
  ticket?: number;
  /** Set when an alarm's opening sends it. */
  alarm?: number;
  /** User ids; duplicates are sent once. Must not be empty. */
  recipients: number[];
  /** Body of the e-mail; the message itself when not given. */
  mailText?: string;
  /**
   * Also pushed to the recipients' devices (title and message as the bell's): the page a tap opens, and
   * the tag under which a newer message replaces an older one (default: this notification's own).
   */
  push?: { url: string; tag?: string };
}

/** Stores the notification with its recipients, then mails them. Returns the notification id. */
export async function sendNotification(app: FastifyInstance, { recipients, mailText, push, ...fields }: Outgoing): Promise<number> {
  const userIds = [...new Set(recipients)];
  if (!userIds.length) throw new Error('a notification needs at least one recipient');
  const id = await app.db.transaction(async (tx) => {
    const stored = await insertNotification(tx, fields, userIds);
    if (push) await enqueuePush(tx, userIds, { title: fields.title, body: fields.message, url: push.url, tag: push.tag ?? `notification-${stored}` });
    return stored;
  });
  const addresses = await emailsOf(app.db, userIds);
  // Sent in the portal's name, like the account mails.
  const { name } = await readSettings(app.db);
  await mailAll(app, addresses.map((to) => ({ to, subject: fields.title, text: mailText ?? fields.message, fromName: name })));
  return id;
}

/** Sends the mails a few at a time, logging each one that fails. */
async function mailAll(app: FastifyInstance, mails: Mail[]) {
  const queue = [...mails];
  const worker = async () => {
    for (let mail = queue.shift(); mail; mail = queue.shift()) {
      try {
        await app.mailer.send(mail);
      } catch (err) {
        app.log.error({ err, to: mail.to, subject: mail.subject }, 'notification e-mail not sent');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAIL_CONCURRENCY, queue.length) }, worker));
}
