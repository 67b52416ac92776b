import { describe, expect, it } from 'vitest'
import { httpStatusMessage, mayHaveActedAdvice } from '../../src/api/errors.js'

const create = { kind: 'create' as const, projectId: 'proj' }
const get = { kind: 'get' as const, projectId: 'proj', jobId: 'j9' }

describe('httpStatusMessage', () => {
  it('401 names the key', () => {
    expect(httpStatusMessage(create, 401)).toMatch(
      /rejected the API key \(401 Unauthorized\)\. The key in `apiKey` is wrong, revoked or expired/
    )
  })
  it('403 names scopes, IP allowlist and plan', () => {
    const text = httpStatusMessage(create, 403)
    for (const part of ['(`write`)', 'IP allowlist', 'plan', 'Pro or Enterprise', 'project "proj"']) expect(text).toContain(part)
    expect(httpStatusMessage(get, 403)).toContain('(`read`)')
  })
  it('404 names the project on create, the job and project on get', () => {
    expect(httpStatusMessage(create, 404)).toContain('project "proj" was not found (404 Not Found). Check `projectId`.')
    expect(httpStatusMessage(get, 404)).toContain(
      'job "j9" was not found in project "proj" (404 Not Found). Check `jobId` and `projectId`.'
    )
  })
  it('429 says the rate limit was hit, with the wait the service asked for', () => {
    expect(httpStatusMessage(create, 429, undefined, 30_500)).toMatch(
      /rate limit was hit \(429 Too Many Requests\).*100 per project per hour\. The service asked to wait 31 s\./
    )
  })
  it("adds the service's error text on one line, and 5xx words", () => {
    expect(httpStatusMessage(get, 502, 'upstream\n::error::boom')).toBe(
      'Checking job "j9" failed: the service had an error (HTTP 502). The service said: "upstream ::error::boom".'
    )
  })
  it('says how to find a job that may have been created', () => {
    expect(mayHaveActedAdvice(create)).toMatch(/may have created a job anyway.*watch it with the `jobId` input/)
  })
})
