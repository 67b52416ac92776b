// The first screen a docs lead reads, as GitHub shows it: each scenario is built by the bundle run
// against the emulator and the fake GitHub (test/support/screen-scenarios.js), rendered by GitHub's own
// renderer and sanitizing, and laid out by headless Chromium at 1,012 px (a run's page) and 400 px (a
// phone) (test/support/rendered-page.js). What the first 1,000 px hold is asserted: the problem, its
// evidence, the largest change, the verdicts, the link to act; and that no phrase of the jargon list
// (test/support/jargon.js) shows anywhere, and that every summary and issue body the runs wrote shows
// no `#`, `*` or `|` meant as Markdown (test/support/literal-markdown.js). The tests need chromium and cmark-gfm: `.ci/run` installs
// them, and in CI a machine without them fails here rather than skipping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jargonIn } from '../../support/jargon.js'
import { literalMarkdown } from '../../support/literal-markdown.js'
import { allText, holds, type Layout, layout, missingTools, textAbove, yOf } from '../../support/rendered-page.js'
import * as scenarios from '../../support/screen-scenarios.js'

const FOLD = 1000
const DESKTOP = 1012
const PHONE = 400
const missing = missingTools()
// In CI (CI, as GitHub sets it, or .ci/run's DOCS_AGENT_RENDER_TOOLS=required) a missing tool fails.
const required = process.env.CI !== undefined || process.env.DOCS_AGENT_RENDER_TOOLS === 'required'

if (missing.length > 0 && !required) {
  describe.skip(`the rendered first screen (skipped: ${missing.join(' and ')} not installed; .ci/run installs them)`, () => {
    it('needs chromium and cmark-gfm', () => undefined)
  })
} else if (missing.length > 0) {
  describe('the rendered first screen', () => {
    it('has the tools it needs in CI', () => {
      expect.fail(`${missing.join(' and ')} missing: .ci/run installs them (apt-get) before npm test`)
    })
  })
} else {
  type Screen = Awaited<ReturnType<typeof scenarios.badWeek>>
  const screens = new Map<string, Screen>()
  const pages = new Map<string, Layout>()
  /** The layout of a scenario's summary or issue at a width, made once. */
  const page = (name: string, what: 'summary' | 'issue', width = DESKTOP): Layout => {
    const key = `${name} ${what} ${width}`
    const found = pages.get(key)
    if (found) return found
    const screen = screens.get(name)
    if (!screen) throw new Error(`no scenario ${name}`)
    const made = layout(screen[what], { width, title: what === 'issue' ? 'Docs health' : 'report summary' })
    pages.set(key, made)
    return made
  }
  /** Asserts that `text` holds `expected`, white space aside. */
  const expectHolds = (text: string, expected: string): void => {
    expect(holds(text, expected), `${expected}\n  not in:\n${text}`).toBe(true)
  }
  const above = (name: string, what: 'summary' | 'issue', width = DESKTOP): string => textAbove(page(name, what, width), FOLD)
  /** The y of a link to the docs health issue, or Infinity when there is none. */
  const issueLinkY = (name: string, width = DESKTOP): number =>
    page(name, 'summary', width).links.find((link) => /\/issues\/\d+$/.test(link.href))?.y ?? Infinity

  beforeAll(async () => {
    screens.set('bad week', await scenarios.badWeek())
    screens.set('movers', await scenarios.movers())
    screens.set('tick', await scenarios.tick())
    screens.set('dismissal', await scenarios.dismissal())
    screens.set('undo', await scenarios.undo())
    screens.set('public repository', await scenarios.publicRepository())
    const { realFix, halfFix } = await scenarios.fixes()
    screens.set('real fix', realFix)
    screens.set('half fix', halfFix)
    for (const [name, screen] of screens) if (screen.code !== 0) throw new Error(`${name}: the run failed:\n${screen.stdout}`)
  }, 240_000)
  afterAll(() => {
    pages.clear()
  })

  describe('the rendered first screen', () => {
    it('of a bad week names the problem page with the readers’ own words, and links the issue where one acts', () => {
      const top = above('bad week', 'summary')
      expectHolds(top, `${scenarios.PROBLEM_PAGE} is this week’s problem`)
      expectHolds(top, '“How long is a webhook retried for?” asked the assistant 10 times, left unanswered')
      expectHolds(top, '“No example of verifying the signature in Python.” left 2 times with “not helpful”')
      expect(issueLinkY('bad week')).toBeLessThan(FOLD)
      // The problem comes first, then its evidence, then where to act.
      const summary = page('bad week', 'summary')
      const problem = yOf(summary, 'is this week’s problem') ?? Infinity
      expect(problem).toBeLessThan(yOf(summary, 'How long is a webhook retried for?') ?? -1)
      expect(yOf(summary, 'How long is a webhook retried for?') ?? Infinity).toBeLessThan(issueLinkY('bad week'))
    })

    it('of a week whose pages moved puts the page that lost 40 % of its readers above the headline table', () => {
      const summary = page('movers', 'summary')
      expectHolds(
        above('movers', 'summary'),
        `What changed: ${scenarios.MOVED_PAGE} lost 40% of its human visitors (5,692 → 3,415; AI agents not counted)`
      )
      expect(yOf(summary, 'lost 40% of its human visitors') ?? Infinity).toBeLessThan(yOf(summary, 'How did this week compare') ?? -1)
      // The page table counts every visitor: the line says its count is of human visitors only.
      expectHolds(allText(summary.html), 'Human visitors leave AI agents out; the page table counts both.')
      expect(issueLinkY('movers')).toBeLessThan(FOLD)
    })

    it('of a tick’s run says the problem it names is already under way, keeps the pages that moved, and puts With the agent before the long lists', () => {
      const issue = page('tick', 'issue')
      const top = above('tick', 'issue')
      expectHolds(top, `${scenarios.PROBLEM_PAGE} is this week’s problem`)
      expectHolds(top, `Already under way: ${scenarios.PROBLEM_PAGE} : pull request #128 is open: review and merge it`)
      expectHolds(top, 'With the agent')
      const text = allText(issue.html)
      expect(text).toContain('Pages that moved')
      expect(yOf(issue, 'With the agent') ?? Infinity).toBeLessThan(yOf(issue, 'Fix first: tick a gap') ?? -1)
      // Never the problem right above "nothing to tick" without the line that says it is under way.
      const nothing = yOf(issue, 'Nothing to tick')
      if (nothing !== undefined) expect(yOf(issue, 'Already under way') ?? Infinity).toBeLessThan(nothing)
    })

    it('after a dismissal names another problem, and keeps the dismissed gap out of the first screen', () => {
      const top = above('dismissal', 'summary')
      expectHolds(top, 'is this week’s problem')
      expect(holds(top, `${scenarios.PROBLEM_PAGE} is this week’s problem`)).toBe(false)
      expect(holds(above('dismissal', 'issue'), `${scenarios.PROBLEM_PAGE} is this week’s problem`)).toBe(false)
      expect(issueLinkY('dismissal')).toBeLessThan(FOLD)
    })

    it('after an undo names the problem again, with its readers’ words, and the issue no longer lists it as not a gap', () => {
      const top = above('undo', 'summary')
      expectHolds(top, `${scenarios.PROBLEM_PAGE} is this week’s problem`)
      expectHolds(top, 'asked the assistant')
      expectHolds(above('undo', 'issue'), `${scenarios.PROBLEM_PAGE} is this week’s problem`)
      expect(
        holds(
          page('undo', 'issue')
            .texts.map((piece) => piece.text)
            .join(' '),
          'Bring it back'
        )
      ).toBe(false)
      expect(issueLinkY('undo')).toBeLessThan(FOLD)
    })

    it('of a real fix names it, with its pull request and the readers it helped, in the news above the fold', () => {
      for (const what of ['summary', 'issue'] as const) {
        const top = above('real fix', what)
        expectHolds(
          top,
          `Since last week: ✅ Fixed: ${scenarios.REAL} by pull request #60: 25 fewer thumbs down, unanswered questions and searches with no click a week (26 → 1)`
        )
      }
      expect(issueLinkY('real fix')).toBeLessThan(FOLD)
    })

    it('of a half fix says how far it went against the bar, and where to ask again, above the fold', () => {
      const top = above('half fix', 'summary')
      // The week after the busy page's half fix, the small page's is the news (−50 %, of a few readers).
      expectHolds(top, '❌ Helped, but not enough:')
      expectHolds(top, ', pull request #60: −50 % (fixed needs −60 %)')
      expectHolds(top, 'Tick it in the docs health issue to ask the agent again.')
      expect(holds(top, 'did not work')).toBe(false)
      expectHolds(above('half fix', 'issue'), 'Tick it under Fix first to ask the agent again.')
    })

    it('of a public repository gives the counts, and no reader’s words anywhere', () => {
      const summary = page('public repository', 'summary')
      const top = above('public repository', 'summary')
      // The counts, and no quotation mark of a reader's words under them.
      expect(top).toMatch(/is this week’s problem: [\d,]+ /)
      expect(page('public repository', 'summary').texts.some((piece) => piece.text.includes('asked the assistant'))).toBe(false)
      for (const what of ['summary', 'issue'] as const) {
        const text = allText(page('public repository', what).html)
        expect(text).not.toContain('How long is a webhook retried for?')
        expect(text).not.toContain('No example of verifying the signature in Python.')
      }
      expect(issueLinkY('public repository')).toBeLessThan(FOLD)
      expect(summary.width).toBeLessThanOrEqual(DESKTOP)
    })

    it.each(['bad week', 'movers', 'tick', 'dismissal', 'undo', 'real fix', 'half fix', 'public repository'])(
      'of %s uses no word of the jargon list, in the summary or the issue',
      (name) => {
        for (const what of ['summary', 'issue'] as const) expect(jargonIn(allText(page(name, what).html)), what).toEqual([])
      }
    )

    it.each(['bad week', 'movers', 'dismissal', 'undo', 'real fix', 'half fix'])(
      'of %s names one gap in the lead, the summary’s first item and the issue’s first box, and quotes the same readers in both',
      (name) => {
        const screen = screens.get(name)
        if (!screen) throw new Error(`no scenario ${name}`)
        const plain = (html: string): string =>
          html
            .replace(/<[^>]*>/g, '')
            .replace(/^search /i, '')
            .trim()
        const lead = (markdown: string): string => plain(/<strong>(.*?) is this week’s problem/.exec(markdown)?.[1] ?? 'no lead')
        const quotes = (markdown: string): string =>
          /is this week’s problem.*\n<blockquote>\n([\s\S]*?)<\/blockquote>/.exec(markdown)?.[1] ?? ''
        const named = lead(screen.summary)
        expect(named).not.toBe('no lead')
        expect(lead(screen.issue)).toBe(named)
        expect(plain(/<h3>Fix first<\/h3>\n<ol>\n<li>(.*?): /.exec(screen.summary)?.[1] ?? '')).toBe(named)
        expect(plain(/^- \[ \] (.*?) · /m.exec(screen.issue)?.[1] ?? '')).toBe(named)
        expect(quotes(screen.issue)).toBe(quotes(screen.summary))
      }
    )

    it.each(['bad week', 'movers', 'tick', 'dismissal', 'undo', 'real fix', 'half fix', 'public repository'])(
      'of %s shows no #, * or | that was meant as Markdown, in any summary or text its runs wrote',
      (name) => {
        const written = screens.get(name)?.written ?? []
        expect(written.length).toBeGreaterThan(1)
        for (const text of written) expect(literalMarkdown(text)).toEqual([])
      }
    )

    it.each(['bad week', 'movers', 'real fix', 'half fix', 'public repository'])(
      'of %s on a phone holds the problem and the link to act in its first 1,000 px, and nothing scrolls sideways',
      (name) => {
        const phone = page(name, 'summary', PHONE)
        expectHolds(textAbove(phone, FOLD), 'is this week’s problem')
        expect(issueLinkY(name, PHONE)).toBeLessThan(FOLD)
        expect(phone.width).toBeLessThanOrEqual(PHONE)
        expect(page(name, 'issue', PHONE).width).toBeLessThanOrEqual(PHONE)
      }
    )
  })
}
