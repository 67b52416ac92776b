// The agent job in process: the action's run() against the emulator in this process, with a test
// clock (test/support/test-clock.ts), so that the polls and the deadline take no real time: a job's
// outcomes, failOn, links, follow-ups and the service's refusals, as the step reports them. The
// bundle's own run of a job, its inputs and its log are tested end to end (test/e2e/agent-job.test.ts).
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { type ActionRun, errorLines as errors, linesWith } from '../support/action.js'
import { runInProcess } from '../support/in-process.js'
import { renderSummary } from '../support/render.js'
import { TestClock } from '../support/test-clock.js'

/** The job's details table (its first table), label to value, as a reader sees it. */
function detailsOf(seen: ReturnType<typeof renderSummary>): Record<string, string> {
  return Object.fromEntries((seen.tables[0] ?? []).map((row): [string, string] => [row[0] ?? '', row[1] ?? '']))
}

const KEY = 'mint_inProcessKeyT4m'

/** The key appears only in the one line that asks the runner to mask it. */
function expectKeyNowhere(run: ActionRun): void {
  expect(linesWith(run, KEY)).toEqual([`::add-mask::${KEY}`])
}

/** Log lines a person reads (everything but debug and runner commands). */
function infoLines(run: ActionRun): string[] {
  return run.stdout.split('\n').filter((l) => l !== '' && !l.startsWith('::'))
}

describe('agent job, in process', () => {
  const clock = new TestClock()
  let emu: Emulator
  const base = (): Record<string, string> => ({ apiKey: KEY, projectId: 'proj_docs', baseUrl: emu.url, pollIntervalSeconds: '0.5' })
  /** Runs the action in process with the test clock; the run's folder goes when the test finishes. */
  const act = (options: { inputs: Record<string, string>; env?: Record<string, string> }): Promise<ActionRun> =>
    runInProcess({ ...options, clock, onTestFinished })

  beforeAll(async () => {
    emu = await startEmulator({ keys: { [KEY]: {} }, clock })
  })
  afterAll(async () => {
    await emu.close()
  })

  it(`fails the step when the job fails, unless failOn leaves failed out`, async () => {
    // Active when created, failed at the first check.
    emu.planJobs({ finishAfterMs: 500, finalStatus: 'failed' }, { finishAfterMs: 500, finalStatus: 'failed' })
    const run = await act({ inputs: { ...base(), prompt: 'Break' } })
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ status: 'failed', prLink: '', prNumber: '' })
    expect(errors(run)).toEqual([`Job ${run.outputs.jobId} failed on the service.`])
    // The summary says what the service decided and what to try, not the title again.
    expect(renderSummary(run.summary).text).toContain('and gives no reason. The step failed because failOn includes failed. Next step:')

    const lenient = await act({ inputs: { ...base(), prompt: 'Break', failOn: 'archived' } })
    expect(lenient.code).toBe(0)
    expect(lenient.outputs.status).toBe('failed')
    expectKeyNowhere(run)
  })

  it(`fails at the deadline with the job id, says the job keeps running, and still writes outputs and summary`, async () => {
    emu.planJobs({ finishAfterMs: 600_000 })
    const run = await act({ inputs: { ...base(), prompt: 'Take forever', timeoutMinutes: '0.1' } })
    expect(run.code).toBe(1)
    // Stopped at the deadline, by the test clock.
    expect(run.elapsedMs).toBe(6000)
    const id = run.outputs.jobId
    expect(id).toMatch(/^[0-9a-f]{24}$/)
    expect(run.outputs).toMatchObject({ status: 'active', prLink: '', prNumber: '' })
    expect(errors(run)).toEqual([
      `Timed out after 6s (timeoutMinutes) while waiting for job ${id}. The job keeps running on the service: the API cannot cancel it. ` +
        `To keep watching it, run the action again with jobId: ${id} (and no prompt).`
    ])
    // The summary gives the reason and the next step in a form that can be copied.
    const seen = renderSummary(run.summary)
    // The heading's wording is job-summary.test.ts's.
    expect(seen.headings[0]).toMatch(/^⏳ The agent is still working/)
    expect(seen.text).toContain(`Why the step failed: ${errors(run)[0] ?? ''}`)
    // Copied, the block is the input line: the elements that break a hex id (as GitHub would link a commit SHA) copy as nothing.
    expect(seen.html.replace(/<\/?span>/g, '')).toContain(`<pre><code>jobId: ${id ?? ''}</code></pre>`)
    expectKeyNowhere(run)
  })

  it(`reports a completed job that changed no files, and fails on it only when failOn has no-pr`, async () => {
    emu.planJobs({ finishAfterMs: 500, changesFiles: false }, { finishAfterMs: 500, changesFiles: false })
    const ok = await act({ inputs: { ...base(), prompt: 'Fix a typo' } })
    expect(ok.code).toBe(0)
    expect(ok.outputs).toMatchObject({ status: 'completed', prLink: '', prNumber: '' })
    const seen = renderSummary(ok.summary)
    expect(seen.headings[0]).toBe('ℹ️ Completed without a pull request')
    expect(seen.text).toContain('the agent may have made no change, or pushed straight to the deploy branch')
    expect(detailsOf(seen)).toMatchObject({ 'Pull request': 'none' })

    const strict = await act({ inputs: { ...base(), prompt: 'Fix a typo', failOn: 'failed, no-pr' } })
    expect(strict.code).toBe(1)
    expect(strict.outputs.status).toBe('completed')
    expect(errors(strict)).toEqual([`Job ${strict.outputs.jobId} completed without a pull request, and failOn includes no-pr.`])
    expect(renderSummary(strict.summary).headings[0]).toBe('❌ Completed without a pull request')
    expectKeyNowhere(strict)
  })

  it(`treats archived as the end of the wait, and fails on it when failOn has archived`, async () => {
    emu.planJobs({ finishAfterMs: 500, finalStatus: 'archived' }, { finishAfterMs: 500, finalStatus: 'archived' })
    const run = await act({ inputs: { ...base(), prompt: 'Archive me' } })
    expect(run.code).toBe(0)
    expect(run.outputs.status).toBe('archived')
    const seen = renderSummary(run.summary)
    expect(seen.headings[0]).toBe('⚠️ Archived before it completed')
    expect(seen.text).toContain('was archived on the service')
    expect(detailsOf(seen).Archived).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC$/)

    const strict = await act({ inputs: { ...base(), prompt: 'Archive me', failOn: 'failed,archived' } })
    expect(strict.code).toBe(1)
    expect(errors(strict)).toEqual([`Job ${strict.outputs.jobId} was archived, and failOn includes archived.`])
    expectKeyNowhere(strict)
  })

  it.each([
    ['on another host', 'https://evil.example/acme/docs/pull/42', {}, 'https://evil.example/acme/docs/pull/42', ''],
    [
      'with shell characters',
      'https://github.com/acme/docs/pull/42;id;uname&whoami',
      {},
      'https://github.com/acme/docs/pull/42%3Bid%3Buname%26whoami',
      ''
    ],
    [
      'on github.com when the run is on a GitHub Enterprise Server',
      'https://github.com/acme/docs/pull/42',
      { GITHUB_SERVER_URL: 'https://ghe.example.com' },
      'https://github.com/acme/docs/pull/42',
      ''
    ],
    [
      "on the run's GitHub Enterprise Server",
      'https://ghe.example.com/acme/docs/pull/42?diff=split',
      { GITHUB_SERVER_URL: 'https://ghe.example.com' },
      'https://ghe.example.com/acme/docs/pull/42',
      '42'
    ]
  ])(`reports a prLink %s, calling it a pull request only on the run's GitHub server`, async (_case, prLink, env, output, number) => {
    emu.planJobs({ finishAfterMs: 300, prLink })
    const run = await act({ inputs: { ...base(), prompt: 'Link' }, env })
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ status: 'completed', prLink: output, prNumber: number })
    const seen = renderSummary(run.summary)
    const label = number ? 'acme/docs#42' : `${new URL(output).host}: a link the service returned`
    expect(seen.headings[0]).toBe(number ? `✅ Opened ${label}` : `✅ Completed with ${label}`)
    expect(seen.links[0]).toEqual({ href: output, text: label })
    expect(run.outputFile).not.toMatch(/[;&|`$]/)
  })

  it(`sends a follow-up message to an existing job and watches it again`, async () => {
    const id = 'job_follow'
    emu.addJob(id, {
      finishAfterMs: 0,
      prLink: 'https://github.com/acme/docs/pull/6',
      onMessage: { finishAfterMs: 1000, prLink: 'https://github.com/acme/docs/pull/7' }
    })
    const jobsBefore = emu.jobCount()
    const before = emu.requests.length
    const run = await act({ inputs: { ...base(), jobId: id, prompt: 'Also add error handling examples' } })

    expect(run.code).toBe(0)
    expect(run.outputs).toEqual({ jobId: id, status: 'completed', prLink: 'https://github.com/acme/docs/pull/7', prNumber: '7' })
    const mine = emu.requests.slice(before)
    expect(mine.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/v2/agent/proj_docs/job/${id}/message`])
    expect(emu.jobCount()).toBe(jobsBefore)
    // The log's first line names the build (src/version.ts), then the work.
    const [build, first] = infoLines(run)
    expect(build).toMatch(/^docs-agent-action \d+\.\d+\.\d+ \(build dev\)$/)
    expect(first).toBe(`Sent a follow-up message to job ${id}.`)
    expect(renderSummary(run.summary).text).toContain('Follow-up prompt: Also add error handling examples')
    expectKeyNowhere(run)
  })

  it(`watches an existing job without sending anything`, async () => {
    const id = 'job_watch'
    emu.addJob(id, { finishAfterMs: 700, changesFiles: false })
    const before = emu.requests.length
    const run = await act({ inputs: { ...base(), jobId: id } })
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ jobId: id, status: 'completed', prLink: '' })
    expect(emu.requests.slice(before).every((r) => r.method === 'GET')).toBe(true)
  })

  it(`with wait: false, creates the job, sets its outputs and ends at once`, async () => {
    emu.planJobs({ finishAfterMs: 60_000 })
    const before = emu.requests.length
    const run = await act({ inputs: { ...base(), prompt: 'Start only', wait: 'false' } })
    expect(run.code).toBe(0)
    expect(run.outputs).toEqual({
      jobId: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
      status: 'active',
      prLink: '',
      prNumber: ''
    })
    expect(emu.requests.slice(before).map((r) => r.method)).toEqual(['POST'])
    const seen = renderSummary(run.summary)
    expect(seen.headings[0]).toBe('⏳ Started; not waited for')
    expect(seen.text).toContain('wait is false')
    expect(seen.html.replace(/<\/?span>/g, '')).toContain(`<pre><code>jobId: ${run.outputs.jobId ?? ''}</code></pre>`)
    expect(detailsOf(seen)).toMatchObject({ 'Pull request': 'not yet' })
  })

  it(`names the key on 401 and does not retry`, async () => {
    const before = emu.requests.length
    const run = await act({ inputs: { ...base(), apiKey: 'mint_not_a_valid_key', prompt: 'Hello' } })
    expect(run.code).toBe(1)
    expect(errors(run)).toEqual([
      'Creating the agent job failed: the service rejected the API key (401 Unauthorized). The key in `apiKey` is wrong, revoked or expired; ' +
        'create an admin key on the API keys page of the dashboard and pass it from a secret. The service said: "Invalid or expired API key".'
    ])
    expect(emu.requests.length - before).toBe(1)
    expect(run.outputs).toEqual({ jobId: '', status: '', prLink: '', prNumber: '' })
    expect(run.summary).toContain('401 Unauthorized')
  })

  it(`names the job and the project on 404`, async () => {
    const before = emu.requests.length
    const run = await act({ inputs: { ...base(), jobId: 'no_such_job' } })
    expect(run.code).toBe(1)
    expect(errors(run)).toEqual([
      'Checking job "no_such_job" failed: job "no_such_job" was not found in project "proj_docs" (404 Not Found). ' +
        'Check `jobId` and `projectId`. The service said: "Job not found".'
    ])
    expect(emu.requests.length - before).toBe(1)
    expect(run.outputs).toMatchObject({ jobId: 'no_such_job', status: '' })
  })

  it(`warns about a key without the mint_ prefix but still uses it`, async () => {
    const run = await act({ inputs: { ...base(), apiKey: 'not-a-mint-key', prompt: 'Hello' } })
    expect(run.stdout).toContain('::warning::The apiKey does not start with "mint_"')
    expect(run.code).toBe(1)
    expect(errors(run)[0]).toContain('401 Unauthorized')
  })
})
