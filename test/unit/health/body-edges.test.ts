// The edges of the docs health issue's owned part (src/health/body.ts): the part is found only
// between both of its markers, wherever it starts (at the very top of the body included), so that
// a person who deleted a marker gets a new part rather than ticks read from their own text; the
// overview's kept pieces follow the same rule and a length bound, exactly that long included.
import { describe, expect, it } from 'vitest'
import { dismissTicks, overviewBlocks, ownedPart, tickedGaps, withOwned } from '../../../src/health/body.js'

const START = '<!-- docs-agent-action:dashboard -->'
const END = '<!-- /docs-agent-action:dashboard -->'
const TICKS = '- [x] Fix the webhooks page <!-- gap:aaaaaaaaaaaa -->\n- [x] Not a gap <!-- dismiss:bbbbbbbbbbbb -->'
const OWNED = `${START}\n${TICKS}\n${END}`
const NEXT = `${START}\nthe next run's part\n${END}`

describe('withOwned', () => {
  it('replaces a part at the very top of the body, keeping what follows', () => {
    expect(withOwned(`${OWNED}\n\nNotes below.`, NEXT)).toBe(`${NEXT}\n\nNotes below.`)
    expect(withOwned(OWNED, NEXT)).toBe(NEXT)
  })

  it('adds the part after the text when a marker was deleted, and keeps that text as it is', () => {
    const noEnd = `Notes.\n${START}\n${TICKS}`
    expect(withOwned(noEnd, NEXT)).toBe(`${noEnd}\n\n${NEXT}`)
    const noStart = `Notes.\n${TICKS}\n${END}`
    expect(withOwned(noStart, NEXT)).toBe(`${noStart}\n\n${NEXT}`)
  })

  it('puts the part under the text with one blank line, and alone in a body of blanks', () => {
    expect(withOwned('Notes.\n\n\n  ', NEXT)).toBe(`Notes.\n\n${NEXT}`)
    expect(withOwned('  \n\n', NEXT)).toBe(NEXT)
  })
})

describe('ownedPart', () => {
  it('is the part at the very top of the body, and nothing when a marker is missing', () => {
    expect(ownedPart(`${OWNED}\nbelow`)).toBe(OWNED)
    expect(ownedPart(`${START}\n${TICKS}`)).toBe('')
    expect(ownedPart(`${TICKS}\n${END}`)).toBe('')
  })
})

describe('tickedGaps and dismissTicks', () => {
  it('read the ticks of a part, at the very top of the body too', () => {
    expect([...tickedGaps(OWNED)]).toEqual(['aaaaaaaaaaaa'])
    expect([...dismissTicks(OWNED)]).toEqual(['bbbbbbbbbbbb'])
  })

  it('read no tick when the end marker was deleted: the ticks are then a person’s text', () => {
    const noEnd = `${START}\n${TICKS}\nmore text`
    expect([...tickedGaps(noEnd)]).toEqual([])
    expect([...dismissTicks(noEnd)]).toEqual([])
    const noStart = `${TICKS}\n${END}`
    expect([...tickedGaps(noStart)]).toEqual([])
    expect([...dismissTicks(noStart)]).toEqual([])
  })

  it('read no tick after the end marker', () => {
    const after = `${START}\n${END}\n${TICKS}`
    expect([...tickedGaps(after)]).toEqual([])
    expect([...dismissTicks(after)]).toEqual([])
  })
})

describe('overviewBlocks', () => {
  const blockOf = (name: string, html: string) => `<!-- docs-agent-action:${name} -->\n${html}\n<!-- /docs-agent-action:${name} -->`

  it('keeps each piece between its markers, at the very top of the part too', () => {
    const owned = `${blockOf('top', '<p>top</p>')}\n${blockOf('figures', '<p>figures</p>')}\n${blockOf('howRead', '<p>how</p>')}`
    expect(overviewBlocks(owned)).toEqual({ top: '<p>top</p>', figures: '<p>figures</p>', howRead: '<p>how</p>', movers: '' })
  })

  it('keeps no piece whose end marker was deleted', () => {
    const owned = `<!-- docs-agent-action:top -->\n<p>top</p>\n${blockOf('figures', '<p>figures</p>')}`
    expect(overviewBlocks(owned)).toEqual({ top: '', figures: '<p>figures</p>', howRead: '', movers: '' })
  })

  it('keeps a piece of 16,000 characters, and none longer', () => {
    const longest = `<p>${'x'.repeat(16_000 - 7)}</p>`
    expect(overviewBlocks(blockOf('top', longest)).top).toBe(longest)
    expect(overviewBlocks(blockOf('top', `<p>${'x'.repeat(16_000 - 6)}</p>`)).top).toBe('')
  })
})
