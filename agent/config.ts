/**
 * The agent's settings, from the command line or a JSON config file (`--config FILE`); a flag given
 * on the command line wins over the file. docs/agent.md lists them.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseAddress, type SunSpecAddress } from './sunspec/reader.js';

export interface FroniusSource { url: string; device: number; investor?: string }

export interface AgentConfig {
  portal: string;
  key: string;
  sunspec: SunSpecAddress[];
  fronius: FroniusSource[];
  /** Seconds between reads of each device. */
  interval: number;
  buffer: string;
  bufferBudgetMb: number;
  /** Timeout of each Modbus or HTTP request to a device, ms. */
  timeoutMs: number;
  /** Points per push. */
  batch: number;
  /** The agent's name on the portal (default: the host name). */
  name?: string;
}

export type Command = { kind: 'run'; config: AgentConfig } | { kind: 'discover'; target: string; ports: number[]; units: number[]; timeoutMs: number } | { kind: 'help' };

export const USAGE = `Usage:
  npm run agent -- --portal URL --key INGEST_KEY --sunspec HOST[:PORT][/UNIT] ... [--fronius URL[#DEVICE]] ...
                   [--interval SECONDS] [--buffer DIR] [--buffer-mb MB] [--timeout MS] [--batch N] [--name NAME]
  npm run agent -- --config agent.json        (the same settings as JSON; flags given as well win)
  npm run agent -- --discover HOST|CIDR [--ports 502,1502] [--units 1,126,200] [--timeout MS]`;

/** Unit ids tried by discovery: Fronius inverters 1-3 and meters 200-202, SMA and SolarEdge 126, others' defaults. */
export const DISCOVER_UNITS = [1, 2, 3, 126, 200, 201, 202, 240];

const list = (v: string | undefined, what: string) => (v ?? '').split(',').filter(Boolean).map((s) => {
  const n = Number(s);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--${what}: not a number: ${s}`);
  return n;
});

function froniusSource(v: string | FroniusSource): FroniusSource {
  if (typeof v !== 'string') return { ...v, device: v.device ?? 1 };
  const [url, device] = v.split('#');
  return { url, device: device ? Number(device) : 1 };
}

function positive(v: unknown, what: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${what}: expected a positive number, got ${String(v)}`);
  return n;
}

export function parseCommand(argv: string[]): Command {
  const { values } = parseArgs({
    args: argv,
    options: {
      portal: { type: 'string' }, key: { type: 'string' },
      sunspec: { type: 'string', multiple: true }, fronius: { type: 'string', multiple: true },
      interval: { type: 'string' }, buffer: { type: 'string' }, 'buffer-mb': { type: 'string' },
      timeout: { type: 'string' }, batch: { type: 'string' }, name: { type: 'string' }, config: { type: 'string' },
      discover: { type: 'string' }, ports: { type: 'string' }, units: { type: 'string' }, help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return { kind: 'help' };
  if (values.discover) {
    return {
      kind: 'discover', target: values.discover,
      ports: values.ports ? list(values.ports, 'ports') : [502],
      units: values.units ? list(values.units, 'units') : DISCOVER_UNITS,
      timeoutMs: values.timeout ? positive(values.timeout, '--timeout') : 1000,
    };
  }
  const file = values.config ? JSON.parse(readFileSync(values.config, 'utf8')) as Record<string, unknown> : {};
  const pick = <T>(flag: T | undefined, key: string): T | undefined => flag ?? (file[key] as T | undefined);
  const portal = pick(values.portal, 'portal');
  const key = pick(values.key, 'key') ?? process.env.AGENT_KEY;
  if (!portal || !key) throw new Error('--portal and --key are needed (or "portal" and "key" in the config file, or AGENT_KEY)');
  const sunspec = (pick<(string)[]>(values.sunspec, 'sunspec') ?? []).map(parseAddress);
  const fronius = (pick<(string | FroniusSource)[]>(values.fronius, 'fronius') ?? []).map(froniusSource);
  if (!sunspec.length && !fronius.length) throw new Error('no device: give --sunspec or --fronius (or --discover to find them)');
  return {
    kind: 'run',
    config: {
      portal: new URL(portal).toString().replace(/\/+$/, ''), key, sunspec, fronius,
      interval: positive(pick(values.interval, 'interval') ?? 60, 'interval'),
      buffer: pick(values.buffer, 'buffer') ?? 'agent-buffer',
      bufferBudgetMb: positive(pick(values['buffer-mb'], 'buffer_mb') ?? 200, 'buffer-mb'),
      timeoutMs: positive(pick(values.timeout, 'timeout_ms') ?? 3000, 'timeout'),
      batch: Math.min(10_000, Math.floor(positive(pick(values.batch, 'batch') ?? 500, 'batch'))),
      name: pick(values.name, 'name'),
    },
  };
}
