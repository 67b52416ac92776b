// The agent job end to end: the real bundle, run as its own process against the emulator, under
// Node 24 (the runtime action.yml declares).
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { type ActionOptions, type ActionRun, errorLines as errors, linesWith, runAction } from '../support/action.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'

/** The job's details table (its first table), label to value, as a reader sees it. */
function detailsOf(seen: ReturnType<typeof renderSummary>): Record<string, string> {
  return Object.fromEntries((seen.tables[0] ?? []).map((row): [string, string] => [row[0] ?? '', row[1] ?? '']))
}

const KEY = 'mint_e2eKeyQ7vX2pLr9'

/** The key appears only in the one line that asks the runner to mask it. */
function expectKeyNowhere(run: ActionRun): void {
  expect(linesWith(run, KEY)).toEqual([`::add-mask::${KEY}`])
}

/** Log lines a person reads (everything but debug and runner commands). */
function infoLines(run: ActionRun): string[] {
  return run.stdout.split('\n').filter((l) => l !== '' && !l.startsWith('::'))
}

/** Bad inputs, and the line the error lists for each. */
const INVALID_INPUTS: [Record<string, string>, string][] = [
  [
    { timeoutMinutes: 'abc', prompt: 'x' },
    '- `timeoutMinutes` must be a number of minutes greater than 0 and at most 7200, such as 30 or 0.5; got "abc"'
  ],
  [
    { failOn: 'failed,sometimes', prompt: 'x' },
    '- `failOn` takes a comma-separated list of failed, archived, no-pr, alert; "sometimes" is not one of them'
  ],
  [
    { pollIntervalSeconds: '0.1', prompt: 'x' },
    '- `pollIntervalSeconds` must be a number of seconds at least 0.5 and at most 3600, such as 10 or 0.5; got "0.1"'
  ],
  [{ projectId: '', prompt: 'x' }, '- `projectId` is required: the project ID shown on the API keys page of the dashboard'],
  [
    { projectId: 'acme/docs', prompt: 'x' },
    '- `projectId` must be the project ID shown on the API keys page of the dashboard, not a repository name like "acme/docs"'
  ],
  [{ apiKey: '', prompt: 'x' }, '- `apiKey` is empty: the secret passed to it is empty or was not passed'],
  [{ wait: 'sometimes', prompt: 'x' }, '- `wait` must be true or false, not "sometimes"'],
  [{ baseUrl: 'ftp://example.com', prompt: 'x' }, '- `baseUrl` must be an http(s) origin'],
  [
    {},
    'Nothing to do: set `prompt` to create an agent job, `jobId` to watch an existing one (with `prompt`, to send it a follow-up), `analytics` (`all`, or a list of sections) to export docs analytics, or `dashboard: true` to keep the docs health issue.'
  ]
]

for (const { name: runtime, node } of runtimes()) {
  describe('agent job', () => {
    let emu: Emulator
    const base = (): Record<string, string> => ({ apiKey: KEY, projectId: 'proj_docs', baseUrl: emu.url, pollIntervalSeconds: '0.5' })
    /** Runs the bundle under this runtime; the run's folder goes when the test finishes (these tests run one at a time). */
    const act = (options: Omit<ActionOptions, 'node' | 'onTestFinished'>): Promise<ActionRun> =>
      runAction({ ...options, node, onTestFinished })

    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} } })
    })
    afterAll(async () => {
      await emu.close()
    })

    it(`[${runtime}] creates a job, waits for it to complete with a pull request, and reports it`, async () => {
      emu.planJobs({
        finishAfterMs: 1500,
        changesFiles: true,
        prLink: 'https://github.com/acme/docs/pull/123',
        model: 'model-x',
        ref: 'docs/dry-run'
      })
      const before = emu.requests.length
      const run = await act({ inputs: { ...base(), prompt: 'Document the new --dry-run flag of the CLI' } })

      expect(run.code).toBe(0)
      expect(run.outputs).toEqual({
        jobId: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
        status: 'completed',
        prLink: 'https://github.com/acme/docs/pull/123',
        prNumber: '123'
      })
      const id = run.outputs.jobId
      const mine = emu.requests.slice(before)
      const creates = mine.filter((r) => r.method === 'POST')
      expect(creates).toHaveLength(1)
      const [create] = creates
      expect(JSON.parse(create?.body ?? '')).toEqual({ prompt: 'Document the new --dry-run flag of the CLI' })
      expect(create?.headers['user-agent']).toMatch(/^docs-agent-action\/\d+\.\d+\.\d+ node\/v\d+/)
      expect(mine.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true)
      expect(mine.filter((r) => r.method === 'GET').every((r) => r.path === `/v2/agent/proj_docs/job/${id}`)).toBe(true)

      // The log: the job id right after creation, one line per status change, no line per check.
      const lines = infoLines(run)
      expect(lines[0]).toBe(`Created agent job ${id}.`)
      expect(lines).toContain(`Job ${id} is active.`)
      expect(lines).toContain(`Job ${id}: active → completed.`)
      expect(lines.at(-1)).toMatch(
        /^Done in (\d+m )?\d+s: agent job completed, pull request https:\/\/github\.com\/acme\/docs\/pull\/123\.$/
      )
      expect(lines.length).toBeLessThanOrEqual(6)

      // The summary, as GitHub shows it: the outcome first, with a real link to the pull request.
      const seen = renderSummary(run.summary)
      expect(seen.headings[0]).toBe('✅ Opened acme/docs#123')
      expect(seen.links).toContainEqual({ href: 'https://github.com/acme/docs/pull/123', text: 'acme/docs#123' })
      expect(seen.links).toContainEqual({ href: 'https://github.com/acme/docs/actions/runs/1', text: 'workflow run' })
      expect(seen.text).toContain('Prompt: Document the new --dry-run flag of the CLI')
      const details = detailsOf(seen)
      expect(details).toMatchObject({ Status: 'completed', Job: id, Model: 'model-x', Source: 'acme/docs at docs/dry-run' })
      expect(details.Waited).toMatch(/^\d+s$/)
      expect(details.Created).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC$/)
      expect(seen.text.split(id ?? '')).toHaveLength(2)
      expectKeyNowhere(run)
    })

    it(`[${runtime}] fails the step when the job fails, unless failOn leaves failed out`, async () => {
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

    it(`[${runtime}] fails at the deadline with the job id, says the job keeps running, and still writes outputs and summary`, async () => {
      emu.planJobs({ finishAfterMs: 600_000 })
      // 6 s: room for the job to be created before the deadline on a busy machine.
      const run = await act({ inputs: { ...base(), prompt: 'Take forever', timeoutMinutes: '0.1' } })
      expect(run.code).toBe(1)
      const id = run.outputs.jobId
      expect(id).toMatch(/^[0-9a-f]{24}$/)
      expect(run.outputs).toMatchObject({ status: 'active', prLink: '', prNumber: '' })
      expect(errors(run)).toEqual([
        `Timed out after 6s (timeoutMinutes) while waiting for job ${id}. The job keeps running on the service: the API cannot cancel it. ` +
          `To keep watching it, run the action again with jobId: ${id} (and no prompt).`
      ])
      // The summary gives the reason and the next step in a form that can be copied.
      const seen = renderSummary(run.summary)
      expect(seen.headings[0]).toBe('⏳ The agent is still working; the step stopped waiting')
      expect(seen.text).toContain(`Why the step failed: ${errors(run)[0] ?? ''}`)
      // Copied, the block is the input line: the elements that break a hex id (as GitHub would link a commit SHA) copy as nothing.
      expect(seen.html.replace(/<\/?span>/g, '')).toContain(`<pre><code>jobId: ${id ?? ''}</code></pre>`)
      expectKeyNowhere(run)
    })

    it.each(INVALID_INPUTS)(`[${runtime}] rejects invalid input %j before any request`, async (bad, message) => {
      const before = emu.requests.length
      const run = await act({ inputs: { ...base(), ...bad } })
      expect(run.code).toBe(1)
      expect(errors(run)).toHaveLength(1)
      expect(errors(run)[0]).toContain(message)
      expect(emu.requests.length).toBe(before)
      // The summary lists the same problem, and the log ends with the outcome.
      const summary = renderSummary(run.summary)
      expect(summary.headings).toEqual(['❌ Invalid input'])
      expect(summary.text).toContain(message.replace(/^- /, '').replace(/`/g, ''))
      expect(infoLines(run).at(-1)).toMatch(/^Failed after \d+s: invalid input( \(\w+\))?\.$/)
      expect(linesWith(run, KEY).filter((line) => line !== `::add-mask::${KEY}`)).toEqual([])
    })

    it(`[${runtime}] keeps the key out of everything, even when the service echoes it back in debug mode`, async () => {
      emu.fault({ method: 'POST', kind: 'status', status: 400, body: JSON.stringify({ error: `prompt rejected for key ${KEY}` }) })
      const run = await act({ inputs: { ...base(), prompt: 'Echo' }, env: { RUNNER_DEBUG: '1', ACTIONS_STEP_DEBUG: 'true' } })
      expect(run.code).toBe(1)
      expect(run.stdout).toContain('::debug::POST /v2/agent/proj_docs/job')
      expect(errors(run)[0]).toContain('The service said: "prompt rejected for key ***"')
      expectKeyNowhere(run)
    })

    it(`[${runtime}] keeps a key with / and " out of the debug log when the service echoes it inside JSON, URL-encoded or in base64`, async () => {
      const odd = 'mint_ab/cd"ef+gh\\ij'
      const echoed = JSON.stringify({
        error: `prompt rejected for key ${odd}`,
        details: [
          { message: `retry at /login?key=${encodeURIComponent(odd)}` },
          { message: Buffer.from(`Bearer ${odd}`).toString('base64') }
        ]
      })
      emu.fault({ method: 'POST', kind: 'status', status: 400, body: echoed })
      const run = await act({ inputs: { ...base(), apiKey: odd, prompt: 'Echo' }, env: { RUNNER_DEBUG: '1', ACTIONS_STEP_DEBUG: 'true' } })
      expect(run.code).toBe(1)
      expect(run.stdout).toContain('::debug::POST /v2/agent/proj_docs/job answered 400')
      expect(errors(run)[0]).toContain('The service said: "prompt rejected for key ***; retry at /login?key=***; ***"')
      const forms = [odd, 'mint_ab/cd\\"ef', 'mint_ab\\/cd\\"ef', encodeURIComponent(odd), Buffer.from(`Bearer ${odd}`).toString('base64')]
      const told = run.stdout.split('\n').filter((line) => line.startsWith('::add-mask::'))
      expect(told.length).toBeGreaterThanOrEqual(forms.length)
      for (const form of forms) {
        expect(linesWith(run, form).filter((line) => !line.startsWith('::add-mask::'))).toEqual([])
        expect(run.summary).not.toContain(form)
      }
    })

    it(`[${runtime}] reports a completed job that changed no files, and fails on it only when failOn has no-pr`, async () => {
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

    it(`[${runtime}] treats archived as the end of the wait, and fails on it when failOn has archived`, async () => {
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
    ])(
      `[${runtime}] reports a prLink %s, calling it a pull request only on the run's GitHub server`,
      async (_case, prLink, env, output, number) => {
        emu.planJobs({ finishAfterMs: 300, prLink })
        const run = await act({ inputs: { ...base(), prompt: 'Link' }, env })
        expect(run.code).toBe(0)
        expect(run.outputs).toMatchObject({ status: 'completed', prLink: output, prNumber: number })
        const seen = renderSummary(run.summary)
        expect(seen.headings[0]).toBe(`✅ Opened ${number ? 'acme/docs#42' : output}`)
        expect(seen.links[0]).toEqual({ href: output, text: number ? 'acme/docs#42' : output })
        expect(run.outputFile).not.toMatch(/[;&|`$]/)
      }
    )

    it(`[${runtime}] sends a follow-up message to an existing job and watches it again`, async () => {
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
      expect(infoLines(run)[0]).toBe(`Sent a follow-up message to job ${id}.`)
      expect(renderSummary(run.summary).text).toContain('Follow-up prompt: Also add error handling examples')
      expectKeyNowhere(run)
    })

    it(`[${runtime}] watches an existing job without sending anything`, async () => {
      const id = 'job_watch'
      emu.addJob(id, { finishAfterMs: 700, changesFiles: false })
      const before = emu.requests.length
      const run = await act({ inputs: { ...base(), jobId: id } })
      expect(run.code).toBe(0)
      expect(run.outputs).toMatchObject({ jobId: id, status: 'completed', prLink: '' })
      expect(emu.requests.slice(before).every((r) => r.method === 'GET')).toBe(true)
    })

    it(`[${runtime}] with wait: false, creates the job, sets its outputs and ends at once`, async () => {
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

    it(`[${runtime}] names the key on 401 and does not retry`, async () => {
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

    it(`[${runtime}] names the job and the project on 404`, async () => {
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

    it(`[${runtime}] warns about a key without the mint_ prefix but still uses it`, async () => {
      const run = await act({ inputs: { ...base(), apiKey: 'not-a-mint-key', prompt: 'Hello' } })
      expect(run.stdout).toContain('::warning::The apiKey does not start with "mint_"')
      expect(run.code).toBe(1)
      expect(errors(run)[0]).toContain('401 Unauthorized')
    })
  })
}
