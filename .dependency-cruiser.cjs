/**
 * The layer rules of docs/ARCHITECTURE.md ("Layers"), checked in CI (`npm run lint:deps`). A rule
 * broken by an import fails the run; the imports that broke them before the rules were written are
 * listed in .dependency-cruiser-known-violations.json, each to be moved where it belongs (issue 34),
 * and no new one can join them.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'A cycle has no bottom: neither side can be read, tested or moved alone.', from: {}, to: { circular: true } },
    {
      name: 'halves-apart', severity: 'error',
      comment: 'The web app and the API share only contract/: neither imports the other.',
      from: { path: '^src/' }, to: { path: '^server/' },
    },
    { name: 'api-not-web', severity: 'error', comment: 'The API imports the web app only to draw the first view, and that through its built renderer (dist-server/), never its source.', from: { path: '^server/' }, to: { path: '^src/' } },
    { name: 'contract-alone', severity: 'error', comment: 'The contract is what both halves agree on: it depends on neither.', from: { path: '^contract/' }, to: { path: '^(server|src)/' } },
    {
      name: 'product-not-tests', severity: 'error',
      comment: 'The product never imports its tests, their support, the benchmarks or the end-to-end run.',
      from: { path: '^(server|src|contract)/' }, to: { path: '^(tests|testing|bench|e2e)/' },
    },
    { name: 'bench-not-e2e', severity: 'error', comment: 'What benchmarks and end-to-end runs share lives in testing/.', from: { path: '^bench/' }, to: { path: '^e2e/' } },
    {
      name: 'db-at-the-bottom', severity: 'error',
      comment: 'The database layer (schema, client, SQL helpers) imports only config and the contract.',
      from: { path: '^server/db/' }, to: { path: '^server/(core|domain|measurements|sources|plugins|seed|cli)/' },
    },
    {
      name: 'core-below-areas', severity: 'error',
      comment: 'core/ serves every area: it knows none of them.',
      from: { path: '^server/core/' }, to: { path: '^server/(domain|measurements|sources|plugins|seed|cli)/' },
    },
    {
      name: 'measurements-below-domain', severity: 'error',
      comment: 'Readings, their store, rollups and models know no business rule: domain/ (alarms, reports, savings) reads them, not the other way round.',
      from: { path: '^server/measurements/' }, to: { path: '^server/(domain|sources|plugins|seed|cli)/' },
    },
    {
      name: 'sources-below-plugins', severity: 'error',
      comment: 'The sources of readings (vendor connectors, their budget and sync) store through measurements/; the plugins call them, never the other way round.',
      from: { path: '^server/sources/' }, to: { path: '^server/(domain|plugins|seed|cli)/' },
    },
    {
      name: 'domain-below-plugins', severity: 'error',
      comment: 'What several areas need lives in domain/ and is called by the plugins; it never reaches up into one.',
      from: { path: '^server/domain/' }, to: { path: '^server/(plugins|seed|cli)/' },
    },
    {
      name: 'plugins-apart', severity: 'error',
      comment: 'A plugin is one area\'s routes and queries; what another area needs of it moves down to domain/.',
      from: { path: '^server/plugins/([^/]+)/' }, to: { path: '^server/plugins/', pathNot: '^server/plugins/$1/' },
    },
    {
      name: 'agent-alone', severity: 'error',
      comment: 'The site agent runs on a box at the site, without the server: it takes the contract and the pure Fronius client, nothing else of server/ or src/.',
      from: { path: '^agent/' }, to: { path: '^(server|src|tests|testing|bench|e2e)/', pathNot: '^server/measurements/fronius/client\\.ts$' },
    },
    { name: 'product-not-agent', severity: 'error', comment: 'The portal does not run the agent\'s code.', from: { path: '^(server|src|contract)/' }, to: { path: '^agent/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|dist-server|data)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
