// A fix that moves its page, end to end through the bundle, week after week, against the emulator and
// the stateful fake of GitHub. Three gaps go to the agent in one pull request after three bad weeks;
// the pull request renames the webhooks page's file (its files as GitHub lists them), removes the
// retries page's file while the site's docs.json, in the workspace, redirects that page to its new
// path, and leaves the legacy page, whose readers vanish all the same. After the merge the webhooks
// gap is one line at its new path, judged fixed on the new path's readers; the retries gap is one line
// at its new path, not fixed there; the legacy page's line says it gets no visitors since the merge,
// moved or removed?, and waits no more.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { startGitHubFake } from '../support/github-fake.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { docsHealthInputs } from '../support/docs-health-inputs.js'

const KEY = 'mint_movedPages7Key'
const TOKEN = 'ghs_movedPagesToken4Q'
const WEBHOOKS = '/guides/webhooks'
const WEBHOOKS_NOW = '/docs/webhooks'
const RETRIES = '/guides/retries'
const RETRIES_NOW = '/docs/retries'
const LEGACY = '/guides/legacy'
const PR = 'https://github.com/acme/docs/pull/61'
/** Pages most readers like: the site's norm. */
const LIKED = Array.from({ length: 8 }, (_, i) => `/liked/page${i}`)

const week = (n: number) => {
  const from = new Date(Date.UTC(2026, 10, 2 + 7 * n))
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: new Date(from.getTime() + 7 * 86_400_000).toISOString().slice(0, 10) }
}
type Week = ReturnType<typeof week>

/** One week: each page's thumbs [up, down] and human visitors, by the path readers read it at. */
function setWeek(emu: Emulator, range: Week, pages: Record<string, { thumbs: [number, number]; visitors: number }>): void {
  const all = { ...Object.fromEntries(LIKED.map((page) => [page, { thumbs: [200, 4] as [number, number], visitors: 900 }])), ...pages }
  emu.setFeedbackByPage(
    Object.entries(all).map(
      ([
        path,
        {
          thumbs: [up, down]
        }
      ]) => ({ path, thumbsUp: up, thumbsDown: down, code: 0, total: up + down })
    ),
    range
  )
  emu.setFeedback([], range)
  emu.setAssistant([], range)
  emu.setCallerStats({ web: 0, api: 0, other: 0, total: 0 }, range)
  emu.setSearches({ rows: [] }, range)
  const rows = Object.entries(all)
    .map(([path, { visitors }]) => ({ path, human: visitors, ai: 0, total: visitors }))
    .sort((a, b) => b.total - a.total)
  const totals = rows.reduce((sum, row) => ({ human: sum.human + row.human, ai: 0, total: sum.total + row.total }), {
    human: 0,
    ai: 0,
    total: 0
  })
  emu.setVisitors({ totals, rows }, range)
  emu.setViews({ totals, rows }, range)
}

const BAD = { thumbs: [1, 26] as [number, number], visitors: 300 }

for (const { name: runtime, node } of runtimes()) {
  describe('a fix that moves its page', () => {
    let emu: Emulator
    let github: Awaited<ReturnType<typeof startGitHubFake>>
    let workspace: string
    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
      github = await startGitHubFake()
      workspace = await mkdtemp(join(tmpdir(), 'moved-pages-'))
      await writeFile(
        join(workspace, 'docs.json'),
        JSON.stringify({
          navigation: { pages: ['guides/webhooks', 'docs/webhooks', 'docs/retries', 'guides/legacy'] },
          redirects: [{ source: RETRIES, destination: RETRIES_NOW }]
        })
      )
      for (let n = 0; n < 3; n++) setWeek(emu, week(n), { [WEBHOOKS]: BAD, [RETRIES]: BAD, [LEGACY]: BAD })
      // Since the merge: the webhooks page, at its new path, is fixed; the retries page, at its new path, is not; the legacy page has no reader.
      for (let n = 3; n < 5; n++) setWeek(emu, week(n), { [WEBHOOKS_NOW]: { thumbs: [30, 1], visitors: 300 }, [RETRIES_NOW]: BAD })
    })
    afterAll(async () => {
      await github.close()
      await emu.close()
      await rm(workspace, { recursive: true, force: true })
    })

    const run = (range: Week | undefined, event?: { name: string; payload: unknown }) =>
      runAction({
        node,
        onTestFinished,
        inputs: docsHealthInputs(emu.url, { apiKey: KEY, githubToken: TOKEN }, { ...(range ?? week(0)) }),
        now: `${(range ?? week(0)).dateTo}T06:00:00Z`,
        event: event ?? { name: 'schedule', payload: { repository: { full_name: 'acme/docs', private: true } } },
        env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: String(Math.floor(Math.random() * 1e9)), GITHUB_WORKSPACE: workspace }
      })
    const healthIssue = () => github.issues.find((issue) => issue.user.type === 'Bot')
    /** The rendered lines of a page's gaps: from its subject to the line's end. */
    const linesOf = (page: string) =>
      (healthIssue()?.body ?? '')
        .split('\n')
        .filter((line) =>
          // A gap not on this week's list is in small type, after it.
          ['- ', '- [ ] ', '- [x] '].some(
            (start) => line.startsWith(`${start}<code>${page}</code>`) || line.startsWith(`${start}<sub><code>${page}</code>`)
          )
        )
        .map((line) => renderSummary(line).text)

    it(`[${runtime}] ranks the three troubled pages over three bad weeks, and asks the agent for them`, async () => {
      for (let n = 0; n < 3; n++) {
        const weekly = await run(week(n))
        expect(weekly.code, weekly.stdout).toBe(0)
      }
      const issue = healthIssue()
      if (!issue) throw new Error('no docs health issue')
      const before = issue.body
      for (const page of [WEBHOOKS, RETRIES, LEGACY]) {
        const line = issue.body.split('\n').find((l) => l.startsWith(`- [ ] <code>${page}</code>`)) ?? ''
        expect(line, page).not.toBe('')
        issue.body = issue.body.replace(line, line.replace('- [ ]', '- [x]'))
      }
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
      for (const page of [WEBHOOKS, RETRIES, LEGACY]) expect(linesOf(page).join('\n')).toContain('pull request #61 open')
    })

    it(`[${runtime}] carries each moved gap to its page's new path, judged there, and says the page whose visitors vanished is moved or removed`, async () => {
      github.setPullChange(61, {
        commits: [{ sha: 'c0ffee'.padEnd(40, '0'), commit: { message: 'Move and fix the pages' } }],
        files: [
          { filename: 'docs/webhooks.mdx', previous_filename: 'guides/webhooks.mdx', status: 'renamed', additions: 12, deletions: 4 },
          { filename: 'guides/retries.mdx', status: 'removed', additions: 0, deletions: 40 },
          { filename: 'docs/retries.mdx', status: 'added', additions: 41, deletions: 0 },
          { filename: 'guides/legacy.mdx', status: 'modified', additions: 3, deletions: 1 }
        ]
      })
      github.setPull(61, { state: 'closed', merged_at: `${week(3).dateFrom}T10:00:00Z` })
      const merged = await run(week(3))
      expect(merged.code, merged.stdout).toBe(0)
      expect(merged.stdout).toContain('2 gaps of the docs health issue followed their pages to a new path')
      // One line for the webhooks gap, at its new path, fixed on the new path's readers.
      expect(linesOf(WEBHOOKS)).toEqual([])
      expect(linesOf(WEBHOOKS_NOW)).toHaveLength(1)
      expect(linesOf(WEBHOOKS_NOW)[0]).toMatch(
        new RegExp(
          `^${WEBHOOKS_NOW}: fixed \\d{1,2} \\w{3} \\d{4} · merged 23 Nov 2026 · moved from ${WEBHOOKS} · pull request #61 · before 2–22 Nov 2026 \\(3 weeks\\) → since the merge 23–29 Nov 2026, per week: 👎 26 → 1 · 👍 1 → 30$`
        )
      )
      // One line for the retries gap, at the path the site redirects it to: not fixed there, with a box to ask again.
      expect(linesOf(RETRIES)).toEqual([])
      expect(linesOf(RETRIES_NOW)).toHaveLength(1)
      expect(linesOf(RETRIES_NOW)[0]).toContain(`not fixed: pull request #61, merged 23 Nov 2026, did not help`)
      expect(linesOf(RETRIES_NOW)[0]).toContain(`moved from ${RETRIES}`)
      expect(healthIssue()?.body).toMatch(new RegExp(`- \\[ \\] <code>${RETRIES_NOW}</code>`))
      // The legacy page: no visitor since the merge, and no move known. It waits no more.
      expect(linesOf(LEGACY)).toHaveLength(1)
      expect(linesOf(LEGACY)[0]).toContain('this page gets no visitors since the merge: moved or removed?')
      expect(linesOf(LEGACY)[0]).not.toContain('waiting')
      expect(healthIssue()?.body).toMatch(new RegExp(`- \\[ \\] (<sub>)?<code>${LEGACY}</code>`))
      // The week after: still one line each, the webhooks gap still fixed at its new path.
      const next = await run(week(4))
      expect(next.code, next.stdout).toBe(0)
      expect(linesOf(WEBHOOKS)).toEqual([])
      expect(linesOf(WEBHOOKS_NOW)).toHaveLength(1)
      expect(linesOf(WEBHOOKS_NOW)[0]).toContain(': fixed')
      expect(linesOf(RETRIES_NOW)).toHaveLength(1)
      expect(linesOf(LEGACY)).toHaveLength(1)
    })
  })
}
