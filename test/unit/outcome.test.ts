import { describe, expect, it } from 'vitest'
import { newJobProgress, type JobProgress } from '../../src/agent/job.js'
import { ApiError } from '../../src/api/errors.js'
import type { FailOn } from '../../src/run/inputs.js'
import { StopError } from '../../src/run/lifetime.js'
import type { PartEnding } from '../../src/run/part.js'
import { judgeJob, prNumberOf } from '../../src/agent/outcome.js'
import type { AgentJob } from '../../src/api/schemas.js'

function progressWith(job: AgentJob, extra: Partial<JobProgress> = {}): JobProgress {
  return { ...newJobProgress(), jobId: job.id, job, created: true, waitStartedMs: 100, waitEndedMs: 5100, ...extra }
}
const policy = (failOn: FailOn[] = ['failed']) => ({ wait: true, timeoutMs: 60_000, failOn: new Set(failOn) })
const finished: PartEnding = { kind: 'finished' }
const judge = (progress: JobProgress, failOn: FailOn[] = ['failed'], ending: PartEnding = finished) =>
  judgeJob(progress, ending, policy(failOn), 6000)

describe('judgeJob', () => {
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

  it('does not link or output a prLink that is not a plain http(s) URL', () => {
    for (const prLink of ['javascript:alert(1)', 'https://github.com/o/r/pull/1$(id)', 'https://evil"><img src=x>']) {
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
      'Cancelled (SIGTERM) while waiting for job j1. Job j1 keeps running on the service; the API cannot cancel it.'
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

describe('prNumberOf', () => {
  it.each([
    ['https://github.com/o/r/pull/12', '12'],
    ['https://ghe.example.com/o/r/pull/7/files', '7'],
    ['https://github.com/o/r/pull/12#x', '12'],
    ['https://github.com/o/r/issues/12', undefined],
    ['https://gitlab.com/o/r/-/merge_requests/3', undefined],
    [undefined, undefined]
  ])('%s → %s', (link, number) => {
    expect(prNumberOf(link)).toBe(number)
  })
})
