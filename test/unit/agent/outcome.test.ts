// How the agent job's ending is judged: the headline and failure a user reads for every ending,
// status and failOn policy, and the values the outputs and summary are made from.
import { describe, expect, it } from 'vitest'
import { newJobProgress, type JobProgress } from '../../../src/agent/job.js'
import { ApiError } from '../../../src/api/errors.js'
import type { FailOn } from '../../../src/agent/outcome.js'
import { StopError } from '../../../src/core/lifetime.js'
import type { PartEnding } from '../../../src/core/part.js'
import { judgeJob, type JobReport } from '../../../src/agent/outcome.js'
import type { AgentJob } from '../../../src/api/schemas.js'
import type { ContextDigest } from '../../../src/change/context.js'

function progressWith(job: AgentJob, extra: Partial<JobProgress> = {}): JobProgress {
  return { ...newJobProgress(), jobId: job.id, job, created: true, waitStartedMs: 100, waitEndedMs: 5100, ...extra }
}
const GITHUB = 'https://github.com'
const policy = (failOn: FailOn[] = ['failed']) => ({ wait: true, timeoutMs: 60_000, failOn: new Set(failOn), githubServer: GITHUB })
const finished: PartEnding = { kind: 'finished' }
const judge = (progress: JobProgress, failOn: FailOn[] = ['failed'], ending: PartEnding = finished) =>
  judgeJob(progress, ending, policy(failOn), 6000)

describe('judgeJob', () => {
  it('carries what of the change was sent and where a job record was reused from, and leaves both out when there was none', () => {
    const context: ContextDigest = {
      kind: 'pull request',
      title: 'Add the export endpoint',
      url: 'https://github.com/o/r/pull/7',
      files: 3,
      listed: 3,
      bytes: 2048,
      diffsWhole: 2,
      diffsCut: 1,
      leftOut: [{ path: 'package-lock.json', reason: 'lock file' }]
    }
    const progress = progressWith({ id: 'j', status: 'completed', prLink: 'https://github.com/o/r/pull/42' })
    const report = judgeJob(progress, finished, { ...policy(), context, reusedFrom: 'check run' }, 6000)
    expect(report.context).toEqual(context)
    expect(report.reusedFrom).toBe('check run')
    const plain = judge(progress)
    expect('context' in plain).toBe(false)
    expect('reusedFrom' in plain).toBe(false)
  })

  it('completed with a pull request succeeds and exposes the number', () => {
    const report = judge(progressWith({ id: 'j', status: 'completed', prLink: 'https://github.com/o/r/pull/42' }))
    expect(report).toMatchObject({ status: 'completed', prLink: 'https://github.com/o/r/pull/42', prNumber: '42', waitedMs: 5000 })
    expect(report.failure).toBeUndefined()
  })

  it.each<[string, FailOn[], boolean]>([
    ['failed', ['failed'], true],
    ['failed', ['archived'], false],
    ['archived', ['failed'], false],
    ['archived', ['archived'], true]
  ])('%s with failOn %j fails: %s', (status, failOn, fails) => {
    const report = judge(progressWith({ id: 'j', status }), failOn)
    expect(report.status).toBe(status)
    expect(report.failure !== undefined).toBe(fails)
  })

  it('completed without a pull request fails only under no-pr', () => {
    const job = { id: 'j', status: 'completed', prLink: undefined }
    expect(judge(progressWith(job)).failure).toBeUndefined()
    expect(judge(progressWith(job), ['no-pr']).failure).toMatch(/without a pull request/)
  })

  it('does not link or output a prLink that is not an http(s) URL', () => {
    for (const prLink of [
      'javascript:alert(1)',
      'https://u:p@github.com/o/r/pull/1',
      'https://evil"><img src=x>',
      'https://a$(id).example/'
    ]) {
      const report = judge(progressWith({ id: 'j', status: 'completed', prLink }), ['no-pr'])
      expect(report.prLink).toBeUndefined()
      expect(report.prNumber).toBeUndefined()
      expect(report.unsafePrLink).toBe(prLink)
      expect(report.failure).toBeUndefined()
    }
  })

  it('reports an unknown status as active, and names it', () => {
    const progress = progressWith({ id: 'j', status: 'queued' }, { unknownStatuses: ['queued'], waitEndedMs: undefined })
    const report = judge(progress, ['failed'], { kind: 'stopped', stop: new StopError('timeout') })
    expect(report.status).toBe('active')
    expect(report.serviceStatus).toBe('queued')
    expect(report.failure).toContain('"queued"')
    expect(report.waitedMs).toBe(5900)
  })

  it('cancellation and timeout keep what is known and say the job keeps running', () => {
    const progress = progressWith({ id: 'j1', status: 'active' })
    const cancelled = judge(progress, ['failed'], { kind: 'stopped', stop: new StopError('cancelled', 'SIGTERM') })
    expect(cancelled).toMatchObject({ jobId: 'j1', status: 'active' })
    expect(cancelled.failure).toBe(
      'Cancelled (SIGTERM) while waiting for job j1. The job keeps running on the service: the API cannot cancel it.'
    )
    const early = judge(newJobProgress(), ['failed'], { kind: 'stopped', stop: new StopError('timeout') })
    expect(early.failure).toBe('Timed out after 1m 0s (timeoutMinutes) before a job was created.')
    expect(early.status).toBeUndefined()
  })

  it('an error becomes the failure message as it is', () => {
    const error = new ApiError('Checking job "j" failed: nope.', { transient: false, status: 404 })
    expect(judge(progressWith({ id: 'j', status: 'active' }), ['failed'], { kind: 'failed', error }).failure).toBe(
      'Checking job "j" failed: nope.'
    )
  })
})

const CREATE_ADVICE =
  ' The request was sent, so the service may have created a job anyway. Before running again, look for it among the ' +
  "project's agent jobs in the dashboard; if it is there, watch it with the `jobId` input instead of sending the prompt again."
const MESSAGE_ADVICE =
  ' The request was sent, so the service may have received the message anyway. Check the job in the dashboard before sending it again.'
// Functions, not values: a StopError made at load would run outside every test.
const timeout = (): PartEnding => ({ kind: 'stopped', stop: new StopError('timeout') })
const sigterm = (): PartEnding => ({ kind: 'stopped', stop: new StopError('cancelled', 'SIGTERM') })

describe('judgeJob: the values of the report', () => {
  it('carries every field of the job the service described', () => {
    const job: AgentJob = {
      id: 'j9',
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/77',
      model: 'model-x',
      source: { repository: 'acme/docs', ref: 'main' },
      createdAt: '2026-11-14T10:00:00Z',
      archivedAt: '2026-11-14T11:00:00Z'
    }
    const report = judge(progressWith(job, { messageSent: true, created: false }))
    expect(report).toEqual({
      kind: 'job',
      outcome: 'opened',
      prompt: undefined,
      jobId: 'j9',
      status: 'completed',
      serviceStatus: 'completed',
      prLink: 'https://github.com/acme/docs/pull/77',
      unsafePrLink: undefined,
      prRepository: 'acme/docs',
      prNumber: '77',
      model: 'model-x',
      repository: 'acme/docs',
      ref: 'main',
      createdAt: '2026-11-14T10:00:00Z',
      archivedAt: '2026-11-14T11:00:00Z',
      waitedMs: 5000,
      followUp: true,
      unknownStatuses: [],
      headline: 'The agent completed job j9 and opened a pull request https://github.com/acme/docs/pull/77.'
    })
  })

  it('leaves out what is not known when no job was reached', () => {
    const report = judge(newJobProgress(), ['failed'], { kind: 'failed', error: new Error('Creating the agent job failed.') })
    expect(report).toMatchObject({ kind: 'job', followUp: false, unknownStatuses: [] })
    for (const key of [
      'jobId',
      'status',
      'serviceStatus',
      'prLink',
      'unsafePrLink',
      'prRepository',
      'prNumber',
      'model',
      'repository',
      'ref',
      'waitedMs'
    ] as const) {
      expect(report[key]).toBeUndefined()
    }
  })

  it('counts the wait up to now when it has not ended, and not at all when it never began', () => {
    const waiting = judgeJob(
      progressWith({ id: 'j', status: 'active' }, { waitStartedMs: 1000, waitEndedMs: undefined }),
      timeout(),
      policy(),
      61_000
    )
    expect(waiting.waitedMs).toBe(60_000)
    const never = judgeJob(progressWith({ id: 'j', status: 'active' }, { waitStartedMs: undefined }), timeout(), policy(), 61_000)
    expect(never.waitedMs).toBeUndefined()
  })
})

describe('judgeJob: a job that ended on the service', () => {
  it('says which pull request a completed job opened, and does not fail even under no-pr', () => {
    const report = judge(progressWith({ id: 'j', status: 'completed', prLink: 'https://github.com/o/r/pull/3' }), [
      'no-pr',
      'failed',
      'archived'
    ])
    expect(report.headline).toBe('The agent completed job j and opened a pull request https://github.com/o/r/pull/3.')
    expect(report.failure).toBeUndefined()
  })

  it('says a completed job may have changed nothing or pushed straight to the deploy branch, and fails only when failOn includes no-pr', () => {
    const job = { id: 'j', status: 'completed' }
    const lenient = judge(progressWith(job), ['failed', 'archived'])
    expect(lenient.headline).toBe(
      'The agent completed job j without a pull request: the agent may have made no change, or pushed straight to the deploy branch.'
    )
    expect(lenient.failure).toBeUndefined()
    const strict = judge(progressWith(job), ['no-pr'])
    expect(strict.headline).toBe(lenient.headline)
    expect(strict.failure).toBe('Job j completed without a pull request, and failOn includes no-pr.')
  })

  it('explains why a link that is not a plain http(s) URL is shown as text', () => {
    const report = judge(progressWith({ id: 'j', status: 'completed', prLink: 'javascript:alert(1)' }))
    expect(report.headline).toBe(
      'The agent completed job j and opened a pull request. Its link is not a plain http(s) URL, so it is shown as text and left out of the outputs.'
    )
  })

  it('says the service reports the job failed, and fails the step only when failOn includes failed', () => {
    const failing = judge(progressWith({ id: 'j', status: 'failed' }), ['failed'])
    expect(failing.headline).toBe('The agent could not finish job j: the service reports it failed.')
    expect(failing.failure).toBe('Job j failed on the service.')
    const lenient = judge(progressWith({ id: 'j', status: 'failed' }), ['archived', 'no-pr'])
    expect(lenient.headline).toBe(failing.headline)
    expect(lenient.failure).toBeUndefined()
  })

  it('says the job was archived, and fails the step only when failOn includes archived', () => {
    const strict = judge(progressWith({ id: 'j', status: 'archived' }), ['archived'])
    expect(strict.headline).toBe('Job j was archived on the service before it completed.')
    expect(strict.failure).toBe('Job j was archived, and failOn includes archived.')
    const lenient = judge(progressWith({ id: 'j', status: 'archived' }), ['failed', 'no-pr'])
    expect(lenient.headline).toBe(strict.headline)
    expect(lenient.failure).toBeUndefined()
  })

  it('states the status it has when the job has not ended', () => {
    expect(judge(progressWith({ id: 'j', status: 'active' })).headline).toBe('Job j is active.')
    expect(judge(progressWith({ id: 'j', status: 'queued' })).headline).toBe('Job j is queued.')
    const unknown = judge(progressWith({ id: 'j', status: undefined }))
    expect(unknown.headline).toBe('Job j is in an unknown state.')
    expect(unknown.failure).toBeUndefined()
    expect(judge(newJobProgress()).headline).toBe('The job is in an unknown state.')
  })

  it('shows a job id from the service on one line, cut short', () => {
    const id = `j\n${'x'.repeat(150)}`
    const report = judge(progressWith({ id, status: 'failed' }))
    expect(report.failure).toBe(`Job j ${'x'.repeat(97)}… failed on the service.`)
    expect(report.jobId).toBe(id)
  })
})

describe('judgeJob: wait is false', () => {
  const noWait = (progress: JobProgress, failOn: FailOn[] = ['failed']) =>
    judgeJob(progress, finished, { wait: false, timeoutMs: 60_000, failOn: new Set(failOn), githubServer: GITHUB }, 100)

  it('says the created job is running and the step does not wait for it', () => {
    const report = noWait(progressWith({ id: 'j', status: 'active' }))
    expect(report.headline).toBe('Job j was created and is running on the service; wait is false, so the step does not wait for it.')
    expect(report.failure).toBeUndefined()
  })

  it('says the job received the follow-up', () => {
    const report = noWait(progressWith({ id: 'j', status: 'active' }, { created: false, messageSent: true }))
    expect(report.headline).toBe(
      'Job j received the follow-up and is running on the service; wait is false, so the step does not wait for it.'
    )
  })

  it('says a watched job is running, also when its status is unknown or missing', () => {
    for (const status of ['active', 'queued', undefined]) {
      const report = noWait(progressWith({ id: 'j', status }, { created: false }))
      expect(report.headline).toBe('Job j is running on the service; wait is false, so the step does not wait for it.')
    }
  })

  it('judges a job that has already ended as if the step had waited for it', () => {
    const report = noWait(progressWith({ id: 'j', status: 'failed' }, { created: false }))
    expect(report.headline).toBe('The agent could not finish job j: the service reports it failed.')
    expect(report.failure).toBe('Job j failed on the service.')
  })
})

describe('judgeJob: a run stopped by the deadline or a signal', () => {
  it.each<[string, () => PartEnding]>([
    ['while it ran', timeout],
    ['before its turn', () => ({ kind: 'skipped', stop: new StopError('timeout') })]
  ])('fails with the timeout %s', (_when, endingOf) => {
    const ending = endingOf()
    const report = judge(progressWith({ id: 'j1', status: 'active' }), ['failed'], ending)
    expect(report.headline).toBe(
      'Timed out after 1m 0s (timeoutMinutes) while waiting for job j1. The job keeps running on the service: the API cannot cancel it. To keep watching it, run the action again with jobId: j1 (and no prompt).'
    )
    expect(report.failure).toBe(report.headline)
  })

  it('names the signal that cancelled the run, or says "signal"', () => {
    const progress = progressWith({ id: 'j1', status: 'active' })
    expect(judge(progress, ['failed'], sigterm()).failure).toMatch(/^Cancelled \(SIGTERM\) while waiting for job j1\./)
    const unnamed = judge(progress, ['failed'], { kind: 'stopped', stop: new StopError('cancelled') })
    expect(unnamed.failure).toMatch(/^Cancelled \(signal\) while waiting/)
  })

  it('warns that a create in flight may have made a job, and says where to look', () => {
    const report = judge({ ...newJobProgress(), postInFlight: 'create' }, ['failed'], timeout())
    expect(report.failure).toBe(`Timed out after 1m 0s (timeoutMinutes) while creating the job.${CREATE_ADVICE}`)
    expect(report.headline).toBe(report.failure)
  })

  it('warns that a follow-up in flight may have been received, and that the job keeps running', () => {
    const progress: JobProgress = { ...newJobProgress(), jobId: 'j2', postInFlight: 'message' }
    expect(judge(progress, ['failed'], sigterm()).failure).toBe(
      `Cancelled (SIGTERM) while sending the follow-up to job j2.${MESSAGE_ADVICE} The job keeps running on the service: the API cannot cancel it.`
    )
  })

  it('says no job was created when the run stopped before that', () => {
    expect(judge(newJobProgress(), ['failed'], sigterm()).failure).toBe('Cancelled (SIGTERM) before a job was created.')
  })

  it('names every status it did not know, even when failOn is empty', () => {
    const progress = progressWith({ id: 'j', status: 'thinking' }, { unknownStatuses: ['queued', 'thinking'] })
    const report = judge(progress, [], timeout())
    expect(report.failure).toBe(
      'Timed out after 1m 0s (timeoutMinutes) while waiting for job j. The job keeps running on the service: the API cannot cancel it. To keep watching it, run the action again with jobId: j (and no prompt). ' +
        'The service reported a status this action does not know: "queued", "thinking".'
    )
    expect(report.unknownStatuses).toEqual(['queued', 'thinking'])
  })

  it('times out with the timeoutMinutes it was given', () => {
    const report = judgeJob(newJobProgress(), timeout(), { wait: true, timeoutMs: 90 * 60_000, failOn: new Set(), githubServer: GITHUB }, 0)
    expect(report.failure).toBe('Timed out after 1h 30m (timeoutMinutes) before a job was created.')
  })
})

describe('judgeJob: a part that failed', () => {
  it('fails with the text of what was thrown, whatever it is', () => {
    expect(judge(newJobProgress(), ['failed'], { kind: 'failed', error: 'plain text' }).failure).toBe('plain text')
    const report = judge(progressWith({ id: 'j', status: 'completed', prLink: 'https://github.com/o/r/pull/1' }), [], {
      kind: 'failed',
      error: new Error('Checking job "j" failed.')
    })
    expect(report.headline).toBe('Checking job "j" failed.')
    expect(report.failure).toBe('Checking job "j" failed.')
  })
})

describe('judgeJob: the pull request link', () => {
  const linked = (prLink: string, githubServer = GITHUB) =>
    judgeJob(progressWith({ id: 'j', status: 'completed', prLink }), finished, { ...policy(), githubServer }, 6000)

  it.each([
    ['https://github.com/acme/docs/pull/42', GITHUB, 'https://github.com/acme/docs/pull/42', 'acme/docs', '42'],
    ['https://github.com/acme/docs/pull/42?diff=split#top', GITHUB, 'https://github.com/acme/docs/pull/42', 'acme/docs', '42'],
    ['HTTPS://GitHub.com/Acme-1/docs.site_v2/pull/7', GITHUB, 'https://github.com/Acme-1/docs.site_v2/pull/7', 'Acme-1/docs.site_v2', '7'],
    ['https://ghe.example.com/acme/docs/pull/3', 'https://ghe.example.com', 'https://ghe.example.com/acme/docs/pull/3', 'acme/docs', '3'],
    ['https://ghe.example.com/acme/docs/pull/3', 'https://ghe.example.com/', 'https://ghe.example.com/acme/docs/pull/3', 'acme/docs', '3'],
    ['https://ghe.example.com:8443/a/b/pull/9', 'https://ghe.example.com:8443', 'https://ghe.example.com:8443/a/b/pull/9', 'a/b', '9']
  ])('%s on %s is pull request %s of %s', (prLink, server, url, repository, number) => {
    expect(linked(prLink, server)).toMatchObject({ outcome: 'opened', prLink: url, prRepository: repository, prNumber: number })
  })

  it.each([
    ['on another host', 'https://evil.example/acme/docs/pull/42', 'https://evil.example/acme/docs/pull/42'],
    [
      'on a host that merely starts like the server',
      'https://github.com.evil.example/acme/docs/pull/42',
      'https://github.com.evil.example/acme/docs/pull/42'
    ],
    ['over http on an https server', 'http://github.com/acme/docs/pull/42', 'http://github.com/acme/docs/pull/42'],
    ['on another port', 'https://github.com:444/acme/docs/pull/42', 'https://github.com:444/acme/docs/pull/42'],
    [
      'with shell characters after the number',
      'https://github.com/acme/docs/pull/42;id;uname&whoami',
      'https://github.com/acme/docs/pull/42%3Bid%3Buname%26whoami'
    ],
    ['with more path', 'https://github.com/acme/docs/pull/42/files', 'https://github.com/acme/docs/pull/42/files'],
    ['with a trailing slash', 'https://github.com/acme/docs/pull/42/', 'https://github.com/acme/docs/pull/42/'],
    ['an issue', 'https://github.com/acme/docs/issues/42', 'https://github.com/acme/docs/issues/42'],
    ['of number 0', 'https://github.com/acme/docs/pull/0', 'https://github.com/acme/docs/pull/0'],
    ['with an owner GitHub does not allow', 'https://github.com/-acme/docs/pull/4', 'https://github.com/-acme/docs/pull/4'],
    ['with an encoded slash in the owner', 'https://github.com/a%2Fb/docs/pull/4', 'https://github.com/a%2Fb/docs/pull/4'],
    ['with a space in the repository', 'https://github.com/acme/my docs/pull/4', 'https://github.com/acme/my%20docs/pull/4'],
    ['with a dot-dot repository, which the URL resolves', 'https://github.com/acme/%2E%2E/pull/4', 'https://github.com/pull/4'],
    ['a merge request elsewhere', 'https://gitlab.com/acme/docs/-/merge_requests/3?x=1', 'https://gitlab.com/acme/docs/-/merge_requests/3']
  ])('is a plain link with no number when it is %s', (_case, prLink, url) => {
    const report = linked(prLink)
    expect(report).toMatchObject({ outcome: 'opened', prLink: url, unsafePrLink: undefined })
    expect(report.prNumber).toBeUndefined()
    expect(report.prRepository).toBeUndefined()
    expect(report.headline).toBe(`The agent completed job j and opened a pull request ${url}.`)
  })
})

describe('judgeJob: the outcome the summary leads with, and the next step', () => {
  it.each<[string, AgentJob, JobReport['outcome']]>([
    ['a pull request', { id: 'j', status: 'completed', prLink: 'https://github.com/o/r/pull/1' }, 'opened'],
    ['an unsafe pull request link', { id: 'j', status: 'completed', prLink: 'javascript:alert(1)' }, 'opened'],
    ['no pull request', { id: 'j', status: 'completed' }, 'no-pr'],
    ['a failed job', { id: 'j', status: 'failed' }, 'failed'],
    ['an archived job', { id: 'j', status: 'archived' }, 'archived'],
    ['a job still active', { id: 'j', status: 'active' }, 'running']
  ])('names the outcome of %s', (_, job, outcome) => {
    expect(judge(progressWith(job)).outcome).toBe(outcome)
  })

  it('gives no next step after a pull request, and a try again after a failure or an archive on the service', () => {
    expect(judge(progressWith({ id: 'j', status: 'completed', prLink: 'https://github.com/o/r/pull/1' })).nextStep).toBeUndefined()
    for (const status of ['failed', 'archived'])
      expect(judge(progressWith({ id: 'j', status })).nextStep).toEqual({ kind: 'retry', jobId: 'j' })
  })

  it('after a job completed without a pull request, says what to check, and whether failOn made it fail', () => {
    expect(judge(progressWith({ id: 'j', status: 'completed' }), ['failed']).nextStep).toEqual({
      kind: 'no-pr',
      jobId: 'j',
      failing: false
    })
    expect(judge(progressWith({ id: 'j', status: 'completed' }), ['no-pr']).nextStep).toEqual({ kind: 'no-pr', jobId: 'j', failing: true })
  })

  it('after the deadline or a cancellation while waiting, says to watch the same job again', () => {
    const timedOut = judge(progressWith({ id: 'j7', status: 'active' }), ['failed'], { kind: 'stopped', stop: new StopError('timeout') })
    expect(timedOut).toMatchObject({ outcome: 'timeout', nextStep: { kind: 'watch', jobId: 'j7' } })
    const cancelled = judge(progressWith({ id: 'j7', status: 'active' }), ['failed'], {
      kind: 'stopped',
      stop: new StopError('cancelled', 'SIGINT')
    })
    expect(cancelled).toMatchObject({ outcome: 'cancelled', nextStep: { kind: 'watch', jobId: 'j7' } })
  })

  it('when stopped while creating the job, says to look for a job that may exist', () => {
    const report = judge({ ...newJobProgress(), postInFlight: 'create' }, ['failed'], { kind: 'stopped', stop: new StopError('timeout') })
    expect(report).toMatchObject({ outcome: 'timeout', nextStep: { kind: 'find-job' } })
  })

  it('when stopped while sending a follow-up, says to check whether the job received it', () => {
    const progress = { ...progressWith({ id: 'j3', status: 'active' }), postInFlight: 'message' as const }
    const report = judge(progress, ['failed'], { kind: 'stopped', stop: new StopError('timeout') })
    expect(report.nextStep).toEqual({ kind: 'check-message', jobId: 'j3' })
  })

  it('when stopped before any job existed, gives no next step', () => {
    const report = judge(newJobProgress(), ['failed'], { kind: 'skipped', stop: new StopError('timeout') })
    expect(report.outcome).toBe('timeout')
    expect(report.nextStep).toBeUndefined()
  })

  it('after an error on a create that may have reached the service, says to look for the job', () => {
    const error = new ApiError('Creating the agent job failed: HTTP 502.', { status: 502, transient: true, mayHaveActed: true })
    const report = judge({ ...newJobProgress(), postInFlight: 'create' }, ['failed'], { kind: 'failed', error })
    expect(report).toMatchObject({ outcome: 'error', failure: 'Creating the agent job failed: HTTP 502.', nextStep: { kind: 'find-job' } })
  })

  it('after an error on a follow-up that may have reached the service, says to check the job', () => {
    const error = new ApiError('Sending the follow-up failed: HTTP 500.', { status: 500, transient: true, mayHaveActed: true })
    const progress = { ...progressWith({ id: 'j4', status: 'active' }), postInFlight: 'message' as const }
    expect(judge(progress, ['failed'], { kind: 'failed', error }).nextStep).toEqual({ kind: 'check-message', jobId: 'j4' })
  })

  it('after an error the service surely did not act on, gives no next step', () => {
    const refused = new ApiError('Creating the agent job failed: HTTP 401.', { status: 401, transient: false })
    expect(judge({ ...newJobProgress(), postInFlight: 'create' }, ['failed'], { kind: 'failed', error: refused }).nextStep).toBeUndefined()
    const acted = new ApiError('Checking job "j" failed: HTTP 500.', { status: 500, transient: true, mayHaveActed: true })
    expect(judge(progressWith({ id: 'j', status: 'active' }), ['failed'], { kind: 'failed', error: acted }).nextStep).toBeUndefined()
    expect(judge(newJobProgress(), ['failed'], { kind: 'failed', error: new Error('boom') }).nextStep).toBeUndefined()
  })

  it('with wait false, reports the job as running and says how to watch it later', () => {
    const report = judgeJob(progressWith({ id: 'j5', status: 'active' }), finished, { ...policy(), wait: false }, 6000)
    expect(report).toMatchObject({ outcome: 'running', nextStep: { kind: 'watch', jobId: 'j5' } })
    expect(report.failure).toBeUndefined()
  })

  it('keeps the prompt the agent was given, for the summary', () => {
    const report = judgeJob(progressWith({ id: 'j', status: 'completed' }), finished, { ...policy(), prompt: 'Document --dry-run' }, 6000)
    expect(report.prompt).toBe('Document --dry-run')
  })
})

describe('judgeJob: a project the service denied', () => {
  const denied = new ApiError('Creating the agent job failed: 403.', {
    status: 403,
    transient: false,
    denial: { projectId: 'p', reason: 'No access' }
  })

  it('marks a job the service has told nothing of with the denial, and leaves a job it told of unmarked', () => {
    expect(judge(newJobProgress(), ['failed'], { kind: 'failed', error: denied }).accessDenied).toEqual({
      projectId: 'p',
      reason: 'No access'
    })
    expect(
      judge({ ...newJobProgress(), jobId: 'j1', created: true }, ['failed'], { kind: 'failed', error: denied }).accessDenied
    ).toBeUndefined()
    expect(
      judge(progressWith({ id: 'j1', status: 'active' }, { created: false }), ['failed'], { kind: 'failed', error: denied }).accessDenied
    ).toBeUndefined()
    const refused = new ApiError('401', { status: 401, transient: false })
    expect(judge(newJobProgress(), ['failed'], { kind: 'failed', error: refused }).accessDenied).toBeUndefined()
    expect(judge(newJobProgress(), ['failed'], { kind: 'failed', error: denied }).keyRefused).toBeUndefined()
  })
})

describe('judgeJob: a key the service refused', () => {
  const refused = new ApiError('Creating the agent job failed: 401.', { status: 401, transient: false })

  it('marks a job the service has told nothing of, created or watched', () => {
    expect(judge(newJobProgress(), ['failed'], { kind: 'failed', error: refused }).keyRefused).toBe(true)
    expect(judge({ ...newJobProgress(), jobId: 'j1' }, ['failed'], { kind: 'failed', error: refused }).keyRefused).toBe(true)
  })

  it('leaves a job the service created or told of its own, and any other failure unmarked', () => {
    expect(
      judge({ ...newJobProgress(), jobId: 'j1', created: true }, ['failed'], { kind: 'failed', error: refused }).keyRefused
    ).toBeUndefined()
    expect(
      judge(progressWith({ id: 'j1', status: 'active' }, { created: false }), ['failed'], { kind: 'failed', error: refused }).keyRefused
    ).toBeUndefined()
    const forbidden = new ApiError('403', { status: 403, transient: false })
    expect(judge(newJobProgress(), ['failed'], { kind: 'failed', error: forbidden }).keyRefused).toBeUndefined()
  })
})
