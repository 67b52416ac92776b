// @ts-check
// `npm run lint` (after ESLint): dependency-cruiser checks the layers of src/ (.dependency-cruiser.cjs):
// no import cycle, type imports included, and every folder importing only the folders below it. It
// needs Node 22 or newer, so on an older Node it runs under the Node 24 the tests fetch.
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { NODE24 } from '../test/support/runtimes.js'

const root = resolve(import.meta.dirname, '..')
let node = process.execPath
if (Number(process.versions.node.split('.')[0]) < 22) {
  const fetched = spawnSync(process.execPath, [resolve(root, 'test/support/fetch-node24.mjs')], { stdio: 'inherit' })
  if (fetched.status !== 0) process.exit(fetched.status ?? 1)
  node = NODE24
}
const cruiser = resolve(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs')
const run = spawnSync(node, [cruiser, 'src', '--config', '.dependency-cruiser.cjs'], { cwd: root, stdio: 'inherit' })
process.exit(run.status ?? 1)
