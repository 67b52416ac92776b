// Tests the verdict lines at the top of the docs health issue and the summary (src/health/body.ts,
// verdictLines) as GitHub shows them: each fix proven this period first, with the readers it helped;
// the verdicts that stand folded into one line, each in its words; at most six verdicts and three asks
// in the news; and the words of a gap still waiting for readers, in weeks.
import { describe, expect, it } from 'vitest'
import { ownedBody, verdictLines } from '../../../src/health/body.js'
import { emptyState, type GapRecord, type HealthState } from '../../../src/health/state.js'
import { renderSummary } from '../../support/render.js'

const WEEK = { dateFrom: '2026-11-30', dateTo: '2026-12-07', headlines: {} }
const before = { dateFrom: '2026-11-02', dateTo: '2026-11-09', down: 26, up: 1 }
const after = { dateFrom: '2026-11-30', dateTo: '2026-12-07', down: 1, up: 30 }
const gap = (id: string, subject: string, more: Partial<GapRecord> = {}): GapRecord => ({
  id: id.repeat(12),
  kind: 'page',
  subject,
  firstSeen: '2026-11-02',
  lastSeen: '2026-11-30',
  periods: 2,
  score: 9,
  evidence: { down: 26 },
  state: 'resolved',
  prLink: 'https://github.com/acme/docs/pull/60',
  before,
  after,
  ...more
})
const stateWith = (gaps: GapRecord[]): HealthState => ({ ...emptyState('proj'), periods: [WEEK], gaps })
const seen = (lines: string[]): string[] => lines.map((line) => renderSummary(line).text)

describe('verdictLines', () => {
  it('says each fix proven by this run first, with its pull request and the readers it helped; a fix proven before stands folded', () => {
    const state = stateWith([gap('a', '/docs/fixed'), gap('b', '/docs/fixed-earlier')])
    expect(seen(verdictLines(state, new Set(['a'.repeat(12)]), 'Ask again.'))).toEqual([
      'Since last week:',
      '✅ Fixed: /docs/fixed by pull request #60: 25 fewer thumbs down, unanswered questions and searches with no click a week (26 → 1)',
      'So far: ✅ 1 fixed: /docs/fixed-earlier by pull request #60, 25 fewer thumbs down, unanswered questions and searches with no click a week ✅ /docs/fixed-earlier: fixed, 25 fewer thumbs down, unanswered questions and searches with no click a week (26 → 1) pull request #60 · before 2–8 Nov 2026 → since the merge 30 Nov – 6 Dec 2026: 👎 26 → 1 · 👍 1 → 30'
    ])
    expect(
      seen(verdictLines(stateWith([gap('a', '/docs/plain', { prLink: undefined, before: undefined })]), new Set(['a'.repeat(12)]), ''))
    ).toEqual(['Since last week:', '✅ Fixed: /docs/plain'])
  })

  it('folds the fixes that did not work, came back or could not tell with those still waiting, each in its words', () => {
    const state = stateWith([
      gap('a', '/docs/half', { state: 'back', verdict: 'not-fixed', before: { ...before, down: 100 }, after: { ...after, down: 50 } }),
      gap('b', '/docs/again', { state: 'back', verdict: 'back' }),
      gap('c', '/docs/unsure', { state: 'back', verdict: 'could-not-tell' }),
      gap('d', '/docs/waiting', { state: 'merged', verdict: 'too-few' })
    ])
    const [news, standing, more] = seen(verdictLines(state, new Set(), 'Tick it to ask the agent again.'))
    expect(news).toBe('Since last week: no fix was judged, and no gap given to the agent.')
    expect(standing).toMatch(/^So far: ❌ 3 still not fixed · ⏳ 1 waiting /)
    expect(standing).toContain('❌ /docs/half: helped, but not enough: −37 % (fixed needs −60 %) pull request #60')
    expect(standing).toContain(
      '❌ /docs/again: the trouble came back: since 30 Nov 2026, 1 a week (thumbs down, unanswered questions and searches with no click) pull request #60'
    )
    expect(standing).toContain('❔ /docs/unsure: can’t tell, too few readers')
    expect(standing).toContain('⏳ /docs/waiting: merged, waiting for readers to tell')
    expect(more).toBeUndefined()
  })

  it('names at most three gaps a person gave the agent, and at most six verdicts, in the news: the folded line holds them all', () => {
    const news = { period: WEEK.dateFrom, on: WEEK.dateTo }
    const fixed = ['a', 'b', 'c', 'd'].map((id) => gap(id, `/docs/${id}`, { events: [{ what: 'fixed', ...news }] }))
    const failed = ['e', 'f', 'g', 'h'].map((id) =>
      gap(id, `/docs/${id}`, { state: 'back', verdict: 'not-fixed', events: [{ what: 'not-fixed', ...news }] })
    )
    const asked = ['1', '2', '3', '4'].map((id) => gap(id, `/docs/asked-${id}`, { state: 'asked', events: [{ what: 'asked', ...news }] }))
    const lines = verdictLines(stateWith([...fixed, ...failed, ...asked]), new Set(), '')
    const items = lines[1]?.match(/<li>/g) ?? []
    expect(items).toHaveLength(7)
    expect(lines[1]?.match(/✅/g)).toHaveLength(4)
    expect(lines[1]?.match(/❌/g)).toHaveLength(2)
    expect(seen(lines).join(' ')).toContain('🤖 Given to the agent: /docs/asked-1, /docs/asked-2, /docs/asked-3 and 1 more')
    expect(verdictLines(stateWith([]), new Set(), '')).toEqual([])
  })
})

describe('a merged gap waiting for readers', () => {
  it('says how many more weeks it may wait, "1 more week" at the last', () => {
    const lineOf = (periods: number): string => {
      const history = Array.from({ length: periods }, (_, i) => {
        const from = new Date(Date.UTC(2026, 10, 30 + 7 * i)).toISOString().slice(0, 10)
        const to = new Date(Date.UTC(2026, 10, 37 + 7 * i)).toISOString().slice(0, 10)
        return { dateFrom: from, dateTo: to, headlines: {} }
      })
      const state: HealthState = {
        ...emptyState('proj'),
        periods: history,
        gaps: [gap('a', '/docs/m', { state: 'merged', mergedOn: '2026-11-30', after: undefined })]
      }
      return renderSummary(ownedBody({ state, resolved: 0, footerHtml: '' })).text
    }
    expect(lineOf(1)).toContain('/docs/m: merged 30 Nov 2026 · waiting: up to 5 more weeks of readers to tell')
    expect(lineOf(5)).toContain('waiting: 1 more week of readers to tell')
    expect(lineOf(7)).toContain('waiting: 1 more week of readers to tell')
  })
})
