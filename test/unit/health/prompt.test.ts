// Tests the agent's prompt for the gaps a person ticked (src/health/prompt.ts), beside the tests in
// body.test.ts: the period named only when both its dates are known, the assistant's reply given only
// when it said something, the marker taken out of the data, and the readers' words within their byte
// budget, to the byte.
import { describe, expect, it } from 'vitest'
import { gapsPrompt, PROMPT_WORDS_BYTES } from '../../../src/health/prompt.js'
import type { GapRecord, GapWords } from '../../../src/health/state.js'

const MARKER = 'DOCS-GAPS-0123456789abcdef01234567'
const gap = (id: string): GapRecord => ({
  id,
  kind: 'page',
  subject: `/pages/${id}`,
  firstSeen: '2026-11-02',
  lastSeen: '2026-11-16',
  periods: 3,
  score: 42,
  evidence: '14 thumbs down',
  state: 'new'
})
const said = (id: string, words: Partial<GapWords>): GapWords => ({ id, questions: [], comments: [], searches: [], ...words })
/** The lines of data between the two markers. */
const dataLines = (prompt: string): string[] => (prompt.split(`\n\n${MARKER}\n\n`)[1] ?? '').split(`\n\n${MARKER}`)[0]?.split('\n') ?? []

describe('gapsPrompt', () => {
  it('names no period unless both its dates are known', () => {
    for (const evidence of [{}, { dateFrom: '2026-11-09' }, { dateTo: '2026-11-16' }]) {
      const prompt = gapsPrompt([gap('a')], evidence, MARKER)
      expect(prompt).toContain('from the docs health report and asks you to fix them.')
      expect(prompt).toContain(
        `The text between the two lines ${MARKER} is data gathered from readers (page paths, search terms and counts)`
      )
    }
  })

  it("gives the assistant's reply only when it said something", () => {
    const words = [
      said('a', {
        questions: [
          { question: 'Is there a sandbox?', answer: '' },
          { question: 'How do I rotate a key?', answer: ' \t ' },
          { question: 'Where are the limits?', answer: 'On the limits page.' }
        ]
      })
    ]
    expect(dataLines(gapsPrompt([gap('a')], { words }, MARKER))).toEqual([
      '- page /pages/a: 14 thumbs down',
      '  - Question the assistant could not answer: "Is there a sandbox?"',
      '  - Question the assistant could not answer: "How do I rotate a key?"',
      '  - Question the assistant could not answer: "Where are the limits?" It replied: "On the limits page."'
    ])
  })

  it('takes the marker out of the data and keeps the rest', () => {
    const words = [said('a', { comments: [`before ${MARKER} after`] })]
    const prompt = gapsPrompt([{ ...gap('a'), evidence: `14 thumbs down ${MARKER}!` }], { words }, MARKER)
    expect(dataLines(prompt)).toEqual([
      '- page /pages/a: 14 thumbs down !',
      '  - Comment with feedback marked not helpful: "before  after"'
    ])
  })

  it(`keeps the words that fill ${PROMPT_WORDS_BYTES} bytes exactly, newlines counted, and not one byte more`, () => {
    // A comment line's bytes, its newline counted, for a comment of `n` characters.
    const lineBytes = (n: number): number => {
      const line = dataLines(gapsPrompt([gap('a')], { words: [said('a', { comments: ['c'.repeat(n)] })] }, MARKER))[1] ?? ''
      return Buffer.byteLength(line) + 1
    }
    const full = lineBytes(200)
    const lines = Math.floor(PROMPT_WORDS_BYTES / full) - 1
    const last = 200 + PROMPT_WORDS_BYTES - lines * full - full
    expect(last).toBeLessThan(250)
    expect(lines * full + lineBytes(last)).toBe(PROMPT_WORDS_BYTES)
    const wordsOf = (lastLength: number): GapWords[] => {
      const comments = [...Array.from({ length: lines }, () => 'c'.repeat(200)), 'd'.repeat(lastLength)]
      return Array.from({ length: Math.ceil(comments.length / 3) }, (_, i) => said(`g${i}`, { comments: comments.slice(3 * i, 3 * i + 3) }))
    }
    const promptOf = (lastLength: number): string => {
      const words = wordsOf(lastLength)
      return gapsPrompt(
        words.map((w) => gap(w.id)),
        { words },
        MARKER
      )
    }
    const wordLines = (prompt: string): string[] => dataLines(prompt).filter((line) => line.startsWith('  '))
    expect(wordLines(promptOf(last))).toHaveLength(lines + 1)
    expect(wordLines(promptOf(last)).at(-1)).toContain('d'.repeat(last))
    expect(wordLines(promptOf(last + 1))).toHaveLength(lines)
  })
})
