/**
 * A Sungrow iSolarCloud OpenAPI (app key and login token flow) on 127.0.0.1, answering from the
 * recorded exchanges in ../shared/fixtures/vendors/sungrow (SOURCES.md): JSON POSTs under /openapi/,
 * the `x-access-key` and `sys_code: 901` headers, `appkey` in the body, and the envelope
 * `{req_serial_num, result_code, result_msg, result_data}` with HTTP 200 on errors.
 * - login with the right app, account and password: the recorded token (a new one at each login
 *   after `expire()`); with anything wrong: the recorded failed login;
 * - a call with a token it did not issue, or one `expire()` ended: result_code E00003 (the envelope
 *   of an error is not recorded: it is the success envelope without result_data);
 * - getDeviceRealTimeData answers the recorded plants among the ps_keys asked, the others in
 *   fail_ps_key_list.
 * `edit` changes a recorded result_data before it is sent (other plants, another zone, a time of now).
 * Switches: `mode` 'ok' | 'bad-key' (every login refused) | 'expired' (every token refused, logins
 * still given) | 'quota' (E999) | 'down' (HTTP 502) | 'malformed' | 'refused' (nothing listens).
 */
import type http from 'node:http';
import { exchange, fakeServer, sendRecorded } from './exchanges.js';

export type SungrowMode = 'ok' | 'bad-key' | 'expired' | 'quota' | 'down' | 'malformed' | 'refused';

const DIR = 'sungrow-api-client';
const FILES: Record<string, string> = {
  getPowerStationList: `${DIR}/03-getPowerStationList.json`,
  getDeviceList: `${DIR}/04-getDeviceList.json`,
  getOpenPointInfo: `${DIR}/05-getOpenPointInfo.json`,
  getDeviceRealTimeData: `${DIR}/06-getDeviceRealTimeData-plants.json`,
};

export const SUNGROW_FAKE_CREDENTIALS = {
  app_key: 'JUnit App Key', secret_key: 'fake-secret-9d3c1e', user_account: 'junitTest@example.com', user_password: 'password',
};

export interface SungrowFake {
  url: string;
  mode: SungrowMode;
  setMode(mode: SungrowMode): Promise<void>;
  /** Ends every token given so far (the session has ended). */
  expire(): void;
  logins: number;
  calls: { path: string; body: Record<string, any> }[];
  close(): Promise<void>;
}

export interface SungrowFakeOptions {
  edit?: (path: string, data: any) => any;
}

export async function startSungrowFake(opts: SungrowFakeOptions = {}): Promise<SungrowFake> {
  const valid = new Set<string>();
  const login = exchange('sungrow', `${DIR}/01-login.json`);
  const failed = exchange('sungrow', `${DIR}/02-login-failed.json`).response;
  const recordedToken = (login.response.body as any).result_data.token as string;
  const error = (code: string, msg: string) => ({ status: 200, content_type: 'application/json', body: { req_serial_num: '2024112700000000000000000000e000', result_code: code, result_msg: msg } });

  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname.replace(/^\/openapi\//, '');
      let body: Record<string, any> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch { /* an empty or broken body is a request without parameters */ }
      fake.calls.push({ path, body });
      if (fake.mode === 'down') {
        res.writeHead(502);
        return res.end();
      }
      if (fake.mode === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"req_serial_num":"2024112728b6","result_code":"1","result_data":{"device_point_list":[{"devi');
      }
      if (fake.mode === 'quota') return sendRecorded(res, error('E999', 'too many requests'));
      const app = req.headers['x-access-key'] === SUNGROW_FAKE_CREDENTIALS.secret_key && req.headers.sys_code === '901' && body.appkey === SUNGROW_FAKE_CREDENTIALS.app_key;
      if (path === 'login') {
        const right = app && body.user_account === SUNGROW_FAKE_CREDENTIALS.user_account && body.user_password === SUNGROW_FAKE_CREDENTIALS.user_password;
        if (fake.mode === 'bad-key' || !right) return sendRecorded(res, failed);
        fake.logins++;
        const token = fake.logins === 1 ? recordedToken : `${recordedToken.slice(0, -4)}${String(fake.logins).padStart(4, '0')}`;
        valid.add(token);
        const answer = exchange('sungrow', `${DIR}/01-login.json`).response;
        (answer.body as any).result_data.token = token;
        return sendRecorded(res, answer);
      }
      if (!FILES[path]) return sendRecorded(res, error('E00000', 'unknown interface'));
      if (!app || fake.mode === 'expired' || !valid.has(body.token)) return sendRecorded(res, error('E00003', 'token invalid'));
      const answer = exchange('sungrow', FILES[path]).response;
      if (path === 'getDeviceRealTimeData') {
        const asked = new Set<string>(body.ps_key_list ?? []);
        const data = (answer.body as any).result_data;
        data.device_point_list = data.device_point_list.filter((p: any) => asked.has(p.device_point.ps_key));
        const known = new Set(data.device_point_list.map((p: any) => p.device_point.ps_key));
        data.fail_ps_key_list = [...asked].filter((k) => !known.has(k));
      }
      const recorded = answer.body as { result_data: unknown };
      if (opts.edit) recorded.result_data = opts.edit(path, recorded.result_data);
      sendRecorded(res, answer);
    });
  };

  const server = await fakeServer(handler);
  const fake: SungrowFake = {
    url: server.url, mode: 'ok', logins: 0, calls: [],
    async setMode(mode) {
      await server.refuse(mode === 'refused');
      fake.mode = mode;
    },
    expire: () => valid.clear(),
    close: server.close,
  };
  return fake;
}
