// @ts-check
// Writes dist/licenses.txt: the license of every production dependency bundled into dist/. ncc's own
// --license option covers only one chunk once the bundle is split, so the build uses this instead.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
/**
 * The parts of package-lock.json (lockfileVersion 3) read here.
 * @typedef {{ packages?: Record<string, { version?: string, license?: string, dev?: boolean, optional?: boolean }> }} Lock
 */
/** @type {unknown} */
const lockFile = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
const lock = /** @type {Lock} */ (lockFile)
/** @type {Map<string, string>} */
const entries = new Map()
for (const [path, info] of Object.entries(lock.packages ?? {})) {
  if (!path.startsWith('node_modules/') || info.dev || info.optional) continue
  const dir = join(root, path)
  const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
  const file = existsSync(dir) ? readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\..*)?$/i.test(f)) : undefined
  const text = file ? readFileSync(join(dir, file), 'utf8').trim() : `${info.license ?? 'UNKNOWN'} (no license file in the package)`
  entries.set(`${name}@${info.version}`, `${name}@${info.version}\n${info.license ?? ''}\n${text}`)
}
const out = [...entries.keys()]
  .sort()
  .map((key) => entries.get(key))
  .join('\n\n')
writeFileSync(join(root, 'dist/licenses.txt'), `${out}\n`)
