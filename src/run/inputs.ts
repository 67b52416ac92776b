// The action's inputs, read once and validated into one typed object before any request is made.
import { isIPv4 } from 'node:net'
import { z } from 'zod'
import { FAIL_ON_WORDS, type FailOn } from '../agent/outcome.js'
import { CHANGE_EVENTS, isChangeEvent } from '../change/change.js'
import { MIN_CONTEXT_BYTES } from '../change/context.js'
import { InputError } from '../core/input-error.js'
import { type AlertRule, parseAlertRules } from '../report/alerts.js'
import { parseDate, shiftDays } from '../text/dates.js'
import { HEADLINE_SECTIONS, SECTION_NAMES, type SectionName, UNCOMPARED_HEADLINES } from './sections.js'

export const READER_TEXT_WORDS = ['auto', 'show', 'hide'] as const
export type ReaderTextSetting = (typeof READER_TEXT_WORDS)[number]

export interface Inputs {
  apiKey: string
  projectId: string
  prompt?: string
  jobId?: string
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  failOn: ReadonlySet<FailOn>
  /** `failOn` includes alert: a rule of `alerts` that fires fails the step. */
  failOnAlert: boolean
  /** Rules over the report's headline numbers; none unless `alerts` is set. */
  alerts: AlertRule[]
  baseUrl: string
  /** The analytics sections to read, when asked for. */
  analytics?: AnalyticsInputs
  /** Comment on the triggering issue or pull request, when asked for. */
  comment?: { token: string }
  /** Keep the docs health issue of the repository and project, when asked for. */
  dashboard?: { token: string; title: string }
  /** Append the change that triggered the run to the prompt, within this many bytes. */
  changeContext?: { maxBytes: number }
  /** Record the job in a "Docs agent" check run on the triggering commit. */
  check: boolean
  /** Read a follow-up for the agent's job from the comment that triggered the run (no prompt, no jobId, an issue_comment event). */
  followUp: boolean
  /** The word that starts a follow-up comment on the agent's pull request. */
  command: string
  /** The workflow's token, for the change, the check run, the comments and the agent's pull request; '' when not given. */
  githubToken: string
  /** Warnings about the inputs that do not stop the run (a deprecated input, say). */
  warnings: string[]
}

export interface AnalyticsInputs {
  /** Sent as the API's dateFrom (inclusive). */
  dateFrom: string
  /** Sent as the API's dateTo (exclusive). */
  dateTo: string
  topPages: number
  /** The most analytics requests the run may make, all sections and the comparison together. */
  maxRequests: number
  /** Also read the totals of the period of the same length just before the range. */
  compare: boolean
  /** The sections to read, in report order. */
  sections: readonly SectionName[]
  /** Whether the text readers typed may be shown; `auto` is decided from the event payload. */
  readerText: ReaderTextSetting
}

/**
 * Defaults as action.yml declares them; applied here too, for runs outside the runner. maxRequests
 * alone has no default in action.yml, so that the run can tell whether it was set (maxPages, which
 * it replaces, counts only when it was not).
 */
export const INPUT_DEFAULTS = {
  wait: 'true',
  timeoutMinutes: '30',
  pollIntervalSeconds: '10',
  failOn: 'failed',
  baseUrl: 'https://api.mintlify.com',
  analytics: 'false',
  topPages: '10',
  maxRequests: '40',
  compare: 'previous',
  readerText: 'auto',
  comment: 'false',
  dashboard: 'false',
  dashboardTitle: 'Docs health',
  context: 'none',
  contextBytes: '24000',
  check: 'false',
  command: '/docs'
} as const

const INPUT_NAMES = [
  'apiKey',
  'projectId',
  'prompt',
  'jobId',
  'dateFrom',
  'dateTo',
  'githubToken',
  'maxPages',
  'alerts',
  ...Object.keys(INPUT_DEFAULTS)
] as const
type InputName = (typeof INPUT_NAMES)[number]

const MAX_TIMEOUT_MINUTES = 7200 // five days, the longest a self-hosted runner job may last

function shown(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 59)}…` : value)
}

// `abort`: an empty value gets only this message, not also those of the checks that follow.
const nonEmpty = (error: string) => z.string().min(1, { error, abort: true })
const required = (what: string) => nonEmpty(`is required: ${what}`)

/** `.`, `..` and control characters would change the URL the value is a segment of. */
// eslint-disable-next-line no-control-regex -- a path segment must not hold control characters
const isPathSegment = (v: string): boolean => v !== '.' && v !== '..' && !/[\u0000-\u001f\u007f]/.test(v)

const pathSegment = (what: string) =>
  required(what).refine(isPathSegment, { error: (issue) => `must be ${what}, not ${shown(String(issue.input))}` })

/** A host on this machine: localhost, 127.0.0.0/8 (URL writes IPv4 addresses in full) or [::1]. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || (isIPv4(hostname) && hostname.startsWith('127.')) || hostname === '[::1]'
}

const PROJECT_ID = 'the project ID shown on the API keys page of the dashboard'

/** What is wrong with a project ID, if anything; the commonest mistakes (a repository name, a URL, spaces) by name. */
function projectIdProblem(v: string): string | undefined {
  if (v.includes('/')) return `must be ${PROJECT_ID}, not ${v.includes('://') ? 'a URL' : 'a repository name'} like ${shown(v)}`
  if (!isPathSegment(v)) return `must be ${PROJECT_ID}, not ${shown(v)}`
  if (/\s/.test(v)) return `must be ${PROJECT_ID}; ${shown(v)} holds spaces, and a project ID has none`
  return undefined
}

const projectId = required(PROJECT_ID).refine((v) => projectIdProblem(v) === undefined, {
  error: (issue) => projectIdProblem(String(issue.input))
})

const EMPTY_KEY =
  'is empty: the secret passed to it is empty or was not passed (for example `${{ secrets.MINTLIFY_API_KEY }}` with no such secret, ' +
  'or a workflow run for a pull request from a fork, which gets no secrets)'

// Every value arrives trimmed (readInputs), so a prompt of only spaces is empty here.
const optionalText = z.string().transform((v) => (v === '' ? undefined : v))

const boolean = z.string().transform((v, ctx) => {
  if (/^(true|True|TRUE)$/.test(v)) return true
  if (/^(false|False|FALSE)$/.test(v)) return false
  ctx.addIssue(`must be true or false, not ${shown(v)}`)
  return z.NEVER
})

const decimal = (unit: string, min: number, max: number, example: string) =>
  z.string().transform((v, ctx) => {
    const n = /^(\d+(\.\d*)?|\.\d+)$/.test(v) ? Number(v) : NaN
    if (!(n >= min && n <= max) || n === 0) {
      const low = min === 0 ? 'greater than 0' : `at least ${min}`
      ctx.addIssue(`must be a number of ${unit} ${low} and at most ${max}, such as ${example}; got ${shown(v)}`)
      return z.NEVER
    }
    return n
  })

const integer = (min: number, max: number, what: string) =>
  z.string().transform((v, ctx) => {
    const n = /^\d+$/.test(v) ? Number(v) : NaN
    if (!(n >= min && n <= max)) {
      ctx.addIssue(`must be a whole number from ${min} to ${max} (${what}); got ${shown(v)}`)
      return z.NEVER
    }
    return n
  })

const DATE_FORMS = 'YYYY-MM-DD (such as 2026-11-14) or an ISO 8601 date-time (such as 2026-11-14T00:00:00Z)'

const dateInput = z.string().transform((v, ctx) => {
  if (v === '') return undefined
  if (parseDate(v) === undefined) {
    ctx.addIssue(`must be ${DATE_FORMS}; got ${shown(v)}`)
    return z.NEVER
  }
  return v
})

/**
 * The range sent to the API. The API's own defaults are undocumented, so both ends are always sent:
 * by default the last 7 full UTC days (dateTo, exclusive, is today).
 */
export function analyticsRange(dateFrom: string | undefined, dateTo: string | undefined, now: Date): { dateFrom: string; dateTo: string } {
  const today = now.toISOString().slice(0, 10)
  const to = dateTo ?? today
  const from = dateFrom ?? shiftDays(to, -7)
  return { dateFrom: from, dateTo: to }
}

const schema = z.object({
  apiKey: nonEmpty(EMPTY_KEY).refine((v) => /^[\x21-\x7e]+$/.test(v), {
    error: 'contains spaces or characters that cannot be sent in an HTTP header; paste the key exactly as the dashboard shows it'
  }),
  projectId,
  prompt: optionalText,
  jobId: z
    .string()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(pathSegment('the ID of an existing agent job').optional()),
  wait: boolean,
  timeoutMinutes: decimal('minutes', 0, MAX_TIMEOUT_MINUTES, '30 or 0.5'),
  pollIntervalSeconds: decimal('seconds', 0.5, 3600, '10 or 0.5'),
  failOn: z.string().transform((v, ctx) => {
    const words = v
      .split(/[,\n]/)
      .map((w) => w.trim().toLowerCase())
      .filter((w) => w !== '')
    const known: readonly string[] = [...FAIL_ON_WORDS, 'alert']
    const unknown = words.filter((w) => !known.includes(w))
    if (unknown.length > 0) {
      ctx.addIssue(
        `takes a comma-separated list of ${known.join(', ')}; ${unknown.map(shown).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not one of them`
      )
      return z.NEVER
    }
    return { job: new Set(words.filter((w) => w !== 'alert') as FailOn[]), alert: words.includes('alert') }
  }),
  alerts: z.string().transform((v, ctx) => {
    const { rules, problems } = parseAlertRules(v)
    for (const problem of problems) ctx.addIssue(problem)
    return problems.length > 0 ? z.NEVER : rules
  }),
  baseUrl: z.string().transform((v, ctx) => {
    const url = URL.canParse(v) ? new URL(v) : undefined
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || url.password) {
      ctx.addIssue(`must be an http(s) origin such as ${INPUT_DEFAULTS.baseUrl}, without query, fragment or credentials; got ${shown(v)}`)
      return z.NEVER
    }
    if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
      ctx.addIssue(
        `must use https: plain http would send the API key across the network unencrypted, so it is allowed only for this machine ` +
          `(localhost, 127.0.0.1 or [::1]), such as a local emulator; got ${shown(v)}`
      )
      return z.NEVER
    }
    return url.href.replace(/\/+$/, '')
  }),
  analytics: z.string().transform((v, ctx) => {
    const words = v
      .split(/[,\n]/)
      .map((w) => w.trim().toLowerCase())
      .filter((w) => w !== '')
    if (words.length === 1 && (words[0] === 'false' || words[0] === 'true')) return words[0] === 'true' ? ['visitors' as const] : []
    const unknown = words.filter((w) => w !== 'all' && !(SECTION_NAMES as readonly string[]).includes(w))
    if (words.length === 0 || unknown.length > 0) {
      ctx.addIssue(
        `takes false, true (visitors only), all, or a comma-separated list of ${SECTION_NAMES.join(', ')}; ` +
          (unknown.length > 0
            ? `${unknown.map(shown).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not one of them`
            : 'got an empty list')
      )
      return z.NEVER
    }
    if (words.includes('all')) return [...SECTION_NAMES]
    return SECTION_NAMES.filter((section) => words.includes(section))
  }),
  dateFrom: dateInput,
  dateTo: dateInput,
  topPages: integer(1, 1000, 'pages listed in the summary table'),
  maxRequests: integer(1, 1000, 'analytics requests one run may make; analytics share 100 requests per organization per hour'),
  maxPages: z
    .string()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(integer(1, 1000, 'deprecated: use maxRequests').optional()),
  compare: z.string().transform((v, ctx) => {
    const word = v.toLowerCase()
    if (word === 'previous' || word === 'none') return word === 'previous'
    ctx.addIssue(`must be previous (compare with the period of the same length just before) or none, not ${shown(v)}`)
    return z.NEVER
  }),
  readerText: z.string().transform((v, ctx) => {
    const word = v.toLowerCase()
    if ((READER_TEXT_WORDS as readonly string[]).includes(word)) return word as ReaderTextSetting
    ctx.addIssue(`must be auto (show the text readers typed only in a private repository), show or hide, not ${shown(v)}`)
    return z.NEVER
  }),
  comment: boolean,
  dashboard: boolean,
  dashboardTitle: z.string().refine((v) => v.length <= 200 && !/[\r\n]/.test(v), {
    error: (issue) => `must be one line of at most 200 characters, the title of the dashboard issue; got ${shown(String(issue.input))}`
  }),
  githubToken: z.string(),
  context: z.string().transform((v, ctx) => {
    const word = v.toLowerCase()
    if (word === 'none' || word === 'change') return word === 'change'
    ctx.addIssue(`must be none (send the prompt alone) or change (append the change that triggered the run), not ${shown(v)}`)
    return z.NEVER
  }),
  contextBytes: integer(MIN_CONTEXT_BYTES, 500_000, 'bytes of the change appended to the prompt'),
  check: boolean,
  command: z.string().refine((v) => /^[^\s]{1,50}$/.test(v), {
    error: (issue) =>
      `must be one word of at most 50 characters, such as /docs, that starts a follow-up comment; got ${shown(String(issue.input))}`
  })
})

/**
 * Reads every input through `get` (core.getInput in the action) and validates them together.
 * Throws one InputError that names each bad input and what it allows; never shows the key.
 */
export function readInputs(get: (name: string) => string, now: Date = new Date(), eventName = ''): Inputs {
  const given = new Set<string>()
  const raw = Object.fromEntries(
    INPUT_NAMES.map((name) => {
      const value = get(name).trim()
      if (value !== '') given.add(name)
      const fallback = (INPUT_DEFAULTS as Record<string, string>)[name]
      return [name, value === '' && fallback !== undefined ? fallback : value]
    })
  ) as Record<InputName, string>

  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    throw new InputError(parsed.error.issues.map((issue) => ({ input: String(issue.path[0]), message: issue.message })))
  }
  const v = parsed.data
  // Run on a comment with nothing else to do, the action reads a follow-up command from the comment.
  const followUp = v.prompt === undefined && v.jobId === undefined && eventName === 'issue_comment'
  if (v.prompt === undefined && v.jobId === undefined && v.analytics.length === 0 && !v.dashboard && !followUp) {
    throw new InputError([
      {
        message:
          'Nothing to do: set `prompt` to create an agent job, `jobId` to watch an existing one (with `prompt`, to send it a follow-up), ' +
          '`analytics` (`true`, `all`, or a list of sections) to export docs analytics, or `dashboard: true` to keep the docs health issue.'
      }
    ])
  }
  // A rule over a section the run does not read would never fire: said now, not discovered later.
  const unread = v.alerts.filter((rule) => !v.analytics.includes(HEADLINE_SECTIONS[rule.key]))
  if (unread.length > 0) {
    throw new InputError(
      unread.map((rule) => ({
        input: 'alerts',
        message: `rule "${rule.text}" is over ${rule.key}, which the ${HEADLINE_SECTIONS[rule.key]} section gives; add ${HEADLINE_SECTIONS[rule.key]} to \`analytics\`, or drop the rule`
      }))
    )
  }
  // A per-cent rule needs the earlier value: one that can never have it would never fire.
  const uncompared = v.alerts.filter((rule) => rule.percent && (!v.compare || UNCOMPARED_HEADLINES.has(rule.key)))
  if (uncompared.length > 0) {
    throw new InputError(
      uncompared.map((rule) => ({
        input: 'alerts',
        message: v.compare
          ? `rule "${rule.text}" compares ${rule.key} with the period before, which the report never reads (it would take every page of that period); use a number, such as ${rule.key} > 30`
          : `rule "${rule.text}" compares with the period before, but \`compare\` is none; set compare: previous, or use a number`
      }))
    )
  }
  if (v.failOn.alert && v.alerts.length === 0) {
    throw new InputError([
      { input: 'failOn', message: 'includes alert, but `alerts` holds no rule; add rules such as `visitorsHuman < -20%`, or drop alert' }
    ])
  }
  if (v.dashboard && v.githubToken === '') {
    throw new InputError([
      {
        input: 'githubToken',
        message:
          'is empty, and `dashboard: true` needs it to keep the docs health issue: pass `${{ github.token }}` and give the job `issues: write` ' +
          '(and `pull-requests: read`, to see whether a fix was merged)'
      }
    ])
  }
  const githubProblems: { input: string; message: string }[] = []
  const needsToken = [
    v.context && '`context: change` (to read the change)',
    v.check && '`check: true` (to write the check run)',
    followUp && 'a follow-up from a comment (to read the thread and answer in it)'
  ].filter((why) => typeof why === 'string')
  if (needsToken.length > 0 && v.githubToken === '') {
    githubProblems.push({
      input: 'githubToken',
      message: `is empty, and ${needsToken.join(' and ')} needs it: pass \`\${{ github.token }}\``
    })
  }
  if (v.context && v.prompt === undefined) {
    githubProblems.push({
      input: 'context',
      message: 'is change, which is appended to `prompt`; set `prompt` to say what the agent should do with the change'
    })
  }
  if (v.context && !isChangeEvent(eventName)) {
    githubProblems.push({
      input: 'context',
      message: `is change, but this run was triggered by ${shown(eventName || 'no event')}; the change is read for ${CHANGE_EVENTS.join(', ')} events`
    })
  }
  if (githubProblems.length > 0) throw new InputError(githubProblems)
  let analytics: AnalyticsInputs | undefined
  const warnings: string[] = []
  if (v.analytics.length > 0) {
    const range = analyticsRange(v.dateFrom, v.dateTo, now)
    // The default dateFrom of a dateTo in the first week of year 0000 is no date at all.
    if (parseDate(range.dateFrom) === undefined) {
      throw new InputError([
        { input: 'dateTo', message: `(${range.dateTo}) is too early for the default range of 7 days before it; set \`dateFrom\`` }
      ])
    }
    if ((parseDate(range.dateFrom) as number) >= (parseDate(range.dateTo) as number)) {
      throw new InputError([
        {
          input: 'dateFrom',
          message:
            `(${range.dateFrom}) must be before \`dateTo\` (${range.dateTo}), which is exclusive; ` +
            `each takes ${DATE_FORMS}. With only dateFrom, dateTo is today (UTC); with only dateTo, dateFrom is 7 days before it.`
        }
      ])
    }
    // maxPages, deprecated, still counts when maxRequests is not set.
    const maxRequests = given.has('maxRequests') ? v.maxRequests : (v.maxPages ?? v.maxRequests)
    // Every section's first read is reserved before any request (analytics/plan.ts): a budget that
    // cannot hold them would leave a section unread however the run went.
    if (maxRequests < v.analytics.length) {
      const sections = v.analytics.length
      throw new InputError([
        {
          input: given.has('maxRequests') || v.maxPages === undefined ? 'maxRequests' : 'maxPages',
          message:
            `(${maxRequests}) is below ${sections}, one request for the first page of each section in \`analytics\` (${v.analytics.join(', ')}); ` +
            `set it to at least ${sections}, or ask for fewer sections`
        }
      ])
    }
    analytics = { ...range, topPages: v.topPages, maxRequests, compare: v.compare, sections: v.analytics, readerText: v.readerText }
  }
  if (v.maxPages !== undefined) {
    warnings.push(
      !given.has('maxRequests')
        ? `maxPages is deprecated; use maxRequests (the most analytics requests one run may make), which now takes its value (${v.maxPages}).`
        : 'maxPages is deprecated and ignored, since maxRequests is set; remove maxPages.'
    )
  }
  return {
    apiKey: v.apiKey,
    projectId: v.projectId,
    prompt: v.prompt,
    jobId: v.jobId,
    wait: v.wait,
    timeoutMs: Math.round(v.timeoutMinutes * 60_000),
    pollIntervalMs: Math.round(v.pollIntervalSeconds * 1000),
    failOn: v.failOn.job,
    failOnAlert: v.failOn.alert,
    alerts: v.alerts,
    baseUrl: v.baseUrl,
    analytics,
    comment: v.comment ? { token: v.githubToken } : undefined,
    dashboard: v.dashboard
      ? { token: v.githubToken, title: v.dashboardTitle === '' ? INPUT_DEFAULTS.dashboardTitle : v.dashboardTitle }
      : undefined,
    changeContext: v.context ? { maxBytes: v.contextBytes } : undefined,
    check: v.check,
    followUp,
    command: v.command,
    githubToken: v.githubToken,
    warnings
  }
}
