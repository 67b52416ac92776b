// The last line of the log (src/run/final-line.ts): how the run ended and how long it took, from the
// phrases and failures of the parts it reported (each renderer's endPhrase) or from why it never
// reached them, with text from the service on one line.
import { describe, expect, it } from 'vitest'
import type { JobReport } from '../../../src/agent/outcome.js'
import type { KnownStatus } from '../../../src/api/schemas.js'
import { jobRenderer } from '../../../src/render/job.js'
import { readPhrase } from '../../../src/render/section-data.js'
import { type EndedPart, finalLine } from '../../../src/run/final-line.js'
import { type PartReport, rendererOf } from '../../../src/run/wiring.js'
import { assistantReport, feedbackReport, searchesReport, viewsReport, visitorsReport } from '../../support/section-reports.js'

const PR = 'https://github.com/acme/docs/pull/42'
const job = (more: Partial<JobReport> = {}): JobReport => ({
  kind: 'job',
  outcome: 'opened',
  status: 'completed',
  followUp: false,
  unknownStatuses: [],
  headline: 'The agent job completed.',
  ...more
})
const visitors = (pages: number, more: Parameters<typeof visitorsReport>[0] = {}) =>
  visitorsReport({ rows: Array.from({ length: pages }, (_, i) => ({ path: `/p${i}`, human: 1, ai: 0, total: 1 })), ...more })
/** The run's end as main.ts makes it: each report's phrase from its renderer, and its failure. */
const parts = (...reports: PartReport[]) => ({
  kind: 'parts' as const,
  parts: reports.map((report): EndedPart => ({ phrase: rendererOf(report).endPhrase(report), failure: report.failure }))
})

describe('finalLine', () => {
  it('says what each part came to and how long the run took', () => {
    expect(finalLine(parts(job({ prLink: PR, prRepository: 'acme/docs', prNumber: '42' }), visitors(600)), 252_000)).toBe(
      `Done in 4m 12s: agent job completed, pull request ${PR}; visitors read.`
    )
  })

  it('joins the phrases it is given, in order', () => {
    expect(finalLine({ kind: 'parts', parts: [{ phrase: 'a' }, { phrase: 'b c' }, { phrase: 'd' }] }, 1000)).toBe('Done in 1s: a; b c; d.')
  })

  it('says only how long a run without parts took', () => {
    expect(finalLine(parts(), 61_000)).toBe('Done in 1m 1s.')
  })

  it('gives the first failure on one line, and how many more there are', () => {
    expect(finalLine(parts(job({ failure: 'Job j1 failed on the service.' }), visitors(3)), 31_000)).toBe(
      'Failed after 31s: Job j1 failed on the service.'
    )
    expect(
      finalLine(parts(visitors(3), job({ failure: 'First.\nSecond line...' }), visitors(0, { failure: 'Export failed.' })), 31_000)
    ).toBe('Failed after 31s: First. Second line (and 1 more failure).')
    expect(finalLine(parts(job({ failure: 'A' }), visitors(0, { failure: 'B' }), visitors(0, { failure: 'C' })), 3_600_000)).toBe(
      'Failed after 1h 0m: A (and 2 more failures).'
    )
  })

  it('counts the run’s own failures after the parts’, and fails a run whose parts all finished', () => {
    const unwritten = 'Part of the report could not be written: analytics.json.'
    expect(finalLine({ ...parts(job(), visitors(3)), failures: [unwritten] }, 2000)).toBe(
      'Failed after 2s: Part of the report could not be written: analytics.json.'
    )
    expect(finalLine({ ...parts(job({ failure: 'A' })), failures: [unwritten, 'B'] }, 2000)).toBe(
      'Failed after 2s: A (and 2 more failures).'
    )
    expect(finalLine({ ...parts(job()), failures: [] }, 2000)).toBe('Done in 2s: agent job completed without a pull request.')
  })

  it('cuts a long failure to one line of at most 300 characters, within a word only when it is one long word', () => {
    const line = finalLine(parts(job({ failure: 'x'.repeat(400) })), 0)
    expect(line).toBe(`Failed after 0s: ${'x'.repeat(299)}….`)
  })

  it('cuts a long failure at the end of a word, never within one', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ')
    const line = finalLine(parts(job({ failure: `${words}.` })), 0)
    const cut = line.slice('Failed after 0s: '.length, -'….'.length)
    expect(line.endsWith('….')).toBe(true)
    expect(cut.length).toBeLessThanOrEqual(299)
    expect(words.startsWith(`${cut} `)).toBe(true)
    expect(cut).toMatch(/ word\d+$/)
  })

  it('drops the punctuation a cut leaves at the end', () => {
    const failure = `${'a '.repeat(140)}end, ${'b'.repeat(30)}`
    expect(finalLine({ kind: 'error', message: failure }, 0)).toBe(`Failed after 0s: ${'a '.repeat(140)}end….`)
  })

  it("keeps the service's reason and the likeliest cause of a 403 in the line, cut at a word", async () => {
    const { httpStatusMessage } = await import('../../../src/api/errors.js')
    const message = httpStatusMessage({ kind: 'create', projectId: 'proj' }, 403, 'Forbidden: this key cannot be used here')
    const line = finalLine({ kind: 'error', message }, 0)
    expect(line).toMatch(
      /^Failed after 0s: Creating the agent job failed: access denied \(403 Forbidden\)\. The service said: "Forbidden: this key cannot be used here"\. Most likely the key and project "proj" do not belong together: /
    )
    expect(line).toMatch(/ [a-z`]+….$/)
    expect(message).toContain(line.slice('Failed after 0s: '.length, -'….'.length))
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

describe('the job’s phrase (jobRenderer.endPhrase)', () => {
  it.each<[Partial<JobReport>, string]>([
    [{}, 'agent job completed without a pull request'],
    [{ prLink: PR, prRepository: 'acme/docs', prNumber: '42' }, `agent job completed, pull request ${PR}`],
    [
      { prLink: 'https://github.com.evil.example/acme/docs/pull/42' },
      'agent job completed, a link the service returned https://github.com.evil.example/acme/docs/pull/42'
    ],
    [{ status: 'archived' }, 'agent job archived'],
    [{ status: 'archived', prLink: PR, prRepository: 'acme/docs', prNumber: '42' }, `agent job archived, pull request ${PR}`],
    [{ status: 'failed' }, 'agent job failed on the service'],
    [{ status: 'active' }, 'agent job running, not waited for'],
    [{ status: undefined }, 'agent job with no status'],
    // A status the action does not know is reported as active; the phrase still words any other on one line.
    [{ status: 'paused' as KnownStatus }, 'agent job paused'],
    [{ status: 'x\n::error::y' as KnownStatus }, 'agent job x ::error::y']
  ])('words a job that does not fail the step, %j', (more, phrase) => {
    expect(jobRenderer.endPhrase(job(more))).toBe(phrase)
    expect(finalLine(parts(job(more)), 3000)).toBe(`Done in 3s: ${phrase}.`)
  })
})

describe('a section’s phrase (readPhrase)', () => {
  it('says a section was read, when it is partial, and when nothing was read', () => {
    expect(readPhrase('visitors', { requests: 1, partial: false })).toBe('visitors read')
    expect(readPhrase('visitors', { requests: 3, partial: true })).toBe('visitors read (partial)')
    expect(readPhrase('visitors', { requests: 0, partial: true })).toBe('visitors not read')
    expect(readPhrase('visitors', { requests: 0, partial: false })).toBe('visitors not read')
  })

  it('gives the visitor section’s phrase from its requests, not its pages', () => {
    expect(finalLine(parts(visitors(1)), 0)).toBe('Done in 0s: visitors read.')
    expect(finalLine(parts(visitors(1234, { requests: 5, partial: true })), 0)).toBe('Done in 0s: visitors read (partial).')
    expect(finalLine(parts(visitors(0, { totals: undefined, requests: 0, partial: true })), 0)).toBe('Done in 0s: visitors not read.')
  })

  it('says which analytics sections were read, partial or not read at all', () => {
    expect(
      finalLine(
        parts(
          visitors(2),
          viewsReport({ requests: 1 }),
          searchesReport({ requests: 2, partial: true }),
          feedbackReport({ requests: 0, partial: true }),
          assistantReport({ requests: 3 })
        ),
        5000
      )
    ).toBe('Done in 5s: visitors read; page views read; searches read (partial); feedback not read; assistant questions read.')
  })
})
