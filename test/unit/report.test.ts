import { describe, expect, it } from 'vitest'
import type { JobReport } from '../../src/agent/outcome.js'
import { jobSummaryHtml } from '../../src/report/job-summary.js'
import { outputsOf } from '../../src/report/sections.js'

const base: JobReport = { kind: 'job', jobId: 'j1', status: 'completed', followUp: false, unknownStatuses: [], headline: 'Done.' }

describe('job summary', () => {
  it('escapes every value from the service', () => {
    const html = jobSummaryHtml({
      ...base,
      model: '<script>alert(1)</script>',
      repository: 'https://github.com/a/b|c',
      ref: '`main`',
      unsafePrLink: 'javascript:alert(1)',
      headline: 'Job <b>x</b>'
    })
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>')
    expect(html).not.toContain('href="javascript')
    expect(html).toContain('&lt;script&gt;')
    expect(html).toContain('not a plain http(s) URL, so not linked')
  })
  it('links a safe pull request by its number', () => {
    expect(jobSummaryHtml({ ...base, prLink: 'https://github.com/a/b/pull/5?x=1&y=2', prNumber: '5' })).toContain(
      '<a href="https://github.com/a/b/pull/5?x=1&amp;y=2">#5</a>'
    )
  })
})

describe('outputs', () => {
  it('sets all four, empty when unknown', () => {
    expect(outputsOf({ ...base, status: undefined, jobId: undefined })).toEqual({ jobId: '', status: '', prLink: '', prNumber: '' })
  })
})
