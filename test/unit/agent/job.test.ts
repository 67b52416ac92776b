// The agent job in process: creating it, sending a follow-up or only watching, then checking its
// status on the poll schedule until it ends, with a fake service, a fake clock and the run's Lifetime.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { agentJobPart } from '../../../src/agent/part.js'
import {
  type AgentJobApi,
  type AgentJobRequest,
  isTerminal,
  type JobProgress,
  newJobProgress,
  runAgentJob,
  withContext
} from '../../../src/agent/job.js'
import { ApiError } from '../../../src/api/errors.js'
import type { AgentJob } from '../../../src/api/schemas.js'
import { Lifetime, StopError } from '../../../src/core/lifetime.js'
import type { Log } from '../../../src/core/part.js'

const PROJECT = 'proj_docs'
const MINUTES_30 = 30 * 60_000

/** One answer of the fake service to a status check: a job, or an error it throws. */
type Answer = AgentJob | Error

/** A fake service: answers status checks from a script (the last answer repeats) and records every call with its time. */
class FakeApi implements AgentJobApi {
  readonly calls: { method: string; args: string[]; atMs: number }[] = []
  private readonly startMs = Date.now()

  constructor(
    private readonly answers: Answer[],
    private readonly created: (AgentJob & { id: string }) | Error = { id: 'job1', status: 'active' },
    private readonly messaged: AgentJob | Error = { id: 'job1', status: 'active' }
  ) {}

  private record(method: string, ...args: string[]): void {
    this.calls.push({ method, args, atMs: Date.now() - this.startMs })
  }

  createJob(projectId: string, prompt: string): Promise<AgentJob & { id: string }> {
    this.record('createJob', projectId, prompt)
    return this.created instanceof Error ? Promise.reject(this.created) : Promise.resolve(this.created)
  }

  sendMessage(projectId: string, jobId: string, prompt: string): Promise<AgentJob> {
    this.record('sendMessage', projectId, jobId, prompt)
    return this.messaged instanceof Error ? Promise.reject(this.messaged) : Promise.resolve(this.messaged)
  }

  getJob(projectId: string, jobId: string): Promise<AgentJob> {
    this.record('getJob', projectId, jobId)
    const answer = this.answers.length > 1 ? this.answers.shift() : this.answers[0]
    if (answer === undefined) return Promise.reject(new Error('the script has no answer'))
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
  }

  methods(): string[] {
    return this.calls.map((c) => c.method)
  }

  checkTimes(): number[] {
    return this.calls.filter((c) => c.method === 'getJob').map((c) => c.atMs)
  }
}

class RecordingLog implements Log {
  readonly lines: string[] = []
  info(message: string): void {
    this.lines.push(`info: ${message}`)
  }
  warning(message: string): void {
    this.lines.push(`warning: ${message}`)
  }
}

const status = (s: string | undefined, extra: Partial<AgentJob> = {}): AgentJob => ({ id: 'job1', status: s, ...extra })
const transient = (message = 'Checking job "job1" failed: the service had an error (HTTP 502).') =>
  new ApiError(message, { transient: true, status: 502 })

interface Run {
  api: FakeApi
  log: RecordingLog
  progress: JobProgress
  lifetime: Lifetime
  /** The run's outcome: undefined when it finished, or what it threw. */
  error?: unknown
  started: string[]
}

let lifetimes: Lifetime[] = []

beforeEach(() => {
  vi.useFakeTimers()
  lifetimes = []
})
afterEach(() => {
  for (const lifetime of lifetimes) lifetime.dispose()
  vi.useRealTimers()
})

function newLifetime(timeoutMs = MINUTES_30): Lifetime {
  const lifetime = new Lifetime(timeoutMs)
  lifetimes.push(lifetime)
  return lifetime
}

/** Runs the job to its end, moving the fake clock from one timer to the next. */
async function runJob(
  api: FakeApi,
  request: Partial<AgentJobRequest> = {},
  options: { lifetime?: Lifetime; random?: () => number; onTick?: (run: Run) => void } = {}
): Promise<Run> {
  const lifetime = options.lifetime ?? newLifetime()
  const run: Run = { api, log: new RecordingLog(), progress: newJobProgress(), lifetime, started: [] }
  const req: AgentJobRequest = { projectId: PROJECT, prompt: 'Document the CLI', wait: true, pollIntervalMs: 10_000, ...request }
  const state = { settled: false }
  runAgentJob(api, req, run.progress, lifetime, run.log, {
    random: options.random ?? (() => 0.5),
    onStarted: (jobId) => {
      run.started.push(`${jobId} after ${api.methods().join(',')}`)
      return Promise.resolve()
    }
  }).then(
    () => {
      state.settled = true
    },
    (error: unknown) => {
      state.settled = true
      run.error = error
    }
  )
  await vi.advanceTimersByTimeAsync(0)
  while (!state.settled) {
    options.onTick?.(run)
    await vi.advanceTimersToNextTimerAsync()
  }
  return run
}

describe('runAgentJob', () => {
  it('creates a job, logs each change of status, and stops checking once the job is completed', async () => {
    const api = new FakeApi([status('active'), status('active'), status('completed', { prLink: 'https://github.com/o/r/pull/1' })])
    const run = await runJob(api)

    expect(run.error).toBeUndefined()
    expect(api.calls.map((c) => [c.method, ...c.args])).toEqual([
      ['createJob', PROJECT, 'Document the CLI'],
      ['getJob', PROJECT, 'job1'],
      ['getJob', PROJECT, 'job1'],
      ['getJob', PROJECT, 'job1']
    ])
    expect(run.log.lines).toEqual(['info: Created agent job job1.', 'info: Job job1 is active.', 'info: Job job1: active → completed.'])
    expect(run.started).toEqual(['job1 after createJob'])
    expect(run.progress).toMatchObject({
      jobId: 'job1',
      created: true,
      messageSent: false,
      postInFlight: undefined,
      checks: 3,
      failedChecks: 0,
      waitStartedMs: 0,
      waitEndedMs: 3000,
      job: { status: 'completed', prLink: 'https://github.com/o/r/pull/1' }
    })
  })

  it('creates a job with an empty prompt when no prompt is given', async () => {
    const api = new FakeApi([status('completed')])
    await runJob(api, { prompt: undefined })
    expect(api.calls[0]).toMatchObject({ method: 'createJob', args: [PROJECT, ''] })
  })

  it('checks after 1, 2 and 3 s, then half as long again each time until the poll interval, then every interval with jitter', async () => {
    const answers = [...Array<AgentJob>(9).fill(status('active')), status('completed')]
    const run = await runJob(new FakeApi(answers), {}, { random: () => 1 })
    // Gaps of 1000, 1000, 1000, 1500, 2250, 3375, 5062.5, 7593.75 (timers count whole milliseconds), then
    // 10 000 + 10 % once the ramp has passed the interval.
    expect(run.api.checkTimes()).toEqual([1000, 2000, 3000, 4500, 6750, 10_125, 15_187, 22_780, 33_780, 44_780])
  })

  it('with the lowest jitter, waits 10 % less than the poll interval', async () => {
    const run = await runJob(new FakeApi([status('active'), status('completed')]), { pollIntervalMs: 1000 }, { random: () => 0 })
    expect(run.api.checkTimes()).toEqual([900, 1800])
  })

  it('sends a follow-up to an existing job instead of creating one', async () => {
    const api = new FakeApi([status('active'), status('completed')], undefined, status('active'))
    const run = await runJob(api, { jobId: 'job1', prompt: 'Also add examples' })
    expect(api.calls.map((c) => [c.method, ...c.args])).toEqual([
      ['sendMessage', PROJECT, 'job1', 'Also add examples'],
      ['getJob', PROJECT, 'job1'],
      ['getJob', PROJECT, 'job1']
    ])
    expect(run.log.lines).toEqual([
      'info: Sent a follow-up message to job job1.',
      'info: Job job1 is active.',
      'info: Job job1: active → completed.'
    ])
    expect(run.progress).toMatchObject({ jobId: 'job1', created: false, messageSent: true, postInFlight: undefined })
    expect(run.started).toEqual(['job1 after sendMessage'])
  })

  it('only watches an existing job when no prompt is given', async () => {
    const api = new FakeApi([status('active'), status('failed')])
    const run = await runJob(api, { jobId: 'job7', prompt: undefined })
    expect(api.methods()).toEqual(['getJob', 'getJob'])
    expect(api.calls[0]?.args).toEqual([PROJECT, 'job7'])
    expect(run.log.lines).toEqual(['info: Job job7 is active.', 'info: Job job7: active → failed.'])
    expect(run.progress).toMatchObject({ jobId: 'job7', created: false, messageSent: false, checks: 2 })
    expect(run.started).toEqual(['job7 after '])
  })

  it('stops after the first check when a watched job has already ended', async () => {
    const api = new FakeApi([status('archived')])
    const run = await runJob(api, { jobId: 'job7', prompt: undefined })
    expect(run.started).toEqual(['job7 after '])
    expect(run.log.lines).toEqual(['info: Job job7 is archived.'])
    expect(run.progress.waitEndedMs).toBe(1000)
  })

  describe('with wait: false', () => {
    it('creates the job, logs its status and does not check it again', async () => {
      const api = new FakeApi([status('completed')])
      const run = await runJob(api, { wait: false })
      expect(api.methods()).toEqual(['createJob'])
      expect(run.log.lines).toEqual(['info: Created agent job job1.', 'info: Job job1 is active.'])
      expect(run.progress).toMatchObject({ created: true, checks: 0 })
      expect(run.progress.waitStartedMs).toBeUndefined()
      expect(run.progress.waitEndedMs).toBeUndefined()
      expect(run.started).toEqual(['job1 after createJob'])
    })

    it('checks a watched job once, to report its status', async () => {
      const api = new FakeApi([status('active')])
      const run = await runJob(api, { wait: false, jobId: 'job1', prompt: undefined })
      expect(api.methods()).toEqual(['getJob'])
      expect(run.log.lines).toEqual(['info: Job job1 is active.'])
      expect(run.progress.job?.status).toBe('active')
    })

    it('takes the status from the answer to the follow-up', async () => {
      const api = new FakeApi([status('completed')], undefined, status('active'))
      const run = await runJob(api, { wait: false, jobId: 'job1', prompt: 'More' })
      expect(api.methods()).toEqual(['sendMessage'])
      expect(run.log.lines).toEqual(['info: Sent a follow-up message to job job1.', 'info: Job job1 is active.'])
    })
  })

  describe('statuses it does not know', () => {
    it('warns once for each unknown status, treats it as running, and logs the change when the job ends', async () => {
      const api = new FakeApi([status('queued'), status('queued'), status('thinking'), status('queued'), status('completed')])
      const run = await runJob(api, { jobId: 'job1', prompt: undefined })
      const unknown = (s: string) =>
        `warning: Job job1 has the status "${s}", which this action does not know; it is treated as still running ` +
        "and the action keeps checking until the deadline. Please report it to the action's maintainers."
      expect(run.log.lines).toEqual([unknown('queued'), unknown('thinking'), 'info: Job job1: queued → completed.'])
      expect(run.progress.unknownStatuses).toEqual(['queued', 'thinking'])
      expect(run.progress.checks).toBe(5)
    })

    it('warns when an answer has no status, and keeps checking', async () => {
      const api = new FakeApi([status(undefined), status('completed')], status(undefined) as AgentJob & { id: string })
      const run = await runJob(api)
      const noStatus = "warning: The service's answer about job job1 has no status; the action keeps checking until the deadline."
      expect(run.log.lines).toEqual(['info: Created agent job job1.', noStatus, 'info: Job job1 is completed.'])
      expect(run.progress.unknownStatuses).toEqual([])
    })

    it('keeps a job id with a line break on one line of the log', async () => {
      const api = new FakeApi([status('completed')], { id: 'job\n::error::x', status: 'active' })
      const run = await runJob(api)
      expect(run.log.lines[0]).toBe('info: Created agent job job ::error::x.')
      expect(run.log.lines.every((l) => !l.includes('\n'))).toBe(true)
    })

    it('logs a job id without the bidirectional and zero-width characters that would disguise it', async () => {
      const api = new FakeApi([status('completed')], { id: 'job_\u202egpj.exe\u200b', status: 'active' })
      const run = await runJob(api)
      expect(run.log.lines).toEqual([
        'info: Created agent job job_gpj.exe.',
        'info: Job job_gpj.exe is active.',
        'info: Job job_gpj.exe: active → completed.'
      ])
    })

    it('cuts a very long unknown status short in the log', async () => {
      const long = 's'.repeat(80)
      const run = await runJob(new FakeApi([status(long), status('completed')]), { jobId: 'job1', prompt: undefined })
      expect(run.log.lines[0]).toContain(`"${'s'.repeat(49)}…"`)
      expect(run.log.lines[1]).toBe(`info: Job job1: ${'s'.repeat(49)}… → completed.`)
      expect(run.progress.unknownStatuses).toEqual([long])
    })
  })

  describe('the heartbeat', () => {
    it('says the job is still running once a minute has passed without news, with the time waited and left', async () => {
      const lifetime = newLifetime()
      await vi.advanceTimersByTimeAsync(5000)
      const answers = [...Array<AgentJob>(125).fill(status('active')), status('completed')]
      const run = await runJob(new FakeApi(answers), { pollIntervalMs: 1000 }, { lifetime })
      expect(run.log.lines).toEqual([
        'info: Created agent job job1.',
        'info: Job job1 is active.',
        'info: Job job1 is still active after 1m 0s (28m 55s left before timeoutMinutes).',
        'info: Job job1 is still active after 2m 0s (27m 55s left before timeoutMinutes).',
        'info: Job job1: active → completed.'
      ])
      expect(run.progress).toMatchObject({ waitStartedMs: 5000, waitEndedMs: 131_000, checks: 126 })
    })

    it('counts the minute from the last change of status', async () => {
      const answers = [...Array<AgentJob>(30).fill(status('active')), ...Array<AgentJob>(50).fill(status('queued')), status('completed')]
      const run = await runJob(new FakeApi(answers), { pollIntervalMs: 1000, jobId: 'job1', prompt: undefined })
      expect(run.log.lines.map((l) => l.slice(0, 60))).toEqual([
        'info: Job job1 is active.',
        'warning: Job job1 has the status "queued", which this action',
        'info: Job job1: queued → completed.'
      ])
      const later = [...Array<AgentJob>(30).fill(status('active')), ...Array<AgentJob>(91).fill(status('queued')), status('completed')]
      const longer = await runJob(new FakeApi(later), { pollIntervalMs: 1000, jobId: 'job1', prompt: undefined })
      expect(longer.log.lines[2]).toBe('info: Job job1 is still queued after 1m 31s (28m 29s left before timeoutMinutes).')
    })

    it('says the job is still without a status when the answers have none', async () => {
      const answers = [...Array<AgentJob>(61).fill(status(undefined)), status('completed')]
      const run = await runJob(new FakeApi(answers), { pollIntervalMs: 1000, jobId: 'job1', prompt: undefined })
      expect(run.log.lines).toContain('info: Job job1 is still without a status after 1m 0s (29m 0s left before timeoutMinutes).')
    })
  })

  describe('a status check that fails', () => {
    it('warns once while checks fail for a passing reason, says when they answer again, and keeps checking', async () => {
      const api = new FakeApi([
        status('active'),
        transient('first'),
        transient('second'),
        status('active'),
        transient('third'),
        status('completed')
      ])
      const run = await runJob(api, { jobId: 'job1', prompt: undefined })
      expect(run.error).toBeUndefined()
      expect(run.log.lines).toEqual([
        'info: Job job1 is active.',
        'warning: A status check failed; the action keeps checking until the deadline. first',
        'info: Status checks of job job1 answer again.',
        'warning: A status check failed; the action keeps checking until the deadline. third',
        'info: Status checks of job job1 answer again.',
        'info: Job job1: active → completed.'
      ])
      expect(run.progress).toMatchObject({ checks: 3, failedChecks: 3 })
    })

    it('ends the watch on a failure that will not pass', async () => {
      const notFound = new ApiError('Checking job "job1" failed: job "job1" was not found.', { transient: false, status: 404 })
      const run = await runJob(new FakeApi([status('active'), notFound]), { jobId: 'job1', prompt: undefined })
      expect(run.error).toBe(notFound)
      expect(run.progress).toMatchObject({ checks: 1, failedChecks: 0 })
      expect(run.progress.waitEndedMs).toBeUndefined()
      expect(run.log.lines).toEqual(['info: Job job1 is active.'])
    })

    it('ends the watch on an error that is not the service answering', async () => {
      const bug = new TypeError('not a function')
      const run = await runJob(new FakeApi([bug]), { jobId: 'job1', prompt: undefined })
      expect(run.error).toBe(bug)
      expect(run.progress.failedChecks).toBe(0)
    })
  })

  describe('the end of the run', () => {
    it('stops at the deadline while it waits between checks', async () => {
      const lifetime = newLifetime(2500)
      const run = await runJob(new FakeApi([status('active')]), {}, { lifetime })
      expect(run.error).toBeInstanceOf(StopError)
      expect((run.error as StopError).reason).toBe('timeout')
      expect(run.progress).toMatchObject({ checks: 2, waitStartedMs: 0 })
      expect(run.progress.waitEndedMs).toBeUndefined()
    })

    it('stops at once when the run is cancelled', async () => {
      const run = await runJob(
        new FakeApi([status('active')]),
        {},
        {
          onTick: (r) => {
            if (r.progress.checks === 4) r.lifetime.cancel('SIGTERM')
          }
        }
      )
      expect(run.error).toMatchObject({ reason: 'cancelled', signalName: 'SIGTERM' })
      expect(run.progress.checks).toBe(4)
    })

    it('remembers that a create was sent and not answered', async () => {
      const lost = new ApiError('Creating the agent job failed: no answer.', { transient: true, mayHaveActed: true })
      const run = await runJob(new FakeApi([], lost))
      expect(run.error).toBe(lost)
      expect(run.progress).toMatchObject({ postInFlight: 'create', created: false })
      expect(run.progress.jobId).toBeUndefined()
      expect(run.started).toEqual([])
      expect(run.log.lines).toEqual([])
    })

    it('remembers that a follow-up was sent and not answered', async () => {
      const lost = new StopError('cancelled', 'SIGINT')
      const run = await runJob(new FakeApi([], undefined, lost), { jobId: 'job1', prompt: 'More' })
      expect(run.error).toBe(lost)
      expect(run.progress).toMatchObject({ postInFlight: 'message', messageSent: false, jobId: 'job1' })
      expect(run.log.lines).toEqual([])
    })
  })
})

describe('isTerminal', () => {
  it.each([
    ['completed', true],
    ['archived', true],
    ['failed', true],
    ['active', false],
    ['queued', false],
    [undefined, false]
  ])('%s is the end of the job: %s', (s, ends) => {
    expect(isTerminal(s)).toBe(ends)
  })
})

describe('withContext', () => {
  it('puts the context after the prompt and a blank line, and leaves a prompt without one as it is', () => {
    expect(withContext('Document the CLI', 'The change: #12')).toBe('Document the CLI\n\nThe change: #12')
    expect(withContext('Document the CLI', undefined)).toBe('Document the CLI')
  })
})

describe('agentJobPart', () => {
  it('runs the job and reports it under the policy it was given', async () => {
    const api = new FakeApi([status('completed')])
    const started: string[] = []
    const part = agentJobPart(
      api,
      {
        projectId: PROJECT,
        prompt: 'Go',
        wait: true,
        pollIntervalMs: 1000,
        timeoutMs: MINUTES_30,
        failOn: new Set(['no-pr']),
        githubServer: 'https://github.com'
      },
      {
        random: () => 1,
        onStarted: (jobId) => {
          started.push(jobId)
          return Promise.resolve()
        }
      }
    )
    const lifetime = newLifetime()
    const log = new RecordingLog()
    const done = part.run({ lifetime, log })
    await vi.advanceTimersByTimeAsync(1100)
    await done
    expect(api.checkTimes()).toEqual([1100])
    expect(started).toEqual(['job1'])
    const report = part.report({ kind: 'finished' }, 1100)
    expect(report).toMatchObject({ kind: 'job', jobId: 'job1', status: 'completed', waitedMs: 1100 })
    expect(report.failure).toBe('Job job1 completed without a pull request, and failOn includes no-pr.')
  })
})
