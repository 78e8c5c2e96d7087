/**
 * The Huawei FusionSolar connector against its fake (testing/vendors/huawei-fake.ts, built from the
 * recorded exchanges): login and a new login when the session ends, readings in the portal's units
 * equal to the recorded values, and every recorded error answer as the connector promises.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { huaweiConnector, localMidnight, value } from '../../../server/sources/huawei/index.js';
import { SourceError, type SpendCalls } from '../../../server/sources/types.js';
import { huaweiExchange, recordedHours, recordedStation, startHuaweiFake, type FakeStation, type HuaweiFake } from '../../../testing/vendors/huawei-fake.js';

let fake: HuaweiFake;
beforeAll(async () => { fake = await startHuaweiFake(); });
afterAll(() => fake?.close());
afterEach(() => { fake.stations = [recordedStation()]; fake.calls.length = 0; fake.gateway403 = false; fake.endSessions(); fake.resetQuota(); });

const always: SpendCalls = async () => true;
const connect = (over: { userName?: string; systemCode?: string } = {}, spend = always) => huaweiConnector({
  id: 1, vendor: 'huawei', baseUrl: fake.baseUrl, credentials: { userName: fake.userName, systemCode: fake.systemCode, ...over },
}, spend);
const apis = () => fake.calls.map((c) => c.api);
const failure = async (work: Promise<unknown>) => {
  const err = await work.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(SourceError);
  return err as SourceError;
};
const recordedKpi = huaweiExchange('fusionsolar-rs/getDevRealKpi-inverter.json').response.body.data[0].dataItemMap;

describe('Huawei FusionSolar connector', () => {
  it('logs in once, sends the xsrf-token back, and lists stations in kWp (the API gives MW)', async () => {
    const c = connect();
    expect(await c.stations()).toEqual([{ code: 'StationCode', name: 'StationName', address: 'StationAddr', capacityKwp: 5 }]);
    await c.stations();
    expect(apis()).toEqual(['login', 'getStationList', 'getStationList']);
  });

  it('logs in again when the session ends (failCode 305) and retries the call once', async () => {
    const c = connect();
    await c.stations();
    fake.endSessions();
    expect(await c.stations()).toHaveLength(1);
    expect(apis()).toEqual(['login', 'getStationList', 'getStationList', 'login', 'getStationList']);
  });

  it('reads the recorded inverter in the portal units: kW to W, kWh to Wh, its strings, at the answer time', async () => {
    const c = connect();
    const devices = await c.devices(['StationCode']);
    expect(devices.map((d) => [d.id, d.kind, d.vendorType, d.model, d.serial])).toEqual([
      ['1000000000000001', 'other', 62, 'SDongleA-05', 'ensCode1'], ['1000000000000002', 'inverter', 1, 'SUN2000-5KTL-M1', 'ensCode2'],
    ]);
    const [read] = await c.latest(devices);
    expect(read.device).toBe('1000000000000002');
    if (!('reading' in read)) throw read.error;
    const call = fake.calls.find((x) => x.api === 'getDevRealKpi')!;
    expect(call.body).toEqual({ devIds: '1000000000000002', devTypeId: 1 });
    expect(read.reading).toEqual({
      ts: new Date(call.at), status: 'running',
      ac_power_w: recordedKpi.active_power * 1000, energy_day_wh: 3110, energy_total_wh: 767040,
      dc: [{ mppt: 1, voltage_v: 334.4, current_a: 6.44, power_w: 2153.5 }],
    });
    expect(read.reading.ac_power_w).toBe(2053);
  });

  it('takes numbers sent as strings and leaves "N/A" and nulls out, never as a 0 counter', async () => {
    const [inverter] = recordedStation().devices.filter((d) => d.devTypeId === 1);
    fake.stations = [{ ...recordedStation(), devices: [{ ...inverter, kpi: { active_power: '1.5', day_cap: 'N/A', total_cap: null, inverter_state: '512' } }] }];
    const c = connect();
    const [read] = await c.latest(await c.devices(['StationCode']));
    expect('reading' in read && read.reading).toMatchObject({ ac_power_w: 1500, energy_day_wh: null, energy_total_wh: null, status: 'running' });
    expect([value('12.5'), value('N/A'), value(null), value(''), value('1e3')]).toEqual([12.5, null, null, null, 1000]);
  });

  it("folds a station's meter and battery into its inverter's reading, in W and %", async () => {
    const station = recordedStation();
    fake.stations = [{ ...station, devices: [...station.devices,
      { id: '1000000000000047', devTypeId: 47, devName: 'Meter', esnCode: 'm1', invType: 'DTSU666-H', kpi: { active_power: -850, meter_u: 229 } },
      { id: '1000000000000039', devTypeId: 39, devName: 'LUNA2000', esnCode: 'b1', invType: 'LUNA2000-5', kpi: { ch_discharge_power: '400', battery_soc: '63' } }] }];
    const c = connect();
    const [read] = await c.latest(await c.devices(['StationCode']));
    expect('reading' in read && read.reading).toMatchObject({ grid_import_w: 850, grid_export_w: 0, battery_power_w: 400, battery_soc: 63, pv_power_w: 2115 });
    expect(fake.calls.filter((x) => x.api === 'getDevRealKpi').map((x) => x.body.devTypeId).sort()).toEqual([1, 39, 47]);
  });

  it('reads station KPIs (the manual example, values as strings) in Wh, 100 stations a call at most', async () => {
    const doc = huaweiExchange('nbi-doc-v6/06-getStationRealKpi-ok.json').response.body.data;
    const many: FakeStation[] = Array.from({ length: 150 }, (_, i) => ({ stationCode: `S${i}`, stationName: `S${i}`, stationAddr: null, capacity: 0.01, devices: [] }));
    fake.stations = [...doc.map((d: any) => ({ stationCode: d.stationCode, stationName: '', stationAddr: null, capacity: 1, devices: [], kpi: d.dataItemMap })), ...many];
    const kpis = await connect().stationKpis(fake.stations.map((s) => s.stationCode));
    expect(kpis[0]).toEqual({ code: 'BA4372D08E014822AB065017416F254C', dayWh: 10_000_000, monthWh: 900_000, totalWh: 900_000, health: 3 });
    expect(fake.calls.filter((x) => x.api === 'getStationRealKpi').map((x) => String(x.body.stationCodes).split(',').length)).toEqual([100, 52]);
  });

  it("gives a day's hourly production from the plant's local midnight (the manual's series)", async () => {
    const code = '5D02E8B40AD342159AC8D8A2BCD4FAB5';
    fake.stations = [{ stationCode: code, stationName: 'station2', stationAddr: null, capacity: 0.1, devices: [], hours: recordedHours(code) }];
    // The manual asks 1501862400000: 2017-08-05 00:00 in China (UTC+8).
    expect(localMidnight('2017-08-05', 'Asia/Shanghai')).toBe(1501862400000);
    expect(localMidnight('2026-07-01', 'America/Santiago')).toBe(Date.UTC(2026, 6, 1, 4));
    const hours = await connect().history(code, '2017-08-05', 'Asia/Shanghai');
    expect(fake.calls.at(-1)!.body).toEqual({ stationCodes: code, collectTime: 1501862400000 });
    expect(hours[0]).toEqual({ ts: new Date(1501862400000), energy_wh: 0 });
    expect(hours).toHaveLength(6);
  });

  describe('error answers', () => {
    it('20001 (no such user) and 20400 (wrong password) at login: a credentials error', async () => {
      expect(await failure(connect({ userName: 'nobody' }).stations())).toMatchObject({ kind: 'credentials', options: { code: 20001 } });
      expect(await failure(connect({ systemCode: 'wrong' }).stations())).toMatchObject({ kind: 'credentials', options: { code: 20400 } });
    });
    it('20003 (system expired): a credentials error', async () => {
      fake.failNext('getStationList', 20003);
      expect(await failure(connect().stations())).toMatchObject({ kind: 'credentials', options: { code: 20003 } });
    });
    it('305 again after a new login: a session error, after one new login only', async () => {
      const c = connect();
      await c.stations();
      fake.failNext('getStationList', 305, 2);
      expect(await failure(c.stations())).toMatchObject({ kind: 'session', options: { code: 305 } });
      expect(apis()).toEqual(['login', 'getStationList', 'getStationList', 'login', 'getStationList']);
    });
    it('407 (message in data): a quota error with a back-off', async () => {
      fake.failNext('getStationList', 407);
      const err = await failure(connect().stations());
      expect(err).toMatchObject({ kind: 'quota', options: { code: 407, retryAfterMs: 300_000 } });
      expect(err.message).toContain('ACCESS_FREQUENCY_IS_TOO_HIGH');
    });
    it("the gateway's HTTP 403 without an envelope: a quota error", async () => {
      fake.gateway403 = true;
      expect(await failure(connect().stations())).toMatchObject({ kind: 'quota', options: { code: 403 } });
    });
    it('20006 (devices of another type) marks those devices, the others are read', async () => {
      const c = connect();
      const devices = await c.devices(['StationCode']);
      fake.failNext('getDevRealKpi', 20006);
      const [read] = await c.latest(devices);
      expect('error' in read && read.error).toMatchObject({ kind: 'refused', options: { code: 20006 } });
    });
    it('20009 (KPIs not configured) and 20010 (empty plant list): the request is refused', async () => {
      fake.failNext('getStationRealKpi', 20009);
      expect(await failure(connect().stationKpis(['StationCode']))).toMatchObject({ kind: 'refused', options: { code: 20009 } });
      fake.failNext('getDevList', 20010);
      expect(await failure(connect().devices(['StationCode']))).toMatchObject({ kind: 'refused', options: { code: 20010 } });
    });
    it('an HTTP 5xx: down; an answer that is no envelope or not JSON: malformed', async () => {
      fake.answerNext('getStationList', 502, 'Bad Gateway');
      expect(await failure(connect().stations())).toMatchObject({ kind: 'down', options: { code: 502 } });
      fake.answerNext('getStationList', 200, '<html>maintenance</html>');
      expect(await failure(connect().stations())).toMatchObject({ kind: 'malformed' });
      fake.answerNext('getStationList', 200, '{"data": []}');
      expect(await failure(connect().stations())).toMatchObject({ kind: 'malformed' });
    });
    it('a vendor that does not answer: down; a budget that refuses: quota, and no call is made', async () => {
      const down = huaweiConnector({ id: 1, vendor: 'huawei', baseUrl: 'http://127.0.0.1:1', credentials: { userName: 'u', systemCode: 's' } }, always);
      expect(await failure(down.stations())).toMatchObject({ kind: 'down' });
      expect(await failure(connect({}, async () => false).stations())).toMatchObject({ kind: 'quota' });
      expect(fake.calls).toHaveLength(0);
    });
  });
});
