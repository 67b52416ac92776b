// One name for the action: package.json's repository, and refs that work when read. Every `uses:` of
// the action in the README, the docs and the examples is that name at main (the pre-release form,
// docs/publishing.md) or at a tag the repository has, and a commit SHA is labelled with a version
// only when that version's tag is that commit; so whoever hosts the action changes one place (npm run
// rename, which this test runs on a copy), and no reader pins a version that does not exist.
import { execFileSync } from 'node:child_process'
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

/** The refs every use may name without a tag: main, the branch releases are made from. */
const PRE_RELEASE = 'main'

/** Every `uses:` line of a file: its target (owner/name@ref) and the comment after it, if any. */
function usesLines(dir: string, file: string): { target: string; label: string | undefined }[] {
  return [...readFileSync(join(dir, file), 'utf8').matchAll(/^\s*(?:-\s+)?uses:\s*['"]?([^\s'"#]+)['"]?[ \t]*(?:#[ \t]*(.*))?$/gm)].map(
    (m) => ({
      target: m[1] ?? '',
      label: m[2]
    })
  )
}

/** Every `uses:` target of a file (owner/name@ref), those of GitHub's own actions/ left out. */
function uses(dir: string, file: string): string[] {
  return usesLines(dir, file)
    .map((line) => line.target)
    .filter((target) => !target.startsWith('actions/'))
}

/** The commit each tag of this repository names (annotated tags peeled), asked of git. */
function tagCommits(): Map<string, string> {
  const listed = execFileSync('git', ['-C', root, 'for-each-ref', '--format=%(refname:short) %(objectname) %(*objectname)', 'refs/tags'], {
    encoding: 'utf8'
  })
  return new Map(
    listed
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        // An annotated tag's commit is the peeled object; a lightweight tag has none.
        const [tag = '', object = '', peeled = ''] = line.split(' ')
        return [tag, peeled === '' ? object : peeled]
      })
  )
}

/** Why a `uses:` line of the action names a ref that does not work, or labels a SHA with a version that has no tag; undefined when it is right. */
function pinProblem(target: string, label: string | undefined, name: string, tags: ReadonlyMap<string, string>): string | undefined {
  const at = target.lastIndexOf('@')
  if (target.slice(0, at) !== name) return `${target} is not ${name}`
  const ref = target.slice(at + 1)
  const version = /\bv\d+(?:\.\d+){0,2}(?:-[\w.]+)?\b/.exec(label ?? '')?.[0]
  if (/^[0-9a-f]{40}$/.test(ref)) {
    if (version === undefined) return undefined
    const tagged = tags.get(version)
    if (tagged === undefined) return `${ref.slice(0, 12)} is labelled ${version}, which has no tag`
    return tagged === ref ? undefined : `${ref.slice(0, 12)} is labelled ${version}, whose tag is ${tagged.slice(0, 12)}`
  }
  // main is a branch, never read as a version, whatever its comment says.
  if (ref === PRE_RELEASE) return undefined
  return tags.has(ref) ? undefined : `${ref} is no tag of the repository`
}

describe('the action has one name', () => {
  const name = actionName(pkg)
  const tags = tagCommits()

  // Read from package.json, never written here: after `npm run rename`, every test still passes.
  it('is package.json repository, with homepage, bugs and licence to match', () => {
    expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/)
    expect(pkg.homepage).toBe(`https://github.com/${name}#readme`)
    expect(pkg.bugs.url).toBe(`https://github.com/${name}/issues`)
    expect(pkg.license).toBe('MIT')
    // The copyright stays with the authors, whatever the repository is called: a rename leaves it.
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 20\d\d The docs-agent-action authors\n/)
  })

  it.each(namingFiles(root))(
    '%s uses the action by that name only, at a ref that works, with no version label its tag does not hold',
    (file) => {
      for (const line of usesLines(root, file).filter((l) => !l.target.startsWith('actions/')))
        expect(pinProblem(line.target, line.label, name, tags), `${file}: ${line.target}`).toBeUndefined()
    }
  )

  it('finds each wrong pin: a SHA labelled with a version that has no tag or another commit, a tag that does not exist', () => {
    const sha = 'a'.repeat(40)
    const known = new Map([
      ['v1', sha],
      ['v1.1.0', sha]
    ])
    expect(pinProblem(`${name}@${sha}`, 'v1.0.0', name, known)).toBe('aaaaaaaaaaaa is labelled v1.0.0, which has no tag')
    expect(pinProblem(`${name}@${sha}`, 'v1.1.0', name, known)).toBeUndefined()
    expect(pinProblem(`${name}@${'b'.repeat(40)}`, 'v1.1.0', name, known)).toBe(
      'bbbbbbbbbbbb is labelled v1.1.0, whose tag is aaaaaaaaaaaa'
    )
    expect(pinProblem(`${name}@${sha}`, undefined, name, known)).toBeUndefined()
    expect(pinProblem(`${name}@v1`, undefined, name, known)).toBeUndefined()
    expect(pinProblem(`${name}@v2`, undefined, name, known)).toBe('v2 is no tag of the repository')
    expect(pinProblem(`${name}@main`, 'until v1 is tagged', name, known)).toBeUndefined()
    expect(pinProblem(`${name}@develop`, undefined, name, known)).toBe('develop is no tag of the repository')
    expect(pinProblem(`acme/other@v1`, undefined, name, known)).toBe(`acme/other@v1 is not ${name}`)
  })

  it('is used by the README and by every example', () => {
    for (const file of namingFiles(root).filter((f) => f === 'README.md' || f.startsWith('examples/')))
      expect(uses(root, file).length, file).toBeGreaterThan(0)
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
        for (const target of uses(copy, file)) expect(target.startsWith(`${next}@`), file).toBe(true)
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
