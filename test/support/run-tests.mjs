// @ts-check
// `npm test`: vitest under Node 24, the runtime action.yml declares, whatever node npm runs on. Under
// another node it uses the copy fetch-node24.mjs puts into .cache/node24 (the pretest script), first
// on PATH so that whatever the tests start by name runs under it too. Arguments go to vitest.
import { spawnSync } from 'node:child_process'
import { delimiter, dirname, resolve } from 'node:path'
import { node24 } from './runtimes.js'

const node = node24()
const vitest = resolve(import.meta.dirname, '../../node_modules/vitest/vitest.mjs')
const env = { ...process.env, PATH: [dirname(node), process.env.PATH].filter(Boolean).join(delimiter) }
const run = spawnSync(node, [vitest, 'run', ...process.argv.slice(2)], { stdio: 'inherit', env })
if (run.error) throw run.error
process.exit(run.status ?? 1)
