// The sentences a user reads when a request to the service fails: one per status and kind of request,
// the service's own words quoted on one line, and the advice after a POST that may have been acted on.
import { describe, expect, it } from 'vitest'
import {
  accessDenialOf,
  ApiError,
  connectAdvice,
  forbiddenAdvice,
  httpStatusMessage,
  invalidResponseMessage,
  mayHaveActedAdvice,
  networkMessage,
  type RequestContext,
  serviceSaid
} from '../../../src/api/errors.js'

const create: RequestContext = { kind: 'create', projectId: 'proj' }
const message: RequestContext = { kind: 'message', projectId: 'proj', jobId: 'j7' }
const get: RequestContext = { kind: 'get', projectId: 'proj', jobId: 'j9' }
const visitors: RequestContext = { kind: 'analytics', reads: 'visitor analytics', projectId: 'proj', offset: 500 }

describe('what each kind of request is called', () => {
  it('names the request, with the job id or the page offset it concerns', () => {
    expect(networkMessage(create, 'boom')).toBe('Creating the agent job failed: boom.')
    expect(networkMessage(message, 'boom')).toBe('Sending the follow-up message to job "j7" failed: boom.')
    expect(networkMessage(get, 'boom')).toBe('Checking job "j9" failed: boom.')
    expect(networkMessage(visitors, 'boom')).toBe('Reading visitor analytics (offset 500) failed: boom.')
  })

  it('reads a missing job id as empty, names the first page by its offset, and leaves a missing offset or read unnamed', () => {
    expect(networkMessage({ kind: 'message', projectId: 'p' }, 'x')).toBe('Sending the follow-up message to job "" failed: x.')
    expect(networkMessage({ kind: 'get', projectId: 'p' }, 'x')).toBe('Checking job "" failed: x.')
    expect(networkMessage({ kind: 'analytics', reads: 'visitor analytics', projectId: 'p', offset: 0 }, 'x')).toBe(
      'Reading visitor analytics (offset 0) failed: x.'
    )
    expect(networkMessage({ kind: 'analytics', reads: 'visitor analytics', projectId: 'p' }, 'x')).toBe(
      'Reading visitor analytics failed: x.'
    )
    expect(networkMessage({ kind: 'analytics', projectId: 'p' }, 'x')).toBe('Reading analytics failed: x.')
  })

  it('puts a job id from the service on one short line', () => {
    const text = networkMessage({ kind: 'get', projectId: 'p', jobId: `a\n::error::b${'c'.repeat(200)}` }, 'x')
    expect(text).toBe(`Checking job "a ::error::b${'c'.repeat(87)}…" failed: x.`)
  })
})

describe('the analytics requests', () => {
  const named: [RequestContext, string][] = [
    [{ kind: 'analytics', reads: 'visitor analytics', projectId: 'p', offset: 0 }, 'Reading visitor analytics (offset 0)'],
    [{ kind: 'analytics', reads: 'page views', projectId: 'p', offset: 250 }, 'Reading page views (offset 250)'],
    [{ kind: 'analytics', reads: 'page views', projectId: 'p', offset: 0 }, 'Reading page views (offset 0)'],
    [{ kind: 'analytics', reads: 'searches', projectId: 'p' }, 'Reading searches'],
    [{ kind: 'analytics', reads: 'feedback', projectId: 'p' }, 'Reading feedback'],
    [{ kind: 'analytics', reads: 'feedback by page', projectId: 'p' }, 'Reading feedback by page'],
    [{ kind: 'analytics', reads: 'assistant questions', projectId: 'p' }, 'Reading assistant questions'],
    [{ kind: 'analytics', reads: 'assistant caller stats', projectId: 'p' }, 'Reading assistant caller stats']
  ]

  it.each(named)('names what was being read: %j', (ctx, what) => {
    expect(networkMessage(ctx, 'boom')).toBe(`${what} failed: boom.`)
    expect(invalidResponseMessage(ctx, 200, 'x: y')).toBe(
      `${what} failed: the service's answer (HTTP 200) is not the documented JSON: x: y.`
    )
  })

  it('treats only analytics requests as analytics: their rate limit, scope and 404', () => {
    const analyticsLimit = 'Analytics allow 100 requests per organization per hour'
    expect(httpStatusMessage(visitors, 429)).toContain(analyticsLimit)
    for (const ctx of [create, message, get]) {
      expect(httpStatusMessage(ctx, 429)).not.toContain(analyticsLimit)
      expect(httpStatusMessage(ctx, 429)).toContain('Creating jobs and sending follow-ups is limited to 100 per project per hour.')
    }
    expect(httpStatusMessage(visitors, 403)).toContain('(`read`)')
    expect(httpStatusMessage(message, 403)).toContain('(`write`)')
    expect(httpStatusMessage(visitors, 404)).toContain('project "proj" was not found')
    expect(httpStatusMessage(get, 404)).toContain('job "j9" was not found in project "proj"')
  })

  it.each(named)('names the shared limit on a 429, asks for the read scope on a 403 and blames the project on a 404: %j', (ctx, what) => {
    expect(httpStatusMessage(ctx, 429)).toBe(
      `${what} failed: the rate limit was hit (429 Too Many Requests). ` +
        'Analytics allow 100 requests per organization per hour, shared by all analytics endpoints.'
    )
    expect(httpStatusMessage(ctx, 403)).toBe(
      `${what} failed: access denied (403 Forbidden). Most likely the key and project "p" do not belong together: ` +
        'an admin key works only for the projects of its own organization, so check that `projectId` is the one shown on the API keys page ' +
        'of the organization the key was created in. Otherwise the key may lack the scope this call needs (`read`), ' +
        "the runner's IP address may be outside the key's IP allowlist, or the organization's plan may not include API access (Pro or Enterprise)."
    )
    expect(httpStatusMessage(ctx, 404, 'Project not found')).toBe(
      `${what} failed: project "p" was not found (404 Not Found). Check \`projectId\`. The service said: "Project not found".`
    )
  })
})

describe('httpStatusMessage', () => {
  it('says a 400 was rejected as invalid', () => {
    expect(httpStatusMessage(create, 400)).toBe(
      'Creating the agent job failed: the service rejected the request as invalid (400 Bad Request).'
    )
  })

  it('says a 401 means the key is wrong and how to get a new one', () => {
    expect(httpStatusMessage(get, 401)).toBe(
      'Checking job "j9" failed: the service rejected the API key (401 Unauthorized). The key in `apiKey` is wrong, revoked or expired; ' +
        'create an admin key on the API keys page of the dashboard and pass it from a secret.'
    )
  })

  it('names the project first on a 403, then the scope each request needs, the IP allowlist and the plan', () => {
    expect(httpStatusMessage(create, 403)).toBe(
      'Creating the agent job failed: access denied (403 Forbidden). Most likely the key and project "proj" do not belong together: ' +
        'an admin key works only for the projects of its own organization, so check that `projectId` is the one shown on the API keys page ' +
        'of the organization the key was created in. Otherwise the key may lack the scope this call needs (`write`), ' +
        "the runner's IP address may be outside the key's IP allowlist, or the organization's plan may not include API access (Pro or Enterprise)."
    )
    expect(httpStatusMessage(message, 403)).toContain('(`write`)')
    expect(httpStatusMessage(get, 403)).toContain('(`read`)')
    expect(httpStatusMessage(visitors, 403)).toContain('(`read`)')
  })

  it("puts the service's reason first on a 403, and leads with the cause it names", () => {
    expect(httpStatusMessage(create, 403, 'API key is missing the write scope')).toBe(
      'Creating the agent job failed: access denied (403 Forbidden). The service said: "API key is missing the write scope". ' +
        'Most likely the key lacks the scope this call needs (`write`). Otherwise the key and project "proj" may not belong together: ' +
        'an admin key works only for the projects of its own organization, so check that `projectId` is the one shown on the API keys page ' +
        "of the organization the key was created in, the runner's IP address may be outside the key's IP allowlist, or the organization's plan may not include API access (Pro or Enterprise)."
    )
    expect(httpStatusMessage(visitors, 403, 'Request IP not in allowlist')).toContain("Most likely the runner's IP address is outside")
    expect(httpStatusMessage(visitors, 403, 'Your plan does not include API access')).toContain("Most likely the organization's plan")
    expect(httpStatusMessage(visitors, 403, 'API key has no access to this project')).toContain(
      'Most likely the key and project "proj" do not belong together'
    )
  })

  it('gives the advice of a 403 on its own, for the scope asked and the reason given', () => {
    expect(forbiddenAdvice('p', 'read')).toBe(
      'Most likely the key and project "p" do not belong together: an admin key works only for the projects of its own organization, ' +
        'so check that `projectId` is the one shown on the API keys page of the organization the key was created in. Otherwise the key ' +
        "may lack the scope this call needs (`read`), the runner's IP address may be outside the key's IP allowlist, or the organization's " +
        'plan may not include API access (Pro or Enterprise).'
    )
    expect(forbiddenAdvice('p', 'write', 'missing scope')).toMatch(
      /^Most likely the key lacks the scope this call needs \(`write`\)\. Otherwise/
    )
  })

  it('finds the denial a 403 carries, and none on any other failure', () => {
    const denial = { projectId: 'p', reason: 'No access' }
    expect(accessDenialOf(new ApiError('403', { status: 403, transient: false, denial }))).toEqual(denial)
    expect(accessDenialOf(new ApiError('401', { status: 401, transient: false }))).toBeUndefined()
    expect(accessDenialOf(Object.assign(new Error('403'), { details: { denial } }))).toBeUndefined()
    expect(accessDenialOf(undefined)).toBeUndefined()
  })

  it('blames the project on a 404 for create and visitors, and the job for message and get', () => {
    expect(httpStatusMessage(create, 404)).toBe(
      'Creating the agent job failed: project "proj" was not found (404 Not Found). Check `projectId`.'
    )
    expect(httpStatusMessage(visitors, 404)).toBe(
      'Reading visitor analytics (offset 500) failed: project "proj" was not found (404 Not Found). Check `projectId`.'
    )
    expect(httpStatusMessage(get, 404)).toBe(
      'Checking job "j9" failed: job "j9" was not found in project "proj" (404 Not Found). Check `jobId` and `projectId`.'
    )
    expect(httpStatusMessage(message, 404)).toBe(
      'Sending the follow-up message to job "j7" failed: job "j7" was not found in project "proj" (404 Not Found). ' +
        'Check `jobId` and `projectId`.'
    )
    expect(httpStatusMessage({ kind: 'get', projectId: 'proj' }, 404)).toContain('job "" was not found in project "proj"')
  })

  it('keeps project and job ids from the input on one line', () => {
    expect(httpStatusMessage({ kind: 'create', projectId: 'p\n::warning::x' }, 404)).toContain('project "p ::warning::x" was not found')
  })

  it('names the rate limit of the agent API on a 429, and the wait asked for, rounded up', () => {
    expect(httpStatusMessage(create, 429)).toBe(
      'Creating the agent job failed: the rate limit was hit (429 Too Many Requests). ' +
        'Creating jobs and sending follow-ups is limited to 100 per project per hour.'
    )
    expect(httpStatusMessage(message, 429, undefined, 30_500)).toBe(
      'Sending the follow-up message to job "j7" failed: the rate limit was hit (429 Too Many Requests). ' +
        'Creating jobs and sending follow-ups is limited to 100 per project per hour. The service asked to wait 31 s.'
    )
    expect(httpStatusMessage(get, 429, undefined, 0)).toContain('The service asked to wait 0 s.')
  })

  it('names the shared analytics rate limit on a 429 for visitors', () => {
    expect(httpStatusMessage(visitors, 429, undefined, 60_000)).toBe(
      'Reading visitor analytics (offset 500) failed: the rate limit was hit (429 Too Many Requests). ' +
        'Analytics allow 100 requests per organization per hour, shared by all analytics endpoints. The service asked to wait 60 s.'
    )
  })

  it('calls every 5xx a service error and any other status by its number', () => {
    expect(httpStatusMessage(get, 500)).toBe('Checking job "j9" failed: the service had an error (HTTP 500).')
    expect(httpStatusMessage(create, 503)).toBe('Creating the agent job failed: the service had an error (HTTP 503).')
    expect(httpStatusMessage(get, 499)).toBe('Checking job "j9" failed with HTTP 499.')
    expect(httpStatusMessage(visitors, 302)).toBe('Reading visitor analytics (offset 500) failed with HTTP 302.')
  })

  it("adds the service's error text on one line", () => {
    expect(httpStatusMessage(get, 502, 'upstream\n::error::boom')).toBe(
      'Checking job "j9" failed: the service had an error (HTTP 502). The service said: "upstream ::error::boom".'
    )
    expect(httpStatusMessage(create, 400, 'prompt is required')).toBe(
      'Creating the agent job failed: the service rejected the request as invalid (400 Bad Request). ' +
        'The service said: "prompt is required".'
    )
  })
})

describe('serviceSaid', () => {
  it('adds nothing when the service said nothing', () => {
    expect(serviceSaid(undefined)).toBe('')
    expect(serviceSaid('')).toBe('')
  })

  it('quotes the text on one line, cut at 300 characters', () => {
    expect(serviceSaid('a\r\nb')).toBe(' The service said: "a b".')
    expect(serviceSaid('x'.repeat(400))).toBe(` The service said: "${'x'.repeat(299)}…".`)
  })
})

describe('invalidResponseMessage', () => {
  it('says which answer was not the documented JSON and why', () => {
    expect(invalidResponseMessage(get, 200, 'status: expected string')).toBe(
      'Checking job "j9" failed: the service\'s answer (HTTP 200) is not the documented JSON: status: expected string.'
    )
  })
})

describe('mayHaveActedAdvice', () => {
  it('says how to find a job that may have been created', () => {
    expect(mayHaveActedAdvice(create)).toBe(
      ' The request was sent, so the service may have created a job anyway. Before running again, look for it among the ' +
        "project's agent jobs in the dashboard; if it is there, watch it with the `jobId` input instead of sending the prompt again."
    )
  })

  it('says to check the job before sending a follow-up again', () => {
    expect(mayHaveActedAdvice(message)).toBe(
      ' The request was sent, so the service may have received the message anyway. Check the job in the dashboard before sending it again.'
    )
  })
})

describe('ApiError', () => {
  it('is named ApiError and carries what the caller needs to decide', () => {
    const error = new ApiError('Checking job "j9" failed.', { status: 500, transient: true })
    expect(error).toBeInstanceOf(Error)
    expect(String(error)).toBe('ApiError: Checking job "j9" failed.')
    expect(error.details).toEqual({ status: 500, transient: true })
  })
})

describe('connectAdvice', () => {
  const origin = 'https://api.mintlfy.com'

  it('sends a refused connection or a name not found to the baseUrl input', () => {
    expect(connectAdvice('ECONNREFUSED', 'http://127.0.0.2:9', false)).toBe(
      ' http://127.0.0.2:9 refused the connection: check the baseUrl input (leave it out for https://api.mintlify.com).'
    )
    for (const code of ['ENOTFOUND', 'EAI_AGAIN'])
      expect(connectAdvice(code, origin, false)).toBe(
        ` ${origin} could not be found by name: check the baseUrl input (leave it out for https://api.mintlify.com).`
      )
  })

  it('names the proxy variables first when the request went through a proxy', () => {
    expect(connectAdvice('ENOTFOUND', origin, true)).toBe(
      ' The request went through the proxy that HTTPS_PROXY or HTTP_PROXY names, which could not be found by name, or the API behind ' +
        `it did: check those variables and NO_PROXY, then the baseUrl input (${origin}).`
    )
  })

  it('gives no advice for failures the input cannot explain', () => {
    for (const code of [undefined, 'ECONNRESET', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET'])
      expect(connectAdvice(code, origin, false)).toBe('')
  })
})
