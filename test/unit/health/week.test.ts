// Tests the docs health issue's weekly loop (src/health/week.ts) in process, through plain fakes of
// its ports: the issue (its body as written, the comment), the pull requests, the service's jobs, the
// agent job and the period's analytics. A week, a tick, a merge and a week again, each run one call of
// weeklyRun from the state the last one ended with: what each run asks of its ports, in order, and
// what it ends with.
import { describe, expect, it } from 'vitest'
import type { JobReport } from '../../../src/agent/outcome.js'
import type { AgentJob } from '../../../src/api/schemas.js'
import { editTicks } from '../../../src/health/edit-ticks.js'
import { fingerprint, type PullState } from '../../../src/health/ledger.js'
import type { HealthState } from '../../../src/health/state.js'
import type { AnalyticsRead, Trigger } from '../../../src/health/transition.js'
import { type Week, type WeekPorts, weeklyRun } from '../../../src/health/week.js'
import { fixFirst, type Signal } from '../../../src/render/fix-first.js'

const PROJECT = 'proj'
const SERVER = 'https://github.com'
const WEBHOOKS = '/guides/webhooks'
const WEBHOOKS_ID = fingerprint('page', WEBHOOKS)
const PR = 'https://github.com/acme/docs/pull/7'

/** The week starting `n` weeks after 2 November 2026. */
const week = (n: number) => {
  const from = new Date(Date.UTC(2026, 10, 2 + 7 * n))
  const to = new Date(from.getTime() + 7 * 86_400_000)
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: to.toISOString().slice(0, 10) }
}
const down = (page: string, count: number): Signal => ({ kind: 'thumbs-down', count, page })
const up = (page: string, count: number): Signal => ({ kind: 'thumbs-up', count, page })

/** What week `n`'s analytics give the issue. */
const analytics = (n: number, signals: Signal[]): AnalyticsRead => ({
  overview: {
    ...week(n),
    rangeText: `week ${n}`,
    requests: 4,
    headlines: [{ key: 'visitorsHuman', name: 'Human visitors', value: 200 + n }],
    items: fixFirst(signals),
    incomplete: [],
    uncompared: []
  },
  sections: { signals, measured: { feedback: true, assistant: true, searches: true } },
  traffic: []
})

/** A repository with the docs health issue (its body, the owned part alone), its pull requests and the service's jobs, as ports. */
function world() {
  const calls: string[] = []
  const log: string[] = []
  const comments: string[] = []
  const prompts: string[] = []
  const fixesRead: ReadonlyMap<string, string>[] = []
  const pulls = new Map<string, PullState>()
  const jobs = new Map<string, AgentJob>()
  let body: string | undefined
  /** What the next run's agent job comes to, when it is asked for one. */
  let job: JobReport | undefined
  /** What the next run's analytics read. */
  let period: AnalyticsRead | undefined
  const ports: WeekPorts = {
    log: { info: (text) => log.push(text), warning: (text) => log.push(`warning: ${text}`) },
    readIssue: () => {
      calls.push('read issue')
      return Promise.resolve(body)
    },
    writeIssue: (owned) => {
      calls.push('write issue')
      body = owned
      return Promise.resolve()
    },
    comment: (text) => {
      calls.push('comment')
      comments.push(text)
      return Promise.resolve()
    },
    pullState: (owner, repo, number) => {
      calls.push(`pull ${owner}/${repo}#${number}`)
      return Promise.resolve(pulls.get(`${owner}/${repo}#${number}`))
    },
    pullMoves: () => Promise.resolve([]),
    failureOf: (error) => `: ${String(error)}`,
    getJob: (jobId) => {
      calls.push(`job ${jobId}`)
      return Promise.resolve(jobs.get(jobId) ?? {})
    },
    mayQuote: () => {
      calls.push('may quote')
      return Promise.resolve(false)
    },
    runJob: async (prompt, started) => {
      if (prompt === undefined || job?.jobId === undefined) return []
      calls.push('agent job')
      prompts.push(prompt)
      await started(job.jobId)
      return [job]
    },
    readPeriod: (fixes) => {
      calls.push('analytics')
      if (fixes) fixesRead.push(fixes)
      return Promise.resolve(period)
    }
  }
  return {
    ports,
    calls,
    log,
    comments,
    prompts,
    fixesRead,
    pulls,
    body: () => body,
    setBody: (text: string) => (body = text),
    next: (more: { job?: JobReport; period?: AnalyticsRead }) => {
      job = more.job
      period = more.period
      calls.length = 0
    }
  }
}

const settings = (runId: string) => ({
  projectId: PROJECT,
  runId,
  showWords: true,
  footer: { action: 'docs-agent-action', version: '1.2.3' }
})
const schedule = (today: string): Trigger => ({ issueEvent: false, mayAct: true, today })

/** One run of the weekly loop from the state and body the last one left. */
function run(w: ReturnType<typeof world>, read: HealthState | undefined, trigger: Trigger, runId: string): Promise<Week> {
  return weeklyRun({ read, body: w.body(), trigger, settings: settings(runId), githubServer: SERVER, mayAsk: true }, w.ports)
}

const gapOf = (end: Week) => end.now.state.gaps.find((gap) => gap.id === WEBHOOKS_ID)

describe('the weekly loop through its ports', () => {
  it('records a gap, asks the agent once it is ticked, follows the merge and announces the verdict', async () => {
    const w = world()

    // Week 0: no issue yet; readers cannot find their way on the webhooks page.
    w.next({ period: analytics(0, [down(WEBHOOKS, 30), up(WEBHOOKS, 10)]) })
    const first = await run(w, undefined, schedule('2026-11-09'), '1')
    expect(w.calls).toEqual(['analytics', 'read issue', 'write issue'])
    expect(w.fixesRead.at(-1)?.size).toBe(0)
    expect(gapOf(first)?.state).toBe('new')
    expect(first.owned).toBe(w.body())
    expect(w.body()).toMatch(new RegExp(`- \\[ \\] .*<!-- gap:${WEBHOOKS_ID} -->`))

    // A person who may push ticks it: that edit's run records the ask, then asks, records the job at
    // once, reads no analytics, and reads the pull request the job opened.
    const before = w.body() ?? ''
    const ticked = before.replace(new RegExp(`^(\\s*[-*+] )\\[ \\](.*<!-- gap:${WEBHOOKS_ID} -->)$`, 'm'), '$1[x]$2')
    w.setBody(ticked)
    w.pulls.set('acme/docs#7', { state: 'open' })
    w.next({
      job: {
        kind: 'job',
        outcome: 'opened',
        followUp: false,
        unknownStatuses: [],
        headline: 'Done.',
        jobId: 'job-1',
        prLink: PR,
        prNumber: '7',
        prRepository: 'acme/docs'
      }
    })
    const edit: Trigger = { issueEvent: true, mayAct: true, edited: editTicks(ticked, before), editor: 'alice', today: '2026-11-10' }
    const tick = await run(w, first.now.state, edit, '2')
    expect(w.calls).toEqual([
      'read issue',
      'write issue',
      'may quote',
      'agent job',
      'read issue',
      'write issue',
      'pull acme/docs#7',
      'read issue',
      'write issue'
    ])
    expect(tick.asks?.gaps.map((gap) => gap.id)).toEqual([WEBHOOKS_ID])
    expect(w.prompts[0]).toContain(`page ${WEBHOOKS}`)
    expect(gapOf(tick)).toMatchObject({ state: 'pr-open', prLink: PR, jobId: 'job-1', askedBy: '2' })
    expect(w.log).toContain('Asking the agent for 1 ticked gap of the docs health issue.')

    // Week 1: the pull request was merged.
    w.pulls.set('acme/docs#7', { state: 'merged', mergedOn: '2026-11-16' })
    w.next({ period: analytics(1, [down(WEBHOOKS, 30), up(WEBHOOKS, 10)]) })
    const merged = await run(w, tick.now.state, schedule('2026-11-16'), '3')
    expect(w.calls).toEqual(['analytics', 'pull acme/docs#7', 'read issue', 'write issue'])
    expect(gapOf(merged)).toMatchObject({ state: 'merged', mergedOn: '2026-11-16' })
    expect(w.comments).toEqual([])

    // Week 2: no reader is in trouble on the page, many are glad of it. The fix worked, and the person
    // who ticked it hears so, once.
    w.next({ period: analytics(2, [up(WEBHOOKS, 40)]) })
    const after = await run(w, merged.now.state, schedule('2026-11-23'), '4')
    expect(w.fixesRead.at(-1)).toEqual(new Map([[WEBHOOKS, '2026-11-16']]))
    expect(w.calls).toEqual(['analytics', 'read issue', 'write issue', 'comment'])
    expect(gapOf(after)).toMatchObject({ state: 'resolved', verdict: 'fixed' })
    expect(w.body()).toContain(`✅ <strong>Fixed:</strong> <code>${WEBHOOKS}</code>`)
    expect(w.comments).toHaveLength(1)
    expect(w.comments[0]).toContain('@alice')

    w.next({ period: analytics(3, [up(WEBHOOKS, 40)]) })
    await run(w, after.now.state, schedule('2026-11-30'), '5')
    expect(w.calls).not.toContain('comment')
  })

  it('goes on without the issue when the jobs it follows cannot be read: the job and the analytics, no fix known', async () => {
    const w = world()
    w.next({ period: analytics(0, [down(WEBHOOKS, 30)]) })
    const first = await run(w, undefined, schedule('2026-11-09'), '1')
    // An earlier run asked for the gap and left its job running; the service cannot be reached now.
    const asked: HealthState = {
      ...first.now.state,
      gaps: first.now.state.gaps.map((gap) => ({ ...gap, state: 'asked', jobId: 'job-9', askedBy: '1' }))
    }
    w.ports.getJob = () => Promise.reject(new Error('socket hang up'))
    w.next({ period: analytics(1, [down(WEBHOOKS, 30)]) })
    const end = await run(w, asked, schedule('2026-11-16'), '2')
    expect(w.calls).toEqual(['analytics'])
    expect(w.fixesRead).toHaveLength(1)
    expect(end).toMatchObject({ unread: true, failure: 'The docs health issue could not be read: Error: socket hang up' })
  })
})
