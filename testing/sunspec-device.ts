/**
 * SunSpec devices for the agent's tests: modbus-serial's own Modbus TCP server answering function 3
 * from register images, per unit id, as a device does: an address outside the image is a Modbus
 * exception (illegal data address); a unit id it does not have gets no answer, as behind a gateway.
 *
 * - `recordedImage()`: the register image of a real SMA Sunny Boy 3.6 (../shared/fixtures/vendors/
 *   sunspec/devices), common model of 66 registers.
 * - `hybridImage()`: a Fronius-style hybrid we describe (no public dump exists, SOURCES.md "Gaps"):
 *   common model of 65 registers, three-phase inverter 103, MPPT extension 160 with two PV inputs and
 *   the battery as StCha/StDisCha modules, storage 124 and a meter 203, built from the official
 *   model definitions, with the values the tests expect.
 */
import fs from 'node:fs';
import path from 'node:path';
import ModbusRTU, { type ServerTCP } from 'modbus-serial';
import { MODELS, type Model, type Point } from '../agent/sunspec/models.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../shared/fixtures/vendors/sunspec');

export interface Image { base: number; registers: number[] }

export function recordedImage(): Image & { unit: number } {
  const file = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'devices/sma-sunny-boy-3.6.json'), 'utf8')) as { registers: number[]; modbus: { base_address: number; unit_id: number } };
  return { base: file.modbus.base_address, registers: file.registers, unit: file.modbus.unit_id };
}

/** Raw register values of a point: numbers as the point's type encodes them; strings padded with NULs. */
function encode(point: Point, value: number | string): number[] {
  const regs = new Array<number>(point.size).fill(0);
  if (typeof value === 'string') {
    const b = Buffer.alloc(point.size * 2);
    b.write(value, 'latin1');
    for (let i = 0; i < point.size; i++) regs[i] = b.readUInt16BE(i * 2);
    return regs;
  }
  const b = Buffer.alloc(4);
  if (point.type === 'float32') b.writeFloatBE(value, 0);
  else if (point.size === 2) b.writeUInt32BE(value >>> 0, 0);
  else { b.writeUInt16BE(value & 0xffff, 2); return [b.readUInt16BE(2)]; }
  return [b.readUInt16BE(0), b.readUInt16BE(2)];
}

/** Not-implemented value of a point's type. */
function absent(point: Point): number[] {
  switch (point.type) {
    case 'int16': case 'sunssf': return [0x8000];
    case 'int32': return [0x8000, 0];
    case 'float32': return [0x7fc0, 0];
    case 'acc32': case 'acc16': case 'acc64': case 'string': case 'pad': return new Array(point.size).fill(0);
    default: return new Array(point.size).fill(0xffff);
  }
}

/** A model's registers (ID, L, points): `values` raw, by point name; `repeats` for its repeating group; `length` to cut it short. */
export function modelRegisters(id: number, values: Record<string, number | string>, repeats: Record<string, number | string>[] = [], length?: number): number[] {
  const model = MODELS.get(id) as Model;
  const fill = (points: Point[], v: Record<string, number | string>) => points.flatMap((p) => (p.name in v ? encode(p, v[p.name]) : absent(p)));
  const regs = [...fill(model.fixed, values), ...repeats.flatMap((r) => (model.repeat ? fill(model.repeat.points, r) : []))];
  regs[0] = id;
  const body = length ?? regs.length - 2;
  regs[1] = body;
  return regs.slice(0, body + 2);
}

/** `SunS`, the models, the end marker. */
export const sunspecImage = (base: number, models: number[][]): Image => ({ base, registers: [0x5375, 0x6e53, ...models.flat(), 0xffff, 0] });

/** The hybrid device (values in comments are what the portal should receive). */
export function hybridImage(serial = 'HYB-0001', base = 40000): Image {
  return sunspecImage(base, [
    modelRegisters(1, { Mn: 'Fronius', Md: 'Symo GEN24 6.0 Plus', Vr: '1.30.7-1', SN: serial, DA: 1 }, [], 65),
    // W 4210 W; WH 12 345 678 × 10^1 = 123 456 780 Wh; A_SF -2; St 4 (MPPT: running); DCW not implemented.
    modelRegisters(103, { A: 1834, AphA: 611, AphB: 612, AphC: 611, A_SF: -2, PhVphA: 2301, PhVphB: 2299, PhVphC: 2302, V_SF: -1, W: 4210, W_SF: 0, Hz: 5001, Hz_SF: -2, WH: 12345678, WH_SF: 1, St: 4 }),
    modelRegisters(120, { DERTyp: 82, WRtg: 60, WRtg_SF: 2 }),
    // ChaState 8 150 × 10^-2 = 81.5 %.
    modelRegisters(124, { WChaMax: 10240, WChaMax_SF: 0, ChaState: 8150, ChaState_SF: -2 }),
    // DCA_SF -2, DCV_SF -1, DCW_SF 0: MPPT1 612.3 V 4.5 A 2755 W; MPPT2 598.0 V 2.5 A 1495 W; the battery charges at 850 W.
    modelRegisters(160, { DCA_SF: -2, DCV_SF: -1, DCW_SF: 0, DCWH_SF: 0, N: 4 }, [
      { ID: 1, IDStr: 'MPPT1', DCA: 450, DCV: 6123, DCW: 2755, DCWH: 1000 },
      { ID: 2, IDStr: 'MPPT2', DCA: 250, DCV: 5980, DCW: 1495, DCWH: 1000 },
      { ID: 3, IDStr: 'StCha 3', DCA: 200, DCV: 4250, DCW: 850 },
      { ID: 4, IDStr: 'StDisCha 4', DCA: 0, DCV: 4250, DCW: 0 },
    ]),
    // W −1 523 × 10^0: 1523 W fed into the grid; TotWhImp 9 876 Wh × 10^1, TotWhExp not implemented (0).
    modelRegisters(203, { W: -1523 & 0xffff, W_SF: 0, TotWhImp: 9876, TotWh_SF: 1 }),
  ]);
}

/** A feed-in meter that is a device of its own (a Fronius Smart Meter at unit 200): 2 340 W taken from the grid. */
export function meterImage(serial = 'MTR-0001'): Image {
  return sunspecImage(40000, [
    modelRegisters(1, { Mn: 'Fronius', Md: 'Smart Meter TS 65A-3', SN: serial }, [], 65),
    modelRegisters(213, { W: 2340, TotWhImp: 1_250_000, TotWhExp: 3_400_000 }),
  ]);
}

export interface FakeDevices {
  port: number;
  /** Unit ids that stop answering (no reply at all) until given back. */
  silent: Set<number>;
  /** Requests served, per unit. */
  reads: Map<number, number>;
  close(): Promise<void>;
}

/** One Modbus TCP server on `port` answering for each unit id in `units` from its image. */
export async function serveDevices(port: number, units: Record<number, Image>): Promise<FakeDevices> {
  const silent = new Set<number>();
  const reads = new Map<number, number>();
  type Done = (err: Error | null, values: number[]) => void;
  /** Answers through `done`, or never (a unit not here, or silenced): the client's own timeout ends it. */
  const answer = (addr: number, len: number, unit: number, done: Done) => {
    const image = units[unit];
    if (!image || silent.has(unit)) return;
    reads.set(unit, (reads.get(unit) ?? 0) + 1);
    const from = addr - image.base;
    if (from < 0 || from + len > image.registers.length) return done(Object.assign(new Error('Illegal data address'), { modbusErrorCode: 2 }), []);
    done(null, image.registers.slice(from, from + len));
  };
  // modbus-serial's CommonJS export carries the server as a property its typings do not declare.
  const Server = (ModbusRTU as unknown as { ServerTCP: typeof ServerTCP }).ServerTCP;
  const server = new Server({
    getMultipleHoldingRegisters: (addr: number, len: number, unit: number, done: Done) => answer(addr, len, unit, done),
    getHoldingRegister: (addr: number, unit: number, done: (err: Error | null, value: number) => void) => answer(addr, 1, unit, (err, values) => done(err, values[0])),
  }, { host: '127.0.0.1', port, unitID: 255 });
  await new Promise<void>((resolve, reject) => {
    server.on('initialized', () => resolve());
    server.on('serverError', reject);
  });
  return {
    port, silent, reads,
    close: () => new Promise<void>((resolve) => {
      for (const sock of server.socks.keys()) sock.destroy();
      server.close(() => resolve());
    }),
  };
}
