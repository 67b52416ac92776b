// @ts-check
// The build id: which source a bundle was built from, as 12 hexadecimal digits of a SHA-256 over the
// path and git blob id of every file the bundle depends on (src/, package.json, package-lock.json,
// tsconfig.json). `npm run build` writes it into dist/ (`stamp`), where src/version.ts has a
// placeholder; the footer, the log's first line and the User-Agent show it. A bundle cannot carry the
// commit that holds it (the commit's hash depends on the bundle), but the id names the source, and
// `find` lists the commits that have it (docs/publishing.md).
//
//   node scripts/build-id.mjs              the id of the working tree
//   node scripts/build-id.mjs stamp        writes it into dist/*.js (npm run build does)
//   node scripts/build-id.mjs find <id>    the commits whose source has that id, newest first
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
/** What the bundle is built from: src/ and the files that change what it holds. */
export const BUILD_SOURCES = ['src', 'package.json', 'package-lock.json', 'tsconfig.json']
/** The text src/version.ts holds where the bundle holds the id. */
export const PLACEHOLDER = 'docs-agent-action:unbuilt'

/** A file's git blob id, with line endings as committed (a checkout may have made them CRLF). @param {Buffer} content */
export function blobId(content) {
  const committed = Buffer.from(content.toString('latin1').replace(/\r\n/g, '\n'), 'latin1')
  return createHash('sha1').update(`blob ${committed.length}\0`).update(committed).digest('hex')
}

/** The id of a source given as [path, blob id] pairs, in any order. @param {Array<[string, string]>} entries */
export function buildIdOf(entries) {
  const lines = entries.map(([path, blob]) => `${path} ${blob}\n`).sort()
  return createHash('sha256').update(lines.join('')).digest('hex').slice(0, 12)
}

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : []
  )
}

/** The build id of the files under `root`. */
export function treeBuildId(root = ROOT) {
  const paths = BUILD_SOURCES.flatMap((source) => (source.includes('.') ? [join(root, source)] : filesUnder(join(root, source))))
  return buildIdOf(paths.map((path) => [relative(root, path).split(sep).join('/'), blobId(readFileSync(path))]))
}

/** The build id of `commit`'s source, from git alone. @param {string} commit */
export function commitBuildId(commit, root = ROOT) {
  const listed = execFileSync('git', ['ls-tree', '-r', '--full-tree', commit, '--', ...BUILD_SOURCES], { cwd: root, encoding: 'utf8' })
  return buildIdOf(
    listed
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const [meta = '', path = ''] = line.split('\t')
        return [path, meta.split(' ')[2] ?? '']
      })
  )
}

/** Writes `id` where the placeholder is in the bundle's files of `dir`: exactly one place, or it throws. */
export function stamp(dir = join(ROOT, 'dist'), id = treeBuildId()) {
  const files = readdirSync(dir).filter((file) => file.endsWith('.js'))
  const found = files.flatMap((file) => {
    const text = readFileSync(join(dir, file), 'utf8')
    const count = text.split(PLACEHOLDER).length - 1
    return count > 0 ? [{ file, text, count }] : []
  })
  const count = found.reduce((sum, f) => sum + f.count, 0)
  const [one] = found
  if (count !== 1 || one === undefined) throw new Error(`The bundle in ${dir} holds the build id's placeholder ${count} times, not once.`)
  writeFileSync(join(dir, one.file), one.text.replace(PLACEHOLDER, id))
  return id
}

if (process.argv[1] === import.meta.filename) {
  const [command, id] = process.argv.slice(2)
  if (command === undefined) console.log(treeBuildId())
  else if (command === 'stamp') console.log(`dist/ is build ${stamp()}`)
  else if (command === 'find' && id !== undefined && /^[0-9a-f]{12}$/.test(id)) {
    const commits = execFileSync('git', ['rev-list', '--all'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean)
    const matching = commits.filter((commit) => commitBuildId(commit) === id)
    if (matching.length === 0) {
      console.error(
        `No commit of this clone has build ${id}: fetch the repository's branches and tags, or it was built from changes never committed.`
      )
      process.exit(1)
    }
    for (const commit of matching) console.log(commit)
  } else {
    console.error('Usage: node scripts/build-id.mjs [stamp | find <12 hexadecimal digits>]')
    process.exit(2)
  }
}
