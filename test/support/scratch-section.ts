// A scratch section, "referrers", added to a copy of the tree the way docs/architecture.md ("A new
// analytics section") says a maintainer adds one: its folder (a copy of the searches section under
// the new name), the whole report and the expectations its tests keep, its catalog entry, its wiring
// line and its docs rows, and nothing else. test/e2e/scratch-section.test.ts adds it, holds the files it took to the
// list in architecture.md, and runs the type check and the in-process tests on the copy: a test
// outside the section's own that fails there keeps a hand copy of the catalog.
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

/** Replaces the one place `anchor` is found in the file with `by(anchor)`; a file without it fails, naming both. */
function edit(root: string, path: string, anchor: string | RegExp, by: (found: string) => string): void {
  const file = join(root, path)
  const text = readFileSync(file, 'utf8')
  const match = typeof anchor === 'string' ? (text.includes(anchor) ? anchor : undefined) : anchor.exec(text)?.[0]
  if (match === undefined) throw new Error(`the scratch section found no ${String(anchor)} in ${path}`)
  writeFileSync(file, text.replace(match, by(match)))
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
 * Adds the scratch section to the tree at `root` (a copy), and returns the files it added or changed,
 * in path order.
 */
export function addScratchSection(root: string): string[] {
  const touched = new Set<string>()
  const change = (path: string, anchor: string | RegExp, by: (found: string) => string): void => {
    edit(root, path, anchor, by)
    touched.add(path)
  }

  // Its folder: the searches section under its own name. It reads the documented searches endpoint
  // (the contract test answers only what the vendor's documents declare), so the names on the wire
  // stay those of that endpoint.
  for (const file of filesUnder(root, 'src/sections/searches')) {
    const to = file.replace('/searches/', '/referrers/')
    mkdirSync(dirname(join(root, to)), { recursive: true })
    const text = renamed(readFileSync(join(root, file), 'utf8'))
      .replace("path: 'referrers'", "path: 'searches'")
      .replace(/\breferrers: z\.array\(/, 'searches: z.array(')
      .replace(/\btotalReferrers: z\./, 'totalSearches: z.')
      .replace("ReferrersPage['referrers']", "ReferrersPage['searches']")
      .replace(/\bpage\.referrers\b/g, 'page.searches')
      .replace(/\bpage\.totalReferrers\b/g, 'page.totalSearches')
      .replace(/\)\)\.totalReferrers\b/g, ')).totalSearches')
    writeFileSync(join(root, to), text)
    touched.add(to)
  }
  // Its own tests' whole report (test/unit/sections/catalog.test.ts finds referrersReport there), and
  // what it gives for the emulator's data (test/support/health-report.ts finds referrersExpected
  // there): the data of the searches endpoint it reads.
  for (const file of ['reports.ts', 'expected.ts']) {
    const to = `test/unit/sections/referrers/${file}`
    mkdirSync(dirname(join(root, to)), { recursive: true })
    const text = renamed(readFileSync(join(root, `test/unit/sections/searches/${file}`), 'utf8')).replace(
      /\bdefaultReferrers\b/g,
      'defaultSearches'
    )
    writeFileSync(join(root, to), text)
    touched.add(to)
  }

  // One catalog entry, one wiring line (with the imports it takes).
  change('src/core/catalog.ts', /\n\}\)\n/, () => `${ENTRY}\n`)
  change('src/run/wiring.ts', "import { searchesPart } from '../sections/searches/read.js'", (line) => `${line}\n${renamed(line)}`)
  change('src/run/wiring.ts', "import { searchesRenderer } from '../sections/searches/render.js'", (line) => `${line}\n${renamed(line)}`)
  change(
    'src/run/wiring.ts',
    /\n\}\)\n\ntype Wiring/,
    (end) => `,\n  referrers: wire({ part: referrersPart, render: referrersRenderer })${end}`
  )

  // Its docs rows, after those of the sections before it in the catalog.
  change(
    'action.yml',
    /\n {2}assistantUnanswered:\n {4}description: [^\n]*\n/,
    (output) => `${output}  referrersTotal:\n    description: Referrers in the range.\n`
  )
  change('action.yml', /(\n {2}analyticsDir:\n {4}description: [^\n]*?)assistant\.csv/, (files) => `${files}, referrers.csv`)
  change('action.yml', 'assistantQuestions, assistantUnanswered)', (keys) => keys.replace(')', ', referrers, referrersNoClick)'))
  change('action.yml', /(\n {2}analytics:\n {4}description: [^\n]*?)assistant/, (names) => `${names}, referrers`)
  change('README.md', /\n\| `assistantUnanswered` \| [^\n]*\n/, (row) => `${row}| \`referrersTotal\` | Referrers in the range. |\n`)
  change('README.md', /`analytics: all` makes at least (\d+) requests \((\d+) without the comparisons\)/, (costs) =>
    costs.replace(/\d+/g, (count) => String(Number(count) + (costs.startsWith(`\`analytics: all\` makes at least ${count}`) ? 2 : 1)))
  )
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
  change('docs/report.md', '`assistantUnanswered`), an operator', (keys) => keys.replace(')', ', `referrers`, `referrersNoClick`)'))
  change('docs/report.md', '`assistantUnanswered`), or with', (keys) => keys.replace(')', ', `referrersNoClick`)'))
  change(
    'docs/reliability.md',
    /\n\| The assistant caller stats request answers 500 on every try [^\n]*\n/,
    (row) => `${row}${row.slice(1).replace('The assistant caller stats request', 'A referrers request')}`
  )
  const schemaFile = join(root, 'docs/analytics.schema.json')
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as {
    properties: Record<string, unknown>
    dependentRequired: Record<string, string[]>
    anyOf: unknown[]
  }
  schema.properties.referrers = { $ref: '#/$defs/searches' }
  schema.dependentRequired.referrers = ['readerText']
  schema.anyOf.push({ required: ['referrers'], properties: { referrers: { $ref: '#/$defs/read' } } })
  writeFileSync(schemaFile, `${JSON.stringify(schema, null, 2)}\n`)
  touched.add('docs/analytics.schema.json')
  return [...touched].sort()
}
