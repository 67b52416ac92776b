// One cause, one message (src/run/key-refusal.ts, src/render/key-refusal.ts): the parts of a run
// whose key the service refused for every request fold into one failure and one block of the summary.
import { describe, expect, it } from 'vitest'
import { keyRefusalHtml } from '../../../src/render/key-refusal.js'
import { keyRefusalOf } from '../../../src/run/key-refusal.js'
import { JOB_REPORTS } from '../../support/job-reports.js'
import { renderSummary } from '../../support/render.js'
import { searchesReport, visitorsReport } from '../../support/section-reports.js'

const ADVICE =
  'The key in `apiKey` is wrong, revoked or expired; create an admin key on the API keys page of the dashboard and pass it from a secret.'

describe('keyRefusalOf', () => {
  it('folds a job and sections that each failed at their first request with a 401 into one failure naming each once', () => {
    const reports = [
      { ...JOB_REPORTS.findJob, keyRefused: true },
      visitorsReport({ failure: 'Reading visitor analytics failed: 401.', keyRefused: true }),
      searchesReport({ failure: 'Reading searches failed: 401.', keyRefused: true })
    ]
    expect(keyRefusalOf(reports)).toEqual({
      parts: ['the agent job', 'visitors', 'searches'],
      requests: 3,
      message: `The API key was refused (401) for every request: the agent job, visitors, searches (3 requests, all refused). ${ADVICE}`
    })
  })

  it('folds nothing when one part is not refused, or when there is one part only', () => {
    expect(keyRefusalOf([visitorsReport({ keyRefused: true }), searchesReport({ failure: 'HTTP 500.' })])).toBeUndefined()
    expect(keyRefusalOf([visitorsReport({ keyRefused: true })])).toBeUndefined()
    expect(keyRefusalOf([])).toBeUndefined()
  })
})

describe('keyRefusalHtml', () => {
  it('says the cause once, the parts, how many requests were refused, and what to do', () => {
    const seen = renderSummary(keyRefusalHtml({ parts: ['the agent job', 'visitors'], requests: 2 }))
    expect(seen.headings).toEqual(['❌ The API key was refused (401)'])
    expect(seen.text).toBe(
      '❌ The API key was refused (401) The service refused the API key for every request the run made: 2 requests, one for each of ' +
        'the agent job, visitors. Nothing was read, created or sent. ' +
        ADVICE.replace(/`/g, '')
    )
    expect(seen.html).toContain('<code>apiKey</code>')
  })
})
