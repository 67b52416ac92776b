// @ts-check
// `npm run try -- <workflow.yml | .env> [--input name=value]…`: runs the action's bundle
// (dist/index.js) as a workflow step would, with the `with:` block of the step of a workflow that uses
// this action (or the INPUT_ variables of a .env file), against the API emulator on 127.0.0.1, and
// exits with the step's exit status. The emulator stands in for Mintlify: its key, its project
// (proj_docs) and its URL replace the workflow's, its job completes after 1 s with a pull request, and
// its analytics are the demo's. No token is passed, so the run never calls GitHub. An expression
// (`${{ … }}`) takes the value of `--input name=value` for `inputs.name`, and is empty otherwise.
// Paths are read from the folder the command was started in (INIT_CWD).
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parse } from 'yaml'
import { startEmulator } from '../test/emulator/emulator.js'
import { BUNDLE, runAction } from '../test/support/action.js'
import { readerText } from '../test/support/render.js'
import { node24 } from '../test/support/runtimes.js'
import { setDemoData } from './demo-data.mjs'
import { actionName } from './rename.mjs'

const ROOT = resolve(import.meta.dirname, '..')
const KEY = 'mint_try_key'
/** The inputs the emulator's own values replace, in lower case. */
const REPLACED = ['apikey', 'projectid', 'baseurl', 'githubtoken']
const USAGE = 'Usage: npm run try -- <workflow.yml | .env> [--input name=value]…'

/**
 * The `with:` block of the first step of `workflow` that uses the action `name` (at any ref, or `./`).
 * @param {string} text
 * @param {string} name
 * @returns {Record<string, string> | undefined}
 */
export function stepInputs(text, name) {
  /** @type {unknown} */
  const parsed = parse(text)
  const jobs =
    /** @type {{ jobs?: Record<string, { steps?: { uses?: unknown, with?: Record<string, unknown> }[] }> }} */ (parsed).jobs ?? {}
  for (const job of Object.values(jobs)) {
    for (const step of job.steps ?? []) {
      const uses = typeof step.uses === 'string' ? step.uses.trim() : ''
      if (uses === './' || uses.toLowerCase().startsWith(`${name.toLowerCase()}@`)) {
        return Object.fromEntries(Object.entries(step.with ?? {}).map(([key, value]) => [key, String(value)]))
      }
    }
  }
  return undefined
}

/**
 * The value of an input with its expressions replaced: `inputs.x` (or `github.event.inputs.x`) by
 * `given.x`, anything else by nothing. Each expression replaced by nothing is named in `unknown`.
 * @param {string} value
 * @param {Readonly<Record<string, string>>} given
 * @param {Set<string>} unknown
 */
export function evaluated(value, given, unknown) {
  return value.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, /** @type {string} */ expression) => {
    const input = /^(?:github\.event\.)?inputs\.([\w-]+)$/.exec(expression)?.[1]
    if (input !== undefined && input in given) return given[input] ?? ''
    unknown.add(expression)
    return ''
  })
}

/**
 * The INPUT_ variables of a .env file, as input names (lower case, as the runner's names are matched).
 * @param {string} text
 */
export function envInputs(text) {
  /** @type {Record<string, string>} */
  const inputs = {}
  for (const line of text.split('\n')) {
    const match = /^INPUT_([A-Z0-9_]+)=(.*)$/.exec(line.trim())
    if (match) inputs[(match[1] ?? '').toLowerCase()] = match[2] ?? ''
  }
  return inputs
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const args = process.argv.slice(2)
  const base = process.env.INIT_CWD ?? process.cwd()
  const file = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--input')
  /** @type {Record<string, string>} */
  const given = {}
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== '--input') continue
    const [name, ...value] = (args[i + 1] ?? '').split('=')
    if (name) given[name] = value.join('=')
  }
  if (file === undefined) {
    console.error(USAGE)
    process.exit(2)
  }
  const path = resolve(base, file)
  if (!existsSync(path)) {
    console.error(`${file}: no such file (looked for ${path}; paths are read from the folder the command was started in)`)
    console.error(USAGE)
    process.exit(2)
  }
  if (!existsSync(BUNDLE)) {
    console.error('dist/index.js is missing: run `npm run build` first.')
    process.exit(2)
  }
  const name = actionName(JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')))
  const text = readFileSync(path, 'utf8')
  /** @type {Set<string>} */
  const unknown = new Set()
  /** @type {Record<string, string>} */
  let inputs
  if (/\.ya?ml$/.test(file)) {
    const step = stepInputs(text, name)
    if (step === undefined) {
      console.error(`${file} has no step that uses ${name}.`)
      process.exit(2)
    }
    // The inputs the emulator replaces are not evaluated: their expressions need no value here.
    inputs = Object.fromEntries(
      Object.entries(step)
        .filter(([key]) => !REPLACED.includes(key.toLowerCase()))
        .map(([key, value]) => [key, evaluated(value, given, unknown)])
    )
  } else {
    inputs = { ...envInputs(text), ...given }
  }

  const emulator = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
  const day = (/** @type {number} */ daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
  setDemoData(emulator, { dateFrom: day(7), dateTo: day(0) })
  emulator.setDefaultPlan({ finishAfterMs: 1000, prLink: 'https://github.com/acme/docs/pull/42' })
  // The emulator's key, project and URL; no token. Input names are matched without case, as the runner does.
  inputs = {
    ...Object.fromEntries(Object.entries(inputs).filter(([key]) => !REPLACED.includes(key.toLowerCase()))),
    apiKey: KEY,
    projectId: 'proj_docs',
    baseUrl: emulator.url,
    githubToken: ''
  }

  console.log(`${file}: the step of ${name}, on the emulator at ${emulator.url} (its key, project proj_docs, no GitHub token).`)
  if (unknown.size > 0)
    console.log(`Empty here (pass --input name=value for inputs.name): ${[...unknown].map((e) => `\${{ ${e} }}`).join(', ')}`)
  let node = process.execPath
  try {
    node = node24()
  } catch {
    console.log(`Node 24 was not found (node test/support/fetch-node24.mjs fetches it): running under ${process.version}.`)
  }
  try {
    const run = await runAction({ inputs, node, env: { GITHUB_REPOSITORY: 'acme/docs-action-try-out' } })
    console.log('--- log ---')
    process.stdout.write(
      run.stdout
        .split('\n')
        .filter((line) => !line.startsWith('::debug::') && !line.startsWith('::add-mask::'))
        .join('\n')
    )
    console.log('--- outputs ---')
    for (const [output, value] of Object.entries(run.outputs)) console.log(`  ${output} = ${value}`)
    console.log('--- job summary, as GitHub shows it ---')
    console.log(readerText(run.summary))
    console.log(`--- the step ${run.code === 0 ? 'passed' : 'failed'} (exit status ${run.code ?? 'none'}) ---`)
    process.exitCode = run.code ?? 1
  } finally {
    await emulator.close()
  }
}
