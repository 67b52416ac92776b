// Job ids from the service are checked where they enter (jobIdProblem in src/api/schemas.ts, and the
// client's createJob against the emulator): an id that no encoding makes one path segment of a URL
// (empty, `.`, `..`) is refused at creation with an error that names it, and no request is built from
// it; every other id is taken, and each request carries it encoded.
import { fc, test } from '@fast-check/vitest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../src/api/client.js'
import { ApiError } from '../../src/api/errors.js'
import { JOB_ID_MAX_CHARS, jobIdProblem } from '../../src/api/schemas.js'
import { Lifetime } from '../../src/core/lifetime.js'
import { startEmulator, type Emulator } from '../emulator/emulator.js'

const KEY = 'mint_jobIdKey'

describe('jobIdProblem', () => {
  it.each([
    ['', 'it is empty'],
    ['.', 'a URL reads it as a step in its path, not as a name'],
    ['..', 'a URL reads it as a step in its path, not as a name'],
    ['job\ud8001', 'it is not well-formed Unicode (a lone surrogate)'],
    ['\udc00job', 'it is not well-formed Unicode (a lone surrogate)'],
    ['x'.repeat(JOB_ID_MAX_CHARS + 1), `it is longer than ${JOB_ID_MAX_CHARS} characters`]
  ])('refuses %j: %s', (id, problem) => {
    expect(jobIdProblem(id)).toBe(problem)
  })

  it.each([
    'job_01JD2X',
    '...',
    'a/b',
    '../x',
    'a\\b',
    'job 1',
    'job\n1',
    'job\u00001',
    'job\u202e1',
    'fugiat amet aute nostrud',
    '<img src=x onerror=alert(1)>',
    '😀',
    'job%2F1',
    'x'.repeat(JOB_ID_MAX_CHARS)
  ])('takes %j', (id) => {
    expect(jobIdProblem(id)).toBeUndefined()
  })

  test.prop([fc.string({ maxLength: 300, unit: 'binary' })])('takes only ids that are one path segment of a URL, as they are', (id) => {
    if (jobIdProblem(id) !== undefined) return
    const url = new URL(`http://127.0.0.1/v2/agent/proj/job/${encodeURIComponent(id)}`)
    expect(url.pathname.split('/').map(decodeURIComponent)).toEqual(['', 'v2', 'agent', 'proj', 'job', id])
  })
})

describe('a created job whose id cannot be used', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ keys: { [KEY]: {} } })
  })
  afterAll(async () => {
    await emu.close()
  })

  it.each(['..', '.'])('is refused at creation with an error naming %j, and never requested', async (id) => {
    const lifetime = new Lifetime(10_000)
    const client = new ApiClient({ baseUrl: emu.url, apiKey: KEY, userAgent: 'test', lifetime })
    try {
      const before = emu.requests.length
      emu.fault({ method: 'POST', kind: 'status', status: 201, body: JSON.stringify({ id, status: 'active' }) })
      const error = await client.createJob('proj_docs', 'x').then(
        () => undefined,
        (caught: unknown) => caught
      )
      expect(error).toBeInstanceOf(ApiError)
      const message = (error as ApiError).message
      expect(message).toContain(`its job id ${JSON.stringify(id).replace('\u202e', '')} cannot be used: ${jobIdProblem(id) ?? ''}.`)
      expect(message).toContain('the service may have created a job anyway')
      expect((error as ApiError).details).toEqual({ transient: false, mayHaveActed: true })
      // One POST, no retry, and nothing asked of a job.
      expect(emu.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v2/agent/proj_docs/job'])
    } finally {
      lifetime.dispose()
      await client.close()
    }
  })
})
