/**
 * Alarms (contract/alarms.ts, docs/alarms.md): the list with filters, one alarm with its history, the
 * alarms of a plant, acknowledging (staff), turning one into a ticket (staff) and the thresholds
 * (staff). Staff see every alarm; anyone else those of the plants they see (another one is a 404).
 * The rules run after readings are stored (ingest, collector) and on the schedule started here.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { users } from '../../db/schema.js';
import { currentUser } from '../../core/access.js';
import { checkReferences } from '../../core/crud.js';
import { nonFieldError, notFound } from '../../core/errors.js';
import { everyInterval } from '../../core/jobs.js';
import { route } from '../../core/route.js';
import { forgetSettings, readSettings } from '../../core/settings.js';
import { runScheduledAlarms } from '../../domain/alarms/evaluate.js';
import { alarmFacts, alarmTicketCategory } from '../../domain/alarms/queries.js';
import { alarmMessage, languageOf } from '../../domain/alarms/messages.js';
import { deleteTicket, insertTicket } from '../../domain/tickets/queries.js';
import { notifyTicketEvent } from '../../domain/tickets/events.js';
import { alarmApi, THRESHOLD_NAMES, type AlarmThresholds } from '../../../contract/alarms.js';
import { ACTIVE } from '../../../contract/tickets.js';
import {
  acknowledge, alarmHistory, findAlarm, linkTicket, listAlarms, plantCustomer, plantExists, plantOverrides, seesPlant,
  setPlantOverrides, updatePortalThresholds,
} from './queries.js';

const NEWEST_FIRST = '-opened_at,-id';

export default fp(async (app) => {
  const { db } = app;

  /** One alarm the caller may see, with its history; 404 otherwise. */
  async function detail(request: FastifyRequest, id: number) {
    const alarm = await findAlarm(db, currentUser(request), id);
    if (!alarm) throw notFound();
    return { ...alarm, events: await alarmHistory(db, id) };
  }

  route(app, alarmApi.list, (request) => {
    request.query.ordering ||= NEWEST_FIRST;
    return listAlarms(db, request, currentUser(request), request.query);
  });

  route(app, alarmApi.one, (request) => detail(request, request.params.id));

  route(app, alarmApi.ofPlant, async (request) => {
    const me = currentUser(request);
    if (!await seesPlant(db, me, request.params.id)) throw notFound();
    request.query.ordering ||= NEWEST_FIRST;
    return listAlarms(db, request, me, { ...request.query, plant: request.params.id });
  });

  route(app, alarmApi.acknowledge, async (request) => {
    const before = await detail(request, request.params.id);
    if (before.status !== 'open') {
      throw nonFieldError(before.status === 'closed' ? 'La alarma ya está cerrada.' : 'La alarma ya fue reconocida.');
    }
    await acknowledge(db, before.id, currentUser(request).id, request.body.comment.trim());
    return detail(request, before.id);
  });

  route(app, alarmApi.ticket, async (request, reply) => {
    const me = currentUser(request);
    const before = await detail(request, request.params.id);
    if (before.ticket !== null) return reply.status(200).send(before);
    const requested = request.body?.customuser ?? null;
    if (requested !== null) await checkReferences(request, { customuser: requested }, { customuser: { table: users } });
    const customuser = requested ?? await plantCustomer(db, before.plant) ?? me.id;
    const { timeZone } = await readSettings(db);
    const words = alarmMessage((await alarmFacts(db, before.id))!, languageOf(me.language), timeZone, `${app.config.publicUrl}/app/alarms/${before.id}/show`);
    // The customer's ticket, written by the staff member who made it (its first post is theirs), in the 'Alarma' category.
    const ticket = await insertTicket(db, {
      title: words.title.slice(0, 200), content: `${words.ticketIntro}.\n\n${words.mailText}`, customuser, status: ACTIVE,
      author: customuser === me.id ? null : me.id, type: await alarmTicketCategory(db),
    });
    // Two staff clicking at once: the first link wins and the other ticket goes, so there is one.
    if (!await linkTicket(db, before.id, ticket.id, me.id)) {
      await deleteTicket(db, ticket.id);
      return reply.status(200).send(await detail(request, before.id));
    }
    await notifyTicketEvent(app, 'created', ticket, me);
    return reply.status(201).send(await detail(request, before.id));
  });

  // ---------- thresholds ----------

  route(app, alarmApi.thresholds, async () => (await readSettings(db)).alarms);

  route(app, alarmApi.updateThresholds, async (request) => {
    if (Object.keys(request.body).length) {
      await updatePortalThresholds(db, request.body);
      // Other processes hear of it from the database; this one forgets its copy now, or it would
      // answer (and judge) with the old values until the notification comes back.
      forgetSettings(db);
    }
    return (await readSettings(db)).alarms;
  });

  async function plantThresholds(plant: number) {
    const portal = (await readSettings(db)).alarms;
    const own = await plantOverrides(db, plant);
    const overrides = Object.fromEntries(THRESHOLD_NAMES.map((k) => [k, own[k] ?? null])) as Record<keyof AlarmThresholds, number | null>;
    const effective = Object.fromEntries(THRESHOLD_NAMES.map((k) => [k, overrides[k] ?? portal[k]])) as AlarmThresholds;
    return { plant, overrides, effective };
  }

  route(app, alarmApi.plantThresholds, async (request) => {
    if (!await plantExists(db, request.params.id)) throw notFound();
    return plantThresholds(request.params.id);
  });

  route(app, alarmApi.updatePlantThresholds, async (request) => {
    if (!await plantExists(db, request.params.id)) throw notFound();
    if (Object.keys(request.body).length) await setPlantOverrides(db, request.params.id, request.body);
    return plantThresholds(request.params.id);
  });

  // ---------- the schedule ----------

  const periodMs = app.config.alarmIntervalSeconds * 1000;
  everyInterval(app, periodMs, () => runScheduledAlarms(app, periodMs), 'scheduled alarm evaluation failed');
}, { name: 'alarms' });
