/**
 * Ways in for devices behind a home router (contract/push.ts): the Fronius Push Service receiver and
 * its logins, unmatched devices, inverter events, kept bodies, the MQTT subscriber's state, and the
 * ways in of a plant with their setup values.
 *
 * Pushed readings are checked and stored like every other source: they become push-ingest points
 * (checkRows: the same bounds and clock rules) and go through storeReadings (idempotent: the same
 * push twice stores once). A body that cannot be read is kept (push_rejects) and answered 202, so a
 * datalogger never sees a 5xx for it; a 503 (database unavailable) makes it send again later.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pushApi, type FroniusPushResult } from '../../../contract/push.js';
import { currentUser } from '../../core/access.js';
import { fieldError, notFound, unauthorized } from '../../core/errors.js';
import { createVerificationCache, hashPassword, verifyPassword } from '../../core/passwords.js';
import { route } from '../../core/route.js';
import { findVisible } from '../../core/crud.js';
import { investors, type PushedSite } from '../../db/schema.js';
import { checkRows } from '../../measurements/ingest.js';
import { storeReadings } from '../../measurements/store.js';
import { JSON_TOO_DEEP, nestedDeeperThan } from '../../core/json.js';
import { mergeSite, parseFroniusPush, PushFormatError, shiftPush, siteFields, type ParsedPush } from '../../measurements/fronius/push.js';
import { clockOff, deviceClock } from '../../measurements/time.js';
import { createMqttIngest, mqttTopic, type MqttIngest } from './mqtt.js';
import { visiblePlant } from '../../core/visibility.js';
import {
  assignDevice, credentialForPush, credentialsOf, credentialUsed, deleteCredential, eventsOf, insertCredential, insertEvents,
  insertReject, invertersByDevice, mqttRejects, noteUnmatched, pushDevice, rejectsOf, unmatchedOf, waysInRows,
} from './queries.js';

declare module 'fastify' {
  interface FastifyRequest { pushCredential: PushLogin | null; pushContentType: string }
}

type PushLogin = { id: number; plant: number; datalogger_id: string; site: PushedSite };

/** A day of 5-minute Logdata for several inverters stays well under this. */
const PUSH_BODY_LIMIT = 8 * 1024 * 1024;
const REALM = 'Basic realm="Portal Solar push", charset="UTF-8"';
/** How long a login's verified password is taken without argon2 again (a job pushes every few minutes). */
export const PUSH_LOGIN_CACHE_MS = 5 * 60_000;

/** The user and password of an HTTP Basic header, or null. */
function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Stores what a push carried for the login's plant; devices that are none of its inverters are noted.
 * A datalogger whose clock is off (Head.Timestamp far from `receivedAt`) has its data filed at the
 * time it was received, and the offset is kept with its login for staff to see.
 */
async function receive(app: FastifyInstance, login: PushLogin, sent: ParsedPush, receivedAt: Date): Promise<FroniusPushResult> {
  const { db } = app;
  const clock = deviceClock(sent.at, receivedAt);
  const parsed = clock.off ? shiftPush(sent, clock.offsetMs) : sent;
  const site = mergeSite(login.site ?? {}, parsed.site);
  const byDevice = await invertersByDevice(db, login.plant, login.datalogger_id);
  const unmatched = new Set<number>();
  const withSite = new Set<number>();
  const points: Record<string, unknown>[] = [];
  for (const { device, ts, ...fields } of parsed.readings) {
    const investor = byDevice.get(device);
    if (investor === undefined) { unmatched.add(device); continue; }
    let point: Record<string, unknown> = { investor, ts: ts.toISOString(), ...fields };
    // The site's flows (meter, battery) once per instant: on its first inverter, as the plant's sums expect.
    if (parsed.format !== 'logdata' && !withSite.has(ts.getTime())) {
      withSite.add(ts.getTime());
      const extra = siteFields(site, ts);
      point = { ...point, ...extra, battery_soc: fields.battery_soc ?? extra.battery_soc ?? null };
    }
    points.push(point);
  }
  const { readings, rejected } = checkRows(points, { ids: new Set(byDevice.values()), bySerial: new Map() });
  const events = parsed.events.flatMap((e) => {
    const investor = byDevice.get(e.device);
    if (investor === undefined) { unmatched.add(e.device); return []; }
    return [{ ...e, investor }];
  });
  const { stored, duplicates } = await storeReadings(db, readings);
  const added = await insertEvents(db, events);
  await noteUnmatched(db, login.plant, login.datalogger_id, [...unmatched]);
  await credentialUsed(db, login.id, site, clock.offset_s);
  // The plant's alarm rules, on what the push brought (readings, errors), without holding up the answer.
  if (stored || added) app.alarms.enqueue(login.plant);
  return {
    format: parsed.format, stored, duplicates, events: added, rejected, clock_offset_s: clock.offset_s, clock_off: clock.off,
    unmatched: [...unmatched].sort((a, b) => a - b).map((device_id) => ({ datalogger_id: login.datalogger_id, device_id })),
  };
}

export default fp(async (app) => {
  const { db, config } = app;
  const pushUrl = (id: number) => `${config.publicUrl}/api/push/fronius/${id}`;
  const withUrl = <T extends { id: number }>(row: T) => ({ ...row, url: pushUrl(row.id) });
  const verified = createVerificationCache(PUSH_LOGIN_CACHE_MS);

  const mqtt: MqttIngest | null = config.mqttUrl
    ? createMqttIngest({ db, alarms: app.alarms, log: app.log.child({ area: 'mqtt' }), url: config.mqttUrl, prefix: config.mqttTopicPrefix, clientId: config.mqttClientId })
    : null;
  if (mqtt) {
    app.addHook('onReady', async () => mqtt.start());
    app.addHook('preClose', async () => mqtt.stop());
  }

  route(app, pushApi.createCredential, async (request, reply) => {
    const plant = await visiblePlant(request, request.params.id);
    const username = request.body.username ?? `fronius-${plant.id}-${randomBytes(3).toString('hex')}`;
    const password = request.body.password ?? randomBytes(18).toString('base64url');
    const row = await insertCredential(db, {
      plant: plant.id, name: (request.body.name ?? '').trim(), username, hash: await hashPassword(password),
      dataloggerId: (request.body.datalogger_id ?? '').trim(), createdBy: currentUser(request).id,
    });
    return reply.status(201).send({ ...withUrl(row), password });
  });

  route(app, pushApi.credentials, async (request) => (await credentialsOf(db, (await visiblePlant(request, request.params.id)).id)).map(withUrl));

  route(app, pushApi.revokeCredential, async (request, reply) => {
    if (!await deleteCredential(db, request.params.credentialId)) throw notFound();
    verified.forget(request.params.credentialId);
    return reply.status(204).send(null);
  });

  // Its own scope: whatever the content type, the body is taken as text and read here, so a body that
  // is not JSON is kept for inspection instead of refused.
  await app.register(async (scope) => {
    scope.decorateRequest('pushCredential', null);
    scope.decorateRequest('pushContentType', '');
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: PUSH_BODY_LIMIT }, (_request, body, done) => done(null, body));

    route(scope, pushApi.fronius, async (request, reply) => {
      const receivedAt = new Date();
      const login = request.pushCredential!;
      const text = typeof request.body === 'string' ? request.body : '';
      let parsed: ParsedPush;
      try {
        if (nestedDeeperThan(text)) throw new PushFormatError(JSON_TOO_DEEP);
        parsed = parseFroniusPush(JSON.parse(text));
      } catch (err) {
        if (!(err instanceof SyntaxError || err instanceof PushFormatError)) throw err;
        const error = err instanceof SyntaxError ? `JSON mal formado: ${err.message}` : err.message;
        const reject = await insertReject(db, {
          plant: login.plant, source: 'fronius', origin: request.url, contentType: request.pushContentType, body: text, error,
        });
        request.log.warn({ credential: login.id, reject }, `Fronius push kept for inspection: ${error}`);
        return reply.status(202).send({ detail: `No se pudo leer el envío; quedó guardado para revisión (${error})`, reject });
      }
      return receive(app, login, parsed, receivedAt);
    }, {
      bodyLimit: PUSH_BODY_LIMIT,
      config: { keepsCaches: true },
      // The login is checked before the body is read.
      onRequest: async (request, reply) => {
        const param = (request.params as { credentialId?: string }).credentialId ?? '';
        // A path id that is not a plain number is left to validation (a 400 naming it).
        if (!/^[1-9][0-9]{0,9}$/.test(param)) return;
        const given = basicCredentials(request.headers.authorization);
        const id = Number(param);
        const login = id <= 2147483647 ? await credentialForPush(db, id) : null;
        // Checked against a throwaway hash when there is no such login: the answer takes as long either way.
        // The login is read each time (a revoked one is gone); its password is verified once per PUSH_LOGIN_CACHE_MS.
        const ok = login && given?.user === login.username
          ? await verified.verify(login.id, login.hash, given.user, given.password)
          : await verifyPassword(null, given?.password ?? '');
        if (!login || !given || !ok) {
          reply.header('www-authenticate', REALM);
          throw unauthorized(given ? 'Usuario o contraseña del Push Service inválidos o revocados.' : 'Falta el usuario y la contraseña del Push Service (HTTP Basic).');
        }
        // Taken now: validating the documented headers drops the others from request.headers.
        request.pushContentType = request.headers['content-type'] ?? '';
        request.pushCredential = { id: login.id, plant: login.plant, datalogger_id: login.datalogger_id, site: login.site };
      },
    });
  });

  route(app, pushApi.devices, async (request) => unmatchedOf(db, (await visiblePlant(request, request.params.id)).id));

  route(app, pushApi.assignDevice, async (request) => {
    const device = await pushDevice(db, request.params.deviceId);
    if (!device) throw notFound();
    const assigned = await assignDevice(db, device, request.body.investor);
    if (!assigned) throw fieldError('investor', 'El inversor no existe en la planta de este equipo.');
    return assigned;
  });

  route(app, pushApi.events, async (request) => eventsOf(db, (await findVisible(request, investors, request.params.id, 'investor')).id));

  route(app, pushApi.rejects, async (request) => rejectsOf(db, (await visiblePlant(request, request.params.id)).id));

  route(app, pushApi.mqtt, async () => mqtt?.status() ?? {
    enabled: false, connected: false, broker: null, topic: null, received: 0, stored: 0, duplicates: 0, bad: 0, last_error: null, last_error_at: null,
  });

  route(app, pushApi.mqttRejects, async () => mqttRejects(db));

  route(app, pushApi.waysIn, async (request) => {
    const plant = await visiblePlant(request, request.params.id);
    const rows = await waysInRows(db, plant.id);
    const broker = mqtt?.status().broker ?? null;
    return {
      plant: plant.id,
      polling: rows.polled.map((p) => ({ ...p, address: p.address.trim(), last_delivered_at: rows.latest.get(p.investor) ?? null })),
      push_service: rows.credentials.map((c) => ({ ...withUrl(c), last_delivered_at: c.last_used_at, clock_off: clockOff(c.clock_offset_s) })),
      ingest_keys: rows.keys.map((k) => ({
        id: k.id, name: k.name, prefix: k.prefix, url: `${config.publicUrl}/api/ingest/points`, header: 'X-Api-Key', last_delivered_at: k.last_used_at,
      })),
      mqtt: rows.keys.map((k) => ({ key: k.id, name: k.name, broker, topic: mqttTopic(config.mqttTopicPrefix, k.mqtt_topic_id), last_delivered_at: k.mqtt_last_used_at })),
      unmatched_devices: rows.unmatched,
      rejects: rows.rejects,
    };
  });
}, { name: 'push' });
