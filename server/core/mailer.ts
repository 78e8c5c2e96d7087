/**
 * Outgoing mail through nodemailer. With SMTP_URL set it goes to that server; without, each message
 * is written as an .eml file under `<data dir>/outbox/` and its links are logged, so a developer
 * can follow an activation or reset link without a mail server.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';

/** A file sent with a mail. */
export interface Attachment { filename: string; content: Buffer; contentType: string }

export interface Mail {
  to: string; subject: string; text: string; html?: string;
  attachments?: Attachment[];
  /** The sender's display name: the portal's name from the settings (one brand name); MAIL_FROM gives the address. */
  fromName?: string;
}

/** The From header of a mail: MAIL_FROM's address under the portal's name when the mail names it. */
export function fromOf(mailFrom: string, { fromName, ...mail }: Mail) {
  const address = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return { ...mail, from: fromName ? { name: fromName, address } : mailFrom };
}
export interface Mailer { send(mail: Mail): Promise<void>; close(): void }

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) { await transport.sendMail(fromOf(config.mailFrom, mail)); },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(fromOf(config.mailFrom, mail));
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written to outbox (no SMTP_URL)');
    },
    close() {},
  };
}
