// Tests that a state an earlier version wrote is read once as this version keeps it (src/health/migrate.ts):
// a gap's evidence line of versions 1 and 2 becomes its counts and searches, read as hostile text, and
// the issue shows the counts the earlier one showed; once reader text is hidden, no reader word is kept.
import { describe, expect, it } from 'vitest'
import { ownedBody } from '../../../src/health/body.js'
import { evidenceFromLine, OLD_EVIDENCE_CHARS } from '../../../src/health/migrate.js'
import { decodeState, encodeState, forgetReaderText, type HealthState, MOST_COUNTED, STATE_VERSION } from '../../../src/health/state.js'
import { evidenceText, withoutWords } from '../../../src/render/evidence-line.js'
import { renderSummary } from '../../support/render.js'

const quote = (words: string): string => `“${words}”`
/** What a migrated page line shows once its searches' words are dropped. */
const countsAlone = (line: string): string | undefined => {
  const evidence = evidenceFromLine(line, 'page')
  return evidence && evidenceText(withoutWords(evidence), quote)
}

describe('evidenceFromLine', () => {
  it.each([
    ['14 thumbs down · “webhook retries” searched 31× with no click', '14 thumbs down · 1 search with no click (31×)'],
    [
      '“a” searched 5× with no click · “b” searched 1,200× with no click · 2 other searches with no click (7×)',
      '4 searches with no click (1,212×)'
    ],
    [
      '3 marked not helpful · 2 unanswered questions · “x · y” searched 4× with no click',
      '3 marked not helpful · 2 unanswered questions · 1 search with no click (4×)'
    ],
    ['“a ” b” searched 4× with no click', '1 search with no click (4×)'],
    ['“cut short” searched 4× with no cl…', ''],
    ['1 thumbs down · “secret words”', '1 thumbs down'],
    ['12 thumbs d…', ''],
    [
      '12 unhappy readers (12 thumbs down, 3 marked not helpful; a reader counts once) · “x” searched 2× with no click · 3 thumbs up',
      '12 unhappy readers (12 thumbs down, 3 marked not helpful; a reader counts once) · 3 thumbs up · 1 search with no click (2×)'
    ],
    [
      '1 unhappy reader (1 thumbs down, 1 marked not helpful; a reader counts once) · “y”',
      '1 unhappy reader (1 thumbs down, 1 marked not helpful; a reader counts once)'
    ],
    // A search whose words were hidden when it was read is no "other" search where none is quoted.
    [
      '30 marked not helpful · 20 unanswered questions · 1 other search with no click (5×)',
      '30 marked not helpful · 20 unanswered questions · 1 search with no click (5×)'
    ],
    // Words that only begin like a count are a reader's.
    ['2 unhappy readers (2 thumbs down, 1 marked not helpful; a reader counts once) and more · 1 thumbs up', '1 thumbs up']
  ])('reads %j as the counts %j', (line, counts) => {
    expect(countsAlone(line)).toBe(counts)
  })

  it.each([
    '14 thumbs down · 1 unanswered question',
    '4 searches with no click (1,212×)',
    '',
    '1,200 unhappy readers (1,200 thumbs down, 30 marked not helpful; a reader counts once) · 3 thumbs up'
  ])('reads %j, which holds counts alone, as the same counts', (line) => {
    expect(countsAlone(line)).toBe(line)
  })

  it('keeps the words of the searches a line quotes, whatever they hold, and makes the same line from them', () => {
    const line = '9 thumbs down · “a · 3 thumbs down” searched 5× with no click · “4 “x”” searched 2× with no click'
    const evidence = evidenceFromLine(line, 'page')
    expect(evidence).toEqual({
      down: 9,
      searches: [
        { words: 'a · 3 thumbs down', hits: 5 },
        { words: '4 “x”', hits: 2 }
      ]
    })
    expect(evidenceText(evidence ?? {}, quote)).toBe(line)
  })

  it('counts the quoted searches past the three a line quotes with the others', () => {
    const line = [
      '“a” searched 9× with no click',
      '“b” searched 8× with no click',
      '“c” searched 7× with no click',
      '“d” searched 6× with no click'
    ].join(' · ')
    expect(evidenceFromLine(`${line} · 1 other search with no click (2×)`, 'page')).toMatchObject({ others: { searches: 2, hits: 8 } })
  })

  it('reads a search gap’s line as its searches with no click, and nothing else from it', () => {
    expect(evidenceFromLine('searched 1,031× with no click', 'search')).toEqual({ noClick: 1031 })
    expect(evidenceFromLine('14 thumbs down', 'search')).toEqual({})
  })

  it('reads no line longer than any version wrote, and no count past what the state keeps', () => {
    expect(evidenceFromLine('1 thumbs up · '.repeat(30), 'page')).toBeUndefined()
    expect(evidenceFromLine('1'.repeat(OLD_EVIDENCE_CHARS - 12).concat(' thumbs down'), 'page')).toEqual({})
    expect(evidenceFromLine(`${MOST_COUNTED} thumbs down · ${MOST_COUNTED} thumbs down`, 'page')).toEqual({ down: MOST_COUNTED })
  })
})

/** A body of an earlier version: its state block, unsealed (decodeState reads it). */
const blockOf = (state: unknown): string => `<!-- docs-agent-action:state ${Buffer.from(JSON.stringify(state)).toString('base64')} -->`
/** The state a body of an earlier version holds, read by this version. */
function read(raw: unknown): HealthState {
  const state = decodeState(blockOf(raw), 'p')
  if (!state) throw new Error('the state was not read')
  return state
}
const text = (state: HealthState): string => renderSummary(ownedBody({ state, resolved: 0, footerHtml: '' })).text

const gapOf = (id: string, kind: 'page' | 'search', subject: string, evidence: string, more: Record<string, unknown> = {}) => ({
  id,
  kind,
  subject,
  firstSeen: '2026-11-09',
  lastSeen: '2026-11-09',
  periods: 1,
  score: 9,
  evidence,
  state: 'new',
  rank: 0,
  ...more
})
const PERIODS = [{ dateFrom: '2026-11-09', dateTo: '2026-11-16', headlines: { thumbsDown: 30 } }]

describe('a state an earlier version wrote', () => {
  it('of version 1: read as this version, its line the same counts', () => {
    const v1 = {
      version: 1,
      projectId: 'p',
      periods: PERIODS,
      gaps: [gapOf('a1b2c3d4e5f6', 'page', '/x', '30 thumbs down · 2 unanswered questions', { state: 'merged', quiet: 1 })]
    }
    const state = read(v1)
    expect(state.version).toBe(STATE_VERSION)
    expect(state.gaps[0]?.evidence).toEqual({ down: 30, unanswered: 2 })
    expect(text(state)).toContain('/x · 30 thumbs down · 2 unanswered questions')
    expect(decodeState(encodeState(state), 'p')).toEqual(state)
  })

  const READER = ['webhook', 'retries', 'sso', 'rotate']
  const shownV2 = {
    version: 2,
    projectId: 'p',
    periods: PERIODS,
    gaps: [
      gapOf(
        'a1b2c3d4e5f6',
        'page',
        '/api/webhooks',
        '35 unhappy readers (30 thumbs down, 35 marked not helpful; a reader counts once) · “webhook · retries” searched 31× with no click · 3 thumbs up'
      ),
      gapOf('b1b2c3d4e5f6', 'search', 'sso rotate', 'searched 12× with no click', { rank: 1 })
    ],
    readerWords: { dateFrom: '2026-11-09', dateTo: '2026-11-16', gaps: [{ id: 'a1b2c3d4e5f6', questions: [], comments: [], searches: [] }] }
  }

  it('of version 2 with reader text shown: its lines the same, its searches’ words kept', () => {
    const state = read(shownV2)
    expect(state.version).toBe(STATE_VERSION)
    expect(state.gaps.map((gap) => gap.evidence)).toEqual([
      { down: 30, notHelpful: 35, up: 3, searches: [{ words: 'webhook · retries', hits: 31 }] },
      { noClick: 12 }
    ])
    const shown = text(state)
    for (const gap of shownV2.gaps) expect(shown).toContain(gap.evidence)
  })

  it('of version 2 with reader text shown, read by a run that hides it: the same counts, no reader word', () => {
    const state = forgetReaderText(read(shownV2))
    const body = ownedBody({ state, resolved: 0, footerHtml: '' })
    const shown = renderSummary(body).text
    expect(shown).toContain(
      '35 unhappy readers (30 thumbs down, 35 marked not helpful; a reader counts once) · 3 thumbs up · 1 search with no click (31×)'
    )
    expect(shown).toContain('searched 12× with no click')
    for (const word of READER) {
      expect(body).not.toContain(word)
      expect(JSON.stringify(state)).not.toContain(word)
    }
  })

  it('of version 2 written while reader text was hidden: the same counts, the unhappy readers it lost not made up', () => {
    const hiddenV2 = {
      version: 2,
      projectId: 'p',
      periods: PERIODS,
      gaps: [
        gapOf('a1b2c3d4e5f6', 'page', '/api/webhooks', '30 thumbs down · 3 thumbs up · 1 search with no click (31×)'),
        // Written when the hidden line dropped a page's unhappy readers: what it showed is all it knows.
        gapOf('c1b2c3d4e5f6', 'page', '/api/auth', '2 searches with no click (8×)', { rank: 2 }),
        gapOf('b1b2c3d4e5f6', 'search', '', 'searched 12× with no click', { rank: 1 })
      ]
    }
    const state = read(hiddenV2)
    expect(state.gaps.map((gap) => gap.evidence)).toEqual([
      { down: 30, up: 3, others: { searches: 1, hits: 31 } },
      { others: { searches: 2, hits: 8 } },
      { noClick: 12 }
    ])
    const shown = text(state)
    for (const gap of hiddenV2.gaps) expect(shown).toContain(gap.evidence)
    // Hiding reader text again takes nothing from its evidence: it holds no word.
    expect(forgetReaderText(state).gaps.map((gap) => gap.evidence)).toEqual(state.gaps.map((gap) => gap.evidence))
  })

  it('of a newer version: kept as it is, its number kept', () => {
    const newer = { version: STATE_VERSION + 1, projectId: 'p', periods: PERIODS, gaps: [gapOf('a1b2c3d4e5f6', 'page', '/x', 'a line')] }
    const state = read(newer)
    expect(state.version).toBe(STATE_VERSION + 1)
    expect(state.gaps).toEqual([])
    expect(state.foreign).toEqual(newer.gaps)
  })
})
