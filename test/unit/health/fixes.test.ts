// Tests which pages the docs health issue gives the feedback section as fixed (src/health/ledger.ts,
// fixesOf): where feedback the docs team marked resolved counts.
import { describe, expect, it } from 'vitest'
import { fixesOf } from '../../../src/health/ledger.js'
import { emptyState, type GapRecord } from '../../../src/health/state.js'

const gap = (id: string, subject: string, more: Partial<GapRecord> = {}): GapRecord => ({
  id: id.repeat(12),
  kind: 'page',
  subject,
  firstSeen: '2026-11-02',
  lastSeen: '2026-11-16',
  periods: 2,
  score: 9,
  evidence: { down: 4 },
  state: 'new',
  ...more
})

describe('fixesOf', () => {
  it('names each page with a merged fix, whatever its verdict since, with its merge day', () => {
    const state = {
      ...emptyState('proj'),
      gaps: [
        gap('a', '/merged', { state: 'merged', mergedOn: '2026-11-10' }),
        gap('b', '/fixed', { state: 'resolved', mergedOn: '2026-11-03' }),
        gap('c', '/failed', { state: 'back', mergedOn: '2026-11-04' }),
        gap('d', '/open'),
        gap('e', '/asked', { state: 'asked' }),
        gap('f', '/dismissed', { state: 'dismissed' }),
        gap('g', 'webhook retries', { kind: 'search', state: 'merged', mergedOn: '2026-11-10' })
      ]
    }
    expect(fixesOf(state)).toEqual(
      new Map([
        ['/merged', '2026-11-10'],
        ['/fixed', '2026-11-03'],
        ['/failed', '2026-11-04']
      ])
    )
  })

  it('names a page whose pull request is open with no day: it may have merged since the last run', () => {
    const state = { ...emptyState('proj'), gaps: [gap('a', '/page', { state: 'pr-open', prLink: 'https://github.com/o/r/pull/1' })] }
    expect(fixesOf(state)).toEqual(new Map([['/page', '']]))
  })

  it('keeps, for a page fixed twice, the open pull request, else the earliest merge: every row after either counts', () => {
    const twice = (first: Partial<GapRecord>, second: Partial<GapRecord>) =>
      fixesOf({ ...emptyState('proj'), gaps: [gap('a', '/page', first), gap('b', '/page', second)] }).get('/page')
    expect(twice({ state: 'resolved', mergedOn: '2026-11-03' }, { state: 'merged', mergedOn: '2026-11-10' })).toBe('2026-11-03')
    expect(twice({ state: 'merged', mergedOn: '2026-11-10' }, { state: 'resolved', mergedOn: '2026-11-03' })).toBe('2026-11-03')
    expect(twice({ state: 'merged', mergedOn: '2026-11-10' }, { state: 'pr-open' })).toBe('')
    expect(twice({ state: 'pr-open' }, { state: 'merged', mergedOn: '2026-11-10' })).toBe('')
  })
})
