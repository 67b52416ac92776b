// A job id as the service's documents allow it, any string, through the bundle against the emulator
// and the GitHub fake: an id with spaces, slashes, Markdown and HTML is requested encoded as one path
// segment, shown as text in the summary, the comment and the log, handed on percent-encoded in the
// `jobId` output, and kept whole in the sealed records, so that a second run for the same trigger
// watches the same job.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { startGitHubFake } from '../support/github-fake.js'
import { renderSummary } from '../support/render.js'
import { node24 } from '../support/runtimes.js'

const KEY = 'mint_jobIdE2eKey4'
const TOKEN = 'ghs_jobIdE2eToken7'
const ID = "job 1/2 **bold** [x](https://evil.example) <b>x</b> ##[error]y $(id) 'q'"
const PAYLOAD = { action: 'opened', number: 12, pull_request: { number: 12, head: { sha: 'c'.repeat(40) } } }

describe('a job id with spaces, slashes, Markdown and HTML', () => {
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

  const run = (runId: number) =>
    runAction({
      node: node24(),
      onTestFinished,
      inputs: {
        apiKey: KEY,
        projectId: 'proj_docs',
        prompt: 'Document the retries',
        baseUrl: emu.url,
        pollIntervalSeconds: '0.5',
        comment: 'true',
        githubToken: TOKEN
      },
      event: { name: 'pull_request', payload: PAYLOAD },
      env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: String(runId) }
    })

  it('[node 24] is requested encoded, shown as text, handed on encoded, and recorded whole for the next run', async () => {
    emu.planJobs({ id: ID, finishAfterMs: 300 })
    const result = await run(7100)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)

    // The requests: one creation, then the job's own path, the id one segment of it.
    const paths = emu.requests.map((r) => `${r.method} ${r.path}`)
    expect(paths[0]).toBe('POST /v2/agent/proj_docs/job')
    expect(paths.slice(1).every((p) => p === `GET /v2/agent/proj_docs/job/${encodeURIComponent(ID)}`)).toBe(true)
    expect(paths.length).toBeGreaterThan(1)

    // The output: percent-encoded, whole once decoded.
    expect(result.outputs.jobId).toMatch(/^[A-Za-z0-9%_.~-]+$/)
    expect(decodeURIComponent(result.outputs.jobId ?? '')).toBe(ID)
    expect(result.outputs.status).toBe('completed')

    // The summary: the id as text, no element, link or bold made of it.
    const seen = renderSummary(result.summary)
    expect(seen.text).toContain(ID)
    expect(seen.html).not.toMatch(/<b>|<strong>bold|evil\.example"/)
    expect(seen.links.map((l) => l.href)).not.toContain('https://evil.example')

    // The comment in the thread: the id as text there too.
    const posted = github.requests.filter((r) => r.method === 'POST' && r.path === '/repos/acme/docs/issues/12/comments')
    expect(posted).toHaveLength(1)
    const body = (posted[0]?.body as { body: string }).body
    const shown = renderSummary(body)
    expect(shown.text).toContain(ID)
    expect(shown.html).not.toMatch(/<b>|evil\.example"/)
    // Its record: the id percent-encoded inside one HTML comment.
    expect(body).toContain(`job=${encodeURIComponent(ID)} key=`)

    // The log: the id on no line of its own that the runner could read as a command.
    expect(result.stdout).not.toContain('##[error]')
    expect(result.stdout.split('\n').filter((line) => line.startsWith('::error') || line.startsWith('::warning'))).toEqual([])

    // A second run for the same trigger reads the record and watches the same job: no second creation.
    const before = emu.requests.length
    const again = await run(7101)
    expect(again.code).toBe(0)
    expect(again.stdout).toContain('An earlier run for this trigger recorded job')
    const later = emu.requests.slice(before).map((r) => `${r.method} ${r.path}`)
    expect(later).not.toContain('POST /v2/agent/proj_docs/job')
    expect(later).toContain(`GET /v2/agent/proj_docs/job/${encodeURIComponent(ID)}`)
    expect(decodeURIComponent(again.outputs.jobId ?? '')).toBe(ID)
  })
})
