// `npm run try -- <workflow.yml | .env>` (scripts/try.mjs), run as npm runs it: in the action's
// folder, with the user's folder as INIT_CWD. It runs the step of the user's workflow that uses this
// action on the emulator, with its `with:` block and `--input` values for `inputs.*`, and exits with
// the step's exit status: 0 for a job that opened its pull request, 1 for a misspelt input.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { actionName } from '../../scripts/rename.mjs'
import { envInputs, evaluated, stepInputs } from '../../scripts/try.mjs'

const root = resolve(import.meta.dirname, '../..')
const name = actionName(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')))
const repo = mkdtempSync(join(tmpdir(), 'try-user-'))
afterAll(() => {
  rmSync(repo, { recursive: true, force: true })
})

const workflow = (...withLines: string[]) =>
  [
    'on:',
    '  workflow_dispatch:',
    '    inputs:',
    '      prompt: { required: false }',
    'jobs:',
    '  docs:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v6',
    `      - uses: ${name}@v1`,
    '        with:',
    ...withLines.map((line) => `          ${line}`),
    ''
  ].join('\n')

const tryIt = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'scripts/try.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, INIT_CWD: repo }
  })

describe('npm run try', () => {
  it("[node 24] runs the step of the user's workflow on the emulator, from the user's folder, and exits 0 when the step passes", () => {
    mkdirSync(join(repo, '.github/workflows'), { recursive: true })
    writeFileSync(
      join(repo, '.github/workflows/docs.yml'),
      workflow(
        'apiKey: ${{ secrets.MINTLIFY_API_KEY }}',
        'projectId: ${{ vars.MINTLIFY_PROJECT_ID }}',
        'prompt: ${{ inputs.prompt }}',
        'pollIntervalSeconds: 0.5'
      )
    )
    const result = tryIt('.github/workflows/docs.yml', '--input', 'prompt=Fix the typos')
    expect(result.stdout).toContain('  status = completed')
    expect(result.stdout).toContain('Prompt: Fix the typos')
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('--- the step passed (exit status 0) ---')
    expect(result.status).toBe(0)
  })

  it('[node 24] exits 1 with the step when an input is misspelt, and says what was meant', () => {
    writeFileSync(join(repo, 'typo.yml'), workflow('apiKey: x', 'projectId: p', 'promt: Fix the typos'))
    const result = tryIt('typo.yml')
    expect(result.stdout).toContain('did you mean prompt?')
    expect(result.stdout).toContain('  status = invalid-input')
    expect(result.status).toBe(1)
  })

  it('says where it looked for a file that is not there, and exits 2', () => {
    const result = tryIt('missing.yml')
    expect(result.stderr).toContain(`missing.yml: no such file (looked for ${join(repo, 'missing.yml')};`)
    expect(result.status).toBe(2)
  })
})

describe('the pieces of npm run try', () => {
  it("finds the with: block of the action's step, at any ref or ./", () => {
    expect(stepInputs(workflow('prompt: x', 'topPages: 5'), name)).toEqual({ prompt: 'x', topPages: '5' })
    expect(stepInputs(workflow('prompt: x').replace(`${name}@v1`, './'), name)).toEqual({ prompt: 'x' })
    expect(stepInputs(workflow('prompt: x').replace(`${name}@v1`, 'other/action@v1'), name)).toBeUndefined()
  })

  it('gives inputs.x the value passed, and names every other expression it leaves empty', () => {
    const unknown = new Set<string>()
    expect(evaluated('Do ${{ inputs.prompt }} now ${{ github.event.inputs.prompt }}', { prompt: 'it' }, unknown)).toBe('Do it now it')
    expect(evaluated('${{ inputs.jobId }}${{ github.sha }}', {}, unknown)).toBe('')
    expect([...unknown]).toEqual(['inputs.jobId', 'github.sha'])
  })

  it("reads a .env file's INPUT_ variables", () => {
    expect(envInputs('# comment\nINPUT_PROMPT=Fix it\nINPUT_TOPPAGES=5\nGITHUB_REPOSITORY=x\n')).toEqual({
      prompt: 'Fix it',
      toppages: '5'
    })
  })
})
