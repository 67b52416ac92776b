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
import { type Emulator, startEmulator } from '../emulator/emulator.js'
import { runAction } from '../support/action.js'
import { startGitHubFake } from '../support/github-fake.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { docsHealthInputs } from '../support/docs-health-inputs.js'

const KEY = 'mint_stateBudgetK3y5'
const TOKEN = 'ghs_stateBudgetToken2Qp'
const DISMISSED = '/guides/not-a-gap'
const FIXED = '/guides/fix-me'
const PR = 'https://github.com/acme/docs/pull/62'
/** Pages most readers like: the site's norm. */
const LIKED = Array.from({ length: 8 }, (_, i) => `/liked/page${i}`)
/** The attack's pages, each with thumbs down, comments and unanswered questions of wide characters. */
const ATTACKED = Array.from({ length: 5 }, (_, i) => `/guides/attacked-${i}`)
/** The page paths a script loads: 200 characters each. */
const LONG_PATHS = Array.from({ length: 20 }, (_, i) => `/${String(i).padStart(2, '0')}-${'a'.repeat(196)}`)
const [first] = runtimes()

const week = (n: number) => {
  const from = new Date(Date.UTC(2026, 10, 2 + 7 * n))
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: new Date(from.getTime() + 7 * 86_400_000).toISOString().slice(0, 10) }
}
type Week = ReturnType<typeof week>

/** 190 CJK characters, told apart by `n`. */
const wide = (n: number): string => `${'漢字'.repeat(94)}${String.fromCharCode(0x4e00 + n)}${String.fromCharCode(0x4e00 + n)}`

/** One week: the liked pages, the two pages a person decided on, and, when `attack`, the hostile text. */
function setWeek(emu: Emulator, range: Week, options: { attack: boolean; fixedQuiet: boolean }): void {
  const thumbs: [string, number, number][] = [
    ...LIKED.map((path): [string, number, number] => [path, 200, 4]),
    [DISMISSED, 1, 30],
    [FIXED, options.fixedQuiet ? 30 : 1, options.fixedQuiet ? 0 : 30],
    ...(options.attack ? ATTACKED.map((path): [string, number, number] => [path, 1, 20]) : [])
  ]
  emu.setFeedbackByPage(
    thumbs.map(([path, up, down]) => ({ path, thumbsUp: up, thumbsDown: down, code: 0, total: up + down })),
    range
  )
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
  emu.setFeedback(rows, range)
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
  emu.setAssistant(questions.reverse(), range)
  emu.setCallerStats({ web: questions.length, api: 0, other: 0, total: questions.length }, range)
  emu.setSearches({ rows: [] }, range)
  const traffic = [
    { path: DISMISSED, human: 900, ai: 100, total: 1000 },
    { path: FIXED, human: 900, ai: 100, total: 1000 },
    ...(options.attack ? LONG_PATHS.map((path) => ({ path, human: 1200, ai: 0, total: 1200 })) : [])
  ]
  const human = traffic.reduce((sum, row) => sum + row.human, 0)
  const totals = { human, ai: 200, total: human + 200 }
  emu.setVisitors({ totals, rows: traffic }, range)
  emu.setViews({ totals, rows: traffic }, range)
}

/** The state the issue's body carries, as the next run reads it (its seal left to the action). */
function stateOf(body: string): { gaps: { id: string; subject: string; state: string; verdict?: string; after?: unknown }[] } {
  const encoded = /<!-- docs-agent-action:state ([A-Za-z0-9+/=]+) -->/.exec(body)?.[1] ?? ''
  return JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as ReturnType<typeof stateOf>
}

describe('hostile reader text against the state of the docs health issue', () => {
  let emu: Emulator
  let github: Awaited<ReturnType<typeof startGitHubFake>>
  beforeAll(async () => {
    emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
    github = await startGitHubFake()
    setWeek(emu, week(0), { attack: false, fixedQuiet: false })
    setWeek(emu, week(1), { attack: true, fixedQuiet: false })
    setWeek(emu, week(2), { attack: false, fixedQuiet: true })
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
  const body = () => github.issues.find((issue) => issue.user.type === 'Bot')?.body ?? ''
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
    const issue = github.issues.find((i) => i.user.type === 'Bot')
    if (!issue) throw new Error('no issue')
    const before = issue.body
    const dismissedId = gapOf(DISMISSED)?.id ?? ''
    const fixedLine = issue.body.split('\n').find((l) => l.startsWith(`- [ ] <code>${FIXED}</code>`)) ?? ''
    expect(dismissedId).toMatch(/^[0-9a-f]{12}$/)
    expect(fixedLine).not.toBe('')
    issue.body = issue.body
      .replace(fixedLine, fixedLine.replace('- [ ]', '- [x]'))
      .replace(`  - [ ] Not a gap <!-- dismiss:${dismissedId} -->`, `  - [x] Not a gap <!-- dismiss:${dismissedId} -->`)
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
    const open = await run(week(0))
    expect(open.code, open.stdout).toBe(0)
    expect(gapOf(FIXED)?.state).toBe('pr-open')
    expect(gapOf(DISMISSED)?.state).toBe('dismissed')

    // The pull request merges after the attack week: its verdict is owed through it.
    github.setPull(62, { state: 'closed', merged_at: `${week(2).dateFrom}T10:00:00Z` })
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
