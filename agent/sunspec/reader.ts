/**
 * Reads a SunSpec device over Modbus TCP (modbus-serial): finds the `SunS` marker at 40000, 50000 or
 * 0, walks the chain of models (ID, L) to the end marker 0xFFFF, and decodes the models the agent
 * knows (models.ts). The chain is walked afresh on each connection: a firmware update may move models.
 */
import ModbusRTU from 'modbus-serial';
import { decodeModel, MODELS, type Decoded } from './models.js';

/** Where SunSpec maps start, in the order devices use them. */
export const BASE_ADDRESSES = [40000, 50000, 0] as const;
/** The most registers one Modbus read returns. */
const MAX_READ = 125;
/** `SunS` in two registers. */
const SUNS = [0x5375, 0x6e53];
/** More models than any device has: a chain that never ends is refused. */
const MAX_MODELS = 64;

export interface SunSpecAddress { host: string; port: number; unit: number }

/** `HOST[:PORT][/UNIT]`: port 502 and unit 1 unless given (SMA and SolarEdge answer on unit 126). */
export function parseAddress(text: string): SunSpecAddress {
  const m = /^\s*(\[[^\]]+\]|[^:/\s]+)(?::(\d{1,5}))?(?:\/(\d{1,3}))?\s*$/.exec(text);
  if (!m) throw new Error(`not a SunSpec address (HOST[:PORT][/UNIT]): ${text}`);
  const port = m[2] ? Number(m[2]) : 502;
  const unit = m[3] ? Number(m[3]) : 1;
  if (port < 1 || port > 65535 || unit > 247) throw new Error(`not a SunSpec address (port 1-65535, unit 0-247): ${text}`);
  return { host: m[1].replace(/^\[|\]$/g, ''), port, unit };
}
export const formatAddress = (a: SunSpecAddress) => `${a.host}:${a.port}/${a.unit}`;

/** A chain entry: where the model's ID register is, its id and length. */
export interface ChainEntry { id: number; length: number; address: number }

export interface SunSpecDevice {
  address: SunSpecAddress;
  base: number;
  chain: ChainEntry[];
  /** The decoded models the agent knows, by id (the first of each id). */
  models: Map<number, Decoded>;
}

/** One Modbus TCP connection to one unit, every request under `timeoutMs`. */
export class SunSpecClient {
  private client = new ModbusRTU();
  constructor(readonly address: SunSpecAddress, private timeoutMs: number) {}

  async connect() {
    // connectTCP has no timeout of its own for a host that drops SYNs: race it.
    await withTimeout(this.client.connectTCP(this.address.host, { port: this.address.port }), this.timeoutMs, `no connection to ${formatAddress(this.address)}`);
    this.client.setID(this.address.unit);
    this.client.setTimeout(this.timeoutMs);
  }

  close() {
    return new Promise<void>((resolve) => {
      if (!this.client.isOpen) return resolve();
      this.client.close(() => resolve());
    });
  }

  async read(address: number, count: number): Promise<number[]> {
    const out: number[] = [];
    for (let at = address; at < address + count; at += MAX_READ) {
      const n = Math.min(MAX_READ, address + count - at);
      try {
        const { data } = await withTimeout(this.client.readHoldingRegisters(at, n), this.timeoutMs, 'read');
        out.push(...data);
      } catch (err) {
        if (isTimeout(err)) throw new TimeoutError(`no answer from ${formatAddress(this.address)} in ${this.timeoutMs} ms`);
        throw err;
      }
    }
    return out;
  }

  /** The base where `SunS` is, or null. A base the device refuses (exception) or does not answer is skipped. */
  async findBase(): Promise<number | null> {
    for (const base of BASE_ADDRESSES) {
      try {
        const [a, b] = await this.read(base, 2);
        if (a === SUNS[0] && b === SUNS[1]) return base;
      } catch (err) {
        if (isTimeout(err) || !this.client.isOpen) throw err;
      }
    }
    return null;
  }

  /** The chain of models from `base`: headers only. */
  async chain(base: number): Promise<ChainEntry[]> {
    const chain: ChainEntry[] = [];
    let at = base + 2;
    for (let i = 0; i < MAX_MODELS; i++) {
      const [id, length] = await this.read(at, 2);
      if (id === 0xffff) return chain;
      chain.push({ id, length, address: at });
      at += 2 + length;
    }
    throw new Error(`more than ${MAX_MODELS} models: not a SunSpec map`);
  }

  /** Everything the agent reads of the device: its chain and the known models, decoded. */
  async readDevice(base?: number): Promise<SunSpecDevice> {
    const found = base ?? await this.findBase();
    if (found === null) throw new Error(`no SunSpec map (SunS) at ${BASE_ADDRESSES.join(', ')}`);
    const chain = await this.chain(found);
    const models = new Map<number, Decoded>();
    for (const entry of chain) {
      const model = MODELS.get(entry.id);
      if (!model || models.has(entry.id)) continue;
      models.set(entry.id, decodeModel(model, await this.read(entry.address, entry.length + 2)));
    }
    return { address: this.address, base: found, chain, models };
  }
}

/** Connects, reads, closes: one reading of one device. */
export async function readSunSpec(address: SunSpecAddress, timeoutMs: number): Promise<SunSpecDevice> {
  const client = new SunSpecClient(address, timeoutMs);
  try {
    await client.connect();
    return await client.readDevice();
  } finally {
    await client.close();
  }
}

class TimeoutError extends Error {}
const isTimeout = (err: unknown) => err instanceof TimeoutError || (err as { errno?: string })?.errno === 'ETIMEDOUT';

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new TimeoutError(`${what} in ${ms} ms`)), ms); }),
  ]);
}
