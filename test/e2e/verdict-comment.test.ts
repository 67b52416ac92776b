// A verdict is announced. End to end through the bundle, week after week, against the emulator and the
// stateful fake of GitHub: two pages go to the agent by two people's ticks (alice asks for one, bob for
// the other), each in its own pull request; someone who may not push ticks first, and is refused. The
// week a fix is judged, the run posts exactly one comment on the docs health issue naming the page, its
// verdict and its pull request, mentioning only the person who ticked it; a week with the same verdicts,
// and the same week read again, post nothing; the next verdict mentions its own ticker alone. In a
// public repository, the pages (not on the site's page list: there is none) are named by their labels.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { Conversation } from '../emulator/analytics-data.js'
import { ulid } from '../emulator/analytics-data.js'
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { startGitHubFake } from '../support/github-fake.js'
import { literalMarkdown } from '../support/literal-markdown.js'
import { renderSummary } from '../support/render.js'
import { missingTools } from '../support/rendered-page.js'
import { runtimes } from '../support/runtimes.js'
import { docsHealthInputs } from '../support/docs-health-inputs.js'
import { pageLabel } from '../../src/text/page-path.js'

const KEY = 'mint_announceK3y5'
const TOKEN = 'ghs_announceToken2Qp'
const REAL = '/guides/real'
const BUSY = '/guides/busy'
const REAL_PR = 'https://github.com/acme/docs/pull/60'
const BUSY_PR = 'https://github.com/acme/docs/pull/61'
/** Pages most readers like: the site's norm. */
const LIKED = Array.from({ length: 8 }, (_, i) => `/liked/page${i}`)

const week = (n: number) => {
  const from = new Date(Date.UTC(2026, 10, 2 + 7 * n))
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: new Date(from.getTime() + 7 * 86_400_000).toISOString().slice(0, 10) }
}
type Week = ReturnType<typeof week>

/** What readers did in one week: thumbs per page [up, down], and unanswered questions per page. */
interface WeekData {
  thumbs: Record<string, [number, number]>
  unanswered: Record<string, number>
}

function setWeek(emu: Emulator, range: Week, data: WeekData): void {
  const thumbs: Record<string, [number, number]> = { ...Object.fromEntries(LIKED.map((page) => [page, [200, 4]])), ...data.thumbs }
  emu.setFeedbackByPage(
    Object.entries(thumbs).map(([path, [up, down]]) => ({ path, thumbsUp: up, thumbsDown: down, code: 0, total: up + down })),
    range
  )
  emu.setFeedback([], range)
  const start = Date.parse(`${range.dateFrom}T09:00:00Z`)
  let n = 0
  const questions: Conversation[] = Object.entries(data.unanswered).flatMap(([path, count]) =>
    Array.from({ length: count }, () => {
      const ms = start + n++ * 60_000
      return {
        id: ulid(ms, () => 0.5),
        timestamp: new Date(ms).toISOString(),
        query: `How does this work? (${n})`,
        response: 'I could not find that in the docs.',
        sources: [],
        resolutionStatus: 'unanswered' as const,
        queryCategory: null,
        pageUrl: `https://docs.example.com${path}`
      }
    })
  )
  emu.setAssistant(questions.reverse(), range)
  emu.setCallerStats({ web: questions.length, api: 0, other: 0, total: questions.length }, range)
  emu.setSearches({ rows: [] }, range)
  const rows = [{ path: REAL, human: 900, ai: 100, total: 1000 }]
  const totals = { human: 900, ai: 100, total: 1000 }
  emu.setVisitors({ totals, rows }, range)
  emu.setViews({ totals, rows }, range)
}

const BAD: WeekData = { thumbs: { [REAL]: [1, 26], [BUSY]: [150, 100] }, unanswered: { [BUSY]: 20 } }
/** After the merge: the real fix worked; the busy page's fix halved its trouble, no more. */
const AFTER: WeekData = { thumbs: { [REAL]: [30, 1], [BUSY]: [150, 50] }, unanswered: { [BUSY]: 10 } }

for (const { name: runtime, node } of runtimes())
  for (const visibility of ['private', 'public'] as const) {
    describe(`a verdict is announced, in a ${visibility} repository`, () => {
      /** How the issue and the comment name a page: its path, or in public its label. */
      const named = (page: string) => (visibility === 'public' ? pageLabel(page) : page)
      const repository = { full_name: 'acme/docs', private: visibility === 'private' }
      let emu: Emulator
      let github: Awaited<ReturnType<typeof startGitHubFake>>
      beforeAll(async () => {
        emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
        github = await startGitHubFake()
        github.setVisibility('acme/docs', visibility)
        for (let n = 0; n < 3; n++) setWeek(emu, week(n), BAD)
        for (let n = 3; n < 7; n++) setWeek(emu, week(n), AFTER)
        github.setPermission('alice', 'write')
        github.setPermission('bob', 'maintain')
        github.setPermission('mallory', 'read')
      })
      afterAll(async () => {
        await github.close()
        await emu.close()
      })

      const run = (range: Week | undefined, event?: { name: string; payload: unknown }, runId = String(Math.floor(Math.random() * 1e9))) =>
        runAction({
          node,
          onTestFinished,
          inputs: docsHealthInputs(emu.url, { apiKey: KEY, githubToken: TOKEN }, { ...(range ?? week(0)), readerText: 'auto' }),
          now: `${(range ?? week(0)).dateTo}T06:00:00Z`,
          event: event ?? { name: 'schedule', payload: { repository } },
          env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: runId }
        })
      const healthIssue = () => github.issues.find((issue) => issue.user.type === 'Bot')
      /** The comments on the docs health issue. */
      const comments = () => github.comments.filter((comment) => comment.issue === healthIssue()?.number)
      /** `login` ticks the box of `page` in the issue: the edit as GitHub sends it. */
      const tick = (page: string, login: string) => {
        const issue = healthIssue()
        if (!issue) throw new Error('no issue: the first test makes it')
        const before = issue.body
        const line = before.split('\n').find((l) => l.startsWith(`- [ ] <code>${named(page)}</code>`)) ?? ''
        expect(line).not.toBe('')
        issue.body = before.replace(line, line.replace('- [ ]', '- [x]'))
        return {
          name: 'issues',
          payload: {
            action: 'edited',
            issue: { number: issue.number, body: issue.body },
            changes: { body: { from: before } },
            sender: { login, type: 'User' },
            repository
          }
        }
      }

      it(`[${runtime}] posts no comment while there is no verdict: the weeks before, the ticks, the pull requests open`, async () => {
        for (let n = 0; n < 3; n++) {
          const weekly = await run(week(n))
          expect(weekly.code, weekly.stdout).toBe(0)
        }
        // Someone who may not push ticks the real page first: refused, the box unticked.
        const refused = await run(undefined, tick(REAL, 'mallory'))
        expect(refused.code, refused.stdout).toBe(0)
        emu.planJobs({ finishAfterMs: 300, prLink: REAL_PR })
        const alice = await run(undefined, tick(REAL, 'alice'))
        expect(alice.code, alice.stdout).toBe(0)
        emu.planJobs({ finishAfterMs: 300, prLink: BUSY_PR })
        const bob = await run(undefined, tick(BUSY, 'bob'))
        expect(bob.code, bob.stdout).toBe(0)
        const text = renderSummary(healthIssue()?.body ?? '').text
        expect(text).toContain(`${named(REAL)}: pull request #60 open`)
        expect(text).toContain(`${named(BUSY)}: pull request #61 open`)
        expect(comments()).toEqual([])
      })

      it(`[${runtime}] the week a fix is judged, posts one comment naming the page, its verdict and pull request, mentioning only who ticked it`, async () => {
        github.setPull(60, { state: 'closed', merged_at: `${week(3).dateFrom}T10:00:00Z` })
        const judged = await run(week(3))
        expect(judged.code, judged.stdout).toBe(0)
        expect(judged.stdout).toContain('Announced a verdict in a comment on the docs health issue, mentioning the person who ticked them.')
        expect(comments()).toHaveLength(1)
        const [comment] = comments()
        const rendered = renderSummary(comment?.body ?? '')
        expect(rendered.text).toContain(`✅ Fixed: ${named(REAL)} by pull request #60 · ticked by @alice`)
        expect(rendered.text).not.toContain(named(BUSY))
        if (visibility === 'public') expect(comment?.body).not.toContain('/guides/')
        expect(rendered.references).toEqual(['@alice'])
        expect(comment?.body).not.toMatch(/@(?:bob|mallory)\b/)
        expect(comment?.user.type).toBe('Bot')
        if (!missingTools().includes('cmark-gfm')) expect(literalMarkdown(comment?.body ?? '')).toEqual([])
      })

      it(`[${runtime}] posts nothing the next week, whose verdicts are the same, nor when that week is read again`, async () => {
        const next = await run(week(4))
        expect(next.code, next.stdout).toBe(0)
        expect(healthIssue()?.body).toContain('### Fixed')
        const again = await run(week(4))
        expect(again.code, again.stdout).toBe(0)
        expect(comments()).toHaveLength(1)
      })

      it(`[${runtime}] announces the next verdict to its own ticker alone`, async () => {
        github.setPull(61, { state: 'closed', merged_at: `${week(5).dateFrom}T10:00:00Z` })
        let posted = 1
        for (let n = 5; n < 7 && posted === 1; n++) {
          const weekly = await run(week(n))
          expect(weekly.code, weekly.stdout).toBe(0)
          posted = comments().length
        }
        expect(comments()).toHaveLength(2)
        const rendered = renderSummary(comments()[1]?.body ?? '')
        // In the issue's words: how far the fix went against the bar.
        const page = named(BUSY).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        expect(rendered.text).toMatch(
          new RegExp(
            `❌ (Helped, but not enough|Did not help): ${page}, pull request #61: [−+]?\\d+ % \\(fixed needs −60 %\\)\\. Tick it in the issue to ask the agent again · ticked by @bob`
          )
        )
        expect(rendered.text).not.toContain(named(REAL))
        expect(rendered.references).toEqual(['@bob'])
        for (const comment of comments()) expect(comment.body).not.toContain('@mallory')
      })
    })
  }
