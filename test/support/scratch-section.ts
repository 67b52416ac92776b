// A scratch section, "referrers", added to a copy of the tree the way docs/architecture.md ("A new
// analytics section") says a maintainer adds one, with an endpoint of its own
// (`GET /v1/analytics/{projectId}/referrers`, a fiction: its answer has the searches endpoint's shape
// under its own names, `referrers` and `totalReferrers`). It takes its folder (a copy of the searches
// section under the new name), its tests' whole report and expectations, its catalog entry, its
// wiring line, its endpoint in the emulator (default rows, handler, setter), in the demo's data and
// in the vendor's document the contract test answers from, and its docs rows; then
// `node scripts/section-lists.mjs write` makes the docs' lists of sections from the catalog, as
// `npm run docs:sections` does. test/e2e/scratch-section.test.ts adds it, holds the files it edited
// to the list in architecture.md, and runs the tests on the copy: a test that fails there keeps a
// hand copy of the catalog.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** The section's name in each form its copy of the searches section takes. */
const NAMES: [RegExp, string][] = [
  [/searches/g, 'referrers'],
  [/Searches/g, 'Referrers'],
  [/SEARCHES/g, 'REFERRERS']
]
const renamed = (text: string): string => NAMES.reduce((result, [from, to]) => result.replace(from, to), text)

const ENTRY = `,
  referrers: {
    failureName: 'Referrer analytics',
    banner: 'Referrers',
    noun: 'referrers',
    reads: [{ key: 'referrers', name: 'referrer rows' }],
    comparison: 'referrers:previous',
    readsReaderText: true,
    gapSignal: true,
    headlines: {
      referrers: { label: 'Referrers', comparable: true },
      referrersNoClick: { label: 'Referrers with no click', comparable: false }
    },
    outputs: ['referrersTotal'],
    files: ['referrers.csv']
  }
})`

/** What the scratch section did to the copy. */
export interface ScratchSection {
  /** The files it added or edited by hand, in path order. */
  edited: string[]
  /** The files `node scripts/section-lists.mjs write` rewrote: the docs' lists of sections, made from the catalog. */
  generated: string[]
}

/** The one place `anchor` is found in `text`; text without it fails, naming both. */
function found(text: string, anchor: string | RegExp, where: string): string {
  const match = typeof anchor === 'string' ? (text.includes(anchor) ? anchor : undefined) : anchor.exec(text)?.[0]
  if (match === undefined) throw new Error(`the scratch section found no ${String(anchor)} in ${where}`)
  return match
}

/** The files under `dir` of the copy, with / as separator. */
function filesUnder(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(root.length + 1)
        .split('\\')
        .join('/')
    )
}

/**
 * Adds the scratch section to the tree at `root` (a copy), and says which files it edited and which
 * the docs' lists of sections took.
 */
export function addScratchSection(root: string): ScratchSection {
  const touched = new Set<string>()
  const read = (path: string): string => readFileSync(join(root, path), 'utf8')
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
    touched.add(path)
  }
  /** Replaces the one place `anchor` is found in the file with `by(anchor)`. */
  const change = (path: string, anchor: string | RegExp, by: (match: string) => string): void => {
    const text = read(path)
    write(path, text.replace(found(text, anchor, path), by))
  }
  /** The part of the file from `start` up to (not including) `end`: a block to copy. */
  const block = (path: string, start: string, end: string): string => {
    const text = read(path)
    const from = text.indexOf(found(text, start, path))
    return text.slice(from, text.indexOf(found(text.slice(from), end, path), from))
  }

  // Its folder: the searches section under its own name, reading its own endpoint.
  for (const file of filesUnder(root, 'src/sections/searches')) write(file.replace('/searches/', '/referrers/'), renamed(read(file)))
  // Its own tests' whole report (test/unit/sections/catalog.test.ts finds referrersReport there), and
  // what it gives for the emulator's data (test/support/health-report.ts finds referrersExpected there).
  for (const file of ['reports.ts', 'expected.ts'])
    write(
      `test/unit/sections/referrers/${file}`,
      renamed(read(`test/unit/sections/searches/${file}`)).replace("pages: 'search terms'", "pages: 'referrer rows'")
    )

  // One catalog entry, one wiring line (with the imports it takes).
  change('src/core/catalog.ts', /\n\}\)\n/, () => `${ENTRY}\n`)
  change('src/run/wiring.ts', "import { searchesPart } from '../sections/searches/read.js'", (line) => `${line}\n${renamed(line)}`)
  change('src/run/wiring.ts', "import { searchesRenderer } from '../sections/searches/render.js'", (line) => `${line}\n${renamed(line)}`)
  change(
    'src/run/wiring.ts',
    /\n\}\)\n\ntype Wiring/,
    (end) => `,\n  referrers: wire({ part: referrersPart, render: referrersRenderer })${end}`
  )

  // Its endpoint in the emulator: default rows (hostile ones among them, from the searches' generator
  // with a seed of its own), the answer, and the setter the tests and the demo call.
  const data = 'test/emulator/analytics-data.js'
  const defaults = block(data, '/** Search terms: 130 queries', '/** Feedback:')
  change(
    data,
    '/** Feedback:',
    (next) =>
      `${renamed(defaults).replace('generator(23)', 'generator(29)').replace('{SearchData}', '{ReferrerData}').replace('Search terms:', 'Referrers:')}${next}`
  )
  change(
    data,
    ' * @typedef {{ rows: SearchRow[], totalSearches?: number }} SearchData',
    (line) =>
      `${line}\n * @typedef {{ rows: SearchRow[], totalReferrers?: number }} ReferrerData \`totalReferrers\` defaults to the sum of the hits`
  )
  const emulator = 'test/emulator/emulator.js'
  change(emulator, '  defaultSearches,\n', (line) => `  defaultReferrers,\n${line}`)
  change(emulator, '  const searches = rangedData(defaultSearches())\n', (line) => `${line}${renamed(line)}`)
  const answer = block(emulator, '    searches(projectId, query) {', '    feedback(projectId, query) {')
  change(emulator, '    feedback(projectId, query) {', (next) => `${renamed(answer)}${next}`)
  const setter = block(emulator, '    /**\n     * Search terms (GET .../searches)', '    /**\n     * Feedback rows')
  change(
    emulator,
    '    /**\n     * Feedback rows',
    (next) =>
      `${renamed(setter).replace('Search terms', 'Referrers').replace('{SearchData}', "{import('./analytics-data.js').ReferrerData}")}${next}`
  )
  // Its rows in the demo's data: the searches' rows, this week and the week before.
  const demo = 'scripts/demo-data.mjs'
  const demoRows = block(demo, '  emulator.setSearches({', '  emulator.setFeedbackByPage([')
  change(
    demo,
    '  emulator.setFeedbackByPage([',
    (next) => `${demoRows.replace(/setSearches/g, 'setReferrers').replace(/totalSearches/g, 'totalReferrers')}${next}`
  )
  // Its endpoint in the vendor's document the contract test answers from.
  const contract = 'test/contract/analytics.openapi.json'
  const openapi = JSON.parse(read(contract)) as {
    paths: Record<string, unknown>
    components: { schemas: Record<string, unknown> }
  }
  openapi.paths['/v1/analytics/{projectId}/referrers'] = JSON.parse(
    renamed(JSON.stringify(openapi.paths['/v1/analytics/{projectId}/searches']))
  ) as unknown
  openapi.components.schemas.ReferrersResponse = JSON.parse(renamed(JSON.stringify(openapi.components.schemas.SearchesResponse))) as unknown
  write(contract, `${JSON.stringify(openapi, null, 2)}\n`)

  // Its docs rows, after those of the sections before it in the catalog: what the lists of sections
  // cannot say (what it reads, what it costs, its outputs, its columns, its faults, its schema).
  change(
    'action.yml',
    /\n {2}assistantUnanswered:\n {4}description: [^\n]*\n/,
    (output) => `${output}  referrersTotal:\n    description: Referrers in the range.\n`
  )
  change('README.md', /\n\| `assistantUnanswered` \| [^\n]*\n/, (row) => `${row}| \`referrersTotal\` | Referrers in the range. |\n`)
  change(
    'docs/analytics-budget.md',
    /\n\| `assistant` \| [^\n]*\n/,
    (row) => `${row}| \`referrers\` | Sites that send readers | 1 per 100 referrers, +1 for the comparison |\n`
  )
  change(
    'docs/report.md',
    /\n\| `assistant\.csv` \| [^\n]*\n/,
    (row) => `${row}| \`referrers.csv\` | \`searchQuery,hits,ctr,topClickedPage,lastSearchedAt\` |\n`
  )
  change(
    'docs/reliability.md',
    /\n\| The assistant caller stats request answers 500 on every try [^\n]*\n/,
    (row) => `${row}${row.slice(1).replace('The assistant caller stats request', 'A referrers request')}`
  )
  // Its part of analytics.json's schema: the searches' definitions under its own names, as it is
  // written with reader text shown and hidden.
  const schemaFile = 'docs/analytics.schema.json'
  const schema = JSON.parse(read(schemaFile)) as {
    properties: Record<string, unknown>
    allOf: { then: { properties: Record<string, unknown> }; else: { properties: Record<string, unknown> } }[]
    $defs: Record<string, unknown>
  }
  schema.properties.referrers = { $ref: '#/$defs/referrers' }
  for (const name of ['searches', 'hiddenSearches', 'shownSearches'])
    schema.$defs[renamed(name)] = JSON.parse(renamed(JSON.stringify(schema.$defs[name]))) as unknown
  for (const condition of schema.allOf) {
    condition.then.properties.referrers = { $ref: '#/$defs/hiddenReferrers' }
    condition.else.properties.referrers = { $ref: '#/$defs/shownReferrers' }
  }
  write(schemaFile, `${JSON.stringify(schema, null, 2)}\n`)

  // The docs' lists of sections, made from the catalog.
  const lists = spawnSync(process.execPath, ['scripts/section-lists.mjs', 'write'], { cwd: root, encoding: 'utf8' })
  if (lists.status !== 0) throw new Error(`node scripts/section-lists.mjs write failed on the copy:\n${lists.stdout}\n${lists.stderr}`)
  const generated = /Rewrote the lists of sections in (.*)\.\n/.exec(lists.stdout)?.[1]?.split(', ') ?? []
  return { edited: [...touched].sort(), generated: generated.sort() }
}
