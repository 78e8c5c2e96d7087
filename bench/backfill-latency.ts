/**
 * How fast the app answers while the demo's history is generated in the background (issue 33): starts
 * `npm start`'s server (the built web app in dist/, run `npm run build` first) on a fresh data dir,
 * then times GET / (the login page) and POST /api/auth/token (signing in) every 250 ms until the
 * backfill's log says it is done, and for 20 s after. Prints the figures during and after.
 *
 *   [DEMO_BACKFILL_DAYS=N] npx tsx bench/backfill-latency.ts [DATA_DIR] [PORT]
 *
 * Not part of `npm run bench`: a check by hand (docs/measurements.md, "The demo's history").
 */
import fs from 'node:fs';
import { startServer } from '../testing/server-process.js';

const dataDir = process.argv[2] ?? '/tmp/backfill-latency';
const port = process.argv[3] ?? '4310';
fs.rmSync(dataDir, { recursive: true, force: true });

const started = Date.now();
const server = await startServer({
  DATA_DIR: dataDir, PORT: port, DEMO: '1', NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40),
  ...(process.env.DEMO_BACKFILL_DAYS ? { DEMO_BACKFILL_DAYS: process.env.DEMO_BACKFILL_DAYS } : {}),
});
console.log(`listening after ${((Date.now() - started) / 1000).toFixed(1)} s`);

const timed = async (go: () => Promise<Response>) => {
  const t = performance.now();
  const res = await go();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return performance.now() - t;
};
const page = () => timed(() => fetch(`${server.url}/`));
const signIn = () => timed(() => fetch(`${server.url}/api/auth/token`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.cl', password: 'admin1234' }),
}));

const samples = { during: { page: [] as number[], signIn: [] as number[] }, after: { page: [] as number[], signIn: [] as number[] } };
const done = () => /historial de \d+ días listo/.test(server.output());
let doneAt = 0;
while (!doneAt || Date.now() - doneAt < 20_000) {
  const phase = doneAt ? samples.after : samples.during;
  phase.page.push(await page());
  phase.signIn.push(await signIn());
  if (!doneAt && done()) {
    doneAt = Date.now();
    console.log(`backfill done ${((doneAt - started) / 1000).toFixed(1)} s after start`);
  }
  await new Promise((r) => setTimeout(r, 250));
}
await server.stop();

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))];
const show = (xs: number[]) => `n ${xs.length}, median ${pct(xs, 0.5).toFixed(0)} ms, p95 ${pct(xs, 0.95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
for (const [phase, s] of Object.entries(samples)) {
  console.log(`${phase} the backfill: GET / ${show(s.page)}; POST /api/auth/token ${show(s.signIn)}`);
}
