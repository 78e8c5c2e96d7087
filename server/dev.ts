/**
 * `npm run dev`: the web app from Vite's dev server (hot module replacement of src/) on PORT, with
 * /api and /media proxied to the API, which listens on API_PORT (PORT + 1 by default) on the
 * loopback only. `tsx watch` (package.json) restarts both when a server file changes. Configuration
 * as for `npm start` (README); the API starts exactly as there (./serve.ts), the demo included.
 */
import { createServer } from 'vite';
import { loadConfig } from './config.js';
import { serve } from './serve.js';

const config = loadConfig();
const apiPort = Number(process.env.API_PORT ?? config.port + 1);
await serve({ ...config, port: apiPort, host: '127.0.0.1' }, { webDir: null });
const target = `http://127.0.0.1:${apiPort}`;

const vite = await createServer({
  configFile: 'vite.config.ts',
  server: { port: config.port, host: config.host, strictPort: true, proxy: { '/api': target, '/media': target } },
});
await vite.listen();
console.log(`Web app with hot reload (Vite) at http://localhost:${config.port}; API on ${target}`);
