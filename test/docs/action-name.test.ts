// One name for the action: package.json's repository. Every `uses:` of the action in the README, the
// docs and the examples is that name at the major version, or, until the release tags it, at the one
// commit they all pin with the version beside it; so whoever hosts the action changes one place (npm
// run rename, which this test runs on a copy).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { actionName, namingFiles, rename } from '../../scripts/rename.mjs'

const root = resolve(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string
  license: string
  homepage: string
  bugs: { url: string }
}
const major = `v${pkg.version.split('.')[0] ?? ''}`

/** A `uses:` line of the action pinned to a commit until the release tags the major version: the SHA, and the version beside it. */
const PINNED = /^\s*(?:-\s+)?uses:\s*([^\s@]+)@([0-9a-f]{40}) # v(\d+\.\d+\.\d+)$/gm

/** Every `uses:` target of a file (owner/name@ref), those of GitHub's own actions/ left out. */
function uses(dir: string, file: string): string[] {
  return [...readFileSync(join(dir, file), 'utf8').matchAll(/^\s*(?:-\s+)?uses:\s*['"]?([^\s'"#]+)/gm)]
    .map((m) => m[1] ?? '')
    .filter((target) => !target.startsWith('actions/'))
}

describe('the action has one name', () => {
  const name = actionName(pkg)

  // Read from package.json, never written here: after `npm run rename`, every test still passes.
  it('is package.json repository, with homepage, bugs and licence to match', () => {
    expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/)
    expect(pkg.homepage).toBe(`https://github.com/${name}#readme`)
    expect(pkg.bugs.url).toBe(`https://github.com/${name}/issues`)
    expect(pkg.license).toBe('MIT')
    // The copyright stays with the authors, whatever the repository is called: a rename leaves it.
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 20\d\d The docs-agent-action authors\n/)
  })

  /** The commits the workflows pin, with the version beside each. */
  const pinned = () =>
    namingFiles(root).flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(PINNED)].map((m) => ({ file, sha: m[2], version: m[3] }))
    )

  it.each(namingFiles(root))('%s uses the action by that name only, at the major version or at the one pinned commit', (file) => {
    const [sha] = pinned().map((p) => p.sha)
    for (const target of uses(root, file)) expect([`${name}@${major}`, `${name}@${sha ?? major}`], file).toContain(target)
  })

  it('pins one commit everywhere, with the version beside it, until the release tags the major version', () => {
    const pins = pinned()
    expect(new Set(pins.map((p) => p.sha)).size).toBeLessThanOrEqual(1)
    for (const pin of pins) expect(pin.version, pin.file).toBe(pkg.version)
  })

  it('is used by the README and by every example', () => {
    const [sha] = pinned().map((p) => p.sha)
    for (const file of namingFiles(root).filter((f) => f === 'README.md' || f.startsWith('examples/'))) {
      expect(
        uses(root, file).some((target) => target === `${name}@${major}` || target === `${name}@${sha ?? major}`),
        file
      ).toBe(true)
    }
  })

  describe('npm run rename', () => {
    const copy = mkdtempSync(join(tmpdir(), 'rename-'))
    for (const part of ['package.json', 'README.md', 'LICENSE', 'docs', 'examples'])
      cpSync(join(root, part), join(copy, part), { recursive: true })
    afterAll(() => {
      rmSync(copy, { recursive: true, force: true })
    })

    it('rewrites package.json and every use, and leaves no trace of the old name', () => {
      // Another name than the action's, even once it has been renamed to this one.
      const next = name === 'acme/docs-bot' ? 'acme/docs-helper' : 'acme/docs-bot'
      const changed = rename(copy, next)
      expect(changed).toContain('package.json')
      expect(changed).toContain('README.md')
      const renamed = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as typeof pkg
      expect(actionName(renamed)).toBe(next)
      expect(renamed.homepage).toBe(`https://github.com/${next}#readme`)
      expect(renamed.bugs.url).toBe(`https://github.com/${next}/issues`)
      expect(renamed.version).toBe(pkg.version)
      for (const file of namingFiles(copy)) {
        const [sha] = pinned().map((p) => p.sha)
        for (const target of uses(copy, file)) expect([`${next}@${major}`, `${next}@${sha ?? major}`], file).toContain(target)
        expect(readFileSync(join(copy, file), 'utf8'), file).not.toContain(name)
      }
      expect(rename(copy, next)).toEqual([])
      expect(readFileSync(join(copy, 'LICENSE'), 'utf8')).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'))
    })

    it('refuses what is not owner/name', () => {
      expect(() => rename(copy, 'docs-bot')).toThrow(/owner\/name/)
      expect(() => rename(copy, 'acme/docs bot')).toThrow(/owner\/name/)
    })
  })
})
