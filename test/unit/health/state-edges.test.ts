// The edges of the docs health issue's state block (src/health/state.ts): a block is read only when
// it is whole (its opening, base64 alone, its end) and no longer than STATE_MAX_CHARS, exactly that
// long included; a state is cut only when its block would take more than STATE_BUDGET_CHARS.
import { describe, expect, it } from 'vitest'
import {
  boundedState,
  decodeState,
  emptyState,
  encodeState,
  type GapRecord,
  type HealthState,
  openState,
  sealState,
  STATE_BUDGET_CHARS,
  STATE_MAX_CHARS
} from '../../../src/health/state.js'
import { SEAL } from '../../support/seal.js'

const PLACE = 'acme/docs#12'

const gap = (i: number, evidence: GapRecord['evidence'] = {}): GapRecord => ({
  id: i.toString(16).padStart(12, '0'),
  kind: 'page',
  subject: `/docs/${i}`,
  firstSeen: '2026-11-02',
  lastSeen: '2026-11-09',
  periods: 1,
  score: 9,
  evidence,
  state: 'new'
})

/** The block's parts: what comes before the base64, the base64, and what ends it. */
function partsOf(state: HealthState): { open: string; base64: string; close: string } {
  const block = encodeState(state)
  const base64 = /state (\S+) -->$/.exec(block)?.[1] ?? ''
  const at = block.indexOf(base64)
  return { open: block.slice(0, at), base64, close: block.slice(at + base64.length) }
}

/** A block whose base64 is the state's JSON padded with spaces (which JSON allows) to `bytes` bytes. */
function blockOfBytes(state: HealthState, bytes: number): string {
  const json = JSON.stringify(state)
  const { open, close } = partsOf(state)
  return `${open}${Buffer.from(json + ' '.repeat(bytes - Buffer.byteLength(json)), 'utf8').toString('base64')}${close}`
}

describe('decodeState reads only a whole block', () => {
  const state: HealthState = { ...emptyState('proj'), gaps: [gap(1)] }

  it('reads the block as encodeState writes it, with text around it', () => {
    expect(decodeState(`before\n${encodeState(state)}\nafter`, 'proj')).toEqual(state)
  })

  it('reads nothing without the opening, even with a state where the block would be', () => {
    const { open, base64, close } = partsOf(state)
    expect(decodeState(`${'#'.repeat(open.length - 1)}${base64}${close}`, 'proj')).toBeUndefined()
    expect(decodeState(`${'#'.repeat(open.length)}${base64}${close}`, 'proj')).toBeUndefined()
  })

  it('reads nothing without the end, even when the rest is the state', () => {
    const { open, base64 } = partsOf(state)
    expect(decodeState(`${open}${base64}!`, 'proj')).toBeUndefined()
    expect(decodeState(`${open}${base64}`, 'proj')).toBeUndefined()
  })

  it('reads nothing but base64 between the two: not a state with text before or after it', () => {
    const { open, base64, close } = partsOf(state)
    expect(decodeState(`${open}!!${base64}${close}`, 'proj')).toBeUndefined()
    expect(decodeState(`${open}${base64}!!${close}`, 'proj')).toBeUndefined()
    expect(decodeState(`${open}${base64}${close}`, 'proj')).toEqual(state)
  })

  it(`reads a block of ${STATE_MAX_CHARS} characters, and none longer`, () => {
    // base64 takes 4 characters for 3 bytes.
    const longest = blockOfBytes(state, (STATE_MAX_CHARS / 4) * 3)
    expect(partsOf(state).open.length + STATE_MAX_CHARS + partsOf(state).close.length).toBe(longest.length)
    expect(decodeState(longest, 'proj')).toEqual(state)
    expect(decodeState(blockOfBytes(state, (STATE_MAX_CHARS / 4) * 3 + 1), 'proj')).toBeUndefined()
  })
})

describe('a gap asked for a job whose id is long', () => {
  it('is read back with its id whole, up to the longest id the service may give', () => {
    const long: GapRecord = { ...gap(1), state: 'asked', jobId: `job ${'x'.repeat(995)}` }
    const state: HealthState = { ...emptyState('proj'), gaps: [long, gap(2)] }
    expect(decodeState(encodeState(state), 'proj')?.gaps).toEqual([long, gap(2)])
  })
})

describe('sealState seals only a whole block', () => {
  const state: HealthState = { ...emptyState('proj'), gaps: [gap(2)] }

  it(`seals a block of ${STATE_MAX_CHARS} characters, and leaves a longer one as it is`, () => {
    const longest = blockOfBytes(state, (STATE_MAX_CHARS / 4) * 3)
    const sealed = sealState(longest, SEAL, PLACE)
    expect(sealed).not.toBe(longest)
    expect(openState(sealed, 'proj', SEAL, PLACE)).toEqual({ state, unproven: false })
    const longer = blockOfBytes(state, (STATE_MAX_CHARS / 4) * 3 + 1)
    expect(sealState(longer, SEAL, PLACE)).toBe(longer)
  })

  it('leaves a block without its opening or its end as it is', () => {
    const { open, base64, close } = partsOf(state)
    const unopened = `${'#'.repeat(open.length - 1)}${base64}${close}`
    expect(sealState(unopened, SEAL, PLACE)).toBe(unopened)
    expect(sealState(`${open}${base64}`, SEAL, PLACE)).toBe(`${open}${base64}`)
  })
})

describe('boundedState at the budget', () => {
  /** A state of `count` gaps whose block takes exactly `chars` characters: the first gap's evidence makes up the rest. */
  function stateOfChars(count: number, chars: number): HealthState {
    const gaps = Array.from({ length: count }, (_, i) => gap(i + 1))
    const base = { ...emptyState('proj'), gaps }
    // What a search quoted adds to an empty evidence ({}) besides its words.
    const SEARCH_PART = '"searches":[{"words":"","hits":1}]'.length
    const bytes = (chars / 4) * 3
    const padding = bytes - Buffer.byteLength(JSON.stringify(base))
    const [first, ...rest] = gaps
    const state = {
      ...base,
      gaps: [{ ...(first as GapRecord), evidence: { searches: [{ words: 'x'.repeat(padding - SEARCH_PART), hits: 1 }] } }, ...rest]
    }
    expect(encodeState(state).length).toBe(partsOf(state).open.length + chars + partsOf(state).close.length)
    return state
  }

  it('keeps a state whose block takes the most of the budget a block can, and cuts one a gap over it', () => {
    const inside = STATE_BUDGET_CHARS - partsOf(emptyState('proj')).open.length - partsOf(emptyState('proj')).close.length
    // Whole base64 quads: 3 bytes make 4 characters, so no block takes the budget exactly.
    const chars = inside - (inside % 4)
    const exact = stateOfChars(80, chars)
    expect(encodeState(exact).length).toBeLessThanOrEqual(STATE_BUDGET_CHARS)
    expect(encodeState(exact).length).toBeGreaterThan(STATE_BUDGET_CHARS - 4)
    expect(boundedState(exact)).toBe(exact)
    const over = { ...exact, gaps: [...exact.gaps, gap(500)] }
    expect(encodeState(over).length).toBeGreaterThan(STATE_BUDGET_CHARS)
    // The gap over the budget was the last, and no gap is resolved: it goes.
    expect(boundedState(over).gaps).toEqual(exact.gaps)
  })

  it('gives back a state with no gaps as it is, however big', () => {
    const state = emptyState('p'.repeat(STATE_BUDGET_CHARS))
    expect(encodeState(state).length).toBeGreaterThan(STATE_BUDGET_CHARS)
    expect(boundedState(state)).toBe(state)
  })
})
