// `npm run try -- <workflow.yml | .env>` (scripts/try.mjs), run as npm runs it: in the action's
// folder, with the user's folder as INIT_CWD. Every example runs as the runner would run it, on the
// event it is triggered by, against the emulator and a fake of GitHub's API, and exits as its job
// would; a misspelt input fails as it fails on the runner, since try supplies no input the workflow
// does not give.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { actionName } from '../../scripts/rename.mjs'

const root = resolve(import.meta.dirname, '../..')
const name = actionName(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')))
const repo = mkdtempSync(join(tmpdir(), 'try-user-'))
afterAll(() => {
  rmSync(repo, { recursive: true, force: true })
})

/** Each run starts two servers and the bundle at least once: seconds, on a busy machine. */
const RUN_MS = 60_000

function tryIt(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(root, 'scripts/try.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, INIT_CWD: repo },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  return new Promise((done) => {
    child.on('close', (status) => {
      done({ status, stdout, stderr })
    })
  })
}

/** The steps of this action the run ran, as `job/step` with the event. */
const ranSteps = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('=== ') && line.includes(`: ${name}, on the `))
    .map((line) => line.replace(/^=== job (\S+).*?, step (\d+).*, on the (\S+) event$/, '$1/$2 $3'))

const lastLine = (stdout: string) => stdout.trimEnd().split('\n').at(-1)

interface Expected {
  args?: string[]
  status: number
  steps: string[]
  shows?: string[]
}

/** What the runner does with each example on its first trigger (and others named), this action's own steps only. */
const EXAMPLES: Record<string, Expected[]> = {
  // A comment on a pull request without the action's note: the step ends quietly.
  'docs-follow-up.yml': [{ status: 0, steps: ['follow-up/1 issue_comment'] }],
  // The report finds gaps, so the second step asks the agent for them.
  'docs-from-reader-signals.yml': [{ status: 0, steps: ['gaps/1 schedule', 'gaps/4 schedule'], shows: ['  status = completed'] }],
  'docs-health-issue.yml': [
    { status: 0, steps: ['health/1 schedule'], shows: ['  healthIssueUrl = https://github.com/'] },
    // A person ticks a gap in the issue the scheduled run opened: an agent job for it.
    {
      args: ['--event', 'issues'],
      status: 0,
      steps: ['health/1 schedule', 'health/1 issues'],
      shows: ['ticks the first gap of the docs health issue #1', 'is active.']
    }
  ],
  // The merge's change is sent to the agent; the job is recorded in a check run.
  'docs-on-merge.yml': [
    { status: 0, steps: ['docs/1 pull_request'], shows: ['  status = completed', 'Add a retries option to the client'] }
  ],
  'manual.yml': [
    // Run workflow with every field left as it is: nothing to do, an input error.
    { status: 1, steps: ['docs/1 workflow_dispatch'], shows: ['Nothing to do'] },
    {
      args: ['--input', 'prompt=Fix the typos'],
      status: 0,
      steps: ['docs/1 workflow_dispatch'],
      shows: ['  status = completed', 'Prompt: Fix the typos']
    }
  ],
  'many-projects.yml': [{ status: 0, steps: ['report/1 schedule'], shows: ['(matrix {"projectId":"proj_docs"})'] }],
  'slash-command.yml': [
    // The run: steps that check the commenter are not run, so the step's if: is false.
    { status: 0, steps: [], shows: ['skipped, as its if: is false.'] },
    {
      args: ['--output', 'writer.allowed=true', '--output', 'instruction.prompt=Explain the retries option'],
      status: 0,
      steps: ['docs/3 issue_comment'],
      shows: ['Prompt: Explain the retries option', '  status = completed']
    }
  ],
  'weekly-visitors.yml': [{ status: 0, steps: ['report/1 schedule'], shows: ['  visitorsTotal = '] }]
}

describe('npm run try, on each example', () => {
  it('has an expectation for every example', () => {
    expect(Object.keys(EXAMPLES)).toEqual(
      readdirSync(join(root, 'examples'))
        .filter((file) => file.endsWith('.yml'))
        .sort()
    )
  })

  for (const [file, runs] of Object.entries(EXAMPLES)) {
    for (const expected of runs) {
      const args = expected.args ?? []
      it(`[node 24] examples/${file} ${args.join(' ')}: exits ${expected.status}, as the runner would`, { timeout: RUN_MS }, async () => {
        const result = await tryIt(join(root, 'examples', file), ...args)
        expect(result.stderr).toBe('')
        expect(ranSteps(result.stdout)).toEqual(expected.steps)
        for (const text of expected.shows ?? []) expect(result.stdout).toContain(text)
        expect(lastLine(result.stdout)).toBe(
          `--- the job ${expected.status === 0 ? 'passed' : 'failed'} (exit status ${expected.status}) ---`
        )
        expect(result.status).toBe(expected.status)
      })
    }
  }
})

const workflow = (...withLines: string[]) =>
  [
    'on:',
    '  workflow_dispatch:',
    'jobs:',
    '  docs:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    `      - uses: ${name}@v1`,
    '        with:',
    ...withLines.map((line) => `          ${line}`),
    ''
  ].join('\n')

describe('npm run try, on a workflow of the user', () => {
  it(
    '[node 24] fails a misspelt input as the runner does: the warning of the runner, the error of the step, exit 1',
    { timeout: RUN_MS },
    async () => {
      writeFileSync(
        join(repo, 'typo.yml'),
        workflow('api-key: ${{ secrets.MINTLIFY_API_KEY }}', 'project_id: ${{ vars.MINTLIFY_PROJECT_ID }}', 'analytics: visitors')
      )
      const result = await tryIt('typo.yml')
      expect(result.stdout).toContain("Warning: Unexpected input(s) 'api-key', 'project_id', valid inputs are ['apiKey', 'projectId',")
      expect(result.stdout).toContain('did you mean apiKey?')
      expect(result.stdout).toContain('  status = invalid-input')
      expect(lastLine(result.stdout)).toBe('--- the job failed (exit status 1) ---')
      expect(result.status).toBe(1)
    }
  )

  it("[node 24] gives the step the run's token when the workflow gives none, as the runner does", { timeout: RUN_MS }, async () => {
    writeFileSync(
      join(repo, 'health.yml'),
      workflow(
        'apiKey: ${{ secrets.MINTLIFY_API_KEY }}',
        'projectId: ${{ vars.MINTLIFY_PROJECT_ID }}',
        'analytics: visitors',
        'healthIssue: true'
      ).replace('jobs:', 'permissions:\n  issues: write\n  pull-requests: read\njobs:')
    )
    const result = await tryIt('health.yml')
    expect(result.stdout).toContain('  healthIssueUrl = https://github.com/acme/docs-action-try-out/issues/1')
    expect(result.status).toBe(0)
  })

  it(
    "[node 24] gives the run's token the job's permissions: without issues: write, the docs health issue fails as on the runner",
    { timeout: RUN_MS },
    async () => {
      const healthIssue = readFileSync(join(root, 'examples/docs-health-issue.yml'), 'utf8')
      expect(healthIssue).toContain('  issues: write')
      writeFileSync(join(repo, 'no-issues.yml'), healthIssue.replace(/^ {2}issues: write.*\n/m, ''))
      const result = await tryIt('no-issues.yml')
      expect(result.stdout).toContain("The run's token: contents: read, pull-requests: read (metadata: read).")
      expect(result.stdout).toContain('give the job `permissions: issues: write`')
      expect(result.stdout).toContain('GitHub refused the token (its permissions): GET /repos/acme/docs-action-try-out/issues')
      expect(result.status).toBe(1)
    }
  )

  it("runs a .env file's inputs", { timeout: RUN_MS }, async () => {
    writeFileSync(join(repo, '.env'), 'INPUT_ANALYTICS=visitors\nINPUT_TOPPAGES=3\n')
    const result = await tryIt('.env')
    expect(result.stdout).toContain('  pageCount = 120')
    expect(lastLine(result.stdout)).toBe('--- the step passed (exit status 0) ---')
    expect(result.status).toBe(0)
  })

  it('prints its usage on --help and exits 0, and exits 2 on an option it does not know', async () => {
    const help = await tryIt('--help')
    expect(help.stdout).toContain('Usage: npm run try -- <workflow.yml | .env>')
    expect(help.status).toBe(0)
    const unknown = await tryIt('examples/manual.yml', '--verbose')
    expect(unknown.stderr).toContain('Not understood: --verbose')
    expect(unknown.status).toBe(2)
  })

  it('says where it looked for a file that is not there, and exits 2', async () => {
    const result = await tryIt('missing.yml')
    expect(result.stderr).toContain(`missing.yml: no such file (looked for ${join(repo, 'missing.yml')};`)
    expect(result.status).toBe(2)
  })

  it('names the events it can build when the workflow has none of them, and exits 2', async () => {
    writeFileSync(join(repo, 'release.yml'), workflow('prompt: x').replace('  workflow_dispatch:', '  release:'))
    const result = await tryIt('release.yml')
    expect(result.stderr).toContain('release.yml is triggered by release; npm run try builds schedule, workflow_dispatch,')
    expect(result.status).toBe(2)
  })
})
