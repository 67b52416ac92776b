// Tests the verdict lines at the top of the docs health issue and the summary (src/health/body.ts,
// verdictLines) as GitHub shows them: each fix proven this period with its numbers before → after, each
// fix that did not work or came back with where to ask again, at most three of each; and the words of
// a gap still waiting for readers, in weeks.
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
  evidence: '26 thumbs down',
  state: 'resolved',
  prLink: 'https://github.com/acme/docs/pull/60',
  before,
  after,
  ...more
})
const stateWith = (gaps: GapRecord[]): HealthState => ({ ...emptyState('proj'), periods: [WEEK], gaps })
const seen = (lines: string[]): string[] => lines.map((line) => renderSummary(line).text)

describe('verdictLines', () => {
  it('says each fix proven this period with its pull request and its numbers before → after', () => {
    const state = stateWith([gap('a', '/docs/fixed'), gap('b', '/docs/fixed-earlier')])
    expect(seen(verdictLines(state, new Set(['a'.repeat(12)]), 'Ask again.'))).toEqual([
      '✅ Fixed: /docs/fixed by pull request #60 · before 2–8 Nov 2026 → since the merge 30 Nov – 6 Dec 2026: 👎 26 → 1 · 👍 1 → 30'
    ])
    expect(
      seen(verdictLines(stateWith([gap('a', '/docs/plain', { prLink: undefined, before: undefined })]), new Set(['a'.repeat(12)]), ''))
    ).toEqual(['✅ Fixed: /docs/plain'])
  })

  it('says each fix that did not work, or came back, with where to ask again; never one still waiting', () => {
    const state = stateWith([
      gap('a', '/docs/half', { state: 'back', verdict: 'not-fixed', before: { ...before, down: 100 }, after: { ...after, down: 50 } }),
      gap('b', '/docs/again', { state: 'back', verdict: 'back' }),
      gap('c', '/docs/unsure', { state: 'back', verdict: 'could-not-tell' }),
      gap('d', '/docs/waiting', { state: 'merged', verdict: 'too-few' })
    ])
    expect(seen(verdictLines(state, new Set(), 'Tick it to ask the agent again.'))).toEqual([
      '❌ Not fixed: /docs/half: pull request #60 did not work · before 2–8 Nov 2026 → since the merge 30 Nov – 6 Dec 2026: 👎 100 → 50 · 👍 1 → 30. Tick it to ask the agent again.',
      '❌ Not fixed: /docs/again: pull request #60 came back · before 2–8 Nov 2026 → since it was fixed 30 Nov – 6 Dec 2026: 👎 26 → 1 · 👍 1 → 30. Tick it to ask the agent again.'
    ])
  })

  it('shows at most three of each kind: the ledger below holds them all', () => {
    const fixed = ['a', 'b', 'c', 'd'].map((id) => gap(id, `/docs/${id}`))
    const failed = ['e', 'f', 'g', 'h'].map((id) => gap(id, `/docs/${id}`, { state: 'back', verdict: 'not-fixed' }))
    const lines = verdictLines(stateWith([...fixed, ...failed]), new Set(fixed.map((g) => g.id)), '')
    expect(lines.filter((line) => line.includes('✅'))).toHaveLength(3)
    expect(lines.filter((line) => line.includes('❌'))).toHaveLength(3)
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
