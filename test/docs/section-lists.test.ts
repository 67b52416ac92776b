// The lists of sections the docs repeat are the catalog's (scripts/section-lists.mjs): every one is
// current, and one that a hand edit or a new catalog entry left behind is named, by file and by what
// the list is, with the command that rewrites it.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalogAt, SCHEMA_FILE, staleLists, TEXT_LISTS } from '../../scripts/section-lists.mjs'

const root = resolve(import.meta.dirname, '../..')
const read = (file: string): string => readFileSync(resolve(root, file), 'utf8')
const catalog = await catalogAt(root)

/** The files as they are, but `file` changed by `edit`. */
const editing =
  (file: string, edit: (text: string) => string) =>
  (name: string): string =>
    name === file ? edit(read(name)) : read(name)

describe('the lists of sections in the docs', () => {
  it('are every one what the catalog makes (`node scripts/section-lists.mjs write` rewrites them)', () => {
    expect(staleLists(catalog, read)).toEqual([])
  })

  it('cover action.yml, the README, report.md, analytics-budget.md, security.md and the schema', () => {
    expect([...new Set([...TEXT_LISTS.map((list) => list.file), SCHEMA_FILE])].sort()).toEqual([
      'README.md',
      'action.yml',
      'docs/analytics-budget.md',
      'docs/analytics.schema.json',
      'docs/report.md',
      'docs/security.md'
    ])
  })

  it('name a list edited by hand: the last section left out of the README', () => {
    const names = (count: number): string =>
      catalog.SECTION_NAMES.slice(0, count)
        .map((name) => `\`${name}\``)
        .join(', ')
    const every = catalog.SECTION_NAMES.length
    const stale = staleLists(
      catalog,
      editing('README.md', (text) => text.replace(`${names(every)}. |`, `${names(every - 1)}. |`))
    )
    expect(stale).toEqual([
      `README.md: the sections of the \`analytics\` row of the inputs table says "${names(every - 1)}", the catalog makes "${names(every)}"`
    ])
  })

  it('name a list whose words around it changed, which the check could no longer find', () => {
    const stale = staleLists(
      catalog,
      editing('docs/security.md', (text) => text.replace('The sections that read it: ', 'These sections read it: '))
    )
    expect(stale).toEqual([
      'docs/security.md: the sections that read reader text, in Reader text is not found (the words around it changed)'
    ])
  })

  it('name the schema when a section is missing from what a file must hold one of, or from what asks for readerText', () => {
    const without = (text: string): string => {
      const schema = JSON.parse(text) as { anyOf: unknown[]; dependentRequired: Record<string, string[]> }
      delete schema.dependentRequired.views
      return JSON.stringify({ ...schema, anyOf: schema.anyOf.slice(1) })
    }
    expect(staleLists(catalog, editing(SCHEMA_FILE, without))).toEqual([
      `${SCHEMA_FILE}: its anyOf is not what the catalog makes`,
      `${SCHEMA_FILE}: its dependentRequired is not what the catalog makes`
    ])
  })

  it('take a list wrapped over lines as it is', () => {
    const list = /The sections that read it: ([^.]*)\./.exec(read('docs/security.md'))?.[1] ?? ''
    const wrapped = list.replace(/\s+/g, ' ').replace(/, (?=[^,]*$)/, ',\n  ')
    expect(wrapped).toContain('\n')
    expect(
      staleLists(
        catalog,
        editing('docs/security.md', (text) => text.replace(list, wrapped))
      )
    ).toEqual([])
  })
})
