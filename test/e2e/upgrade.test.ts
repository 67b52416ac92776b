// An upgrade keeps the promises of the build before it, through the bundle against the emulator and
// the stateful GitHub fake: a change whose job an earlier build recorded (sealed for its place alone,
// as builds before 1.1.0 sealed records) is watched, never created again, in its check run and in its
// comment; a record with no seal, as builds before records were sealed wrote it, is said not to be
// believed in one line; and a `/docs` under an earlier build's note says why it sends nothing.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { RecordSeal } from '../../src/core/record-seal.js'
import { COMMENT_MARKER } from '../../src/agent/records.js'
import { recordKey } from '../../src/run/job-plan.js'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { ACTIONS_WRITER, startGitHubFake } from '../support/github-fake.js'
import { node24 } from '../support/runtimes.js'

const KEY = 'mint_upgradeKey6Tq'
const TOKEN = 'ghs_upgradeToken8Wd'
const PROMPT = 'Update the documentation for this change.'
const seal = RecordSeal.fromApiKey(KEY)

let emu: Emulator
let github: Awaited<ReturnType<typeof startGitHubFake>>
let runId = 12_000

beforeAll(async () => {
  emu = await startEmulator({ keys: { [KEY]: {} } })
  github = await startGitHubFake()
})
afterAll(async () => {
  await github.close()
  await emu.close()
})

/** A merged pull request of acme/app, as GitHub sends it. */
function merged(number: number, mergeSha: string) {
  return {
    name: 'pull_request',
    payload: {
      action: 'closed',
      number,
      pull_request: {
        number,
        title: 'Add a retries option',
        body: 'Three by default.',
        html_url: `https://github.com/acme/app/pull/${number}`,
        user: { login: 'dev-person' },
        merged: true,
        merge_commit_sha: mergeSha,
        base: { ref: 'main' },
        head: { ref: 'feat/retries', sha: 'e'.repeat(40), label: 'acme:feat/retries' }
      },
      repository: { private: true }
    }
  }
}

function run(inputs: Record<string, string>, event: { name: string; payload: unknown }) {
  return runAction({
    node: node24(),
    onTestFinished,
    inputs: { apiKey: KEY, projectId: 'proj_docs', baseUrl: emu.url, pollIntervalSeconds: '0.5', githubToken: TOKEN, ...inputs },
    event,
    env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/app', GITHUB_RUN_ID: String(++runId) }
  })
}

/** The record a build before 1.1.0 wrote: the job id as it is, sealed for the place in the repository alone. */
function earlierRecord(place: string, jobId: string, key: string, ended?: string): string {
  const sealed = seal.sign('job', [place, jobId, key, ended ?? ''])
  return `<!-- docs-agent-action job=${jobId} key=${encodeURIComponent(key)}${ended ? ` ended=${ended}` : ''} seal=${sealed} -->`
}

const created = (from: number) => emu.requests.slice(from).filter((r) => r.method === 'POST' && r.path === '/v2/agent/proj_docs/job')

describe('an upgrade never opens a second job for a change an earlier build handled', () => {
  it('[node 24] watches the job an earlier build recorded in its check run, and updates that check run', async () => {
    const sha = '1'.repeat(40)
    const key = recordKey('proj_docs', `pull/61@${sha}`, { prompt: PROMPT })
    emu.addJob('job_earlier:61', { finishAfterMs: 0, prLink: 'https://github.com/acme/docs/pull/9' })
    github.addCheckRun({
      head_sha: sha,
      name: 'Docs agent',
      status: 'completed',
      conclusion: 'success',
      external_id: 'job_earlier:61',
      output: {
        title: 'Opened a pull request',
        summary: `${earlierRecord(`commit ${sha}`, 'job_earlier:61', key, 'opened')}\nAgent job \`job_earlier:61\`.\n\nPull request: https://github.com/acme/docs/pull/9`
      },
      app: { id: 15368, slug: 'github-actions' }
    })
    const from = emu.requests.length
    const result = await run({ prompt: PROMPT, context: 'change', check: 'true' }, merged(61, sha))
    expect(result.code, result.stdout).toBe(0)
    expect(created(from)).toEqual([])
    expect(result.outputs.jobId).toBe('job_earlier%3A61')
    expect(result.outputs.prLink).toBe('https://github.com/acme/docs/pull/9')
    expect(result.stdout).toContain(
      'recorded job job_earlier:61 in its check run (a record sealed by a build before 1.1.0, for its place alone): watching it instead of sending the prompt again.'
    )
    // The same check run, now holding a record of this build's.
    const checks = github.checkRuns.filter((c) => c.head_sha === sha)
    expect(checks).toHaveLength(1)
    expect(checks[0]?.output.summary).toMatch(/^<!-- docs-agent-action job=job_earlier%3A61 key=\S+ ended=opened seal=[\w-]{43} -->/)
  })

  it('[node 24] watches the job an earlier build recorded in its comment', async () => {
    const sha = '2'.repeat(40)
    const key = recordKey('proj_docs', `pull/62@${sha}`, { prompt: PROMPT })
    emu.addJob('job_earlier_62', { finishAfterMs: 0 })
    github.addComment(
      62,
      `${COMMENT_MARKER}${earlierRecord('thread 62', 'job_earlier_62', key)}\n📝 Working on it.`,
      ACTIONS_WRITER.user,
      ACTIONS_WRITER.app
    )
    const from = emu.requests.length
    const result = await run({ prompt: PROMPT, comment: 'true' }, merged(62, sha))
    expect(result.code, result.stdout).toBe(0)
    expect(created(from)).toEqual([])
    expect(result.outputs.jobId).toBe('job_earlier_62')
    expect(result.stdout).toContain('recorded job job_earlier_62 in its comment (a record sealed by a build before 1.1.0')
    expect(github.comments.filter((c) => c.issue === 62)).toHaveLength(1)
  })

  it('[node 24] says in one line that a record with no seal is not believed, and creates the job', async () => {
    const sha = '3'.repeat(40)
    github.addCheckRun({
      head_sha: sha,
      name: 'Docs agent',
      status: 'completed',
      conclusion: 'success',
      external_id: 'job_unsealed',
      output: {
        title: 'Opened a pull request',
        summary: `<!-- docs-agent-action job=job_unsealed key=proj_docs%3Apull%2F63 ended=opened -->\nDone`
      },
      app: { id: 15368, slug: 'github-actions' }
    })
    emu.planJobs({ finishAfterMs: 0 })
    const from = emu.requests.length
    const result = await run({ prompt: PROMPT, check: 'true' }, merged(63, sha))
    expect(result.code, result.stdout).toBe(0)
    expect(created(from)).toHaveLength(1)
    const lines = result.stdout.split('\n').filter((line) => line.includes('without a seal'))
    expect(lines).toEqual([
      '::warning::The "Docs agent" check run on this commit records job job_unsealed without a seal, as builds before records were sealed wrote it: ' +
        "nothing proves it is this action's, so it is not watched. To watch it instead of a new job, run with jobId."
    ])
  })

  it("[node 24] sends nothing under an earlier build's note on a pull request, and says why", async () => {
    github.addComment(
      64,
      `${COMMENT_MARKER}<!-- docs-agent-action pull job=job_noted seal=${seal.sign('pull', ['pull 64', 'job_noted'])} -->`,
      ACTIONS_WRITER.user,
      ACTIONS_WRITER.app
    )
    github.setPermission('writer-person', 'write')
    const from = emu.requests.length
    const result = await run(
      { command: '/docs' },
      {
        name: 'issue_comment',
        payload: {
          action: 'created',
          issue: { number: 64, pull_request: { url: 'https://api.github.com/repos/acme/app/pulls/64' } },
          comment: { id: 6401, body: '/docs fix the typo', user: { login: 'writer-person', type: 'User' } }
        }
      }
    )
    expect(result.code, result.stdout).toBe(0)
    expect(emu.requests.slice(from).filter((r) => r.method === 'POST')).toEqual([])
    expect(result.stdout).toContain(
      "::notice::#64's note of job job_noted is sealed by a build before 1.1.0, for its place alone, which a copy in another repository that shares the key would verify for too: nothing was sent."
    )
  })
})
