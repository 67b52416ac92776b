// Tests the job's check run (src/github/check-run.ts) against an in-memory fake of the check runs of
// one commit: the job an earlier run recorded there, the run in progress and completed with the
// conclusion of each way a run ends (test/support/job-reports.ts), and the one warning when GitHub
// refuses the writes.
import { describe, expect, it } from 'vitest'
import { CHECK_NAME, CheckRecord, type CheckRuns } from '../../../src/github/check-run.js'
import type { CheckRun, CheckRunFields } from '../../../src/github/client.js'
import { recordMarker } from '../../../src/agent/records.js'
import { OTHER_SEAL, SEAL } from '../../support/seal.js'
import { JOB_REPORTS, type JobVariant, PR_LINK } from '../../support/job-reports.js'

const SHA = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3'
const RUN = 'https://github.com/acme/docs/actions/runs/77'
const KEY = `proj_docs:pull/42@${SHA}`
/** The record of a job for this run's key, as a check run's summary starts with it. */
const recorded = (jobId: string, ended?: string, key = KEY, sha = SHA) =>
  recordMarker({ jobId, key, ended }, { seal: SEAL, place: `acme/docs commit ${sha}` })

type Call =
  | { call: 'list'; sha: string; name: string }
  | { call: 'create'; sha: string; name: string; fields: CheckRunFields }
  | { call: 'update'; id: number; fields: CheckRunFields }

/** The check runs of a repository, in memory, with every call recorded; `failWith` makes each call throw it. */
class FakeChecks implements CheckRuns {
  readonly repository = { owner: 'acme', name: 'docs' }
  readonly calls: Call[] = []
  failWith: unknown
  private nextId = 100

  constructor(readonly runs: (CheckRun & { sha: string; name: string })[] = []) {}

  /** A rejection with `failWith`, which may be anything a client rejects with, not only an Error. */
  private failure(): Promise<never> {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what a client may reject with is what is tested
    return Promise.reject(this.failWith)
  }

  checkRuns(sha: string, name: string): Promise<CheckRun[]> {
    this.calls.push({ call: 'list', sha, name })
    if (this.failWith !== undefined) return this.failure()
    const found = this.runs.filter((run) => run.sha === sha && run.name === name).sort((a, b) => b.id - a.id)
    return Promise.resolve(
      found.map(({ id, externalId, status, summary }) => ({ id, status, summary, ...(externalId ? { externalId } : {}) }))
    )
  }

  createCheckRun(sha: string, name: string, fields: CheckRunFields): Promise<CheckRun> {
    this.calls.push({ call: 'create', sha, name, fields })
    if (this.failWith !== undefined) return this.failure()
    const run = { id: this.nextId++, sha, name, status: fields.status, externalId: fields.externalId, summary: fields.summary }
    this.runs.push(run)
    return Promise.resolve({ id: run.id, status: run.status, summary: run.summary })
  }

  updateCheckRun(id: number, fields: CheckRunFields): Promise<void> {
    this.calls.push({ call: 'update', id, fields })
    if (this.failWith !== undefined) return this.failure()
    const run = this.runs.find((r) => r.id === id)
    if (run) Object.assign(run, { status: fields.status, externalId: fields.externalId ?? run.externalId, summary: fields.summary })
    return Promise.resolve()
  }
}

function logged() {
  const warnings: string[] = []
  const infos: string[] = []
  return { warnings, infos, log: { warning: (m: string) => warnings.push(m), info: (m: string) => infos.push(m) } }
}

const httpError = (status: number, message = `HTTP ${status}`) => Object.assign(new Error(message), { status })

describe('CheckRecord.recordedJob', () => {
  it('reads a record an earlier build sealed for the commit alone, and names one with no seal in one warning', async () => {
    const earlier = recordMarker({ jobId: 'job_earlier', key: KEY, ended: 'opened' }, { seal: SEAL, place: `commit ${SHA}` })
    const checks = new FakeChecks([
      {
        id: 9,
        sha: SHA,
        name: CHECK_NAME,
        status: 'completed',
        externalId: 'job_bare',
        summary: '<!-- docs-agent-action job=job_bare -->'
      },
      { id: 8, sha: SHA, name: CHECK_NAME, status: 'completed', externalId: 'job_earlier', summary: earlier }
    ])
    const { log, warnings } = logged()
    expect(await new CheckRecord(checks, SHA, KEY, RUN, log, SEAL).recordedJob()).toEqual({
      jobId: 'job_earlier',
      key: KEY,
      ended: 'opened',
      earlier: true
    })
    expect(warnings).toEqual([])
    const bare = new FakeChecks([
      {
        id: 9,
        sha: SHA,
        name: CHECK_NAME,
        status: 'completed',
        externalId: 'job_bare',
        summary: '<!-- docs-agent-action job=job_bare -->'
      },
      { id: 8, sha: SHA, name: CHECK_NAME, status: 'completed', externalId: 'job_two', summary: '<!-- docs-agent-action job=job_two -->' },
      { id: 7, sha: SHA, name: CHECK_NAME, status: 'completed', externalId: 'job_x', summary: 'Made by another app' }
    ])
    const seen = logged()
    expect(await new CheckRecord(bare, SHA, KEY, RUN, seen.log, SEAL).recordedJob()).toBeUndefined()
    expect(seen.warnings).toEqual([
      'The "Docs agent" check run on this commit records job job_bare without a seal, as builds before records were sealed wrote it: ' +
        "nothing proves it is this action's, so it is not watched. To watch it instead of a new job, run with jobId."
    ])
    const none = logged()
    await new CheckRecord(new FakeChecks([]), SHA, KEY, RUN, none.log, SEAL).recordedJob()
    expect(none.warnings).toEqual([])
  })

  it('takes no record without the seal of this key for this commit: another app’s, another key’s, or one copied from another commit', async () => {
    const checks = new FakeChecks([
      {
        id: 9,
        sha: SHA,
        name: CHECK_NAME,
        status: 'completed',
        externalId: 'job_unsealed',
        summary: recordMarker({ jobId: 'job_unsealed', key: KEY })
      },
      {
        id: 8,
        sha: SHA,
        name: CHECK_NAME,
        status: 'completed',
        externalId: 'job_other_key',
        summary: recordMarker({ jobId: 'job_other_key', key: KEY }, { seal: OTHER_SEAL, place: `acme/docs commit ${SHA}` })
      },
      {
        id: 7,
        sha: SHA,
        name: CHECK_NAME,
        status: 'completed',
        externalId: 'job_copied',
        summary: recorded('job_copied', 'opened', KEY, 'c'.repeat(40))
      },
      { id: 1, sha: SHA, name: CHECK_NAME, status: 'completed', externalId: 'job_own', summary: recorded('job_own', 'opened') }
    ])
    expect(await new CheckRecord(checks, SHA, KEY, RUN, logged().log, SEAL).recordedJob()).toEqual({
      jobId: 'job_own',
      key: KEY,
      ended: 'opened'
    })
  })

  it('asks for the check runs of its name on the commit, and finds the job an earlier run recorded for the same key', async () => {
    const checks = new FakeChecks([
      {
        id: 1,
        sha: SHA,
        name: CHECK_NAME,
        status: 'completed',
        externalId: 'job_old',
        summary: `${recorded('job_old', 'opened')}\nAgent job`
      },
      {
        id: 2,
        sha: 'b'.repeat(40),
        name: CHECK_NAME,
        status: 'completed',
        externalId: 'job_other_commit',
        summary: recorded('job_other_commit')
      },
      { id: 3, sha: SHA, name: 'Lint', status: 'completed', externalId: 'job_other_name', summary: recorded('job_other_name') }
    ])
    const { log, warnings } = logged()
    const check = new CheckRecord(checks, SHA, KEY, RUN, log, SEAL)
    expect(await check.recordedJob()).toEqual({ jobId: 'job_old', key: KEY, ended: 'opened' })
    expect(checks.calls).toEqual([{ call: 'list', sha: SHA, name: CHECK_NAME }])
    // The job is then written on the same check run, not on a new one.
    await check.started('job_old')
    expect(checks.calls[1]).toMatchObject({ call: 'update', id: 1 })
    expect(warnings).toEqual([])
  })

  it('takes the newest check run that records the key', async () => {
    const checks = new FakeChecks([
      { id: 1, sha: SHA, name: CHECK_NAME, status: 'completed', externalId: 'job_first', summary: recorded('job_first') },
      { id: 5, sha: SHA, name: CHECK_NAME, status: 'completed', externalId: 'job_second', summary: recorded('job_second') }
    ])
    expect((await new CheckRecord(checks, SHA, KEY, RUN, logged().log, SEAL).recordedJob())?.jobId).toBe('job_second')
  })

  it('takes no check run of another trigger or project, none whose external id is not its record, and none without a record', async () => {
    const checks = new FakeChecks([
      {
        id: 9,
        sha: SHA,
        name: CHECK_NAME,
        status: 'completed',
        externalId: 'job_release',
        summary: recorded('job_release', undefined, 'proj_docs:release@v1')
      },
      {
        id: 8,
        sha: SHA,
        name: CHECK_NAME,
        status: 'completed',
        externalId: 'job_other_project',
        summary: recorded('job_other_project', undefined, `proj_other:pull/42@${SHA}`)
      },
      { id: 7, sha: SHA, name: CHECK_NAME, status: 'completed', externalId: 'job_planted', summary: recorded('job_real') },
      { id: 6, sha: SHA, name: CHECK_NAME, status: 'completed', externalId: '..', summary: '<!-- docs-agent-action job=.. -->' },
      { id: 5, sha: SHA, name: CHECK_NAME, status: 'completed', externalId: 'job_bare', summary: 'Made by another app' },
      { id: 4, sha: SHA, name: CHECK_NAME, status: 'completed', externalId: 'job_quoted', summary: `Quoted: ${recorded('job_quoted')}` }
    ])
    const check = new CheckRecord(checks, SHA, KEY, RUN, logged().log, SEAL)
    expect(await check.recordedJob()).toBeUndefined()
    // This run's job gets a check run of its own.
    await check.started('job_new')
    expect(checks.calls[1]).toMatchObject({ call: 'create', fields: { externalId: 'job_new' } })
  })
})

describe('CheckRecord.started and finished', () => {
  it('creates the check run in progress, with the job id as its external id and the run as its details', async () => {
    const checks = new FakeChecks()
    const record = new CheckRecord(checks, SHA, KEY, RUN, logged().log, SEAL)
    await record.started('j1')
    expect(checks.calls).toEqual([
      {
        call: 'create',
        sha: SHA,
        name: CHECK_NAME,
        fields: {
          status: 'in_progress',
          externalId: 'j1',
          detailsUrl: RUN,
          title: 'The agent is working',
          summary: `${recorded('j1')}\nAgent job \`j1\` is running.\n\n[Workflow run](${RUN})`
        }
      }
    ])
  })

  it('then completes that same check run, with the outcome and the pull request', async () => {
    const checks = new FakeChecks()
    const record = new CheckRecord(checks, SHA, KEY, RUN, logged().log, SEAL)
    await record.started('j1')
    await record.finished(JOB_REPORTS.opened)
    expect(checks.calls[1]).toEqual({
      call: 'update',
      id: 100,
      fields: {
        status: 'completed',
        conclusion: 'success',
        externalId: 'j1',
        detailsUrl: RUN,
        title: 'Opened a pull request',
        summary: `${recorded('j1', 'opened')}\nAgent job \`j1\`.\n\nPull request: ${PR_LINK}\n\n[Workflow run](${RUN})`
      }
    })
  })

  it('has no details link or run line when the run is unknown', async () => {
    const checks = new FakeChecks()
    const record = new CheckRecord(checks, SHA, KEY, undefined, logged().log, SEAL)
    await record.started('j1')
    await record.finished(JOB_REPORTS.noPr)
    for (const call of checks.calls) {
      if (call.call === 'list') continue
      expect(call.fields.detailsUrl).toBeUndefined()
      expect(call.fields.summary).not.toContain('Workflow run')
    }
    expect(checks.calls[1]).toMatchObject({ fields: { summary: `${recorded('j1', 'no-pr')}\nAgent job \`j1\`.` } })
  })

  it("calls a link off the run's GitHub server what it is, a link the service returned, never an opened pull request", async () => {
    const checks = new FakeChecks()
    const link = 'https://github.com.evil.example/acme/docs/pull/42'
    const job = { ...JOB_REPORTS.opened, prLink: link, prRepository: undefined, prNumber: undefined }
    await new CheckRecord(checks, SHA, KEY, RUN, logged().log, SEAL).finished(job)
    expect(checks.calls[0]).toMatchObject({ fields: { conclusion: 'success', title: 'Completed with a link the service returned' } })
    const summary = (checks.calls[0] as { fields: CheckRunFields }).fields.summary
    expect(summary).toContain(`A link the service returned: ${link}`)
    expect(summary).not.toMatch(/pull request/i)
  })

  it.each<[JobVariant, CheckRunFields['conclusion'], string]>([
    ['opened', 'success', 'Opened a pull request'],
    ['noPr', 'success', 'Completed without a pull request'],
    ['noPrFailing', 'failure', 'Completed without a pull request'],
    ['failed', 'failure', 'The agent job failed'],
    ['failedAllowed', 'neutral', 'The agent job failed'],
    ['archived', 'neutral', 'Archived before it completed'],
    ['archivedFailing', 'failure', 'Archived before it completed'],
    ['notWaited', 'neutral', 'Running on the service; not waited for'],
    ['followUpNotWaited', 'neutral', 'Running on the service; not waited for'],
    ['timeout', 'timed_out', 'The step stopped waiting'],
    ['timeoutBeforeJob', 'timed_out', 'The step stopped waiting'],
    ['cancelled', 'cancelled', 'Cancelled'],
    ['refused', 'failure', 'Stopped watching the agent job'],
    ['lost', 'failure', 'Stopped watching the agent job'],
    ['findJob', 'failure', 'Stopped watching the agent job']
  ])('completes %s as %s: %s', async (variant, conclusion, title) => {
    const checks = new FakeChecks()
    await new CheckRecord(checks, SHA, KEY, RUN, logged().log, SEAL).finished(JOB_REPORTS[variant])
    expect(checks.calls).toHaveLength(1)
    expect(checks.calls[0]).toMatchObject({ call: 'create', fields: { status: 'completed', conclusion, title } })
  })

  it('says so when no job was created, and records no external id', async () => {
    const checks = new FakeChecks()
    await new CheckRecord(checks, SHA, KEY, RUN, logged().log, SEAL).finished(JOB_REPORTS.refused)
    const [call] = checks.calls
    expect(call?.call === 'create' && call.fields.summary).toBe(`\nNo agent job was created.\n\n[Workflow run](${RUN})`)
    expect(call?.call === 'create' && 'externalId' in call.fields).toBe(false)
  })

  it('shows a hostile job id as code and keeps it whole in the external id', async () => {
    const jobId = '`x` <b>@team</b>\n#1 [a](https://evil.example)'
    const checks = new FakeChecks()
    const record = new CheckRecord(checks, SHA, KEY, RUN, logged().log, SEAL)
    await record.started(jobId)
    await record.finished({ ...JOB_REPORTS.opened, jobId })
    for (const call of checks.calls) {
      if (call.call === 'list') continue
      expect(call.fields.externalId).toBe(jobId)
      expect(call.fields.summary).toContain('Agent job `` `x` <b>@team</b> #1 [a](https://evil.example) ``')
    }
  })

  it('writes the last state of a stopping run with the stopping client, and the rest with its own', async () => {
    const own = new FakeChecks()
    const stopping = new FakeChecks()
    const record = new CheckRecord(own, SHA, KEY, RUN, logged().log, SEAL, stopping)
    await record.started('j1')
    await record.finished(JOB_REPORTS.cancelled, true)
    expect(own.calls.map((c) => c.call)).toEqual(['create'])
    expect(stopping.calls).toEqual([
      { call: 'update', id: 100, fields: expect.objectContaining({ conclusion: 'cancelled' }) as CheckRunFields }
    ])
  })

  it('finishes with its own client when not stopping, even when given a stopping one', async () => {
    const own = new FakeChecks()
    const stopping = new FakeChecks()
    await new CheckRecord(own, SHA, KEY, RUN, logged().log, SEAL, stopping).finished(JOB_REPORTS.opened)
    expect(own.calls.map((c) => c.call)).toEqual(['create'])
    expect(stopping.calls).toEqual([])
  })
})

describe('CheckRecord when GitHub refuses', () => {
  it.each([403, 404])('gives exactly one warning that names checks: write, for HTTP %d, whatever fails after', async (status) => {
    const checks = new FakeChecks()
    checks.failWith = httpError(status)
    const { log, warnings } = logged()
    const record = new CheckRecord(checks, SHA, KEY, RUN, log, SEAL)
    expect(await record.recordedJob()).toBeUndefined()
    await record.started('j1')
    await record.finished(JOB_REPORTS.opened)
    await record.finished(JOB_REPORTS.opened, true)
    expect(checks.calls.map((c) => c.call)).toEqual(['list', 'create', 'create', 'create'])
    expect(warnings).toEqual([
      `Could not write the "Docs agent" check run (HTTP ${status}): give the job \`permissions: checks: write\`, or set check: false.`
    ])
  })

  it('warns once that GitHub could not be reached, and why, for any other failure, and never throws', async () => {
    const checks = new FakeChecks()
    const { log, warnings } = logged()
    const record = new CheckRecord(checks, SHA, KEY, RUN, log, SEAL)
    await record.started('j1')
    checks.failWith = httpError(500, 'Server Error')
    await expect(record.finished(JOB_REPORTS.opened)).resolves.toBeUndefined()
    await expect(record.finished(JOB_REPORTS.failed)).resolves.toBeUndefined()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toBe('Could not write the "Docs agent" check run: GitHub could not be reached (HTTP 500, Server Error).')
    expect(warnings[0]).not.toContain('checks: write')
  })

  it('warns of an error that is not an Error, too, even a rejection with nothing in it', async () => {
    for (const error of ['socket hang up', null]) {
      const checks = new FakeChecks()
      checks.failWith = error
      const { log, warnings } = logged()
      await expect(new CheckRecord(checks, SHA, KEY, RUN, log, SEAL).started('j1')).resolves.toBeUndefined()
      expect(warnings).toEqual([`Could not write the "Docs agent" check run: GitHub could not be reached (${String(error)}).`])
    }
  })
})
