// What a team copying the examples relies on: every next step a summary gives can be done from Run
// workflow (the jobId field), the examples that may open an agent pull request in their own
// repository may comment on it, the actions they use run on Node 24, uploads are guarded, an
// outsider's /docs makes no red run, /docs is matched exactly, and scheduled examples say that GitHub
// turns off idle schedules. The `if:` and the commenter check are run, not read: the expression by
// GitHub's own evaluator (@actions/expressions), the script by bash with a stand-in for `gh`.
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { data, Evaluator, Lexer, Parser } from '@actions/expressions'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { readmeWorkflows } from '../../scripts/lint-workflows.mjs'
import { actionName } from '../../scripts/rename.mjs'

const root = resolve(import.meta.dirname, '../..')
const name = actionName(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')))

interface Step {
  id?: string
  if?: string
  name?: string
  uses?: string
  run?: string
  env?: Record<string, string>
  with?: Record<string, string | number | boolean>
}
interface Job {
  if?: string
  permissions?: Record<string, string>
  steps: Step[]
}
interface Workflow {
  on: Record<string, { inputs?: Record<string, unknown> } | null>
  permissions?: Record<string, string>
  jobs: Record<string, Job>
}

const examples = readdirSync(join(root, 'examples'))
  .filter((f) => f.endsWith('.yml'))
  .sort()
  .map((f) => `examples/${f}`)
const quickStart = readmeWorkflows(readFileSync(join(root, 'README.md'), 'utf8'))[0] ?? ''
const sources: [string, string][] = [
  ...examples.map((file): [string, string] => [file, readFileSync(join(root, file), 'utf8')]),
  ['README.md', quickStart]
]
const workflows = new Map(sources.map(([file, text]) => [file, { text, workflow: parse(text) as Workflow }]))
const get = (file: string) => {
  const found = workflows.get(file)
  if (!found) throw new Error(`${file} is not read`)
  return found
}
const steps = (workflow: Workflow): Step[] => Object.values(workflow.jobs).flatMap((job) => job.steps)
/** A step of this action: at the major version, or at main until the release (docs/publishing.md). */
const ownSteps = (workflow: Workflow): Step[] =>
  steps(workflow).filter((step) => step.uses !== undefined && new RegExp(`^${name}@(v1|main|[0-9a-f]{40})$`).test(step.uses))

describe('every next step a summary gives can be done from Run workflow', () => {
  it.each(['README.md', 'examples/manual.yml'])('%s offers prompt and jobId as fields, and passes both to the action', (file) => {
    const { workflow } = get(file)
    const fields = Object.keys(workflow.on.workflow_dispatch?.inputs ?? {})
    expect(fields).toEqual(expect.arrayContaining(['prompt', 'jobId']))
    const [step] = ownSteps(workflow)
    expect(step?.with?.prompt).toBe('${{ inputs.prompt }}')
    expect(step?.with?.jobId).toBe('${{ inputs.jobId }}')
  })

  it('manual.yml asks for no prompt when a jobId is watched', () => {
    const inputs = get('examples/manual.yml').workflow.on.workflow_dispatch?.inputs as Record<string, { required: boolean }>
    expect(inputs.prompt?.required).toBe(false)
  })
})

describe('examples that may open an agent pull request in their own repository', () => {
  // A step with a prompt (or a follow-up from a comment) ends with a note on the agent's pull request
  // when it opens in this repository: that takes pull-requests: write, said why on the same line.
  const opening = [...workflows.entries()].filter(([, { workflow }]) =>
    ownSteps(workflow).some((step) => step.with?.prompt !== undefined || step.with?.command !== undefined)
  )

  it('are the quick start and every example that sends a prompt', () => {
    expect(opening.map(([file]) => file).sort()).toEqual([
      'README.md',
      'examples/docs-follow-up.yml',
      'examples/docs-from-reader-signals.yml',
      'examples/docs-on-merge.yml',
      'examples/manual.yml',
      'examples/slash-command.yml'
    ])
  })

  it.each(opening.map(([file]) => file))('%s grants pull-requests: write, with a comment that says why', (file) => {
    const { text, workflow } = get(file)
    const jobs = Object.values(workflow.jobs)
    for (const job of jobs) expect({ ...workflow.permissions, ...job.permissions }['pull-requests'], file).toBe('write')
    expect(text).toMatch(/^\s*pull-requests: write # \S.+$/m)
  })
})

describe('actions the examples use', () => {
  // The first major version of each that runs on Node 24.
  const NODE24: Record<string, number> = { 'actions/checkout': 5, 'actions/setup-node': 5, 'actions/upload-artifact': 6 }
  const ci = readFileSync(join(root, '.github/workflows/ci.yml'), 'utf8')
  const all = [...sources, ['.github/workflows/ci.yml', ci] as [string, string]].flatMap(([file, text]) =>
    [...text.matchAll(/uses: (actions\/[\w-]+)@v(\d+)/g)].map((m) => ({ file, action: m[1] ?? '', major: Number(m[2]) }))
  )

  it("are GitHub's, each at a version that runs on Node 24", () => {
    expect(all.length).toBeGreaterThan(0)
    for (const use of all) {
      expect(Object.keys(NODE24), use.file).toContain(use.action)
      expect(use.major, `${use.file}: ${use.action}`).toBeGreaterThanOrEqual(NODE24[use.action] ?? Infinity)
    }
  })

  it('upload an artifact only when there is a folder to upload, and not after a cancellation', () => {
    const uploads = [...workflows.values()].flatMap(({ workflow }) =>
      steps(workflow).filter((step) => step.uses?.startsWith('actions/upload-artifact@'))
    )
    expect(uploads).toHaveLength(3)
    for (const upload of uploads) {
      const folder = String(upload.with?.path)
      expect(folder).toMatch(/^\$\{\{ steps\.\w+\.outputs\.analyticsDir \}\}$/)
      expect(upload.if).toBe(`\${{ !cancelled() && ${folder.slice(4, -3)} != '' }}`)
    }
  })

  it('set up the project CI with the Node of .node-version', () => {
    const jobs = (parse(ci) as Workflow).jobs
    const setups = Object.values(jobs).flatMap((job) => job.steps.filter((step) => step.uses?.startsWith('actions/setup-node@')))
    expect(setups.length).toBe(Object.keys(jobs).length)
    for (const setup of setups) expect(setup.with).toMatchObject({ 'node-version-file': '.node-version' })
    expect(readFileSync(join(root, '.node-version'), 'utf8').trim()).toBe('24')
  })
})

it.each(examples.filter((file) => get(file).workflow.on.schedule !== undefined))(
  '%s says that GitHub turns off its schedule after 60 days without activity',
  (file) => {
    expect(get(file).text.replace(/\s*#\s*/g, ' ')).toContain(
      "GitHub turns off the schedule of a public repository's workflow after 60 days without activity in the repository"
    )
  }
)

describe("docs-follow-up.yml's job starts for the command only", () => {
  const condition = get('examples/docs-follow-up.yml').workflow.jobs['follow-up']?.if ?? ''

  /** The job's `if:`, evaluated by GitHub's expression evaluator for a comment with this body. */
  const starts = (body: string, pullRequest = true): boolean => {
    // Read as a string, since the evaluator's own truth test is not exported.
    const lexed = new Lexer(`(${condition}) && 'start' || 'none'`).lex()
    const expression = new Parser(lexed.tokens, ['github'], []).parse()
    const event = { issue: { number: 7, ...(pullRequest ? { pull_request: { url: 'https://api.github.com/x' } } : {}) }, comment: { body } }
    const context = JSON.parse(JSON.stringify({ github: { event } }), data.reviver) as data.Dictionary
    return new Evaluator(expression, context).evaluate().coerceString() === 'start'
  }

  it.each(['/docs', '/docs Fix the typo', '/DOCS fix it', '/docs\nFix the typo', '/docs\r\nFix the typo'])('starts for %j', (body) => {
    expect(starts(body)).toBe(true)
  })

  it.each(['/docsfoo', '/docs-please fix', '/doc fix', 'please /docs fix', ''])('does not start for %j', (body) => {
    expect(starts(body)).toBe(false)
  })

  it('does not start on an issue', () => {
    expect(starts('/docs Fix the typo', false)).toBe(false)
  })
})

describe("slash-command.yml's commenter check", () => {
  const { workflow } = get('examples/slash-command.yml')
  const jobSteps = workflow.jobs.docs?.steps ?? []
  const check = jobSteps.find((step) => step.id === 'writer')
  const dir = mkdtempSync(join(tmpdir(), 'slash-'))
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
  })
  // A stand-in for the GitHub CLI: it answers the permission the test gives it.
  writeFileSync(join(dir, 'gh'), '#!/bin/sh\necho "$FAKE_PERMISSION"\n')
  chmodSync(join(dir, 'gh'), 0o755)

  /** Runs the check's script as the runner does (bash -e), for a commenter with this permission. */
  const run = (permission: string) => {
    const output = join(dir, `output-${permission}`)
    writeFileSync(output, '')
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', check?.run ?? 'exit 9'], {
      encoding: 'utf8',
      env: {
        PATH: `${dir}:${process.env.PATH ?? ''}`,
        FAKE_PERMISSION: permission,
        GITHUB_OUTPUT: output,
        GH_TOKEN: 't',
        REPO: 'acme/docs',
        COMMENTER: 'someone'
      }
    })
    return { status: result.status, stdout: result.stdout, output: readFileSync(output, 'utf8') }
  }

  it.each(['admin', 'maintain', 'write'])('lets a commenter with %s access through', (permission) => {
    expect(run(permission)).toEqual({ status: 0, stdout: `someone has ${permission} access.\n`, output: 'allowed=true\n' })
  })

  it.each(['read', 'triage', 'none'])('ends with a notice, not a failure, for a commenter with %s access', (permission) => {
    expect(run(permission)).toEqual({
      status: 0,
      stdout: `::notice::Only people with write access can use /docs (someone has ${permission}): nothing was sent.\n`,
      output: ''
    })
  })

  it('runs the steps after it only for a commenter let through', () => {
    const after = jobSteps.slice(jobSteps.indexOf(check as Step) + 1)
    expect(after.length).toBe(2)
    for (const step of after) expect(step.if).toBe("steps.writer.outputs.allowed == 'true'")
  })
})
