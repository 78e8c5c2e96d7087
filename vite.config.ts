/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/** ra-core's router adapter replaced by ours when building (src/providers/routerAdapter.tsx says why). */
const leanRouterAdapter: Plugin = {
  name: 'lean-router-adapter',
  enforce: 'pre',
  apply: 'build',
  resolveId(source, importer) {
    if (source === './adapters/reactRouterProvider.js' && importer?.includes('/ra-core/dist/routing/')) {
      return fileURLToPath(new URL('./src/providers/routerAdapter.tsx', import.meta.url));
    }
    return null;
  },
};

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  // Brotli and gzip siblings of every built file, served as they are by the API server (preCompressed).
  plugins: [leanRouterAdapter, react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500 },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
          // tests/server/measurements/fronius/*.test.ts force garbage collections during a stalled datalogger read.
          execArgv: ['--expose-gc'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 30000,
        },
      },
    ],
  },
});
