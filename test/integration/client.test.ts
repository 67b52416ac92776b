// The API client against the emulator over real HTTP: the requests it sends, the retry rules for
// GET and POST, Retry-After and the run's lifetime, checking answers against the documented JSON,
// the service's error text, the debug log, and keeping the API key out of everything it says.
import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/api/errors.js'
import { ApiClient, type ClientOptions } from '../../src/api/client.js'
import { jsonValues, MAX_ANSWER_VALUES, NAMED_PROBLEM_VALUES } from '../../src/api/json-values.js'
import { VISITORS_ENDPOINT, visitorsPageSchema } from '../../src/sections/traffic/schema.js'
import type { RetryPolicy } from '../../src/api/retry.js'
import { Lifetime, StopError } from '../../src/core/lifetime.js'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { startSilentProxy } from '../support/proxy.js'
import { mutationTesting } from '../support/stress.js'

const KEY = 'mint_clientKey'
const JOB_PATH = '/v2/agent/proj_docs/job'
const WEEK = { dateFrom: '2026-11-01', dateTo: '2026-11-08', limit: 250, offset: 0 }
/** Three attempts, 10 ms apart. */
const FAST: RetryPolicy = { maxAttempts: 3, baseMs: 10, capMs: 20, random: () => 1 }
/**
 * The request timeout of the tests' clients: only a request that never answers meets it, even on a
 * busy machine. The tests of the request timeout give a short one to a request that never answers.
 */
const REQUEST_TIMEOUT_MS = 10_000

let emu: Emulator
let lifetime: Lifetime
let client: ApiClient
let debug: string[]
const cleanups: (() => unknown)[] = []

function makeClient(options: Partial<ClientOptions> & { timeoutMs?: number } = {}): ApiClient {
  const { timeoutMs = 20_000, ...rest } = options
  lifetime = rest.lifetime ?? new Lifetime(timeoutMs)
  const own = lifetime
  const made = new ApiClient({
    baseUrl: emu.url,
    apiKey: KEY,
    userAgent: 'docs-agent-action/1.2.3',
    lifetime,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    retry: FAST,
    debug: (line) => debug.push(line),
    readerTextShown: () => true,
    ...rest
  })
  cleanups.push(
    () => {
      own.dispose()
    },
    () => made.close()
  )
  return made
}

beforeEach(async () => {
  debug = []
  emu = await startEmulator({ keys: { [KEY]: {} } })
  client = makeClient()
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
  await emu.close()
})

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve()
    })
  )
  return port
}

/** The last request the emulator received. */
function lastRequest(): Emulator['requests'][number] {
  const req = emu.requests.at(-1)
  if (!req) throw new Error('the emulator received no request')
  return req
}

/** Every string the client produced: its debug lines and the error it threw. */
function everythingSaid(error?: unknown): string {
  return [...debug, error instanceof Error ? error.message : ''].join('\n')
}

describe('the requests it sends', () => {
  it('creates a job with a POST of the prompt as JSON, with the key, the user agent and JSON types', async () => {
    const job = await client.createJob('proj_docs', 'Write the docs')
    expect(job).toMatchObject({ id: expect.any(String) as unknown, status: 'active', model: 'claude-sonnet-4-5' })
    expect(emu.requests).toHaveLength(1)
    const req = lastRequest()
    expect(req).toMatchObject({ method: 'POST', path: JOB_PATH, body: '{"prompt":"Write the docs"}' })
    expect([...req.query.keys()]).toEqual([])
    expect(req.headers).toMatchObject({
      authorization: `Bearer ${KEY}`,
      accept: 'application/json',
      'user-agent': 'docs-agent-action/1.2.3',
      'content-type': 'application/json'
    })
    expect(emu.job(job.id)).toMatchObject({ id: job.id })
  })

  it('sends a follow-up message with a POST to the job', async () => {
    emu.addJob('j1', { finishAfterMs: 0 })
    const job = await client.sendMessage('proj_docs', 'j1', 'And the FAQ')
    expect(job).toMatchObject({ id: 'j1', status: 'completed' })
    expect(emu.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `${JOB_PATH}/j1/message`,
      body: '{"prompt":"And the FAQ"}',
      headers: expect.objectContaining({ 'content-type': 'application/json', authorization: `Bearer ${KEY}` }) as unknown
    })
  })

  it('checks a job with a GET that has no body and no content type', async () => {
    emu.addJob('j1', { finishAfterMs: 0 })
    const job = await client.getJob('proj_docs', 'j1')
    expect(job).toMatchObject({ id: 'j1', status: 'completed', prLink: expect.stringMatching(/^https:\/\//) as unknown })
    const req = lastRequest()
    expect(req).toMatchObject({ method: 'GET', path: `${JOB_PATH}/j1`, body: '' })
    expect(req.headers).toMatchObject({
      authorization: `Bearer ${KEY}`,
      accept: 'application/json',
      'user-agent': 'docs-agent-action/1.2.3'
    })
    expect(req.headers['content-type']).toBeUndefined()
  })

  it('reads a page of visitors with the dates, limit and offset in the query', async () => {
    emu.setVisitors({
      totals: { human: 5, ai: 2, total: 7 },
      rows: [
        { path: '/a', human: 3, ai: 1, total: 4 },
        { path: '/b', human: 2, ai: 1, total: 3 }
      ]
    })
    const page = await client.analytics(VISITORS_ENDPOINT, 'proj_docs', { ...WEEK, limit: 1, offset: 1 })
    expect(page).toEqual({ totals: { human: 5, ai: 2, total: 7 }, visitors: [{ path: '/b', human: 2, ai: 1, total: 3 }], hasMore: false })
    const req = lastRequest()
    expect(req).toMatchObject({ method: 'GET', path: '/v1/analytics/proj_docs/visitors', body: '' })
    expect(Object.fromEntries(req.query)).toEqual({ dateFrom: '2026-11-01', dateTo: '2026-11-08', limit: '1', offset: '1' })
    expect(req.headers['content-type']).toBeUndefined()
  })

  it('sends the project and job ids as single encoded path segments', async () => {
    await client.getJob('proj docs/..', 'a/b?c').catch(() => undefined)
    await client.sendMessage('proj docs/..', 'a/b?c', 'x').catch(() => undefined)
    await client.createJob('p?q#r', 'x').catch(() => undefined)
    await client.analytics(VISITORS_ENDPOINT, 'p/q', WEEK).catch(() => undefined)
    expect(emu.requests.map((r) => r.path)).toEqual([
      '/v2/agent/proj%20docs%2F../job/a%2Fb%3Fc',
      '/v2/agent/proj%20docs%2F../job/a%2Fb%3Fc/message',
      '/v2/agent/p%3Fq%23r/job',
      '/v1/analytics/p%2Fq/visitors'
    ])
  })

  it('sends nothing for an id that is empty or only dots, which a URL would resolve away', async () => {
    for (const id of ['', '.', '..']) {
      await expect(client.getJob('proj_docs', id)).rejects.toThrow(`${JSON.stringify(id)} cannot name a project or a job`)
      await expect(client.createJob(id, 'x')).rejects.toThrow(`${JSON.stringify(id)} cannot name a project or a job`)
    }
    expect(emu.requests).toEqual([])
  })

  it('works with the default timeout, retry policy and no debug log', async () => {
    emu.addJob('j1', { finishAfterMs: 0 })
    const plain = makeClient({ requestTimeoutMs: undefined, retry: undefined, debug: undefined })
    expect((await plain.getJob('proj_docs', 'j1')).status).toBe('completed')
    const error = await apiError(plain.getJob('proj_docs', 'missing'))
    expect(error.details).toEqual({ status: 404, transient: false, mayHaveActed: false })
    expect(debug).toEqual([])
  })
})

describe('retrying a GET', () => {
  it.each([408, 429, 500, 502, 503, 504])('repeats a status check that got HTTP %i', async (status) => {
    emu.addJob('j1', { finishAfterMs: 0 })
    emu.fault({ method: 'GET', kind: 'status', status })
    expect((await client.getJob('proj_docs', 'j1')).status).toBe('completed')
    expect(emu.count('GET')).toBe(2)
  })

  it.each([400, 401, 403, 404, 300])('does not repeat a status check that got HTTP %i', async (status) => {
    emu.addJob('j1', { finishAfterMs: 0 })
    emu.fault({ method: 'GET', kind: 'status', status })
    const error = await apiError(client.getJob('proj_docs', 'j1'))
    // A 403 carries the project the service denied.
    const denial = status === 403 ? { denial: expect.objectContaining({ projectId: 'proj_docs' }) as unknown } : {}
    expect(error.details).toEqual({ status, transient: false, mayHaveActed: false, ...denial })
    expect(emu.count('GET')).toBe(1)
  })

  it('repeats a status check whose connection was reset', async () => {
    emu.addJob('j1', { finishAfterMs: 0 })
    emu.fault({ method: 'GET', kind: 'reset' })
    expect((await client.getJob('proj_docs', 'j1')).status).toBe('completed')
    expect(emu.count('GET')).toBe(2)
  })

  it('gives up on a status check that does not answer within the request timeout, and tries again', async () => {
    // Long enough for the second check to be answered within it on a busy machine.
    const impatient = makeClient({ requestTimeoutMs: 2000 })
    emu.addJob('j1', { finishAfterMs: 0 })
    emu.fault({ method: 'GET', kind: 'hang' })
    const job = await impatient.getJob('proj_docs', 'j1')
    expect(job.status).toBe('completed')
    expect(emu.count('GET')).toBe(2)
    expect(debug[1]).toMatch(/^GET \/v2\/agent\/proj_docs\/job\/j1 failed after \d+ ms: Checking job "j1" failed: no answer within 2 s/)
  })

  it('reports a status check that keeps failing on the network without advice about duplicates', async () => {
    emu.fault({ method: 'GET', kind: 'reset', times: Infinity })
    const error = await apiError(client.getJob('proj_docs', 'j1'))
    expect(emu.count('GET')).toBe(3)
    expect(error.message).toMatch(
      /^Checking job "j1" failed: the connection failed \(UND_ERR_SOCKET\) talking to http:\/\/127\.0\.0\.1:\d+\.$/
    )
    expect(error.details).toEqual({ transient: true, mayHaveActed: false, neverSent: false })
  })

  it('repeats a status check whose answer was not the documented JSON', async () => {
    emu.addJob('j1', { finishAfterMs: 0 })
    emu.fault({ method: 'GET', kind: 'truncated' })
    expect((await client.getJob('proj_docs', 'j1')).status).toBe('completed')
    expect(emu.count('GET')).toBe(2)
  })

  it('tries maxAttempts times in all, then reports the last failure without advice about duplicates', async () => {
    emu.fault({ method: 'GET', kind: 'status', status: 500, times: Infinity })
    const error = await apiError(client.getJob('proj_docs', 'j1'))
    expect(emu.count('GET')).toBe(3)
    expect(error.message).toBe('Checking job "j1" failed: the service had an error (HTTP 500). The service said: "Internal server error".')
    expect(error.details).toEqual({ status: 500, transient: true, mayHaveActed: false })
  })

  it('gives up at once when maxAttempts is 1', async () => {
    const once = makeClient({ retry: { ...FAST, maxAttempts: 1 } })
    emu.fault({ method: 'GET', kind: 'status', status: 503 })
    await apiError(once.getJob('proj_docs', 'j1'))
    expect(emu.count('GET')).toBe(1)
  })
})

describe('retrying a POST', () => {
  it.each([429, 503])('repeats a create that got HTTP %i, which the service did not act on', async (status) => {
    emu.fault({ method: 'POST', kind: 'status', status })
    const job = await client.createJob('proj_docs', 'x')
    expect(emu.count('POST')).toBe(2)
    expect(emu.jobCount()).toBe(1)
    expect(emu.job(job.id)).toBeDefined()
  })

  it.each([429, 503])('after repeated HTTP %i, reports the failure with no advice about duplicates', async (status) => {
    emu.fault({ method: 'POST', kind: 'status', status, times: Infinity })
    const error = await apiError(client.createJob('proj_docs', 'x'))
    expect(emu.count('POST')).toBe(3)
    expect(error.message).not.toContain('may have')
    expect(error.details).toEqual({ status, transient: true, mayHaveActed: false })
  })

  it.each([500, 502, 504])('never repeats a create that got HTTP %i, and says a job may exist anyway', async (status) => {
    emu.fault({ method: 'POST', kind: 'status', status, afterHandling: true })
    const error = await apiError(client.createJob('proj_docs', 'x'))
    expect(emu.count('POST')).toBe(1)
    expect(emu.jobCount()).toBe(1)
    expect(error.message).toBe(
      `Creating the agent job failed: the service had an error (HTTP ${status}). The service said: "Internal server error". ` +
        'The request was sent, so the service may have created a job anyway. Before running again, look for it among the ' +
        "project's agent jobs in the dashboard; if it is there, watch it with the `jobId` input instead of sending the prompt again."
    )
    expect(error.details).toEqual({ status, transient: true, mayHaveActed: true })
  })

  it('never repeats a follow-up that got HTTP 500, and says the message may have been received', async () => {
    emu.addJob('j1', { finishAfterMs: 0 })
    emu.fault({ method: 'POST', kind: 'status', status: 500 })
    const error = await apiError(client.sendMessage('proj_docs', 'j1', 'x'))
    expect(emu.count('POST')).toBe(1)
    expect(error.message).toMatch(/^Sending the follow-up message to job "j1" failed: the service had an error \(HTTP 500\)\./)
    expect(error.message).toMatch(/The request was sent, so the service may have received the message anyway\./)
  })

  it('does not repeat a create the service rejected, and quotes why', async () => {
    const error = await apiError(client.createJob('proj_docs', ''))
    expect(emu.count('POST')).toBe(1)
    expect(error.message).toBe(
      'Creating the agent job failed: the service rejected the request as invalid (400 Bad Request). The service said: "prompt is required".'
    )
    expect(error.details).toEqual({ status: 400, transient: false, mayHaveActed: false })
  })

  it('does not repeat a create that timed out after it was sent', async () => {
    emu.fault({ method: 'POST', kind: 'hang', afterHandling: true })
    const error = await apiError(makeClient({ requestTimeoutMs: 300 }).createJob('proj_docs', 'x'))
    expect(error.details).toEqual({ transient: true, mayHaveActed: true, neverSent: false })
    expect(error.message).toMatch(
      /^Creating the agent job failed: no answer within 0\.3 s talking to http:\/\/127\.0\.0\.1:\d+\. The request was sent, so the service may have created a job anyway/
    )
    expect(emu.count('POST')).toBe(1)
    expect(emu.jobCount()).toBe(1)
  })

  it('does not repeat a create whose connection was reset after it was sent', async () => {
    emu.fault({ method: 'POST', kind: 'reset', afterHandling: true })
    const error = await apiError(client.createJob('proj_docs', 'x'))
    expect(emu.count('POST')).toBe(1)
    expect(error.message).toMatch(
      /^Creating the agent job failed: the connection failed \(UND_ERR_SOCKET\) talking to http:\/\/127\.0\.0\.1:\d+\. The request was sent, so the service may have created a job anyway/
    )
    expect(error.details).toEqual({ transient: true, mayHaveActed: true, neverSent: false })
  })

  it('repeats a create that could not connect, since it never left, up to maxAttempts', async () => {
    const port = await closedPort()
    const refused = makeClient({ baseUrl: `http://127.0.0.1:${port}` })
    const error = await apiError(refused.createJob('proj_docs', 'x'))
    expect(error.message).toBe(
      `Creating the agent job failed: could not connect (ECONNREFUSED) talking to http://127.0.0.1:${port}. ` +
        `http://127.0.0.1:${port} refused the connection: check the baseUrl input (leave it out for https://api.mintlify.com).`
    )
    expect(error.details).toEqual({ transient: true, mayHaveActed: false, neverSent: true })
    expect(debug.filter((line) => line.startsWith('POST '))).toEqual([
      `POST ${JOB_PATH}`,
      expect.stringMatching(
        /^POST \/v2\/agent\/proj_docs\/job failed after \d+ ms: Creating the agent job failed: could not connect/
      ) as unknown,
      `POST ${JOB_PATH} (attempt 2)`,
      expect.stringMatching(/failed after/) as unknown,
      `POST ${JOB_PATH} (attempt 3)`,
      expect.stringMatching(/failed after/) as unknown
    ])
  })

  it('does not repeat a create whose answer was not the documented JSON, and says a job may exist', async () => {
    emu.fault({ method: 'POST', kind: 'html', status: 201, afterHandling: true })
    const error = await apiError(client.createJob('proj_docs', 'x'))
    expect(emu.count('POST')).toBe(1)
    expect(error.message).toMatch(
      /^Creating the agent job failed: the service's answer \(HTTP 201\) is not the documented JSON: the body is not JSON\. The request was sent, so the service may have created a job anyway/
    )
    expect(error.details).toEqual({ status: 201, transient: true, mayHaveActed: true })
  })

  it('reports a created job without an id as an invalid answer, and says a job may exist', async () => {
    for (const body of ['{"status":"active"}', '{"id":"","status":"active"}', '{"id":null}']) {
      emu.fault({ method: 'POST', kind: 'status', status: 201, body })
      const error = await apiError(client.createJob('proj_docs', 'x'))
      expect(error.message).toBe(
        "Creating the agent job failed: the service's answer (HTTP 201) is not the documented JSON: it has no job id. " +
          'The request was sent, so the service may have created a job anyway. Before running again, look for it among the ' +
          "project's agent jobs in the dashboard; if it is there, watch it with the `jobId` input instead of sending the prompt again."
      )
      expect(error.details).toEqual({ transient: false, mayHaveActed: true })
    }
    expect(emu.count('POST')).toBe(3)
  })
})

describe('waiting between attempts', () => {
  it('waits a backoff that doubles with each attempt, and says so in the debug log', async () => {
    const slow = makeClient({ retry: { maxAttempts: 3, baseMs: 100, capMs: 1000, random: () => 1 } })
    emu.addJob('j1', { finishAfterMs: 0 })
    emu.fault({ method: 'GET', kind: 'status', status: 502, times: 2 })
    await slow.getJob('proj_docs', 'j1')
    expect(debug.filter((line) => line.startsWith('Retrying'))).toEqual([
      'Retrying in 0.1 s (attempt 2 of 3).',
      'Retrying in 0.2 s (attempt 3 of 3).'
    ])
    expect(emu.count('GET')).toBe(3)
  })

  it.each(['0', 'Thu, 01 Jan 2026 00:00:00 GMT'])('waits what Retry-After: %s asks instead of the backoff', async (retryAfter) => {
    const patient = makeClient({ retry: { maxAttempts: 3, baseMs: 60_000, capMs: 60_000, random: () => 1 } })
    emu.addJob('j1', { finishAfterMs: 0 })
    emu.fault({ method: 'GET', kind: 'status', status: 503, retryAfter })
    expect((await patient.getJob('proj_docs', 'j1')).status).toBe('completed')
    expect(debug).toContain('Retrying in 0.0 s (attempt 2 of 3).')
  })

  it('stops retrying when the service asks to wait past the deadline', async () => {
    const short = makeClient({ timeoutMs: 30_000 })
    emu.fault({ method: 'POST', kind: 'status', status: 429, retryAfter: '60' })
    const error = await apiError(short.createJob('proj_docs', 'x'))
    expect(error.message).toBe(
      'Creating the agent job failed: the rate limit was hit (429 Too Many Requests). ' +
        'Creating jobs and sending follow-ups is limited to 100 per project per hour. The service asked to wait 60 s. ' +
        'The service said: "Rate limit exceeded".'
    )
    expect(emu.count('POST')).toBe(1)
    expect(debug.some((line) => line.startsWith('Retrying'))).toBe(false)
  })

  it('gives up when the wait would use up exactly the time left', async () => {
    const frozen = new Lifetime(2000, () => 0)
    const exact = makeClient({ lifetime: frozen })
    emu.fault({ method: 'GET', kind: 'status', status: 503, retryAfter: '2' })
    const error = await apiError(exact.getJob('proj_docs', 'j1'))
    expect(error.details.status).toBe(503)
    expect(emu.count('GET')).toBe(1)
  })

  it('gives up when the backoff is longer than the time left', async () => {
    const frozen = new Lifetime(1000, () => 0)
    const exact = makeClient({ lifetime: frozen, retry: { maxAttempts: 3, baseMs: 1500, capMs: 1500, random: () => 1 } })
    emu.fault({ method: 'GET', kind: 'status', status: 500 })
    await apiError(exact.getJob('proj_docs', 'j1'))
    expect(emu.count('GET')).toBe(1)
  })
})

describe("the run's lifetime", () => {
  it('ends a request in flight with the stop reason when the run is cancelled', async () => {
    emu.addJob('j2', { finishAfterMs: 0 })
    emu.fault({ method: 'GET', kind: 'delay', delayMs: 5000 })
    // Cancelled once the service has the request, long before it answers.
    void expect
      .poll(() => emu.requests.length, { timeout: 10_000, interval: 5 })
      .toBe(1)
      .then(() => {
        lifetime.cancel('SIGINT')
      })
    const error = await client.getJob('proj_docs', 'j2').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StopError)
    expect(error).toBe(lifetime.stopped)
    expect((error as StopError).reason).toBe('cancelled')
    expect(debug).toEqual([`GET ${JOB_PATH}/j2`])
  })

  it('ends the wait between attempts with the stop reason when the run is cancelled', async () => {
    const slow = makeClient({
      retry: { maxAttempts: 3, baseMs: 5000, capMs: 5000, random: () => 1 },
      debug: (line) => {
        debug.push(line)
        if (line.startsWith('Retrying')) lifetime.cancel('SIGTERM')
      }
    })
    emu.fault({ method: 'GET', kind: 'status', status: 500 })
    const error = await slow.getJob('proj_docs', 'j1').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StopError)
    expect((error as StopError).signalName).toBe('SIGTERM')
    expect(emu.count('GET')).toBe(1)
  })

  it('makes no request, and logs none, once the run has stopped', async () => {
    lifetime.cancel('SIGINT')
    const error = await client.getJob('proj_docs', 'j1').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StopError)
    expect(emu.requests).toHaveLength(0)
    expect(debug).toEqual([])
  })

  it('reports the deadline, not a failed request, when it passes during a request', async () => {
    const short = makeClient({ timeoutMs: 100, requestTimeoutMs: 30_000 })
    emu.fault({ method: 'GET', kind: 'hang' })
    const error = await short.getJob('proj_docs', 'j1').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StopError)
    expect((error as StopError).reason).toBe('timeout')
  })
})

describe('a proxy that accepts the connection and never answers its CONNECT', () => {
  // A name only the proxy would see: the client never looks it up itself.
  const REMOTE = 'https://api.docs.test'
  let proxy: Awaited<ReturnType<typeof startSilentProxy>>
  beforeEach(async () => {
    proxy = await startSilentProxy()
    for (const name of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'no_proxy', 'NO_PROXY']) vi.stubEnv(name, '')
    vi.stubEnv('HTTPS_PROXY', proxy.url)
  })
  afterEach(async () => {
    await proxy.close()
  })

  it('ends the request at the deadline, which reads as the deadline', async () => {
    const short = makeClient({ baseUrl: REMOTE, timeoutMs: 300, requestTimeoutMs: 60_000 })
    const error = await short.createJob('proj_docs', 'x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StopError)
    expect((error as StopError).reason).toBe('timeout')
    expect(proxy.accepted()).toBe(1)
  }, 10_000)

  it('gives up on each attempt within the request timeout, and tries maxAttempts times', async () => {
    const own = makeClient({ baseUrl: REMOTE, requestTimeoutMs: 100 })
    const error = await apiError(own.getJob('proj_docs', 'j1'))
    expect(error.message).toBe(`Checking job "j1" failed: no answer within 0.1 s talking to ${REMOTE}.`)
    expect(debug.filter((line) => /^GET \S+( \(attempt \d\))?$/.test(line))).toHaveLength(3)
    expect(proxy.accepted()).toBe(3)
  }, 10_000)
})

describe('a proxy that refuses the connection', () => {
  it('names the proxy variables first, then baseUrl', async () => {
    const port = await closedPort()
    for (const name of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'no_proxy', 'NO_PROXY']) vi.stubEnv(name, '')
    vi.stubEnv('HTTPS_PROXY', `http://127.0.0.1:${port}`)
    const REMOTE = 'https://api.docs.test'
    const error = await apiError(makeClient({ baseUrl: REMOTE, retry: { ...FAST, maxAttempts: 1 } }).getJob('proj_docs', 'j1'))
    expect(error.message).toBe(
      `Checking job "j1" failed: could not connect (ECONNREFUSED) talking to ${REMOTE}. The request went through the proxy that ` +
        'HTTPS_PROXY or HTTP_PROXY names, which refused the connection, or the API behind it did: check those variables and NO_PROXY, ' +
        `then the baseUrl input (${REMOTE}).`
    )
    expect(error.message).not.toContain(String(port))
  })
})

describe('checking answers against the documented JSON', () => {
  const once = (): ApiClient => makeClient({ retry: { ...FAST, maxAttempts: 1 } })

  it.each([
    ['', 'the body is empty'],
    [' \n', 'the body is empty'],
    ['<html>hello</html>', 'the body is not JSON'],
    ['[]', 'Invalid input: expected object, received array'],
    ['{"source":{"ref":5}}', 'source.ref: Invalid input: expected string, received number'],
    [
      '{"id":1,"status":2,"model":3,"prLink":4}',
      'id: Invalid input: expected string, received number; status: Invalid input: expected string, received number; ' +
        'model: Invalid input: expected string, received number'
    ]
  ])('rejects a job of %j, naming the problem', async (body, problem) => {
    emu.fault({ method: 'GET', kind: 'status', status: 200, body })
    const error = await apiError(once().getJob('proj_docs', 'j1'))
    expect(error.message).toBe(`Checking job "j1" failed: the service's answer (HTTP 200) is not the documented JSON: ${problem}.`)
    expect(error.details).toEqual({ status: 200, transient: true, mayHaveActed: false })
  })

  it('rejects a job with fields of the wrong types', async () => {
    emu.fault({ method: 'GET', kind: 'wrongTypes' })
    const error = await apiError(once().getJob('proj_docs', 'j1'))
    expect(error.message).toContain(
      'is not the documented JSON: id: Invalid input: expected string, received number; status: Invalid input: expected string, received array; ' +
        'prLink: Invalid input: expected string, received number.'
    )
  })

  it('rejects a page of visitors with a row of the wrong type, and not for its negative count, which the documents allow', async () => {
    emu.fault({
      path: /visitors/,
      kind: 'status',
      status: 200,
      body: JSON.stringify({
        totals: { human: -1, ai: 0, total: 0 },
        visitors: [{ path: '/a', human: 'x', ai: 0, total: 0 }],
        hasMore: false
      })
    })
    const error = await apiError(once().analytics(VISITORS_ENDPOINT, 'proj_docs', { ...WEEK, offset: 250 }))
    expect(error.message).toBe(
      "Reading visitor analytics (offset 250) failed: the service's answer (HTTP 200) is not the documented JSON: " +
        'visitors.0.human: Invalid input: expected number, received string.'
    )
  })

  const visitorsBody = (rows: string): string => `{"totals":{"human":1,"ai":0,"total":1},"visitors":[${rows}],"hasMore":true}`
  const emptyRows = (n: number): string => Array.from({ length: n }, () => '{}').join(',')
  const goodRows = (n: number): string => Array.from({ length: n }, (_, i) => `{"path":"/p/${i}","human":1,"ai":0,"total":1}`).join(',')

  it.skipIf(mutationTesting)('refuses an answer of more than 500,000 values before parsing it, and says so', async () => {
    emu.fault({ path: /visitors/, kind: 'status', status: 200, body: visitorsBody(emptyRows(MAX_ANSWER_VALUES)) })
    const parse = vi.spyOn(JSON, 'parse')
    const error = await apiError(once().analytics(VISITORS_ENDPOINT, 'proj_docs', WEEK))
    const parsedLarge = parse.mock.calls.some(([text]) => text.length > 1_000_000)
    parse.mockRestore()
    expect(parsedLarge).toBe(false)
    expect(error.message).toBe(
      "Reading visitor analytics (offset 0) failed: the service's answer (HTTP 200) is not the documented JSON: " +
        'the body holds more than 500,000 values, more than any answer of the API.'
    )
  })

  it('reads an answer of values up to its bound, and refuses one value more', async () => {
    // A bound of its own keeps the answer small: five values for each row, and a few for the page.
    const bound = 5000
    const rows = Math.floor(bound / 5) - 2
    const body = visitorsBody(goodRows(rows))
    expect(jsonValues(body, bound)).toBeGreaterThan(bound - 5)
    expect(jsonValues(body, bound)).toBeLessThanOrEqual(bound)
    emu.fault({ path: /visitors/, kind: 'status', status: 200, body })
    const page = await makeClient({ retry: { ...FAST, maxAttempts: 1 }, maxAnswerValues: bound }).analytics(
      VISITORS_ENDPOINT,
      'proj_docs',
      WEEK
    )
    expect(page.visitors).toHaveLength(rows)
    const over = jsonValues(body, bound) - 1
    emu.fault({ path: /visitors/, kind: 'status', status: 200, body })
    const error = await apiError(
      makeClient({ retry: { ...FAST, maxAttempts: 1 }, maxAnswerValues: over }).analytics(VISITORS_ENDPOINT, 'proj_docs', WEEK)
    )
    expect(error.message).toContain(`the body holds more than ${over.toLocaleString('en-US')} values`)
  })

  it('says only that a large answer is wrong, stopping at its first problem', async () => {
    emu.fault({ path: /visitors/, kind: 'status', status: 200, body: visitorsBody(`${goodRows(1000)},${emptyRows(100_000)}`) })
    const safeParse = vi.spyOn(visitorsPageSchema, 'safeParse')
    const error = await apiError(once().analytics(VISITORS_ENDPOINT, 'proj_docs', WEEK))
    expect(safeParse).not.toHaveBeenCalled()
    safeParse.mockRestore()
    expect(error.message).toBe(
      "Reading visitor analytics (offset 0) failed: the service's answer (HTTP 200) is not the documented JSON: " +
        'a value does not have the documented type or a required field is missing.'
    )
  })

  it('names the problems of an answer of up to 2,000 values', async () => {
    // Two values for each empty row.
    const empty = Math.floor((NAMED_PROBLEM_VALUES - jsonValues(visitorsBody(goodRows(300)), NAMED_PROBLEM_VALUES)) / 2)
    const body = visitorsBody(`${goodRows(300)},${emptyRows(empty)}`)
    expect(jsonValues(body, NAMED_PROBLEM_VALUES)).toBeGreaterThan(NAMED_PROBLEM_VALUES - 2)
    expect(jsonValues(body, NAMED_PROBLEM_VALUES)).toBeLessThanOrEqual(NAMED_PROBLEM_VALUES)
    emu.fault({ path: /visitors/, kind: 'status', status: 200, body })
    const error = await apiError(once().analytics(VISITORS_ENDPOINT, 'proj_docs', WEEK))
    expect(error.message).toContain('is not the documented JSON: visitors.300.path: Invalid input: expected string, received undefined;')
  })

  it('does not read the service’s words from an error body of more than 2,000 values', async () => {
    const words = (extra: number): string =>
      `{"error":"Slow down","details":[${Array.from({ length: extra }, () => '{"message":"x"}').join(',')}]}`
    emu.fault({ path: /visitors/, kind: 'status', status: 400, body: words(NAMED_PROBLEM_VALUES) })
    const large = await apiError(once().analytics(VISITORS_ENDPOINT, 'proj_docs', WEEK))
    expect(large.message).not.toContain('Slow down')
    emu.fault({ path: /visitors/, kind: 'status', status: 400, body: words(3) })
    const small = await apiError(once().analytics(VISITORS_ENDPOINT, 'proj_docs', WEEK))
    expect(small.message).toContain('Slow down')
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
    const page = await client.analytics(VISITORS_ENDPOINT, 'proj_docs', WEEK)
    expect(page.totals).toEqual({ human: 1, ai: 2, total: 3 })
  })
})

describe("the service's error text", () => {
  it('quotes the error and its details from analytics', async () => {
    const error = await apiError(client.analytics(VISITORS_ENDPOINT, 'proj_docs', { ...WEEK, limit: 1000, offset: -1 }))
    expect(error.message).toBe(
      'Reading visitor analytics (offset -1) failed: the service rejected the request as invalid (400 Bad Request). ' +
        'The service said: "Invalid query parameters; limit must be an integer from 1 to 250; offset must be an integer of at least 0".'
    )
  })

  it.each([
    ['{"error":"","details":[{"message":"only detail"}]}', ' The service said: "only detail".'],
    ['{"error":"bad","details":"not a list"}', ' The service said: "bad".'],
    ['{}', ''],
    ['{"error":5}', ''],
    ['<html>oops</html>', '']
  ])('from the error body %j, quotes what it can read', async (body, said) => {
    emu.fault({ method: 'GET', kind: 'status', status: 404, body })
    const error = await apiError(client.getJob('proj_docs', 'j1'))
    expect(error.message).toBe(
      `Checking job "j1" failed: job "j1" was not found in project "proj_docs" (404 Not Found). Check \`jobId\` and \`projectId\`.${said}`
    )
  })
})

describe('the debug log', () => {
  it('says each request, its attempt, how it was answered and how long it took', async () => {
    emu.addJob('j1', { finishAfterMs: 0 })
    emu.fault({ method: 'GET', kind: 'status', status: 500 })
    const before = Date.now()
    await client.getJob('proj_docs', 'j1')
    const elapsed = Date.now() - before
    expect(debug).toEqual([
      `GET ${JOB_PATH}/j1`,
      expect.stringMatching(/^GET \/v2\/agent\/proj_docs\/job\/j1 answered 500 in \d+ ms: 33 bytes$/) as unknown,
      'Retrying in 0.0 s (attempt 2 of 3).',
      `GET ${JOB_PATH}/j1 (attempt 2)`,
      expect.stringMatching(/^GET \/v2\/agent\/proj_docs\/job\/j1 answered 200 in \d+ ms: \d+ bytes$/) as unknown
    ])
    for (const line of debug.filter((l) => l.includes(' answered '))) {
      const ms = Number(/ in (\d+) ms/.exec(line)?.[1])
      expect(ms).toBeGreaterThanOrEqual(0)
      expect(ms).toBeLessThanOrEqual(elapsed)
    }
  })

  it('shows the query of a visitors request', async () => {
    await client.analytics(VISITORS_ENDPOINT, 'proj_docs', WEEK)
    expect(debug[0]).toBe('GET /v1/analytics/proj_docs/visitors?dateFrom=2026-11-01&dateTo=2026-11-08&limit=250&offset=0')
  })

  it('says how long a failed exchange took', async () => {
    const port = await closedPort()
    const refused = makeClient({ baseUrl: `http://127.0.0.1:${port}`, retry: { ...FAST, maxAttempts: 1 } })
    const before = Date.now()
    await apiError(refused.getJob('proj_docs', 'j1'))
    const elapsed = Date.now() - before
    const ms = Number(/failed after (\d+) ms/.exec(debug[1] ?? '')?.[1])
    expect(ms).toBeGreaterThanOrEqual(0)
    expect(ms).toBeLessThanOrEqual(elapsed)
  })

  it('shows an answer by its size alone, never its text, which may echo what it was sent', async () => {
    const body = `x\n${'y'.repeat(1000)} m\\u200bi\\u200bn\\u200bt é`
    emu.fault({ method: 'GET', kind: 'status', status: 404, body })
    await apiError(client.getJob('proj_docs', 'j1'))
    const answered = debug.find((line) => line.includes('answered 404')) ?? ''
    expect(answered.replace(/ in \d+ ms/, ' in N ms')).toBe(
      `GET /v2/agent/proj_docs/job/j1 answered 404 in N ms: ${Buffer.byteLength(body)} bytes`
    )
  })
})

describe('keeping the API key secret', () => {
  it('redacts the key from the error text the service sends back', async () => {
    emu.fault({ method: 'GET', kind: 'status', status: 401, body: JSON.stringify({ error: `Invalid key ${KEY} (${KEY})` }) })
    const error = await apiError(client.getJob('proj_docs', 'j1'))
    expect(error.message).toContain('The service said: "Invalid key *** (***)".')
    expect(everythingSaid(error)).not.toContain(KEY)
  })

  it('redacts the key from details, invalid answers and debug lines', async () => {
    emu.fault(
      { method: 'GET', kind: 'status', status: 500, body: JSON.stringify({ error: 'e', details: [{ message: `key ${KEY}` }] }) },
      { method: 'GET', kind: 'status', status: 200, body: `not json ${KEY}` },
      { method: 'GET', kind: 'status', status: 503, body: `<p>${KEY}</p>` }
    )
    const error = await apiError(client.getJob('proj_docs', 'j1'))
    expect(debug.filter((line) => line.includes('answered'))).toHaveLength(3)
    expect(everythingSaid(error)).not.toContain(KEY)
  })

  it('redacts the key from a network error, wherever it appears', async () => {
    const port = await closedPort()
    const odd = makeClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'ECONNREFUSED', retry: { ...FAST, maxAttempts: 1 } })
    const error = await apiError(odd.createJob('proj_docs', 'x'))
    expect(error.message).toBe(
      `Creating the agent job failed: could not connect (***) talking to http://127.0.0.1:${port}. ` +
        `http://127.0.0.1:${port} refused the connection: check the baseUrl input (leave it out for https://api.mintlify.com).`
    )
    expect(everythingSaid(error)).not.toContain('ECONNREFUSED')
  })

  describe('a key with characters that JSON, URLs and base64 change, echoed in those forms', () => {
    // The emulator's faults answer before it checks the key, so any key will do.
    const ODD = 'mint_ab/cd"ef+gh\\ij'
    const forms = [ODD, JSON.stringify(ODD).slice(1, -1), JSON.stringify(ODD).slice(1, -1).replace(/\//g, '\\/'), encodeURIComponent(ODD)]
    const encoded = [Buffer.from(ODD).toString('base64'), Buffer.from(`Bearer ${ODD}`).toString('base64')]

    it.each([
      ['inside JSON', JSON.stringify({ error: `Invalid key ${ODD}` })],
      ['inside JSON, / escaped', JSON.stringify({ error: `Invalid key ${ODD}` }).replace(/\//g, '\\/')],
      ['URL-encoded', `<a href="/login?key=${encodeURIComponent(ODD)}">again</a>`],
      ['base64 of the key', `key=${Buffer.from(ODD).toString('base64')}`],
      [
        'base64 of the Authorization header',
        JSON.stringify({ error: 'denied', details: [{ message: `saw ${Buffer.from(`Bearer ${ODD}`).toString('base64')}` }] })
      ]
    ])('keeps the key %s out of debug lines and errors', async (_form, body) => {
      const own = makeClient({ apiKey: ODD, retry: { ...FAST, maxAttempts: 2 } })
      emu.fault({ method: 'GET', kind: 'status', status: 500, body }, { method: 'GET', kind: 'status', status: 401, body })
      const error = await apiError(own.getJob('proj_docs', 'j1'))
      const said = everythingSaid(error)
      expect(debug.filter((line) => line.includes('answered'))).toHaveLength(2)
      for (const form of [...forms, ...encoded]) expect(said).not.toContain(form)
      expect(said).not.toMatch(/ab.{0,6}cd.{0,6}ef/)
    })

    it('keeps the key out of the values an answer holds', async () => {
      const own = makeClient({ apiKey: ODD })
      emu.fault({ method: 'GET', kind: 'status', status: 200, body: JSON.stringify({ id: 'j1', status: `active ${ODD}`, prLink: null }) })
      const job = await own.getJob('proj_docs', 'j1')
      expect(job.status).toBe('active ***')
    })
  })

  it('never shows the key in any failure of a create', async () => {
    const port = await closedPort()
    const refused = makeClient({ baseUrl: `http://127.0.0.1:${port}` })
    const impatient = makeClient({ requestTimeoutMs: 300 })
    const failures = [await apiError(refused.createJob('proj_docs', 'x'))]
    for (const fault of [
      { kind: 'hang' as const },
      { kind: 'reset' as const },
      { kind: 'truncated' as const },
      { kind: 'status' as const, status: 500 }
    ]) {
      emu.fault({ method: 'POST', ...fault })
      failures.push(await apiError(impatient.createJob('proj_docs', 'x')))
    }
    for (const error of failures) expect(everythingSaid(error)).not.toContain(KEY)
  })
})

describe('closing', () => {
  it('releases its connections', async () => {
    const open = new Set<Socket>()
    const server = createServer((_req, res) => res.end('{"id":"j1","status":"active"}'))
    server.on('connection', (socket) => {
      open.add(socket)
      socket.on('close', () => open.delete(socket))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const own = makeClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
      await own.getJob('p', 'j1')
      expect(open.size).toBe(1)
      await own.close()
      await expect.poll(() => open.size, { timeout: 10_000, interval: 5 }).toBe(0)
    } finally {
      for (const socket of open) socket.destroy()
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve()
        })
      )
    }
  })
})
