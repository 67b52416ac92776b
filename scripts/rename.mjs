// @ts-check
// `npm run rename -- owner/name`: gives the action another GitHub name in one step. The name lives in
// package.json's `repository`; this rewrites it (with `homepage` and `bugs`) and every mention of the
// old name in the files users copy from: README.md, docs/*.md and examples/*.yml. scripts/release
// reads the name from package.json, and test/docs/action-name.test.ts checks that all of them agree.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** owner/name as GitHub allows them: an account of up to 39 letters, digits and hyphens; a repository name. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/

/**
 * The action's owner/name, from package.json's `repository` (a string or `{ url }`).
 * @param {unknown} pkg package.json, parsed
 * @returns {string}
 */
export function actionName(pkg) {
  const repository = /** @type {{ repository?: string | { url?: string } }} */ (pkg).repository
  const url = typeof repository === 'string' ? repository : (repository?.url ?? '')
  const match = /github\.com[/:]([^/]+\/[^/#]+?)(?:\.git)?\/?$/.exec(url)
  if (match?.[1] === undefined) throw new Error(`package.json has no GitHub repository URL (found '${url}').`)
  return match[1]
}

/**
 * The files that name the action, relative to root.
 * @param {string} root
 * @returns {string[]}
 */
export function namingFiles(root) {
  const under = (/** @type {string} */ dir, /** @type {RegExp} */ pattern) =>
    readdirSync(join(root, dir))
      .filter((file) => pattern.test(file))
      .sort()
      .map((file) => `${dir}/${file}`)
  return ['README.md', ...under('docs', /\.md$/), ...under('examples', /\.ya?ml$/)]
}

/**
 * Renames the action under root to next; returns the files changed.
 * @param {string} root
 * @param {string} next owner/name
 * @returns {string[]}
 */
export function rename(root, next) {
  if (!NAME.test(next)) throw new Error(`'${next}' is not owner/name, such as acme/docs-agent-action.`)
  const pkgFile = join(root, 'package.json')
  /** @type {unknown} */
  const parsed = JSON.parse(readFileSync(pkgFile, 'utf8'))
  const pkg = /** @type {Record<string, unknown>} */ (parsed)
  const current = actionName(pkg)
  if (current === next) return []
  pkg.repository = { type: 'git', url: `git+https://github.com/${next}.git` }
  pkg.homepage = `https://github.com/${next}#readme`
  pkg.bugs = { url: `https://github.com/${next}/issues` }
  writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`)
  const changed = ['package.json']
  // The old name on its own: not inside a longer name (acme/docs-agent-action-v2, someone-acme/…).
  const escaped = current.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const old = new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`, 'g')
  for (const file of namingFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8')
    const renamed = text.replace(old, next)
    if (renamed === text) continue
    writeFileSync(join(root, file), renamed)
    changed.push(file)
  }
  return changed
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = resolve(import.meta.dirname, '..')
  const next = process.argv[2] ?? ''
  try {
    /** @type {unknown} */
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    const before = actionName(pkg)
    const changed = rename(root, next)
    if (changed.length === 0) console.log(`The action is already named ${next}.`)
    else console.log(`Renamed ${before} to ${next} in:\n${changed.map((file) => `  ${file}`).join('\n')}`)
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    console.error('Usage: npm run rename -- owner/name')
    process.exit(2)
  }
}
