/**
 * `npm run serve` (or another entry point, `script`) in a child process on a free port (PORT=0; the port is the one Fastify reports),
 * for suites where a process's death, or several processes on one database, is what is tested.
 * Defaults: no demo, no collector, info logs, a fixed JWT secret (so processes accept each other's
 * tokens), generous rate limits; `env` overrides any of them.
 */
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  url: string;
  exitCode(): number | string | null;
  /** Everything it printed (the last 200 kB). */
  output(): string;
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL: no shutdown, no flush, transactions cut short). */
  kill(): Promise<void>;
}

export async function startServer(env: Record<string, string>, script = 'server/main.ts'): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: path.resolve('.'),
    env: {
      ...process.env, PORT: '0', HOST: '127.0.0.1', DEMO: '0', COLLECTOR_INTERVAL: '0', LOG_LEVEL: 'info',
      JWT_SECRET: 'test-secret-that-is-long-enough-123456', RATE_LIMIT_MAX: '1000', NODE_ENV: 'development', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-200_000); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) resolve(found[1]);
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    void exited.then(() => reject(new Error(`the server did not start:\n${output}`)));
  });
  return {
    url,
    exitCode: () => child.exitCode ?? child.signalCode,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
