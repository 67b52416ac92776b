// @ts-check
// `npm test`: vitest under Node 24, the runtime action.yml declares, whatever node npm runs on. Under
// another node it uses the copy fetch-node24.mjs puts into .cache/node24 (the pretest script), first
// on PATH so that whatever the tests start by name runs under it too. Arguments go to vitest; a stop
// signal goes on to it, so that it never outlives this process. The tests, and every process they
// start, get a temporary folder of their own (TMPDIR), removed when vitest ends: a run leaves nothing
// in the machine's temporary folder.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, resolve } from 'node:path'
import { node24 } from './runtimes.js'

const node = node24()
const vitest = resolve(import.meta.dirname, '../../node_modules/vitest/vitest.mjs')
const temp = mkdtempSync(join(tmpdir(), 'docs-agent-tests-'))
const env = {
  ...process.env,
  PATH: [dirname(node), process.env.PATH].filter(Boolean).join(delimiter),
  TMPDIR: temp,
  TMP: temp,
  TEMP: temp
}
const child = spawn(node, [vitest, 'run', ...process.argv.slice(2)], { stdio: 'inherit', env })
for (const name of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(name, () => {
    child.kill(name)
  })
}
/** Ends this process with `code`, the tests' temporary folder removed. @param {number} code */
const end = (code) => {
  rmSync(temp, { recursive: true, force: true, maxRetries: 3 })
  process.exit(code)
}
child.on('error', (error) => {
  console.error(`vitest could not start under ${node}: ${error.message}`)
  end(1)
})
child.on('close', (code) => {
  end(code ?? 1)
})
