// @ts-check
// Runs the committed bundle (dist/index.js) as a separate process, the way the runner does: inputs
// as INPUT_* variables, real GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, and a clean environment.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

export const BUNDLE = resolve(import.meta.dirname, '../../dist/index.js')
/** The preload that moves a run's clock (`now`). */
const SHIFTED_NOW = resolve(import.meta.dirname, 'shifted-now.mjs')

/** Set to keep the folders of failed tests (their path is printed) instead of removing them. */
export const KEEP_FAILED = 'KEEP_FAILED_TEST_DIRS'

/**
 * @typedef {object} ActionRun
 * @property {number | null} code exit code (null when killed by a signal)
 * @property {NodeJS.Signals | null} signal
 * @property {string} stdout
 * @property {string} stderr
 * @property {Record<string, string>} outputs parsed from the GITHUB_OUTPUT file
 * @property {string} summary the GITHUB_STEP_SUMMARY file
 * @property {string} outputFile the raw GITHUB_OUTPUT file
 * @property {number} elapsedMs from spawning the process until it closed
 * @property {number} firstOutputAt when the process first wrote to stdout (epoch ms; when it closed, if it never did)
 * @property {number} endedAt when the process closed (epoch ms)
 * @property {string} dir the run's temporary directory (RUNNER_TEMP)
 */

/**
 * The hook a test's context gives (`onTestFinished`), reduced to what is used here.
 * @typedef {(handler: (context: { task: { name: string, result?: { state: string } } }) => Promise<void> | void) => void} OnTestFinished
 */

/**
 * @typedef {object} ActionOptions
 * @property {Record<string, string>} inputs action inputs by their action.yml names
 * @property {Record<string, string>} [env] more environment variables
 * @property {string} [node] the node binary (default: the one running the tests)
 * @property {string} [now] an instant (ISO 8601) the run's clock reads at least, for a scenario whose weeks end
 *   after the day the suite runs: when it is later than the real clock, the bundle is started with
 *   test/support/shifted-now.mjs, which moves its clock there
 * @property {{ name: string, payload: unknown }} [event] the triggering event: GITHUB_EVENT_NAME, and its payload in the file GITHUB_EVENT_PATH names
 * @property {string[]} [unwritable] environment variables (RUNNER_TEMP, GITHUB_STEP_SUMMARY…) whose path is put
 *   under a regular file, where nothing can be written, even by root
 * @property {(child: import('node:child_process').ChildProcess, stdout: () => string) => void} [onStart]
 * @property {OnTestFinished} [onTestFinished] the test's own hook (from its context, which is right for
 *   concurrent tests too): the run's folder is removed when the test finishes. Without it, the caller removes `dir`.
 */

/** Parses the GITHUB_OUTPUT file format: `name<<delimiter`, value lines, `delimiter`. @param {string} text */
export function parseOutputs(text) {
  /** @type {Record<string, string>} */
  const outputs = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '')
    if (!match) continue
    const [, name = '', delimiter] = match
    const value = []
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i])
    outputs[name] = value.join('\n')
  }
  return outputs
}

/**
 * Removes `dir` when the test finishes; keeps it, and says where, when the test failed and
 * KEEP_FAILED_TEST_DIRS is set.
 * @param {OnTestFinished} onTestFinished @param {string} dir
 */
export function removeWhenFinished(onTestFinished, dir) {
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail' && process.env[KEEP_FAILED]) {
      console.error(`Kept for "${task.name}": ${dir}`)
      return
    }
    await rm(dir, { recursive: true, force: true })
  })
}

/** The environment a runner gives an action, without anything inherited from this machine. @param {string} dir */
function baseEnv(dir) {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '1',
    RUNNER_TEMP: dir,
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary')
  }
}

/** @param {ActionOptions} options @returns {Promise<ActionRun>} */
export async function runAction(options) {
  const dir = await mkdtemp(join(tmpdir(), 'action-run-'))
  if (options.onTestFinished) removeWhenFinished(options.onTestFinished, dir)
  /** @type {Record<string, string>} */
  const env = { ...baseEnv(dir), ...options.env }
  for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  if (options.event) {
    const file = join(dir, 'event.json')
    await writeFile(file, JSON.stringify(options.event.payload))
    Object.assign(env, { GITHUB_EVENT_NAME: options.event.name, GITHUB_EVENT_PATH: file })
  }
  const unwritable = options.unwritable ?? []
  if (unwritable.length > 0) {
    const file = join(dir, 'not-a-folder')
    await writeFile(file, '')
    for (const name of unwritable) env[name] = join(file, name.toLowerCase())
  }
  // The files read back below, and the ones the environment names, unless they are to be unwritable.
  /** @type {[string, string][]} */
  const files = [
    ['GITHUB_OUTPUT', 'output'],
    ['GITHUB_STEP_SUMMARY', 'summary']
  ]
  for (const [name, file] of files) {
    await writeFile(join(dir, file), '')
    const path = env[name]
    if (path !== undefined && !unwritable.includes(name)) await writeFile(path, '')
  }

  const started = Date.now()
  const shifted = options.now !== undefined && Date.parse(options.now) > Date.now()
  const args = shifted ? [`--import=${pathToFileURL(SHIFTED_NOW).href}`, BUNDLE] : [BUNDLE]
  if (shifted && options.now !== undefined) env.DOCS_AGENT_TEST_NOW = options.now
  const child = spawn(options.node ?? process.execPath, args, { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.setEncoding('utf8')
  child.stderr.setEncoding('utf8')
  let stdout = ''
  let stderr = ''
  /** @type {number | undefined} */
  let firstOutputAt
  child.stdout.on('data', (/** @type {string} */ chunk) => {
    firstOutputAt ??= Date.now()
    stdout += chunk
  })
  child.stderr.on('data', (/** @type {string} */ chunk) => {
    stderr += chunk
  })
  options.onStart?.(child, () => stdout)
  /** @type {[number | null, NodeJS.Signals | null]} */
  const [code, signal] = await new Promise((resolve) => {
    child.on('close', (c, s) => {
      resolve([c, s])
    })
  })
  const endedAt = Date.now()
  const outputFile = await readFile(join(dir, 'output'), 'utf8')
  const summary = await readFile(join(dir, 'summary'), 'utf8')
  return {
    code,
    signal,
    stdout,
    stderr,
    outputs: parseOutputs(outputFile),
    summary,
    outputFile,
    elapsedMs: endedAt - started,
    firstOutputAt: firstOutputAt ?? endedAt,
    endedAt,
    dir
  }
}

/** Everything the run showed or wrote, for checks that something never appears. @param {ActionRun} run */
export function everything(run) {
  return [run.stdout, run.stderr, run.outputFile, run.summary].join('\n')
}

/** The step's error annotations (`::error::`), decoded. @param {ActionRun} run */
export function errorLines(run) {
  return run.stdout
    .split('\n')
    .filter((line) => line.startsWith('::error::'))
    .map((line) => line.slice('::error::'.length).replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%25/g, '%'))
}

/** Every line of the log, outputs and summary that contains `text` (a secret must appear only in its ::add-mask:: line). @param {ActionRun} run @param {string} text */
export function linesWith(run, text) {
  return everything(run)
    .split('\n')
    .filter((line) => line.includes(text))
}

/** Resolves once `predicate` holds for the run's stdout so far. @param {() => string} stdout @param {(text: string) => boolean} predicate */
export async function waitForOutput(stdout, predicate, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs
  while (!predicate(stdout())) {
    if (Date.now() > until) throw new Error(`timed out waiting for the action's output; so far:\n${stdout()}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}
