/**
 * Who hears about what happens to a ticket. Each event becomes a received notification (type 3, linked
 * to the ticket) and an e-mail, written in each recipient's language (users.language; Spanish when
 * unknown). Whoever caused the event is never told about it. A reply is also pushed to the recipients'
 * devices (Web Push), opening the ticket.
 *
 *   created   -> every administrator
 *   replied   -> the customer's reply: the assigned administrator, or every administrator when none;
 *                a reply by anyone else: the customer
 *   assigned  -> the administrator now assigned
 *   status    -> the customer
 *
 * Notifying is a side effect: if it fails, the ticket call still succeeds and the failure is logged.
 */
import type { FastifyInstance } from 'fastify';
import type { User } from '../../db/schema.js';
import { ACTIVE } from '../../../contract/tickets.js';
import { CHOSEN_USERS } from '../../../contract/notifications.js';
import { sendNotification } from '../notifications/send.js';
import { activeStaff, eventPeople, firstAssignee, theUser, type StoredTicket } from './queries.js';

export type TicketEvent = 'created' | 'replied' | 'assigned' | 'status';

type Lang = 'es' | 'en' | 'fr' | 'ar' | 'zh';
interface Facts { id: number; title: string; author: string; status: string }
interface Template {
  /** Names of status 1 and of any other status. */
  status: [string, string];
  /** Label of the link to the ticket in the e-mail. */
  link: string;
  events: Record<TicketEvent, (f: Facts) => { title: string; message: string }>;
}

const TEMPLATES: Record<Lang, Template> = {
  es: {
    status: ['Activo', 'Cerrado'],
    link: 'Ver el ticket',
    events: {
      created: (f) => ({ title: `Nuevo ticket #${f.id}: ${f.title}`, message: `${f.author} abrió el ticket «${f.title}».` }),
      replied: (f) => ({ title: `Nueva respuesta en el ticket #${f.id}`, message: `${f.author} respondió en el ticket «${f.title}».` }),
      assigned: (f) => ({ title: `Se te asignó el ticket #${f.id}`, message: `${f.author} te asignó el ticket «${f.title}».` }),
      status: (f) => ({ title: `Ticket #${f.id}: ${f.status}`, message: `El estado del ticket «${f.title}» cambió a ${f.status}.` }),
    },
  },
  en: {
    status: ['Active', 'Closed'],
    link: 'View the ticket',
    events: {
      created: (f) => ({ title: `New ticket #${f.id}: ${f.title}`, message: `${f.author} opened the ticket “${f.title}”.` }),
      replied: (f) => ({ title: `New reply on ticket #${f.id}`, message: `${f.author} replied to the ticket “${f.title}”.` }),
      assigned: (f) => ({ title: `Ticket #${f.id} assigned to you`, message: `${f.author} assigned you the ticket “${f.title}”.` }),
      status: (f) => ({ title: `Ticket #${f.id}: ${f.status}`, message: `The status of the ticket “${f.title}” changed to ${f.status}.` }),
    },
  },
  fr: {
    status: ['Ouvert', 'Fermé'],
    link: 'Voir le ticket',
    events: {
      created: (f) => ({ title: `Nouveau ticket n° ${f.id} : ${f.title}`, message: `${f.author} a ouvert le ticket « ${f.title} ».` }),
      replied: (f) => ({ title: `Nouvelle réponse au ticket n° ${f.id}`, message: `${f.author} a répondu au ticket « ${f.title} ».` }),
      assigned: (f) => ({ title: `Le ticket n° ${f.id} vous est attribué`, message: `${f.author} vous a attribué le ticket « ${f.title} ».` }),
      status: (f) => ({ title: `Ticket n° ${f.id} : ${f.status}`, message: `Le statut du ticket « ${f.title} » est passé à ${f.status}.` }),
    },
  },
  ar: {
    status: ['مفتوحة', 'مغلقة'],
    link: 'عرض التذكرة',
    events: {
      created: (f) => ({ title: `تذكرة جديدة رقم ${f.id}: ${f.title}`, message: `فتح ${f.author} التذكرة «${f.title}».` }),
      replied: (f) => ({ title: `رد جديد على التذكرة رقم ${f.id}`, message: `ردّ ${f.author} على التذكرة «${f.title}».` }),
      assigned: (f) => ({ title: `أُسندت إليك التذكرة رقم ${f.id}`, message: `أسند إليك ${f.author} التذكرة «${f.title}».` }),
      status: (f) => ({ title: `التذكرة رقم ${f.id}: ${f.status}`, message: `تغيّرت حالة التذكرة «${f.title}» إلى ${f.status}.` }),
    },
  },
  zh: {
    status: ['处理中', '已关闭'],
    link: '查看工单',
    events: {
      created: (f) => ({ title: `新工单 #${f.id}：${f.title}`, message: `${f.author} 创建了工单“${f.title}”。` }),
      replied: (f) => ({ title: `工单 #${f.id} 有新回复`, message: `${f.author} 回复了工单“${f.title}”。` }),
      assigned: (f) => ({ title: `工单 #${f.id} 已分配给您`, message: `${f.author} 将工单“${f.title}”分配给了您。` }),
      status: (f) => ({ title: `工单 #${f.id}：${f.status}`, message: `工单“${f.title}”的状态已变更为${f.status}。` }),
    },
  },
};

const templateFor = (language: string) => TEMPLATES[language as Lang] ?? TEMPLATES.es;

/** The users an event concerns (before leaving out the actor), as a condition on `users`. */
async function audience(app: FastifyInstance, event: TicketEvent, ticket: StoredTicket, actor: User, assignedAdmin?: number) {
  switch (event) {
    case 'created': return activeStaff;
    case 'assigned': return theUser(assignedAdmin!);
    case 'status': return theUser(ticket.customuser);
    case 'replied': {
      if (actor.id !== ticket.customuser) return theUser(ticket.customuser);
      const first = await firstAssignee(app.db, ticket.id);
      return first === undefined ? activeStaff : theUser(first);
    }
  }
}

/** Tells the people concerned about `event` on `ticket` (as it is after the event), in their languages. */
export async function notifyTicketEvent(app: FastifyInstance, event: TicketEvent, ticket: StoredTicket, actor: User, opts: { assignedAdmin?: number } = {}) {
  try {
    const who = await audience(app, event, ticket, actor, opts.assignedAdmin);
    const people = await eventPeople(app.db, who, actor.id);
    const author = people.find((p) => p.id === actor.id)!.name;
    const recipients = people.filter((p) => p.id !== actor.id && p.is_active);
    const byLanguage = new Map<Template, number[]>();
    for (const p of recipients) {
      const template = templateFor(p.language);
      byLanguage.set(template, [...(byLanguage.get(template) ?? []), p.id]);
    }
    for (const [template, ids] of byLanguage) {
      const facts = { id: ticket.id, title: ticket.title, author, status: template.status[ticket.status === ACTIVE ? 0 : 1] };
      const { title, message } = template.events[event](facts);
      const page = `/app/tickets/${ticket.id}/show`;
      await sendNotification(app, {
        type_notification: CHOSEN_USERS, title, message, sender: actor.id, ticket: ticket.id, recipients: ids,
        mailText: `${message}\n\n${template.link}: ${app.config.publicUrl}${page}`,
        push: event === 'replied' ? { url: page, tag: `ticket-${ticket.id}` } : undefined,
      });
    }
  } catch (err) {
    app.log.error({ err, event, ticket: ticket.id }, 'ticket event not notified');
  }
}
