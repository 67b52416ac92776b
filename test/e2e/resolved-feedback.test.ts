// Feedback the docs team marked resolved in Mintlify, end to end through the bundle against the emulator
// (each week's feedback set for its own range, counts per page by status) and the stateful fake of
// GitHub. A page whose complaints were all marked resolved, with no fix, is no gap; a page fixed by a
// merged pull request whose readers keep complaining after the merge, every complaint marked resolved
// by the team (some with no date, one dated before the merge), is not called fixed: it reopens.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { FeedbackRow } from '../emulator/analytics-data.js'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { startGitHubFake } from '../support/github-fake.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { docsHealthInputs } from '../support/docs-health-inputs.js'

const KEY = 'mint_resolvedK3y5'
const TOKEN = 'ghs_resolvedToken2Qp'
const FIXED = '/guides/fixed'
const TRIAGED = '/guides/triaged'
const PR = 'https://github.com/acme/docs/pull/61'
/** Pages most readers like: the site's norm. */
const LIKED = Array.from({ length: 8 }, (_, i) => `/liked/page${i}`)

const week = (n: number) => {
  const from = new Date(Date.UTC(2026, 10, 2 + 7 * n))
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: new Date(from.getTime() + 7 * 86_400_000).toISOString().slice(0, 10) }
}
type Week = ReturnType<typeof week>

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
function setWeek(emu: Emulator, range: Week, fixed: { status: FeedbackRow['status']; rows?: FeedbackRow[] }): void {
  emu.setFeedbackByPage(
    [
      ...LIKED.map((path) => ({ path, thumbsUp: 200, thumbsDown: 4, code: 0, total: 204, status: 'pending' })),
      { path: TRIAGED, thumbsUp: 1, thumbsDown: 0, code: 0, total: 1, status: 'pending' },
      { path: TRIAGED, thumbsUp: 0, thumbsDown: 26, code: 0, total: 26, status: 'resolved' },
      { path: FIXED, thumbsUp: 1, thumbsDown: 0, code: 0, total: 1, status: 'pending' },
      { path: FIXED, thumbsUp: 0, thumbsDown: 26, code: 0, total: 26, status: fixed.status }
    ],
    range
  )
  emu.setFeedback([...complaints(TRIAGED, range, 26, 'resolved'), ...(fixed.rows ?? [])], range)
  emu.setAssistant([], range)
  emu.setCallerStats({ web: 0, api: 0, other: 0, total: 0 }, range)
  emu.setSearches({ rows: [] }, range)
  const rows = [
    { path: FIXED, human: 900, ai: 100, total: 1000 },
    { path: TRIAGED, human: 900, ai: 100, total: 1000 }
  ]
  const totals = { human: 1800, ai: 200, total: 2000 }
  emu.setVisitors({ totals, rows }, range)
  emu.setViews({ totals, rows }, range)
}

for (const { name: runtime, node } of runtimes()) {
  describe('feedback the docs team marked resolved', () => {
    let emu: Emulator
    let github: Awaited<ReturnType<typeof startGitHubFake>>
    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
      github = await startGitHubFake()
      // Before the fix, the fixed page's complaints are pending.
      for (let n = 0; n < 4; n++) setWeek(emu, week(n), { status: 'pending' })
      // Since the merge (the first day of week 4), every complaint is marked resolved: 24 dated in the
      // week, one with no date, one dated long before the merge.
      const since = week(4)
      setWeek(emu, since, {
        status: 'resolved',
        rows: complaints(FIXED, since, 26, 'resolved', (i) =>
          i === 24
            ? null
            : i === 25
              ? '2026-10-01T00:00:00Z'
              : new Date(Date.parse(`${since.dateFrom}T09:00:00Z`) + i * 3_600_000).toISOString()
        )
      })
    })
    afterAll(async () => {
      await github.close()
      await emu.close()
    })

    const run = (range: Week | undefined, event?: { name: string; payload: unknown }) =>
      runAction({
        node,
        onTestFinished,
        inputs: docsHealthInputs(emu.url, { apiKey: KEY, githubToken: TOKEN }, { ...(range ?? week(0)) }),
        now: `${(range ?? week(0)).dateTo}T06:00:00Z`,
        event: event ?? { name: 'schedule', payload: { repository: { full_name: 'acme/docs', private: true } } },
        env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: String(Math.floor(Math.random() * 1e9)) }
      })
    const healthIssue = () => github.issues.find((issue) => issue.user.type === 'Bot')
    const bodyText = () => renderSummary(healthIssue()?.body ?? '').text
    const lineOf = (page: string) => {
      const html = healthIssue()?.body ?? ''
      const line = html.split('\n').find((l) => l.startsWith('- ') && l.includes(`<code>${page}</code>`)) ?? ''
      return renderSummary(line).text
    }
    const edited = (before: string) => ({
      name: 'issues',
      payload: {
        action: 'edited',
        issue: { number: healthIssue()?.number, body: healthIssue()?.body },
        changes: { body: { from: before } },
        sender: { login: 'docs-lead', type: 'User' },
        repository: { full_name: 'acme/docs', private: true }
      }
    })

    it(`[${runtime}] a page with no fix whose complaints are all resolved is no gap, in the issue or the report`, async () => {
      for (let n = 0; n < 3; n++) {
        const weekly = await run(week(n))
        expect(weekly.code, weekly.stdout).toBe(0)
        expect(weekly.outputs.feedbackNegative).toBe(String(8 * 4 + 26))
        expect(weekly.summary).not.toContain('The page is wrong')
      }
      const text = bodyText()
      expect(text).toContain(`[ ] ${FIXED} ·`)
      expect(text).not.toContain(TRIAGED)
    })

    it(`[${runtime}] a fixed page whose readers keep complaining after the merge, every complaint marked resolved, is not called fixed`, async () => {
      const issue = healthIssue()
      if (!issue) throw new Error('no issue: the test above makes it')
      const before = issue.body
      const line = issue.body.split('\n').find((l) => l.startsWith(`- [ ] <code>${FIXED}</code>`)) ?? ''
      expect(line).not.toBe('')
      issue.body = issue.body.replace(line, line.replace('- [ ]', '- [x]'))
      github.setPermission('docs-lead', 'write')
      emu.planJobs({ finishAfterMs: 300, prLink: PR })
      const asked = await run(undefined, edited(before))
      expect(asked.code, asked.stdout).toBe(0)
      const open = await run(week(3))
      expect(open.code, open.stdout).toBe(0)
      github.setPull(61, { state: 'closed', merged_at: `${week(4).dateFrom}T10:00:00Z` })
      const since = await run(week(4))
      expect(since.code, since.stdout).toBe(0)
      // The 26 resolved complaints since the merge count, as thumbs down on the page and as rows: 26
      // unhappy readers, each once.
      expect(since.outputs.feedbackNegative).toBe(String(8 * 4 + 26))
      expect(bodyText()).not.toMatch(new RegExp(`Fixed: ${FIXED}`))
      expect(lineOf(FIXED)).toContain('not fixed: pull request #61, merged 30 Nov 2026')
      expect(lineOf(FIXED)).toContain('👎 26 → 26')
      expect(bodyText()).not.toContain(TRIAGED)
    })

    it(`[${runtime}] thumbs down after the fix are compared with the week before counted alike, its resolved complaints read: a change, no false rise, no alert`, async () => {
      // Week 5 is like week 4: the same 26 complaints on the fixed page, all resolved. Week 4's counts
      // per page leave its resolved complaints out; read from its rows and added, as this week's are,
      // the change is 58 → 58, where the counts alone would read 32 → 58 (+81 %).
      setWeek(emu, week(5), { status: 'resolved', rows: complaints(FIXED, week(5), 26, 'resolved') })
      const later = await runAction({
        node,
        onTestFinished,
        inputs: docsHealthInputs(emu.url, { apiKey: KEY, githubToken: TOKEN }, { ...week(5), alerts: 'thumbsDown > +50%' }),
        now: `${week(5).dateTo}T06:00:00Z`,
        event: { name: 'schedule', payload: { repository: { full_name: 'acme/docs', private: true } } },
        env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: String(Math.floor(Math.random() * 1e9)) }
      })
      expect(later.code, later.stdout).toBe(0)
      expect(later.outputs.feedbackNegative).toBe(String(8 * 4 + 26))
      expect(later.outputs.alerts).toBe('[]')
      const seen = renderSummary(later.summary)
      const headlines = seen.tables.find((table) => table[0]?.[1] === 'This period') ?? []
      expect(headlines.find((cells) => cells[0] === 'Thumbs down')?.slice(1, 3)).toEqual([String(8 * 4 + 26), '±0%'])
      expect(seen.text).not.toContain('Thumbs down not compared')
      // The week before's resolved and dismissed rows were asked for, once.
      const asked = emu.requests.filter((r) => r.path.endsWith('/feedback') && r.query.get('dateFrom') === week(4).dateFrom)
      expect(asked.map((r) => r.query.get('status'))).toContain('resolved,dismissed')
    })
  })
}
