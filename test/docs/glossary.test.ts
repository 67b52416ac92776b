// The glossary in docs/architecture.md stays true: every place it names exists, and every word it
// retires is gone from src/ as an identifier or a file name, outside its one allowed sense. The words
// are read with the TypeScript parser (identifiers, not text), so a comment or a message that speaks
// of Mintlify's dashboard, or a string that is data in users' issues, is left alone.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const architecture = readFileSync(join(root, 'docs/architecture.md'), 'utf8')

/** The rows of the Markdown table that follows `after` in the text, each a list of its cells. */
function tableAfter(text: string, after: string): string[][] {
  const start = text.indexOf(after)
  if (start < 0) return []
  const lines = text.slice(start + after.length).split('\n')
  const first = lines.findIndex((line) => line.startsWith('|'))
  const rows: string[][] = []
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim())
    )
  }
  // The header and the line under it.
  return rows.slice(2)
}

const glossary = tableAfter(architecture, '## Glossary')
const retired = tableAfter(architecture, 'Retired words, and what is said instead:')

/** Every .ts file under src/, relative to the root. */
function sourceFiles(dir = 'src'): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(`${dir}/${entry.name}`) : entry.name.endsWith('.ts') ? [`${dir}/${entry.name}`] : []
  )
}

interface Named {
  file: string
  line: number
  name: string
  /** The kind of node the identifier names: a property access, a declaration, … */
  kind: string
  /** Whether it is the name of a property, in a literal, an access or a type, rather than a binding of its own. */
  property: boolean
}

/** Every identifier of `files`, with its file, line and the kind of node it names. */
function identifiersOf(files: readonly { file: string; text: string }[]): Named[] {
  const found: Named[] = []
  for (const { file, text } of files) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
        const parent = node.parent
        const property =
          (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
          ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent)) && parent.name === node)
        found.push({
          file,
          line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
          name: node.text,
          kind: ts.SyntaxKind[parent.kind],
          property
        })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

/** The members of interface `name` in `files`. */
function membersOf(files: readonly { file: string; text: string }[], name: string): string[] {
  const members: string[] = []
  for (const { file, text } of files) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node): void => {
      if (ts.isInterfaceDeclaration(node) && node.name.text === name)
        for (const member of node.members) if (member.name && ts.isIdentifier(member.name)) members.push(member.name.text)
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return members
}

const where = (named: Named): string => `${named.file}:${named.line} ${named.name} (${named.kind})`

/** The old names of the docs health issue's inputs and output, kept until v2: where the inputs are renamed, where the output is set. */
const DASHBOARD_NAMES: Readonly<Record<string, RegExp>> = {
  dashboard: /^src\/run\/inputs\/schema\.ts$/,
  dashboardTitle: /^src\/run\/inputs\/schema\.ts$/,
  dashboardUrl: /^src\/run\/publish\.ts$/
}
/** The docs health issue's own code, where `topPages` is only the state's key. */
const HEALTH_CODE = /^src\/(health\/|run\/health-issue)/
const SECTION_MODULE = /(^|\/)sections?\.ts$/

/**
 * What each retired word may not be, over the identifiers and file names of src/: a list of the
 * places that break the rule, empty when it holds.
 */
const RULES: Readonly<Record<string, (names: readonly Named[], files: readonly { file: string; text: string }[]) => string[]>> = {
  '`board`': (names, files) => [
    ...names.filter((n) => /board/i.test(n.name) && !/dashboard/i.test(n.name)).map(where),
    ...files.filter(({ file }) => /board/i.test(file.replace(/^src\//, ''))).map(({ file }) => file)
  ],
  'dashboard, for the docs health issue': (names, files) => [
    ...names.filter((n) => /dashboard/i.test(n.name) && !DASHBOARD_NAMES[n.name]?.test(n.file)).map(where),
    ...files.filter(({ file }) => /dashboard/i.test(file)).map(({ file }) => file)
  ],
  'title, for a section or a list of gaps': (_names, files) =>
    ['SectionEntry', 'SectionRenderer', 'GapList']
      .filter((name) => membersOf(files, name).includes('title'))
      .map((name) => `${name}.title`),
  '`topPages`, for the pages the docs health issue keeps': (names) =>
    names.filter((n) => /^top_?pages$/i.test(n.name) && (n.name !== 'topPages' || (HEALTH_CODE.test(n.file) && !n.property))).map(where),
  '`sections.ts` or `section.ts`, for a module outside `src/sections/`': (_names, files) =>
    files.filter(({ file }) => SECTION_MODULE.test(file) && !file.startsWith('src/sections/')).map(({ file }) => file),
  'negative, for a count of readers': (names, files) => [
    ...names.filter((n) => /negative/i.test(n.name) && !(n.name === 'feedbackNegative' && n.property)).map(where),
    ...files.filter(({ file }) => /negative/i.test(file)).map(({ file }) => file)
  ]
}

describe('the glossary in docs/architecture.md', () => {
  const files = sourceFiles().map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }))
  const names = identifiersOf(files)

  it('has a line for each idea: a word, what it means, and where it lives', () => {
    expect(glossary.length).toBeGreaterThanOrEqual(10)
    for (const row of glossary) {
      expect(row, row.join(' | ')).toHaveLength(3)
      expect(
        row.every((cell) => cell !== ''),
        row.join(' | ')
      ).toBe(true)
    }
    const words = glossary.map(([word]) => word)
    expect(new Set(words).size).toBe(words.length)
  })

  it('names only places that exist, each under src/', () => {
    const places = glossary.flatMap(([word, , lives]) => [...(lives ?? '').matchAll(/`([^`]+)`/g)].map((match) => [word, match[1] ?? '']))
    expect(places.length).toBeGreaterThanOrEqual(glossary.length)
    const missing = places.filter(([, place]) => !place?.startsWith('src/') || !existsSync(join(root, place)))
    expect(missing).toEqual([])
  })

  it('retires the words the test checks, and no other', () => {
    expect(retired.map(([word]) => word).sort()).toEqual(Object.keys(RULES).sort())
    for (const [word, instead] of retired) expect(instead, word).not.toBe('')
  })

  it.each(Object.keys(RULES))('leaves no trace in src/ of the retired word: %s', (word) => {
    expect(RULES[word]?.(names, files)).toEqual([])
  })
})

describe('the retired-word rules', () => {
  // Each rule is shown to find what it forbids, in a made-up source tree, and to leave alone what it allows.
  const tree = (entries: Record<string, string>) => Object.entries(entries).map(([file, text]) => ({ file, text }))
  const run = (word: string, entries: Record<string, string>) => {
    const files = tree(entries)
    return RULES[word]?.(identifiersOf(files), files)
  }

  it('board: finds a board anywhere, in a name or a file name', () => {
    expect(run('`board`', { 'src/run/work.ts': 'const board = 1\ninterface BoardView {}' })).toEqual([
      'src/run/work.ts:1 board (VariableDeclaration)',
      'src/run/work.ts:2 BoardView (InterfaceDeclaration)'
    ])
    expect(run('`board`', { 'src/run/board.ts': 'export {}' })).toEqual(['src/run/board.ts'])
    expect(run('`board`', { 'src/run/inputs.ts': 'const v = { dashboard: true }; v.dashboard' })).toEqual([])
  })

  it('dashboard: keeps the input and output names where they are read and set, nothing else', () => {
    const word = 'dashboard, for the docs health issue'
    expect(run(word, { 'src/run/inputs/schema.ts': 'const s = { dashboard: 1, dashboardTitle: 2 }; s.dashboard' })).toEqual([])
    expect(run(word, { 'src/run/inputs.ts': 'const v = { dashboard: true }' })).toEqual([
      'src/run/inputs.ts:1 dashboard (PropertyAssignment)'
    ])
    expect(run(word, { 'src/run/publish.ts': 'outputs.dashboardUrl = ""' })).toEqual([])
    expect(run(word, { 'src/run/publish.ts': 'const x = { dashboard: 1 }' })).toEqual([
      'src/run/publish.ts:1 dashboard (PropertyAssignment)'
    ])
    expect(run(word, { 'src/github/issues.ts': 'export const DASHBOARD_LABEL = "docs-health"' })).toEqual([
      'src/github/issues.ts:1 DASHBOARD_LABEL (VariableDeclaration)'
    ])
    expect(run(word, { 'src/health/dashboard.ts': '// the dashboard' })).toEqual(['src/health/dashboard.ts'])
    expect(run(word, { 'src/api/errors.ts': 'const s = "the API keys page of the dashboard"' })).toEqual([])
  })

  it('title: finds a title on the catalog entry, a renderer or a list of gaps, and leaves an issue title alone', () => {
    const word = 'title, for a section or a list of gaps'
    expect(
      run(word, { 'src/render/renderer.ts': 'interface GapList { title: string }\ninterface SectionRenderer { banner: string }' })
    ).toEqual(['GapList.title'])
    expect(run(word, { 'src/core/catalog.ts': 'interface SectionEntry { title: string }' })).toEqual(['SectionEntry.title'])
    expect(run(word, { 'src/github/issues.ts': 'interface HealthIssue { title: string }' })).toEqual([])
  })

  it("topPages: the input's sense anywhere, the state's key in the health issue's code, nothing else", () => {
    const word = '`topPages`, for the pages the docs health issue keeps'
    expect(run(word, { 'src/analytics/reader.ts': 'interface R { topPages: number }\nconst topPages = r.topPages' })).toEqual([])
    expect(run(word, { 'src/health/state.ts': 'const s = z.object({ topPages: pages })\nstate.topPages' })).toEqual([])
    expect(run(word, { 'src/health/history.ts': 'export function topPages() {}' })).toEqual([
      'src/health/history.ts:1 topPages (FunctionDeclaration)'
    ])
    expect(run(word, { 'src/run/health-issue.ts': 'const { topPages } = state' })).toEqual([
      'src/run/health-issue.ts:1 topPages (BindingElement)'
    ])
    expect(run(word, { 'src/health/state.ts': 'export const TOP_PAGES = 20\ntype TopPages = {}' })).toEqual([
      'src/health/state.ts:1 TOP_PAGES (VariableDeclaration)',
      'src/health/state.ts:2 TopPages (TypeAliasDeclaration)'
    ])
  })

  it('negative: finds a count named negative, and leaves the output’s name where it is set', () => {
    const word = 'negative, for a count of readers'
    expect(run(word, { 'src/sections/feedback/read.ts': 'export function negativeFeedback() {}\nconst negative = 1' })).toEqual([
      'src/sections/feedback/read.ts:1 negativeFeedback (FunctionDeclaration)',
      'src/sections/feedback/read.ts:2 negative (VariableDeclaration)'
    ])
    expect(run(word, { 'src/sections/feedback/render.ts': 'const o = { feedbackNegative: "" }' })).toEqual([])
    expect(run(word, { 'src/text/negative.ts': '' })).toEqual(['src/text/negative.ts'])
  })

  it('section modules: finds sections.ts or section.ts outside the sections folder', () => {
    const word = '`sections.ts` or `section.ts`, for a module outside `src/sections/`'
    expect(run(word, { 'src/core/sections.ts': '', 'src/analytics/section.ts': '', 'src/analytics/section-part.ts': '' })).toEqual([
      'src/core/sections.ts',
      'src/analytics/section.ts'
    ])
    expect(run(word, { 'src/sections/traffic/read.ts': '', 'src/core/catalog.ts': '' })).toEqual([])
  })
})

describe("the action's inputs and outputs", () => {
  const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { description: string }>
    outputs: Record<string, { description: string }>
  }
  const named = [...Object.entries(action.inputs), ...Object.entries(action.outputs)]

  it('say "dashboard" only in an old name, marked deprecated with the name that replaced it', () => {
    const old = named.filter(([name]) => /dashboard/i.test(name))
    expect(old.map(([name]) => name).sort()).toEqual(Object.keys(DASHBOARD_NAMES).sort())
    for (const [name, { description }] of old) {
      const now = name.replace('dashboard', 'healthIssue')
      expect(description, name).toMatch(new RegExp(`^Deprecated: the old name of ${now},`))
      expect(
        named.map(([n]) => n),
        name
      ).toContain(now)
    }
  })

  it('use no other retired word in a name', () => {
    expect(named.map(([name]) => name).filter((name) => /board|^title$/i.test(name) && !/dashboard/i.test(name))).toEqual([])
  })
})
