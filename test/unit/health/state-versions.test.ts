// A state that survives versions (src/health/state.ts): a state a newer version wrote, with fields,
// headline keys, gap kinds and a version number this one does not know, is read for what this version
// knows and written back with everything else as it was; an older reader never throws it away, and a
// run that adds a period keeps it too.
import { describe, expect, it } from 'vitest'
import { withPeriod } from '../../../src/health/ledger.js'
import { gapPart } from '../../../src/health/prompt.js'
import { sitePage } from '../../../src/text/page-path.js'
import {
  boundedState,
  decodeState,
  encodeState,
  forgetReaderText,
  type GapRecord,
  type HealthState,
  LEDGER_GAPS,
  STATE_VERSION,
  withUnknown
} from '../../../src/health/state.js'

/** What a newer version might write: everything this version knows, and more at every depth. */
const FUTURE = {
  version: 7,
  projectId: 'proj',
  comesLater: { nested: [1, 2, { deep: 'yes' }] },
  periods: [
    {
      dateFrom: '2026-11-02',
      dateTo: '2026-11-09',
      headlines: { visitorsHuman: 900, referrers: 42 },
      resolved: 1,
      weather: 'sunny'
    }
  ],
  gaps: [
    {
      id: 'aaaaaaaaaaaa',
      kind: 'page',
      subject: '/guides/auth',
      firstSeen: '2026-11-02',
      lastSeen: '2026-11-02',
      periods: 1,
      score: 3,
      evidence: { down: 10 },
      state: 'new',
      confidence: 0.8,
      now: { dateFrom: '2026-11-02', dateTo: '2026-11-09', down: 10, visitorsOnPhones: 30 }
    },
    { id: 'bbbbbbbbbbbb', kind: 'video', subject: 'intro.mp4', state: 'new', plays: 400 },
    {
      id: 'cccccccccccc',
      kind: 'page',
      subject: '/quickstart',
      firstSeen: '2026-11-02',
      lastSeen: '2026-11-02',
      periods: 1,
      score: 1,
      evidence: { down: 3 },
      state: 'parked'
    }
  ],
  ['__proto__']: { polluted: true }
}

const decodedJson = (block: string): unknown => JSON.parse(Buffer.from(/state (\S+) -->/.exec(block)?.[1] ?? '', 'base64').toString('utf8'))
const blockOf = (value: unknown): string => `<!-- docs-agent-action:state ${Buffer.from(JSON.stringify(value)).toString('base64')} -->`

describe('a state from a newer version', () => {
  const raw = JSON.parse(JSON.stringify(FUTURE).replace('"__proto__"', '"__proto__"')) as Record<string, unknown>

  it('is read for what this version knows: its gaps, its periods and their known headlines', () => {
    const state = decodeState(blockOf(raw), 'proj')
    expect(state).toBeDefined()
    expect(state?.version).toBe(7)
    expect(state?.gaps.map((gap) => gap.id)).toEqual(['aaaaaaaaaaaa'])
    expect(state?.periods[0]?.headlines.visitorsHuman).toBe(900)
    expect(state?.foreign?.map((gap) => gap.id)).toEqual(['bbbbbbbbbbbb', 'cccccccccccc'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('read and rewritten by this version, keeps every field, key and gap as it was', () => {
    const state = decodeState(blockOf(raw), 'proj') as HealthState
    const kept = { ...raw }
    // Save a key named __proto__, which no version writes: it is dropped, the prototype untouched.
    delete kept.__proto__
    expect(Object.hasOwn(raw, '__proto__')).toBe(true)
    expect(decodedJson(encodeState(boundedState(state)))).toEqual(kept)
  })

  it('keeps them through a new period, which adds its record and the gap’s numbers', () => {
    const state = decodeState(blockOf(raw), 'proj') as HealthState
    const next = withPeriod(state, { dateFrom: '2026-11-09', dateTo: '2026-11-16', headlines: { visitorsHuman: 800 }, items: [] }, 12)
    const written = decodedJson(encodeState(boundedState(next))) as typeof FUTURE
    expect(written.version).toBe(7)
    expect(written.comesLater).toEqual(FUTURE.comesLater)
    expect(written.periods[0]).toEqual(FUTURE.periods[0])
    expect(written.periods[1]?.headlines).toEqual({ visitorsHuman: 800 })
    expect(written.gaps.find((gap) => gap.id === 'aaaaaaaaaaaa')).toMatchObject({ confidence: 0.8 })
    expect(written.gaps.slice(-2)).toEqual(FUTURE.gaps.slice(1))
  })

  it('keeps another version’s gaps within the ledger’s bound', () => {
    const many = Array.from({ length: LEDGER_GAPS }, (_, i) => ({ ...FUTURE.gaps[0], id: i.toString(16).padStart(12, '0') }))
    const state = decodeState(
      blockOf({ ...raw, gaps: [...many.slice(0, LEDGER_GAPS - 2), FUTURE.gaps[1], FUTURE.gaps[2]] }),
      'proj'
    ) as HealthState
    const written = decodedJson(
      encodeState(
        boundedState({ ...state, gaps: [...state.gaps, { ...(state.gaps[0] as HealthState['gaps'][number]), id: 'dddddddddddd' }] })
      )
    ) as typeof FUTURE
    expect(written.gaps).toHaveLength(LEDGER_GAPS)
    expect(written.gaps.slice(-2)).toEqual(FUTURE.gaps.slice(1))
  })

  it('is still not read when a gap has no fingerprint: that is a broken block', () => {
    expect(decodeState(blockOf({ ...raw, gaps: [{ kind: 'page' }] }), 'proj')).toBeUndefined()
  })

  it('loses what it does not know once reader text is hidden, when it was written with reader text shown', () => {
    const state = decodeState(blockOf({ ...raw, overview: { digest: 'a'.repeat(64), words: true } }), 'proj') as HealthState
    const hidden = decodedJson(encodeState(forgetReaderText(state))) as Record<string, unknown>
    expect(hidden.comesLater).toBeUndefined()
    expect((hidden.gaps as unknown[]).length).toBe(1)
    expect(hidden.version).toBe(7)
    // Written hidden: kept whole, but for the page it names, which shows by its label (a page a client
    // named is reader text).
    const quiet = decodeState(blockOf(raw), 'proj') as HealthState
    const whole = decodedJson(encodeState(quiet)) as { gaps: { subject: string }[] }
    const first = whole.gaps[0]
    if (first) first.subject = sitePage(first.subject, false) ?? ''
    expect(decodedJson(encodeState(forgetReaderText(quiet)))).toEqual(whole)
  })
})

describe('a newer version’s cache of another shape', () => {
  const raw = JSON.parse(JSON.stringify(FUTURE)) as Record<string, unknown>
  const unreadable: Record<string, unknown> = {
    topPages: { pages: 'all of them' },
    pageCounts: { periods: 3 },
    readerWords: { questions: [{ question: 42 }] },
    overview: { digest: 'not a digest', words: 'some' }
  }

  for (const [key, value] of Object.entries(unreadable))
    it(`loses neither the history nor the ledger for an unreadable ${key}: only the ${key} is left`, () => {
      const state = decodeState(blockOf({ ...raw, [key]: value }), 'proj') as HealthState
      expect(state.periods).toHaveLength(1)
      expect(state.gaps.map((gap) => gap.subject)).toEqual(['/guides/auth'])
      expect((state as Record<string, unknown>)[key]).not.toEqual(value)
      // It may have held reader text: hidden, the state keeps nothing this version does not know.
      const hidden = decodedJson(encodeState(forgetReaderText(state))) as Record<string, unknown>
      expect(hidden.comesLater).toBeUndefined()
      // And it vouches for no top: the digest matches no text's.
      expect(state.overview).toEqual({ digest: '0'.repeat(64), words: true })
    })

  it('loses a period for a headline it cannot read, never the history: the headline alone is left', () => {
    const periods = [
      { dateFrom: '2026-11-02', dateTo: '2026-11-09', headlines: { visitorsHuman: 900, referrers: { top: 'x' } } },
      { dateFrom: '2026-11-09', dateTo: '2026-11-16', headlines: { visitorsHuman: 950, ['k'.repeat(61)]: 1 } },
      { dateFrom: 7, dateTo: '2026-11-23', headlines: {} },
      'no period at all'
    ]
    const state = decodeState(blockOf({ ...raw, periods }), 'proj') as HealthState
    expect(state.gaps.map((gap) => gap.subject)).toEqual(['/guides/auth'])
    expect(state.periods).toEqual([
      { dateFrom: '2026-11-02', dateTo: '2026-11-09', headlines: { visitorsHuman: 900 } },
      { dateFrom: '2026-11-09', dateTo: '2026-11-16', headlines: { visitorsHuman: 950 } }
    ])
  })

  it('reads the state as before when every cache is readable', () => {
    const overview = { digest: 'a'.repeat(64), words: false }
    expect(decodeState(blockOf({ ...raw, overview }), 'proj')?.overview).toEqual(overview)
  })
})

describe('withUnknown', () => {
  it('puts back the fields a schema left out, at every depth, and leaves arrays of another length alone', () => {
    expect(withUnknown({ a: 1, b: { c: 2, d: 3 }, e: [{ f: 1, g: 2 }] }, { a: 1, b: { c: 2 }, e: [{ f: 1 }] })).toEqual({
      a: 1,
      b: { c: 2, d: 3 },
      e: [{ f: 1, g: 2 }]
    })
    expect(withUnknown({ e: [{ g: 2 }, { g: 3 }] }, { e: [{ f: 1 }] })).toEqual({ e: [{ f: 1 }] })
    expect(withUnknown('x', { a: 1 })).toEqual({ a: 1 })
    expect(withUnknown({ a: 2 }, { a: 1 })).toEqual({ a: 1 })
  })
})

describe('what readers wrote, as each version keeps it', () => {
  const gap = {
    id: 'aaaaaaaaaaaa',
    kind: 'page',
    subject: '/guides/auth',
    firstSeen: '2026-11-02',
    lastSeen: '2026-11-02',
    periods: 1,
    score: 3,
    evidence: { down: 10 },
    state: 'new'
  }
  const withWords = (words: Record<string, unknown>) => ({
    version: 2,
    projectId: 'proj',
    periods: [],
    gaps: [gap],
    readerWords: { dateFrom: '2026-11-02', dateTo: '2026-11-09', gaps: [{ id: 'aaaaaaaaaaaa', searches: [], ...words }] }
  })

  it('reads words the version before counts wrote, and gives each as written once', () => {
    const raw = withWords({ questions: [{ question: 'Where is the token?', answer: '' }], comments: ['No example'] })
    const state = decodeState(blockOf(raw), 'proj')
    expect(state?.readerWords?.gaps[0]).toEqual({
      id: 'aaaaaaaaaaaa',
      questions: [{ question: 'Where is the token?', answer: '' }],
      comments: ['No example'],
      searches: []
    })
    const [line, ...said] = gapPart(state?.gaps[0] as GapRecord, state?.readerWords?.gaps[0])
    expect(line).toBe('- page /guides/auth: 10 thumbs down')
    expect(said).toEqual([
      '  - Question the assistant could not answer, asked once: "Where is the token?"',
      '  - Comment with feedback marked not helpful, left once: "No example"'
    ])
  })

  it('keeps the counts, and a newer version’s fields among the words, as they were', () => {
    const raw = {
      ...withWords({
        questions: [{ question: 'Where is the token?', answer: '', count: 2, language: 'en' }],
        comments: ['No example'],
        commentCounts: [3],
        tone: 'upset'
      }),
      version: STATE_VERSION,
      gaps: [{ ...gap, evidence: { down: 10 } }]
    }
    const state = decodeState(blockOf(raw), 'proj') as HealthState
    expect(state.readerWords?.gaps[0]?.questions[0]?.count).toBe(2)
    expect(state.readerWords?.gaps[0]?.commentCounts).toEqual([3])
    expect(decodedJson(encodeState(boundedState(state)))).toEqual(raw)
  })
})
