/**
 * Evaluating the alarm rules (./rules.ts) on what is stored, and what follows: an alarm opens once per
 * condition (and its opening is told to staff and the plant's users, in their language, unless they
 * opted out of its kind, also to their devices by Web Push), closes by itself when its condition clears
 * (told by Web Push to the devices that asked for it), and keeps its history.
 *
 * Run through the process's queue (`app.alarms`, createAlarmQueue below): after readings are stored
 * (ingest push, Fronius Push Service, MQTT, Fronius collector: the plants they belong to) and by the
 * schedule (every plant, once a period across all API processes: server/core/jobs.ts `claimJob`).
 */
import type { FastifyInstance } from 'fastify';
import { CHOSEN_USERS } from '../../../contract/notifications.js';
import type { NameLanguage } from '../../../contract/fronius-codes.js';
import { claimJob, WORKER } from '../../core/jobs.js';
import { readSettings } from '../../core/settings.js';
import { sendNotification } from '../notifications/send.js';
import { projectMembers } from '../notifications/queries.js';
import {
  activeAlarms, agentContacts, alarmAudience, alarmFacts, batteryYesterday, closeAlarm, inverterStates, mpptWiring, openAlarm,
  plantsToCheck, productionYesterday, recentMpptPower,
} from './queries.js';
import { expectedDay, overcastDayWh, plantModels } from '../../measurements/expected.js';
import {
  agentVerdicts, batteryVerdicts, errorVerdicts, GOOD_LIGHT_W_PER_WP, MIN_SAMPLES, offlineVerdicts, productionVerdicts, siblingVerdicts, type MpptPower, type MpptWiring, type Verdict,
} from './rules.js';
import { alarmMessage, languageOf } from './messages.js';
import { enqueuePush } from '../web-push/outbox.js';

export interface EvaluateOptions {
  /** Only these plants (default: every plant). */
  plants?: number[];
  /** The instant judged (default: now). */
  now?: number;
  /** Error codes the Fronius collector just read, by inverter (the stored reading keeps the status only). */
  errorCodes?: Map<number, number | null>;
}

export interface Evaluation { opened: number[]; closed: number[] }

export async function evaluateAlarms(app: FastifyInstance, opts: EvaluateOptions = {}): Promise<Evaluation> {
  const { db } = app;
  const now = opts.now ?? Date.now();
  const settings = await readSettings(db);
  const plants = await plantsToCheck(db, settings.alarms, opts.plants);
  const result: Evaluation = { opened: [], closed: [] };
  if (!plants.length) return result;
  const ids = plants.map((p) => p.id);

  const inverters = await inverterStates(db, ids);
  const agents = await agentContacts(db, ids);
  const wiring = new Map<number, MpptWiring & { plant: number }>();
  for (const row of await mpptWiring(db, ids)) {
    const m = wiring.get(row.mppt) ?? { mppt: row.mppt, name: row.name, number: row.number, investor: row.investor, plant: row.plant, wp: 0, strings: [] };
    m.wp += row.wp;
    m.strings.push({ id: row.string, name: row.string_name, tilt: row.tilt, azimuth: row.azimuth });
    wiring.set(row.mppt, m);
  }
  const mpptsOf = (plant: number) => [...wiring.values()].filter((m) => m.plant === plant);
  // The sibling comparison reads each window length once (plants may set their own).
  const power: MpptPower[] = [];
  for (const window of new Set(plants.map((p) => p.thresholds.alarm_sibling_window_minutes))) {
    const inverterWp = new Map<number, number>();
    for (const p of plants.filter((x) => x.thresholds.alarm_sibling_window_minutes === window)) {
      for (const m of mpptsOf(p.id)) inverterWp.set(m.investor, (inverterWp.get(m.investor) ?? 0) + m.wp);
    }
    for (const [investor, wp] of inverterWp) if (wp <= 0) inverterWp.delete(investor);
    power.push(...await recentMpptPower(db, inverterWp, now, window, GOOD_LIGHT_W_PER_WP, MIN_SAMPLES));
  }
  const battery = await batteryYesterday(db, ids, now, settings.timeZone);
  const [production, models] = await Promise.all([productionYesterday(db, ids, now, settings.timeZone), plantModels(db, ids)]);
  /** Yesterday's expected energy under the usual sky and under an overcast one (none before commissioning). */
  const expectations = (plant: number) => {
    const day = production.find((d) => d.plant === plant);
    const model = models.get(plant);
    if (!day || !model || (model.commissionedOn !== null && model.commissionedOn > day.date)) return { day: undefined, usual: null, overcast: null };
    return { day, usual: expectedDay(model, day)?.energyWh ?? null, overcast: overcastDayWh(model, day) };
  };

  const verdicts: Verdict[] = plants.flatMap((plant) => {
    const own = inverters.filter((i) => i.plant === plant.id);
    const yesterday = expectations(plant.id);
    const installedKwp = plant.capacity_kwp ?? (mpptsOf(plant.id).reduce((a, m) => a + m.wp, 0) / 1000 || null);
    return [
      ...offlineVerdicts(plant, own, now),
      ...agentVerdicts(plant, agents.filter((a) => a.plant === plant.id), now),
      ...errorVerdicts(plant, own, opts.errorCodes ?? new Map()),
      ...siblingVerdicts(plant, mpptsOf(plant.id), power),
      ...batteryVerdicts(plant, installedKwp, battery),
      ...productionVerdicts(plant, yesterday.day, yesterday.usual, yesterday.overcast),
    ];
  });

  const active = new Map((await activeAlarms(db, ids)).map((a) => [`${a.kind} ${a.subject}`, a.id]));
  const at = new Date(now);
  for (const { active: isActive, details, ...subject } of verdicts) {
    const existing = active.get(`${subject.kind} ${subject.subject}`);
    if (isActive && existing === undefined) {
      const alarm = await openAlarm(db, subject, details, at);
      if (alarm) {
        result.opened.push(alarm.id);
        await notifyOpening(app, alarm.id, settings.timeZone);
      }
    } else if (!isActive && existing !== undefined && await closeAlarm(db, existing, details, at)) {
      result.closed.push(existing);
      await notifyClosing(app, existing, settings.timeZone);
    }
  }
  return result;
}

/**
 * Tells active staff and the plant's users about a new alarm (bell and e-mail), each in their
 * language, leaving out who opted out of its kind. A failure is logged: the alarm stays open.
 */
async function notifyOpening(app: FastifyInstance, id: number, timeZone: string) {
  try {
    for (const { alarm, language, recipients } of await alarmReaders(app, id)) {
      const { title, message, mailText } = alarmMessage(alarm, language, timeZone, `${app.config.publicUrl}/app/alarms/${id}/show`);
      await sendNotification(app, {
        type_notification: CHOSEN_USERS, title, message, mailText, sender: null, alarm: id, recipients, push: { url: alarmPage(id), tag: `alarm-${id}` },
      });
    }
  } catch (err) {
    app.log.error({ err, alarm: id }, 'alarm opening not notified');
  }
}

/**
 * Tells the devices of those who hear of an alarm's opening and asked to hear of its clearing too
 * (Web Push only: the bell and the mail tell openings). Its tag replaces the opening's message.
 */
async function notifyClosing(app: FastifyInstance, id: number, timeZone: string) {
  try {
    for (const { alarm, language, recipients } of await alarmReaders(app, id)) {
      const { cleared } = alarmMessage(alarm, language, timeZone);
      await enqueuePush(app.db, recipients, { title: cleared.title, body: cleared.message, url: alarmPage(id), tag: `alarm-${id}` }, { alarmClosings: true });
    }
  } catch (err) {
    app.log.error({ err, alarm: id }, 'alarm closing not notified');
  }
}

const alarmPage = (id: number) => `/app/alarms/${id}/show`;

/** Active staff and the plant's users who did not opt out of the alarm's kind, by language. */
async function alarmReaders(app: FastifyInstance, id: number) {
  const alarm = (await alarmFacts(app.db, id))!;
  const people = await alarmAudience(app.db, alarm.kind, projectMembers(app.db, alarm.project));
  const byLanguage = new Map<NameLanguage, number[]>();
  for (const p of people) byLanguage.set(languageOf(p.language), [...(byLanguage.get(languageOf(p.language)) ?? []), p.id]);
  return [...byLanguage].map(([language, recipients]) => ({ alarm, language, recipients }));
}

/** How long an enqueued plant waits for more of the same burst before it is judged. */
export const ALARM_QUEUE_DELAY_MS = 1_000;

/**
 * The process's alarm queue (`app.alarms`), the one way in to the rules as data arrives: callers
 * name the plant whose readings they stored and go on; the plant is judged shortly after, on what is
 * then stored. See docs/alarms.md, "When the rules run".
 */
export interface AlarmQueue {
  /**
   * Judges `plant` soon (within ALARM_QUEUE_DELAY_MS plus the evaluation under way). A plant named
   * again before its turn is judged once, so a burst of pushes costs one evaluation. Never throws
   * and never waits: the caller's answer does not depend on the rules. `errorCodes`: the Fronius
   * error codes just read, by inverter (the stored reading keeps the status only).
   */
  enqueue(plant: number, errorCodes?: Map<number, number | null>): void;
  /** Judges every plant (the schedule); `now` is the instant judged (tests), else the time of the run. */
  enqueueAll(now?: number): void;
  /** Judges what is queued at once, and resolves when nothing is queued or under way (tests, shutdown). */
  drain(): Promise<void>;
}

/**
 * One evaluation at a time per process: what is queued meanwhile waits, merged, for the next one,
 * which judges all its plants together (each query of evaluateAlarms covers the batch). A failure
 * is logged and the queue goes on.
 */
export function createAlarmQueue(app: FastifyInstance): AlarmQueue {
  const plants = new Set<number>();
  const errorCodes = new Map<number, number | null>();
  /** Every plant, judged at this instant (undefined: when the run starts), is queued. */
  let all: { now?: number } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const pending = () => all !== null || plants.size > 0;

  async function evaluateOnce() {
    const batch: EvaluateOptions = { plants: all ? undefined : [...plants], errorCodes: new Map(errorCodes), now: all?.now };
    all = null;
    plants.clear();
    errorCodes.clear();
    try {
      await evaluateAlarms(app, batch);
    } catch (err) {
      app.log.error({ err, plants: batch.plants ?? 'all' }, 'alarm rules not evaluated');
    }
  }

  /** Runs the queued evaluation now, unless one is under way (which schedules the next when it ends). */
  function run() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (running || !pending()) return;
    running = evaluateOnce().finally(() => {
      running = null;
      if (pending()) schedule();
    });
  }

  function schedule() {
    if (timer || running) return;
    timer = setTimeout(run, ALARM_QUEUE_DELAY_MS);
    timer.unref();
  }

  return {
    enqueue(plant, codes) {
      plants.add(plant);
      for (const [inverter, code] of codes ?? []) errorCodes.set(inverter, code);
      schedule();
    },
    enqueueAll(now) {
      all = { now };
      schedule();
    },
    async drain() {
      while (running || pending()) {
        run();
        await running;
      }
    },
  };
}

export const ALARM_JOB = 'alarms';

/**
 * The scheduled run: every plant, through the process's queue, when this process wins the period's
 * lease; answers whether it did (false: another process had it).
 */
export async function runScheduledAlarms(app: FastifyInstance, periodMs: number, now = Date.now(), worker = WORKER): Promise<boolean> {
  if (!await claimJob(app.db, ALARM_JOB, new Date(now), new Date(now + periodMs - 1000), worker)) return false;
  app.alarms.enqueueAll(now);
  await app.alarms.drain();
  return true;
}
