// A verdict is announced. End to end through the bundle, week after week, against the emulator and the
// stateful fake of GitHub: two pages go to the agent by two people's ticks (alice asks for one, bob for
// the other), each in its own pull request; someone who may not push ticks first, and is refused. The
// week a fix is judged, the run posts exactly one comment on the docs health issue naming the page, its
// verdict and its pull request, mentioning only the person who ticked it; a week with the same verdicts,
// and the same week read again, post nothing; the next verdict mentions its own ticker alone. In a
// public repository, the pages (not on the site's page list: there is none) are named by their labels.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { literalMarkdown } from '../support/literal-markdown.js'
import { renderSummary } from '../support/render.js'
import { missingTools } from '../support/rendered-page.js'
import { runtimes } from '../support/runtimes.js'
import {
  STORY_TIMEOUT,
  type Week,
  type WeeklyLoop,
  setWeek,
  startWeeklyLoop,
  story,
  unansweredQuestions,
  week
} from '../support/weekly-loop.js'
import { pageLabel } from '../../src/text/page-path.js'

const REAL = '/guides/real'
const BUSY = '/guides/busy'
const REAL_PR = 'https://github.com/acme/docs/pull/60'
const BUSY_PR = 'https://github.com/acme/docs/pull/61'

/** What readers did in one week: thumbs per page [up, down], and unanswered questions per page; the real page's visitors. */
function setWeekOf(
  loop: WeeklyLoop,
  range: Week,
  data: { thumbs: Record<string, [number, number]>; unanswered: Record<string, number> }
): void {
  setWeek(loop.emu, range, {
    thumbs: data.thumbs,
    questions: unansweredQuestions(range, data.unanswered),
    traffic: [{ path: REAL, human: 900, ai: 100, total: 1000 }]
  })
}

const BAD = { thumbs: { [REAL]: [1, 26], [BUSY]: [150, 100] }, unanswered: { [BUSY]: 20 } } satisfies Parameters<typeof setWeekOf>[2]
/** After the merge: the real fix worked; the busy page's fix halved its trouble, no more. */
const AFTER = { thumbs: { [REAL]: [30, 1], [BUSY]: [150, 50] }, unanswered: { [BUSY]: 10 } } satisfies Parameters<typeof setWeekOf>[2]

for (const { name: runtime, node } of runtimes())
  for (const visibility of ['private', 'public'] as const) {
    describe(`a verdict is announced, in a ${visibility} repository`, { timeout: STORY_TIMEOUT }, () => {
      /** How the issue and the comment name a page: its path, or in public its label. */
      const named = (page: string) => (visibility === 'public' ? pageLabel(page) : page)
      let loop: WeeklyLoop
      beforeAll(async () => {
        loop = await startWeeklyLoop({
          node,
          onTestFinished,
          visibility,
          inputs: { readerText: 'auto' },
          writers: { alice: 'write', bob: 'maintain', mallory: 'read' }
        })
        for (let n = 0; n < 3; n++) setWeekOf(loop, week(n), BAD)
        for (let n = 3; n < 7; n++) setWeekOf(loop, week(n), AFTER)
      })
      afterAll(async () => {
        await loop.close()
      })

      const run: WeeklyLoop['runOk'] = (...args) => loop.runOk(...args)
      /** The story, each step once, as the tests below need it. */
      const reach = story({
        /** Three weeks; mallory, who may not push, ticks the real page first, and is refused; alice ticks it, bob the busy page. */
        asked: async () => {
          for (let n = 0; n < 3; n++) await run(week(n))
          await run(undefined, loop.tick([named(REAL)], 'mallory'))
          loop.emu.planJobs({ finishAfterMs: 300, prLink: REAL_PR })
          await run(undefined, loop.tick([named(REAL)], 'alice'))
          loop.emu.planJobs({ finishAfterMs: 300, prLink: BUSY_PR })
          await run(undefined, loop.tick([named(BUSY)], 'bob'))
          return { body: loop.body(), comments: loop.comments().length }
        },
        /** The real page's pull request merges; the week it is judged. */
        judged: async () => {
          loop.github.setPull(60, { state: 'closed', merged_at: `${week(3).dateFrom}T10:00:00Z` })
          const judged = await run(week(3))
          return { stdout: judged.stdout, comments: [...loop.comments()] }
        },
        /** The next week, read twice. */
        again: async () => {
          await run(week(4))
          const body = loop.body()
          await run(week(4))
          return { body, comments: loop.comments().length }
        },
        /** The busy page's pull request merges; the weeks after, until its verdict is posted. */
        next: async () => {
          loop.github.setPull(61, { state: 'closed', merged_at: `${week(5).dateFrom}T10:00:00Z` })
          for (let n = 5; n < 7 && loop.comments().length < 2; n++) await run(week(n))
          return [...loop.comments()]
        }
      })

      it(`[${runtime}] posts no comment while there is no verdict: the weeks before, the ticks, the pull requests open`, async () => {
        const asked = await reach('asked')
        const text = renderSummary(asked.body).text
        expect(text).toContain(`${named(REAL)}: pull request #60 open`)
        expect(text).toContain(`${named(BUSY)}: pull request #61 open`)
        expect(asked.comments).toBe(0)
      })

      it(`[${runtime}] the week a fix is judged, posts one comment naming the page, its verdict and pull request, mentioning only who ticked it`, async () => {
        const judged = await reach('judged')
        expect(judged.stdout).toContain('Announced a verdict in a comment on the docs health issue, mentioning the person who ticked them.')
        expect(judged.comments).toHaveLength(1)
        const [comment] = judged.comments
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
        const again = await reach('again')
        expect(again.body).toContain('### Fixed')
        expect(again.comments).toBe(1)
      })

      it(`[${runtime}] announces the next verdict to its own ticker alone`, async () => {
        const comments = await reach('next')
        expect(comments).toHaveLength(2)
        const rendered = renderSummary(comments[1]?.body ?? '')
        // In the words: how far the fix went against the bar.
        const page = named(BUSY).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        expect(rendered.text).toMatch(
          new RegExp(
            `❌ (Helped, but not enough|Did not help): ${page}, pull request #61: [−+]?\\d+ % \\(fixed needs −60 %\\)\\. Tick it in the issue to ask the agent again · ticked by @bob`
          )
        )
        expect(rendered.text).not.toContain(named(REAL))
        expect(rendered.references).toEqual(['@bob'])
        for (const comment of comments) expect(comment.body).not.toContain('@mallory')
      })
    })
  }
