/**
 * A real server (`server/main.ts`, as `npm start` runs it, after its build) on a fresh data dir and a
 * free port, Debian's Chromium driven by playwright-core, and signing in on the login page: what the
 * end-to-end journeys (e2e/) and the first-load benchmark (bench/web.ts) both drive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer { url: string; dataDir: string; process: ChildProcess; stop(): Promise<void> }

/**
 * Starts the server exactly as `npm start` does after its build, on a fresh data dir; on `env.PORT`
 * when given (a shared machine's own port), else on a free one.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url,
      LOG_LEVEL: 'warn', COLLECTOR_INTERVAL: '0', DEMO_BACKFILL_DAYS: '2', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const deadline = Date.now() + 180_000;
  while (!output.includes('running at')) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url, dataDir, process: child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic',
      '--no-first-run', '--disable-component-update', '--disable-sync',
      // Without these, each new context is a window that loads its address bar's popup at once (a
      // page of the browser's own, chrome://omnibox-popup.top-chrome, in a renderer of its own): 0.5
      // to 1.4 s of processor in the second after it opens, beside the page under test, on 2 cores.
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      // Nothing outside this machine is looked up (the map's tiles fail at once instead of reaching out).
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'],
  });
}

/**
 * Signs in on the login page and waits for the landing page (monitoring). The profile's language
 * wins at sign-in (docs/web.md) and a journey choosing Arabic in the top bar saves it there, so the
 * account is first set back to `language` (Spanish), as a person would find it, through the API.
 */
export async function signIn(page: Page, baseUrl: string, email: string, password: string, language = 'es') {
  const token = await page.request.post(`${baseUrl}/api/auth/token`, { data: { email, password } });
  if (!token.ok()) throw new Error(`sign-in of ${email} refused: ${token.status()}`);
  const { access } = await token.json() as { access: string };
  const saved = await page.request.put(`${baseUrl}/api/my-profile/update`, { data: { language }, headers: { Authorization: `Bearer ${access}` } });
  if (!saved.ok()) throw new Error(`the profile of ${email} kept its language: ${saved.status()}`);
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Correo Electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/app\/monitoring/);
}
