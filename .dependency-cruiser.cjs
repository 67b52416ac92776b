// The layers of src/ (docs/architecture.md, "The folders"), checked by `npm run lint`: imports point
// down only, no cycle (type imports included), the core at the bottom imports nothing of ours (the
// catalog of sections, core/catalog.ts, not even a package), only the top and the runner's edges
// use @actions/core, only api/ talks HTTP, and only the GitHub client (github/client.ts) imports
// @actions/github. A section's folder (sections/<name>/) imports no other section's, and its reading
// code (schema*.ts, read*.ts) imports no rendering (render*.ts, summary*.ts, render/).
/** @param {string} name */
const folder = (name) => `^src/${name}/`
/** @param {string[]} names */
const notIn = (...names) => `^src/(?!(${names.join('|')})/)`

/** What each folder may import of ours, besides itself. @type {Record<string, string[]>} */
const MAY_USE = {
  core: [],
  text: [],
  change: ['core', 'text'],
  api: ['core', 'text'],
  agent: ['api', 'change', 'core', 'text'],
  analytics: ['api', 'core', 'text'],
  render: ['agent', 'analytics', 'api', 'change', 'core', 'text'],
  sections: ['analytics', 'api', 'core', 'render', 'text'],
  health: ['agent', 'analytics', 'api', 'core', 'render', 'text'],
  github: ['agent', 'api', 'change', 'render', 'core', 'text']
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle, type imports included, ties layers together.',
      from: { path: '^src/' },
      to: { circular: true }
    },
    ...Object.entries(MAY_USE).map(([name, uses]) => ({
      name: `layer-${name}`,
      severity: 'error',
      comment: `src/${name}/ may use ${uses.length > 0 ? uses.join(', ') : 'nothing of ours'} (docs/architecture.md).`,
      from: { path: folder(name) },
      to: { path: '^src/', pathNot: [folder(name), ...uses.map(folder)] }
    })),
    {
      name: 'section-apart',
      severity: 'error',
      comment: 'A section folder imports no other section folder: what two sections share goes below them (analytics/, render/).',
      from: { path: '^src/sections/([^/]+)/' },
      to: { path: '^src/sections/', pathNot: '^src/sections/$1/' }
    },
    {
      name: 'section-read-not-render',
      severity: 'error',
      comment: "A section's reading code (schema*.ts, read*.ts) imports no rendering (render*.ts, summary*.ts, render/).",
      from: { path: '^src/sections/[^/]+/(schema|read)[^/]*\\.ts$' },
      to: { path: ['^src/render/', '^src/sections/[^/]+/(render|summary)[^/]*\\.ts$'] }
    },
    {
      name: 'section-file-names',
      severity: 'error',
      comment: 'A file of a section folder says what it holds: schema*.ts or read*.ts (reading), render*.ts or summary*.ts (showing).',
      from: { path: '^src/sections/', pathNot: '^src/sections/[^/]+/(schema|read|render|summary)[^/]*\\.ts$' },
      to: {}
    },
    {
      name: 'catalog-plain-data',
      severity: 'error',
      comment: 'The catalog of sections (core/catalog.ts) is plain data: it imports nothing, ours or a package.',
      from: { path: '^src/core/sections\\.ts$' },
      to: {}
    },
    {
      name: 'core-of-actions',
      severity: 'error',
      comment: 'Domain code takes a Log and typed arguments; only main.ts, run/ and github/ use @actions/core.',
      from: { path: notIn('run', 'github'), pathNot: '^src/main\\.ts$' },
      to: { path: '@actions/core' }
    },
    {
      name: 'github-only-in-client',
      severity: 'error',
      comment:
        'Only the GitHub client imports @actions/github: it owns the token, the repository, timeouts, retries and paging (github/client.ts).',
      from: { path: '^src/', pathNot: '^src/github/client\\.ts$' },
      to: { path: '@actions/github' }
    },
    {
      name: 'http-only-in-api',
      severity: 'error',
      comment: 'Requests to the service go through api/, which owns auth, timeouts, retries and the proxy.',
      from: { path: notIn('api') },
      to: { path: ['^undici', '@actions/http-client', '^(node:)?https?$'], dependencyTypes: ['npm', 'core'] }
    }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] }
  }
}
