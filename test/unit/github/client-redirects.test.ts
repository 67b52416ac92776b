// The redirects the GitHub client follows (apiOnlyFetch), in process through a scripted fetch: only
// within the API's origin, at most five in a row, a write's only when it keeps its method (307, 308);
// any other fails as a network failure would, after one request. 304 and the other answers pass as
// they are.
import { describe, expect, it } from 'vitest'
import { apiOnlyFetch } from '../../../src/github/client.js'

const API = 'http://127.0.0.1:1/api/v3'

interface Call {
  url: string
  method?: string
  body?: unknown
  redirect?: RequestInit['redirect']
}

/** A fetch that answers each call with the next of `answers` (the last one again once they run out), and records the calls. */
function scripted(answers: (() => Response)[]) {
  const calls: Call[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    calls.push({
      url: input instanceof Request ? input.url : String(input),
      method: init?.method,
      body: init?.body,
      redirect: init?.redirect
    })
    const answer = answers[Math.min(calls.length, answers.length) - 1] as () => Response
    return Promise.resolve(answer())
  }
  return { fetch: apiOnlyFetch(fetch, API), calls }
}

const moved =
  (status: number, location?: string, body: string | null = null) =>
  () =>
    new Response(body, { status, headers: location === undefined ? {} : { location } })
const ok = () => new Response('{}', { status: 200 })

/** What a call rejects with. */
async function refusal(call: Promise<unknown>): Promise<TypeError & { cause?: Error }> {
  try {
    await call
  } catch (error) {
    return error as TypeError & { cause?: Error }
  }
  throw new Error('the call did not fail')
}

describe('a redirect', () => {
  it('of a read within the API is followed, whatever its status, and each request is sent with redirects left to it', async () => {
    for (const status of [300, 301, 302, 303, 307, 308, 399]) {
      const { fetch, calls } = scripted([moved(status, '/api/v3/moved', 'moved here'), ok])
      const answer = await fetch(`${API}/repos/acme/docs`, { method: 'GET' })
      expect(answer.status).toBe(200)
      expect(calls.map((c) => c.url)).toEqual([`${API}/repos/acme/docs`, `${API}/moved`])
      expect(calls.every((c) => c.redirect === 'manual')).toBe(true)
    }
  })

  it('of a request given no options, or a HEAD, is followed as a read', async () => {
    const bare = scripted([moved(302, `${API}/next`), ok])
    expect((await bare.fetch(`${API}/first`)).status).toBe(200)
    expect(bare.calls.map((c) => c.url)).toEqual([`${API}/first`, `${API}/next`])
    const head = scripted([moved(301, `${API}/next`), ok])
    expect((await head.fetch(`${API}/first`, { method: 'head' })).status).toBe(200)
    expect(head.calls.map((c) => c.method)).toEqual(['head', 'head'])
  })

  it('of a write that keeps its method and body (307, 308) is followed with both', async () => {
    for (const status of [307, 308]) {
      const { fetch, calls } = scripted([moved(status, `${API}/again`), ok])
      expect((await fetch(`${API}/issues`, { method: 'POST', body: '{"title":"x"}' })).status).toBe(200)
      expect(calls.map((c) => [c.url, c.method, c.body])).toEqual([
        [`${API}/issues`, 'POST', '{"title":"x"}'],
        [`${API}/again`, 'POST', '{"title":"x"}']
      ])
    }
  })

  it('of a write that would change its method (301, 302, 303) fails as a network failure, and nothing more is sent', async () => {
    for (const status of [301, 302, 303]) {
      const { fetch, calls } = scripted([moved(status, `${API}/again`), ok])
      const error = await refusal(fetch(`${API}/issues`, { method: 'PATCH', body: '{}' }))
      expect(error).toBeInstanceOf(TypeError)
      expect(error.message).toBe('fetch failed')
      expect(error.cause?.message).toBe(`GitHub answered HTTP ${status} with a redirect that is not followed`)
      expect(calls).toHaveLength(1)
    }
  })

  it('to another origin, or with no Location, or one that is no URL, is not followed', async () => {
    for (const location of ['http://127.0.0.1:2/api/v3/moved', 'https://127.0.0.1:1/api/v3/moved', undefined, 'http://[::1']) {
      const { fetch, calls } = scripted([moved(302, location), ok])
      const error = await refusal(fetch(`${API}/repos/acme/docs`, { method: 'GET' }))
      expect(error.cause?.message).toBe('GitHub answered HTTP 302 with a redirect that is not followed')
      expect(calls).toHaveLength(1)
    }
  })

  it('looping within the API is followed five times, then fails', async () => {
    const { fetch, calls } = scripted([...Array.from({ length: 7 }, () => moved(302, `${API}/loop`)), ok])
    const error = await refusal(fetch(`${API}/loop`, { method: 'GET' }))
    expect(error.cause?.message).toBe('GitHub answered HTTP 302 with a redirect that is not followed')
    expect(calls).toHaveLength(6)
    const five = scripted([...Array.from({ length: 5 }, () => moved(302, `${API}/loop`)), ok])
    expect((await five.fetch(`${API}/loop`, { method: 'GET' })).status).toBe(200)
    expect(five.calls).toHaveLength(6)
  })

  it('is not taken for one in a 304, nor in any answer outside 3xx', async () => {
    for (const status of [200, 201, 304, 400, 404, 500]) {
      const { fetch, calls } = scripted([moved(status, `${API}/moved`), ok])
      expect((await fetch(`${API}/repos/acme/docs`, { method: 'GET' })).status).toBe(status)
      expect(calls).toHaveLength(1)
    }
  })
})
