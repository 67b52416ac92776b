// Feedback the docs team marked dismissed in Mintlify after a fix, end to end through the bundle against
// the emulator (each week's feedback set for its own range, counts per page by status) and the stateful
// fake of GitHub. A page fixed by a merged pull request whose readers keep complaining after the merge,
// every complaint marked dismissed by the team, is not called fixed: after a merge, complaints on the
// fixed page count whatever their status.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { FeedbackRow } from '../emulator/analytics-data.js'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { startGitHubFake } from '../support/github-fake.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { docsHealthInputs } from '../support/docs-health-inputs.js'

const KEY = 'mint_dismissedK3y5'
const TOKEN = 'ghs_dismissedToken2Qp'
const FIXED = '/guides/fixed'
const PR = 'https://github.com/acme/docs/pull/63'
/** Pages most readers like: the site's norm. */
const LIKED = Array.from({ length: 8 }, (_, i) => `/liked/page${i}`)
const [first] = runtimes()

const week = (n: number) => {
  const from = new Date(Date.UTC(2026, 10, 2 + 7 * n))
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: new Date(from.getTime() + 7 * 86_400_000).toISOString().slice(0, 10) }
}
type Week = ReturnType<typeof week>

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
function setWeek(emu: Emulator, range: Week, status: FeedbackRow['status']): void {
  emu.setFeedbackByPage(
    [
      ...LIKED.map((path) => ({ path, thumbsUp: 200, thumbsDown: 4, code: 0, total: 204, status: 'pending' })),
      { path: FIXED, thumbsUp: 1, thumbsDown: 0, code: 0, total: 1, status: 'pending' },
      { path: FIXED, thumbsUp: 0, thumbsDown: 26, code: 0, total: 26, status }
    ],
    range
  )
  emu.setFeedback(complaints(FIXED, range, 26, status), range)
  emu.setAssistant([], range)
  emu.setCallerStats({ web: 0, api: 0, other: 0, total: 0 }, range)
  emu.setSearches({ rows: [] }, range)
  const rows = [{ path: FIXED, human: 900, ai: 100, total: 1000 }]
  const totals = { human: 900, ai: 100, total: 1000 }
  emu.setVisitors({ totals, rows }, range)
  emu.setViews({ totals, rows }, range)
}

describe('feedback the docs team marked dismissed after a fix', () => {
  let emu: Emulator
  let github: Awaited<ReturnType<typeof startGitHubFake>>
  beforeAll(async () => {
    emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
    github = await startGitHubFake()
    for (let n = 0; n < 2; n++) setWeek(emu, week(n), 'pending')
    // Since the merge (the first day of week 2), every complaint is marked dismissed.
    setWeek(emu, week(2), 'dismissed')
  })
  afterAll(async () => {
    await github.close()
    await emu.close()
  })

  const run = (range: Week | undefined, event?: { name: string; payload: unknown }) =>
    runAction({
      node: first?.node,
      onTestFinished,
      inputs: docsHealthInputs(emu.url, { apiKey: KEY, githubToken: TOKEN }, { ...(range ?? week(0)) }),
      event: event ?? { name: 'schedule', payload: { repository: { full_name: 'acme/docs', private: true } } },
      env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: String(Math.floor(Math.random() * 1e9)) }
    })
  const healthIssue = () => github.issues.find((issue) => issue.user.type === 'Bot')
  const lineOf = (page: string) => {
    const line = (healthIssue()?.body ?? '').split('\n').find((l) => l.startsWith('- ') && l.includes(`<code>${page}</code>`)) ?? ''
    return renderSummary(line).text
  }

  it('a fixed page whose readers keep complaining after the merge, every complaint marked dismissed, is not called fixed', async () => {
    for (let n = 0; n < 2; n++) {
      const weekly = await run(week(n))
      expect(weekly.code, weekly.stdout).toBe(0)
    }
    const issue = healthIssue()
    if (!issue) throw new Error('no issue')
    const before = issue.body
    const line = issue.body.split('\n').find((l) => l.startsWith(`- [ ] <code>${FIXED}</code>`)) ?? ''
    expect(line).not.toBe('')
    issue.body = issue.body.replace(line, line.replace('- [ ]', '- [x]'))
    github.setPermission('docs-lead', 'write')
    emu.planJobs({ finishAfterMs: 300, prLink: PR })
    const asked = await run(undefined, {
      name: 'issues',
      payload: {
        action: 'edited',
        issue: { number: issue.number, body: issue.body },
        changes: { body: { from: before } },
        sender: { login: 'docs-lead', type: 'User' },
        repository: { full_name: 'acme/docs', private: true }
      }
    })
    expect(asked.code, asked.stdout).toBe(0)
    const open = await run(week(1))
    expect(open.code, open.stdout).toBe(0)
    github.setPull(63, { state: 'closed', merged_at: `${week(2).dateFrom}T10:00:00Z` })
    const since = await run(week(2))
    expect(since.code, since.stdout).toBe(0)
    // The 26 dismissed complaints since the merge count, as thumbs down on the page and as rows.
    expect(since.outputs.feedbackNegative).toBe(String(8 * 4 + 26))
    const text = renderSummary(healthIssue()?.body ?? '').text
    expect(text).not.toContain(`Fixed: ${FIXED}`)
    expect(lineOf(FIXED)).toContain('not fixed: pull request #63, merged 16 Nov 2026')
    expect(lineOf(FIXED)).toContain('👎 26 → 26')
  })
})
