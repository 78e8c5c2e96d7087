/**
 * Sending a notification: one notification row and one recipient row per user, stored in one
 * transaction, then one e-mail per recipient. Mail is best effort: a mail that fails is logged and
 * the stored notification stays (the recipient still finds it under the bell).
 */
import type { FastifyInstance } from 'fastify';
import type { Mail } from '../../core/mailer.js';
import type { AddresseeKind } from '../../../contract/notifications.js';
import { emailsOf, insertNotification } from './queries.js';
import { readSettings } from '../../core/settings.js';

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
}

/** Stores the notification with its recipients, then mails them. Returns the notification id. */
export async function sendNotification(app: FastifyInstance, { recipients, mailText, ...fields }: Outgoing): Promise<number> {
  const userIds = [...new Set(recipients)];
  if (!userIds.length) throw new Error('a notification needs at least one recipient');
  const id = await insertNotification(app.db, fields, userIds);
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
