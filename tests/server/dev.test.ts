/**
 * `npm run dev` (server/dev.ts): Vite's dev server answers the app (with its hot-reload client) and
 * deep links, and proxies /api to the API it started. Run as a child process on free ports, then stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const freePort = () => new Promise<number>((resolve, reject) => {
  const server = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  });
});

let child: ChildProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-dev-'));
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('serves the app with hot reload and the API behind it', async () => {
    const [port, apiPort] = [await freePort(), await freePort()];
    child = spawn(process.execPath, ['--import', 'tsx', 'server/dev.ts'], {
      env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'warn', JWT_SECRET: 'dev-test-secret-that-is-long-enough-123456' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => { output += chunk; if (output.includes('hot reload')) resolve(); };
      child!.stdout!.on('data', read);
      child!.stderr!.on('data', (chunk: Buffer) => { output += chunk; });
      child!.once('exit', (code) => reject(new Error(`dev server exited (${code}):\n${output}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/@vite/client');
    expect(html).toContain('<div id="root">');
    expect((await fetch(`${base}/app/monitoring`)).status).toBe(200);
    const features = await fetch(`${base}/api/features`);
    expect(features.status).toBe(200);
    expect(await features.json()).toMatchObject({ sign_in: { password: true } });
    expect((await fetch(`${base}/api/my-profile`)).status).toBe(401);
  }, 120_000);
});
