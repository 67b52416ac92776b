// The README is for a person who has never seen the action: at most 12 KB, what is needed on its
// first screen, and tables that cannot drift from action.yml (every input, with its default and
// whether it is required, and every output, and nothing else). Everything else is in docs/, said
// once, and every link between them leads somewhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { gitRefs } from '../../scripts/lint-workflows.mjs'

const root = resolve(import.meta.dirname, '../..')
const read = (file: string): string => readFileSync(resolve(root, file), 'utf8')
const action = parse(read('action.yml')) as {
  description: string
  inputs: Record<string, { description: string; required?: boolean; default?: string | number | boolean }>
  outputs: Record<string, { description: string }>
  runs: { using: string; main: string }
}
const readme = read('README.md')
const docPages = readdirSync(resolve(root, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => `docs/${f}`)
const pages = new Map([['README.md', readme], ...docPages.map((file): [string, string] => [file, read(file)])])
const page = (file: string): string => pages.get(file) ?? ''

/** The text under a heading of any level, up to the next heading of the same or a higher level. */
function section(text: string, heading: string): string {
  const match = new RegExp(`\\n(#+) ${heading}\\n`).exec(text)
  if (match?.[1] === undefined) return ''
  const rest = text.slice(match.index + match[0].length)
  const end = new RegExp(`\\n#{1,${match[1].length}} `).exec(rest)
  return end ? rest.slice(0, end.index) : rest
}

/** Rows of the first table under a heading, as arrays of cells. */
function table(text: string, heading: string): string[][] {
  const lines = section(text, heading)
    .split('\n')
    .filter((l) => l.startsWith('| '))
  return lines.slice(2).map((l) =>
    l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim())
  )
}
const unquote = (cell: string): string => cell.replace(/^`(.*)`$/, '$1')

// The one default the code cannot apply itself: the runner's expression for the job's token.
const RUNNER_DEFAULTS = new Set(['githubToken'])

describe('README', () => {
  it('is at most 12 KB', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(12_288)
  })

  it('has the sections a user looks for, in the order a first run needs them', () => {
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1])
    expect(headings).toEqual([
      'Before you start',
      'Quick start',
      'From a clone',
      'Examples',
      'Inputs',
      'Outputs',
      'What fails the step',
      'Security and privacy',
      'Costs and limits',
      'More'
    ])
  })

  it('names the service and says what a first run needs before the quick start', () => {
    const intro = readme.split('\n## ')[0] ?? ''
    expect(intro).toContain('[Mintlify](https://www.mintlify.com)')
    const before = section(readme, 'Before you start')
    for (const needed of [
      'Pro or Enterprise plan',
      'admin API key',
      'https://app.mintlify.com/settings/organization/api-keys',
      '`write`',
      '`read`',
      'project ID',
      'gh secret set MINTLIFY_API_KEY',
      'gh variable set MINTLIFY_PROJECT_ID'
    ]) {
      expect(before, needed).toContain(needed)
    }
    // The quick start reads the key and the project ID from where Before you start puts them.
    const quickStart = section(readme, 'Quick start')
    expect(quickStart).toContain('apiKey: ${{ secrets.MINTLIFY_API_KEY }}')
    expect(quickStart).toContain('projectId: ${{ vars.MINTLIFY_PROJECT_ID }}')
    expect(quickStart).toContain('docs/screenshots/docs-health.png')
  })

  it('gives every example one line, and no example that does not exist', () => {
    const examples = readdirSync(resolve(root, 'examples'))
      .filter((f) => f.endsWith('.yml'))
      .sort()
    const lines = section(readme, 'Examples')
      .split('\n')
      .filter((l) => l.startsWith('- '))
    expect(lines.map((l) => /^- \[([^\]]+)\]\(examples\/\1\): \S/.exec(l)?.[1]).sort()).toEqual(examples)
  })

  // An old name, deprecated in action.yml, is named in the row of the name that replaced it, as "(was `old`)".
  const deprecated = (spec: { description?: string }) => spec.description?.startsWith('Deprecated:') === true
  const wasNamed = (name: string) => readme.includes(`(was \`${name}\`)`)

  it("lists every input of action.yml, with its default and whether it is required, and no other; an old name in its new one's row", () => {
    const rows = table(readme, 'Inputs').map(([name = '', required = '', def = '']) => [unquote(name), required, unquote(def)])
    const inputs = Object.entries(action.inputs)
    const expected = inputs
      .filter(([, spec]) => !deprecated(spec))
      .map(([name, spec]) => [name, spec.required ? 'yes' : 'no', String(spec.default ?? '')])
    expect(rows).toEqual(expected)
    const old = inputs.filter(([, spec]) => deprecated(spec)).map(([name]) => name)
    expect(old.filter((name) => !wasNamed(name))).toEqual([])
  })

  it("lists every output of action.yml, and no other; an old name in its new one's row", () => {
    const outputs = Object.entries(action.outputs)
    expect(table(readme, 'Outputs').map(([name = '']) => unquote(name))).toEqual(
      outputs.filter(([, spec]) => !deprecated(spec)).map(([name]) => name)
    )
    const old = outputs.filter(([, spec]) => deprecated(spec)).map(([name]) => name)
    expect(old.filter((name) => !wasNamed(name))).toEqual([])
  })

  it('declares in action.yml every default the code applies outside the runner, and no other', async () => {
    const { INPUT_DEFAULTS } = await import('../../src/run/inputs.js')
    const declared = Object.entries(action.inputs).flatMap(([name, spec]) =>
      spec.default === undefined || RUNNER_DEFAULTS.has(name) ? [] : [[name, spec.default]]
    )
    expect(Object.fromEntries(declared)).toEqual(INPUT_DEFAULTS)
  })

  it('runs on node24 from the committed bundle', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
  })

  it('names every file of analyticsDir, the catalog’s files of every section, in action.yml and report.md, which the outputs table links', async () => {
    const { SECTION_CATALOG, SECTION_NAMES } = await import('../../src/core/catalog.js')
    const files = ['analytics.json', ...SECTION_NAMES.flatMap((name) => SECTION_CATALOG[name].files)]
    expect(files.length).toBeGreaterThan(SECTION_NAMES.length)
    for (const file of files) {
      expect(action.outputs.analyticsDir?.description, file).toContain(file)
      expect(section(page('docs/report.md'), 'Files'), file).toContain(`\`${file}\``)
    }
    // The README names no file of a section, so that a new section adds no bytes there.
    expect(table(readme, 'Outputs').find(([name]) => name === '`analyticsDir`')?.[1]).toContain('(docs/report.md#files)')
  })

  it('declares every output of the catalog’s sections in action.yml and the outputs table, each once', async () => {
    const { SECTION_CATALOG, SECTION_NAMES } = await import('../../src/core/catalog.js')
    const outputs = SECTION_NAMES.flatMap((name) => SECTION_CATALOG[name].outputs)
    expect(new Set(outputs).size).toBe(outputs.length)
    const listed = table(readme, 'Outputs').map(([name = '']) => unquote(name))
    for (const output of outputs) {
      expect(Object.keys(action.outputs), output).toContain(output)
      expect(listed, output).toContain(output)
    }
  })

  it('names every headline key an alert rule takes, and which never compare, in action.yml and report.md, in report order', async () => {
    const { HEADLINE_NAMES, UNCOMPARED_HEADLINES } = await import('../../src/core/catalog.js')
    const keys = Object.keys(HEADLINE_NAMES)
    const rules = section(page('docs/report.md'), 'Alerts').replace(/\s+/g, ' ')
    const named = /A rule is a key \(([^)]*)\)/.exec(rules)?.[1] ?? ''
    expect(named.split(', ').map(unquote)).toEqual(keys)
    expect(/a key \(([^)]*)\)/.exec(action.inputs.alerts?.description ?? '')?.[1]?.split(', ')).toEqual(keys)
    const uncompared = /A per-cent rule over a headline the report never compares \(([^)]*)\)/.exec(rules)?.[1] ?? ''
    expect(uncompared.split(', ').map(unquote)).toEqual([...UNCOMPARED_HEADLINES])
  })

  it('says that the API cannot cancel a job, so that a timeout leaves it running', () => {
    expect(section(readme, 'What fails the step')).toContain('cannot cancel a job')
  })

  it('gives the costs: agent jobs per project, analytics per organization, the least analytics: all takes, and many projects', async () => {
    const { SECTIONS } = await import('../../src/run/wiring.js')
    const { SECTION_NAMES } = await import('../../src/core/catalog.js')
    const { plannedReads } = await import('../../src/analytics/plan.js')
    const costs = section(readme, 'Costs and limits').replace(/\s+/g, ' ')
    expect(costs).toContain('100 of these per project per hour')
    expect(costs).toContain('100 analytics requests per organization per hour')
    expect(costs).toContain('[many-projects.yml](examples/many-projects.yml)')
    // The fewest requests of every section, with and without the comparisons, as the plan counts them.
    const entries = SECTION_NAMES.map((name) => SECTIONS[name])
    const [compared, alone] = [plannedReads(entries, true).length, plannedReads(entries, false).length]
    expect(costs).toContain(`\`analytics: all\` makes at least ${compared} requests (${alone} without the comparisons)`)
  })
})

describe('docs/', () => {
  it('architecture.md names, for a new section, only files that exist', () => {
    const steps = section(page('docs/architecture.md'), 'Where to change things')
    const adding = steps.slice(steps.indexOf('**A new analytics section**'))
    const named = [...adding.matchAll(/`((?:src|test|scripts|docs)\/[\w./-]+\.(?:ts|js|mjs|json|md))`/g)].map((m) => m[1] ?? '')
    const linked = [...adding.matchAll(/\]\(([\w.-]+\.(?:md|json))\)/g)].map((m) => `docs/${m[1] ?? ''}`)
    const files = [...named, ...linked].filter((file) => !file.includes('referrers'))
    expect(files).toEqual(expect.arrayContaining(['scripts/demo-data.mjs', 'test/emulator/emulator.js', 'docs/analytics.schema.json']))
    for (const file of files) expect(existsSync(resolve(root, file)), file).toBe(true)
  })

  it('analytics-budget.md has a row for each analytics section the code reads, in report order, with its cost in requests', async () => {
    const { SECTION_NAMES } = await import('../../src/core/catalog.js')
    const rows = table(page('docs/analytics-budget.md'), 'The sections')
    expect(rows.map((row) => unquote(row[0] ?? ''))).toEqual([...SECTION_NAMES])
    for (const row of rows) expect(row[2], row[0]).toMatch(/^1 (per|for) /)
    for (const name of SECTION_NAMES) expect(action.inputs.analytics?.description, name).toContain(name)
  })

  it('report.md explains each readerText value, and that the contact address is never read', async () => {
    const { READER_TEXT_WORDS } = await import('../../src/run/inputs.js')
    const readerText = section(page('docs/report.md'), 'Reader text')
    for (const word of READER_TEXT_WORDS) {
      expect(readerText, word).toContain(`\`${word}\``)
      expect(action.inputs.readerText?.description, word).toContain(word)
    }
    expect(readerText).toContain('GET /repos/{owner}/{repo}')
    expect(readerText).toContain('`contact`')
    expect(readerText).toContain('`[email]`')
  })

  it('report.md says that reader text given to the agent is data, not instructions, and that its pull request is reviewed', () => {
    const gaps = section(page('docs/report.md'), 'From reader signals to a docs pull request').replace(/\s+/g, ' ')
    expect(gaps).toContain('examples/docs-from-reader-signals.yml')
    expect(gaps).toContain('untrusted data, not instructions')
    expect(gaps).toContain('reviewed before')
  })

  it('proxies.md gives the runner version node24 needs', () => {
    expect(page('docs/proxies.md')).toContain('v2.327.1')
  })

  it('publishing.md gives the rename, the release and the Marketplace listing', () => {
    const publishing = page('docs/publishing.md')
    for (const step of ['npm run rename -- ', 'scripts/release', 'Publish this Action to the GitHub Marketplace', 'unique']) {
      expect(publishing, step).toContain(step)
    }
  })
})

describe('README and docs/ together', () => {
  /** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
  const anchor = (heading: string): string =>
    heading
      .toLowerCase()
      .replace(/[^\w\- ]/g, '')
      .replace(/ /g, '-')
  const anchorsOf = (text: string): Set<string> => new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1] ?? '')))
  /** Links and pictures in the text, code blocks left out: the target, resolved from the repository root. */
  const linksOf = (file: string): { target: string; hash: string }[] =>
    [
      ...page(file)
        .replace(/```[\s\S]*?```/g, '')
        .matchAll(/\]\(([^)\s]+)\)|<img src="([^"]+)"/g)
    ]
      .map((m) => m[1] ?? m[2] ?? '')
      .filter((link) => !/^[a-z]+:/.test(link))
      .map((link) => {
        const [path = '', hash = ''] = link.split('#')
        return { target: path === '' ? file : normalize(join(dirname(file), path)).replace(/\/$/, ''), hash }
      })

  it.each([...pages.keys()])('%s links only to files and headings that exist', (file) => {
    for (const { target, hash } of linksOf(file)) {
      expect(existsSync(resolve(root, target)), `${file} → ${target}`).toBe(true)
      if (hash !== '') expect(anchorsOf(pages.get(target) ?? read(target)), `${file} → ${target}#${hash}`).toContain(hash)
    }
  })

  it('reaches every page of docs/ from the README', () => {
    const reached = new Set(['README.md'])
    for (let grew = true; grew;) {
      grew = false
      for (const file of [...reached].filter((f) => pages.has(f))) {
        for (const { target } of linksOf(file)) {
          if (!reached.has(target)) {
            reached.add(target)
            grew = true
          }
        }
      }
    }
    for (const file of docPages) expect(reached, file).toContain(file)
  })

  it('shows each screenshot once', () => {
    const shown = [...pages.keys()].flatMap((file) =>
      linksOf(file)
        .map((link) => link.target)
        .filter((target) => target.startsWith('docs/screenshots/'))
    )
    const files = readdirSync(resolve(root, 'docs/screenshots')).map((f) => `docs/screenshots/${f}`)
    expect(shown.filter((target) => target.endsWith('.png')).sort()).toEqual(files.filter((f) => f.endsWith('.png')).sort())
  })

  it('says nothing twice: no run of nine words appears twice in the prose', () => {
    const seen = new Map<string, string>()
    const repeated: string[] = []
    for (const [file, text] of pages) {
      const prose = text
        .replace(/```[\s\S]*?```/g, '')
        .split('\n')
        .filter((line) => !line.startsWith('|') && !line.startsWith('![') && !line.startsWith('<img'))
        .join('\n')
      const words = prose.toLowerCase().match(/[\w`'@./-]+/g) ?? []
      for (let i = 0; i + 9 <= words.length; i++) {
        const run = words.slice(i, i + 9).join(' ')
        const where = seen.get(run)
        if (where === undefined) seen.set(run, file)
        else repeated.push(`${where === file ? `${file}, twice` : `${where} and ${file}`}: ${run}`)
      }
    }
    expect(repeated).toEqual([])
  })
})

describe('what a newcomer needs from the README alone', () => {
  it('gives the two commands from a clone, the second the one CI runs', () => {
    const block = /```sh\n([\s\S]*?)```/.exec(section(readme, 'From a clone'))?.[1] ?? ''
    expect(block.split('\n').map((line) => line.split('#')[0]?.trim())).toEqual(['npm ci && npm run demo', 'npm test', ''])
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> }
    expect(Object.keys(pkg.scripts)).toEqual(expect.arrayContaining(['demo', 'test', 'lint:workflows']))
    expect(read('.ci/run')).toMatch(/^npm test$/m)
  })

  it('says which Node contributors use, and what happens on another', () => {
    const clone = section(readme, 'From a clone').replace(/\s+/g, ' ')
    for (const said of ['`.node-version`', 'warns about engines', '`npm test` fetches Node 24']) expect(clone, said).toContain(said)
    expect(read('.node-version').trim()).toBe('24')
    expect(page('docs/development.md')).toContain('EBADENGINE')
    // Forms that work from the user's repository, where `npm run` finds no script of the action.
    expect(clone).toContain('From your repository, `node <clone>/scripts/lint-workflows.mjs your-workflow.yml`')
    expect(clone).toContain('`node <clone>/scripts/try.mjs your-workflow.yml`')
    expect(clone).toContain('`--loglevel=error` hides it')
    expect(page('docs/development.md')).toContain('npm ci --loglevel=error')
  })

  it('quotes no count in the README or docs/ that a new test or a mutation run makes stale', () => {
    expect([...pages.keys()]).toEqual(expect.arrayContaining(['README.md', 'docs/development.md', 'docs/architecture.md']))
    for (const [file, text] of pages) {
      expect(text.replace(/\s+/g, ' '), file).not.toMatch(/\b\d[\d,]* (?:test files|tests|source files)\b/)
      expect(text, file).not.toMatch(/score is \*\*/)
    }
  })

  it('says which runners run the action, before the quick start', () => {
    const before = readme.slice(0, readme.indexOf('## Quick start')).replace(/\s+/g, ' ')
    expect(before).toContain('`node24`')
    expect(before).toContain('self-hosted and GitHub Enterprise Server runners 2.327.1 or later')
  })

  it('says in one line whose action it is, what to use until v1 is tagged, the command that prints a SHA, and the form after the release', () => {
    const status = readme.split('\n\n').find((paragraph) => paragraph.startsWith('**Status:**')) ?? ''
    expect(status.replace(/\s+/g, ' ')).toMatch(
      /a community action, not Mintlify's\. Until `v1` is tagged, use `@main`, as here, or pin a full commit SHA \(`git ls-remote https:\/\/github\.com\/[\w.-]+\/[\w.-]+ HEAD` prints the newest\); once it is, use `[\w.-]+\/[\w.-]+@v1`\. Upgrades: \[CHANGELOG\]\(CHANGELOG\.md\)\.$/
    )
  })

  it('uses in the quick start a ref that works when read: main, or the major tag once it exists', () => {
    const [, ref] = /uses: [\w.-]+\/[\w.-]+@(\S+)/m.exec(section(readme, 'Quick start')) ?? []
    const tags = gitRefs(root)?.tags ?? new Set<string>()
    expect(['main', ...(tags.has('v1') ? ['v1'] : [])]).toContain(ref)
  })
})
