// The action's inputs, read once and validated into one typed object before any request is made.
import { isIPv4 } from 'node:net'
import { z } from 'zod'
import { FAIL_ON_WORDS, type FailOn } from '../agent/outcome.js'
import { MAX_ANALYTICS_REQUESTS as MAX_REQUESTS } from '../analytics/budget.js'
import { firstReads, plannedReads } from '../analytics/plan.js'
import { CHANGE_EVENTS, isChangeEvent } from '../change/change.js'
import { MIN_CONTEXT_BYTES } from '../change/context.js'
import { InputError, type InputProblem } from '../core/input-error.js'
import { type AlertRule, parseAlertRules } from '../render/alerts.js'
import { parseDate, shiftDays } from '../text/dates.js'
import { didYouMean, nearMiss } from '../text/near-miss.js'
import { HEADLINE_SECTIONS, SECTION_NAMES, type SectionName, UNCOMPARED_HEADLINES } from '../core/sections.js'
import { SECTIONS } from './sections.js'

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
  healthIssue?: { token: string; title: string }
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
  /** Warnings about the inputs that do not stop the run: each input given a value that the run ignores. */
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

/** Defaults as action.yml declares them (every input that has one); applied here too, for runs outside the runner. */
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
  'alerts',
  ...Object.keys(INPUT_DEFAULTS)
] as const
type InputName = (typeof INPUT_NAMES)[number]

const MAX_TIMEOUT_MINUTES = 7200 // five days, the longest a self-hosted runner job may last

function shown(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 59)}…` : value)
}

/** Unknown words of a list quoted in a message, and looked at for a near miss: a long list costs no more. */
const MAX_UNKNOWN_SHOWN = 10

/** `"x" is not one of them`, `"x", "y" are not one of them`, with the near miss of each word that has one. */
function notOneOf(unknown: readonly string[], known: readonly string[]): string {
  const first = unknown.slice(0, MAX_UNKNOWN_SHOWN)
  const more = unknown.length - first.length
  const said = `${first.map(shown).join(', ')}${more > 0 ? ` and ${more} more` : ''} ${unknown.length === 1 ? 'is' : 'are'} not one of them`
  const [only] = unknown
  if (unknown.length === 1 && only !== undefined) return said + didYouMean(only, known)
  const meant = first.flatMap((word) => {
    const near = nearMiss(word, known)
    return near === undefined ? [] : [`${near} for ${shown(word)}`]
  })
  return meant.length > 0 ? `${said}; did you mean ${meant.join(', ')}?` : said
}

/** The words of a comma- or newline-separated list, trimmed, in lower case, blanks left out. */
function listWords(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w !== '')
}

// `abort`: an empty value gets only this message, not also those of the checks that follow.
const nonEmpty = (error: string) => z.string().min(1, { error, abort: true })
const required = (what: string) => nonEmpty(`is required: ${what}`)

/** `.`, `..` and control characters would change the URL the value is a segment of. */
// eslint-disable-next-line no-control-regex -- a path segment must not hold control characters
const isPathSegment = (v: string): boolean => !/^\.+$/.test(v) && !/[\u0000-\u001f\u007f]/.test(v)

const pathSegment = (what: string) =>
  required(what).refine(isPathSegment, { error: (issue) => `must be ${what}, not ${shown(String(issue.input))}` })

/** A host on this machine: localhost, 127.0.0.0/8 (URL writes IPv4 addresses in full) or [::1]. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || (isIPv4(hostname) && hostname.startsWith('127.')) || hostname === '[::1]'
}

const PROJECT_ID = 'the project ID shown on the API keys page of the dashboard'

const EMPTY_PROJECT_ID =
  `is empty: set it to ${PROJECT_ID}. The README's workflows pass \`\${{ vars.MINTLIFY_PROJECT_ID }}\`, which is empty until the ` +
  'variable exists: create it in Settings → Secrets and variables → Actions → Variables of the repository (or organization), ' +
  'or with `gh variable set MINTLIFY_PROJECT_ID --body "<project ID>"`'

/** What is wrong with a project ID, if anything; the commonest mistakes (a repository name, a URL, spaces) by name. */
function projectIdProblem(v: string): string | undefined {
  if (v.includes('/')) return `must be ${PROJECT_ID}, not ${v.includes('://') ? 'a URL' : 'a repository name'} like ${shown(v)}`
  if (!isPathSegment(v)) return `must be ${PROJECT_ID}, not ${shown(v)}`
  if (/\s/.test(v)) return `must be ${PROJECT_ID}; ${shown(v)} holds spaces, and a project ID has none`
  return undefined
}

const projectId = nonEmpty(EMPTY_PROJECT_ID).refine((v) => projectIdProblem(v) === undefined, {
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
  ctx.addIssue(`must be true or false, not ${shown(v)}${didYouMean(v, ['true', 'false'])}`)
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
    const words = listWords(v)
    const known: readonly string[] = [...FAIL_ON_WORDS, 'alert']
    const unknown = words.filter((w) => !known.includes(w))
    if (unknown.length > 0) {
      ctx.addIssue(`takes a comma-separated list of ${known.join(', ')}; ${notOneOf(unknown, known)}`)
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
    const words = listWords(v)
    // Alone, true reads every section, as all does, and false none.
    if (words.length === 1 && (words[0] === 'false' || words[0] === 'true')) return words[0] === 'true' ? [...SECTION_NAMES] : []
    const known: readonly string[] = [...SECTION_NAMES, 'all']
    const unknown = words.filter((w) => !known.includes(w))
    if (words.length === 0 || unknown.length > 0) {
      ctx.addIssue(
        `takes all (or true) for every section, false for none, or a comma-separated list of ${SECTION_NAMES.join(', ')}; ` +
          // true and false stand only alone: a near miss of either is suggested only for a word alone.
          (unknown.length > 0 ? notOneOf(unknown, words.length === 1 ? [...known, 'true', 'false'] : known) : 'got an empty list')
      )
      return z.NEVER
    }
    if (words.includes('all')) return [...SECTION_NAMES]
    return SECTION_NAMES.filter((section) => words.includes(section))
  }),
  dateFrom: dateInput,
  dateTo: dateInput,
  topPages: integer(1, 1000, 'pages listed in the summary table'),
  maxRequests: integer(
    1,
    MAX_REQUESTS,
    `analytics requests one run may make; analytics allow ${MAX_REQUESTS} requests per organization per hour`
  ),
  compare: z.string().transform((v, ctx) => {
    const word = v.toLowerCase()
    if (word === 'previous' || word === 'none') return word === 'previous'
    ctx.addIssue(
      `must be previous (compare with the period of the same length just before) or none, not ${shown(v)}${didYouMean(v, ['previous', 'none'])}`
    )
    return z.NEVER
  }),
  readerText: z.string().transform((v, ctx) => {
    const word = v.toLowerCase()
    if ((READER_TEXT_WORDS as readonly string[]).includes(word)) return word as ReaderTextSetting
    ctx.addIssue(
      `must be auto (show the text readers typed only in a private repository), show or hide, not ${shown(v)}${didYouMean(v, READER_TEXT_WORDS)}`
    )
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
    ctx.addIssue(
      `must be none (send the prompt alone) or change (append the change that triggered the run), not ${shown(v)}${didYouMean(v, ['none', 'change'])}`
    )
    return z.NEVER
  }),
  contextBytes: integer(MIN_CONTEXT_BYTES, 500_000, 'bytes of the change appended to the prompt'),
  check: boolean,
  command: z.string().refine((v) => /^[^\s]{1,50}$/.test(v), {
    error: (issue) =>
      `must be one word of at most 50 characters, such as /docs, that starts a follow-up comment; got ${shown(String(issue.input))}`
  })
})

type Parsed = z.output<typeof schema>
type Field = keyof Parsed

/** What the checks of inputs together see. */
interface Read {
  /**
   * The values of `names` when each is valid on its own, else undefined: a check over an input that
   * is already reported says nothing more of it.
   */
  valid<K extends Field>(...names: K[]): Pick<Parsed, K> | undefined
  /** Inputs given a value other than their default (a default is never told from no value: the runner passes it). */
  given: ReadonlySet<string>
  now: Date
  /** The event that started the run (GITHUB_EVENT_NAME); '' outside a workflow. */
  eventName: string
}

/** Run on a comment with neither prompt nor jobId, the action reads a follow-up command from the comment. */
function followUpAsked(v: Pick<Parsed, 'prompt' | 'jobId'>, eventName: string): boolean {
  return v.prompt === undefined && v.jobId === undefined && eventName === 'issue_comment'
}

/** A check of inputs together: the problems it finds, none when it holds or cannot be judged. */
type Check = (read: Read) => InputProblem[]

/**
 * Whether the run reads analytics: `analytics` names a section, or holds a mistake (whose sections
 * are then unknown, but which shows analytics were asked for).
 */
function asksForAnalytics(read: Read): boolean {
  const v = read.valid('analytics')
  return v === undefined || v.analytics.length > 0
}

const nothingToDo: Check = (read) => {
  const v = read.valid('prompt', 'jobId', 'analytics', 'dashboard')
  if (!v || v.prompt !== undefined || v.jobId !== undefined || v.analytics.length > 0 || v.dashboard) return []
  if (followUpAsked(v, read.eventName)) return []
  return [
    {
      message:
        'Nothing to do: set `prompt` to create an agent job, `jobId` to watch an existing one (with `prompt`, to send it a follow-up), ' +
        '`analytics` (`all`, or a list of sections) to export docs analytics, or `dashboard: true` to keep the docs health issue.'
    }
  ]
}

// A rule over a section the run does not read would never fire: said now, not discovered later.
const alertsOverUnreadSections: Check = (read) => {
  const v = read.valid('alerts', 'analytics')
  if (!v) return []
  return v.alerts
    .filter((rule) => !v.analytics.includes(HEADLINE_SECTIONS[rule.key]))
    .map((rule) => ({
      input: 'alerts',
      message: `rule "${rule.text}" is over ${rule.key}, which the ${HEADLINE_SECTIONS[rule.key]} section gives; add ${HEADLINE_SECTIONS[rule.key]} to \`analytics\`, or drop the rule`
    }))
}

// A per-cent rule needs the earlier value: one that can never have it would never fire. A rule over
// a section not read is already reported above.
const perCentRulesWithoutComparison: Check = (read) => {
  const v = read.valid('alerts', 'analytics', 'compare')
  if (!v) return []
  return v.alerts
    .filter((rule) => v.analytics.includes(HEADLINE_SECTIONS[rule.key]))
    .filter((rule) => rule.percent && (!v.compare || UNCOMPARED_HEADLINES.has(rule.key)))
    .map((rule) => ({
      input: 'alerts',
      message: v.compare
        ? `rule "${rule.text}" compares ${rule.key} with the period before, which the report never reads (it would take every page of that period); use a number, such as ${rule.key} > 30`
        : `rule "${rule.text}" compares with the period before, but \`compare\` is none; set compare: previous, or use a number`
    }))
}

const failOnAlertWithoutRules: Check = (read) => {
  const v = read.valid('failOn', 'alerts')
  if (!v?.failOn.alert || v.alerts.length > 0) return []
  return [
    { input: 'failOn', message: 'includes alert, but `alerts` holds no rule; add rules such as `visitorsHuman < -20%`, or drop alert' }
  ]
}

const healthIssueWithoutToken: Check = (read) => {
  const v = read.valid('dashboard', 'githubToken')
  if (!v?.dashboard || v.githubToken !== '') return []
  return [
    {
      input: 'githubToken',
      message:
        'is empty, and `dashboard: true` needs it to keep the docs health issue: pass `${{ github.token }}` and give the job `issues: write` ' +
        '(and `pull-requests: read`, to see whether a fix was merged)'
    }
  ]
}

// Judged whenever analytics are asked for, even with a mistake in `analytics`: the range does not
// depend on the sections.
const dateRange: Check = (read) => {
  const v = read.valid('dateFrom', 'dateTo')
  if (!v || !asksForAnalytics(read)) return []
  const range = analyticsRange(v.dateFrom, v.dateTo, read.now)
  // The default dateFrom of a dateTo in the first week of year 0000 is no date at all.
  if (parseDate(range.dateFrom) === undefined) {
    return [{ input: 'dateTo', message: `(${range.dateTo}) is too early for the default range of 7 days before it; set \`dateFrom\`` }]
  }
  if ((parseDate(range.dateFrom) as number) < (parseDate(range.dateTo) as number)) return []
  return [
    {
      input: 'dateFrom',
      message:
        `(${range.dateFrom}) must be before \`dateTo\` (${range.dateTo}), which is exclusive; ` +
        `each takes ${DATE_FORMS}. With only dateFrom, dateTo is today (UTC); with only dateTo, dateFrom is 7 days before it.`
    }
  ]
}

// Every section's first read is reserved before any request (analytics/plan.ts): a budget that
// cannot hold them would leave a section unread however the run went.
const budgetBelowFirstReads: Check = (read) => {
  const v = read.valid('analytics', 'maxRequests')
  if (!v || v.analytics.length === 0) return []
  const entries = v.analytics.map((name) => SECTIONS[name])
  const least = firstReads(entries).length
  if (v.maxRequests >= least) return []
  const compare = read.valid('compare')?.compare ?? true
  const whole = plannedReads(entries, compare).length
  return [
    {
      input: 'maxRequests',
      message:
        `(${v.maxRequests}) is below ${least}, one request for the first read of each section in \`analytics\` (${v.analytics.join(', ')}); ` +
        `set it to at least ${least} (${whole} gives every section its first page${compare ? ', its other single reads and the comparisons' : ' and its other single reads'}), ` +
        'or ask for fewer sections'
    }
  ]
}

// The change, the check run and the follow-up are read and written with the workflow's token.
const githubWithoutToken: Check = (read) => {
  const v = read.valid('context', 'check', 'githubToken', 'prompt', 'jobId')
  if (v?.githubToken !== '') return []
  const needs = [
    v.context && '`context: change` (to read the change)',
    v.check && (v.prompt !== undefined || v.jobId !== undefined) && '`check: true` (to write the check run)',
    followUpAsked(v, read.eventName) && 'a follow-up from a comment (to read the thread and answer in it)'
  ].filter((why) => typeof why === 'string')
  if (needs.length === 0) return []
  return [{ input: 'githubToken', message: `is empty, and ${needs.join(' and ')} needs it: pass \`\${{ github.token }}\`` }]
}

// The change goes after the prompt, and only some events have one.
const contextWithoutChange: Check = (read) => {
  const v = read.valid('context', 'prompt')
  if (!v?.context) return []
  const problems: InputProblem[] = []
  if (v.prompt === undefined) {
    problems.push({
      input: 'context',
      message: 'is change, which is sent after `prompt`; set `prompt` to say what the agent should do with the change'
    })
  }
  if (!isChangeEvent(read.eventName)) {
    problems.push({
      input: 'context',
      message: `is change, but this run was triggered by ${shown(read.eventName || 'no event')}; the change is read for ${CHANGE_EVENTS.join(', ')} events`
    })
  }
  return problems
}

/** The checks of inputs together, each independent of the others, in the order their problems are listed. */
const CHECKS: readonly Check[] = [
  githubWithoutToken,
  contextWithoutChange,
  nothingToDo,
  alertsOverUnreadSections,
  perCentRulesWithoutComparison,
  failOnAlertWithoutRules,
  healthIssueWithoutToken,
  dateRange,
  budgetBelowFirstReads
]

/** Inputs that only the analytics use. `alerts` is not here: a rule without analytics is an input error. */
const ANALYTICS_ONLY = ['dateFrom', 'dateTo', 'topPages', 'maxRequests', 'compare', 'readerText'] as const

/** The warning for an input given a value that the run ignores: why, and what to do about it. */
function ignored(input: string, why: string, remedy: string): string {
  return `${input} is ignored: ${why}; ${remedy}.`
}

/**
 * A warning for each input given a value that the run will ignore. Inputs at their default are never
 * named, nor is timeoutMinutes, which bounds the whole run.
 */
function ignoredInputs(read: Read): string[] {
  const warnings: string[] = []
  if (read.valid('analytics')?.analytics.length === 0) {
    for (const input of ANALYTICS_ONLY.filter((name) => read.given.has(name))) {
      warnings.push(
        ignored(
          input,
          'only the analytics use it, and analytics is false',
          `set analytics (all, or a list of sections), or remove ${input}`
        )
      )
    }
  }
  const job = read.valid('prompt', 'jobId', 'dashboard')
  const noJob = 'neither prompt nor jobId is set'
  // Without prompt or jobId, a job is created only from the gaps a person ticks in the dashboard.
  if (job && job.prompt === undefined && job.jobId === undefined) {
    if (!job.dashboard) {
      for (const input of (['wait', 'pollIntervalSeconds'] as const).filter((name) => read.given.has(name))) {
        warnings.push(ignored(input, `only an agent job uses it, and ${noJob}`, `set one, or remove ${input}`))
      }
      const ends = read.given.has('failOn') ? [...(read.valid('failOn')?.failOn.job ?? [])] : []
      if (ends.length > 0) {
        const words = `failOn's ${ends.join(', ')}`
        warnings.push(
          ends.length === 1
            ? ignored(words, `only an agent job ends that way, and ${noJob}`, 'set one, or remove it from failOn')
            : `${words} are ignored: only an agent job ends those ways, and ${noJob}; set one, or remove them from failOn.`
        )
      }
    }
    if (read.given.has('comment')) warnings.push(ignored('comment', `it follows the agent job, and ${noJob}`, 'set one, or remove comment'))
  }
  if (read.given.has('contextBytes') && read.valid('context')?.context === false) {
    warnings.push(
      ignored(
        'contextBytes',
        'it bounds the change sent with the prompt, and context is none',
        'set context: change, or remove contextBytes'
      )
    )
  }
  if (read.given.has('check') && job && job.prompt === undefined && job.jobId === undefined && !followUpAsked(job, read.eventName)) {
    warnings.push(ignored('check', `it records the agent job, and ${noJob}`, 'set one, or remove check'))
  }
  if (read.given.has('dashboardTitle') && read.valid('dashboard')?.dashboard === false) {
    warnings.push(
      ignored('dashboardTitle', 'it names the docs health issue, and dashboard is false', 'set dashboard: true, or remove dashboardTitle')
    )
  }
  return warnings
}

/** An input of the step's `with:` that this action does not have, as written, and the input it is near. */
interface Misnamed {
  written: string
  near: InputName
}

/**
 * The inputs of the step's `with:` that this action does not have and that are near one it has (the
 * runner passes each as an INPUT_ variable, named in capitals, and itself warns of names it does not
 * know, without a suggestion).
 */
function misnamed(env: Readonly<Record<string, string | undefined>>): Misnamed[] {
  const known = new Set(INPUT_NAMES.map((name) => `INPUT_${name.toUpperCase()}`))
  return Object.keys(env)
    .filter((variable) => variable.startsWith('INPUT_') && !known.has(variable))
    .flatMap((variable) => {
      const written = variable.slice('INPUT_'.length).toLowerCase()
      const near = nearMiss(written, INPUT_NAMES)
      return near === undefined ? [] : [{ written, near }]
    })
}

/** A warning for each input of the step's `with:` that this action does not have and that is near one it has. */
export function misnamedInputs(env: Readonly<Record<string, string | undefined>>): string[] {
  return misnamed(env).map(({ written, near }) => `${written} is not an input of this action, and is ignored; did you mean ${near}?`)
}

/** The inputs whose absence makes "Nothing to do": a near miss of one of them is what was meant. */
const WORK_INPUTS: readonly string[] = ['prompt', 'jobId', 'analytics', 'dashboard']

/**
 * The problems with a near miss of each input at fault said first: `projectId` is required when
 * `project_id` was written, and "Nothing to do" when `promt` was. A near miss of an input without a
 * problem stays a warning.
 */
function nearMissesFirst(problems: readonly InputProblem[], written: readonly Misnamed[]): InputProblem[] {
  const atFault = new Set(problems.map((p) => p.input))
  const meant = written
    .filter(({ near }) => atFault.has(near) || (atFault.has(undefined) && WORK_INPUTS.includes(near)))
    .map(({ written, near }) => ({
      input: near,
      message: `is not set, but \`${written}\` is, which is not an input of this action: did you mean ${near}?`
    }))
  return [...meant, ...problems]
}

/**
 * Reads every input through `get` (core.getInput in the action) and validates them together: each
 * input on its own, then the checks of inputs together that the inputs they judge passed. Throws one
 * InputError that names every problem found and what each input allows, a near miss in `env`'s
 * INPUT_ variables of an input at fault first; never shows the key.
 */
export function readInputs(
  get: (name: string) => string,
  now: Date = new Date(),
  eventName = '',
  env: Readonly<Record<string, string | undefined>> = {}
): Inputs {
  const given = new Set<string>()
  const raw = Object.fromEntries(
    INPUT_NAMES.map((name) => {
      const value = get(name).trim()
      const fallback = (INPUT_DEFAULTS as Record<string, string>)[name]
      // The runner passes action.yml's default as the value of an input not set: only another value tells it was.
      if (value !== '' && value !== fallback) given.add(name)
      return [name, value === '' && fallback !== undefined ? fallback : value]
    })
  ) as Record<InputName, string>

  const values: Partial<Record<Field, unknown>> = {}
  const problems: InputProblem[] = []
  for (const [name, field] of Object.entries(schema.shape) as [Field, z.ZodType][]) {
    const parsed = field.safeParse(raw[name])
    if (parsed.success) values[name] = parsed.data
    else problems.push(...parsed.error.issues.map((issue) => ({ input: name, message: issue.message })))
  }
  const read: Read = {
    valid: (...names) => (names.every((name) => name in values) ? (values as Parsed) : undefined),
    given,
    now,
    eventName
  }
  for (const check of CHECKS) problems.push(...check(read))
  if (problems.length > 0) throw new InputError(nearMissesFirst(problems, misnamed(env)))

  const v = values as Parsed
  const analytics: AnalyticsInputs | undefined =
    v.analytics.length > 0
      ? {
          ...analyticsRange(v.dateFrom, v.dateTo, now),
          topPages: v.topPages,
          maxRequests: v.maxRequests,
          compare: v.compare,
          sections: v.analytics,
          readerText: v.readerText
        }
      : undefined
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
    healthIssue: v.dashboard
      ? { token: v.githubToken, title: v.dashboardTitle === '' ? INPUT_DEFAULTS.dashboardTitle : v.dashboardTitle }
      : undefined,
    changeContext: v.context ? { maxBytes: v.contextBytes } : undefined,
    check: v.check,
    followUp: followUpAsked(v, eventName),
    command: v.command,
    githubToken: v.githubToken,
    warnings: ignoredInputs(read)
  }
}
