// @ts-check
// The lists of sections the docs repeat (the names `analytics` takes, the files of `analyticsDir`, the
// keys an alert rule takes, the sections that read reader text, the least `analytics: all` takes, the
// sections analytics.json must hold one of…), made from the catalog (src/core/catalog.ts), so that a
// new section's entry puts it in every one of them:
//
//   node scripts/section-lists.mjs write   rewrites every list from the catalog
//   node scripts/section-lists.mjs check   names every list that is not what the catalog makes (exit 1)
//
// test/docs/section-lists.test.ts runs the check. Each list is found by the words around it, which
// stay as written; what lies between them is the list, and only it is rewritten. A section's own rows
// (its outputs, its row in the budget's table of sections, its CSV columns, its part of the schema)
// are prose and stay by hand: the docs tests derive their lists from the catalog and name what is missing.
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const ROOT = resolve(import.meta.dirname, '..')

/** @typedef {typeof import('../src/core/catalog.js')} CatalogModule */

/**
 * The catalog, read by Node itself (it imports nothing and holds only data and types, which Node 24
 * strips).
 * @param {string} root
 * @returns {Promise<CatalogModule>}
 */
export async function catalogAt(root = ROOT) {
  /** @type {unknown} */
  const catalog = await import(pathToFileURL(join(root, 'src/core/catalog.ts')).href)
  return /** @type {CatalogModule} */ (catalog)
}

/**
 * @typedef {object} TextList A list inside a text file.
 * @property {string} file the file, from the repository's root
 * @property {string} name what the list is, in a failure
 * @property {RegExp} at the words before the list, the list, the words after it: three groups
 * @property {(catalog: CatalogModule) => string} make the list the catalog makes
 */

/** @param {readonly string[]} names */
const plain = (names) => names.join(', ')
/** @param {readonly string[]} names */
const code = (names) => names.map((name) => `\`${name}\``).join(', ')

/** @param {CatalogModule} c */
const files = (c) => c.SECTION_NAMES.flatMap((name) => c.SECTION_CATALOG[name].files)
/** @param {CatalogModule} c */
const headlineKeys = (c) => Object.keys(c.HEADLINE_NAMES)
/**
 * A section's entry, as any entry of the catalog may be.
 * @param {CatalogModule} c
 * @param {import('../src/core/catalog.js').SectionName} name
 * @returns {import('../src/core/catalog.js').SectionEntry}
 */
const entryOf = (c, name) => c.SECTION_CATALOG[name]
/** @param {CatalogModule} c */
const readingReaderText = (c) => c.SECTION_NAMES.filter((name) => entryOf(c, name).readsReaderText)
/** @param {CatalogModule} c */
const gapSignals = (c) => c.SECTION_NAMES.filter((name) => entryOf(c, name).gapSignal)
/**
 * The least `analytics: all` takes, as the plan counts it (analytics/plan.ts): a request for each
 * read of every section, and one for each section's comparison.
 * @param {CatalogModule} c
 */
const leastRequests = (c) => {
  const reads = c.SECTION_NAMES.reduce((total, name) => total + c.SECTION_CATALOG[name].reads.length, 0)
  return `${String(reads + c.SECTION_NAMES.length)} requests (${String(reads)}`
}

/** @type {readonly TextList[]} */
export const TEXT_LISTS = [
  {
    file: 'action.yml',
    name: "the sections of the `analytics` input's description",
    at: /(or a comma-separated list of )([^(]*?)( \(reported in that order\))/,
    make: (c) => plain(c.SECTION_NAMES)
  },
  {
    file: 'action.yml',
    name: "the sections that read reader text, in the `readerText` input's description",
    at: /(the contact field of feedback is never read\. Sections that read it: )([^.']*)(\.')/,
    make: (c) => plain(readingReaderText(c))
  },
  {
    file: 'action.yml',
    name: "the headline keys of the `alerts` input's description",
    at: /(headline numbers, comma-separated: a key \()([^)]*)(\))/,
    make: (c) => plain(headlineKeys(c))
  },
  {
    file: 'action.yml',
    name: "the files of the `analyticsDir` output's description",
    at: /(Folder with analytics\.json and a CSV per section read \()([^)]*)(\))/,
    make: (c) => plain(files(c))
  },
  {
    file: 'action.yml',
    name: "the sections of the `analyticsFile` output's description",
    at: /(each section read under its own name \()([^)]*)(\))/,
    make: (c) => plain(c.SECTION_NAMES)
  },
  {
    file: 'README.md',
    name: 'the sections of the `analytics` row of the inputs table',
    at: /(\| Sections to report: `true` or `all`, or a list of )([^|]*?)(\. \|)/,
    make: (c) => code(c.SECTION_NAMES)
  },
  {
    file: 'README.md',
    name: 'the least `analytics: all` takes, in Costs and limits',
    at: /(`analytics: all` makes at least )(\d+ requests \(\d+)( without the comparisons\))/,
    make: leastRequests
  },
  {
    file: 'docs/report.md',
    name: 'the sections of analytics.json, in Files',
    at: /(and each section read under its own name \()([^)]*)(\) with `partial`)/,
    make: (c) => code(c.SECTION_NAMES)
  },
  {
    file: 'docs/report.md',
    name: 'the headline keys an alert rule takes, in Alerts',
    at: /(A rule is a key \()([^)]*)(\))/,
    make: (c) => code(headlineKeys(c))
  },
  {
    file: 'docs/report.md',
    name: 'the headlines the report never compares, in Alerts',
    at: /(A per-cent rule over a headline the report never compares\s+\()([^)]*)(\))/,
    make: (c) => code([...c.UNCOMPARED_HEADLINES])
  },
  {
    file: 'docs/report.md',
    name: 'the sections that read reader text, in Reader text',
    at: /(The sections that read reader text: )([^.]*)(\.)/,
    make: (c) => code(readingReaderText(c))
  },
  {
    file: 'docs/analytics-budget.md',
    name: 'the gap signals, in How maxRequests is spent',
    at: /(While the gap signals \()([^)]*)(\))/,
    make: (c) => plain(gapSignals(c))
  },
  {
    file: 'docs/security.md',
    name: 'the sections that read reader text, in Reader text',
    at: /(The sections that read it: )([^.]*)(\.)/,
    make: (c) => code(readingReaderText(c))
  }
]

/** The schema of analytics.json, whose lists are JSON. */
export const SCHEMA_FILE = 'docs/analytics.schema.json'

/**
 * The schema's lists the catalog makes: a file holds at least one section that made a request
 * (`anyOf`), and asks for `readerText` with each section that reads reader text (`dependentRequired`).
 * @param {CatalogModule} c
 */
export function schemaLists(c) {
  return {
    anyOf: c.SECTION_NAMES.map((name) => ({ required: [name], properties: { [name]: { $ref: '#/$defs/read' } } })),
    dependentRequired: Object.fromEntries(readingReaderText(c).map((name) => [name, ['readerText']]))
  }
}

/**
 * The lists of the files `read` gives that are not what the catalog makes, by file and name: empty
 * when every one is current.
 * @param {CatalogModule} catalog
 * @param {(file: string) => string} read
 * @returns {string[]}
 */
export function staleLists(catalog, read) {
  const stale = TEXT_LISTS.flatMap((list) => {
    const found = list.at.exec(read(list.file))
    if (!found) return [`${list.file}: ${list.name} is not found (the words around it changed)`]
    const want = list.make(catalog)
    const says = (found[2] ?? '').replace(/\s+/g, ' ')
    return says === want ? [] : [`${list.file}: ${list.name} says "${says}", the catalog makes "${want}"`]
  })
  /** @type {unknown} */
  const parsed = JSON.parse(read(SCHEMA_FILE))
  const schema = /** @type {Record<string, unknown>} */ (parsed)
  for (const [key, want] of Object.entries(schemaLists(catalog)))
    if (JSON.stringify(schema[key]) !== JSON.stringify(want)) stale.push(`${SCHEMA_FILE}: its ${key} is not what the catalog makes`)
  return stale
}

/**
 * The JSON text with the value of its top-level `key` replaced by `value`, an item (or entry) a line,
 * the rest of the text as it was (prettier then lays it out as the file's other lists are).
 * @param {string} text
 * @param {string} key
 * @param {unknown} value
 */
function withTopLevel(text, key, value) {
  const start = text.indexOf(`\n  ${JSON.stringify(key)}: `)
  if (start < 0) throw new Error(`${SCHEMA_FILE} has no top-level ${key}`)
  const from = start + key.length + 7
  let depth = 0
  let end = from
  let inString = false
  for (; end < text.length; end++) {
    const char = text[end]
    if (inString) {
      if (char === '\\') end++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '[' || char === '{') depth++
    else if ((char === ']' || char === '}') && --depth === 0) break
  }
  const lines = Array.isArray(value)
    ? `[\n${value.map((item) => JSON.stringify(item)).join(',\n')}\n]`
    : `{\n${Object.entries(/** @type {Record<string, unknown>} */ (value))
        .map(([name, item]) => `${JSON.stringify(name)}: ${JSON.stringify(item)}`)
        .join(',\n')}\n}`
  return `${text.slice(0, from)}${lines}${text.slice(end + 1)}`
}

/**
 * Rewrites every list under `root` from the catalog there; returns the files it changed.
 * @param {string} root
 */
export async function writeLists(root = ROOT) {
  const catalog = await catalogAt(root)
  /** @type {Map<string, string>} */
  const texts = new Map()
  const read = (/** @type {string} */ file) => texts.get(file) ?? readFileSync(join(root, file), 'utf8')
  for (const list of TEXT_LISTS) {
    const text = read(list.file)
    if (!list.at.test(text)) throw new Error(`${list.file}: ${list.name} is not found (the words around it changed)`)
    texts.set(
      list.file,
      text.replace(
        list.at,
        (/** @type {string} */ all, /** @type {string} */ before, /** @type {string} */ says, /** @type {string} */ after) => {
          const want = list.make(catalog)
          // A list wrapped over lines as the catalog makes it stays as it is.
          return says.replace(/\s+/g, ' ') === want ? all : `${before}${want}${after}`
        }
      )
    )
  }
  let schema = read(SCHEMA_FILE)
  for (const [key, value] of Object.entries(schemaLists(catalog))) schema = withTopLevel(schema, key, value)
  const prettier = await import('prettier')
  const options = (await prettier.resolveConfig(join(root, SCHEMA_FILE))) ?? {}
  texts.set(SCHEMA_FILE, await prettier.format(schema, { ...options, parser: 'json' }))
  const changed = [...texts].filter(([file, text]) => readFileSync(join(root, file), 'utf8') !== text)
  for (const [file, text] of changed) writeFileSync(join(root, file), text)
  return changed.map(([file]) => file)
}

const command = process.argv[1] === import.meta.filename ? process.argv[2] : undefined
if (command === 'write') {
  const changed = await writeLists()
  console.log(changed.length === 0 ? 'Every list of sections is current.' : `Rewrote the lists of sections in ${changed.join(', ')}.`)
} else if (command === 'check') {
  const stale = staleLists(await catalogAt(), (file) => readFileSync(join(ROOT, file), 'utf8'))
  for (const line of stale) console.error(line)
  if (stale.length > 0) console.error('Run `node scripts/section-lists.mjs write` to make them from the catalog.')
  process.exitCode = stale.length > 0 ? 1 : 0
} else if (command !== undefined) {
  console.error('Usage: node scripts/section-lists.mjs write|check')
  process.exitCode = 2
}
