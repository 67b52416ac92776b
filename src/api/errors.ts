// Failures of a request to the service, and the sentences a user can act on.
import { logText } from '../text/escape.js'

/**
 * What a request does: create a job, send it a follow-up, check it, or read analytics (all GET, all
 * with the `read` scope, all sharing one rate limit).
 */
export type RequestKind = 'create' | 'message' | 'get' | 'analytics'

export interface RequestContext {
  kind: RequestKind
  projectId: string
  jobId?: string
  /** For analytics: what is read, for people ("page views"). */
  reads?: string
  /** For offset paging: the offset of the page asked for. */
  offset?: number
}

export interface ApiErrorDetails {
  /** HTTP status, when the service answered. */
  status?: number
  /** Worth retrying: the same request may succeed later. */
  transient: boolean
  /** A POST that may have been acted on although it failed (sent, then timed out or answered 5xx). */
  mayHaveActed?: boolean
  /** The request surely never reached the service (no connection could be made). */
  neverSent?: boolean
  /** A 403: the project the service denied access to, and its reason when it gave one that may be shown. */
  denial?: AccessDenial
}

/** The service denying access (403) to a project: the same for every request the key makes to it. */
export interface AccessDenial {
  projectId: string
  /** The service's own words, when it gave some and they may be shown. */
  reason?: string
}

export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    message: string,
    readonly details: ApiErrorDetails
  ) {
    super(message)
  }
}

/** Whether `error` is the service refusing the API key (401): the same for every request the key makes. */
export function isKeyRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.details.status === 401
}

/** The access the service denied (403), when `error` is such a denial. */
export function accessDenialOf(error: unknown): AccessDenial | undefined {
  return error instanceof ApiError ? error.details.denial : undefined
}

/** What to do about a refused key, the same whatever the request was. */
export const KEY_REFUSED_ADVICE =
  'The key in `apiKey` is wrong, revoked or expired; create an admin key on the API keys page of the dashboard and pass it from a secret.'

function action(ctx: RequestContext): string {
  switch (ctx.kind) {
    case 'create':
      return 'Creating the agent job'
    case 'message':
      return `Sending the follow-up message to job "${logText(ctx.jobId ?? '', 100)}"`
    case 'get':
      return `Checking job "${logText(ctx.jobId ?? '', 100)}"`
    case 'analytics':
      return `Reading ${ctx.reads ?? 'analytics'}${ctx.offset === undefined ? '' : ` (offset ${ctx.offset})`}`
  }
}

/** What the service's own error text adds, quoted and on one line. */
export function serviceSaid(serviceText: string | undefined): string {
  return serviceText ? ` The service said: "${logText(serviceText, 300)}".` : ''
}

/**
 * What to check when the service denies access (403) to `projectId` for a request that needs `scope`:
 * the likeliest cause first, then the others. The service's reason comes before it in a message, so
 * that the log's last line keeps it. The likeliest cause is the one the reason names, else the key and
 * the project not belonging together (scopes and an IP allowlist are options someone chose when
 * creating the key, while a project ID copied from another organization is the mistake anyone can make).
 */
export function forbiddenAdvice(projectId: string, scope: 'read' | 'write', serviceText?: string): string {
  const project = logText(projectId, 100)
  const causes = [
    {
      named: /scope|permission/i,
      text: `the key may lack the scope this call needs (\`${scope}\`)`,
      lead: `the key lacks the scope this call needs (\`${scope}\`)`
    },
    {
      named: /\bip\b|allow ?list/i,
      text: "the runner's IP address may be outside the key's IP allowlist",
      lead: "the runner's IP address is outside the key's IP allowlist"
    },
    {
      named: /plan|subscription|upgrade/i,
      text: "the organization's plan may not include API access (Pro or Enterprise)",
      lead: "the organization's plan does not include API access (Pro or Enterprise)"
    }
  ]
  const named = causes.find((cause) => serviceText !== undefined && cause.named.test(serviceText))
  const mismatch = (verb: string): string =>
    `the key and project "${project}" ${verb} belong together: an admin key works only for the projects of its own organization, ` +
    'so check that `projectId` is the one shown on the API keys page of the organization the key was created in'
  const likeliest = named ? named.lead : mismatch('do not')
  const others = [...(named ? [mismatch('may not')] : []), ...causes.filter((cause) => cause !== named).map((cause) => cause.text)]
  // Two causes or more are left: every cause but the named one, and the mismatch when one is named.
  return `Most likely ${likeliest}. Otherwise ${others.slice(0, -1).join(', ')}, or ${others.at(-1) as string}.`
}

export function httpStatusMessage(ctx: RequestContext, status: number, serviceText?: string, retryAfterMs?: number): string {
  const what = action(ctx)
  const project = logText(ctx.projectId, 100)
  const analytics = ctx.kind === 'analytics'
  let sentence: string
  switch (status) {
    case 400:
      sentence = `${what} failed: the service rejected the request as invalid (400 Bad Request).`
      break
    case 401:
      sentence = `${what} failed: the service rejected the API key (401 Unauthorized). ${KEY_REFUSED_ADVICE}`
      break
    case 403: {
      const reason = serviceText ? ` The service said: "${logText(serviceText, 300)}".` : ''
      return `${what} failed: access denied (403 Forbidden).${reason} ${forbiddenAdvice(ctx.projectId, analytics || ctx.kind === 'get' ? 'read' : 'write', serviceText)}`
    }
    case 404:
      sentence =
        analytics || ctx.kind === 'create'
          ? `${what} failed: project "${project}" was not found (404 Not Found). Check \`projectId\`.`
          : `${what} failed: job "${logText(ctx.jobId ?? '', 100)}" was not found in project "${project}" (404 Not Found). Check \`jobId\` and \`projectId\`.`
      break
    case 429:
      sentence =
        `${what} failed: the rate limit was hit (429 Too Many Requests). ` +
        (analytics
          ? 'Analytics allow 100 requests per organization per hour, shared by all analytics endpoints.'
          : 'Creating jobs and sending follow-ups is limited to 100 per project per hour.') +
        (retryAfterMs !== undefined ? ` The service asked to wait ${Math.ceil(retryAfterMs / 1000)} s.` : '')
      break
    default:
      sentence = status >= 500 ? `${what} failed: the service had an error (HTTP ${status}).` : `${what} failed with HTTP ${status}.`
  }
  return sentence + serviceSaid(serviceText)
}

export function networkMessage(ctx: RequestContext, cause: string): string {
  return `${action(ctx)} failed: ${cause}.`
}

/** Codes of a connection refused, and of a name that could not be looked up. */
const REFUSED = 'ECONNREFUSED'
const NAME_NOT_FOUND: ReadonlySet<string> = new Set(['ENOTFOUND', 'EAI_AGAIN'])

/**
 * What to check when no connection could be made: the `baseUrl` input for a refused connection or a
 * name not found, and the proxy variables first when the request went through a proxy. Nothing for
 * other failures, which the input cannot explain.
 */
export function connectAdvice(code: string | undefined, origin: string, viaProxy: boolean): string {
  if (code === undefined || (code !== REFUSED && !NAME_NOT_FOUND.has(code))) return ''
  const what = code === REFUSED ? 'refused the connection' : 'could not be found by name'
  if (viaProxy)
    return ` The request went through the proxy that HTTPS_PROXY or HTTP_PROXY names, which ${what}, or the API behind it did: check those variables and NO_PROXY, then the baseUrl input (${origin}).`
  return ` ${origin} ${what}: check the baseUrl input (leave it out for https://api.mintlify.com).`
}

export function invalidResponseMessage(ctx: RequestContext, status: number, problem: string): string {
  return `${action(ctx)} failed: the service's answer (HTTP ${status}) is not the documented JSON: ${problem}.`
}

/** Added to the message of a POST that may have reached the service before it failed. */
export function mayHaveActedAdvice(ctx: RequestContext): string {
  return ctx.kind === 'create'
    ? ' The request was sent, so the service may have created a job anyway. Before running again, look for it among the ' +
        "project's agent jobs in the dashboard; if it is there, watch it with the `jobId` input instead of sending the prompt again."
    : ' The request was sent, so the service may have received the message anyway. Check the job in the dashboard before sending it again.'
}
