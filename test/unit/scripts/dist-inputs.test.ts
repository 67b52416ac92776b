// The hash of the bundle's inputs (scripts/dist-inputs.mjs): what decides whether the end-to-end
// tests build dist/ first. It must change with any file under src/ and with the lock file, and with
// nothing else.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { inputsHash, INPUTS_FILE, recordedHash } from '../../../scripts/dist-inputs.mjs'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'dist-inputs-'))
  roots.push(root)
  for (const [path, text] of Object.entries(files)) write(root, path, text)
  return root
}

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}

const BASE = {
  'src/index.ts': "import { run } from './main.js'\nvoid run()\n",
  'src/run/work.ts': 'export const work = 1\n',
  'package-lock.json': '{}\n',
  'tsconfig.json': '{}\n',
  'scripts/licenses.mjs': '// licences\n'
}

describe('the hash of what dist/ is built from', () => {
  it('is the same for the same files', () => {
    expect(inputsHash(tree(BASE))).toBe(inputsHash(tree(BASE)))
  })

  it.each([
    ['a changed source file', 'src/run/work.ts', 'export const work = 2\n'],
    ['a new source file', 'src/run/new.ts', 'export {}\n'],
    ['a changed lock file', 'package-lock.json', '{"lockfileVersion":3}\n'],
    ['a changed tsconfig.json', 'tsconfig.json', '{"compilerOptions":{}}\n'],
    ['a changed licence script', 'scripts/licenses.mjs', '// other\n']
  ])('changes with %s', (_, path, text) => {
    const root = tree(BASE)
    const before = inputsHash(root)
    write(root, path, text)
    expect(inputsHash(root)).not.toBe(before)
  })

  it('changes when a file moves, even with the same text', () => {
    const moved = tree(BASE)
    rmSync(join(moved, 'src/run/work.ts'))
    write(moved, 'src/run/other.ts', BASE['src/run/work.ts'])
    expect(inputsHash(moved)).not.toBe(inputsHash(tree(BASE)))
  })

  it('does not change with files outside what the bundle is built from', () => {
    const root = tree(BASE)
    const before = inputsHash(root)
    write(root, 'test/unit/a.test.ts', 'test\n')
    write(root, 'README.md', '# readme\n')
    write(root, INPUTS_FILE, 'anything\n')
    expect(inputsHash(root)).toBe(before)
  })

  it('reads CRLF line endings as LF, so a Windows checkout hashes the same', () => {
    const crlf = Object.fromEntries(Object.entries(BASE).map(([path, text]) => [path, text.replace(/\n/g, '\r\n')]))
    expect(inputsHash(tree(crlf))).toBe(inputsHash(tree(BASE)))
  })

  it('is recorded in dist/inputs.sha256, and is missing when no build recorded it', () => {
    const root = tree(BASE)
    expect(recordedHash(root)).toBeUndefined()
    write(root, INPUTS_FILE, `${inputsHash(root)}\n`)
    expect(recordedHash(root)).toBe(inputsHash(root))
  })
})
