// Runs the action in process, the way the runner runs the bundle: inputs as INPUT_* variables, real
// GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, no proxy and no event, through run() (src/main.ts)
// with the clock given. The log is what the toolkit writes to stdout; the exit code is the one the
// toolkit sets. One run at a time: the environment, stdout and the exit code belong to the process.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as core from '@actions/core'
import { vi } from 'vitest'
import type { Clock } from '../../src/core/clock.js'
import { type ActionRun, type OnTestFinished, parseOutputs, removeWhenFinished } from './action.js'

/** What a runner sets, or a machine may have set, that would change the run: cleared. */
const CLEARED = ['GITHUB_EVENT_NAME', 'GITHUB_EVENT_PATH', 'GITHUB_API_URL', 'GITHUB_TOKEN', 'RUNNER_DEBUG', 'NO_PROXY', 'no_proxy']
const PROXIES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy']

export async function runInProcess(options: {
  inputs: Record<string, string>
  /** More environment variables for the run. */
  env?: Record<string, string>
  clock: Clock
  onTestFinished: OnTestFinished
}): Promise<ActionRun> {
  const dir = await mkdtemp(join(tmpdir(), 'action-in-process-'))
  removeWhenFinished(options.onTestFinished, dir)
  for (const name of Object.keys(process.env)) if (name.startsWith('INPUT_')) vi.stubEnv(name, undefined)
  for (const name of [...CLEARED, ...PROXIES]) vi.stubEnv(name, undefined)
  const env: Record<string, string> = {
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '1',
    RUNNER_TEMP: dir,
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary')
  }
  Object.assign(env, options.env)
  for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  await writeFile(join(dir, 'output'), '')
  await writeFile(join(dir, 'summary'), '')

  // A fresh copy of the action for each run, as a process has (the folder of its files is made once);
  // the toolkit, loaded once, keeps the summary's path once it has read it: this run's is read afresh.
  vi.resetModules()
  ;(core.summary as unknown as { _filePath?: string })._filePath = undefined
  const { run } = await import('../../src/main.js')
  let stdout = ''
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk)
    return true
  })
  const { clock } = options
  const startedAt = clock.now()
  let code: number
  try {
    await run(() => clock.now(), { clock })
  } finally {
    write.mockRestore()
    // The run's exit code, taken back: it is this test's, not the test process's.
    code = Number(process.exitCode ?? 0)
    process.exitCode = undefined
  }
  const endedAt = clock.now()
  const outputFile = await readFile(join(dir, 'output'), 'utf8')
  const summary = await readFile(join(dir, 'summary'), 'utf8')
  return {
    code,
    signal: null,
    stdout,
    stderr: '',
    outputs: parseOutputs(outputFile),
    summary,
    outputFile,
    elapsedMs: endedAt - startedAt,
    firstOutputAt: startedAt,
    endedAt,
    dir
  }
}
