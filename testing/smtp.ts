/**
 * A real SMTP server for the suites that test mail delivery (smtp-server on a random port), and a
 * small MIME reader for what nodemailer writes: subject, text and HTML parts decoded.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A file attached to a mail: its name, type and bytes. */
export interface ReceivedAttachment { filename: string; contentType: string; content: Buffer }

export interface Received { to: string; raw: string; subject: string; text: string; html: string; attachments: ReceivedAttachment[] }

/** The subject, the decoded text and HTML parts and the attachments of a message as nodemailer writes it. */
export function parseMail(raw: string): Omit<Received, 'to' | 'raw'> {
  const decode = (headers: string, body: string) => {
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1].toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => `%${h}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    }
    return body;
  };
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  // Headers: unfolded, and RFC 2047 encoded words (=?UTF-8?Q?...?= / ?B?) decoded.
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = (/^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, enc: string, data: string) => enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decode('content-transfer-encoding: quoted-printable', data.replace(/_/g, ' ')));
  const out = { subject, text: '', html: '', attachments: [] as ReceivedAttachment[] };
  // The parts of a multipart head and body, nested multiparts (text and HTML beside attachments) opened in turn.
  const read = (partHead: string, partBody: string) => {
    const boundary = /content-type:\s*multipart\/[^;]+;[^]*?boundary="?([^";\r\n]+)"?/i.exec(partHead)?.[1];
    if (boundary) {
      for (const part of partBody.split(`--${boundary}`).slice(1, -1)) {
        const [h, ...b] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
        read(h.replace(/\r?\n[ \t]+/g, ' '), b.join('\n\n'));
      }
      return;
    }
    if (/content-disposition:\s*attachment/i.test(partHead)) {
      out.attachments.push({
        filename: /filename="?([^";\r\n]+)"?/i.exec(partHead)?.[1] ?? '',
        contentType: /content-type:\s*([^;\r\n]+)/i.exec(partHead)?.[1].trim() ?? '',
        content: Buffer.from(partBody.replace(/\s+/g, ''), 'base64'),
      });
      return;
    }
    const content = decode(partHead, partBody);
    if (/content-type:\s*text\/plain/i.test(partHead)) out.text = content;
    if (/content-type:\s*text\/html/i.test(partHead)) out.html = content;
  };
  read(unfolded, body);
  return out;
}

/** Starts a server on 127.0.0.1; `received` fills as mails arrive; `url` is for SMTP_URL. */
export async function startSmtpServer() {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo[0].address, raw, ...parseMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
