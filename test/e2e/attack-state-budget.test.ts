// Attacks the docs health issue's state with hostile reader text, end to end through the bundle against
// the emulator (each week's analytics set for its own range) and the stateful fake of GitHub. A person
// said one page is not a gap and asked the agent to fix another, whose pull request merged. Then a
// week brings five pages of thumbs down with comments and unanswered questions of 190 CJK characters
// each (four characters of the encoded block apiece), and a script loads 20 page paths of 200
// characters. The dismissed gap and the merged one, whose verdict is owed, survive that week and the
// quiet week after it: the dismissed page is not open to tick again, the merge is judged, and every
// box the issue shows is of a gap its sealed state holds.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { Conversation, FeedbackRow } from '../emulator/analytics-data.js'
import { ulid } from '../emulator/analytics-data.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { STORY_TIMEOUT, type Week, type WeeklyLoop, setWeek, startWeeklyLoop, stateOf, tickPages, week } from '../support/weekly-loop.js'

const DISMISSED = '/guides/not-a-gap'
const FIXED = '/guides/fix-me'
const PR = 'https://github.com/acme/docs/pull/62'
/** The attack's pages, each with thumbs down, comments and unanswered questions of wide characters. */
const ATTACKED = Array.from({ length: 5 }, (_, i) => `/guides/attacked-${i}`)
/** The page paths a script loads: 200 characters each. */
const LONG_PATHS = Array.from({ length: 20 }, (_, i) => `/${String(i).padStart(2, '0')}-${'a'.repeat(196)}`)
const [first] = runtimes()

/** 190 CJK characters, told apart by `n`. */
const wide = (n: number): string => `${'漢字'.repeat(94)}${String.fromCharCode(0x4e00 + n)}${String.fromCharCode(0x4e00 + n)}`

/** One week: the liked pages, the two pages a person decided on, and, when `attack`, the hostile text. */
function setAttack(loop: WeeklyLoop, range: Week, options: { attack: boolean; fixedQuiet: boolean }): void {
  const thumbs: Record<string, [number, number]> = {
    [DISMISSED]: [1, 30],
    [FIXED]: [options.fixedQuiet ? 30 : 1, options.fixedQuiet ? 0 : 30],
    ...Object.fromEntries(options.attack ? ATTACKED.map((path) => [path, [1, 20]]) : [])
  }
  const start = Date.parse(`${range.dateFrom}T09:00:00Z`)
  let n = 0
  const rows: FeedbackRow[] = options.attack
    ? ATTACKED.flatMap((path) =>
        Array.from({ length: 3 }, () => ({
          id: `${path}-${range.dateFrom}-${n}`,
          path,
          comment: wide(n++),
          createdAt: new Date(start + n * 60_000).toISOString(),
          source: 'contextual' as const,
          status: 'pending' as const,
          helpful: false,
          contact: null
        }))
      )
    : []
  const questions: Conversation[] = options.attack
    ? ATTACKED.flatMap((path) =>
        Array.from({ length: 3 }, () => {
          const ms = start + n++ * 60_000
          return {
            id: ulid(ms, () => 0.5),
            timestamp: new Date(ms).toISOString(),
            query: wide(n),
            response: wide(n + 1),
            sources: [],
            resolutionStatus: 'unanswered' as const,
            queryCategory: null,
            pageUrl: `https://docs.example.com${path}`
          }
        })
      )
    : []
  const traffic = [
    { path: DISMISSED, human: 900, ai: 100, total: 1000 },
    { path: FIXED, human: 900, ai: 100, total: 1000 },
    ...(options.attack ? LONG_PATHS.map((path) => ({ path, human: 1200, ai: 0, total: 1200 })) : [])
  ]
  setWeek(loop.emu, range, { thumbs, comments: rows, questions: questions.reverse(), traffic })
}

describe('hostile reader text against the state of the docs health issue', { timeout: STORY_TIMEOUT }, () => {
  let loop: WeeklyLoop
  beforeAll(async () => {
    loop = await startWeeklyLoop({ node: first?.node, onTestFinished })
    setAttack(loop, week(0), { attack: false, fixedQuiet: false })
    setAttack(loop, week(1), { attack: true, fixedQuiet: false })
    setAttack(loop, week(2), { attack: false, fixedQuiet: true })
  })
  afterAll(async () => {
    await loop.close()
  })

  const run = (range?: Week, event?: { name: string; payload: unknown }) => loop.run(range, event)
  const body = () => loop.body()
  /** Every box the issue shows is of a gap its state holds, in a state the box acts on. */
  const everyBoxActs = () => {
    const gaps = new Map(stateOf(body()).gaps.map((gap) => [gap.id, gap.state]))
    const boxes = [...body().matchAll(/^\s*- \[ \] .*<!-- (gap|dismiss|restore):([0-9a-f]{12}) -->$/gm)]
    expect(boxes.length).toBeGreaterThan(0)
    for (const [, kind, id] of boxes) {
      const state = gaps.get(id ?? '')
      if (kind === 'restore') expect(state).toBe('dismissed')
      else expect(['new', 'back']).toContain(state)
    }
  }
  const gapOf = (page: string) => stateOf(body()).gaps.find((gap) => gap.subject === page)

  it('keeps the dismissed gap and the merged one through the attack and a quiet week, and shows only boxes it can act on', async () => {
    const weekly = await run(week(0))
    expect(weekly.code, weekly.stdout).toBe(0)
    // A person who may push says one page is not a gap and ticks the other in one edit.
    const dismissedId = gapOf(DISMISSED)?.id ?? ''
    expect(dismissedId).toMatch(/^[0-9a-f]{12}$/)
    loop.emu.planJobs({ finishAfterMs: 300, prLink: PR })
    const asked = await run(
      undefined,
      loop.edit((before) =>
        tickPages(before, [FIXED]).replace(
          `  - [ ] Not a gap <!-- dismiss:${dismissedId} -->`,
          `  - [x] Not a gap <!-- dismiss:${dismissedId} -->`
        )
      )
    )
    expect(asked.code, asked.stdout).toBe(0)
    const open = await run(week(0))
    expect(open.code, open.stdout).toBe(0)
    expect(gapOf(FIXED)?.state).toBe('pr-open')
    expect(gapOf(DISMISSED)?.state).toBe('dismissed')

    // The pull request merges after the attack week: its verdict is owed through it.
    loop.github.setPull(62, { state: 'closed', merged_at: `${week(2).dateFrom}T10:00:00Z` })
    const attacked = await run(week(1))
    expect(attacked.code, attacked.stdout).toBe(0)
    const encoded = /<!-- docs-agent-action:state (\S+) -->/.exec(body())?.[1] ?? ''
    expect(encoded.length).toBeLessThanOrEqual(24_000)
    expect(gapOf(DISMISSED)?.state).toBe('dismissed')
    expect(gapOf(FIXED)?.state).toBe('merged')
    // The attacked pages ranked are gaps the state holds, with their boxes.
    expect(ATTACKED.filter((page) => gapOf(page)?.state === 'new').length).toBeGreaterThan(0)
    everyBoxActs()
    expect(attacked.stdout).not.toContain('could not keep')

    // A quiet week: the dismissed page, still complained about, is not open to tick again; the merge is judged.
    const quiet = await run(week(2))
    expect(quiet.code, quiet.stdout).toBe(0)
    expect(gapOf(DISMISSED)?.state).toBe('dismissed')
    expect(body()).not.toContain(`<!-- gap:${dismissedId} -->`)
    expect(body()).toContain(`<!-- restore:${dismissedId} -->`)
    expect(gapOf(FIXED)?.after).toBeDefined()
    expect(gapOf(FIXED)?.verdict).toBe('fixed')
    expect(renderSummary(body()).text).toContain(`✅ Fixed: ${FIXED} by pull request #62`)
    everyBoxActs()
  })
})
