/**
 * The SunSpec models the agent reads, from the official definitions shipped in models/ (sunspec/models,
 * Apache-2.0): each model's points with their offsets from the model's header, and how a block of
 * registers decodes into values. No register address is written anywhere else in the agent.
 */
import { readFileSync } from 'node:fs';

/** The models shipped in models/ (see its README). */
export const MODEL_IDS = [1, 101, 102, 103, 111, 112, 113, 120, 124, 160, 201, 202, 203, 204, 211, 212, 213, 214] as const;

interface PointDef { name: string; type: string; size: number; sf?: string | number; units?: string }
interface GroupDef { name: string; count?: number | string; points: PointDef[]; groups?: GroupDef[] }

/** A point placed in its model: `offset` in registers from the model's ID register. */
export interface Point extends PointDef { offset: number }
export interface Model {
  id: number;
  name: string;
  /** The points before the repeating group, ID and L included. */
  fixed: Point[];
  /** Registers of the fixed part (ID and L included). */
  fixedSize: number;
  /** The repeating group (model 160's modules), its points' offsets from the start of one repeat. */
  repeat: { name: string; points: Point[]; size: number } | null;
}

function place(points: PointDef[]): { points: Point[]; size: number } {
  let offset = 0;
  const placed = points.map((p) => {
    const point = { ...p, offset };
    offset += p.size;
    return point;
  });
  return { points: placed, size: offset };
}

function load(id: number): Model {
  const { group } = JSON.parse(readFileSync(new URL(`./models/model_${id}.json`, import.meta.url), 'utf8')) as { group: GroupDef };
  const fixed = place(group.points);
  const sub = group.groups?.[0];
  return {
    id, name: group.name, fixed: fixed.points, fixedSize: fixed.size,
    repeat: sub ? { name: sub.name, ...place(sub.points) } : null,
  };
}

export const MODELS: ReadonlyMap<number, Model> = new Map(MODEL_IDS.map((id) => [id, load(id)]));

/** A decoded model: its points by name (null when not implemented), scaled; repeats in `groups`. */
export interface Decoded {
  id: number;
  length: number;
  points: Record<string, number | string | null>;
  groups: Record<string, number | string | null>[];
}

/**
 * One raw value: registers big-endian, as SunSpec says. The "not implemented" values are null
 * (int16 0x8000, uint16/enum16/bitfield16/count 0xFFFF, 32-bit 0xFFFFFFFF or 0x80000000, an
 * accumulator of 0, NaN, a string of NULs), so a device that lacks a point is told from one at zero.
 */
export function rawValue(type: string, regs: number[]): number | string | null {
  const u32 = () => (regs[0] * 0x10000 + regs[1]) >>> 0;
  switch (type) {
    case 'int16': case 'sunssf': { const v = regs[0]; return v === 0x8000 ? null : (v << 16) >> 16; }
    case 'uint16': case 'enum16': case 'bitfield16': case 'count': return regs[0] === 0xffff ? null : regs[0];
    case 'acc16': return regs[0] === 0 ? null : regs[0];
    case 'uint32': case 'enum32': case 'bitfield32': { const v = u32(); return v === 0xffffffff ? null : v; }
    case 'acc32': { const v = u32(); return v === 0 ? null : v; }
    case 'int32': { const v = u32(); return v === 0x80000000 ? null : v | 0; }
    case 'float32': {
      const b = Buffer.alloc(4);
      b.writeUInt16BE(regs[0], 0);
      b.writeUInt16BE(regs[1], 2);
      const v = b.readFloatBE(0);
      return Number.isNaN(v) ? null : v;
    }
    case 'acc64': case 'uint64': {
      const v = regs.reduce((acc, r) => acc * 0x10000n + BigInt(r), 0n);
      if ((type === 'acc64' && v === 0n) || v === 0xffffffffffffffffn) return null;
      return Number(v);
    }
    case 'string': {
      const b = Buffer.alloc(regs.length * 2);
      regs.forEach((r, i) => b.writeUInt16BE(r, i * 2));
      const s = b.toString('latin1').replace(/\0.*$/s, '').trim();
      return s || null;
    }
    default: return null; // pad, addresses: nothing the agent uses
  }
}

/** The values of some points, scaled by their scale factor (a point of `sf`: a sibling, or a fixed point's name). */
function decodePoints(points: Point[], regs: number[], base: number, length: number, sfs: Record<string, number | string | null>) {
  const raw: Record<string, number | string | null> = {};
  for (const p of points) {
    // A model shorter than its definition (common model of 65 registers: no Pad) lacks the points past its end.
    if (base + p.offset + p.size > length) break;
    raw[p.name] = rawValue(p.type, regs.slice(base + p.offset, base + p.offset + p.size));
  }
  const scaled: Record<string, number | string | null> = {};
  for (const p of points) {
    if (!(p.name in raw)) continue;
    const v = raw[p.name];
    if (p.sf === undefined || typeof v !== 'number') { scaled[p.name] = v; continue; }
    const sf = typeof p.sf === 'number' ? p.sf : (raw[p.sf] ?? sfs[p.sf]);
    // A value whose scale factor is not implemented has no known size.
    scaled[p.name] = typeof sf === 'number' ? roundScaled(v * 10 ** sf) : null;
  }
  return { raw, scaled };
}

/** 236.9 rather than 236.90000000000003: a scaled value has no more digits than its factor gives. */
const roundScaled = (v: number) => Number(v.toPrecision(12));

/** A model's registers (from its ID register: ID, L, then L registers) decoded by its definition. */
export function decodeModel(model: Model, regs: number[]): Decoded {
  const length = regs.length; // 2 + L
  const fixed = decodePoints(model.fixed, regs, 0, length, {});
  const groups: Decoded['groups'] = [];
  if (model.repeat && model.repeat.size > 0) {
    const count = Math.floor((length - model.fixedSize) / model.repeat.size);
    for (let i = 0; i < count; i++) {
      groups.push(decodePoints(model.repeat.points, regs, model.fixedSize + i * model.repeat.size, length, fixed.raw).scaled);
    }
  }
  return { id: model.id, length: length - 2, points: fixed.scaled, groups };
}
