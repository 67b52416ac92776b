// Feedback the docs team marked dismissed in Mintlify after a fix, end to end through the bundle against
// the emulator (each week's feedback set for its own range, counts per page by status) and the stateful
// fake of GitHub. A page fixed by a merged pull request whose readers keep complaining after the merge,
// every complaint marked dismissed by the team, is not called fixed: after a merge, complaints on the
// fixed page count whatever their status.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { FeedbackRow } from '../emulator/analytics-data.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { LIKED, STORY_TIMEOUT, type Week, type WeeklyLoop, pageLine, setWeek, startWeeklyLoop, week } from '../support/weekly-loop.js'

const FIXED = '/guides/fixed'
const PR = 'https://github.com/acme/docs/pull/63'
const [first] = runtimes()

/** `count` complaints on `path` in `range`, each marked `status`, each left an hour after the last. */
function complaints(path: string, range: Week, count: number, status: FeedbackRow['status']): FeedbackRow[] {
  const start = Date.parse(`${range.dateFrom}T09:00:00Z`)
  return Array.from({ length: count }, (_, i) => ({
    id: `${path}-${range.dateFrom}-${i}`,
    path,
    comment: `The page is still wrong (${i})`,
    createdAt: new Date(start + i * 3_600_000).toISOString(),
    source: 'contextual' as const,
    status,
    helpful: false,
    contact: null
  }))
}

/** One week: the liked pages, and the fixed page's 26 complaints, each marked `status`. */
function setComplaints(loop: WeeklyLoop, range: Week, status: FeedbackRow['status']): void {
  setWeek(loop.emu, range, {
    byPage: [
      ...LIKED.map((path) => ({ path, thumbsUp: 200, thumbsDown: 4, code: 0, total: 204, status: 'pending' })),
      { path: FIXED, thumbsUp: 1, thumbsDown: 0, code: 0, total: 1, status: 'pending' },
      { path: FIXED, thumbsUp: 0, thumbsDown: 26, code: 0, total: 26, status }
    ],
    comments: complaints(FIXED, range, 26, status),
    traffic: [{ path: FIXED, human: 900, ai: 100, total: 1000 }]
  })
}

describe('feedback the docs team marked dismissed after a fix', { timeout: STORY_TIMEOUT }, () => {
  let loop: WeeklyLoop
  beforeAll(async () => {
    loop = await startWeeklyLoop({ node: first?.node, onTestFinished })
    for (let n = 0; n < 2; n++) setComplaints(loop, week(n), 'pending')
    // Since the merge (the first day of week 2), every complaint is marked dismissed.
    setComplaints(loop, week(2), 'dismissed')
  })
  afterAll(async () => {
    await loop.close()
  })

  const run: WeeklyLoop['runOk'] = (...args) => loop.runOk(...args)
  const lineOf = (page: string) => renderSummary(pageLine(loop.body(), page)).text

  it('a fixed page whose readers keep complaining after the merge, every complaint marked dismissed, is not called fixed', async () => {
    for (let n = 0; n < 2; n++) await run(week(n))
    loop.emu.planJobs({ finishAfterMs: 300, prLink: PR })
    await run(undefined, loop.tick([FIXED]))
    await run(week(1))
    loop.github.setPull(63, { state: 'closed', merged_at: `${week(2).dateFrom}T10:00:00Z` })
    const since = await run(week(2))
    // The 26 dismissed complaints since the merge count, as thumbs down on the page and as rows.
    expect(since.outputs.feedbackNegative).toBe(String(8 * 4 + 26))
    const text = renderSummary(loop.body()).text
    expect(text).not.toContain(`Fixed: ${FIXED}`)
    expect(lineOf(FIXED)).toContain('not fixed: pull request #63, merged 16 Nov 2026')
    expect(lineOf(FIXED)).toContain('👎 26 → 26')
  })
})
