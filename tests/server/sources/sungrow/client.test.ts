/**
 * The Sungrow iSolarCloud client (server/sources/sungrow/client.ts) against the fake cloud
 * (testing/vendors/sungrow-fake.ts) serving the recorded exchanges of ../shared/fixtures/vendors/sungrow:
 * login and a new login when the session ends, plants and devices, real-time plant figures in W and
 * Wh at the right instant, 50 plants a call, and every error answer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SourceError } from '../../../../server/sources/types.js';
import { SungrowClient } from '../../../../server/sources/sungrow/client.js';
import { startSungrowFake, SUNGROW_FAKE_CREDENTIALS, type SungrowFake } from '../../../../testing/vendors/sungrow-fake.js';

const fakes: SungrowFake[] = [];
afterAll(() => Promise.all(fakes.map((f) => f.close())));

async function setup(credentials = SUNGROW_FAKE_CREDENTIALS) {
  const fake = await startSungrowFake();
  fakes.push(fake);
  return { fake, client: new SungrowClient({ baseUrl: fake.url, credentials, timeoutMs: 2000 }) };
}

async function failure(promise: Promise<unknown>) {
  const err = await promise.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(SourceError);
  return err as SourceError;
}

const CHINA = new Map([['970645', 'GMT+8'], ['972402', 'GMT+8']]);

describe('Sungrow client', () => {
  it('logs in once, sends the token with the app key, and lists plants and devices', async () => {
    const { fake, client } = await setup();
    expect(await client.plants()).toEqual([{ id: '700666130', name: 'JUnit Test Plant', time_zone: 'GMT-1', location: { country: 'Germany' } }]);
    const devices = await client.devices('689661');
    expect(devices.inverters).toHaveLength(5);
    expect(devices.inverters[0]).toEqual({ id: '689661_1_1_5', serial: 'A0000000001', name: '研发楼NB04', model: 'SG50CX-P2-CN' });
    expect([devices.meters, devices.batteries]).toEqual([[], []]);
    expect(fake.logins).toBe(1);
    expect(fake.calls.map((c) => [c.path, c.body.token])).toEqual([
      ['login', undefined],
      ['getPowerStationList', '999999999_0123456789abcdef0123456789abcdef'],
      ['getDeviceList', '999999999_0123456789abcdef0123456789abcdef'],
    ]);
    expect(fake.calls[0].body).toMatchObject({ appkey: 'JUnit App Key', lang: '_en_US', user_account: 'junitTest@example.com' });
  });

  it('reads plants now: string values in W and Wh at device_time in the plant zone', async () => {
    const { client } = await setup();
    // device_time 20241127151500 at GMT+8 is 07:15 UTC; "9276.0" W, "108500.0" Wh; a day of "0.0" is 0 Wh.
    expect(await client.plantsNow(new Map([...CHINA, ['123', 'GMT+8']]))).toEqual([
      { device: '970645', ts: new Date('2024-11-27T07:15:00Z'), ac_power_w: 9276, energy_day_wh: 108_500, energy_total_wh: null },
      { device: '972402', ts: new Date('2024-11-27T07:15:00Z'), ac_power_w: 0, energy_day_wh: 0, energy_total_wh: null },
    ]);
  });

  it('asks for 50 plants a call at most', async () => {
    const { fake, client } = await setup();
    const zones = new Map([...Array(120).keys()].map((i) => [String(970000 + i), 'GMT+8']));
    await client.plantsNow(zones);
    expect(fake.calls.filter((c) => c.path === 'getDeviceRealTimeData').map((c) => c.body.ps_key_list.length)).toEqual([50, 50, 20]);
  });

  it('logs in again when the session has ended, and says so when the new token is refused too', async () => {
    const { fake, client } = await setup();
    await client.plantsNow(CHINA);
    fake.expire();
    expect(await client.plantsNow(CHINA)).toHaveLength(2);
    expect(fake.logins).toBe(2);
    expect(fake.calls.at(-1)!.body.token).toBe('999999999_0123456789abcdef0123456789ab0002');
    await fake.setMode('expired');
    expect((await failure(client.plantsNow(CHINA))).kind).toBe('session');
  });

  it('turns each error answer into its kind', async () => {
    const wrong = (await setup({ ...SUNGROW_FAKE_CREDENTIALS, user_password: 'nope' })).client;
    expect((await failure(wrong.plants())).kind).toBe('credentials');
    const { fake, client } = await setup();
    for (const [mode, kind] of [['bad-key', 'credentials'], ['quota', 'quota'], ['down', 'down'], ['malformed', 'malformed'], ['refused', 'down']] as const) {
      await fake.setMode(mode);
      const err = await failure(client.plantsNow(CHINA));
      expect([mode, err.kind]).toEqual([mode, kind]);
      expect(err.message).not.toContain('password');
    }
    await fake.setMode('ok');
    expect(await client.plantsNow(CHINA)).toHaveLength(2);
  });
});
