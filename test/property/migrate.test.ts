// Property tests of reading an earlier version's evidence line (src/health/migrate.ts): whatever a line
// holds, pieces of the line's own phrases in a search's words included, it is read without error into
// evidence the state keeps, and with the searches' words dropped no text of it is left.
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { evidenceFromLine, OLD_EVIDENCE_CHARS } from '../../src/health/migrate.js'
import { decodeState, STATE_VERSION } from '../../src/health/state.js'
import { withoutWords } from '../../src/render/evidence-line.js'

/** Pieces of the line's own words, and of what a reader may type. */
const PIECES = [
  ' · ',
  '“',
  '”',
  '” searched ',
  '× with no click',
  ' thumbs down',
  ' thumbs up',
  ' marked not helpful',
  ' unanswered questions',
  ' other searches with no click (',
  '×)',
  'searched ',
  ' unhappy readers (',
  '; a reader counts once)',
  ', ',
  '1,200',
  '7',
  '…',
  'Rwsecret'
]
const line = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { maxLength: 60 })
  .map((pieces) => pieces.join('').slice(0, OLD_EVIDENCE_CHARS))

const blockOf = (state: unknown): string => `<!-- docs-agent-action:state ${Buffer.from(JSON.stringify(state)).toString('base64')} -->`

describe('an earlier version’s evidence line', () => {
  test.prop([line, fc.constantFrom('page' as const, 'search' as const)])(
    'is read into evidence the state keeps, and holds no text once its searches’ words are dropped',
    (text, kind) => {
      const evidence = evidenceFromLine(text, kind)
      expect(evidence).toBeDefined()
      const gap = {
        id: 'a1b2c3d4e5f6',
        kind,
        subject: '/x',
        firstSeen: '',
        lastSeen: '',
        periods: 1,
        score: 1,
        evidence: text,
        state: 'new'
      }
      const state = decodeState(blockOf({ version: 2, projectId: 'p', periods: [], gaps: [gap] }), 'p')
      expect(state?.version).toBe(STATE_VERSION)
      expect(state?.gaps[0]?.evidence).toEqual(evidence)
      expect(JSON.stringify(withoutWords(evidence ?? {}))).toMatch(/^[{}[\]",:a-zA-Z0-9.]*$/)
      expect(JSON.stringify(withoutWords(evidence ?? {}))).not.toContain('Rwsecret')
    }
  )
})
