/**
 * The Sungrow connector (server/sources/sungrow/index.ts) against the fake iSolarCloud OpenAPI
 * (testing/vendors/sungrow-fake.ts, the recorded exchanges of ../shared/fixtures/vendors/sungrow):
 * plants and devices as the interface lists them, each plant's figures now in W and Wh at its local
 * device_time, a new login when the session ends, and every error answer as its kind.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sungrowConnector } from '../../../../server/sources/sungrow/index.js';
import { SourceError, type SourceDevice, type SpendCalls } from '../../../../server/sources/types.js';
import { startSungrowFake, SUNGROW_FAKE_CREDENTIALS, type SungrowFake, type SungrowFakeOptions } from '../../../../testing/vendors/sungrow-fake.js';

const fakes: SungrowFake[] = [];
afterAll(() => Promise.all(fakes.map((f) => f.close())));
const always: SpendCalls = async () => true;

/** The recorded real-time plants (970645, 972402) listed in the account, at GMT+8. */
const chinesePlants: SungrowFakeOptions['edit'] = (path, data) => {
  if (path === 'getPowerStationList') {
    data.pageList = ['970645', '972402'].map((id) => ({ ...data.pageList[0], ps_id: Number(id), ps_name: `Planta ${id}`, ps_current_time_zone: 'GMT+8' }));
    data.rowCount = 2;
  }
  return data;
};

async function setup(opts: SungrowFakeOptions = {}, spend = always, credentials = SUNGROW_FAKE_CREDENTIALS) {
  const fake = await startSungrowFake(opts);
  fakes.push(fake);
  const connector = sungrowConnector({ id: 1, vendor: 'sungrow', baseUrl: fake.url, credentials: { ...credentials } }, spend);
  return { fake, connector };
}
const failure = async (work: Promise<unknown>) => {
  const err = await work.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(SourceError);
  return err as SourceError;
};
const inverter = (station: string, id: string): SourceDevice => ({ id, station, kind: 'inverter', vendorType: 0, name: '', model: '', serial: '' });

describe('Sungrow connector', () => {
  it('logs in once and lists the plants (capacity unknown: none) and a plant\'s five inverters by ps_key and serial', async () => {
    const { connector, fake } = await setup();
    expect(await connector.stations()).toEqual([{ code: '700666130', name: 'JUnit Test Plant', address: 'Germany', capacityKwp: null }]);
    const devices = await connector.devices(['700666130']);
    expect(devices).toHaveLength(5);
    expect(devices[0]).toEqual({ id: '689661_1_1_5', station: '700666130', kind: 'inverter', vendorType: 0, name: '研发楼NB04', model: 'SG50CX-P2-CN', serial: 'A0000000001' });
    expect(fake.logins).toBe(1);
  });

  it("reads each plant's figures now in W and Wh at its device_time (GMT+8), filed under its first inverter", async () => {
    const { connector, fake } = await setup({ edit: chinesePlants });
    const read = await connector.latest([inverter('970645', 'a'), inverter('970645', 'b'), inverter('972402', 'c')]);
    // device_time 20241127151500 at GMT+8 is 07:15 UTC; "9276.0" W, "108500.0" Wh; a day of "0.0" is 0 Wh.
    expect(read).toEqual([
      { device: 'a', reading: { ts: new Date('2024-11-27T07:15:00Z'), ac_power_w: 9276, energy_day_wh: 108_500, energy_total_wh: null } },
      { device: 'c', reading: { ts: new Date('2024-11-27T07:15:00Z'), ac_power_w: 0, energy_day_wh: 0, energy_total_wh: null } },
    ]);
    // The zones from the plant list, then one real-time call for both plants.
    expect(fake.calls.map((c) => c.path)).toEqual(['login', 'getPowerStationList', 'getDeviceRealTimeData']);
    expect(fake.calls.at(-1)!.body.ps_key_list).toEqual(['970645_11_0_0', '972402_11_0_0']);
  });

  it('marks a plant the cloud gives no figures of, and reads the others', async () => {
    const { connector } = await setup({ edit: (path, data) => {
      chinesePlants(path, data);
      if (path === 'getPowerStationList') data.pageList.push({ ...data.pageList[0], ps_id: 555, ps_current_time_zone: 'GMT-4' });
      return data;
    } });
    const read = await connector.latest([inverter('970645', 'a'), inverter('555', 'x')]);
    expect(read[1]).toMatchObject({ device: 'x', error: { kind: 'malformed' } });
    expect('reading' in read[0]).toBe(true);
  });

  it('logs in again when the session ends, and says session when the new token is refused too', async () => {
    const { connector, fake } = await setup({ edit: chinesePlants });
    const devices = [inverter('970645', 'a')];
    await connector.latest(devices);
    fake.expire();
    expect(await connector.latest(devices)).toHaveLength(1);
    expect(fake.logins).toBe(2);
    await fake.setMode('expired');
    expect(await failure(connector.latest(devices))).toMatchObject({ kind: 'session' });
  });

  it('turns each error answer into its kind, never naming the secret or the password', async () => {
    const wrong = await setup({}, always, { ...SUNGROW_FAKE_CREDENTIALS, user_password: 'otra' });
    expect(await failure(wrong.connector.stations())).toMatchObject({ kind: 'credentials' });
    const { connector, fake } = await setup();
    for (const [mode, kind] of [['quota', 'quota'], ['down', 'down'], ['malformed', 'malformed'], ['refused', 'down']] as const) {
      await fake.setMode(mode);
      const err = await failure(connector.stations());
      expect([mode, err.kind]).toEqual([mode, kind]);
      expect(err.message).not.toContain(SUNGROW_FAKE_CREDENTIALS.secret_key);
      expect(err.message).not.toContain(SUNGROW_FAKE_CREDENTIALS.user_password);
    }
  });

  it('makes no call once the budget is spent; history is refused, not invented', async () => {
    const { connector, fake } = await setup({}, async () => false);
    expect(await failure(connector.stations())).toMatchObject({ kind: 'quota' });
    expect(await failure(connector.history('700666130', '2024-11-27', 'Europe/Berlin'))).toMatchObject({ kind: 'refused' });
    expect(fake.calls).toHaveLength(0);
  });
});
