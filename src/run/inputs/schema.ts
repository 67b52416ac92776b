// What each of the action's inputs is, on its own: its zod schema, its default, and the words its
// messages use. The checks of inputs together are in checks.ts, the warnings about inputs a run
// ignores in warnings.ts, and ../inputs.ts reads them all.
import { isIPv4 } from 'node:net'
import { z } from 'zod'
import { FAIL_ON_WORDS, type FailOn } from '../../agent/outcome.js'
import { MAX_ANALYTICS_REQUESTS as MAX_REQUESTS } from '../../analytics/budget.js'
import { MIN_CONTEXT_BYTES } from '../../change/context.js'
import { parseAlertRules } from '../../render/alerts.js'
import { isDateOnly, parseDate, shiftDays } from '../../text/dates.js'
import { didYouMean, nearMiss } from '../../text/near-miss.js'
import { SECTION_NAMES } from '../../core/catalog.js'

export const READER_TEXT_WORDS = ['auto', 'show', 'hide'] as const
export type ReaderTextSetting = (typeof READER_TEXT_WORDS)[number]

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
  healthIssue: 'false',
  healthIssueTitle: 'Docs health',
  context: 'none',
  contextBytes: '24000',
  check: 'false',
  command: '/docs'
} as const

/**
 * Inputs renamed, each old name with the name that replaced it. An old name is still read, with a
 * warning, until the next major version: the docs health issue was once called a dashboard, a word
 * that also means Mintlify's web dashboard.
 */
export const RENAMED_INPUTS = { dashboard: 'healthIssue', dashboardTitle: 'healthIssueTitle' } as const
export type RenamedInput = keyof typeof RENAMED_INPUTS
/** The major version in which the old names of RENAMED_INPUTS stop being read. */
export const RENAMED_UNTIL = 'v2'

export const INPUT_NAMES = [
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
export type InputName = (typeof INPUT_NAMES)[number]

const MAX_TIMEOUT_MINUTES = 7200 // five days, the longest a self-hosted runner job may last

export function shown(value: string): string {
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

export const DATE_FORMS = 'YYYY-MM-DD (such as 2026-11-14) or an ISO 8601 date-time (such as 2026-11-14T00:00:00Z)'

const dateInput = z.string().transform((v, ctx) => {
  if (v === '') return undefined
  if (parseDate(v) === undefined) {
    ctx.addIssue(`must be ${DATE_FORMS}; got ${shown(v)}`)
    return z.NEVER
  }
  return v
})

/** A range as the run reads it: both ends as sent to the API, and the dateTo asked for when it is cut. */
export interface AnalyticsRange {
  /** Sent as the API's dateFrom (inclusive). */
  dateFrom: string
  /** Sent as the API's dateTo (exclusive). */
  dateTo: string
  /** The dateTo asked for, when it is after today and the range is cut to today: a partial period. */
  cutFrom?: string
}

/**
 * The end of what has passed at `now`, in the form of `dateTo`: today (UTC), exclusive, for a date,
 * the instant itself for a date-time.
 */
export function passedEnd(dateTo: string, now: Date): string {
  return isDateOnly(dateTo) ? now.toISOString().slice(0, 10) : now.toISOString()
}

/**
 * The range sent to the API. The API's own defaults are undocumented, so both ends are always sent:
 * by default the last 7 full UTC days (dateTo, exclusive, is today). A dateTo after what has passed
 * is cut to it (today, for a date): the days to come hold nothing yet.
 */
export function analyticsRange(dateFrom: string | undefined, dateTo: string | undefined, now: Date): AnalyticsRange {
  const today = now.toISOString().slice(0, 10)
  const to = dateTo ?? today
  const from = dateFrom ?? shiftDays(to, -7)
  const end = passedEnd(to, now)
  if ((parseDate(to) as number) > (parseDate(end) as number)) return { dateFrom: from, dateTo: end, cutFrom: to }
  return { dateFrom: from, dateTo: to }
}

export const schema = z.object({
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
  healthIssue: boolean,
  healthIssueTitle: z.string().refine((v) => v.length <= 200 && !/[\r\n]/.test(v), {
    error: (issue) => `must be one line of at most 200 characters, the title of the docs health issue; got ${shown(String(issue.input))}`
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

export type Parsed = z.output<typeof schema>
export type Field = keyof Parsed
