/**
 * Ports a replayed device keeps while it is switched off. A replay that goes 'offline' closes its
 * port so that a read is refused; a port taken by `listen(0)` could then be handed by the system to
 * another suite's server running alongside, and the "offline" datalogger would answer again (the
 * collector's back-off test once read a broken device every minute). So replays take ports below
 * the system's ephemeral range (which `listen(0)` never hands out, /proc/sys/net/ipv4/ip_local_port_range
 * starts at 32768), each claimed by a file naming the owning process: no other suite uses it until
 * that process ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FIRST = 20_000;
const COUNT = 12_000;
const dir = path.join(os.tmpdir(), 'solar-portal-test-ports');
const held = new Set<number>();

process.on('exit', () => { for (const port of held) fs.rmSync(path.join(dir, String(port)), { force: true }); });

const alive = (pid: number) => {
  try { process.kill(pid, 0); return true; } catch (err) { return (err as NodeJS.ErrnoException).code === 'EPERM'; }
};

/** Claims a port no other process of the tests uses until `releasePort` or this process's end. */
export function reservePort(): number {
  fs.mkdirSync(dir, { recursive: true });
  for (let attempt = 0; attempt < 1000; attempt++) {
    const port = FIRST + Math.floor(Math.random() * COUNT);
    const file = path.join(dir, String(port));
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(port);
      return port;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(file, 'utf8'));
      // A claim left by a process that died is taken over on a later attempt.
      if (owner && !alive(owner)) fs.rmSync(file, { force: true });
    }
  }
  throw new Error('no free test port');
}

export function releasePort(port: number) {
  if (held.delete(port)) fs.rmSync(path.join(dir, String(port)), { force: true });
}
