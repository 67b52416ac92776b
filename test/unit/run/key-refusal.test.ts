// One cause, one message (src/run/key-refusal.ts, src/render/key-refusal.ts): the parts of a run
// whose key the service refused, or whose project it denied, for every request fold into one failure
// and one block of the summary.
import { describe, expect, it } from 'vitest'
import { keyRefusalHtml, projectDenialHtml } from '../../../src/render/key-refusal.js'
import { keyRefusalOf, projectDenialOf, refusalOf } from '../../../src/run/key-refusal.js'
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

const MISMATCH =
  'Most likely the key and project "proj_x" do not belong together: an admin key works only for the projects of its own organization, ' +
  'so check that `projectId` is the one shown on the API keys page of the organization the key was created in. Otherwise the key ' +
  "may lack the scope this call needs (`read`), the runner's IP address may be outside the key's IP allowlist, or the organization's " +
  'plan may not include API access (Pro or Enterprise).'

describe('projectDenialOf', () => {
  const denied = (reason?: string) => ({ projectId: 'proj_x', ...(reason === undefined ? {} : { reason }) })

  it('folds a job and sections each denied at their first request into one failure naming the project and each part once', () => {
    const reports = [
      { ...JOB_REPORTS.findJob, accessDenied: denied('No access') },
      visitorsReport({ failure: 'Reading visitor analytics failed: 403.', accessDenied: denied('No access') }),
      // The words left out of a part that hides reader text do not keep the others' from being said.
      searchesReport({ failure: 'Reading searches failed: 403.', accessDenied: denied() })
    ]
    expect(projectDenialOf(reports)).toEqual({
      projectId: 'proj_x',
      reason: 'No access',
      parts: ['the agent job', 'visitors', 'searches'],
      requests: 3,
      advice: MISMATCH,
      message:
        'Access to project "proj_x" was denied (403) for every request: the agent job, visitors, searches (3 requests, all denied). ' +
        `The service said: "No access". ${MISMATCH}`
    })
  })

  it('says no reason when the parts were given different ones, or none', () => {
    const two = [visitorsReport({ accessDenied: denied('a') }), searchesReport({ accessDenied: denied('b') })]
    expect(projectDenialOf(two)?.reason).toBeUndefined()
    expect(projectDenialOf(two)?.message).toBe(
      `Access to project "proj_x" was denied (403) for every request: visitors, searches (2 requests, all denied). ${MISMATCH}`
    )
    expect(projectDenialOf([visitorsReport({ accessDenied: denied() }), searchesReport({ accessDenied: denied() })])).not.toHaveProperty(
      'reason'
    )
  })

  it('leads with the cause a shared reason names', () => {
    const scope = [
      visitorsReport({ accessDenied: denied('missing the read scope') }),
      searchesReport({ accessDenied: denied('missing the read scope') })
    ]
    expect(projectDenialOf(scope)?.advice).toMatch(/^Most likely the key lacks the scope this call needs \(`read`\)\./)
  })

  it('folds nothing when one part is not denied, is denied another project, or is the only part', () => {
    expect(projectDenialOf([visitorsReport({ accessDenied: denied() }), searchesReport({ failure: 'HTTP 500.' })])).toBeUndefined()
    expect(projectDenialOf([visitorsReport({ failure: 'HTTP 500.' }), searchesReport({ accessDenied: denied() })])).toBeUndefined()
    expect(
      projectDenialOf([visitorsReport({ accessDenied: denied() }), searchesReport({ accessDenied: { projectId: 'other' } })])
    ).toBeUndefined()
    expect(projectDenialOf([visitorsReport({ accessDenied: denied() })])).toBeUndefined()
    expect(projectDenialOf([])).toBeUndefined()
  })
})

describe('refusalOf', () => {
  it('names the cause: the key before the project, and none when the parts failed for other causes', () => {
    const both = [
      visitorsReport({ keyRefused: true, accessDenied: { projectId: 'p' } }),
      searchesReport({ keyRefused: true, accessDenied: { projectId: 'p' } })
    ]
    expect(refusalOf(both)?.cause).toBe('key')
    expect(refusalOf(both)?.message).toMatch(/^The API key was refused \(401\)/)
    const denied = [visitorsReport({ accessDenied: { projectId: 'p' } }), searchesReport({ accessDenied: { projectId: 'p' } })]
    expect(refusalOf(denied)?.cause).toBe('project')
    expect(refusalOf(denied)?.message).toMatch(/^Access to project "p" was denied \(403\)/)
    expect(refusalOf([visitorsReport({ failure: 'HTTP 500.' }), searchesReport({ failure: 'HTTP 500.' })])).toBeUndefined()
  })
})

describe('projectDenialHtml', () => {
  it('names the project in the heading, then the parts, the requests, the reason and what to check', () => {
    const seen = renderSummary(
      projectDenialHtml({
        projectId: 'proj_<x>',
        reason: 'No <b>access</b>',
        parts: ['the agent job', 'visitors'],
        requests: 2,
        advice: MISMATCH
      })
    )
    expect(seen.headings).toEqual(['❌ Access to project proj_<x> was denied (403)'])
    expect(seen.text).toBe(
      '❌ Access to project proj_<x> was denied (403) The service denied access to the project for every request the run made: 2 requests, ' +
        'one for each of the agent job, visitors. Nothing was read, created or sent. The service said: “No <b>access</b>”. ' +
        MISMATCH.replace(/`/g, '')
    )
    expect(seen.html).toContain('<code>projectId</code>')
    expect(seen.html).not.toContain('<b>')
  })

  it('says no reason when the service gave none', () => {
    expect(renderSummary(projectDenialHtml({ projectId: 'p', parts: ['a', 'b'], requests: 2, advice: 'Check.' })).text).toBe(
      '❌ Access to project p was denied (403) The service denied access to the project for every request the run made: 2 requests, ' +
        'one for each of a, b. Nothing was read, created or sent. Check.'
    )
  })
})
