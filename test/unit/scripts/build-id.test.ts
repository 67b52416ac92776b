// Tests the build id (scripts/build-id.mjs): the same for a tree and for the commit that holds it,
// whatever order or line endings, changed by any file the bundle is built from, written once into
// the bundle, and refused when the bundle holds its placeholder other than once.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { blobId, buildIdOf, commitBuildId, PLACEHOLDER, stamp, treeBuildId } from '../../../scripts/build-id.mjs'

const dirs: string[] = []
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'build-id-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A small source tree: src/ with a nested folder, and the three files beside it. */
function sourceTree(dir: string): void {
  mkdirSync(join(dir, 'src/run'), { recursive: true })
  writeFileSync(join(dir, 'src/index.ts'), 'export {}\n')
  writeFileSync(join(dir, 'src/run/work.ts'), 'export const a = 1\n')
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.json']) writeFileSync(join(dir, file), `{"file":"${file}"}\n`)
}

const git = (dir: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'core.autocrlf=false', ...args], {
    cwd: dir,
    encoding: 'utf8'
  }).trim()

describe('the build id', () => {
  it("is git's blob id of each file, with line endings as committed", () => {
    expect(blobId(Buffer.from('hello\n'))).toBe('ce013625030ba8dba906f756967f9e9ca394464a')
    expect(blobId(Buffer.from('hello\r\n'))).toBe('ce013625030ba8dba906f756967f9e9ca394464a')
    expect(blobId(Buffer.from(''))).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391')
  })

  it('is 12 digits over the paths and blobs, in any order, and changes with either', () => {
    const id = buildIdOf([
      ['src/a.ts', 'a'.repeat(40)],
      ['package.json', 'b'.repeat(40)]
    ])
    expect(id).toMatch(/^[0-9a-f]{12}$/)
    expect(
      buildIdOf([
        ['package.json', 'b'.repeat(40)],
        ['src/a.ts', 'a'.repeat(40)]
      ])
    ).toBe(id)
    expect(buildIdOf([['src/a.ts', 'a'.repeat(40)]])).not.toBe(id)
    expect(
      buildIdOf([
        ['src/b.ts', 'a'.repeat(40)],
        ['package.json', 'b'.repeat(40)]
      ])
    ).not.toBe(id)
  })

  it('is the same for a tree and the commit that holds it, and another for a commit that changes one file', () => {
    const dir = tempDir()
    sourceTree(dir)
    writeFileSync(join(dir, 'README.md'), 'not part of the build\n')
    git(dir, 'init', '-q')
    git(dir, 'add', '.')
    git(dir, 'commit', '-qm', 'one')
    const id = treeBuildId(dir)
    expect(commitBuildId('HEAD', dir)).toBe(id)
    // A file the bundle is not built from changes nothing.
    writeFileSync(join(dir, 'README.md'), 'changed\n')
    expect(treeBuildId(dir)).toBe(id)
    // A file of src/, or the version in package.json, changes the id.
    writeFileSync(join(dir, 'src/run/work.ts'), 'export const a = 2\n')
    expect(treeBuildId(dir)).not.toBe(id)
    git(dir, 'commit', '-qam', 'two')
    expect(commitBuildId('HEAD', dir)).toBe(treeBuildId(dir))
    expect(commitBuildId('HEAD~1', dir)).toBe(id)
    writeFileSync(join(dir, 'package.json'), '{"version":"9.9.9"}\n')
    expect(treeBuildId(dir)).not.toBe(commitBuildId('HEAD', dir))
  })

  it('is written once into the bundle, where the placeholder is', () => {
    const dist = tempDir()
    writeFileSync(join(dist, 'index.js'), `const A="${PLACEHOLDER}";`)
    writeFileSync(join(dist, '16.index.js'), 'const B=1;')
    writeFileSync(join(dist, 'licenses.txt'), PLACEHOLDER)
    expect(stamp(dist, '3f2a9c1e0b7d')).toBe('3f2a9c1e0b7d')
    expect(readFileSync(join(dist, 'index.js'), 'utf8')).toBe('const A="3f2a9c1e0b7d";')
    expect(readFileSync(join(dist, '16.index.js'), 'utf8')).toBe('const B=1;')
    // Written: the placeholder is gone, so a second stamp has nowhere to write.
    expect(() => stamp(dist, '3f2a9c1e0b7d')).toThrow(`The bundle in ${dist} holds the build id's placeholder 0 times, not once.`)
    writeFileSync(join(dist, 'index.js'), `"${PLACEHOLDER}";"${PLACEHOLDER}"`)
    expect(() => stamp(dist, '3f2a9c1e0b7d')).toThrow('placeholder 2 times, not once.')
    writeFileSync(join(dist, 'index.js'), `"${PLACEHOLDER}"`)
    writeFileSync(join(dist, '16.index.js'), `"${PLACEHOLDER}"`)
    expect(() => stamp(dist, '3f2a9c1e0b7d')).toThrow('placeholder 2 times, not once.')
  })

  it("is in this repository's source placeholder once", () => {
    expect(readFileSync(join(import.meta.dirname, '../../../src/version.ts'), 'utf8').split(PLACEHOLDER)).toHaveLength(2)
  })
})
