// Tests the agent job's section of the job summary (src/report/job-summary.ts), as a reader sees it on
// GitHub (test/support/render.ts), and the job's step outputs and log line (src/report/job-outputs.ts).
import { describe, expect, it } from 'vitest'
import type { JobReport } from '../../src/agent/outcome.js'
import { jobLogLine, jobOutputs } from '../../src/report/job-outputs.js'
import { jobSummaryHtml } from '../../src/report/job-summary.js'
import { renderSummary } from '../support/render.js'

const base: JobReport = { kind: 'job', jobId: 'j1', status: 'completed', followUp: false, unknownStatuses: [], headline: 'Done.' }

describe('job summary', () => {
  it('shows a completed job with its headline and a table of what is known', () => {
    const seen = renderSummary(jobSummaryHtml(base))
    expect(seen.headings).toEqual(['✅ Documentation agent job'])
    expect(seen.tables).toEqual([
      [
        ['Status', 'completed'],
        ['Pull request', 'none'],
        ['Job ID', 'j1']
      ]
    ])
    expect(seen.text).toBe('✅ Documentation agent job Done. Status completed Pull request none Job ID j1')
    expect(seen.html).toContain('<th scope="row" align="left">Status</th><td><code>completed</code></td>')
  })

  it('puts the heading, the headline and the table each on a line, and ends with a line break', () => {
    const lines = jobSummaryHtml(base).split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toBe('<h2>✅ Documentation agent job</h2>')
    expect(lines[1]).toBe('<p>Done.</p>')
    expect(lines[2]).toMatch(/^<table>.*<\/table>$/)
    expect(lines[3]).toBe('')
  })

  it('shows every detail the service gave, each in its own row', () => {
    const seen = renderSummary(
      jobSummaryHtml({
        ...base,
        prLink: 'https://github.com/acme/docs/pull/55',
        prNumber: '55',
        model: 'opus',
        repository: 'https://github.com/acme/docs',
        ref: 'main',
        createdAt: '2026-11-14T10:00:00Z',
        archivedAt: '2026-11-15T10:00:00Z',
        waitedMs: 252_000
      })
    )
    expect(seen.tables[0]).toEqual([
      ['Status', 'completed'],
      ['Pull request', '#55'],
      ['Job ID', 'j1'],
      ['Model', 'opus'],
      ['Source', 'https://github.com/acme/docs at main'],
      ['Created', '2026-11-14T10:00:00Z'],
      ['Archived', '2026-11-15T10:00:00Z'],
      ['Waited', '4m 12s']
    ])
    expect(seen.links).toEqual([{ href: 'https://github.com/acme/docs/pull/55', text: '#55' }])
  })

  it('shows a source without a branch, and a wait of no time at all', () => {
    const seen = renderSummary(jobSummaryHtml({ ...base, repository: 'https://github.com/acme/docs', waitedMs: 0 }))
    expect(seen.tables[0]?.slice(3)).toEqual([
      ['Source', 'https://github.com/acme/docs'],
      ['Waited', '0s']
    ])
    expect(seen.links).toEqual([])
  })

  it('shows a job still running with an hourglass, and no pull request yet', () => {
    const seen = renderSummary(jobSummaryHtml({ ...base, status: 'active', headline: 'Still running.' }))
    expect(seen.headings).toEqual(['⏳ Documentation agent job'])
    expect(seen.tables[0]?.[1]).toEqual(['Pull request', 'not yet'])
  })

  it('shows a job that fails the step with a cross, whatever its status', () => {
    for (const status of ['failed', 'completed', 'active'] as const) {
      const seen = renderSummary(jobSummaryHtml({ ...base, status, failure: 'It failed.', headline: 'Job j1 failed on the service.' }))
      expect(seen.headings).toEqual(['❌ Documentation agent job'])
      expect(seen.text).toContain('Job j1 failed on the service.')
    }
  })

  it('says so when a follow-up was sent', () => {
    expect(renderSummary(jobSummaryHtml({ ...base, followUp: true })).headings).toEqual(['✅ Documentation agent job (follow-up)'])
  })

  it('says the status and job are unknown when the service never named them', () => {
    const seen = renderSummary(jobSummaryHtml({ ...base, status: undefined, jobId: undefined, headline: 'No job.' }))
    expect(seen.tables[0]).toEqual([
      ['Status', 'unknown'],
      ['Pull request', 'none'],
      ['Job ID', 'none']
    ])
    expect(seen.html).not.toContain('<code>')
  })

  it('shows the service’s own word for a status the action does not know', () => {
    const seen = renderSummary(jobSummaryHtml({ ...base, status: 'active', serviceStatus: 'paused' }))
    expect(seen.tables[0]?.[0]).toEqual(['Status', 'active (the service said paused)'])
    const same = renderSummary(jobSummaryHtml({ ...base, status: 'completed', serviceStatus: 'completed' }))
    expect(same.tables[0]?.[0]).toEqual(['Status', 'completed'])
  })

  it('links a safe pull request by its number, keeping its query intact', () => {
    const seen = renderSummary(jobSummaryHtml({ ...base, prLink: 'https://github.com/a/b/pull/5?x=1&y=2', prNumber: '5' }))
    expect(seen.links).toEqual([{ href: 'https://github.com/a/b/pull/5?x=1&y=2', text: '#5' }])
    expect(seen.references).toEqual([])
  })

  it('links a safe link that is not a pull request number by the link itself', () => {
    const seen = renderSummary(jobSummaryHtml({ ...base, prLink: 'https://ghe.example.com/a/b/merge_requests/5' }))
    expect(seen.links).toEqual([
      { href: 'https://ghe.example.com/a/b/merge_requests/5', text: 'https://ghe.example.com/a/b/merge_requests/5' }
    ])
  })

  it('shows an unsafe pull request link as text, not as a link', () => {
    const seen = renderSummary(jobSummaryHtml({ ...base, unsafePrLink: 'javascript:alert(1)//https://github.com/a/b/pull/1' }))
    expect(seen.links).toEqual([])
    expect(seen.tables[0]?.[1]).toEqual([
      'Pull request',
      'javascript:alert(1)//https://github.com/a/b/pull/1 (not a plain http(s) URL, so not linked)'
    ])
  })

  it('shows hostile values from the service as text: no markup, link, mention or broken table', () => {
    const values = {
      model: '<script>alert(1)</script>',
      repository: 'https://github.com/a/b|c',
      ref: '`main` @octocat',
      createdAt: '</td></tr></table><img src=x>',
      headline: 'Job <b>x</b> for @octo-org/admins, see #1 and [this](https://evil.example)'
    }
    const seen = renderSummary(jobSummaryHtml({ ...base, ...values }))
    expect(seen.links).toEqual([])
    expect(seen.references).toEqual([])
    expect(seen.html).not.toMatch(/<(script|b|img|a)\b/)
    expect(seen.text).toContain(values.headline)
    expect(seen.tables[0]?.slice(3)).toEqual([
      ['Model', values.model],
      ['Source', `${values.repository} at ${values.ref}`],
      ['Created', values.createdAt]
    ])
  })
})

describe('job outputs', () => {
  it('sets all four outputs from what is known', () => {
    expect(jobOutputs({ ...base, prLink: 'https://github.com/a/b/pull/5', prNumber: '5' })).toEqual({
      jobId: 'j1',
      status: 'completed',
      prLink: 'https://github.com/a/b/pull/5',
      prNumber: '5'
    })
  })

  it('sets every output, empty when unknown', () => {
    expect(jobOutputs({ ...base, status: undefined, jobId: undefined })).toEqual({ jobId: '', status: '', prLink: '', prNumber: '' })
  })

  it('never hands on an unsafe link', () => {
    expect(jobOutputs({ ...base, unsafePrLink: 'javascript:alert(1)' }).prLink).toBe('')
  })
})

describe('job log line', () => {
  it('is the headline when the job does not fail the step', () => {
    expect(jobLogLine(base)).toBe('Done.')
  })

  it('is left out when the job fails the step, since the failure says it', () => {
    expect(jobLogLine({ ...base, failure: 'Job j1 failed.' })).toBeUndefined()
  })
})
