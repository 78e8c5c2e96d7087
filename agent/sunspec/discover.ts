/**
 * `--discover HOST|CIDR`: which SunSpec devices answer on a network. Each host's Modbus ports are
 * tried first with a bare TCP connection (short timeout); on a host that accepts, each unit id is asked
 * for the SunSpec map, and a device found is read once: vendor, model, serial, rated power, models.
 * Bounded: at most 1024 hosts (a /22), 64 at a time.
 */
import net from 'node:net';
import { formatAddress, SunSpecClient, type ChainEntry, type SunSpecAddress } from './reader.js';
import { deviceInfo, type DeviceInfo } from './reading.js';

export const MAX_HOSTS = 1024;
const PARALLEL_HOSTS = 64;

export interface Found extends DeviceInfo { address: string; base: number; models: number[] }

/** The IPv4 hosts of `a.b.c.d/n` (network and broadcast left out from /30 down), or the one host given. */
export function hostsOf(target: string): string[] {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(target.trim());
  if (!m) return [target.trim()];
  const bits = Number(m[5]);
  const octets = m.slice(1, 5).map(Number);
  if (bits > 32 || octets.some((o) => o > 255)) throw new Error(`not a network: ${target}`);
  const size = 2 ** (32 - bits);
  if (size > MAX_HOSTS) throw new Error(`${target} has ${size} addresses: scan at most ${MAX_HOSTS} (a /22) at once`);
  const base = ((octets[0] * 2 ** 24 + (octets[1] << 16) + (octets[2] << 8) + octets[3]) & ~(size - 1)) >>> 0;
  const first = size > 2 ? 1 : 0;
  const last = size > 2 ? size - 2 : size - 1;
  const out: string[] = [];
  for (let i = first; i <= last; i++) {
    const ip = (base + i) >>> 0;
    out.push([ip >>> 24, (ip >>> 16) & 255, (ip >>> 8) & 255, ip & 255].join('.'));
  }
  return out;
}

function portOpen(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (open: boolean) => { socket.destroy(); resolve(open); };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function probe(address: SunSpecAddress, timeoutMs: number): Promise<Found | null> {
  const client = new SunSpecClient(address, timeoutMs);
  try {
    await client.connect();
    const device = await client.readDevice();
    return { address: formatAddress(address), base: device.base, models: device.chain.map((c: ChainEntry) => c.id), ...deviceInfo(device) };
  } catch {
    return null;
  } finally {
    await client.close();
  }
}

export async function discover(target: string, ports: number[], units: number[], timeoutMs: number): Promise<Found[]> {
  const hosts = hostsOf(target);
  const found: Found[] = [];
  let next = 0;
  const worker = async () => {
    while (next < hosts.length) {
      const host = hosts[next++];
      for (const port of ports) {
        if (!await portOpen(host, port, timeoutMs)) continue;
        for (const unit of units) {
          const device = await probe({ host, port, unit }, timeoutMs);
          if (device) found.push(device);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_HOSTS, hosts.length) }, worker));
  return found.sort((a, b) => a.address.localeCompare(b.address, 'en', { numeric: true }));
}

/** What discovery prints: one paragraph per device, then the config to use. */
export function report(found: Found[]): string {
  if (!found.length) return 'No SunSpec device found.';
  const lines = found.map((d) => [
    `${d.address}  ${d.manufacturer ?? '?'} ${d.model ?? '?'}  serial ${d.serial ?? '?'}  ${d.kind}`,
    `  rated power ${d.rated_power_w === null ? 'not given' : `${d.rated_power_w} W`}, firmware ${d.version ?? '?'}, SunSpec map at ${d.base}`,
    `  models ${d.models.join(', ')}`,
  ].join('\n'));
  const config = { portal: 'https://PORTAL', key: 'INGEST_KEY', sunspec: found.filter((d) => d.kind !== 'other').map((d) => d.address), interval: 60 };
  return `${lines.join('\n')}\n\nConfig (agent.json):\n${JSON.stringify(config, null, 2)}`;
}
