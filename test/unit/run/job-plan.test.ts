// The key a job is recorded under (src/run/job-plan.ts): the same for every run of the same step on
// the same trigger, different for another project, trigger, prompt or job, and always one a marker can
// hold and read back.
import { describe, expect, it } from 'vitest'
import { readRecord, recordMarker } from '../../../src/agent/records.js'
import { githubWriteFailure } from '../../../src/github/client.js'
import { recordKey } from '../../../src/run/job-plan.js'
import { SEAL } from '../../support/seal.js'

const AT = { seal: SEAL, place: 'commit a94a8fe5ccb19ba61c4c0873d391e987982fbbd3' }

const TRIGGER = 'push@a94a8fe5ccb19ba61c4c0873d391e987982fbbd3'

describe('recordKey', () => {
  it('is the same for a re-run, and differs for another project, trigger, prompt or job', () => {
    const key = recordKey('proj', TRIGGER, { prompt: 'Update the docs' })
    expect(recordKey('proj', TRIGGER, { prompt: 'Update the docs' })).toBe(key)
    expect(key.startsWith(`proj:${TRIGGER}:`)).toBe(true)
    const others = [
      recordKey('proj_other', TRIGGER, { prompt: 'Update the docs' }),
      recordKey('proj', 'release@v1', { prompt: 'Update the docs' }),
      recordKey('proj', TRIGGER, { prompt: 'Write the changelog' }),
      recordKey('proj', TRIGGER, { prompt: 'Update the docs', jobId: 'job_1' }),
      recordKey('proj', TRIGGER, {})
    ]
    expect(new Set([key, ...others]).size).toBe(6)
  })

  it('is always a key a marker holds and reads back: a long or ill-formed one by its hash', () => {
    for (const projectId of ['p'.repeat(2000), 'п'.repeat(1400), 'proj\ud800', 'proj'])
      for (const trigger of [TRIGGER, `release@${'版'.repeat(250)}`, 'release@v1\udfff']) {
        const key = recordKey(projectId, trigger, { prompt: 'x' })
        expect(encodeURIComponent(key).length).toBeLessThanOrEqual(1000)
        expect(readRecord(recordMarker({ jobId: 'j1', key }, AT), key, AT)?.jobId).toBe('j1')
      }
    expect(recordKey('p'.repeat(2000), TRIGGER, {})).toMatch(/^sha256:[0-9a-f]{40}$/)
  })
})

describe('githubWriteFailure', () => {
  const permission = 'pull-requests: write'

  it.each([403, 404])('names the permission when GitHub answers %i, as it does to a token without it', (status) => {
    const error = Object.assign(new Error('Resource not accessible by integration'), { status })
    expect(`Could not answer on #7${githubWriteFailure(error, permission)}`).toBe(
      `Could not answer on #7 (HTTP ${status}): give the job \`permissions: pull-requests: write\`.`
    )
    expect(githubWriteFailure(error, permission, ', so that reviewers can send follow-ups from it')).toBe(
      ` (HTTP ${status}): give the job \`permissions: pull-requests: write\`, so that reviewers can send follow-ups from it.`
    )
  })

  it('says GitHub could not be reached or refused it, and why, for any other failure: no permission is blamed', () => {
    // A network failure, as Octokit reports it: HTTP 500, with the network's code in its cause.
    const refused = Object.assign(new Error('fetch failed'), { status: 500, cause: { code: 'ECONNREFUSED' } })
    expect(`Could not answer on #7${githubWriteFailure(refused, permission)}`).toBe(
      'Could not answer on #7: GitHub could not be reached (HTTP 500, fetch failed, ECONNREFUSED).'
    )
    const cases: [unknown, string][] = [
      [Object.assign(new Error('Server Error'), { status: 502 }), ': GitHub could not be reached (HTTP 502, Server Error).'],
      [new Error('getaddrinfo ENOTFOUND api.github.com'), ': GitHub could not be reached (getaddrinfo ENOTFOUND api.github.com).'],
      [Object.assign(new Error('Too many requests'), { status: 429 }), ': GitHub refused it (HTTP 429, Too many requests).']
    ]
    for (const [error, text] of cases) {
      expect(githubWriteFailure(error, permission, ', for follow-ups')).toBe(text)
      expect(githubWriteFailure(error, permission)).not.toContain('permissions')
    }
  })

  it('keeps what GitHub or the network said to one bounded line', () => {
    const text = githubWriteFailure(new Error(`bad\n::error::${'x'.repeat(500)}`), permission)
    expect(text).not.toContain('\n')
    expect(text.length).toBeLessThan(300)
  })
})
