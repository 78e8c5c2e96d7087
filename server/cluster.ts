/**
 * `npm run start:cluster`: CLUSTER_WORKERS API processes (default: one per CPU) sharing one port
 * through node:cluster, each a full server (server/main.ts) on the same PostgreSQL server, which is
 * what lets them share their work (docs/scale.md). PGlite is one process's database: without
 * DATABASE_URL the cluster refuses to start. A worker that dies is replaced after a second; SIGINT or
 * SIGTERM stops every worker (each finishes its requests) and then the cluster.
 */
import cluster from 'node:cluster';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const RESTART_DELAY_MS = 1000;

function workerCount(value: string | undefined): number {
  if (value === undefined || value === '') return os.availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`CLUSTER_WORKERS must be a whole number of processes, 1 or more (got "${value}").`);
    process.exit(1);
  }
  return n;
}

if (!process.env.DATABASE_URL) {
  console.error('npm run start:cluster needs a PostgreSQL server (DATABASE_URL): the embedded PGlite database belongs to a single process. Use npm start without DATABASE_URL.');
  process.exit(1);
}
const workers = workerCount(process.env.CLUSTER_WORKERS);
let stopping = false;

cluster.setupPrimary({ exec: fileURLToPath(new URL('./main.ts', import.meta.url)) });
cluster.on('exit', (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    return;
  }
  console.error(`Worker ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another.`);
  setTimeout(() => { if (!stopping) cluster.fork(); }, RESTART_DELAY_MS);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {});
    if (alive.length === 0) process.exit(0);
    for (const worker of alive) worker?.kill('SIGTERM');
  });
}
console.log(`Starting ${workers} API processes on one port (CLUSTER_WORKERS).`);
for (let i = 0; i < workers; i++) cluster.fork();
