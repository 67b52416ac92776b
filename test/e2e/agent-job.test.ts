// The agent job end to end: the real bundle, run as its own process against the emulator, under
// Node 24 (the runtime action.yml declares): a job created and waited for, the inputs refused before
// any request, and the key kept out of the log. The job's other outcomes and the service's refusals
// run in process with a test clock (test/integration/agent-job.test.ts).
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
  [
    { projectId: '', prompt: 'x' },
    '- `projectId` is empty: set it to the project ID shown on the API keys page of the dashboard. The README'
  ],
  [
    { projectId: 'acme/docs', prompt: 'x' },
    '- `projectId` must be the project ID shown on the API keys page of the dashboard, not a repository name like "acme/docs"'
  ],
  [{ apiKey: '', prompt: 'x' }, '- `apiKey` is empty: the secret passed to it is empty or was not passed'],
  [{ wait: 'sometimes', prompt: 'x' }, '- `wait` must be true or false, not "sometimes"'],
  [{ baseUrl: 'ftp://example.com', prompt: 'x' }, '- `baseUrl` must be an http(s) origin'],
  [
    {},
    'Nothing to do: set `prompt` to create an agent job, `jobId` to watch an existing one (with `prompt`, to send it a follow-up), `analytics` (`all`, or a list of sections) to export docs analytics, or `healthIssue: true` to keep the docs health issue.'
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
      expect(create?.headers['user-agent']).toMatch(/^docs-agent-action\/\d+\.\d+\.\d+\+[0-9a-f]{12} node\/v\d+/)
      expect(mine.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true)
      expect(mine.filter((r) => r.method === 'GET').every((r) => r.path === `/v2/agent/proj_docs/job/${id}`)).toBe(true)

      // The log: the build first, the job id right after creation, one line per status change, no line per check.
      const lines = infoLines(run)
      expect(lines[0]).toMatch(/^docs-agent-action \d+\.\d+\.\d+ \(build [0-9a-f]{12}\)$/)
      expect(lines[1]).toBe(`Created agent job ${id}.`)
      expect(lines).toContain(`Job ${id} is active.`)
      expect(lines).toContain(`Job ${id}: active → completed.`)
      expect(lines.at(-1)).toMatch(
        /^Done in (\d+m )?\d+s: agent job completed, pull request https:\/\/github\.com\/acme\/docs\/pull\/123\.$/
      )
      expect(lines.length).toBeLessThanOrEqual(7)

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
  })
}
