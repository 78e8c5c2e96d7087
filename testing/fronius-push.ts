/**
 * Bodies a Fronius Push Service job sends, built from the recorded Solar API answers
 * (../shared/fixtures/fronius, through ./fronius-replay.ts) in the shapes of Fronius' Push Service
 * manual: the CurrentData formats are the system-scope realtime answers with the data directly in
 * Body and `RequestArguments.Query` naming the device class; Logdata is the archive's shape
 * (`"inverter/N": {Start, Data: {channel: {Values: {seconds: value}}}}`).
 */
import { DAY, recording } from './fronius-replay.js';

const head = (query: string, timestamp: string) => ({
  RequestArguments: { Query: query, Scope: 'System' },
  Status: { Code: 0, Reason: '', UserMessage: '' },
  Timestamp: timestamp,
});

type PushedDevice = { pac?: number; total: number; day?: number; year?: number };

/**
 * "SolarAPI v1 - CurrentData - Inverter": PAC and the energy counters by device id (the recorded
 * system answer, producing); the day counter 0 and no year counter unless given.
 */
export function inverterPush(timestamp: string, devices: Record<number, PushedDevice> = { 1: { pac: DAY.pac, total: 26213502 } }) {
  const recorded = recording('GetInverterRealtimeData.cgi___Scope=System').Body.Data;
  const values = (pick: (d: PushedDevice) => number | undefined) =>
    Object.fromEntries(Object.entries(devices).filter(([, d]) => pick(d) !== undefined).map(([id, d]) => [id, pick(d)]));
  return {
    Head: head('Inverter', timestamp),
    Body: {
      PAC: { ...recorded.PAC, Values: values((d) => d.pac) },
      DAY_ENERGY: { ...recorded.DAY_ENERGY, Values: values((d) => d.day ?? 0) },
      YEAR_ENERGY: { ...recorded.YEAR_ENERGY, Values: values((d) => d.year) },
      TOTAL_ENERGY: { ...recorded.TOTAL_ENERGY, Values: values((d) => d.total) },
    },
  };
}

/**
 * "SolarAPI v1 - CurrentData - Powerflow": the recorded power flow, producing ('day' values of the
 * replay), or as `over` says (a hybrid at night: no PV, its battery giving what the inverter outputs).
 */
export function powerflowPush(timestamp: string, over: { pPv?: number; pac?: number; pAkku?: number; pGrid?: number; pLoad?: number; total?: number } = {}) {
  const v = { pPv: DAY.pPv, pac: DAY.pac, pAkku: DAY.pAkku, pGrid: DAY.pGrid, pLoad: DAY.pLoad, total: 26213502, ...over };
  const json = recording('power_flow');
  Object.assign(json.Body.Data.Site, { P_PV: v.pPv, P_Grid: v.pGrid, P_Akku: v.pAkku, P_Load: v.pLoad });
  json.Body.Data.Inverters['1'] = { ...json.Body.Data.Inverters['1'], P: v.pac, SOC: DAY.flowSoc, E_Total: v.total };
  return { Head: head('PowerFlow', timestamp), Body: json.Body.Data };
}

/** "SolarAPI v1 - CurrentData - Meter": the recorded meter, placed at the feed-in point (location 0). */
export function meterPush(timestamp: string, powerW: number) {
  const json = recording('meter');
  json.Body.Data['0'] = { ...json.Body.Data['0'], Meter_Location_Current: 0, PowerReal_P_Sum: powerW };
  return { Head: head('Meter', timestamp), Body: json.Body.Data };
}

/** "SolarAPI v1 - CurrentData - Storages": the recorded BYD battery. */
export function storagesPush(timestamp: string) {
  return { Head: head('Storage', timestamp), Body: recording('storage').Body.Data };
}

/** "SolarAPI v1 - Logdata - Data": 5-minute archive values of inverter 1 from `start`. */
export function logdataPush(start: string, values: { power: number[]; udc: number; idc: number }) {
  const byOffset = (f: (i: number) => number) => Object.fromEntries(values.power.map((_, i) => [String(i * 300), f(i)]));
  return {
    Head: { ...head('Logdata', start), RequestArguments: { Scope: 'System', SeriesType: 'Detail', HumanReadable: 'True' } },
    Body: {
      Data: {
        'inverter/1': {
          Start: start, End: start, DeviceType: 123, NodeType: 97,
          Data: {
            PowerReal_PAC_Sum: { Unit: 'W', Values: byOffset((i) => values.power[i]) },
            Voltage_DC_String_1: { Unit: 'V', Values: byOffset(() => values.udc) },
            Current_DC_String_1: { Unit: 'A', Values: byOffset(() => values.idc) },
          },
        },
        'datamanager:/dc/f0056cc6/': { Data: {} },
      },
    },
  };
}

/** "SolarAPI v1 - Logdata - Errors and Events": the recorded inverter's error 523, and an event, at seconds after `start`. */
export function eventsPush(start: string, device = 1, code = recording('inverter').Body.Data.DeviceStatus.ErrorCode as number) {
  return {
    Head: { ...head('Logdata', start), RequestArguments: { Scope: 'System', Channel: ['InverterErrors', 'InverterEvents'] } },
    Body: {
      Data: {
        [`inverter/${device}`]: {
          Start: start, End: start, DeviceType: 123, NodeType: 97,
          Data: {
            InverterErrors: { Unit: '', Values: { 3600: { '#': code, attr: { StateToReset: true } } } },
            InverterEvents: { Unit: '', Values: { 7200: { '#': 1, attr: {} } } },
          },
        },
      },
    },
  };
}
