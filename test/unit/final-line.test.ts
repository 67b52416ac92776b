// The last line of the log (src/run/final-line.ts): how the run ended and how long it took, from the
// sections it reported or from why it never reached them, with text from the service on one line.
import { describe, expect, it } from 'vitest'
import { type EndedSection, finalLine } from '../../src/run/final-line.js'

const PR = 'https://github.com/acme/docs/pull/42'
const job = (more: Partial<Extract<EndedSection, { kind: 'job' }>> = {}): EndedSection => ({ kind: 'job', status: 'completed', ...more })
const visitors = (pages: number, more: Partial<Extract<EndedSection, { kind: 'visitors' }>> = {}): EndedSection => ({
  kind: 'visitors',
  totals: { human: 1, ai: 0, total: 1 },
  rows: Array.from({ length: pages }, (_, i) => ({ path: `/p${i}` })),
  partial: false,
  ...more
})
const sections = (...list: EndedSection[]) => ({ kind: 'sections' as const, sections: list })

describe('finalLine', () => {
  it('says what each part came to and how long the run took', () => {
    expect(finalLine(sections(job({ prLink: PR }), visitors(600)), 252_000)).toBe(
      `Done in 4m 12s: agent job completed, pull request ${PR}; visitors exported (600 pages).`
    )
  })

  it.each<[Partial<Extract<EndedSection, { kind: 'job' }>>, string]>([
    [{}, 'agent job completed without a pull request'],
    [{ status: 'archived' }, 'agent job archived'],
    [{ status: 'archived', prLink: PR }, `agent job archived, pull request ${PR}`],
    [{ status: 'failed' }, 'agent job failed on the service'],
    [{ status: 'active' }, 'agent job running, not waited for'],
    [{ status: undefined }, 'agent job with no status'],
    [{ status: 'paused' }, 'agent job paused'],
    [{ status: 'x\n::error::y' }, 'agent job x ::error::y']
  ])('words a job that does not fail the step, %j', (more, phrase) => {
    expect(finalLine(sections(job(more)), 3000)).toBe(`Done in 3s: ${phrase}.`)
  })

  it('counts the pages of the export, says when it is partial, and when nothing was exported', () => {
    expect(finalLine(sections(visitors(1)), 0)).toBe('Done in 0s: visitors exported (1 page).')
    expect(finalLine(sections(visitors(1234, { partial: true })), 0)).toBe('Done in 0s: visitors exported (1,234 pages, partial).')
    expect(finalLine(sections(visitors(0, { totals: undefined, partial: true })), 0)).toBe('Done in 0s: visitors not exported.')
  })

  it('says which other analytics sections were read, partial or not read at all', () => {
    const read = (kind: 'views' | 'searches' | 'feedback' | 'assistant', requests: number, partial = false): EndedSection => ({
      kind,
      requests,
      partial
    })
    expect(
      finalLine(sections(visitors(2), read('views', 1), read('searches', 2, true), read('feedback', 0, true), read('assistant', 3)), 5000)
    ).toBe(
      'Done in 5s: visitors exported (2 pages); page views read; searches read (partial); feedback not read; assistant questions read.'
    )
  })

  it('says only how long a run without sections took', () => {
    expect(finalLine(sections(), 61_000)).toBe('Done in 1m 1s.')
  })

  it('gives the first failure on one line, and how many more there are', () => {
    expect(finalLine(sections(job({ failure: 'Job j1 failed on the service.' }), visitors(3)), 31_000)).toBe(
      'Failed after 31s: Job j1 failed on the service.'
    )
    expect(
      finalLine(sections(visitors(3), job({ failure: 'First.\nSecond line...' }), visitors(0, { failure: 'Export failed.' })), 31_000)
    ).toBe('Failed after 31s: First. Second line (and 1 more failure).')
    expect(finalLine(sections(job({ failure: 'A' }), visitors(0, { failure: 'B' }), visitors(0, { failure: 'C' })), 3_600_000)).toBe(
      'Failed after 1h 0m: A (and 2 more failures).'
    )
  })

  it('cuts a long failure to one line of at most 300 characters', () => {
    const line = finalLine(sections(job({ failure: 'x'.repeat(400) })), 0)
    expect(line).toBe(`Failed after 0s: ${'x'.repeat(299)}….`)
  })

  it('names the inputs at fault when the inputs were invalid', () => {
    expect(finalLine({ kind: 'invalid-input', inputs: ['apiKey', 'wait'] }, 40)).toBe('Failed after 0s: invalid input (apiKey, wait).')
    expect(finalLine({ kind: 'invalid-input', inputs: [] }, 40)).toBe('Failed after 0s: invalid input.')
  })

  it('gives the message of an error that escaped the run, and says so when it has none', () => {
    expect(finalLine({ kind: 'error', message: 'Something broke.\n  at x' }, 2400)).toBe('Failed after 2s: Something broke. at x.')
    expect(finalLine({ kind: 'error', message: '' }, 0)).toBe('Failed after 0s: an unexpected error.')
  })
})
