/**
 * The account e-mails (activation, password reset, invitation), in Spanish and in the tú form like the whole app,
 * sent and signed in the portal's name from the settings (its one brand name); sent while answering, or after the answer when the answer must not depend on them.
 */
import type { FastifyRequest } from 'fastify';
import type { User } from '../../db/schema.js';
import { readSettings } from '../../core/settings.js';
import { ApiError } from '../../core/errors.js';
import type { Mail } from '../../core/mailer.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain text and a simple HTML version of the same short message with one link. */
function compose(to: string, subject: string, greeting: string, lines: string[], action: string, link: string, footer: string): Mail {
  const text = [greeting, '', ...lines, '', link, '', footer].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1565c0;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action)}</a></p>
<p style="font-size:12px;color:#666">${escapeHtml(footer)}<br>${escapeHtml(link)}</p>
</body></html>`;
  return { to, subject, text, html };
}

/** A mail sent in the portal's name (the From display name, see core/mailer.ts). */
const from = (product: string, mail: Mail): Mail => ({ ...mail, fromName: product });

const hello = (user: Pick<User, 'first_name'>) => (user.first_name ? `Hola ${user.first_name}:` : 'Hola:');

export function activationMail(product: string, user: Pick<User, 'email' | 'first_name'>, link: string): Mail {
  return from(product, compose(user.email, `Activa tu cuenta de ${product}`, hello(user), [
    `Gracias por registrarte en ${product}. Para activar tu cuenta abre el siguiente enlace (válido por 3 días):`,
  ], 'Activar mi cuenta', link, `Si no creaste esta cuenta, ignora este mensaje. — ${product}`));
}

export function passwordResetMail(product: string, user: Pick<User, 'email' | 'first_name'>, link: string): Mail {
  return from(product, compose(user.email, `Recupera tu contraseña de ${product}`, hello(user), [
    `Recibimos una solicitud para cambiar la contraseña de tu cuenta en ${product}. Para elegir una nueva abre el siguiente enlace (válido por 1 hora):`,
  ], 'Cambiar mi contraseña', link, `Si no lo solicitaste, ignora este mensaje: tu contraseña no cambiará. — ${product}`));
}

/** Staff made the account: its owner chooses a password (on the recovery page) to enter. */
export function invitationMail(product: string, user: Pick<User, 'email' | 'first_name'>, link: string): Mail {
  return from(product, compose(user.email, `Te invitamos a ${product}`, hello(user), [
    `Te creamos una cuenta en ${product} con este correo. Para entrar, elige tu contraseña en el siguiente enlace (válido por 7 días):`,
  ], 'Elegir mi contraseña', link, `Si no esperabas esta invitación, ignora este mensaje. — ${product}`));
}

/** The portal's name as set in the settings (the product name in every mail). */
export async function productName(request: FastifyRequest): Promise<string> {
  return (await readSettings(request.server.db)).name;
}

/** Sends a mail; a mail server that refuses or cannot be reached is a 503 for the caller, logged for the operator. */
export async function sendMail(request: FastifyRequest, mail: Mail) {
  try {
    await request.server.mailer.send(mail);
  } catch (err) {
    request.log.error({ err, to: mail.to, subject: mail.subject }, 'mail could not be sent');
    throw new ApiError(503, { detail: 'No se pudo enviar el correo electrónico. Inténtalo nuevamente más tarde.' });
  }
}

const inFlight = new Set<Promise<void>>();

/**
 * Composes and sends a mail after the answer has gone, for the anonymous calls whose answer must not
 * tell whether an account exists (password recovery, resending the activation link): neither the
 * answer nor its timing waits on looking the account up, issuing a link or the mail server.
 * `compose` answers nothing when there is nothing to send; a failure is logged.
 */
export function mailAfterAnswer(request: FastifyRequest, compose: () => Promise<Mail | undefined>) {
  const job = new Promise((resolve) => setImmediate(resolve)).then(async () => {
    let mail: Mail | undefined;
    try {
      mail = await compose();
      if (mail) await request.server.mailer.send(mail);
    } catch (err) {
      request.log.error({ err, to: mail?.to, subject: mail?.subject }, 'mail could not be sent');
    }
  });
  inFlight.add(job);
  void job.finally(() => inFlight.delete(job));
}

/** Resolves once every mail of `mailAfterAnswer` has been sent or has failed (the server waits for them on close). */
export async function mailsSent() {
  while (inFlight.size) await Promise.all(inFlight);
}
