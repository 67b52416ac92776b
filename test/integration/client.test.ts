// The API client against the emulator over real HTTP: per-request timeouts and the retry rules.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/errors.js'
import { ApiClient } from '../../src/api/client.js'
import { Lifetime, StopError } from '../../src/run/lifetime.js'
import { startEmulator, type Emulator } from '../emulator/emulator.js'

const KEY = 'mint_clientKey'
let emu: Emulator
let lifetime: Lifetime
let client: ApiClient

function makeClient(timeoutMs = 20_000): ApiClient {
  lifetime = new Lifetime(timeoutMs)
  return new ApiClient({
    baseUrl: emu.url,
    apiKey: KEY,
    userAgent: 'test',
    lifetime,
    requestTimeoutMs: 300,
    retry: { maxAttempts: 3, baseMs: 10, capMs: 20, random: () => 1 }
  })
}

beforeEach(async () => {
  emu = await startEmulator({ keys: { [KEY]: {} } })
  client = makeClient()
})
afterEach(async () => {
  lifetime.dispose()
  await client.close()
  await emu.close()
})

describe('ApiClient', () => {
  it('gives up on a status check that does not answer within the request timeout, and tries again', async () => {
    emu.addJob('j1', { finishAfterMs: 0 })
    emu.fault({ method: 'GET', kind: 'hang' })
    const started = Date.now()
    const job = await client.getJob('proj_docs', 'j1')
    expect(job.status).toBe('completed')
    expect(emu.count('GET')).toBe(2)
    expect(Date.now() - started).toBeGreaterThanOrEqual(300)
  })

  it('does not repeat a create that timed out after it was sent', async () => {
    emu.fault({ method: 'POST', kind: 'hang', afterHandling: true })
    const error = await client.createJob('proj_docs', 'x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).details).toMatchObject({ mayHaveActed: true })
    expect((error as ApiError).message).toMatch(
      /no answer within 0.3 s talking to http:\/\/127\.0\.0\.1:\d+\. The request was sent, so the service may have created a job anyway/
    )
    expect(emu.count('POST')).toBe(1)
    expect(emu.jobCount()).toBe(1)
  })

  it('stops retrying when the service asks to wait past the deadline', async () => {
    lifetime.dispose()
    client = makeClient(1500)
    emu.fault({ method: 'POST', kind: 'status', status: 429, retryAfter: '60' })
    const error = await client.createJob('proj_docs', 'x').catch((e: unknown) => e)
    expect((error as ApiError).message).toContain('The service asked to wait 60 s.')
    expect(emu.count('POST')).toBe(1)
  })

  it('ends a request in flight with the stop reason when the run is cancelled', async () => {
    emu.addJob('j2', { finishAfterMs: 0 })
    emu.fault({ method: 'GET', kind: 'delay', delayMs: 250 })
    setTimeout(() => lifetime.cancel('SIGINT'), 50)
    const error = await client.getJob('proj_docs', 'j2').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StopError)
    expect((error as StopError).reason).toBe('cancelled')
  })

  it('accepts answers with fields the documents do not list', async () => {
    emu.fault({
      method: 'GET',
      kind: 'status',
      status: 200,
      body: JSON.stringify({
        id: 'j3',
        status: 'completed',
        prLink: null,
        title: 'new',
        source: { repository: 'r', ref: null, sha: 'abc' }
      })
    })
    const job = await client.getJob('proj_docs', 'j3')
    expect(job).toMatchObject({ id: 'j3', status: 'completed', prLink: undefined, source: { repository: 'r', ref: undefined } })
    emu.fault({
      path: /visitors/,
      kind: 'status',
      status: 200,
      body: JSON.stringify({ totals: { human: 1, ai: 2, total: 3, bots: 9 }, visitors: [], hasMore: false, nextCursor: null })
    })
    const page = await client.getVisitors('proj_docs', { dateFrom: '2026-11-01', dateTo: '2026-11-08', limit: 250, offset: 0 })
    expect(page.totals).toEqual({ human: 1, ai: 2, total: 3 })
  })

  it('sends the project and job ids as single encoded path segments', async () => {
    await client.getJob('proj docs/..', 'a/b?c').catch(() => undefined)
    expect(emu.requests.at(-1)!.path).toBe('/v2/agent/proj%20docs%2F../job/a%2Fb%3Fc')
  })
})
