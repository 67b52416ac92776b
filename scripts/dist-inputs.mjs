// @ts-check
// What dist/ is built from, as one SHA-256: every file under src/, and the files that change what
// the bundle holds (package-lock.json, tsconfig.json, the licence script). `npm run build` records it
// in dist/inputs.sha256; the end-to-end tests compare it with the source they run beside
// (test/support/bundle-setup.ts) and build first when the two differ, so that they never test a
// bundle older than src/.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
const FILES = ['package-lock.json', 'tsconfig.json', 'scripts/licenses.mjs']
/** Where the build records the hash of its inputs. */
export const INPUTS_FILE = 'dist/inputs.sha256'

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : []
  )
}

/** The hash of the bundle's inputs under `root`: paths (with /) and contents, in path order. */
export function inputsHash(root = ROOT) {
  const paths = [...filesUnder(join(root, 'src')), ...FILES.map((file) => join(root, file))]
    .map((path) => relative(root, path).split(sep).join('/'))
    .sort()
  const hash = createHash('sha256')
  for (const path of paths) {
    // Line endings as committed (.gitattributes may check out CRLF on Windows).
    const text = readFileSync(join(root, path), 'utf8').replace(/\r\n/g, '\n')
    hash.update(`${path}\0${String(Buffer.byteLength(text))}\0${text}`)
  }
  return hash.digest('hex')
}

/** The hash the last build recorded, or undefined when there is none. */
export function recordedHash(root = ROOT) {
  try {
    return readFileSync(join(root, INPUTS_FILE), 'utf8').trim()
  } catch {
    return undefined
  }
}

if (process.argv[2] === 'write') writeFileSync(join(ROOT, INPUTS_FILE), `${inputsHash()}\n`)
