/**
 * MQTT ingest (issue 13): with MQTT_URL set, the server subscribes to `{prefix}/+/points` (QoS 1) and
 * stores each message's points, the push-ingest JSON shape (contract/ingest.ts: `{points: [...]}`, a
 * list of points or one point), through the same checks (checkRows) and storage (storeReadings) as an
 * HTTP push. The topic's middle level is the topic id of one of the plant's ingest keys, 122 random
 * bits (not the key's sequential id, which anyone could guess): revoking the key closes its topic.
 *
 * Delivery: a message is acknowledged (PUBACK) only after its points are committed. The `mqtt`
 * client sends the PUBACK when its `handleMessage` calls back, and takes the next message only
 * then, so messages are stored one at a time, in order. The session is persistent (clean: false, a
 * fixed client id): what the broker accepted while the subscriber was away, or whose PUBACK it never
 * got, is delivered again, and a repeated point is stored once.
 * - The database unreachable: the message is retried (1, 2, 4 ... s, at most 30) and stays
 *   unacknowledged meanwhile, so nothing is lost and nothing overtakes it.
 * - A bad message (not JSON, a topic of no key, rejected points): counted, kept in push_rejects with
 *   its errors for staff, and acknowledged (sending it again would not make it better); its good
 *   points are stored. Nothing a message holds stops the subscriber.
 * - The broker gone: the client reconnects with back-off (1 s doubling to 30 s, reset on connect).
 */
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AlarmQueue } from '../../domain/alarms/evaluate.js';
import { MAX_POINTS } from '../../../contract/ingest.js';
import type { MqttStatus } from '../../../contract/push.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import { JSON_TOO_DEEP, nestedDeeperThan } from '../../core/json.js';
import { checkRows } from '../../measurements/ingest.js';
import { storeReadings } from '../../measurements/store.js';
import { INGEST_BODY_LIMIT, invertersOf, keyByTopic, MQTT_TOPIC_ID, noteKeyUse } from '../../domain/ingest.js';
import { insertReject, KEPT_CHARS } from './queries.js';

/** The topic of a key: its topic id (`ingest_keys.mqtt_topic_id`), or '+' for every key's. */
export const mqttTopic = (prefix: string, topicId: string) => `${prefix}/${topicId}/points`;

const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 30_000;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

export interface MqttIngestOptions {
  db: Db;
  /** Where the plants of stored points go to have their alarm rules judged (`app.alarms`). */
  alarms: Pick<AlarmQueue, 'enqueue'>;
  log: FastifyBaseLogger;
  url: string;
  prefix: string;
  clientId: string;
  /** Extra client options (tests: shorter keep-alive). */
  client?: Partial<IClientOptions>;
}

export interface MqttIngest {
  start(): void;
  stop(): Promise<void>;
  status(): MqttStatus;
}

/** A broker URL without its user and password, for display. */
export function brokerAddress(url: string) {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return null;
  }
}

class BadMessage extends Error {
  constructor(message: string, public plant: number | null = null) { super(message); }
}

/** The points of a message: `{points: [...]}`, a list of points, or one point. */
function pointsOf(payload: Buffer): unknown[] {
  let body: unknown;
  const text = payload.toString('utf8');
  if (nestedDeeperThan(text)) throw new BadMessage(JSON_TOO_DEEP);
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new BadMessage(`JSON mal formado: ${(err as Error).message}`);
  }
  if (Array.isArray(body)) return body;
  if (typeof body !== 'object' || body === null) throw new BadMessage('Datos inválidos. Se esperaba un objeto o una lista de puntos.');
  if ('points' in body) {
    if (!Array.isArray(body.points)) throw new BadMessage('points: Se esperaba una lista de puntos.');
    return body.points;
  }
  return [body];
}

export function createMqttIngest(opts: MqttIngestOptions): MqttIngest {
  const { db, log, prefix } = opts;
  const subscription = mqttTopic(prefix, '+');
  const topicPattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(${MQTT_TOPIC_ID})/points$`);
  const state: MqttStatus = {
    enabled: true, connected: false, broker: brokerAddress(opts.url), topic: subscription,
    received: 0, stored: 0, duplicates: 0, bad: 0, last_error: null, last_error_at: null,
  };
  let client: MqttClient | null = null;
  let stopped = false;
  let reconnectMs = RECONNECT_MIN_MS;
  /** Wakes a retry's sleep when stopping. */
  let wake: (() => void) | null = null;

  const noteError = (message: string) => { state.last_error = message; state.last_error_at = new Date().toISOString(); };

  /** Stores one message; throws BadMessage for what cannot be stored, anything else is the database's. */
  async function take(topic: string, payload: Buffer) {
    const m = topicPattern.exec(topic);
    if (!m) throw new BadMessage(`Tema inesperado: ${topic}`);
    const key = await keyByTopic(db, m[1]);
    if (!key) throw new BadMessage(`Ninguna clave de ingesta tiene el tema ${m[1]} (¿revocada?).`);
    // Measured before anything reads it: the HTTP push's limit.
    if (payload.length > INGEST_BODY_LIMIT) {
      throw new BadMessage(`Mensaje demasiado grande: ${payload.length} bytes (máximo ${INGEST_BODY_LIMIT}).`, key.plant);
    }
    const points = pointsOf(payload);
    if (points.length > MAX_POINTS) throw new BadMessage(`Demasiados puntos en un mensaje: ${points.length} (máximo ${MAX_POINTS}).`, key.plant);
    const { readings, rejected } = checkRows(points, await invertersOf(db, key.plant));
    const { stored, duplicates } = await storeReadings(db, readings);
    if (stored) opts.alarms.enqueue(key.plant);
    await noteKeyUse(db, key.id, 'mqtt');
    state.stored += stored;
    state.duplicates += duplicates;
    if (rejected.length) throw new BadMessage(`Puntos rechazados: ${JSON.stringify(rejected)}`, key.plant);
  }

  async function handle(topic: string, payload: Buffer) {
    state.received += 1;
    for (let attempt = 0; ; attempt++) {
      try {
        await take(topic, payload);
        return;
      } catch (err) {
        if (err instanceof BadMessage || !isDatabaseUnavailable(err)) {
          const message = err instanceof Error ? err.message : String(err);
          state.bad += 1;
          noteError(message);
          log.warn({ topic }, `MQTT message refused: ${message}`);
          await keep(topic, payload, message, err instanceof BadMessage ? err.plant : null);
          return;
        }
        noteError(`Base de datos no disponible: ${(err as Error).message}`);
        if (stopped) throw err;
        const wait = Math.min(RETRY_MIN_MS * 2 ** attempt, RETRY_MAX_MS);
        log.warn({ topic, wait }, 'MQTT message not stored (database unavailable): retrying, unacknowledged');
        await new Promise<void>((resolve) => { wake = resolve; setTimeout(resolve, wait).unref(); });
        if (stopped) throw err;
      }
    }
  }

  /** Keeps a refused message for staff; retried while the database is away, like a message. */
  async function keep(topic: string, payload: Buffer, error: string, plant: number | null) {
    for (let attempt = 0; ; attempt++) {
      try {
        // Only what is kept is decoded (a refused message may be far larger).
        await insertReject(db, { plant, source: 'mqtt', origin: topic, contentType: '', body: payload.subarray(0, KEPT_CHARS * 4).toString('utf8'), error });
        return;
      } catch (err) {
        if (stopped || !isDatabaseUnavailable(err)) { log.error({ err }, 'an MQTT message could not be kept'); return; }
        await new Promise<void>((resolve) => { wake = resolve; setTimeout(resolve, Math.min(RETRY_MIN_MS * 2 ** attempt, RETRY_MAX_MS)).unref(); });
      }
    }
  }

  return {
    start() {
      if (client || stopped) return;
      client = mqtt.connect(opts.url, {
        clientId: opts.clientId, clean: false, reconnectPeriod: RECONNECT_MIN_MS, connectTimeout: 10_000, ...opts.client,
      });
      const c = client;
      // PUBACK only when this calls back without an error (mqtt's handlers/publish.js).
      c.handleMessage = (packet, callback) => {
        handle(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload))
          .then(() => callback(), (err: Error) => callback(err));
      };
      c.on('connect', () => {
        state.connected = true;
        reconnectMs = RECONNECT_MIN_MS;
        c.options.reconnectPeriod = reconnectMs;
        log.info(`MQTT: connected to ${state.broker}`);
        // A resumed session keeps its subscription; subscribing again is harmless and covers a new one.
        c.subscribe(subscription, { qos: 1 }, (err) => {
          if (err) { noteError(`Suscripción fallida: ${err.message}`); log.error({ err }, 'MQTT subscription failed'); }
        });
      });
      c.on('close', () => {
        if (state.connected && !stopped) log.warn('MQTT: connection closed, reconnecting');
        state.connected = false;
        // Back-off: each failed attempt waits twice as long, up to RECONNECT_MAX_MS.
        c.options.reconnectPeriod = reconnectMs;
        reconnectMs = Math.min(reconnectMs * 2, RECONNECT_MAX_MS);
      });
      c.on('error', (err) => { noteError(err.message); log.warn(`MQTT: ${err.message}`); });
    },
    async stop() {
      stopped = true;
      wake?.();
      if (client) await client.endAsync(true);
      client = null;
      state.connected = false;
    },
    status: () => ({ ...state }),
  };
}
