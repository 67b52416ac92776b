// Tests the docs health issue's transition (src/health/transition.ts) in process, with no GitHub: runs
// are driven step by step in the order health/week.ts takes them (begin, ask, the job, the
// period, the pull requests, the body), from one run's state and body to the next. A week, then a
// tick, then a merge, then a week; ticks that an edit did not make; who may act; dismissals; reader
// text hidden; the jobs followed; the top of the issue kept or left out; a newer state carried through.
import { describe, expect, it } from 'vitest'
import type { JobReport } from '../../../src/agent/outcome.js'
import { fixFirst, type Signal } from '../../../src/render/fix-first.js'
import type { Overview } from '../../../src/render/overview.js'
import { editTicks } from '../../../src/health/edit-ticks.js'
import { fingerprint, type PullState } from '../../../src/health/ledger.js'
import { decodeState, emptyState, type GapRecord, type HealthState } from '../../../src/health/state.js'
import {
  type AnalyticsRead,
  ask,
  begin,
  jobEnded,
  jobReported,
  jobsToFollow,
  periodRead,
  promptOf,
  recordedJobIds,
  pullsRead,
  pullsToRead,
  reportOf,
  started,
  type Transition,
  type TransitionSettings,
  type Trigger,
  writesAtEnd,
  written
} from '../../../src/health/transition.js'

const PROJECT = 'proj'
const WEBHOOKS = '/guides/webhooks'
const WEBHOOKS_ID = fingerprint('page', WEBHOOKS)
const PR = 'https://github.com/acme/docs/pull/7'

const settings = (runId: string, more: Partial<TransitionSettings> = {}): TransitionSettings => ({
  projectId: PROJECT,
  runId,
  showWords: true,
  footer: { action: 'docs-agent-action', version: '1.2.3', runUrl: `https://github.com/acme/docs/actions/runs/${runId}` },
  ...more
})
const schedule = (today: string): Trigger => ({ issueEvent: false, mayAct: true, today })
/** A person who may push edited the issue from `before` to `after`. */
const edit = (after: string, before: string, today: string, mayAct = true): Trigger => ({
  issueEvent: true,
  mayAct,
  edited: editTicks(after, before),
  today
})

/** The week starting `n` weeks after 2 November 2026. */
const week = (n: number) => {
  const from = new Date(Date.UTC(2026, 10, 2 + 7 * n))
  const to = new Date(from.getTime() + 7 * 86_400_000)
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: to.toISOString().slice(0, 10) }
}
const down = (page: string, count: number): Signal => ({ kind: 'thumbs-down', count, page })
const up = (page: string, count: number): Signal => ({ kind: 'thumbs-up', count, page })
const search = (text: string, count: number): Signal => ({ kind: 'no-click', count, search: text })
const unanswered = (page: string, count: number): Signal => ({ kind: 'unanswered', count, page })

/** What week `n`'s analytics give the issue, from every section's signals. */
const analytics = (n: number, signals: Signal[], more: Partial<Overview> = {}): AnalyticsRead => ({
  overview: {
    ...week(n),
    rangeText: `week ${n}`,
    requests: 4,
    headlines: [{ key: 'visitorsHuman', name: 'Human visitors', value: 200 + n }],
    items: fixFirst(signals),
    incomplete: [],
    uncompared: [],
    ...more
  },
  sections: { signals, measured: { feedback: true, assistant: true, searches: true } },
  traffic: []
})

/** A run that no edit started, as the shell takes it: begin, ask, the period (if read), the pull requests, the body. */
function scheduled(
  state: HealthState | undefined,
  body: string | undefined,
  options: { runId: string; today: string; read?: AnalyticsRead; pulls?: ReadonlyMap<string, PullState> }
) {
  let t = begin(state, body, schedule(options.today), settings(options.runId))
  const asking = body === undefined ? undefined : ask(t, body)
  expect(asking?.asks).toBeUndefined()
  if (options.read) t = periodRead(t, options.read)
  const toRead = pullsToRead(t)
  t = pullsRead(t, new Map([...(options.pulls ?? new Map<string, PullState>())].filter(([link]) => toRead.includes(link))))
  const { transition, owned } = written(t, body ?? '')
  return { t: transition, body: owned, report: reportOf(transition) }
}

/** `body` with the box of gap `id` ticked: `kind` 'gap' asks the agent, 'dismiss' says it is not a gap. */
function tick(body: string, id: string, kind: 'gap' | 'dismiss' = 'gap'): string {
  const line =
    kind === 'gap'
      ? new RegExp(`^(\\s*[-*+] )\\[ \\](.*<!-- gap:${id} -->\\s*)$`, 'm')
      : new RegExp(`^(\\s*[-*+] )\\[ \\]( Not a gap <!-- dismiss:${id} -->\\s*)$`, 'm')
  const ticked = body.replace(line, '$1[x]$2')
  expect(ticked).not.toBe(body)
  return ticked
}

const gapOf = (t: Transition, id = WEBHOOKS_ID): GapRecord | undefined => t.state.gaps.find((gap) => gap.id === id)

const jobReport = (more: Partial<JobReport>): JobReport => ({
  kind: 'job',
  outcome: 'opened',
  followUp: false,
  unknownStatuses: [],
  headline: 'The agent job ended.',
  ...more
})

describe('the docs health issue over a week, a tick, a merge and a week', () => {
  it('records the gap, asks the agent for it once ticked, follows its pull request to the merge, and judges the fix', () => {
    // Week 0: readers cannot find their way on the webhooks page.
    const first = scheduled(undefined, undefined, {
      runId: '1',
      today: '2026-11-09',
      read: analytics(0, [down(WEBHOOKS, 30), up(WEBHOOKS, 10)])
    })
    expect(first.t.state.gaps.map((gap) => [gap.subject, gap.state])).toEqual([[WEBHOOKS, 'new']])
    expect(first.t.state.periods.map((period) => period.dateFrom)).toEqual(['2026-11-02'])
    expect(first.body).toMatch(new RegExp(`- \\[ \\] .*<!-- gap:${WEBHOOKS_ID} -->`))
    expect(first.body).toContain('by docs-agent-action 1.2.3')
    expect(first.report).toMatchObject({ asked: 0, resolved: 0, resolvedNames: [], open: 1 })
    expect(decodeState(first.body, PROJECT)?.gaps.map((gap) => gap.state)).toEqual(['new'])

    // A person who may push ticks the gap: the run that edit started asks for it, and only it.
    const ticked = tick(first.body, WEBHOOKS_ID)
    let t = begin(first.t.state, ticked, edit(ticked, first.body, '2026-11-10'), settings('2'))
    expect(writesAtEnd(t)).toBe(false)
    const asking = ask(t, ticked)
    expect(asking.asks?.gaps.map((gap) => gap.id)).toEqual([WEBHOOKS_ID])
    expect(asking.asks?.period).toEqual(week(0))
    expect(asking.asks?.note).toBe('Asking the agent for 1 ticked gap of the docs health issue.')
    // The transition before the ask is left as it was: a run whose issue could not record the ask goes on from it.
    expect(gapOf(t)?.state).toBe('new')
    t = asking.transition
    expect(gapOf(t)).toMatchObject({ state: 'asked', askedBy: '2' })
    expect(writesAtEnd(t)).toBe(true)
    const prompt = promptOf(asking.asks ?? { gaps: [], note: '' }, false, 'MARK')
    expect(prompt).toContain(`- page ${WEBHOOKS}: 30 thumbs down`)
    expect(prompt).toContain('2–8 Nov 2026')
    // The same body read again by the same workflow run (a re-run) asks nothing twice.
    expect(ask(t, ticked).asks).toBeUndefined()
    t = started(t, 'job-1')
    expect(gapOf(t)).toMatchObject({ state: 'asked', jobId: 'job-1' })
    t = jobReported(t, { ...jobReport({ jobId: 'job-1', prLink: PR, prNumber: '7', prRepository: 'acme/docs' }) })
    expect(gapOf(t)).toMatchObject({ state: 'pr-open', prLink: PR })
    expect(recordedJobIds(t)).toEqual(['job-1'])
    const tickRun = written(t, ticked)
    expect(tickRun.owned).toContain(PR)
    // The ticked gap is with the agent: no box is left to tick.
    expect(reportOf(tickRun.transition)).toMatchObject({ asked: 1, askedGaps: [{ kind: 'page', subject: WEBHOOKS }], open: 0 })

    // Week 1: the pull request was merged; the readers' trouble of the week is still that before the merge.
    const merged = scheduled(tickRun.transition.state, tickRun.owned, {
      runId: '3',
      today: '2026-11-16',
      read: analytics(1, [down(WEBHOOKS, 30), up(WEBHOOKS, 10)]),
      pulls: new Map([[PR, { state: 'merged', mergedOn: '2026-11-16' }]])
    })
    expect(gapOf(merged.t)).toMatchObject({ state: 'merged', mergedOn: '2026-11-16', prLink: PR })
    expect(merged.report.resolved).toBe(0)

    // Week 2, after the merge: no reader is in trouble on the page, many are glad of it. The fix worked.
    const after = scheduled(merged.t.state, merged.body, { runId: '4', today: '2026-11-23', read: analytics(2, [up(WEBHOOKS, 40)]) })
    expect(gapOf(after.t)).toMatchObject({ state: 'resolved', verdict: 'fixed' })
    expect(after.report).toMatchObject({ resolved: 1, resolvedNames: [WEBHOOKS] })
    expect(after.t.state.periods.map((period) => [period.dateFrom, period.resolved ?? 0])).toEqual([
      ['2026-11-02', 0],
      ['2026-11-09', 0],
      ['2026-11-16', 1]
    ])
    expect(after.body).toContain(`✅ <strong>Fixed:</strong> <code>${WEBHOOKS}</code>`)
  })

  it('counts a fix whose merge is seen after its period was read in that period', () => {
    const merged: GapRecord = {
      id: WEBHOOKS_ID,
      kind: 'page',
      subject: WEBHOOKS,
      firstSeen: '2026-11-02',
      lastSeen: '2026-11-02',
      periods: 1,
      score: 12,
      evidence: { down: 30 },
      state: 'pr-open',
      prLink: PR,
      askedBy: '1',
      before: { dateFrom: '2026-11-02', dateTo: '2026-11-09', down: 30, up: 10 }
    }
    const state: HealthState = { ...emptyState(PROJECT), gaps: [merged] }
    const run = scheduled(state, undefined, {
      runId: '2',
      today: '2026-11-23',
      read: analytics(2, [up(WEBHOOKS, 40)]),
      pulls: new Map([[PR, { state: 'merged', mergedOn: '2026-11-15' }]])
    })
    expect(gapOf(run.t)?.state).toBe('resolved')
    expect(run.report).toMatchObject({ resolved: 1, resolvedNames: [WEBHOOKS] })
    // Without the analytics, the period read before keeps its count: nothing is resolved by this run.
    const tick = scheduled(state, undefined, {
      runId: '2',
      today: '2026-11-23',
      pulls: new Map([[PR, { state: 'merged', mergedOn: '2026-11-15' }]])
    })
    expect(gapOf(tick.t)?.state).toBe('merged')
    expect(tick.report.resolved).toBe(0)
  })
})

describe('ticks', () => {
  /** Two pages readers have trouble with, on a site whose other pages they like. */
  const SITE = [down(WEBHOOKS, 30), up(WEBHOOKS, 10), down('/quickstart', 20), up('/quickstart', 10), up('/intro', 300)]

  const open = (): { state: HealthState; body: string } => {
    const run = scheduled(undefined, undefined, {
      runId: '1',
      today: '2026-11-09',
      read: analytics(0, SITE)
    })
    return { state: run.t.state, body: run.body }
  }

  it('asks nothing for boxes that were ticked before the edit that started the run, and says they wait', () => {
    const { state, body } = open()
    const ticked = tick(body, WEBHOOKS_ID)
    // An edit that changed no box: the tick was there before it.
    const t = begin(state, ticked, edit(ticked, ticked, '2026-11-10'), settings('2'))
    const asking = ask(t, ticked)
    expect(asking.asks).toBeUndefined()
    expect(asking.transition.state).toEqual(t.state)
    expect(asking.transition.notes).toEqual([
      '1 box asking the agent was ticked before this edit, not by it: a run started by an edit acts only on the boxes that edit ticked, so these wait for the next scheduled run.'
    ])
    expect(writesAtEnd(asking.transition)).toBe(false)
    // The next scheduled run acts on it.
    const next = ask(begin(state, ticked, schedule('2026-11-16'), settings('3')), ticked)
    expect(next.asks?.gaps.map((gap) => gap.subject)).toEqual([WEBHOOKS])
    expect(next.transition.notes).toEqual([])
  })

  it('asks only for the box the edit ticked, and counts those that wait', () => {
    const { state, body } = open()
    const before = tick(tick(body, fingerprint('page', '/quickstart')), WEBHOOKS_ID, 'dismiss')
    const after = tick(before, WEBHOOKS_ID)
    const t = begin(state, after, edit(after, before, '2026-11-10'), settings('2'))
    expect(t.dismissedNow).toBe(0)
    expect(t.notes).toEqual([
      '1 box saying "Not a gap" was ticked before this edit, not by it: a run started by an edit acts only on the boxes that edit ticked, so these wait for the next scheduled run.'
    ])
    const asking = ask(t, after)
    expect(asking.asks?.gaps.map((gap) => gap.subject)).toEqual([WEBHOOKS])
    expect(asking.transition.notes).toEqual([expect.stringMatching(/^1 box asking the agent was ticked before this edit/)])
  })

  it('says which ticked boxes name no gap of the state, and why, and asks for the others', () => {
    const { state, body } = open()
    const known = tick(body, WEBHOOKS_ID)
    const unknown = known.replace(`<!-- gap:${WEBHOOKS_ID} -->`, '<!-- gap:0123456789ab -->')
    expect(unknown).not.toBe(known)
    const alone = ask(begin(state, unknown, schedule('2026-11-10'), settings('2')), unknown)
    expect(alone.asks).toBeUndefined()
    expect(alone.transition.notes).toEqual([
      "1 ticked box names no gap the docs health issue's state holds (gap 0123456789ab), so nothing is asked for it: " +
        'a search gap is named otherwise once reader text is shown or hidden (the repository turned public or private, or readerText changed), ' +
        'and a gap the state no longer keeps has left the ledger. Tick the gap again in the issue as it is now.'
    ])
    const both = tick(unknown, fingerprint('page', '/quickstart'))
    const asking = ask(begin(state, both, schedule('2026-11-10'), settings('2')), both)
    expect(asking.asks?.gaps.map((gap) => gap.subject)).toEqual(['/quickstart'])
    expect(asking.transition.notes).toEqual([
      expect.stringMatching(/^1 ticked box names no gap .*\(gap 0123456789ab\), so nothing is asked for it: /)
    ])
  })

  it('names at most five of the ticked boxes that name no gap, and counts them all', () => {
    const { state, body } = open()
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'].map((c) => c.repeat(12))
    const lines = (count: number) => ids.slice(0, count).map((id) => `- [x] Ask the agent <!-- gap:${id} -->`)
    const withBoxes = (count: number) => body.replace(/(\n- \[ \][^\n]*<!-- gap:)/, `\n${lines(count).join('\n')}$1`)
    expect(withBoxes(6)).not.toBe(body)
    const six = ask(begin(state, withBoxes(6), schedule('2026-11-10'), settings('2')), withBoxes(6))
    expect(six.transition.notes).toEqual([
      expect.stringMatching(
        /^6 ticked boxes name no gap .* \(gap aaaaaaaaaaaa, gap bbbbbbbbbbbb, gap cccccccccccc, gap dddddddddddd, gap eeeeeeeeeeee, …\), so nothing is asked for them: /
      )
    ])
    const five = ask(begin(state, withBoxes(5), schedule('2026-11-10'), settings('2')), withBoxes(5))
    expect(five.transition.notes).toEqual([
      expect.stringMatching(/\(gap aaaaaaaaaaaa, gap bbbbbbbbbbbb, gap cccccccccccc, gap dddddddddddd, gap eeeeeeeeeeee\), so/)
    ])
  })

  it('acts on no tick of someone who may not act', () => {
    const { state, body } = open()
    const ticked = tick(tick(body, WEBHOOKS_ID), fingerprint('page', '/quickstart'), 'dismiss')
    const t = begin(state, ticked, edit(ticked, body, '2026-11-10', false), settings('2'))
    expect(t.dismissedNow).toBe(0)
    expect(t.notes).toEqual([])
    const asking = ask(t, ticked)
    expect(asking.asks).toBeUndefined()
    expect(asking.transition.notes).toEqual([])
    expect(writesAtEnd(asking.transition)).toBe(false)
  })

  it("counts a gap page's searches with no click in a period its readers said nothing else, and Fix first joins them to it", () => {
    const { state } = open()
    const quiet = [search('webhooks setup', 5), down('/quickstart', 20), up('/quickstart', 10), up('/intro', 300)]
    const next = periodRead(begin(state, undefined, schedule('2026-11-16'), settings('2')), analytics(1, quiet))
    // Not 0 searches with no click: the readers who searched in vain are still the page's readers in trouble.
    expect(gapOf(next)?.now).toMatchObject({ noClick: 5, down: 0, up: 0 })
    expect(next.overview?.items.find((item) => item.page === WEBHOOKS)?.signals).toEqual([search('webhooks setup', 5)])
    expect(next.overview?.items.some((item) => item.search === 'webhooks setup')).toBe(false)
    expect(reportOf(next).ranking?.known).toEqual(expect.arrayContaining([WEBHOOKS, '/quickstart']))
  })

  it("judges a page on its earlier weeks too: a liked page's one bad week is no gap, a bad page's is", () => {
    const site = Array.from({ length: 10 }, (_, i) => [down(`/zz/p${i}`, 2), up(`/zz/p${i}`, 100)]).flat()
    let state: HealthState | undefined
    for (let n = 0; n < 3; n++) {
      const liked = [down('/liked', 2), up('/liked', 40), down('/bad', 2)]
      state = scheduled(state, undefined, { runId: `${n + 1}`, today: week(n + 1).dateFrom, read: analytics(n, [...site, ...liked]) }).t
        .state
    }
    expect(state?.pageCounts?.periods).toEqual([week(0), week(1), week(2)])
    // This week each has 3 thumbs down and an unanswered question, and no thumbs up: 4 of 4 in trouble.
    const bad = [down('/liked', 3), unanswered('/liked', 1), down('/bad', 3), unanswered('/bad', 1)]
    const alone = periodRead(begin(undefined, undefined, schedule(week(4).dateFrom), settings('4')), analytics(3, [...site, ...bad]))
    expect(alone.overview?.items.map((item) => item.page)).toEqual(['/bad', '/liked'])
    const pooled = periodRead(begin(state, undefined, schedule(week(4).dateFrom), settings('4')), analytics(3, [...site, ...bad]))
    expect(pooled.overview?.items.map((item) => item.page)).toEqual(['/bad'])
    // The report's Fix first takes the same earlier counts.
    expect(reportOf(pooled).ranking?.earlier?.get('/liked')).toEqual({ down: 6, up: 120, notHelpful: 0, unanswered: 0, noClick: 0 })
  })

  it('takes a gap a person says is not one out of the ranking, and writes the issue for it', () => {
    const { state, body } = open()
    const ticked = tick(body, WEBHOOKS_ID, 'dismiss')
    const t = begin(state, ticked, edit(ticked, body, '2026-11-10'), settings('2'))
    expect(gapOf(t)).toMatchObject({ state: 'dismissed', dismissedOn: '2026-11-10' })
    expect(t.dismissedNow).toBe(1)
    expect(t.notes).toEqual(['1 gap was marked not a gap in the docs health issue.'])
    expect(writesAtEnd(t)).toBe(true)
    expect([...reportOf(t).dismissed]).toEqual([WEBHOOKS_ID])
    // The read's words come in the order of a ranking that has the dismissed page first.
    const said = (page: string, comment: string) => ({ page, questions: [], comments: [comment], commentCounts: [1], searches: [] })
    const read = analytics(1, SITE)
    const words = [said(WEBHOOKS, 'about webhooks'), said('/quickstart', 'about the quickstart')]
    const next = periodRead(begin(t.state, undefined, schedule('2026-11-16'), settings('3')), {
      ...read,
      overview: { ...read.overview, words }
    })
    expect(next.overview?.items.map((item) => item.page)).toEqual(['/quickstart'])
    expect(gapOf(next)?.state).toBe('dismissed')
    // The top quotes the page it names, and nothing of the dismissed one is kept to quote.
    expect(next.overview?.words).toEqual([said('/quickstart', 'about the quickstart')])
    expect(next.state.readerWords?.gaps.map((gap) => gap.comments)).toEqual([['about the quickstart']])
    const top = written(next, '').owned
    expect(top).toContain('about the quickstart')
    expect(top).not.toContain('about webhooks')
  })

  it("gives readers' words to the prompt only where reader text is shown and may be quoted, and hides a search once it is hidden", () => {
    const page: GapRecord = {
      id: WEBHOOKS_ID,
      kind: 'page',
      subject: WEBHOOKS,
      firstSeen: '2026-11-02',
      lastSeen: '2026-11-02',
      periods: 1,
      score: 12,
      evidence: { down: 30 },
      state: 'new'
    }
    const search: GapRecord = {
      ...page,
      id: fingerprint('search', 'webhook retries'),
      kind: 'search',
      subject: 'webhook retries',
      evidence: { noClick: 9 }
    }
    const readerWords = { ...week(0), gaps: [{ id: WEBHOOKS_ID, questions: [], comments: ['where are retries?'], searches: [] }] }
    const state: HealthState = { ...emptyState(PROJECT), gaps: [page, search], readerWords }
    const body = (t: Transition): string => written(t, '').owned
    const both = (t: Transition): string => t.state.gaps.reduce((text, gap) => tick(text, gap.id), body(t))

    const shown = begin(state, undefined, schedule('2026-11-10'), settings('1'))
    const asking = ask(shown, both(shown))
    expect(asking.asks?.words).toEqual(readerWords.gaps)
    expect(promptOf(asking.asks ?? { gaps: [], note: '' }, true)).toContain('where are retries?')
    expect(promptOf(asking.asks ?? { gaps: [], note: '' }, false)).not.toContain('where are retries?')
    expect(reportOf(asking.transition).askedGaps).toEqual([
      { kind: 'page', subject: WEBHOOKS },
      { kind: 'search', subject: 'webhook retries' }
    ])

    const hidden = begin(state, undefined, schedule('2026-11-10'), settings('1', { showWords: false }))
    expect(hidden.state.readerWords).toBeUndefined()
    const label = hidden.state.gaps[0]?.subject
    // A page is shown by its label (text/page-path.ts), a search not at all.
    expect(hidden.state.gaps.map((gap) => gap.subject)).toEqual([label, ''])
    expect(label).not.toBe(WEBHOOKS)
    const hiddenAsking = ask(hidden, both(hidden))
    expect(hiddenAsking.asks?.words).toBeUndefined()
    expect(promptOf(hiddenAsking.asks ?? { gaps: [], note: '' }, true)).not.toContain('where are retries?')
    expect(reportOf(hiddenAsking.transition).askedGaps).toEqual([{ kind: 'page', subject: label }, { kind: 'search' }])

    // A page the site's navigation lists is the site's: its path stays, in the state, the prompt and the report, when written too.
    const listed = settings('1', { showWords: false, sitePages: new Set([WEBHOOKS]) })
    const site = begin(state, undefined, schedule('2026-11-10'), listed)
    expect(site.state.gaps.map((gap) => gap.subject)).toEqual([WEBHOOKS, ''])
    const siteAsking = ask(site, both(site))
    expect(promptOf(siteAsking.asks ?? { gaps: [], note: '' }, false)).toContain(WEBHOOKS)
    expect(reportOf(siteAsking.transition).askedGaps).toEqual([{ kind: 'page', subject: WEBHOOKS }, { kind: 'search' }])
    const kept = written({ ...site, state }, '')
    expect(kept.transition.state.gaps.map((gap) => gap.subject)).toEqual([WEBHOOKS, ''])
    expect(written({ ...hidden, state }, '').transition.state.gaps[0]?.subject).toBe(label)
  })
})

describe('jobs and pull requests', () => {
  const asked = (more: Partial<GapRecord> = {}): HealthState => ({
    ...emptyState(PROJECT),
    gaps: [
      {
        id: WEBHOOKS_ID,
        kind: 'page',
        subject: WEBHOOKS,
        firstSeen: '2026-11-02',
        lastSeen: '2026-11-02',
        periods: 1,
        score: 12,
        evidence: { down: 30 },
        state: 'asked',
        askedBy: '1',
        jobId: 'job-1',
        ...more
      }
    ]
  })

  it('follows the jobs other runs asked for, and opens the gaps of one that ended without a pull request', () => {
    expect(jobsToFollow(begin(asked(), undefined, schedule('2026-11-10'), settings('1')))).toEqual([])
    const t = begin(asked(), undefined, schedule('2026-11-10'), settings('2'))
    expect(jobsToFollow(t)).toEqual(['job-1'])
    expect(gapOf(jobEnded(t, 'job-1', undefined))?.state).toBe('new')
    expect(gapOf(jobEnded(t, 'job-1', PR))).toMatchObject({ state: 'pr-open', prLink: PR })
    expect(gapOf(jobEnded(t, 'job-2', PR))?.state).toBe('asked')
  })

  it('opens an ask that got no job again for another run, and keeps it for the run that made it', () => {
    expect(gapOf(begin(asked({ jobId: undefined }), undefined, schedule('2026-11-10'), settings('2')))?.state).toBe('new')
    expect(gapOf(begin(asked({ jobId: undefined }), undefined, schedule('2026-11-10'), settings('1')))?.state).toBe('asked')
  })

  it('records what the job of this run came to, and nothing for a run that asked nothing', () => {
    const t = begin(asked({ jobId: undefined }), undefined, schedule('2026-11-10'), settings('1'))
    // This run asked nothing: another run's job is not its to record.
    expect(gapOf(jobReported(t, jobReport({ jobId: 'job-1', outcome: 'no-pr' })))?.state).toBe('asked')
    expect(gapOf(started(t, 'job-1'))?.jobId).toBeUndefined()
    const mine: Transition = { ...t, asked: t.state.gaps }
    expect(gapOf(jobReported(mine, jobReport({ jobId: 'job-1', outcome: 'no-pr' })))?.state).toBe('new')
    // A link that is no pull request on the run's server (no number) is none: the gaps are open again.
    expect(gapOf(jobReported(mine, jobReport({ jobId: 'job-1', outcome: 'opened', prLink: 'https://example.com/x' })))?.state).toBe('new')
    // A job still running keeps them asked.
    expect(gapOf(jobReported(mine, jobReport({ jobId: 'job-1', outcome: 'running' })))).toMatchObject({ state: 'asked', jobId: 'job-1' })
  })

  it('reads each pull request the ledger waits on once, and opens the gaps of one closed unmerged', () => {
    const state = asked({ state: 'pr-open', prLink: PR })
    const twice: HealthState = {
      ...state,
      gaps: [...state.gaps, { ...(state.gaps[0] as GapRecord), id: 'bbbbbbbbbbbb', subject: '/other' }]
    }
    const t = begin(twice, undefined, schedule('2026-11-10'), settings('2'))
    expect(pullsToRead(t)).toEqual([PR])
    const closed = pullsRead(t, new Map([[PR, { state: 'closed' }]]))
    expect(closed.state.gaps.map((gap) => gap.state)).toEqual(['new', 'new'])
    expect(pullsToRead(closed)).toEqual([])
  })
})

describe('the body', () => {
  /** A weekly run that showed a reader's comment. */
  const weekWithWords = () => {
    const read = analytics(0, [down(WEBHOOKS, 30)])
    const words = {
      ...read,
      overview: {
        ...read.overview,
        words: [{ page: WEBHOOKS, comments: ['lost on this page'], commentCounts: [1], questions: [], searches: [] }]
      }
    }
    return scheduled(undefined, undefined, { runId: '1', today: '2026-11-09', read: words })
  }

  it('keeps the top of the last weekly report in a run that reads no analytics, and leaves out a top someone edited, said once', () => {
    const week0 = scheduled(undefined, undefined, { runId: '1', today: '2026-11-09', read: analytics(0, [down(WEBHOOKS, 30)]) })
    const kept = scheduled(week0.t.state, week0.body, { runId: '2', today: '2026-11-10' })
    expect(kept.t.notes).toEqual([])
    expect(kept.body).toContain('week 0')
    const edited = week0.body.replace('week 0', 'a forged week')
    const t = begin(week0.t.state, edited, schedule('2026-11-10'), settings('2'))
    const once = written(t, edited)
    expect(once.owned).not.toContain('a forged week')
    expect(once.transition.notes).toEqual([expect.stringMatching(/^The top of the docs health issue is not as the action wrote it/)])
    expect(written(once.transition, edited).transition.notes).toEqual([])
  })

  it('leaves out a kept top that holds reader text once reader text is hidden', () => {
    const week0 = weekWithWords()
    expect(week0.t.state.overview?.words).toBe(true)
    const hidden = written(begin(week0.t.state, week0.body, schedule('2026-11-10'), settings('2', { showWords: false })), week0.body)
    expect(hidden.transition.notes).toEqual([expect.stringMatching(/held reader text, which is now hidden/)])
    expect(hidden.transition.state.overview?.words).toBe(false)
  })

  it('still says the state was written with reader text shown after a run that shows it and keeps no top', () => {
    const week0 = weekWithWords()
    // Someone edited the top: the next run, reading no analytics, keeps none.
    const edited = week0.body.replace('week 0', 'a forged week')
    const next = written(begin(week0.t.state, edited, schedule('2026-11-10'), settings('2')), edited)
    expect(next.owned).not.toContain('a forged week')
    // What the state carries from when reader text was shown may hold it: hidden later, it goes.
    expect(next.transition.state.overview?.words).toBe(true)
  })

  it('keeps what a newer version wrote in the state, read and written back by this one', () => {
    const future = {
      ...emptyState(PROJECT),
      version: 7,
      comesLater: { nested: [1, 2, { deep: 'yes' }] },
      gaps: [
        {
          id: WEBHOOKS_ID,
          kind: 'page',
          subject: WEBHOOKS,
          firstSeen: '2026-10-26',
          lastSeen: '2026-10-26',
          periods: 1,
          score: 3,
          evidence: { down: 3 },
          state: 'new',
          mood: 'hopeful'
        }
      ]
    } as unknown as HealthState
    const run = scheduled(future, undefined, { runId: '2', today: '2026-11-09', read: analytics(0, [down(WEBHOOKS, 30)]) })
    const back = decodeState(run.body, PROJECT) as unknown as Record<string, unknown> & { gaps: Record<string, unknown>[] }
    expect(back.comesLater).toEqual({ nested: [1, 2, { deep: 'yes' }] })
    expect(back.gaps[0]).toMatchObject({ mood: 'hopeful', state: 'new', evidence: { down: 30 } })
  })
})

describe('what each step carries', () => {
  const page = (path: string, more: Partial<GapRecord> = {}): GapRecord => ({
    id: fingerprint('page', path),
    kind: 'page',
    subject: path,
    firstSeen: '2026-11-02',
    lastSeen: '2026-11-02',
    periods: 1,
    score: 12,
    evidence: { down: 30 },
    state: 'new',
    ...more
  })

  it('says in each step only what that step notes', () => {
    const state: HealthState = {
      ...emptyState(PROJECT),
      gaps: [page(WEBHOOKS, { state: 'pr-open', prLink: PR, askedBy: '1', jobId: 'job-1' })]
    }
    const noted: Transition = { ...begin(state, undefined, schedule('2026-11-10'), settings('2')), notes: ['said before'] }
    const mine: Transition = { ...noted, asked: noted.state.gaps }
    const steps: Transition[] = [
      jobEnded(noted, 'job-1', undefined),
      started(noted, 'job-1'),
      started(mine, 'job-1'),
      jobReported(noted, jobReport({ jobId: 'job-1' })),
      jobReported(mine, jobReport({ jobId: 'job-1' })),
      periodRead(noted, analytics(0, [down(WEBHOOKS, 30)])),
      periodRead(noted, analytics(0, [], { headlines: [], items: [] })),
      pullsRead(noted, new Map()),
      ask({ ...noted, trigger: { ...noted.trigger, mayAct: false } }, '').transition,
      written(noted, '').transition
    ]
    expect(steps.map((step) => step.notes)).toEqual(steps.map(() => []))
  })

  it('names the period of the latest evidence of the gaps it asks for', () => {
    const gaps = [page('/a', { lastSeen: '2026-11-02' }), page('/b', { lastSeen: '2026-11-09' }), page('/c', { lastSeen: '2026-11-02' })]
    const periods = [
      { ...week(0), headlines: {} },
      { ...week(1), headlines: {} }
    ]
    const t = begin({ ...emptyState(PROJECT), gaps, periods }, undefined, schedule('2026-11-16'), settings('2'))
    const asks = ask(
      t,
      gaps.reduce((text, gap) => tick(text, gap.id), written(t, '').owned)
    ).asks
    expect(asks?.gaps.map((gap) => gap.subject)).toEqual(['/a', '/b', '/c'])
    expect(asks?.period).toEqual(week(1))
    expect(asks?.note).toBe('Asking the agent for 3 ticked gaps of the docs health issue.')
  })

  it("names every job the issue records that a request can carry, once each, whatever the ledger's order: each one's repository is the agent's", () => {
    const with_ = (...jobIds: (string | undefined)[]): Transition =>
      begin(
        { ...emptyState(PROJECT), gaps: jobIds.map((jobId, i) => page(`/p${i}`, { state: 'merged', ...(jobId ? { jobId } : {}) })) },
        undefined,
        schedule('2026-11-16'),
        settings('2')
      )
    expect(recordedJobIds(with_('job-1', 'job-2', '..', undefined, 'job-1'))).toEqual(['job-1', 'job-2'])
    expect(recordedJobIds(with_(undefined))).toEqual([])
  })

  it('reads only the pull requests still open in the ledger', () => {
    const gaps = [
      page('/a', { state: 'merged', prLink: `${PR}0` }),
      page('/b', { state: 'pr-open', prLink: PR }),
      page('/c', { state: 'new' })
    ]
    expect(pullsToRead(begin({ ...emptyState(PROJECT), gaps }, undefined, schedule('2026-11-16'), settings('2')))).toEqual([PR])
  })

  it('names only the gaps this run resolved, not those resolved before', () => {
    const merged = page(WEBHOOKS, {
      state: 'merged',
      mergedOn: '2026-11-15',
      prLink: PR,
      before: { dateFrom: '2026-11-02', dateTo: '2026-11-09', down: 30, up: 10 }
    })
    const earlier = page('/faq', { state: 'resolved', verdict: 'fixed', resolvedOn: '2026-11-01' })
    const run = scheduled({ ...emptyState(PROJECT), gaps: [merged, earlier] }, undefined, {
      runId: '2',
      today: '2026-11-23',
      read: analytics(2, [up(WEBHOOKS, 40)])
    })
    expect(run.t.state.gaps.filter((gap) => gap.state === 'resolved').map((gap) => gap.subject)).toEqual([WEBHOOKS, '/faq'])
    expect(run.report.resolvedNames).toEqual([WEBHOOKS])
  })

  it('keeps the top pages of a period, and names the pages whose traffic moved since', () => {
    const traffic = (visitors: number) => [
      { path: '/a', visitors },
      { path: '/b', visitors: 100 }
    ]
    const first = scheduled(undefined, undefined, {
      runId: '1',
      today: '2026-11-09',
      read: { ...analytics(0, [down(WEBHOOKS, 30)]), traffic: traffic(100) }
    })
    expect(first.t.state.topPages).toEqual({ ...week(0), pages: traffic(100) })
    expect(first.report.movers).toEqual([])
    const next = scheduled(first.t.state, first.body, {
      runId: '2',
      today: '2026-11-16',
      read: { ...analytics(1, [down(WEBHOOKS, 30)]), traffic: traffic(300) }
    })
    expect(next.report.movers).toEqual([{ path: '/a', measure: 'visitors', before: 100, after: 300, changePercent: 200 }])
    // A read with no traffic keeps the top pages it had, and names no mover.
    const none = scheduled(next.t.state, next.body, { runId: '3', today: '2026-11-23', read: analytics(2, [down(WEBHOOKS, 30)]) })
    expect(none.t.state.topPages?.dateFrom).toBe(week(1).dateFrom)
    expect(none.report.movers).toEqual([])
  })

  it("takes a headline's change from the period just before where the run read none", () => {
    const first = scheduled(undefined, undefined, { runId: '1', today: '2026-11-09', read: analytics(0, [down(WEBHOOKS, 30)]) })
    expect(first.report.previous).toEqual({})
    const next = scheduled(first.t.state, first.body, { runId: '2', today: '2026-11-16', read: analytics(1, [down(WEBHOOKS, 30)]) })
    expect(next.report.previous).toEqual({ visitorsHuman: { value: 200, ...week(0) } })
    expect(scheduled(next.t.state, next.body, { runId: '3', today: '2026-11-17' }).report.previous).toEqual({})
  })

  it('links the workflow run in the footer when it is known', () => {
    const t = begin(undefined, undefined, schedule('2026-11-09'), settings('1'))
    expect(written(t, '').owned).toContain('<a href="https://github.com/acme/docs/actions/runs/1">workflow run</a>')
    const unlinked = begin(
      undefined,
      undefined,
      schedule('2026-11-09'),
      settings('1', { footer: { action: 'docs-agent-action', version: '1.2.3' } })
    )
    expect(written(unlinked, '').owned).toContain('<sub>Updated by docs-agent-action 1.2.3</sub>')
  })

  it('says the top is left out the first time it is, not before', () => {
    const week0 = scheduled(undefined, undefined, { runId: '1', today: '2026-11-09', read: analytics(0, [down(WEBHOOKS, 30)]) })
    const t = begin(week0.t.state, week0.body, schedule('2026-11-10'), settings('2'))
    const kept = written(t, week0.body)
    expect(kept.transition.warnedTop).toBe(false)
    const edited = written(kept.transition, week0.body.replace('week 0', 'a forged week'))
    expect(edited.transition.notes).toEqual([expect.stringMatching(/^The top of the docs health issue is not as the action wrote it/)])
  })

  it('keeps no top, however the body holds it, from a state whose cache it could not read', () => {
    const week0 = scheduled(undefined, undefined, { runId: '1', today: '2026-11-09', read: analytics(0, [down(WEBHOOKS, 30)]) })
    const [block, encoded] = /<!-- docs-agent-action:state ([A-Za-z0-9+/=]+) -->/.exec(week0.body) as RegExpExecArray & [string, string]
    const raw = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Record<string, unknown>
    const newer = Buffer.from(JSON.stringify({ ...raw, topPages: { pages: 'of another shape' } })).toString('base64')
    const read = decodeState(week0.body.replace(block, `<!-- docs-agent-action:state ${newer} -->`), PROJECT)
    expect(read?.gaps.map((gap) => gap.subject)).toEqual([WEBHOOKS])
    const t = begin(read, week0.body, schedule('2026-11-10'), settings('2'))
    const { owned, transition } = written(t, week0.body)
    expect(owned).not.toContain('week 0')
    expect(transition.notes).toEqual([expect.stringMatching(/^The top of the docs health issue is not as the action wrote it/)])
    // The same state, every cache read, vouches for the top it wrote.
    expect(written(begin(decodeState(week0.body, PROJECT), week0.body, schedule('2026-11-10'), settings('2')), week0.body).owned).toContain(
      'week 0'
    )
  })
})
