// The first screen of the docs health issue and the job summary over a quarter's story
// (test/support/screen-scenarios.js, story): a fix that works (week 4), a half fix (weeks 4 and 5), the
// trouble of the fix that worked coming back (week 8), and a gap said not to be one (week 10), in a
// private and a public repository. Each scenario is built by the bundle against the emulator and the
// fake GitHub, rendered by GitHub's renderer and sanitizing, and laid out by headless Chromium
// (test/support/rendered-page.js). Each test asks what a docs lead asks of the first screen: what
// changed since last week, which fix worked and whom it helped, how far a half fix went, whether the
// trouble came back; the verdicts that stand are folded, so that Fix first stays near the top on a
// phone; no phrase of the jargon list and no `#`, `*` or `|` meant as Markdown shows. Needs chromium and cmark-gfm, as
// first-screen.test.ts does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jargonIn } from '../../support/jargon.js'
import { literalMarkdown } from '../../support/literal-markdown.js'
import { allText, holds, type Layout, layout, missingTools, textAbove, yOf } from '../../support/rendered-page.js'
import * as scenarios from '../../support/screen-scenarios.js'

const FOLD = 1000
const DESKTOP = 1012
const PHONE = 400
const missing = missingTools()
const required = process.env.CI !== undefined || process.env.DOCS_AGENT_RENDER_TOOLS === 'required'
const VISIBILITIES = ['private', 'public'] as const
type Visibility = (typeof VISIBILITIES)[number]

if (missing.length > 0 && !required) {
  describe.skip(`the story's first screens (skipped: ${missing.join(' and ')} not installed; .ci/run installs them)`, () => {
    it('needs chromium and cmark-gfm', () => undefined)
  })
} else if (missing.length > 0) {
  describe('the story’s first screens', () => {
    it('has the tools it needs in CI', () => {
      expect.fail(`${missing.join(' and ')} missing: .ci/run installs them (apt-get) before npm test`)
    })
  })
} else {
  type Screens = Awaited<ReturnType<typeof scenarios.story>>
  const stories = new Map<Visibility, Screens>()
  const pages = new Map<string, Layout>()
  const screenOf = (visibility: Visibility, week: number) => {
    const screen = stories.get(visibility)?.[week]
    if (!screen) throw new Error(`no week ${week} of the ${visibility} story`)
    return screen
  }
  /** The layout of a week's summary or issue at a width, made once. */
  const page = (visibility: Visibility, week: number, what: 'summary' | 'issue', width = DESKTOP): Layout => {
    const key = `${visibility} ${week} ${what} ${width}`
    const found = pages.get(key)
    if (found) return found
    const made = layout(screenOf(visibility, week)[what], { width, title: what === 'issue' ? 'Docs health' : 'report summary' })
    pages.set(key, made)
    return made
  }
  const above = (visibility: Visibility, week: number, what: 'summary' | 'issue', width = DESKTOP): string =>
    textAbove(page(visibility, week, what, width), FOLD)
  const expectHolds = (text: string, expected: string): void => {
    expect(holds(text, expected), `${expected}\n  not in:\n${text}`).toBe(true)
  }
  const both = ['summary', 'issue'] as const

  beforeAll(async () => {
    for (const visibility of VISIBILITIES) {
      const screens = await scenarios.story({ visibility })
      for (const [week, screen] of Object.entries(screens))
        if (screen.code !== 0) throw new Error(`${visibility} week ${week}: the run failed:\n${screen.stdout}`)
      stories.set(visibility, screens)
    }
  }, 300_000)
  afterAll(() => {
    pages.clear()
  })

  describe.each(VISIBILITIES)('the story’s first screens, %s', (visibility) => {
    it('in week 4, say what changed since last week: the fix that worked with the readers it helped, the half fix with how far it went', () => {
      for (const what of both) {
        const top = above(visibility, 4, what)
        expectHolds(top, 'Since last week:')
        expectHolds(top, '✅ Fixed:')
        expectHolds(top, 'by pull request #60: 25 fewer thumbs down, unanswered questions and searches with no click a week (26 → 1)')
        expectHolds(top, 'Helped, but not enough:')
        expectHolds(top, '−40 % (fixed needs −60 %)')
        expect(holds(top, 'did not work'), what).toBe(false)
      }
    })

    it('in week 5, still name the fix that worked, folded with the verdicts that stand, under the news of the week', () => {
      for (const what of both) {
        const top = above(visibility, 5, what)
        expectHolds(top, 'Since last week:')
        // The small page's half fix is this week's news.
        expectHolds(top, 'Helped, but not enough:')
        expectHolds(top, '−50 % (fixed needs −60 %)')
        // Last week's verdicts stand in one folded line, which names the fix that worked.
        expectHolds(top, 'So far: ✅ 1 fixed:')
        expectHolds(
          top,
          'by pull request #60, 25 fewer thumbs down, unanswered questions and searches with no click a week · ❌ 1 still not fixed'
        )
        // Folded: each gap's timeline is one click away, not on the screen.
        expect(holds(top, '→ fixed'), what).toBe(false)
        expect(holds(allText(page(visibility, 5, what).html), '→ fixed'), what).toBe(true)
        // The half fix of week 4 is not said again as news.
        expect(holds(top, '−40 % (fixed needs −60 %) ·'), what).toBe(false)
      }
    })

    it('in week 8, say it is the trouble that came back, against the weeks the fix held', () => {
      for (const what of both) {
        const top = above(visibility, 8, what)
        expectHolds(top, 'Since last week:')
        expectHolds(top, 'The trouble came back:')
        expectHolds(top, 'a week, against 1 while the fix held')
        expect(holds(top, 'pull request #60 came back'), what).toBe(false)
        expectHolds(top, 'So far: ❌ 2 still not fixed')
      }
    })

    it('in week 10, say what people decided since last week, the verdicts that stand folded in one line', () => {
      for (const what of both) {
        const top = above(visibility, 10, what)
        expectHolds(top, 'Since last week:')
        expectHolds(top, 'Not a gap, as people said:')
        expectHolds(top, 'So far: ❌ 2 still not fixed')
        // Folded: no gap's timeline shows.
        expect(holds(top, '→ not fixed'), what).toBe(false)
      }
    })

    it('on a phone, keeps Fix first near the top whatever stands: folded verdicts never push it down', () => {
      for (const week of scenarios.STORY_WEEKS) {
        const issue = page(visibility, week, 'issue', PHONE)
        const fixFirst = yOf(issue, 'Fix first: tick a gap') ?? Infinity
        expect(fixFirst, `week ${week}`).toBeLessThan(FOLD)
        expect(issue.width, `week ${week}`).toBeLessThanOrEqual(PHONE)
      }
    })

    it('uses no word of the jargon list, in the summary or the issue of any week', () => {
      for (const week of scenarios.STORY_WEEKS)
        for (const what of both) expect(jargonIn(allText(page(visibility, week, what).html)), `week ${week} ${what}`).toEqual([])
    })

    it('shows no #, * or | that was meant as Markdown, in any text the story’s runs wrote', () => {
      const written = screenOf(visibility, 10).written
      expect(written.length).toBeGreaterThan(10)
      for (const text of written) expect(literalMarkdown(text)).toEqual([])
    })
  })

  it('in a public repository, names no page a reader’s client set, in the news or the folded verdicts', () => {
    for (const week of scenarios.STORY_WEEKS)
      for (const what of both) {
        const text = allText(page('public', week, what).html)
        for (const path of ['/guides/webhook-retries', '/guides/signing-secrets', '/guides/idempotency']) expect(text).not.toContain(path)
      }
  })
}
