// Fault injection: the real bundle against the emulator, one injected fault per scenario. Every
// scenario also checks what must hold under any fault: never two jobs from one run, never past
// the deadline plus a few seconds, and the key nowhere in the log, outputs or summary.
// The README's reliability table lists these scenarios; a test below keeps the two the same.
// Every scenario has its own emulator (on a port of its own) and its own process, so they run
// concurrently, under each runtime.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { describe, expect, it, type ExpectStatic } from 'vitest'
import { startEmulator, type Emulator, type EmulatorOptions, type Fault, type JobPlan } from '../emulator/emulator.js'
import { type ActionRun, errorLines as errorsOf, linesWith, runAction, waitForOutput } from '../support/action.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { siteTotals, visitorRows } from '../support/visitors.js'

const KEY = 'mint_faultKeyR8w3N'

interface Scenario {
  /** README: the fault. */
  fault: string
  /** README: what the action does about it. */
  result: string
  plan?: JobPlan
  /** A visitor export instead of an agent job. */
  analytics?: boolean
  emulator?: EmulatorOptions
  /** The faults the emulator injects, in order. */
  faults?: Fault[]
  /** Prepares the emulator beyond `faults`. */
  setup?: (emu: Emulator) => void
  inputs?: Record<string, string>
  /** Starts the emulator only this long after the action (connection refused until then). */
  lateStartMs?: number
  /** Sends this signal once the log shows the text (and `delayMs` more have passed). */
  signal?: { name: NodeJS.Signals; after: string; delayMs?: number }
  exit: 0 | 1
  status?: string
  posts: number
  jobs: 0 | 1
  error?: RegExp
  log?: RegExp
  summary?: RegExp
  /** More checks, with the test's own `expect`. */
  check?: (run: ActionRun, emu: Emulator, expect: ExpectStatic) => void
}

// Still active at the first status check (0.5 s after creation), so that the checks meet the fault.
const quick: JobPlan = { finishAfterMs: 1000 }
const mayHaveCreated = /may have created a job anyway\. Before running again, look for it among the project's agent jobs in the dashboard/

/** Time between a fault's request and the next status check. */
function gapAfter(emu: Emulator, index: number): number {
  const [faulted, next] = emu.requests.filter((r) => r.method === 'GET').slice(index, index + 2)
  if (!faulted || !next) throw new Error(`no status check after check ${index}`)
  return next.at - faulted.at
}

export const SCENARIOS: Scenario[] = [
  {
    fault: 'Status check answers 503, 3 times',
    result: 'Retried with backoff; the completed job is reported (exit 0)',
    faults: [{ method: 'GET', kind: 'status', status: 503, times: 3 }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answers 500, then 502, then 504',
    result: 'Retried with backoff; the completed job is reported (exit 0)',
    faults: [
      { method: 'GET', kind: 'status', status: 500 },
      { method: 'GET', kind: 'status', status: 502 },
      { method: 'GET', kind: 'status', status: 504 }
    ],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answers 408',
    result: 'Retried; the completed job is reported (exit 0)',
    faults: [{ method: 'GET', kind: 'status', status: 408 }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answers 429 with `Retry-After: 2`',
    result: 'Waits the 2 s asked for, then goes on (exit 0)',
    faults: [{ method: 'GET', kind: 'status', status: 429, retryAfter: '2' }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1,
    check: (_run, emu, expect) => {
      expect(gapAfter(emu, 0)).toBeGreaterThanOrEqual(1950)
    }
  },
  {
    fault: 'Status check answers 429 with `Retry-After` as an HTTP date',
    result: 'Waits until that time, then goes on (exit 0)',
    // A date 2 s after the fault's answer, cut to whole seconds: more than 1 s after it.
    faults: [{ method: 'GET', kind: 'status', status: 429, retryAfter: () => new Date(Date.now() + 2000).toUTCString() }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1,
    check: (_run, emu, expect) => {
      expect(gapAfter(emu, 0)).toBeGreaterThanOrEqual(950)
    }
  },
  {
    fault: 'Connection reset on a status check, twice',
    result: 'Retried; the completed job is reported (exit 0)',
    faults: [{ method: 'GET', kind: 'reset', times: 2 }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answers an HTML error page (502)',
    result: 'Not the documented JSON: retried like a 5xx (exit 0)',
    faults: [{ method: 'GET', kind: 'html', status: 502 }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answers truncated JSON (200)',
    result: 'Not the documented JSON: retried (exit 0)',
    faults: [{ method: 'GET', kind: 'truncated' }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answers JSON with wrong types (200)',
    result: 'Not the documented JSON: retried (exit 0)',
    faults: [{ method: 'GET', kind: 'wrongTypes' }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answered 2 s late',
    result: 'Waited for, within the 30 s request timeout (exit 0)',
    faults: [{ method: 'GET', kind: 'delay', delayMs: 2000 }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check never answers',
    result: 'Cut off at the deadline: exit 1 with job id, status `active` and summary',
    plan: { finishAfterMs: 600_000 },
    faults: [{ method: 'GET', kind: 'hang', times: Infinity }],
    inputs: { timeoutMinutes: '0.05' },
    exit: 1,
    status: 'active',
    posts: 1,
    jobs: 1,
    error: /^Timed out after 3s \(timeoutMinutes\) while waiting for job \w+\. The job keeps running on the service/
  },
  {
    fault: 'Every status check answers 500 until the deadline',
    result: 'A failed check counts as pending: at the deadline exit 1 with job id, status `active` and summary',
    plan: { finishAfterMs: 600_000 },
    faults: [{ method: 'GET', kind: 'status', status: 500, times: Infinity }],
    inputs: { timeoutMinutes: '0.08' },
    exit: 1,
    status: 'active',
    posts: 1,
    jobs: 1,
    log: /::warning::A status check failed; the action keeps checking until the deadline\./,
    error: /^Timed out after 5s/
  },
  {
    fault: 'The job reports an unknown status (`queued`)',
    result: 'A warning names it; checks go on until the deadline, which reports it (exit 1)',
    plan: { steps: [{ afterMs: 0, status: 'queued' }] },
    inputs: { timeoutMinutes: '0.05' },
    exit: 1,
    status: 'active',
    posts: 1,
    jobs: 1,
    log: /::warning::Job \w+ has the status "queued", which this action does not know/,
    error: /The service reported a status this action does not know: "queued"\./,
    summary: /the service said <code>queued<\/code>/
  },
  {
    fault: 'The job reports `queued`, then `completed`',
    result: 'A warning names it; the completed job is reported (exit 0)',
    plan: {
      steps: [
        { afterMs: 0, status: 'queued' },
        { afterMs: 1000, status: 'completed' }
      ]
    },
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1,
    log: /::warning::Job \w+ has the status "queued"/
  },
  {
    fault: 'Create answers 429 with `Retry-After: 1`',
    result: 'Repeated after 1 s: one job from two requests (exit 0)',
    faults: [{ method: 'POST', kind: 'status', status: 429, retryAfter: '1' }],
    exit: 0,
    status: 'completed',
    posts: 2,
    jobs: 1
  },
  {
    fault: 'Create answers 503, twice',
    result: 'Repeated: one job from three requests (exit 0)',
    faults: [{ method: 'POST', kind: 'status', status: 503, times: 2 }],
    exit: 0,
    status: 'completed',
    posts: 3,
    jobs: 1
  },
  {
    fault: 'Create finds the connection refused; the service is up 0.4 s later',
    result: 'Repeated until it connects: one job (exit 0)',
    lateStartMs: 400,
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Create answers 429 on every try',
    result: 'Gives up after 5 tries: exit 1 saying the rate limit was hit; no job',
    faults: [{ method: 'POST', kind: 'status', status: 429, retryAfter: '0', times: Infinity }],
    exit: 1,
    status: '',
    posts: 5,
    jobs: 0,
    error: /^Creating the agent job failed: the rate limit was hit \(429 Too Many Requests\)/
  },
  {
    fault: 'Create answers 500 after creating the job',
    result: 'Not repeated: exit 1 saying a job may have been created and how to find it; one request',
    faults: [{ method: 'POST', kind: 'status', status: 500, afterHandling: true }],
    exit: 1,
    status: '',
    posts: 1,
    jobs: 1,
    error: mayHaveCreated
  },
  {
    fault: 'Create: connection reset after the job was created',
    result: 'Not repeated: exit 1 saying a job may have been created; one request',
    faults: [{ method: 'POST', kind: 'reset', afterHandling: true }],
    exit: 1,
    status: '',
    posts: 1,
    jobs: 1,
    error: mayHaveCreated
  },
  {
    fault: 'Create answers an HTML error page (502)',
    result: 'Not repeated (the service may have acted): exit 1 saying so; one request',
    faults: [{ method: 'POST', kind: 'html', status: 502, afterHandling: true }],
    exit: 1,
    status: '',
    posts: 1,
    jobs: 1,
    error: mayHaveCreated
  },
  {
    fault: 'Create never answers',
    result: 'Cut off at the deadline: exit 1 saying a job may have been created; one request',
    faults: [{ method: 'POST', kind: 'hang', afterHandling: true }],
    inputs: { timeoutMinutes: '0.05' },
    exit: 1,
    status: '',
    posts: 1,
    jobs: 1,
    error:
      /^Timed out after 3s \(timeoutMinutes\) while creating the job\. The request was sent, so the service may have created a job anyway/
  },
  {
    fault: 'Create answers 400',
    result: "Not repeated: exit 1 with the service's error text; one request",
    faults: [{ method: 'POST', kind: 'status', status: 400, body: '{"error":"prompt is too long"}' }],
    exit: 1,
    status: '',
    posts: 1,
    jobs: 0,
    error:
      /^Creating the agent job failed: the service rejected the request as invalid \(400 Bad Request\)\. The service said: "prompt is too long"\.$/
  },
  {
    fault: 'Create answers 403 (key without the write scope)',
    result: 'Not repeated: exit 1 naming scope, IP allowlist and plan; one request',
    emulator: { keys: { [KEY]: { scopes: ['read'] } } },
    exit: 1,
    status: '',
    posts: 1,
    jobs: 0,
    error:
      /403 Forbidden\). The key may lack the scope this call needs \(`write`\), the runner's IP address may be outside the key's IP allowlist, the organization's plan/
  },
  {
    fault: 'Follow-up answers 500 after taking the message',
    result: 'Not repeated: exit 1 saying the message may have been received; one request',
    setup: (emu) => {
      emu.addJob('job_fu', { finishAfterMs: 0 })
      emu.fault({ method: 'POST', kind: 'status', status: 500, afterHandling: true })
    },
    inputs: { jobId: 'job_fu' },
    exit: 1,
    status: '',
    posts: 1,
    jobs: 0,
    error: /service may have received the message anyway/
  },
  {
    fault: 'A visitors page answers 429, then 502',
    result: 'Each retried with the same policy; the export is complete (exit 0)',
    analytics: true,
    faults: [
      { path: '/v1/analytics', kind: 'status', status: 429, retryAfter: '1' },
      { path: '/v1/analytics', kind: 'status', status: 502 }
    ],
    exit: 0,
    posts: 0,
    jobs: 0,
    check: (run, _emu, expect) => {
      expect(run.outputs.pageCount).toBe('600')
    }
  },
  {
    fault: 'The deadline passes while visitor pages are read',
    result: 'What was read is kept: files and summary marked partial, exit 1',
    analytics: true,
    faults: [
      {
        path: '/v1/analytics',
        kind: 'status',
        status: 200,
        body: '{"totals":{"human":2,"ai":1,"total":2},"visitors":[{"path":"/a","human":2,"ai":1,"total":2}],"hasMore":true}'
      },
      { path: '/v1/analytics', kind: 'hang' }
    ],
    inputs: { timeoutMinutes: '0.05', compare: 'none' },
    exit: 1,
    posts: 0,
    jobs: 0,
    error: /^Visitor analytics are incomplete: the deadline \(timeoutMinutes\) passed while reading; 1 page read in 1 request\.$/,
    check: (run, _emu, expect) => {
      expect(run.outputs).toMatchObject({ pageCount: '1', visitorsTotal: '2' })
      expect(JSON.parse(readFileSync(run.outputs.analyticsFile ?? '', 'utf8'))).toMatchObject({ partial: true, pageCount: 1 })
    }
  },
  ...(['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((name): Scenario => ({
    fault: `${name} while waiting for the job`,
    result: 'Stops within 2 s, exit 1; outputs and summary say cancelled and that the job keeps running',
    plan: { finishAfterMs: 600_000 },
    signal: { name, after: 'is active.' },
    exit: 1,
    status: 'active',
    posts: 1,
    jobs: 1,
    error: new RegExp(
      `^Cancelled \\(${name}\\) while waiting for job \\w+\\. The job keeps running on the service: the API cannot cancel it\\.$`
    ),
    summary: new RegExp(`Cancelled \\(${name}\\)`)
  })),
  {
    fault: 'SIGINT while the create request is unanswered',
    result: 'Stops within 2 s, exit 1, saying a job may have been created',
    faults: [{ method: 'POST', kind: 'hang', afterHandling: true }],
    signal: { name: 'SIGINT', after: '::debug::POST /v2/agent/proj_docs/job', delayMs: 300 },
    exit: 1,
    status: '',
    posts: 1,
    jobs: 1,
    error: /^Cancelled \(SIGINT\) while creating the job\. The request was sent, so the service may have created a job anyway/
  }
]

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(undefined)
    })
  })
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => {
    server.close(() => {
      resolve(undefined)
    })
  })
  return port
}

const wait = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms)
  })

for (const { name: runtime, node } of runtimes()) {
  describe.concurrent('fault injection', () => {
    for (const s of SCENARIOS) {
      it(`[${runtime}] ${s.fault}`, async ({ expect, onTestFinished }) => {
        const options: EmulatorOptions = { keys: { [KEY]: {} }, defaultPlan: s.plan ?? quick, ...s.emulator }
        const work: Record<string, string> = s.analytics ? { analytics: 'true', prompt: '' } : { prompt: 'Fault test' }
        let emu: Emulator | undefined
        let late: Promise<void> | undefined
        let baseUrl: string
        if (s.lateStartMs !== undefined) {
          const port = await freePort()
          baseUrl = `http://127.0.0.1:${port}`
          late = wait(s.lateStartMs).then(async () => {
            emu = await startEmulator({ ...options, port })
          })
        } else {
          emu = await startEmulator(options)
          baseUrl = emu.url
          if (s.analytics) emu.setVisitors({ totals: siteTotals(600), rows: visitorRows(600) })
          if (s.faults) emu.fault(...s.faults)
          s.setup?.(emu)
        }
        const inputs = {
          apiKey: KEY,
          projectId: 'proj_docs',
          baseUrl,
          pollIntervalSeconds: '0.5',
          timeoutMinutes: '0.5',
          ...work,
          ...s.inputs
        }
        const { signal } = s
        let signalledAt: number | undefined
        try {
          const run = await runAction({
            node,
            inputs,
            onTestFinished,
            onStart: signal
              ? (child, stdout) => {
                  void waitForOutput(stdout, (text) => text.includes(signal.after)).then(async () => {
                    await wait(signal.delayMs ?? 0)
                    signalledAt = Date.now()
                    child.kill(signal.name)
                  })
                }
              : undefined
          })
          await late
          if (!emu) throw new Error('the emulator did not start')

          expect(run.code, run.stdout).toBe(s.exit)
          if (s.status !== undefined) expect(run.outputs.status).toBe(s.status)
          const outputNames = s.analytics
            ? ['analyticsCsvFile', 'analyticsFile', 'pageCount', 'visitorsAi', 'visitorsHuman', 'visitorsTotal']
            : ['jobId', 'prLink', 'prNumber', 'status']
          expect(Object.keys(run.outputs).sort()).toEqual(outputNames)
          expect(emu.count('POST')).toBe(s.posts)
          expect(emu.jobCount() - (s.inputs?.jobId ? 1 : 0)).toBe(s.jobs)
          // From the action's first line (node has started) to the end of its process.
          const deadlineMs = Number(inputs.timeoutMinutes) * 60_000
          expect(run.endedAt - run.firstOutputAt).toBeLessThan(deadlineMs + 3000)
          if (signal) {
            expect(signalledAt, 'the signal was sent').toBeDefined()
            expect(run.endedAt - (signalledAt ?? 0)).toBeLessThan(2000)
          }
          if (s.error) {
            expect(errorsOf(run)).toHaveLength(1)
            expect(errorsOf(run)[0]).toMatch(s.error)
          }
          if (s.exit === 0) {
            expect(errorsOf(run)).toEqual([])
            // Retried within the request: no status check failed as a whole.
            expect(run.stdout).not.toContain('::warning::A status check failed')
          }
          if (s.log) expect(run.stdout).toMatch(s.log)
          const seen = renderSummary(run.summary)
          if (s.analytics) expect(seen.headings.join('\n')).toContain('Documentation visitors')
          else expect(seen.headings[0]).toMatch(/^(✅|⚠️|⏳|❌) /)
          // The summary states why the step failed, in the annotation's own words.
          // (Code spans of the annotation, such as \`jobId\`, show as code.)
          if (s.error) expect(seen.text).toContain(`Why the step failed: ${(errorsOf(run)[0] ?? '').replace(/`/g, '')}`)
          if (s.summary) expect(run.summary).toMatch(s.summary)
          s.check?.(run, emu, expect)

          expect(linesWith(run, KEY)).toEqual([`::add-mask::${KEY}`])
        } finally {
          await late
          await emu?.close()
        }
      })
    }
  })
}

describe('README reliability table', () => {
  it('lists exactly the faults this suite runs, with their results', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8')
    const section = readme.split('## Reliability')[1]?.split('\n## ')[0] ?? ''
    const rows = section
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| Fault') && !l.startsWith('| ---'))
      .map((l) => l.slice(2, -2).split(' | '))
    expect(rows).toEqual(SCENARIOS.map((s) => [s.fault, s.result]))
  })
})
