// Tests the agent job's step outputs and its line in the log (src/render/job.ts), for every
// way a run ends (test/support/job-reports.ts). The job's summary is tested in job-summary.test.ts.
import { describe, expect, it } from 'vitest'
import type { JobReport } from '../../../src/agent/outcome.js'
import { JOB_REPORTS, PR_LINK } from '../../support/job-reports.js'
import { jobRenderer } from '../../../src/render/job.js'

const base: JobReport = {
  kind: 'job',
  outcome: 'no-pr',
  jobId: 'j1',
  status: 'completed',
  followUp: false,
  unknownStatuses: [],
  headline: 'Done.'
}

describe('job outputs', () => {
  it('sets all four outputs from what is known', () => {
    expect(jobRenderer.outputs(JOB_REPORTS.opened)).toEqual({ jobId: 'j1', status: 'completed', prLink: PR_LINK, prNumber: '42' })
  })

  it('gives the job and its status after a timeout, for a later step to watch it', () => {
    expect(jobRenderer.outputs(JOB_REPORTS.timeout)).toEqual({ jobId: 'j1', status: 'active', prLink: '', prNumber: '' })
  })

  it('sets every output, empty when unknown', () => {
    expect(jobRenderer.outputs(JOB_REPORTS.findJob)).toEqual({ jobId: '', status: '', prLink: '', prNumber: '' })
    expect(jobRenderer.outputs({ ...base, status: undefined, jobId: undefined })).toEqual({
      jobId: '',
      status: '',
      prLink: '',
      prNumber: ''
    })
  })

  it('hands on a job id as it is when a shell or a URL takes it so', () => {
    for (const id of ['job_01HX9', '0123456789abcdef01234567', 'a.b~c-d', 'x'.repeat(1000), '...']) {
      expect(jobRenderer.outputs({ ...base, jobId: id }).jobId, id).toBe(id)
    }
  })

  it('percent-encodes every other character of a job id, so that no later step reads it as a command, and keeps it whole', () => {
    const ids: [string, string][] = [
      ['job 1', 'job%201'],
      ['j\n::error::x', 'j%0A%3A%3Aerror%3A%3Ax'],
      ['$(id)', '%24%28id%29'],
      ['a\'b"c`d;e!f*g', 'a%27b%22c%60d%3Be%21f%2Ag'],
      ['job_\u202egpj', 'job_%E2%80%AEgpj'],
      ['a/b', 'a%2Fb'],
      ['', '']
    ]
    for (const [id, output] of ids) {
      expect(jobRenderer.outputs({ ...base, jobId: id }).jobId, id).toBe(output)
      expect(decodeURIComponent(output)).toBe(id)
    }
  })

  it('never hands on an unsafe link', () => {
    expect(jobRenderer.outputs({ ...base, outcome: 'opened', unsafePrLink: 'javascript:alert(1)' }).prLink).toBe('')
  })
})

describe('job log line', () => {
  it('is the headline when the job does not fail the step', () => {
    expect(jobRenderer.logLine(base)).toBe('Done.')
    expect(jobRenderer.logLine(JOB_REPORTS.opened)).toBe(JOB_REPORTS.opened.headline)
    expect(jobRenderer.logLine(JOB_REPORTS.notWaited)).toBe(JOB_REPORTS.notWaited.headline)
  })

  it('is left out when the job fails the step, since the failure says it', () => {
    expect(jobRenderer.logLine({ ...base, failure: 'Job j1 failed.' })).toBeUndefined()
    expect(jobRenderer.logLine(JOB_REPORTS.timeout)).toBeUndefined()
  })
})
