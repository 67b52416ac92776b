// Tests how the loop benchmark reads the docs health issue (bench/loop/verdict.mjs) against bodies the
// action's own code writes (src/health/body.ts, state.ts): each ledger state mapped to one verdict,
// the gaps decoded from the state block, the boxes a person could tick found, and ticks that the
// action's own reader of ticks takes.
import { describe, expect, it } from 'vitest'
import { gapsOf, openBoxes, ticked, verdictOf } from '../../../bench/loop/verdict.mjs'
import { ownedBody, tickedGaps } from '../../../src/health/body.js'
import { emptyState, GAP_STATES, type GapRecord, type HealthState, VERDICTS } from '../../../src/health/state.js'

const gap = (id: string, subject: string, more: Partial<GapRecord> = {}): GapRecord => ({
  id,
  kind: 'page',
  subject,
  firstSeen: '2026-11-02',
  lastSeen: '2026-11-16',
  periods: 3,
  score: 12,
  evidence: { down: 14 },
  state: 'new',
  ...more
})
const bodyOf = (gaps: GapRecord[]) => {
  const state: HealthState = { ...emptyState('proj_docs'), gaps }
  return ownedBody({ state, resolved: 0, footerHtml: '<sub>footer</sub>' })
}

describe('the verdict of a gap', () => {
  it('maps every state the ledger writes to a verdict, none unknown', () => {
    const verdicts = Object.fromEntries(GAP_STATES.map((state) => [state, verdictOf({ state })]))
    expect(verdicts).toEqual({
      new: 'open',
      asked: 'waiting',
      'pr-open': 'waiting',
      merged: 'waiting',
      resolved: 'fixed',
      back: 'back',
      dismissed: 'dismissed'
    })
  })

  it('maps every verdict the state gives a merged fix to one of its own, whatever the state beside it', () => {
    const verdicts = Object.fromEntries(VERDICTS.map((verdict) => [verdict, verdictOf({ state: 'new', verdict, mergedOn: '2026-11-16' })]))
    expect(verdicts).toEqual({
      'too-few': 'waiting',
      fixed: 'fixed',
      'not-fixed': 'not fixed',
      'could-not-tell': 'could not tell',
      back: 'back',
      // A page gone since the merge: the loop cannot tell what its fix did.
      gone: 'could not tell'
    })
    expect(verdictOf({ state: 'resolved', verdict: 'someday' })).toBe('unknown')
  })

  it('reads a gap open again after its merge as not fixed, and a state it does not know as unknown', () => {
    expect(verdictOf({ state: 'new', mergedOn: '2026-11-16' })).toBe('not fixed')
    expect(verdictOf({ state: 'someday' })).toBe('unknown')
    expect(verdictOf({ state: 'toString' })).toBe('unknown')
  })
})

describe('the issue read', () => {
  const gaps = [
    gap('aaaaaaaaaaaa', '/guides/webhook'),
    gap('bbbbbbbbbbbb', '/guides/billing', {
      state: 'merged',
      jobId: 'job1',
      prLink: 'https://github.com/acme/docs/pull/50',
      mergedOn: '2026-11-16'
    }),
    gap('cccccccccccc', '/guides/sso', { state: 'resolved', mergedOn: '2026-11-16', resolvedOn: '2026-11-30' }),
    gap('dddddddddddd', '/guides/deploy', { state: 'back', mergedOn: '2026-11-16' }),
    gap('eeeeeeeeeeee', 'webhook retries', { kind: 'search' })
  ]

  it('decodes the page gaps of the state the action writes, by page; a body without one has none', () => {
    const found = gapsOf(bodyOf(gaps))
    expect([...found.keys()]).toEqual(['/guides/webhook', '/guides/billing', '/guides/sso', '/guides/deploy'])
    expect(found.get('/guides/billing')?.map((g) => [g.state, g.mergedOn, g.jobId])).toEqual([['merged', '2026-11-16', 'job1']])
    expect(gapsOf('no state here').size).toBe(0)
  })

  it('keeps every gap of a page, in the ledger’s order', () => {
    const found = gapsOf(bodyOf([gap('aaaaaaaaaaaa', '/guides/webhook', { state: 'merged' }), gap('ffffffffffff', '/guides/webhook')]))
    expect(found.get('/guides/webhook')?.map((g) => g.id)).toEqual(['aaaaaaaaaaaa', 'ffffffffffff'])
  })

  it('finds the boxes a person could tick: the open gaps and the ones back, not those with the agent or resolved', () => {
    expect([...openBoxes(bodyOf(gaps))].sort()).toEqual(['aaaaaaaaaaaa', 'dddddddddddd', 'eeeeeeeeeeee'])
  })

  it('ticks the boxes of the gaps given, as the action reads ticks, and nothing else', () => {
    const body = bodyOf(gaps)
    const after = ticked(body, new Set(['aaaaaaaaaaaa', 'bbbbbbbbbbbb']))
    expect([...tickedGaps(after)]).toEqual(['aaaaaaaaaaaa'])
    expect([...openBoxes(after)].sort()).toEqual(['dddddddddddd', 'eeeeeeeeeeee'])
    expect(ticked(body, new Set())).toBe(body)
  })
})
