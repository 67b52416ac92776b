// Feedback the docs team marked resolved in Mintlify, end to end through the bundle against the emulator
// (each week's feedback set for its own range, counts per page by status) and the stateful fake of
// GitHub. A page whose complaints were all marked resolved, with no fix, is no gap; a page fixed by a
// merged pull request whose readers keep complaining after the merge, every complaint marked resolved
// by the team (some with no date, one dated before the merge), is not called fixed: it reopens.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { FeedbackRow } from '../emulator/analytics-data.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import {
  LIKED,
  STORY_TIMEOUT,
  type Week,
  type WeeklyLoop,
  pageLine,
  setWeek,
  startWeeklyLoop,
  story,
  week
} from '../support/weekly-loop.js'

const FIXED = '/guides/fixed'
const TRIAGED = '/guides/triaged'
const PR = 'https://github.com/acme/docs/pull/61'

/** `count` complaints on `path` in `range`, each marked `status`, each left an hour after the last (or as `createdAt` says). */
function complaints(
  path: string,
  range: Week,
  count: number,
  status: FeedbackRow['status'],
  createdAt?: (i: number) => string | null
): FeedbackRow[] {
  const start = Date.parse(`${range.dateFrom}T09:00:00Z`)
  return Array.from({ length: count }, (_, i) => ({
    id: `${path}-${range.dateFrom}-${i}`,
    path,
    comment: `The page is wrong (${i})`,
    createdAt: createdAt ? createdAt(i) : new Date(start + i * 3_600_000).toISOString(),
    source: 'contextual' as const,
    status,
    helpful: false,
    contact: null
  }))
}

/** One week: the liked pages, the triaged page's 26 complaints all resolved, and the fixed page's as `fixed` says. */
function setComplaints(loop: WeeklyLoop, range: Week, fixed: { status: FeedbackRow['status']; rows?: FeedbackRow[] }): void {
  setWeek(loop.emu, range, {
    byPage: [
      ...LIKED.map((path) => ({ path, thumbsUp: 200, thumbsDown: 4, code: 0, total: 204, status: 'pending' })),
      { path: TRIAGED, thumbsUp: 1, thumbsDown: 0, code: 0, total: 1, status: 'pending' },
      { path: TRIAGED, thumbsUp: 0, thumbsDown: 26, code: 0, total: 26, status: 'resolved' },
      { path: FIXED, thumbsUp: 1, thumbsDown: 0, code: 0, total: 1, status: 'pending' },
      { path: FIXED, thumbsUp: 0, thumbsDown: 26, code: 0, total: 26, status: fixed.status }
    ],
    comments: [...complaints(TRIAGED, range, 26, 'resolved'), ...(fixed.rows ?? [])],
    traffic: [
      { path: FIXED, human: 900, ai: 100, total: 1000 },
      { path: TRIAGED, human: 900, ai: 100, total: 1000 }
    ]
  })
}

for (const { name: runtime, node } of runtimes()) {
  describe('feedback the docs team marked resolved', { timeout: STORY_TIMEOUT }, () => {
    let loop: WeeklyLoop
    beforeAll(async () => {
      loop = await startWeeklyLoop({ node, onTestFinished })
      // Before the fix, the fixed page's complaints are pending.
      for (let n = 0; n < 4; n++) setComplaints(loop, week(n), { status: 'pending' })
      // Since the merge (the first day of week 4), every complaint is marked resolved: 24 dated in the
      // week, one with no date, one dated long before the merge.
      const since = week(4)
      setComplaints(loop, since, {
        status: 'resolved',
        rows: complaints(FIXED, since, 26, 'resolved', (i) =>
          i === 24
            ? null
            : i === 25
              ? '2026-10-01T00:00:00Z'
              : new Date(Date.parse(`${since.dateFrom}T09:00:00Z`) + i * 3_600_000).toISOString()
        )
      })
      setComplaints(loop, week(5), { status: 'resolved', rows: complaints(FIXED, week(5), 26, 'resolved') })
    })
    afterAll(async () => {
      await loop.close()
    })

    const run = (range?: Week, event?: { name: string; payload: unknown }, inputs?: Record<string, string>) =>
      loop.runOk(range, event, { ...(inputs ? { inputs } : {}) })
    /** The rendered line of a page in the issue's `body`. */
    const lineOf = (body: string, page: string) => renderSummary(pageLine(body, page)).text
    /** The story, each step once, as the tests below need it. */
    const reach = story({
      /** Three weeks before any fix. */
      before: async () => {
        const weeks = []
        for (let n = 0; n < 3; n++) weeks.push(await run(week(n)))
        return { weeks, body: loop.body() }
      },
      /** The fixed page ticked, its pull request open a week, merged on the first day of week 4; week 4 is read. */
      since: async () => {
        loop.emu.planJobs({ finishAfterMs: 300, prLink: PR })
        await run(undefined, loop.tick([FIXED]))
        await run(week(3))
        loop.github.setPull(61, { state: 'closed', merged_at: `${week(4).dateFrom}T10:00:00Z` })
        const since = await run(week(4))
        return { since, body: loop.body() }
      },
      /** Week 5, like week 4, read with an alert on thumbs down. */
      later: () => run(week(5), undefined, { alerts: 'thumbsDown > +50%' })
    })

    it(`[${runtime}] a page with no fix whose complaints are all resolved is no gap, in the issue or the report`, async () => {
      const { weeks, body } = await reach('before')
      for (const weekly of weeks) {
        expect(weekly.outputs.feedbackNegative).toBe(String(8 * 4 + 26))
        expect(weekly.summary).not.toContain('The page is wrong')
      }
      const text = renderSummary(body).text
      expect(text).toContain(`[ ] ${FIXED} ·`)
      expect(text).not.toContain(TRIAGED)
    })

    it(`[${runtime}] a fixed page whose readers keep complaining after the merge, every complaint marked resolved, is not called fixed`, async () => {
      const { since, body } = await reach('since')
      // The 26 resolved complaints since the merge count, as thumbs down on the page and as rows: 26
      // unhappy readers, each once.
      expect(since.outputs.feedbackNegative).toBe(String(8 * 4 + 26))
      expect(renderSummary(body).text).not.toMatch(new RegExp(`Fixed: ${FIXED}`))
      expect(lineOf(body, FIXED)).toContain('not fixed: pull request #61, merged 30 Nov 2026')
      expect(lineOf(body, FIXED)).toContain('👎 26 → 26')
      expect(renderSummary(body).text).not.toContain(TRIAGED)
    })

    it(`[${runtime}] thumbs down after the fix are compared with the week before counted alike, its resolved complaints read: a change, no false rise, no alert`, async () => {
      // Week 5 is like week 4: the same 26 complaints on the fixed page, all resolved. Week 4's counts
      // per page leave its resolved complaints out; read from its rows and added, as this week's are,
      // the change is 58 → 58, where the counts alone would read 32 → 58 (+81 %).
      const later = await reach('later')
      expect(later.outputs.feedbackNegative).toBe(String(8 * 4 + 26))
      expect(later.outputs.alerts).toBe('[]')
      const seen = renderSummary(later.summary)
      const headlines = seen.tables.find((table) => table[0]?.[1] === 'This period') ?? []
      expect(headlines.find((cells) => cells[0] === 'Thumbs down')?.slice(1, 3)).toEqual([String(8 * 4 + 26), '±0%'])
      expect(seen.text).not.toContain('Thumbs down not compared')
      // The week before's resolved and dismissed rows were asked for, once.
      const asked = loop.emu.requests.filter((r) => r.path.endsWith('/feedback') && r.query.get('dateFrom') === week(4).dateFrom)
      expect(asked.map((r) => r.query.get('status'))).toContain('resolved,dismissed')
    })
  })
}
