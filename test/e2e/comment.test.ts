// Comments on the triggering issue or pull request, through the bundle, against a fake GitHub API,
// under Node 24 (the runtime action.yml declares).
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { BUNDLE, linesWith, removeWhenFinished, runAction } from '../support/action.js'
import { startGitHubFake } from '../support/github-fake.js'
import { renderSummary } from '../support/render.js'
import { node24, runtimes } from '../support/runtimes.js'

const KEY = 'mint_commentKey9'
const TOKEN = 'ghs_fakeTokenForComments123'

const PAYLOADS: Record<string, unknown> = {
  issues: { action: 'opened', issue: { number: 7, title: 'Docs please' } },
  issue_comment: { action: 'created', issue: { number: 8, pull_request: { url: 'x' } }, comment: { body: '/docs Add examples' } },
  pull_request: { action: 'opened', number: 9, pull_request: { number: 9 } },
  pull_request_target: { action: 'synchronize', number: 10, pull_request: { number: 10 } },
  push: { ref: 'refs/heads/main' }
}

/** The text of a comment the action posted or edited. */
function commentBody(request: { body: unknown } | undefined): string {
  const body = request?.body
  return typeof body === 'object' && body !== null && 'body' in body && typeof body.body === 'string' ? body.body : ''
}

for (const { name: runtime, node } of runtimes()) {
  describe('comments', () => {
    let emu: Emulator
    let github: Awaited<ReturnType<typeof startGitHubFake>>
    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} } })
      github = await startGitHubFake()
    })
    afterAll(async () => {
      await github.close()
      await emu.close()
    })

    let runs = 0
    /** Runs the bundle for this event; the run's folder goes when the test finishes (these tests run one at a time). */
    const run = (event: string, extra: Record<string, string> = {}) =>
      runAction({
        node,
        onTestFinished,
        inputs: {
          apiKey: KEY,
          projectId: 'proj_docs',
          prompt: 'Docs for the thread',
          baseUrl: emu.url,
          pollIntervalSeconds: '0.5',
          comment: 'true',
          githubToken: TOKEN,
          ...extra
        },
        event: { name: event, payload: PAYLOADS[event] },
        env: {
          GITHUB_API_URL: github.url,
          GITHUB_SERVER_URL: 'https://ghe.example.com',
          // A run of its own each time: a run for the same trigger would watch the job an earlier one recorded.
          GITHUB_RUN_ID: String(4242 + runs++)
        }
      })

    it.each([
      ['issues', 7],
      ['issue_comment', 8],
      ['pull_request', 9],
      ['pull_request_target', 10]
    ])(`[${runtime}] on %s, comments on #%i when the job is created and edits the comment when it ends`, async (event, number) => {
      github.failWith(undefined)
      // A pull request on the run's own server (GITHUB_SERVER_URL below), so that it is named as one.
      emu.planJobs({ finishAfterMs: 1000, prLink: 'https://ghe.example.com/acme/docs/pull/55' })
      const before = github.requests.length
      const result = await run(event)
      expect(result.code).toBe(0)
      const id = result.outputs.jobId
      const all = github.requests.slice(before)
      // The thread's comments are read first, for a comment an earlier run for the same trigger left.
      expect(all[0]).toMatchObject({ method: 'GET', path: `/repos/acme/docs/issues/${number}/comments?per_page=100` })
      const calls = all.slice(1, 3)
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
        `POST /repos/acme/docs/issues/${number}/comments`,
        expect.stringMatching(/^PATCH \/repos\/acme\/docs\/issues\/comments\/\d+$/)
      ])
      // The agent's pull request is in this repository: it gets the note that names the job, once.
      expect(all.slice(3).map((c) => `${c.method} ${c.path.split('?')[0]}`)).toEqual([
        'GET /repos/acme/docs/issues/55/comments',
        'POST /repos/acme/docs/issues/55/comments'
      ])
      expect(commentBody(all[4])).toMatch(new RegExp(`<!-- docs-agent-action pull job=${id} seal=[\\w-]{43} -->`))
      expect(calls.every((c) => c.auth === `token ${TOKEN}`)).toBe(true)
      expect(commentBody(calls[0])).toContain(`working on it: job \`${id}\``)
      expect(commentBody(calls[0])).toContain(`[Workflow run](https://ghe.example.com/acme/docs/actions/runs/${4242 + runs - 1})`)
      // The end: the short form of the summary, the outcome first with a real link.
      const end = renderSummary(commentBody(calls[1]))
      expect(end.headings).toEqual(['✅ Opened acme/docs#55'])
      expect(end.links).toContainEqual({ href: 'https://ghe.example.com/acme/docs/pull/55', text: 'acme/docs#55' })
      expect(end.links).toContainEqual({ href: `https://ghe.example.com/acme/docs/actions/runs/${4242 + runs - 1}`, text: 'workflow run' })
    })

    it(`[${runtime}] never shows the GitHub token`, async () => {
      emu.planJobs({ finishAfterMs: 300 })
      const result = await run('issues')
      expect(linesWith(result, TOKEN)).toEqual([`::add-mask::${TOKEN}`])
      expect(linesWith(result, KEY)).toEqual([`::add-mask::${KEY}`])
    })

    it(`[${runtime}] edits the comment to say so when the job fails`, async () => {
      github.failWith(undefined)
      emu.planJobs({ finishAfterMs: 500, finalStatus: 'failed' })
      const before = github.requests.length
      const result = await run('issues')
      expect(result.code).toBe(1)
      const edit = github.requests.slice(before).find((r) => r.method === 'PATCH')
      expect(edit).toBeDefined()
      const seen = renderSummary(commentBody(edit))
      expect(seen.headings).toEqual(['❌ The agent job failed'])
      expect(seen.text).toContain(`The step failed because failOn includes failed. Next step:`)
      expect(seen.text).toContain(`jobId: ${result.outputs.jobId ?? ''} prompt: <a narrower prompt>`)
    })

    it(`[${runtime}] warns with the permissions to add when GitHub refuses (403), and the step still succeeds`, async () => {
      github.failWith(403)
      emu.planJobs({ finishAfterMs: 500 })
      const result = await run('pull_request')
      github.failWith(undefined)
      expect(result.code).toBe(0)
      const warnings = result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toContain('Could not comment on #9 (HTTP 403): give the job `permissions: pull-requests: write`')
    })

    it(`[${runtime}] warns, and comments nowhere, for an event without an issue or pull request`, async () => {
      emu.planJobs({ finishAfterMs: 300 })
      const before = github.requests.length
      const result = await run('push')
      expect(result.code).toBe(0)
      expect(github.requests.length).toBe(before)
      expect(result.stdout).toContain(
        '::warning::comment is true, but this run was triggered by "push"; comments work for issues, issue_comment, pull_request, pull_request_target.'
      )
    })
  })
}

describe('the GitHub client', () => {
  it('[node 24] is loaded only when a comment is to be posted', async () => {
    // A copy of dist/ without the chunk that holds the GitHub client: a run without comments must not miss it.
    const dir = mkdtempSync(join(tmpdir(), 'dist-'))
    removeWhenFinished(onTestFinished, dir)
    const bundle = join(dir, 'bundle')
    cpSync(join(BUNDLE, '..'), bundle, { recursive: true })
    const chunk = readdirSync(bundle).find(
      (f) => /^\d+\.index\.js$/.test(f) && readFileSync(join(bundle, f), 'utf8').includes('paginateRest')
    )
    expect(chunk).toBeDefined()
    rmSync(join(bundle, chunk ?? ''))
    const emu = await startEmulator({ keys: { [KEY]: {} }, defaultPlan: { finishAfterMs: 300 } })
    try {
      writeFileSync(join(dir, 'o'), '')
      writeFileSync(join(dir, 's'), '')
      const env = {
        PATH: process.env.PATH ?? '',
        GITHUB_OUTPUT: join(dir, 'o'),
        GITHUB_STEP_SUMMARY: join(dir, 's'),
        INPUT_APIKEY: KEY,
        INPUT_PROJECTID: 'proj_docs',
        INPUT_PROMPT: 'x',
        INPUT_BASEURL: emu.url,
        INPUT_POLLINTERVALSECONDS: '0.5'
      }
      const result = await new Promise<number | null>((resolve) => {
        spawn(node24(), [join(bundle, 'index.js')], { env, stdio: 'ignore' }).on('close', resolve)
      })
      expect(result).toBe(0)
      expect(readFileSync(join(dir, 'o'), 'utf8')).toContain('completed')
    } finally {
      await emu.close()
    }
  })
})
