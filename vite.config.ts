/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

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
 * Sections whose page has an early script, run before the app: the monitoring page's asks the server
 * for the page's first view and starts the app once it is drawn (src/firstView/start.ts).
 */
const EARLY_SCRIPTS: Record<string, string> = {
  monitoring: 'src/firstView/start.ts',
};

/** The script and link tags of a built page. */
const moduleScript = /\s*<script type="module" crossorigin src="\/([^"]+)"><\/script>/;
const modulePreloads = /\s*<link rel="modulepreload" crossorigin href="\/[^"]+">/g;
/** `html` with these tags added at the end of its head. */
const withTags = (html: string, tags: string[]) => html.replace(/\s*<\/head>/, `${tags.map((t) => `\n    ${t}`).join('')}\n  </head>`);
const tag = {
  /**
   * An early script, with the app's entry it starts (`data-app`) and the app's scripts it fetches
   * all at once as it does (`data-preload`).
   */
  early: (file: string, app: string, preload: string[]) =>
    `<script type="module" crossorigin src="/${file}" data-app="/${app}" data-preload="${preload.map((f) => `/${f}`).join(' ')}"></script>`,
  /** Fetched, parsed and compiled now. */
  modulepreload: (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`,
};

/**
 * Writes, beside index.html, app.html (index.html plus a modulepreload of each chunk the admin needs,
 * and of what they import) and app-<section>.html for each entry of SECTION_MODULES (that section's
 * chunks too), so the browser fetches and compiles them while the first script runs, instead of one
 * import after another. A section with an early script (EARLY_SCRIPTS) runs that script alone at
 * first, its imports preloaded; the app's scripts are named on its tag and fetched only when the
 * early script starts the app (`data-app`, `data-preload`), so the early script's work (the
 * monitoring page's first view) does not wait behind them. The server sends these pages under /app/
 * and /app/<section> (server/app.ts, `pageOf`).
 */
const sectionPages: Plugin = {
  name: 'section-pages',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle: Rollup.OutputBundle) {
    const index = bundle['index.html'] as Rollup.OutputAsset | undefined;
    if (!index) return;
    const html = String(index.source);
    const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
    const chunkOf = (module: string) => {
      const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
      if (!chunk) this.error(`section-pages: no chunk holds ${module}`);
      return chunk;
    };
    /** The files of these chunks and of all they import, entries left out. */
    const closure = (starts: Rollup.OutputChunk[]) => {
      const files = new Set<string>();
      const add = (chunk: Rollup.OutputChunk) => {
        if (files.has(chunk.fileName)) return;
        if (!chunk.isEntry) files.add(chunk.fileName);
        for (const name of chunk.imports) if (bundle[name]?.type === 'chunk') add(bundle[name] as Rollup.OutputChunk);
      };
      starts.forEach(add);
      return files;
    };
    // The app's entry: the module script of index.html.
    const entry = bundle[moduleScript.exec(html)![1]] as Rollup.OutputChunk;
    const sections: [string, string[], string | undefined][] = [
      ['app', ADMIN_MODULES, undefined],
      ...Object.entries(SECTION_MODULES).map(([section, modules]): [string, string[], string | undefined] => [`app-${section}`, [...ADMIN_MODULES, ...modules], EARLY_SCRIPTS[section]]),
    ];
    for (const [page, modules, early] of sections) {
      const needed = closure(modules.map(chunkOf));
      let source: string;
      if (!early) {
        // What index.html preloads already is left out.
        source = withTags(html, [...needed].filter((file) => !html.includes(file)).map(tag.modulepreload));
      } else {
        const earlyChunk = chunkOf(early);
        const earlyImports = closure([earlyChunk]);
        const app = [entry.fileName, ...closure([entry]), ...needed].filter((file, i, all) => !earlyImports.has(file) && all.indexOf(file) === i);
        const tags = [tag.early(earlyChunk.fileName, entry.fileName, app), ...[...earlyImports].map(tag.modulepreload)];
        source = withTags(html.replace(moduleScript, '').replace(modulePreloads, ''), tags);
      }
      this.emitFile({ type: 'asset', fileName: `${page}.html`, source });
    }
  },
};

/**
 * The installed app's service worker (src/pwa/sw.ts, docs/web.md "Installable app"), built into
 * /sw.js with the list of the app's files to precache: every page, script, style and icon (their
 * .br and .gz siblings are the server's business). The manifest is the API's (it follows the
 * settings) and the page registers the worker itself, lazily (src/pwa/UpdatePrompt.tsx).
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest', srcDir: 'src/pwa', filename: 'sw.ts',
  registerType: 'prompt', injectRegister: false, manifest: false,
  injectManifest: { globPatterns: ['**/*.{html,js,css,svg,png}'], globIgnores: ['bench-floor/**'], rollupFormat: 'iife' },
});

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

/**
 * `vite build --ssr src/firstView/render.tsx` (`npm run build`, after the web app's build): the
 * monitoring page's first-view renderer for the API server to run (contract/first-view.ts), the
 * app's code built as the browser's is, with every package inside, into dist-server/ (not served).
 */
const SSR_BUILD = {
  plugins: [leanRouterAdapter, productionReactRouter, react()],
  ssr: { noExternal: true as const, target: 'node' as const },
  // React and the rest pick their production builds when bundled, not when the server runs.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { outDir: 'dist-server', emptyOutDir: true, target: 'node20' },
} satisfies UserConfig;

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? SSR_BUILD : {
  // Brotli and gzip siblings of every built file, served as they are by the API server (preCompressed).
  plugins: [leanRouterAdapter, productionReactRouter, react(), sectionPages, compression({ algorithms: ['brotliCompress', 'gzip'] }), serviceWorker],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    // Every browser the app supports has modulepreload (Chrome 66, Firefox 115, Safari 17): no polyfill in the first script.
    modulePreload: { polyfill: false },
    rollupOptions: { input: { index: 'index.html', ...Object.fromEntries(Object.entries(EARLY_SCRIPTS).map(([section, file]) => [`early-${section}`, file])) } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/agent/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/docs/**/*.test.ts'],
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
}));
