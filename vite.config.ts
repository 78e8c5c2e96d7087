/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
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

/**
 * react-router 7 names only its development build in its package exports (remix-run/react-router
 * #12532, #14102): built as it is, the app ran its dev warnings and checks. The build takes its
 * production files instead; `npm run dev` keeps the development build and its warnings.
 */
const REACT_ROUTER_BUILDS: Record<string, string> = {
  'react-router': 'index.mjs',
  'react-router/dom': 'dom-export.mjs',
};
const productionReactRouter: Plugin = {
  name: 'production-react-router',
  enforce: 'pre',
  apply: 'build',
  resolveId(source) {
    const file = REACT_ROUTER_BUILDS[source];
    return file ? fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url)) : null;
  },
};

/** The modules whose chunks every admin page needs beyond the first script. */
const ADMIN_MODULES = ['src/layout/adminStart.ts', 'src/layout/AdminApp.tsx'];
/** The admin's sections whose own chunks a cold load should also fetch at once, by section. */
const SECTION_MODULES: Record<string, string[]> = {
  monitoring: ['src/pages/monitoring/ChartPanel.tsx'],
};

/**
 * Writes, beside index.html, app.html (index.html plus a modulepreload of each chunk the admin needs,
 * and of what they import) and app-<section>.html for each entry of SECTION_MODULES (that section's
 * chunks too), so the browser fetches and compiles them while the first script runs, instead of one
 * import after another. The server sends them under /app/ and /app/<section> (server/app.ts, `pageOf`).
 */
const sectionPages: Plugin = {
  name: 'section-pages',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle: Rollup.OutputBundle) {
    const index = bundle['index.html'] as Rollup.OutputAsset | undefined;
    if (!index) return;
    const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
    const pages: [string, string[]][] = [
      ['app', ADMIN_MODULES],
      ...Object.entries(SECTION_MODULES).map(([section, modules]): [string, string[]] => [`app-${section}`, [...ADMIN_MODULES, ...modules]]),
    ];
    for (const [page, modules] of pages) {
      const files = new Set<string>();
      const add = (chunk: Rollup.OutputChunk) => {
        if (chunk.isEntry || files.has(chunk.fileName)) return;
        files.add(chunk.fileName);
        for (const name of chunk.imports) if (bundle[name]?.type === 'chunk') add(bundle[name] as Rollup.OutputChunk);
      };
      for (const module of modules) {
        const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
        if (!chunk) this.error(`section-pages: no chunk holds ${module}`);
        add(chunk);
      }
      const links = [...files].map((file) => `  <link rel="modulepreload" crossorigin href="/${file}">\n  `).join('');
      this.emitFile({ type: 'asset', fileName: `${page}.html`, source: String(index.source).replace('</head>', `${links}</head>`) });
    }
  },
};

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  // Brotli and gzip siblings of every built file, served as they are by the API server (preCompressed).
  plugins: [leanRouterAdapter, productionReactRouter, react(), sectionPages, compression({ algorithms: ['brotliCompress', 'gzip'] })],
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
