// The work of a run in process, against the service's emulator (and a fake GitHub API) on loopback:
// which parts the inputs ask for, what the log says, how the runner's signals and the deadline stop
// the run, the comment on the triggering thread, and the outputs and summary that are published.
// The real toolkit writes the log to stdout, which the tests read.
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { SECTION_NAMES } from '../../src/core/catalog.js'
import type { JobReport } from '../../src/agent/outcome.js'
import type { VisitorsReport } from '../../src/sections/traffic/read-visitors.js'
import { feedbackReadNotes } from '../../src/sections/feedback/summary.js'
import type { Inputs } from '../../src/run/inputs.js'
import { publishReport, work } from '../../src/run/work.js'
import { ACTION_VERSION } from '../../src/version.js'
import { defaultFeedback, defaultFeedbackByPage } from '../emulator/analytics-data.js'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { parseOutputs } from '../support/action.js'
import { renderSummary } from '../support/render.js'
import { siteTotals, visitorRows } from '../support/visitors.js'
import { startGitHubFake } from '../support/github-fake.js'
import { stubRunner } from '../support/runner-env.js'

const KEY = 'mint_workKeyR5t'
const TOKEN = 'ghs_workTokenP2'
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

let emu: Emulator
let github: Awaited<ReturnType<typeof startGitHubFake>>
let dir: string
let stdout: string
let runId = 77

beforeAll(async () => {
  // The tests here are not about the hourly limit: at the default 100 analytics requests, the last
  // tests read after a real wait for Retry-After (about 20 s of the suite).
  emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
  github = await startGitHubFake()
})
afterAll(async () => {
  await github.close()
  await emu.close()
})

beforeEach(async () => {
  // Each test a run of its own: a run with the same trigger would watch the job an earlier one recorded.
  dir = await stubRunner({ eventName: 'push', runId: ++runId, apiUrl: github.url })
  github.failWith(undefined)
  stdout = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk)
    return true
  })
})
afterEach(async () => {
  vi.restoreAllMocks()
  await rm(dir, { recursive: true, force: true })
})

function inputs(extra: Partial<Inputs> = {}): Inputs {
  return {
    apiKey: KEY,
    projectId: 'proj_docs',
    prompt: 'Document the CLI',
    wait: true,
    timeoutMs: 20_000,
    pollIntervalMs: 500,
    failOn: new Set(['failed']),
    failOnAlert: false,
    alerts: [],
    baseUrl: emu.url,
    check: false,
    followUp: false,
    command: '/docs',
    githubToken: '',
    warnings: [],
    ...extra
  }
}

/** The text of a comment the fake GitHub API received. */
const commentText = (request: { body: unknown } | undefined): string => (request?.body as { body: string }).body

/** Log lines a person reads (not debug lines). */
const infoLines = (): string[] => stdout.split('\n').filter((l) => l !== '' && !l.startsWith('::'))

function listenerCounts(): number[] {
  return SIGNALS.map((name) => process.listenerCount(name))
}

/** Resolves once the log has a line that passes `test`. */
async function logged(test: (line: string) => boolean): Promise<void> {
  await vi.waitFor(
    () => {
      expect(stdout.split('\n').some(test)).toBe(true)
    },
    { timeout: 15_000, interval: 10 }
  )
}

describe('work', () => {
  it('creates the job, logs it, and returns its section; the key is sent and never logged', async () => {
    emu.planJobs({ finishAfterMs: 0, prLink: 'https://github.com/acme/docs/pull/5' })
    const before = emu.requests.length
    const report = await work(inputs())
    const job = report.reports[0] as JobReport
    expect(report.reports).toHaveLength(1)
    expect(job).toMatchObject({ kind: 'job', status: 'completed', prNumber: '5' })
    expect(job.failure).toBeUndefined()
    expect(infoLines()).toEqual([
      `Created agent job ${job.jobId ?? ''}.`,
      `Job ${job.jobId ?? ''} is completed.`,
      `The agent completed job ${job.jobId ?? ''} and opened a pull request https://github.com/acme/docs/pull/5.`
    ])
    expect(stdout).toContain('::debug::POST /v2/agent/proj_docs/job')
    expect(stdout).not.toContain(KEY)
    const mine = emu.requests.slice(before)
    expect(mine.map((r) => r.method)).toEqual(['POST'])
    expect(mine[0]?.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(mine[0]?.headers['user-agent']).toBe(`docs-agent-action/${ACTION_VERSION}+dev node/${process.version}`)
  })

  it('watches a job named by jobId, and exports visitors after it when analytics are asked for', async () => {
    emu.addJob('job_watch_work', { finishAfterMs: 0, changesFiles: false })
    emu.setVisitors({ totals: { human: 3, ai: 1, total: 4 }, rows: [{ path: '/a', human: 3, ai: 1, total: 4 }] })
    const before = emu.requests.length
    const report = await work(
      inputs({
        prompt: undefined,
        jobId: 'job_watch_work',
        analytics: {
          dateFrom: '2026-11-01',
          dateTo: '2026-11-08',
          topPages: 5,
          maxRequests: 2,
          compare: false,
          sections: ['visitors'],
          readerText: 'auto'
        }
      })
    )
    expect(report.reports.map((s) => s.kind)).toEqual(['job', 'visitors'])
    expect(report.reports[0]).toMatchObject({ jobId: 'job_watch_work', status: 'completed' })
    expect((report.reports[1] as VisitorsReport).totals).toEqual({ human: 3, ai: 1, total: 4 })
    expect(emu.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v2/agent/proj_docs/job/job_watch_work',
      'GET /v1/analytics/proj_docs/visitors'
    ])
    expect(infoLines().at(-1)).toMatch(/^Visitors, .*: 4 in all \(human 3, AI 1\) over 1 page, in 1 request\.$/)
  })

  it('runs only the visitor export when there is no prompt and no jobId', async () => {
    emu.setVisitors({ totals: { human: 0, ai: 0, total: 0 }, rows: [] })
    const before = emu.requests.length
    const report = await work(
      inputs({
        prompt: undefined,
        comment: { token: TOKEN },
        analytics: {
          dateFrom: '2026-11-01',
          dateTo: '2026-11-08',
          topPages: 5,
          maxRequests: 2,
          compare: false,
          sections: ['visitors'],
          readerText: 'auto'
        }
      })
    )
    expect(report.reports.map((s) => s.kind)).toEqual(['visitors'])
    expect(emu.requests.slice(before).every((r) => r.path.startsWith('/v1/analytics/'))).toBe(true)
    // No comment is due without a job, so the unsupported event is not even looked at.
    expect(stdout).not.toContain('::warning::')
  })

  it('says under the report that a range cut to today is partial, and compares it with the period of its cut length', async () => {
    emu.setVisitors({ totals: { human: 0, ai: 0, total: 0 }, rows: [] })
    const before = emu.requests.length
    const range = {
      dateFrom: '2026-11-05',
      dateTo: '2026-11-08',
      topPages: 5,
      maxRequests: 5,
      sections: ['visitors' as const],
      readerText: 'auto' as const
    }
    const report = await work(inputs({ prompt: undefined, analytics: { ...range, cutFrom: '2026-11-20', compare: true } }))
    expect(report.note).toBe(
      "dateTo (2026-11-20) is after today (UTC, by the run's clock): the range is cut to what has passed, a partial period of " +
        '5 Nov 2026 to 7 Nov 2026 (3 days, UTC), compared with the period of the same length just before it.'
    )
    const periods = emu.requests.slice(before).map((r) => `${r.query.get('dateFrom')}..${r.query.get('dateTo')}`)
    expect(new Set(periods)).toEqual(new Set(['2026-11-05..2026-11-08', '2026-11-02..2026-11-05']))
    // A range that is not cut has no note.
    expect((await work(inputs({ prompt: undefined, analytics: { ...range, compare: false } }))).note).toBeUndefined()
  })

  it('listens for the runner signals only while it works', async () => {
    const before = listenerCounts()
    emu.planJobs({ finishAfterMs: 0 })
    const running = work(inputs())
    expect(listenerCounts()).toEqual(before.map((n) => n + 1))
    await running
    expect(listenerCounts()).toEqual(before)
  })

  it.each(SIGNALS)('stops on %s, reports the job as cancelled, and exits soon after', async (signal) => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never)
    emu.planJobs({ finishAfterMs: 60_000 })
    const existing = process.listeners(signal)
    const running = work(inputs(), { exitAfterSignalMs: 20 })
    const handler = process.listeners(signal).find((l) => !existing.includes(l))
    expect(handler).toBeDefined()
    await logged((l) => l.startsWith('Job ') && l.endsWith(' is active.'))
    handler?.(signal)
    handler?.(signal)
    const report = await running
    const job = report.reports[0] as JobReport
    expect(job.failure).toBe(
      `Cancelled (${signal}) while waiting for job ${job.jobId ?? ''}. The job keeps running on the service: the API cannot cancel it.`
    )
    expect(infoLines().filter((l) => l.startsWith('Received '))).toEqual([`Received ${signal}: stopping and writing what is known.`])
    await vi.waitFor(
      () => {
        expect(exit).toHaveBeenCalledWith(1)
      },
      { timeout: 10_000, interval: 5 }
    )
    expect(exit).toHaveBeenCalledTimes(1)
  })

  it('stops at the deadline and says so', async () => {
    emu.planJobs({ finishAfterMs: 60_000 })
    // 2 s: room for the job to be created before the deadline on a busy machine.
    const report = await work(inputs({ timeoutMs: 2000 }))
    const job = report.reports[0] as JobReport
    expect(job.failure).toMatch(/^Timed out after 2s \(timeoutMinutes\) while waiting for job [0-9a-f]{24}\. /)
  })

  it('reports a failure of the service as the job failure', async () => {
    const report = await work(inputs({ prompt: undefined, jobId: 'no_such_job_work' }))
    expect(report.reports[0]?.failure).toBe(
      'Checking job "no_such_job_work" failed: job "no_such_job_work" was not found in project "proj_docs" (404 Not Found). ' +
        'Check `jobId` and `projectId`. The service said: "Job not found".'
    )
  })
})

describe('work with a comment', () => {
  async function issueEvent(): Promise<void> {
    const file = join(dir, 'event.json')
    await writeFile(file, JSON.stringify({ action: 'opened', issue: { number: 12 } }))
    vi.stubEnv('GITHUB_EVENT_NAME', 'issues')
    vi.stubEnv('GITHUB_EVENT_PATH', file)
  }

  it('comments when the job starts and edits the comment when it ends', async () => {
    await issueEvent()
    emu.planJobs({ finishAfterMs: 0, prLink: 'https://github.com/acme/docs/pull/9' })
    const before = github.requests.length
    const report = await work(inputs({ comment: { token: TOKEN } }))
    const jobId = (report.reports[0] as JobReport).jobId ?? ''
    const mine = github.requests.slice(before)
    expect(mine.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /repos/acme/docs/issues/12/comments',
      'POST /repos/acme/docs/issues/12/comments',
      expect.stringMatching(/^PATCH \/repos\/acme\/docs\/issues\/comments\/\d+$/)
    ])
    expect(mine).toHaveLength(3)
    expect(mine[1]?.auth).toBe(`token ${TOKEN}`)
    expect(commentText(mine[1])).toContain(jobId)
    const end = renderSummary(commentText(mine[2]))
    expect(end.headings).toEqual(['✅ Opened acme/docs#9'])
    expect(end.links[0]).toEqual({ href: 'https://github.com/acme/docs/pull/9', text: 'acme/docs#9' })
    expect(stdout).not.toContain(TOKEN)
  })

  it('comments on the job alone when the run also reads analytics', async () => {
    await issueEvent()
    emu.planJobs({ finishAfterMs: 0, prLink: 'https://github.com/acme/docs/pull/9' })
    emu.setVisitors({ totals: { human: 3, ai: 1, total: 4 }, rows: [{ path: '/a', human: 3, ai: 1, total: 4 }] })
    const before = github.requests.length
    const analytics = {
      dateFrom: '2026-11-01',
      dateTo: '2026-11-08',
      topPages: 5,
      maxRequests: 4,
      compare: false,
      sections: ['visitors', 'views'] as const,
      readerText: 'hide' as const
    }
    const report = await work(inputs({ comment: { token: TOKEN }, analytics }))
    expect(report.reports.map((r) => r.kind)).toEqual(['job', 'visitors', 'views'])
    const mine = github.requests.slice(before)
    expect(mine.map((r) => r.method)).toEqual(['GET', 'POST', 'PATCH'])
    expect(renderSummary(commentText(mine[2])).headings).toEqual(['✅ Opened acme/docs#9'])
  })

  it('still edits the comment when the run is cancelled', async () => {
    await issueEvent()
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never)
    emu.planJobs({ finishAfterMs: 60_000 })
    const before = github.requests.length
    const existing = process.listeners('SIGINT')
    const running = work(inputs({ comment: { token: TOKEN } }), { exitAfterSignalMs: 20 })
    const handler = process.listeners('SIGINT').find((l) => !existing.includes(l))
    expect(handler).toBeDefined()
    await logged((l) => l.endsWith(' is active.'))
    handler?.('SIGINT')
    await running
    const mine = github.requests.slice(before)
    expect(mine.map((r) => r.method)).toEqual(['GET', 'POST', 'PATCH'])
    const end = renderSummary(commentText(mine[2]))
    expect(end.headings).toEqual(['❌ Cancelled'])
    expect(end.text).toContain('Why the step failed: Cancelled (SIGINT) while waiting for job')
    expect(end.text).toContain('Next step: to keep watching the job')
    await vi.waitFor(
      () => {
        expect(exit).toHaveBeenCalledWith(1)
      },
      { timeout: 10_000, interval: 5 }
    )
  })

  it('warns, and runs the job without a comment, when the event names no thread', async () => {
    const before = github.requests.length
    emu.planJobs({ finishAfterMs: 0 })
    const report = await work(inputs({ comment: { token: TOKEN } }))
    expect(report.reports[0]).toMatchObject({ status: 'completed' })
    expect(stdout).toContain('::warning::comment is true, but this run was triggered by "push"')
    expect(github.requests.length).toBe(before)
  })

  it('looks for the thread to comment on when only a job is watched', async () => {
    emu.addJob('job_comment_watch', { finishAfterMs: 0 })
    const report = await work(inputs({ prompt: undefined, jobId: 'job_comment_watch', wait: false, comment: { token: TOKEN } }))
    expect(report.reports[0]).toMatchObject({ jobId: 'job_comment_watch', status: 'completed' })
    expect(stdout).toContain('::warning::comment is true, but this run was triggered by "push"')
  })
})

describe('publishReport', () => {
  it('writes the outputs and the summary of every section', async () => {
    emu.planJobs({ finishAfterMs: 0, prLink: 'https://github.com/acme/docs/pull/31' })
    const report = await work(inputs())
    expect(await publishReport(report)).toEqual([])
    const outputs = parseOutputs(await readFile(join(dir, 'output'), 'utf8'))
    expect(outputs).toEqual({
      jobId: (report.reports[0] as JobReport).jobId,
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/31',
      prNumber: '31'
    })
    const summary = await readFile(join(dir, 'summary'), 'utf8')
    const seen = renderSummary(summary)
    expect(seen.headings[0]).toBe('✅ Opened acme/docs#31')
    // The footer: the action's version and the run.
    expect(seen.text).toContain(`docs-agent-action ${ACTION_VERSION}`)
    expect(seen.links.at(-1)).toEqual({ href: `https://github.com/acme/docs/actions/runs/${runId}`, text: 'workflow run' })
  })
})

describe('work with every analytics section', () => {
  const all: NonNullable<Inputs['analytics']> = {
    dateFrom: '2026-11-01',
    dateTo: '2026-11-08',
    topPages: 5,
    maxRequests: 40,
    compare: true,
    // Named here rather than read from the catalog: the expected requests below are these sections'.
    sections: ['visitors', 'views', 'searches', 'feedback', 'assistant'],
    readerText: 'hide'
  }
  const analyticsRequests = (before: number) => emu.requests.slice(before).filter((r) => r.path.startsWith('/v1/analytics/'))
  const endpoint = (path: string) => path.replace('/v1/analytics/proj_docs/', '')

  beforeEach(() => {
    emu.setVisitors({ totals: { human: 3, ai: 1, total: 4 }, rows: [{ path: '/a', human: 3, ai: 1, total: 4 }] })
  })

  it('reads each section, three at a time, reports them in order, and spends the fewest requests the API allows', async () => {
    const before = emu.requests.length
    const report = await work(inputs({ prompt: undefined, analytics: all }))
    expect(report.reports.map((s) => s.kind)).toEqual(all.sections)
    expect(report.reports.map((s) => s.failure)).toEqual([undefined, undefined, undefined, undefined, undefined])
    // Each section's pages, and one request for its comparison with the previous period: feedback's
    // counts per page, one page of the 98 rows not dismissed (of 130), and its comparison.
    expect(report.reports.map((s) => (s.kind === 'job' ? 0 : s.requests))).toEqual([2, 2, 3, 3, 3])
    const made = analyticsRequests(before)
    // Three sections start together: the first three requests are their first pages.
    expect(
      made
        .slice(0, 3)
        .map((r) => endpoint(r.path))
        .sort()
    ).toEqual(['searches', 'views', 'visitors'])
    const previous = made.filter((r) => r.query.get('dateFrom') === '2026-10-25')
    expect(previous.map((r) => [endpoint(r.path), r.query.get('dateTo'), r.query.get('limit')]).sort()).toEqual([
      ['assistant/caller-stats', '2026-11-01', null],
      ['feedback/by-page', '2026-11-01', '100'],
      ['searches', '2026-11-01', '1'],
      ['views', '2026-11-01', '1'],
      ['visitors', '2026-11-01', '1']
    ])
    expect(made.map((r) => endpoint(r.path)).sort()).toEqual([
      'assistant',
      'assistant/caller-stats',
      'assistant/caller-stats',
      'feedback',
      'feedback/by-page',
      'feedback/by-page',
      'searches',
      'searches',
      'searches',
      'views',
      'views',
      'visitors',
      'visitors'
    ])
    for (const section of report.reports) if (section.kind !== 'job') expect(section.previous?.dateFrom).toBe('2026-10-25')
  })

  it('keeps the text readers typed out of every section when it is hidden, and never reads a contact address', async () => {
    const report = await work(inputs({ prompt: undefined, analytics: all }))
    const kept = JSON.stringify(report.reports)
    expect(kept).not.toContain('how to configure feature')
    expect(kept).not.toContain('How do I set up feature')
    // Contact addresses (reader<n>@example.com), and e-mail addresses typed into reader text.
    expect(kept).not.toMatch(/reader\d+@example\.com/)
    expect(kept).not.toContain('[email]')
    expect(stdout).not.toContain('Reader text')
  })

  it('shows reader text under auto only when GitHub says the repository is private, e-mail addresses masked', async () => {
    github.setVisibility('acme/docs', 'private')
    // The payload's snapshot is not asked: GitHub is.
    const event = join(dir, 'event.json')
    await writeFile(event, JSON.stringify({ repository: { full_name: 'acme/docs', private: false } }))
    vi.stubEnv('GITHUB_EVENT_PATH', event)
    const before = github.requests.length
    const report = await work(inputs({ prompt: undefined, githubToken: TOKEN, analytics: { ...all, readerText: 'auto' } }))
    const kept = JSON.stringify(report.reports)
    expect(kept).toContain('how to configure feature')
    expect(kept).toContain('How do I set up feature')
    expect(kept).not.toMatch(/reader\d+@example\.com/)
    expect(kept).toContain('"comment":"write to [email] please"')
    expect(infoLines()).toContain(
      "Reader text (search terms, feedback comments, assistant questions and their categories, and page paths the site's navigation does not list) is shown: GitHub says the repository is private (readerText: auto)."
    )
    expect(github.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /repos/acme/docs'])
  })

  it.each([
    ['public', 'GitHub says the repository is public'],
    ['internal', 'GitHub says the repository is internal']
  ] as const)('hides reader text under auto when GitHub says the repository is %s, whatever the payload says', async (visibility, said) => {
    github.setVisibility('acme/docs', visibility)
    const event = join(dir, 'event.json')
    await writeFile(event, JSON.stringify({ repository: { full_name: 'acme/docs', private: true, visibility: 'private' } }))
    vi.stubEnv('GITHUB_EVENT_PATH', event)
    const report = await work(inputs({ prompt: undefined, githubToken: TOKEN, analytics: { ...all, readerText: 'auto' } }))
    expect(JSON.stringify(report.reports)).not.toContain('how to configure feature')
    expect(infoLines()).toContain(
      `Reader text (search terms, feedback comments, assistant questions and their categories, and page paths the site's navigation does not list) is hidden: ${said} (readerText: auto). Set readerText: show to show it.`
    )
  })

  it('hides reader text under auto when GitHub cannot be asked, and says so once', async () => {
    github.setVisibility('acme/docs', 'private')
    github.failWith(502, ['GET'])
    try {
      const report = await work(inputs({ prompt: undefined, githubToken: TOKEN, analytics: { ...all, readerText: 'auto' } }))
      expect(JSON.stringify(report.reports)).not.toContain('how to configure feature')
    } finally {
      github.failWith(undefined)
    }
    const warnings = stdout.split('\n').filter((line) => line.startsWith('::warning::'))
    expect(warnings).toEqual([
      "::warning::Could not ask GitHub whether acme/docs is private (HTTP 502): it is taken for public, and readers' words are kept out of what it shows."
    ])
    expect(infoLines()).toContain(
      "Reader text (search terms, feedback comments, assistant questions and their categories, and page paths the site's navigation does not list) is hidden: GitHub could not say whether the repository is private (readerText: auto). Set readerText: show to show it."
    )
  })

  it('hides reader text under auto without a token to ask GitHub with, and says why', async () => {
    github.setVisibility('acme/docs', 'private')
    const before = github.requests.length
    const report = await work(inputs({ prompt: undefined, analytics: { ...all, readerText: 'auto' } }))
    expect(JSON.stringify(report.reports)).not.toContain('how to configure feature')
    expect(infoLines()).toContain(
      "Reader text (search terms, feedback comments, assistant questions and their categories, and page paths the site's navigation does not list) is hidden: no githubToken is given to ask GitHub whether the repository is private (readerText: auto). Set readerText: show to show it."
    )
    expect(stdout).not.toContain('::warning::')
    expect(github.requests.length).toBe(before)
  })

  it('leaves feedback the docs team dismissed in Mintlify, or resolved with no fix, out of the counts, the rows and the comparison', async () => {
    const counts = (thumbsDown: number, status: string) => ({ path: '/a', thumbsUp: 1, thumbsDown, code: 0, total: thumbsDown + 1, status })
    emu.setFeedbackByPage([counts(4, 'pending'), counts(9, 'dismissed')], { dateFrom: '2026-11-01', dateTo: '2026-11-08' })
    emu.setFeedbackByPage([counts(2, 'resolved'), counts(30, 'dismissed')], { dateFrom: '2026-10-25', dateTo: '2026-11-01' })
    const row = (id: string, status: string) => ({
      id,
      path: '/a',
      comment: `comment ${id}`,
      createdAt: '2026-11-03T10:00:00Z',
      source: 'contextual' as const,
      status: status as 'pending',
      helpful: false
    })
    emu.setFeedback([row('kept', 'in_progress'), row('dismissed', 'dismissed'), row('resolved', 'resolved')])
    onTestFinished(() => {
      emu.setFeedbackByPage(defaultFeedbackByPage())
      emu.setFeedback(defaultFeedback())
    })
    const report = await work(inputs({ prompt: undefined, analytics: { ...all, sections: ['feedback'], readerText: 'show' } }))
    const feedback = report.reports.find((r) => r.kind === 'feedback')
    expect(feedback?.kind === 'feedback' && feedback.pages?.map((page) => page.thumbsDown)).toEqual([4])
    // No docs health issue: no page has a fix, so resolved feedback counts nowhere.
    expect(feedback?.kind === 'feedback' && feedback.entries.map((entry) => entry.comment)).toEqual(['comment kept'])
    expect(feedback?.kind === 'feedback' && feedback.previous?.value).toBe(0)
  })

  it("gives the gap signals' further pages before traffic's when requests are short", async () => {
    // Visitors has pages to spare; searches and feedback rows have one more page each.
    emu.setVisitors({ totals: siteTotals(1000), rows: visitorRows(1000) })
    emu.setFeedback(defaultFeedback().map((row) => ({ ...row, status: 'pending' })))
    onTestFinished(() => {
      emu.setFeedback(defaultFeedback())
    })
    const before = emu.requests.length
    // Five first pages, the feedback rows and the caller stats are reserved: two requests are left over.
    const report = await work(inputs({ prompt: undefined, analytics: { ...all, maxRequests: 9, compare: false } }))
    const sections = report.reports.filter((r) => r.kind !== 'job')
    expect(sections.map((s) => [s.kind, s.requests, s.partial])).toEqual([
      ['visitors', 1, true],
      ['views', 1, false],
      ['searches', 2, false],
      ['feedback', 3, false],
      ['assistant', 2, false]
    ])
    expect(analyticsRequests(before)).toHaveLength(9)
  })

  it('gives every section its first request before any section a second one when requests are short', async () => {
    const before = emu.requests.length
    const report = await work(inputs({ prompt: undefined, analytics: { ...all, maxRequests: 5, compare: false } }))
    expect(report.reports.map((s) => (s.kind === 'job' ? 0 : s.requests))).toEqual([1, 1, 1, 1, 1])
    expect(
      analyticsRequests(before)
        .map((r) => endpoint(r.path))
        .sort()
    ).toEqual(['assistant', 'feedback/by-page', 'searches', 'views', 'visitors'])
    expect(report.reports.map((s) => s.kind !== 'job' && s.partial)).toEqual([false, false, true, true, true])
  })

  it('keeps the docs health issue of a run that reads analytics: creates it, records the period, and links it', async () => {
    const before = github.issues.length
    const report = await work(inputs({ prompt: undefined, analytics: all, healthIssue: { token: TOKEN, title: 'Docs health' } }))
    const created = github.issues.slice(before)
    expect(created.map((issue) => issue.title)).toEqual(['Docs health'])
    expect(report.healthIssue?.url).toBe(created[0]?.html_url)
    expect(report.healthIssue?.failure).toBeUndefined()
    expect(report.reports.map((r) => r.kind)).toEqual(SECTION_NAMES.filter((name) => all.sections.includes(name)))
    // An issue read names its fixes, none here: no page's fixes are unknown.
    expect(report.reports.find((r) => r.kind === 'feedback')).not.toHaveProperty('fixesUnknown')
  })

  it('runs the prompt of the workflow and leaves the ticks of the docs health issue for a run without one', async () => {
    const before = emu.requests.length
    const report = await work(inputs({ wait: false, analytics: all, healthIssue: { token: TOKEN, title: 'Docs health' } }))
    const [job] = report.reports
    expect(job?.kind).toBe('job')
    const created = emu.requests.slice(before).filter((r) => r.method === 'POST')
    expect(created.map((r) => r.path)).toEqual(['/v2/agent/proj_docs/job'])
    expect(JSON.stringify(created[0]?.body)).toContain('Document the CLI')
    expect(report.healthIssue?.asked).toBe(0)
  })

  it('says why the docs health issue could not be read, and still reads the analytics', async () => {
    github.failWith(403)
    const report = await work(inputs({ prompt: undefined, analytics: all, healthIssue: { token: TOKEN, title: 'Docs health' } }))
    expect(report.healthIssue).toEqual({
      failure: 'The docs health issue could not be read (HTTP 403): give the job `permissions: issues: write`, or set healthIssue: false.',
      resolved: 0,
      asked: 0
    })
    expect(report.reports.length).toBeGreaterThan(0)
    // Which pages have a fix is not known: the feedback section says resolved feedback counts on none.
    const feedback = report.reports.find((r) => r.kind === 'feedback')
    if (feedback?.kind !== 'feedback') throw new Error('no feedback section')
    expect(feedback.fixesUnknown).toBe(true)
    expect(feedbackReadNotes(feedback).join(' ')).toContain('The docs health issue could not be read, so no page is known to have a fix')
  })
})
