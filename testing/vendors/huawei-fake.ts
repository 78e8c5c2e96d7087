/**
 * Huawei FusionSolar's Northbound interface on 127.0.0.1, built from the recorded exchanges in
 * ../shared/fixtures/vendors/huawei (SOURCES.md): POST JSON to /thirdData/<name>; `login` answers
 * the token in the `xsrf-token` header, every other call wants it back as `XSRF-TOKEN` and answers
 * the recorded 305 without it or once the session is ended (`endSessions`); each interface counts
 * its calls per window under the manual's published budget and answers the recorded 407 past it;
 * `gateway403` makes the gateway refuse with HTTP 403 and no envelope. Error answers are the
 * recorded ones (20001, 20003, 20006, 20009, 20010), served when asked (`failNext`); `answerNext`
 * gives any status and body (a vendor down, an answer that is no envelope). Stations are
 * configurable; the default is the recorded plant (fusionsolar-rs: one SUN2000-5KTL-M1 and its
 * dongle) with the recorded inverter KPIs.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export const HUAWEI_FIXTURES = path.resolve('..', 'shared', 'fixtures', 'vendors', 'huawei');
/** A recorded exchange (request, response) of the fixtures. */
export const huaweiExchange = (name: string): any => JSON.parse(fs.readFileSync(path.join(HUAWEI_FIXTURES, name), 'utf8'));
const recordedBody = (name: string) => huaweiExchange(name).response.body;

export interface FakeDevice { id: string; devTypeId: number; devName: string; esnCode: string; invType: string; kpi: Record<string, unknown> }
export interface FakeStation { stationCode: string; stationName: string; stationAddr: string | null; capacity: number; devices: FakeDevice[]; kpi?: Record<string, unknown>; hours?: { collectTime: number; dataItemMap: Record<string, unknown> }[] }

/** The recorded plant: getStationList, getDevList and getDevRealKpi of fusionsolar-rs. */
export function recordedStation(): FakeStation {
  const [station] = recordedBody('fusionsolar-rs/getStationList.json').data;
  const devices = recordedBody('fusionsolar-rs/getDevList.json').data;
  const [inverterKpi] = recordedBody('fusionsolar-rs/getDevRealKpi-inverter.json').data;
  return {
    stationCode: station.stationCode, stationName: station.stationName, stationAddr: station.stationAddr, capacity: station.capacity,
    devices: devices.map((d: any) => ({ ...d, id: String(d.id), kpi: d.devTypeId === 1 ? inverterKpi.dataItemMap : {} })),
  };
}

/** The manual's hourly KPIs of one station (nbi-doc-v6/08), as that station's history. */
export const recordedHours = (stationCode: string) => recordedBody('nbi-doc-v6/08-getKpiStationHour-ok.json').data
  .filter((row: any) => row.stationCode === stationCode).map((row: any) => ({ collectTime: row.collectTime, dataItemMap: row.dataItemMap }));

/** Recorded error answers by failCode. */
const ERRORS: Record<number, () => unknown> = {
  305: () => recordedBody('errors/305-USER_MUST_RELOGIN.json'),
  407: () => recordedBody('errors/407-ACCESS_FREQUENCY_IS_TOO_HIGH.reconstructed.json'),
  20001: () => recordedBody('nbi-doc-v6/02-login-failed-20001.json'),
  20003: () => recordedBody('nbi-doc-v6/04-getStationList-error-20003.json'),
  20006: () => recordedBody('nbi-doc-v6/14-getDevRealKpi-error-20006.json'),
  20009: () => recordedBody('nbi-doc-v6/07-getStationRealKpi-error-20009.json'),
  20010: () => recordedBody('nbi-doc-v6/18-getAlarmList-error-20010.json'),
};

const MINUTE = 60_000;

export interface HuaweiFake {
  baseUrl: string;
  stations: FakeStation[];
  userName: string;
  systemCode: string;
  /** Every call received, in order (the login's systemCode is not kept). */
  calls: { api: string; at: number; body: Record<string, unknown> }[];
  /** Calls answered 407 because the interface's budget was spent. */
  overQuota: number;
  gateway403: boolean;
  /** The fake's clock (ms), for the windows of its budgets. */
  now: () => number;
  /** Ends every session: the next call with its token is answered 305. */
  endSessions(): void;
  /** Answers the next `times` calls of `api` with the recorded error `failCode`. */
  failNext(api: string, failCode: number, times?: number): void;
  /** Answers the next call of `api` with this HTTP status and raw body (a vendor down, an answer that is no envelope). */
  answerNext(api: string, status: number, body: string): void;
  /** Starts every interface's budget afresh (and the count of 407s). */
  resetQuota(): void;
  close(): Promise<void>;
}

/** Budgets as the manual publishes them, for the fake's stations. */
function limitOf(api: string, stations: FakeStation[], devTypeCount: (type: number) => number): { calls: number; windowMs: number } | null {
  const per100 = Math.max(1, Math.ceil(stations.length / 100));
  switch (api) {
    case 'login': return { calls: 5, windowMs: 10 * MINUTE };
    case 'getStationList': return { calls: 24, windowMs: 1440 * MINUTE };
    case 'getStationRealKpi': return { calls: per100, windowMs: 5 * MINUTE };
    case 'getDevRealKpi': return { calls: [1, 38, 39, 47, 62].reduce((s, t) => s + Math.ceil(devTypeCount(t) / 100), 0) || 1, windowMs: 5 * MINUTE };
    case 'getDevList': case 'getKpiStationHour': case 'getKpiStationDay': return { calls: per100 + 24, windowMs: 1440 * MINUTE };
    default: return null;
  }
}

export async function startHuaweiFake(opts: { stations?: FakeStation[]; now?: () => number } = {}): Promise<HuaweiFake> {
  const tokens = new Set<string>();
  const used = new Map<string, number>();
  const failures = new Map<string, { failCode: number; times: number }>();
  const raw = new Map<string, { status: number; body: string }>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const api = /^\/thirdData\/(\w+)$/.exec(req.url ?? '')?.[1];
      const send = (body: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      if (req.method !== 'POST' || !api) return void res.writeHead(404).end();
      let body: Record<string, any>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return void res.writeHead(400).end();
      }
      const at = fake.now();
      fake.calls.push({ api, at, body: api === 'login' ? { userName: body.userName } : body });
      const rawAnswer = raw.get(api);
      if (rawAnswer) {
        raw.delete(api);
        return void res.writeHead(rawAnswer.status, { 'content-type': 'text/plain' }).end(rawAnswer.body);
      }
      // The gateway answers before the application: HTTP 403, no envelope.
      if (fake.gateway403) return void res.writeHead(403, { 'content-type': 'text/html' }).end('<html><body>403 Forbidden</body></html>');
      const limit = limitOf(api, fake.stations, (t) => fake.stations.flatMap((s) => s.devices).filter((d) => d.devTypeId === t).length);
      if (limit) {
        const key = `${api}:${Math.floor(at / limit.windowMs)}`;
        const n = (used.get(key) ?? 0) + 1;
        used.set(key, n);
        if (n > limit.calls) {
          fake.overQuota += 1;
          return send(ERRORS[407]());
        }
      }
      const failing = failures.get(api);
      if (failing) {
        const { failCode } = failing;
        if (--failing.times <= 0) failures.delete(api);
        return send(ERRORS[failCode]?.() ?? { success: false, failCode, data: null, params: { currentTime: at }, message: null });
      }
      const ok = (data: unknown) => send({ success: true, data, failCode: 0, params: { ...body, currentTime: at }, message: null });
      if (api === 'login') {
        if (body.userName !== fake.userName) return send(ERRORS[20001]());
        if (body.systemCode !== fake.systemCode) return send({ success: false, data: null, failCode: 20400, params: { currentTime: at }, message: 'USERNAME_OR_PASSWORD_ERROR' });
        const token = `x-${randomBytes(12).toString('hex')}`;
        tokens.add(token);
        return send(recordedBody('nbi-doc-v6/01-login-ok.json'), { 'xsrf-token': token, 'set-cookie': `XSRF-TOKEN=${token};Path=/;Secure` });
      }
      if (!tokens.has(String(req.headers['xsrf-token'] ?? ''))) return send(ERRORS[305]());
      const codes = String(body.stationCodes ?? '').split(',').filter(Boolean);
      const stations = fake.stations.filter((s) => codes.includes(s.stationCode));
      if ('stationCodes' in body && codes.length > 100) return send({ success: false, data: null, failCode: 20014, params: { currentTime: at }, message: null });
      switch (api) {
        case 'getStationList':
          return ok(fake.stations.map(({ devices: _d, hours: _h, kpi: _k, ...s }) => ({ aidType: 1, buildState: null, combineType: null, linkmanPho: '', stationLinkman: '', ...s })));
        case 'getStationRealKpi':
          return ok(stations.map((s) => ({ stationCode: s.stationCode, dataItemMap: s.kpi ?? {} })));
        case 'getDevList':
          return ok(stations.flatMap((s) => s.devices.map(({ kpi: _k, ...d }) => ({ ...d, id: Number(d.id), stationCode: s.stationCode, latitude: null, longitude: null, softwareVersion: 'V100' }))));
        case 'getDevRealKpi': {
          const ids = String(body.devIds ?? '').split(',');
          const devices = fake.stations.flatMap((s) => s.devices).filter((d) => ids.includes(d.id));
          if (devices.some((d) => d.devTypeId !== Number(body.devTypeId))) return send(ERRORS[20006]());
          return ok(devices.map((d) => ({ devId: Number(d.id), dataItemMap: d.kpi })));
        }
        case 'getKpiStationHour':
          return ok(stations.flatMap((s) => (s.hours ?? []).map((h) => ({ ...h, stationCode: s.stationCode }))));
        case 'logout':
          tokens.delete(String(body.xsrfToken));
          return ok(null);
        default:
          return send({ success: false, data: null, failCode: 401, params: { currentTime: at }, message: null });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: HuaweiFake = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stations: opts.stations ?? [recordedStation()],
    userName: 'portal-nbi',
    systemCode: 'Secreto#Huawei-2026',
    calls: [],
    overQuota: 0,
    gateway403: false,
    now: opts.now ?? Date.now,
    endSessions: () => tokens.clear(),
    failNext: (api, failCode, times = 1) => { failures.set(api, { failCode, times }); },
    answerNext: (api, status, body) => { raw.set(api, { status, body }); },
    resetQuota: () => { used.clear(); fake.overQuota = 0; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
