// A new section is its folder, one catalog entry, one wiring line, its endpoint in the emulator, the
// demo's data and the contract's document, and its docs rows, as docs/architecture.md ("A new
// analytics section") lists them, and nothing else: a scratch section with an endpoint of its own
// (test/support/scratch-section.ts) is added to a copy of the tree, every file it edited is one that
// list names, none of them a test outside the section's own, and the docs' lists of sections are
// rewritten from the catalog (`npm run docs:sections`). Then, on the copy: the type check, every
// in-process test (the docs' checks, the contract test, the fault scenarios, which fail its reads
// too, among them), and the end-to-end files that list sections (those that read the catalog, the
// docs health report's expectations or the fault scenarios) through the copy's bundle; with
// SCRATCH_SECTION_E2E=all, every end-to-end file. A test that fails there keeps a hand copy of the
// catalog; a file the section needed that the list lacks fails here by name.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { addScratchSection } from '../support/scratch-section.js'

const ROOT = resolve(import.meta.dirname, '../..')

/** The files architecture.md names for a new section: paths, and links to docs/; `referrers` stands for the section's name. */
function listedFiles(): string[] {
  const page = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')
  const adding = page.slice(page.indexOf('**A new analytics section**'))
  const named = [...adding.matchAll(/`((?:src|test|scripts|docs)\/[\w./<>-]+|action\.yml|README\.md)`/g)].map((m) => m[1] ?? '')
  const linked = [...adding.matchAll(/\]\(([\w.-]+\.(?:md|json))\)/g)].map((m) => `docs/${m[1] ?? ''}`)
  const readme = adding.includes('the README') ? ['README.md'] : []
  return [...new Set([...named, ...linked, ...readme])]
}

/** Whether `file` is one the list names: exactly, or under a folder it names (`sections/referrers/`). */
const isListed = (listed: readonly string[], file: string): boolean =>
  listed.some((entry) => entry === file || (entry.endsWith('/') && file.startsWith(entry)))

/** The tree as Git has it (committed, or new and not ignored), without the mutation results. */
function copyTree(to: string): void {
  const listing = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  if (listing.status !== 0) throw new Error(`git ls-files failed: ${listing.stderr}`)
  for (const file of listing.stdout.split('\0')) {
    if (file === '' || file.startsWith('reports/') || file.startsWith('dist/')) continue
    mkdirSync(dirname(join(to, file)), { recursive: true })
    cpSync(join(ROOT, file), join(to, file))
  }
  symlinkSync(join(ROOT, 'node_modules'), join(to, 'node_modules'), 'dir')
  // The docs tests read this repository's commits (the pinned SHA of the quick start); they only read.
  symlinkSync(join(ROOT, '.git'), join(to, '.git'))
}

/** Runs a tool of node_modules in the copy, with none of this run's vitest variables. */
function runIn(root: string, args: string[]): { status: number | null; output: string } {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_OPTIONS'))
  const run = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...env, TMPDIR: join(root, '.tmp'), CI: '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024
  })
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` }
}

/** What the end-to-end files that list sections read: the catalog, the report's expectations, the fault scenarios. */
const LISTS_SECTIONS = /from '\.\.\/(\.\.\/src\/core\/catalog|support\/health-report|support\/fault-scenarios)\.js'/

/** The end-to-end files to run on the copy: those that list sections, or (SCRATCH_SECTION_E2E=all) every one, this file aside. */
function endToEndFiles(root: string): string[] {
  const all = readdirSync(join(root, 'test/e2e'))
    .filter((name) => name.endsWith('.test.ts') && name !== 'scratch-section.test.ts')
    .map((name) => `test/e2e/${name}`)
    .sort()
  if (process.env.SCRATCH_SECTION_E2E === 'all') return all
  return all.filter((file) => LISTS_SECTIONS.test(readFileSync(join(root, file), 'utf8')))
}

describe('a scratch section', () => {
  it(
    'takes only the files architecture.md lists, no test outside its own, and leaves the type check, every in-process test and the bundle tests that list sections green',
    { timeout: 30 * 60_000 },
    () => {
      const root = mkdtempSync(join(tmpdir(), 'scratch-section-'))
      try {
        copyTree(root)
        mkdirSync(join(root, '.tmp'))
        const { edited, generated } = addScratchSection(root)
        const listed = listedFiles()
        expect(edited.filter((file) => !isListed(listed, file))).toEqual([])
        expect(edited).toEqual(
          expect.arrayContaining([
            'src/core/catalog.ts',
            'src/run/wiring.ts',
            'src/sections/referrers/read.ts',
            'test/emulator/emulator.js',
            'scripts/demo-data.mjs',
            'test/contract/analytics.openapi.json'
          ])
        )
        // No test outside the section's own: the others derive their lists from the catalog.
        expect(
          edited.filter(
            (file) => /^test\/(unit|integration|property|docs|e2e)\//.test(file) && !file.startsWith('test/unit/sections/referrers/')
          )
        ).toEqual([])
        // The docs' lists took it: the README's analytics row among them, which nobody edited for it.
        expect(generated).toEqual(expect.arrayContaining(['README.md', 'action.yml', 'docs/security.md', 'docs/analytics.schema.json']))
        expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('`feedback`, `assistant`, `referrers`. |')
        expect(readFileSync(join(root, 'docs/security.md'), 'utf8')).toContain('`assistant`, `referrers`.')

        const typecheck = runIn(root, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.test.json'])
        expect(typecheck.output.trim().split('\n').slice(-20).join('\n'), 'npm run typecheck on the copy').not.toMatch(/error TS/)
        expect(typecheck.status).toBe(0)

        const tests = runIn(root, [
          'node_modules/vitest/vitest.mjs',
          'run',
          '--project',
          'in process',
          '--project',
          'in process, own modules',
          '--project',
          'faults in process',
          '--reporter',
          'dot'
        ])
        const failed = tests.output.split('\n').filter((line) => /FAIL|×|✗/.test(line))
        expect(failed, 'the in-process tests on the copy').toEqual([])
        expect(tests.status).toBe(0)

        // The end-to-end files that list sections, through the copy's bundle (built first by the
        // end-to-end project's setup).
        const files = endToEndFiles(root)
        expect(files).toEqual(expect.arrayContaining(['test/e2e/analytics-schema.test.ts', 'test/e2e/key-refused.test.ts']))
        const bundle = runIn(root, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'end to end', ...files, '--reporter', 'dot'])
        const bundleFailed = bundle.output.split('\n').filter((line) => /FAIL|×|✗/.test(line))
        expect(bundleFailed, `the end-to-end files on the copy: ${files.join(', ')}`).toEqual([])
        expect(bundle.status).toBe(0)
      } finally {
        rmSync(root, { recursive: true, force: true })
      }
    }
  )
})
