// Tests the seal of the docs health issue's state (src/health/state.ts): the owned part is sealed
// once it is made, and a state is read only when its seal verifies; one written with another key,
// edited, copied without its seal, moved, or sealed for another issue is never read, and is told apart from no state at all.
import { describe, expect, it } from 'vitest'
import { ownedBody } from '../../../src/health/body.js'
import { type HealthState, emptyState, openState, sealState } from '../../../src/health/state.js'
import { OTHER_SEAL, SEAL } from '../../support/seal.js'

/** The state the tests seal, made in each test: work done at load runs outside every test. */
const newState = (): HealthState => ({
  ...emptyState('proj'),
  periods: [{ dateFrom: '2026-11-09', dateTo: '2026-11-16', headlines: { views: 120 } }]
})
const PLACE = 'acme/docs#12'
const owned = (s: HealthState = newState()) => ownedBody({ state: s, resolved: 0, footerHtml: '<sub>footer</sub>' })

describe('sealState and openState', () => {
  it('reads back the state it sealed, and puts the seal on the line after the state block', () => {
    const state = newState()
    const sealed = sealState(owned(), SEAL, PLACE)
    expect(sealed).toMatch(/<!-- docs-agent-action:state \S+ -->\n<!-- docs-agent-action:state-seal [\w-]{43} -->\n/)
    expect(openState(sealed, 'proj', SEAL, PLACE)).toEqual({ state, unproven: false })
  })

  it('reads no state without a seal, with another key’s seal, or for another project', () => {
    expect(openState(owned(), 'proj', SEAL, PLACE)).toEqual({ unproven: true })
    expect(openState(sealState(owned(), OTHER_SEAL, PLACE), 'proj', SEAL, PLACE)).toEqual({ unproven: true })
    expect(openState(sealState(owned(), SEAL, PLACE), 'other', SEAL, PLACE)).toEqual({ unproven: true })
  })

  it('reads no state sealed for another issue or another repository', () => {
    const sealed = sealState(owned(), SEAL, PLACE)
    expect(openState(sealed, 'proj', SEAL, 'acme/docs#3')).toEqual({ unproven: true })
    expect(openState(sealed, 'proj', SEAL, 'acme/site#12')).toEqual({ unproven: true })
  })

  it('reads no state that was changed after it was sealed, nor one a forger put before the sealed one', () => {
    const state = newState()
    const sealed = sealState(owned(), SEAL, PLACE)
    const forged = sealState(owned({ ...state, periods: [] }), SEAL, PLACE)
    const block = (text: string) => /<!-- docs-agent-action:state \S+ -->/.exec(text)?.[0] ?? ''
    // The block of another state under this one's seal.
    expect(openState(sealed.replace(block(sealed), block(forged)), 'proj', SEAL, PLACE)).toEqual({ unproven: true })
    // A second block put before the sealed one.
    expect(openState(`${block(forged)}\n${sealed}`, 'proj', SEAL, PLACE)).toEqual({ unproven: true })
    // The seal moved away from its block.
    expect(
      openState(sealed.replace('-->\n<!-- docs-agent-action:state-seal', '-->\n\n<!-- docs-agent-action:state-seal'), 'proj', SEAL, PLACE)
    ).toEqual({
      unproven: true
    })
  })

  it('tells no state at all from a state it cannot verify', () => {
    expect(openState('', 'proj', SEAL, PLACE)).toEqual({ unproven: false })
    expect(openState('<!-- docs-agent-action:dashboard -->\n<!-- /docs-agent-action:dashboard -->', 'proj', SEAL, PLACE)).toEqual({
      unproven: false
    })
    expect(openState('<!-- docs-agent-action:state AAAA', 'proj', SEAL, PLACE)).toEqual({ unproven: true })
  })

  it('leaves a part without a state block as it is', () => {
    expect(sealState('no state here', SEAL, PLACE)).toBe('no state here')
  })
})
